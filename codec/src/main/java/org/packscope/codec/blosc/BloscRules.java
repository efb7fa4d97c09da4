package org.packscope.codec.blosc;

import java.util.List;

import org.packscope.codec.format.FormatRules;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;
import org.packscope.codec.inspect.SharedRules;

/** The rules a Blosc 1.x chunk and a bcolz superchunk ('blpk') file are checked against. */
public final class BloscRules implements RuleCatalogue {

    // ---------------------------------------------------------------- chunk header and bstarts
    public static final Rule CHUNK_TRUNCATED = Rule.error("chunk_truncated",
            "fewer than the 16 bytes of a Blosc chunk header are present");
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule UNKNOWN_VERSION = SharedRules.UNKNOWN_VERSION;
    public static final Rule RESERVED_FLAG_SET = Rule.warning("reserved_flag_set",
            "flags bit 3, unused by Blosc 1.x, is set");
    public static final Rule UNKNOWN_COMPFORMAT = Rule.error("unknown_compformat",
            "flags bits 5-7 name a codec Blosc 1.x does not define (5-7), so no stream can be decompressed");
    public static final Rule TYPESIZE_ZERO = Rule.error("typesize_zero",
            "the element size is 0; blocks are read unsplit and unshuffled");
    public static final Rule CBYTES_TOO_SMALL = Rule.error("cbytes_too_small",
            "the chunk's compressed size is smaller than its own 16-byte header");
    public static final Rule CBYTES_CONTRADICTS_STREAMS = Rule.error("cbytes_contradicts_streams",
            "cbytes ends the chunk before its blocks' streams end (the streams, walked in the data present, go further)");
    public static final Rule CBYTES_BEYOND_DATA = Rule.error("cbytes_beyond_data",
            "the chunk claims more compressed bytes than the file or buffer holds");
    public static final Rule NBYTES_TOO_LARGE = Rule.error("nbytes_too_large",
            "the uncompressed size exceeds the largest buffer Blosc accepts");
    public static final Rule MEMCPYED_SIZE_MISMATCH = Rule.error("memcpyed_size_mismatch",
            "a memcpyed chunk's cbytes is not nbytes plus the 16-byte header");
    public static final Rule NBYTES_IMPLAUSIBLE = Rule.error("nbytes_implausible",
            "the uncompressed size is more than the codec could expand the chunk's bytes to; nothing is decoded");
    public static final Rule BLOCKSIZE_ZERO = Rule.error("blocksize_zero",
            "a chunk with data has blocksize 0, so its blocks cannot be located");
    public static final Rule BLOCKSIZE_BEYOND_NBYTES = Rule.error("blocksize_beyond_nbytes",
            "the block size is larger than the whole chunk's uncompressed size");
    public static final Rule BSTARTS_TRUNCATED = Rule.error("bstarts_truncated",
            "the chunk ends inside its table of block starts");
    public static final Rule BSTART_OUT_OF_RANGE = Rule.error("bstart_out_of_range",
            "a block start points outside the chunk's block data");
    public static final Rule BSTARTS_OVERLAP = Rule.error("bstarts_overlap",
            "a block's streams start inside another block's: the two claim the same bytes");

    // ---------------------------------------------------------------- blocks and streams
    public static final Rule BLOCK_UNLOCATABLE = Rule.error("block_unlocatable",
            "a block has no valid entry in the block-start table; it reads as zeros");
    public static final Rule STREAM_SIZE_TRUNCATED = Rule.error("stream_size_truncated",
            "the chunk ends inside the 4-byte compressed size of a block's stream");
    public static final Rule STREAM_OVERRUN = Rule.error("stream_overrun",
            "a stream's compressed size is negative or runs past the end of the chunk");
    public static final Rule STREAM_IMPLAUSIBLE = Rule.error("stream_implausible",
            "a stream is too short for the codec to expand it to the stream's uncompressed size");
    public static final Rule CHUNK_UNDECODABLE = Rule.error("chunk_undecodable",
            "the chunk's header rules out decoding any of its data");
    public static final Rule DECOMPRESS_FAILED = Rule.error("decompress_failed",
            "the codec rejected a stream's compressed bytes");
    public static final Rule DECOMPRESS_SIZE_MISMATCH = Rule.error("decompress_size_mismatch",
            "a stream decompressed to a size other than its share of the block");
    public static final Rule MEMCPYED_TRUNCATED = Rule.error("memcpyed_truncated",
            "the raw data of a memcpyed chunk stops before nbytes; the rest reads as zeros");
    public static final Rule MORE_BLOCKS_FAILED = Rule.error("more_blocks_failed",
            "a summary of block failures beyond those reported one by one");
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule INTERNAL_ERROR = SharedRules.INTERNAL_ERROR;

    // ---------------------------------------------------------------- superchunk ('blpk') files
    public static final Rule BLPK_TRUNCATED = Rule.error("blpk_truncated",
            "the file is shorter than the 16-byte superchunk header");
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule BAD_MAGIC = FormatRules.BAD_MAGIC;
    public static final Rule UNKNOWN_BLPK_VERSION = Rule.warning("unknown_blpk_version",
            "the superchunk's version byte is not the 1 bcolz 1.x writes");
    public static final Rule RESERVED_NONZERO = Rule.warning("reserved_nonzero",
            "the three reserved bytes of the superchunk header are not zero");
    public static final Rule NCHUNKS_INVALID = Rule.warning("nchunks_invalid",
            "the superchunk's chunk count is zero or negative");
    public static final Rule NCHUNKS_NOT_ONE = Rule.warning("nchunks_not_one",
            "the superchunk holds more than the one chunk bcolz 1.x writes");
    public static final Rule CHUNKS_MISSING = Rule.error("chunks_missing",
            "the file ends before all the chunks the superchunk header counts");
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule TRAILING_BYTES = SharedRules.TRAILING_BYTES;

    @Override public String owner() { return "Blosc"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(BloscRules.class); }
}
