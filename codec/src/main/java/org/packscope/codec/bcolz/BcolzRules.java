package org.packscope.codec.bcolz;

import java.util.List;

import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.SharedRules;

/**
 * The rules a bcolz carray or ctable folder is checked against: its JSON metadata, the
 * chunk files the metadata calls for, and the columns of a table. The chunk files'
 * own structure is checked by {@link org.packscope.codec.blosc.BloscRules}.
 */
public final class BcolzRules implements RuleCatalogue {

    // ---------------------------------------------------------------- metadata files
    public static final Rule MISSING_META = Rule.error("missing_meta",
            "a metadata file the layout needs (meta/sizes, meta/storage, __rootdirs__) is missing");
    public static final Rule META_TOO_LARGE = Rule.error("meta_too_large",
            "a metadata file is far larger than the short JSON line bcolz writes; it is not read");
    public static final Rule META_UNREADABLE = Rule.error("meta_unreadable",
            "a metadata file exists but cannot be read");
    public static final Rule MALFORMED_JSON = Rule.error("malformed_json",
            "a metadata file is empty or not valid JSON");
    public static final Rule META_EXTRA_BYTES = Rule.warning("meta_extra_bytes",
            "a metadata file holds more than its one JSON value: a byte order mark, a second value, NUL bytes or other bytes after it");
    public static final Rule BAD_SHAPE = Rule.error("bad_shape",
            "meta/sizes has no usable shape: missing, not counts, or too large to multiply out");
    public static final Rule UNKNOWN_DTYPE = Rule.error("unknown_dtype",
            "meta/storage names an element type PackScope cannot read");
    public static final Rule BIG_ENDIAN_DTYPE = Rule.error("big_endian_dtype",
            "the element type is big-endian; values are shown only as their stored bytes");
    public static final Rule BAD_CHUNKLEN = Rule.error("bad_chunklen",
            "meta/storage has no positive integer chunklen, so the chunk files cannot be laid out");
    public static final Rule CHUNK_TOO_LARGE = Rule.error("chunk_too_large",
            "chunklen rows are more bytes than one Blosc chunk can hold");
    public static final Rule SIZES_NBYTES_MISMATCH = Rule.warning("sizes_nbytes_mismatch",
            "meta/sizes nbytes disagrees with shape × item size (the shape is trusted)");

    // ---------------------------------------------------------------- chunk files
    public static final Rule MISSING_DATA_DIR = Rule.error("missing_data_dir",
            "the array has rows but no data/ folder");
    public static final Rule DATA_UNREADABLE = Rule.error("data_unreadable",
            "the data/ folder cannot be listed");
    public static final Rule STALE_CHUNK_FILE = Rule.warning("stale_chunk_file",
            "a chunk file lies beyond the chunks the metadata calls for; bcolz ignores it");
    public static final Rule MISSING_CHUNK_FILE = Rule.error("missing_chunk_file",
            "a chunk file the metadata calls for is missing; its rows read as zeros");
    public static final Rule UNEXPECTED_FILE = Rule.warning("unexpected_file",
            "data/ holds a file that is not named like a chunk file");
    public static final Rule CHUNK_UNREADABLE = Rule.error("chunk_unreadable",
            "a chunk file cannot be read or holds no readable Blosc chunk");
    public static final Rule CHUNK_NBYTES_MISMATCH = Rule.error("chunk_nbytes_mismatch",
            "a chunk's uncompressed size is not what shape and chunklen call for; its rows read as zeros");
    public static final Rule TYPESIZE_MISMATCH = Rule.warning("typesize_mismatch",
            "a chunk's Blosc typesize is not the one bcolz uses for the array's dtype");

    // ---------------------------------------------------------------- ctable
    public static final Rule BAD_ROOTDIRS = Rule.error("bad_rootdirs",
            "__rootdirs__ has no \"names\" array of columns");
    public static final Rule BAD_COLUMN_NAME = Rule.error("bad_column_name",
            "__rootdirs__ lists something that cannot be a column folder's name");
    public static final Rule DUPLICATE_COLUMN = Rule.warning("duplicate_column",
            "__rootdirs__ lists a column twice");
    public static final Rule MISSING_COLUMN = Rule.error("missing_column",
            "a column listed in __rootdirs__ has no folder");
    public static final Rule COLUMN_LENGTH_MISMATCH = Rule.warning("column_length_mismatch",
            "the columns of a table do not all have the same number of rows");
    public static final Rule NOT_A_COLUMN = new Rule("not_a_column", Severity.INFO,
            "a folder beside the columns is not listed in __rootdirs__, so it is not a column");
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule FOLDER_UNREADABLE = SharedRules.FOLDER_UNREADABLE;

    @Override public String owner() { return "bcolz"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(BcolzRules.class); }
}
