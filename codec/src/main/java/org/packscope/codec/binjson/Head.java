package org.packscope.codec.binjson;

/**
 * Everything a value's first bytes say: the type byte, its inline flex, the SJ length
 * and, for N-D arrays, dimensions and int width. Positions are absolute byte offsets;
 * -1 marks a part the value does not have. Read by {@link BjReader#readHead}, used by
 * the streaming decoder and the inspection tree alike so they cannot disagree.
 */
final class Head {
    enum Kind { NULL, FALSE, TRUE, FLOAT, INT, STRING, F32, FLOAT_AS_INT, MAP, LIST, NDARRAY }

    /** N-D element types in {@code tt} order. */
    static final String[] ELEMENT_TYPES = {"string", "bool", "int", "float"};

    final long offset;
    final int typeByte;
    final Kind kind;

    /** Tag width T of an inline-flex type byte (3 or 4), else 0. */
    int tagBits;
    /** The inline flex value u (count, zigzag or string index). */
    long flex;
    /** Continuation uflex of the inline flex, or -1. */
    long contPos = -1;
    long contEnd = -1;

    long lengthPos = -1;
    long lengthEnd = -1;
    long length = -1;

    int elemType = -1;
    long[] dims;
    long[] dimPos;
    long count;
    int width;
    long widthPos = -1;

    /** First entry of a container, first data byte of an N-D array, payload of a float. */
    long bodyStart;
    /** First byte after the value when the head alone tells it, else -1. */
    long end = -1;

    /** FLOAT: the binary64 bits (removed bits zero); F32: the binary32 bits. */
    long bits;
    boolean badIndex;

    Head(long offset, int typeByte, Kind kind) {
        this.offset = offset;
        this.typeByte = typeByte;
        this.kind = kind;
    }

    boolean container() { return kind == Kind.MAP || kind == Kind.LIST; }

    boolean scalar() { return !container() && kind != Kind.NDARRAY; }

    /** Value bits of the inline flex in the type byte: P - 1 = 7 - T. */
    int flexValueBits() { return 7 - tagBits; }

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
