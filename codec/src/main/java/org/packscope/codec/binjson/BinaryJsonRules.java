package org.packscope.codec.binjson;

import java.util.List;

import org.packscope.codec.format.FormatRules;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;
import org.packscope.codec.inspect.SharedRules;

/**
 * Every rule binary JSON checks; the ids are the error and warning kinds of the shared
 * fixtures (spec section 7.12), and what the CLI promises.
 */
public final class BinaryJsonRules implements RuleCatalogue {
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule BAD_MAGIC = FormatRules.BAD_MAGIC;
    public static final Rule UNSUPPORTED_VERSION = Rule.error("unsupported_version",
            "the protocol version after the magic is not 1");
    public static final Rule FLOAT_COMPRESSION_OUT_OF_RANGE = Rule.error("float_compression_out_of_range",
            "the float compression level of the header is above 6");
    public static final Rule UFLEX_TOO_LONG = Rule.error("uflex_too_long",
            "a uflex integer runs on for more than 10 bytes");
    public static final Rule UFLEX_OVERFLOW = Rule.error("uflex_overflow",
            "a uflex (or an inline flex with its continuation) is larger than 2^64 - 1");
    public static final Rule LENGTH_EXCEEDS_INPUT = Rule.error("length_exceeds_input",
            "a count or byte length claims more than the bytes left in the file");
    public static final Rule INVALID_UTF8 = Rule.error("invalid_utf8",
            "a string of the string table is not valid UTF-8");
    public static final Rule SJ_INDEX_MISMATCH = Rule.error("sj_index_mismatch",
            "an SJ string index entry does not give where its string really starts");
    public static final Rule SJ_LENGTH_MISMATCH = Rule.error("sj_length_mismatch",
            "an SJ byte length differs from the bytes its body really takes");
    public static final Rule STRING_INDEX_OUT_OF_RANGE = Rule.error("string_index_out_of_range",
            "a string value, map key or string element names a string the table does not have");
    public static final Rule RESERVED_TYPE_BYTE = Rule.error("reserved_type_byte",
            "a value starts with a type byte the format reserves (0x01, 0x04..0x0F)");
    public static final Rule NONZERO_NIBBLE = Rule.error("nonzero_nibble",
            "the unused low nibble of an f32 (or, at float compression 0, a float) type byte is not 0000");
    public static final Rule ZERO_DIMENSIONS = Rule.error("zero_dimensions",
            "an N-D array type byte says the array has 0 dimensions");
    public static final Rule ELEMENT_COUNT_TOO_LARGE = Rule.error("element_count_too_large",
            "the dimensions of an N-D array multiply to more than 2^48 elements");
    public static final Rule INVALID_INT_WIDTH = Rule.error("invalid_int_width",
            "the element width of an int N-D array is not 1, 2, 4 or 8 bytes");
    public static final Rule DUPLICATE_MAP_KEY = Rule.error("duplicate_map_key",
            "two keys of one map have the same text");
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule TRAILING_BYTES = SharedRules.TRAILING_BYTES;
    public static final Rule UNEXPECTED_EOF = Rule.error("unexpected_eof",
            "the file ends in the middle of a value");
    /** Not a format error: a file this reader refuses to materialise (absurd empty lists, 2^31 strings). */
    public static final Rule IMPLEMENTATION_LIMIT = Rule.error("implementation_limit",
            "a legal file beyond what PackScope materialises (too many strings or empty lists)");
    /** Values nested deeper than {@link BjReader#MAX_DEPTH}: not read, on any path. */
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule TOO_DEEP = SharedRules.TOO_DEEP;
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule TOO_LARGE_TO_HOLD = SharedRules.TOO_LARGE_TO_HOLD;
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule UNREADABLE_FILE = SharedRules.UNREADABLE_FILE;

    public static final Rule NON_CANONICAL_UFLEX = Rule.warning("non_canonical_uflex",
            "a uflex has redundant zero groups, or a continuation of 0 (legal but not the shortest form)");
    public static final Rule DUPLICATE_STRING = Rule.warning("duplicate_string",
            "the string table holds the same text twice");
    public static final Rule PADDING_BITS_SET = Rule.warning("padding_bits_set",
            "unused bits after the last boolean or in the last float byte plane are set (they are ignored)");

    @Override public String owner() { return "Binary JSON"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(BinaryJsonRules.class); }
}
