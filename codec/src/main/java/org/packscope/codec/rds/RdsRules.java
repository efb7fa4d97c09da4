package org.packscope.codec.rds;

import java.util.List;

import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.io.MemoryBudget;
import org.packscope.codec.read.ReadRules;

/**
 * Every rule the R serialization reader checks: the compression wrapper, the stream
 * header, the items, the ASCII variant and BPCells matrices stored as R objects.
 */
public final class RdsRules implements RuleCatalogue {
    // ---- the wrapper
    public static final Rule GZIP_TRUNCATED = Rule.error("gzip_truncated",
            "the gzip wrapper (header, deflate data or trailer) ends before it is complete");
    public static final Rule GZIP_CORRUPT = Rule.error("gzip_corrupt",
            "the deflate data inside the gzip wrapper cannot be decompressed");
    public static final Rule GZIP_BAD_METHOD = Rule.error("gzip_bad_method",
            "the gzip header names a compression method other than deflate (8)");
    public static final Rule GZIP_CRC_MISMATCH = Rule.error("gzip_crc_mismatch",
            "the CRC-32 in the gzip trailer differs from that of the decompressed bytes");
    public static final Rule GZIP_SIZE_MISMATCH = Rule.error("gzip_size_mismatch",
            "the size in the gzip trailer differs from the number of decompressed bytes (mod 2^32)");
    public static final Rule XZ_TRUNCATED = Rule.error("xz_truncated",
            "the xz wrapper ends before the compressed stream is complete");
    public static final Rule XZ_CORRUPT = Rule.error("xz_corrupt",
            "the xz data cannot be decompressed");
    public static final Rule BZIP2_TRUNCATED = Rule.error("bzip2_truncated",
            "the bzip2 wrapper ends before the compressed stream is complete");
    public static final Rule BZIP2_CORRUPT = Rule.error("bzip2_corrupt",
            "the bzip2 data cannot be decompressed");
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule TOO_LARGE_TO_HOLD = SharedRules.TOO_LARGE_TO_HOLD;
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule TRAILING_BYTES = SharedRules.TRAILING_BYTES;

    // ---- the stream header
    public static final Rule TRUNCATED_HEADER = Rule.error("truncated_header",
            "the stream ends inside its serialization header");
    public static final Rule NOT_SERIALIZATION = Rule.error("not_serialization",
            "the (decompressed) stream does not start with a serialization header such as \"X\\n\"");
    public static final Rule UNSUPPORTED_SERIALIZATION_FORMAT = Rule.error("unsupported_serialization_format",
            "a serialization format PackScope does not read (native binary 'B', a save() file not in XDR)");
    public static final Rule UNSUPPORTED_SERIALIZATION_VERSION = Rule.error("unsupported_serialization_version",
            "a serialization format version other than 2 or 3");
    public static final Rule BAD_NATIVE_ENCODING = Rule.error("bad_native_encoding",
            "the length of the native encoding name is negative, above 255 or past the end");
    public static final Rule UNKNOWN_NATIVE_ENCODING = Rule.warning("unknown_native_encoding",
            "the native encoding is not known here, so native strings are read as UTF-8");

    // ---- items
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule TRUNCATED = SharedRules.TRUNCATED;
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule TOO_DEEP = SharedRules.TOO_DEEP;
    public static final Rule BAD_LENGTH = Rule.error("bad_length",
            "a length or count that cannot be (negative, or more than the bytes left)");
    public static final Rule LENGTH_EXCEEDS_DATA = Rule.error("length_exceeds_data",
            "a vector or string claims more elements or bytes than the stream has left");
    public static final Rule LONG_VECTOR_UNSUPPORTED = Rule.error("long_vector_unsupported",
            "a vector of 2^31 or more elements (a long vector), which PackScope does not read");
    public static final Rule BAD_REFERENCE = Rule.error("bad_reference",
            "a reference (or a byte code's shared cell) points outside what was read so far");
    public static final Rule BAD_SYMBOL_NAME = Rule.error("bad_symbol_name",
            "a symbol's name is not a CHARSXP");
    public static final Rule UNSUPPORTED_ITEM = Rule.error("unsupported_item",
            "an item R itself refuses where it stands (BCREPDEF outside byte code, class references, ...)");
    public static final Rule UNKNOWN_ITEM_TYPE = Rule.error("unknown_item_type",
            "the flags word names a type that is not an R serialization item type");
    public static final Rule UNEXPECTED_FLAG_BITS = Rule.warning("unexpected_flag_bits",
            "a flags word sets bits (11, 28-31) that R never writes");
    public static final Rule ALTREP_NOT_EXPANDED = Rule.warning("altrep_not_expanded",
            "an ALTREP object is shown as stored because its values cannot be worked out from its state");
    public static final Rule ALTREP_EXPANDED = new Rule("altrep_expanded", Severity.INFO,
            "an ALTREP object was expanded into the vector it stands for");
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule UNREADABLE = SharedRules.UNREADABLE;

    // ---- ASCII serialization
    public static final Rule BAD_ASCII_NUMBER = Rule.error("bad_ascii_number",
            "a word of an ASCII stream is not the number (or hex byte) that belongs there");

    // ---- BPCells matrices saved as R objects
    public static final Rule BPCELLS_CLASS_MISSING = Rule.warning("bpcells_class_missing",
            "an S4 object read as a BPCells matrix because of its version slot has no class");
    public static final Rule BPCELLS_CLASS_VERSION_MISMATCH = Rule.warning("bpcells_class_version_mismatch",
            "the class name and the version slot of a BPCells matrix disagree on packing or value type");
    public static final Rule BPCELLS_SLOT_TYPE = Rule.error("bpcells_slot_type",
            "a slot of a BPCells matrix holds an R type other than the one it must");
    public static final Rule BPCELLS_SLOT_LENGTH = Rule.error("bpcells_slot_length",
            "a slot of a BPCells matrix has the wrong length (dim must hold 2 numbers)");
    public static final Rule BPCELLS_NA_NAME = Rule.error("bpcells_na_name",
            "row or column names of a BPCells matrix hold NA");
    public static final Rule BPCELLS_BAD_INTEGER_VALUE = Rule.error("bpcells_bad_integer_value",
            "a double slot that must hold whole numbers (an idxptr) holds something else");

    @Override public String owner() { return "R serialization (.rds)"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(RdsRules.class); }

    /** The truncation rule of a wrapper. */
    static Rule truncated(Compression c) {
        return switch (c) {
            case XZ -> XZ_TRUNCATED;
            case BZIP2 -> BZIP2_TRUNCATED;
            default -> GZIP_TRUNCATED;
        };
    }

    /** The corruption rule of a wrapper. */
    static Rule corrupt(Compression c) {
        return switch (c) {
            case XZ -> XZ_CORRUPT;
            case BZIP2 -> BZIP2_CORRUPT;
            default -> GZIP_CORRUPT;
        };
    }
}
