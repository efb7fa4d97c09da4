package org.packscope.codec.binjson;

import java.util.OptionalLong;

/**
 * Everything a value's first bytes say, as read by {@link BjReader#readHead}: the type
 * byte, its inline flex, the SJ body length and, for N-D arrays, the shape. Positions are
 * absolute byte offsets; a part the value does not have is null. The streaming decoder
 * and the inspection tree read the same record, so they cannot disagree.
 *
 * @param tagBits      tag width T of an inline-flex type byte (3 or 4), else 0
 * @param flex         the inline flex value u (count, zigzag or string index); 0 without one
 * @param continuation the uflex with the inline flex's high bits (C = 1), or null
 * @param bodyLength   SJ: the byte length of the body after it, or null (BJ, scalars)
 * @param nd           the shape of an N-D array, or null
 * @param count        entries of a map, elements of a list or an N-D array, else 0
 * @param bodyStart    the byte after the head: first entry of a container, first data byte
 *                     of an N-D array, payload of a float, end of any other scalar
 * @param bits         FLOAT: the binary64 bits (removed bits zero); F32: the binary32 bits
 * @param badIndex     a string value whose index is not in the table
 */
record Head(long offset, int typeByte, Kind kind, int tagBits, long flex, Uflex continuation, Uflex bodyLength,
            Nd nd, long count, long bodyStart, long bits, boolean badIndex) {

    enum Kind { NULL, FALSE, TRUE, FLOAT, INT, STRING, F32, FLOAT_AS_INT, MAP, LIST, NDARRAY }

    /** N-D element types in {@code tt} order. */
    static final String[] ELEMENT_TYPES = {"string", "bool", "int", "float"};

    /** A uflex read at bytes [start, end). */
    record Uflex(long start, long end, long value) { }

    /**
     * An N-D array's shape: element type tt, the dimension sizes with where each uflex
     * starts, the int width w (0 unless ints) and the data's size in bytes (for strings
     * the least it can be: one byte per element).
     */
    record Nd(int elemType, long[] dims, long[] dimPos, int width, long dataBytes) {
        boolean strings() { return elemType == 0; }
    }

    boolean container() { return kind == Kind.MAP || kind == Kind.LIST; }

    boolean scalar() { return !container() && kind != Kind.NDARRAY; }

    /** Value bits of the inline flex in the type byte: P - 1 = 7 - T. */
    int flexValueBits() { return 7 - tagBits; }

    /** Where the int width byte of an int N-D array is (the byte before the data). */
    long widthPos() { return bodyStart - 1; }

    /**
     * The first byte after the value when its head alone tells it: always for scalars,
     * for containers only with an SJ length, for N-D arrays unless they hold strings.
     */
    OptionalLong end() {
        if (scalar()) return OptionalLong.of(bodyStart);
        if (nd != null && !nd.strings()) return OptionalLong.of(bodyStart + nd.dataBytes());
        if (bodyLength != null) return OptionalLong.of(bodyLength.end() + bodyLength.value());
        return OptionalLong.empty();
    }

    static long unzigzag(long z) { return (z >>> 1) ^ -(z & 1); }

    double floatValue() {
        return switch (kind) {
            case FLOAT -> Double.longBitsToDouble(bits);
            case F32 -> Float.intBitsToFloat((int) bits);
            case FLOAT_AS_INT -> (double) unzigzag(flex);
            default -> Double.NaN;
        };
    }

    static Kind kindOf(int t) {
        if (t == 0x00) return Kind.NULL;
        if (t == 0x02) return Kind.FALSE;
        if (t == 0x03) return Kind.TRUE;
        if (t < 0x10) return null;
        if (t < 0x20) return Kind.FLOAT;
        if (t < 0x40) return Kind.INT;
        if (t < 0x60) return Kind.STRING;
        if (t < 0x70) return Kind.F32;
        if (t < 0x80) return Kind.FLOAT_AS_INT;
        if (t < 0xA0) return Kind.MAP;
        if (t < 0xC0) return Kind.LIST;
        return Kind.NDARRAY;
    }
}
