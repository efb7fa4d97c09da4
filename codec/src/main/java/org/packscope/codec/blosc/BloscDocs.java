package org.packscope.codec.blosc;

import org.packscope.codec.inspect.FieldDocs;

/**
 * What each field of a Blosc chunk, block and bcolz superchunk node means, why the format
 * has it and the arithmetic it takes part in, keyed by field key. Indexed fields
 * ({@code bstarts[7]}, {@code streams[2].csize}) share their key's text.
 */
public final class BloscDocs {
    private BloscDocs() { }

    private static final String HEADER = "c-blosc README_HEADER.rst, Blosc Header Format";
    private static final String HEADER_TYPES = "c-blosc README_HEADER.rst, Datatypes of the Header Entries";
    static final String BLOCKS = "c-blosc blosc/blosc.c, blosc_d (block and stream layout); fixtures/blosc MANIFEST.json notes";
    static final String SHUFFLE = "c-blosc blosc/shuffle-generic.c and bitshuffle-generic.c";
    private static final String SUPERCHUNK = "bcolz-persistence.rst, The superchunk layout";

    /** Keys of derived fields (no bits of their own) shown beside the ones read. */
    public static final String RATIO = "ratio";
    public static final String NBLOCKS = "nblocks";
    public static final String LEFTOVER = "leftover";
    public static final String DATA = "data";
    public static final String BLOCK_NBYTES = "block.nbytes";
    public static final String STREAMS = "streams";
    public static final String FILTER = "filter";

