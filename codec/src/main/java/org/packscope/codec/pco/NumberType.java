package org.packscope.codec.pco;

import org.packscope.codec.inspect.ValueType;

/**
 * The number types Pco stores, with their one-byte standalone ids. Every number maps
 * to an unsigned latent of the same width by an order-preserving bijection; values
 * travel as raw bit patterns in a {@code long} (see {@link ValueType}).
 */
public enum NumberType {
    U32(1, 32, ValueType.U32, 0), U64(2, 64, ValueType.U64, 0),
    I32(3, 32, ValueType.I32, 0), I64(4, 64, ValueType.I64, 0),
    F32(5, 32, ValueType.F32, 23), F64(6, 64, ValueType.F64, 52),
    U16(7, 16, ValueType.U16, 0), I16(8, 16, ValueType.I16, 0),
    F16(9, 16, ValueType.F16, 10),
    U8(10, 8, ValueType.U8, 0), I8(11, 8, ValueType.I8, 0);

    public final int id;
    public final int bits;
    public final ValueType valueType;
    /** Explicit mantissa bits of a float type; 0 for integers. */
    public final int mantissaBits;

    NumberType(int id, int bits, ValueType valueType, int mantissaBits) {
        this.id = id;
        this.bits = bits;
        this.valueType = valueType;
        this.mantissaBits = mantissaBits;
    }

    public static NumberType ofId(int id) {
        for (NumberType t : values()) if (t.id == id) return t;
        return null;
    }

    public boolean isFloat() { return mantissaBits > 0; }

    public boolean isSigned() { return valueType.kind() == ValueType.Kind.INT; }

    public String label() { return valueType.label(); }

    /** All ones in the latent width. */
    public long mask() { return bits == 64 ? -1L : (1L << bits) - 1; }

    /** The middle of the latent range, 2^(bits-1). */
    public long mid() { return 1L << (bits - 1); }

    /** from_latent_ordered: latent to the raw bits ValueColumn expects (signed values sign-extended). */
    public long fromLatent(long latent) {
        long l = latent & mask();
        if (isFloat()) {
            long sign = mid();
            return (l & sign) != 0 ? l ^ sign : ~l & mask();
        }
        if (isSigned()) {
            long v = l ^ mid();
            return bits == 64 ? v : (v << (64 - bits)) >> (64 - bits);
        }
        return l;
    }

    /** to_latent_ordered, the inverse of {@link #fromLatent}. */
    public long toLatent(long raw) {
        long r = raw & mask();
        if (isFloat()) {
            long sign = mid();
            return (r & sign) != 0 ? ~r & mask() : r ^ sign;
        }
        if (isSigned()) return r ^ mid();
        return r;
    }
}
