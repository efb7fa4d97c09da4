package org.packscope.codec.binjson;

/** Diagnostic rule ids; the names are the error and warning kinds of the shared fixtures. */
final class Rules {
    private Rules() { }

    static final String BAD_MAGIC = "bad_magic";
    static final String UNSUPPORTED_VERSION = "unsupported_version";
    static final String FLOAT_COMPRESSION_OUT_OF_RANGE = "float_compression_out_of_range";
    static final String UFLEX_TOO_LONG = "uflex_too_long";
    static final String UFLEX_OVERFLOW = "uflex_overflow";
    static final String LENGTH_EXCEEDS_INPUT = "length_exceeds_input";
    static final String INVALID_UTF8 = "invalid_utf8";
    static final String SJ_INDEX_MISMATCH = "sj_index_mismatch";
    static final String SJ_LENGTH_MISMATCH = "sj_length_mismatch";
    static final String STRING_INDEX_OUT_OF_RANGE = "string_index_out_of_range";
    static final String RESERVED_TYPE_BYTE = "reserved_type_byte";
    static final String NONZERO_NIBBLE = "nonzero_nibble";
    static final String ZERO_DIMENSIONS = "zero_dimensions";
    static final String ELEMENT_COUNT_TOO_LARGE = "element_count_too_large";
    static final String INVALID_INT_WIDTH = "invalid_int_width";
    static final String DUPLICATE_MAP_KEY = "duplicate_map_key";
    static final String TRAILING_BYTES = "trailing_bytes";
    static final String UNEXPECTED_EOF = "unexpected_eof";
    /** Not a format error: a file this reader refuses to materialise (nesting, absurd empty lists). */
    static final String IMPLEMENTATION_LIMIT = "implementation_limit";
    /** Values nested deeper than {@link BjReader#MAX_DEPTH}: not read, on any path. */
    static final String TOO_DEEP = "too_deep";

    static final String NON_CANONICAL_UFLEX = "non_canonical_uflex";
    static final String DUPLICATE_STRING = "duplicate_string";
    static final String PADDING_BITS_SET = "padding_bits_set";
}