    /** The one explainer of every Blosc chunk, block and superchunk node. */
    public static final FieldDocs DOCS = FieldDocs.builder()
        // chunk header
        .put(ChunkHeader.VERSION, "First byte of the chunk header: the version of the Blosc container layout. c-blosc 1.x "
                + "writes 2 (1 in very old releases); a reader uses it to know the 16-byte header and bstarts "
                + "table follow. PackScope decodes other values as version 2 and warns.", "", HEADER_TYPES)
        .put(ChunkHeader.VERSIONLZ, "Second byte: the version of the codec's own stream format (for blosclz the blosclz "
                + "format, for the other codecs the wrapper version Blosc gives them). It lets a decoder refuse a "
                + "stream written by a newer codec; it does not change how blocks are laid out.", "", HEADER_TYPES)
        .put(ChunkHeader.FLAGS, "Third byte, a bit field: which filter ran before compression (bits 0 and 2), whether the "
                + "data is stored uncompressed (bit 1), whether blocks are kept whole (bit 4) and which codec "
                + "compressed the streams (bits 5-7). The flag bits below break it down bit by bit.",
                "flags = shuffle | memcpyed<<1 | bitshuffle<<2 | dont_split<<4 | compformat<<5", HEADER_TYPES)
        .put(ChunkHeader.SHUFFLE, "Bit 0: the byte shuffle was applied. Shuffling stores byte 0 of every element, then "
                + "byte 1 of every element, and so on, so that slowly varying high bytes form long runs the "
                + "codec compresses well. It is only undone when typesize > 1 (one-byte elements are left as "
                + "they are) and never for memcpyed chunks.",
                "shuffled[j·n + i] = block[i·typesize + j], n = bsize / typesize", SHUFFLE)
        .put(ChunkHeader.MEMCPYED, "Bit 1: the chunk holds its nbytes right after the 16-byte header, uncompressed, "
                + "with no bstarts and no blocks. Blosc does this when compressing would not save space (or "
                + "clevel is 0). The shuffle bits may still be set but the data is not shuffled.",
                "cbytes = nbytes + 16", HEADER_TYPES)
        .put(ChunkHeader.BITSHUFFLE, "Bit 2: the bit shuffle was applied: bit k of byte j of every element is gathered "
                + "into one bit-row, turning e.g. sign and exponent bits of floats into long runs. It works on "
                + "groups of 8 elements, so a block whose element count is not a multiple of 8 is stored "
                + "unfiltered even with the bit set.",
                "bit (i mod 8) of shuffled byte (8·j + k)·(n/8) + ⌊i/8⌋ = bit k of byte j of element i", SHUFFLE)
        .put(ChunkHeader.RESERVED, "Bit 3: unused by Blosc 1.x and written as 0. A set bit hints at a newer writer or "
                + "corruption; PackScope warns and reads on.", "", HEADER_TYPES)
        .put(ChunkHeader.DONT_SPLIT, "Bit 4: blocks are compressed as one stream each instead of one stream per byte "
                + "position of the element. Splitting helps codecs after a shuffle (each stream is homogeneous); "
                + "newer writers set this bit when they chose not to split.",
                "streams per block = dont_split ? 1 : (typesize ≤ 16 ∧ bsize/typesize ≥ 128 ∧ not leftover ? typesize : 1)", BLOCKS)
        .put(ChunkHeader.COMPFORMAT, "Bits 5-7: the codec every stream of the chunk was compressed with: 0 blosclz, "
                + "1 lz4 (lz4hc writes the same stream format), 2 snappy, 3 zlib, 4 zstd. Codes 5-7 are not "
                + "defined in Blosc 1.x and make the chunk undecodable.", "compformat = flags >> 5", HEADER)
        .put(ChunkHeader.TYPESIZE, "Fourth byte: the element size in bytes. Both filters and the stream split work on this "
                + "unit: a shuffle regroups byte j of each typesize-byte element, a split block gets typesize "
                + "streams. bcolz passes the dtype's itemsize (1 for byte strings, 4 for unicode).",
                "elements per block n = bsize / typesize", HEADER_TYPES)
        .put(ChunkHeader.NBYTES, "Bytes 4-7 (uint32 LE): the size of the data once decompressed. With blocksize it fixes "
                + "how many blocks there are and how long the last one is. Checked against the bytes present "
                + "before anything is allocated.", "nblocks = ⌈nbytes / blocksize⌉", HEADER_TYPES)
        .put(ChunkHeader.BLOCKSIZE, "Bytes 8-11 (uint32 LE): the uncompressed size of each block. Blosc cuts the data into "
                + "blocks that fit the CPU cache so threads can compress them independently and a reader can "
                + "decode one block without the others (this is what makes random access cheap).",
                "block b covers bytes [b·blocksize, min((b+1)·blocksize, nbytes))", HEADER_TYPES)
        .put(ChunkHeader.CBYTES, "Bytes 12-15 (uint32 LE, 'ctbytes' in the spec): the compressed size of the whole chunk, "
                + "header included. It tells a reader where the chunk ends, so chunks can be stored back to "
                + "back (as in a superchunk).", "chunk end = chunk start + cbytes", HEADER_TYPES)
        .put(RATIO, "Derived: how many times smaller the chunk is than its data.", "ratio = nbytes / cbytes", HEADER)
        .put(NBLOCKS, "Derived: the number of blocks, and so the number of bstarts entries after the header.",
                "nblocks = ⌈nbytes / blocksize⌉", BLOCKS)
        .put(LEFTOVER, "Derived: the size of a last block shorter than blocksize (0 when nbytes is a multiple). "
                + "The leftover block is never split into streams.", "leftover = nbytes mod blocksize", BLOCKS)
        .put(BloscChunk.BSTARTS, "One int32 LE per block right after the header: where the block's compressed data "
                + "starts, counted from the chunk's first byte. Threads finish blocks in any order, so the "
                + "offsets need not increase; this table is what lets a reader jump straight to one block.",
                "block b data at chunk start + bstarts[b]; bstarts table at chunk start + 16 + 4·b", BLOCKS)
        .put(DATA, "The raw bytes of a memcpyed chunk: nbytes of them right after the header, exactly as the "
                + "caller passed them to Blosc (not shuffled, whatever the flags say).",
                "byte p of the data = chunk byte 16 + p", HEADER_TYPES)
        // block node
        .put(BloscChunk.BSTART, "This block's bstarts entry: the offset of its first stream from the chunk start.",
                "block start = chunk start + bstart", BLOCKS)
        .put(STREAMS, "How many streams the block was stored as: typesize streams (one per byte position of "
                + "the element, i.e. one per shuffled byte plane) when the block holds at least 128 elements "
                + "of at most 16 bytes, is not the leftover block and dont_split is clear; otherwise one.",
                "stream size neblock = bsize / streams", BLOCKS)
        .put(FILTER, "Derived: the filter actually undone after this block is decompressed. A bitshuffle flag "
                + "on a block whose element count is not a multiple of 8 means no filter for that block.",
                "", SHUFFLE)
        .put(BloscChunk.STREAM_CSIZE, "int32 LE before each stream: how many compressed bytes follow. A csize equal to "
                + "the stream's uncompressed size means the codec could not shrink it and the bytes are stored "
                + "raw. The next stream starts right after.",
                "next stream at this stream + 4 + csize; raw ⇔ csize = neblock", BLOCKS)
        .put(BloscChunk.STREAM_DATA, "The stream's bytes: a codec run (compformat) that decompresses to exactly "
                + "neblock bytes, or those bytes themselves when stored raw. Stream j fills bytes "
                + "[j·neblock, (j+1)·neblock) of the block before the filter is undone.",
                "decompressed length = neblock = bsize / streams", BLOCKS)
        // superchunk
        .put(Superchunk.MAGIC, "The four bytes 'blpk' that open every bcolz chunk file, so a reader can tell a superchunk "
                + "from a bare Blosc chunk (which has no magic).", "", SUPERCHUNK)
        .put(Superchunk.NCHUNKS, "int64 LE: how many Blosc chunks follow the 16-byte header back to back. bcolz 1.x "
                + "always writes 1; each chunk's cbytes says where the next would start.",
                "chunk k+1 at chunk k + cbytes(k); first chunk at byte 16", SUPERCHUNK)
        .put(Superchunk.RESERVED, "Three bytes after the version, written as 0 and kept for later versions of the layout.",
                "", SUPERCHUNK)
        // a block's nbytes is its own size, not the chunk's
        .put(BLOCK_NBYTES, "Derived: the uncompressed size of this block: blocksize, or for the last block what is left of "
                + "nbytes.", "bsize = min(blocksize, nbytes − b·blocksize)", BLOCKS)
        // the superchunk's own version byte differs from the Blosc one
        .put(Superchunk.VERSION, "Byte 4 of a superchunk file: the version of the 'blpk' container, 1 in bcolz 1.x. "
                + "The Blosc chunk inside carries its own version.", "", SUPERCHUNK)
        .build();
}
