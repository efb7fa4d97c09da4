package org.packscope.codec.export;

/**
 * Writes a long in decimal ASCII straight into a byte array, with the same digits as
 * {@link Long#toString(long)} and {@link Long#toUnsignedString(long)}: text exports of
 * millions of entries make no String per number.
 */
public final class DecimalText {
    /** The most bytes one number takes: {@code -9223372036854775808} and {@code 18446744073709551615} both have 20. */
    public static final int MAX_LENGTH = 20;

    private DecimalText() { }

    /** Writes {@code v} as {@link Long#toString(long)} does at {@code at}; returns the position after it. */
    public static int putSigned(byte[] b, int at, long v) {
        if (v >= 0) return putNonNegative(b, at, v);
        b[at] = '-';
        // -Long.MIN_VALUE is Long.MIN_VALUE, whose unsigned value is 2^63: the digits it needs
        return putUnsigned(b, at + 1, -v);
    }

    /** Writes {@code v} as {@link Long#toUnsignedString(long)} does at {@code at}; returns the position after it. */
    public static int putUnsigned(byte[] b, int at, long v) {
        if (v >= 0) return putNonNegative(b, at, v);
        long q = Long.divideUnsigned(v, 10); // below 2^63 now, so the rest is signed arithmetic
        int end = putNonNegative(b, at, q);
        b[end] = (byte) ('0' + (v - q * 10));
        return end + 1;
    }

    private static int putNonNegative(byte[] b, int at, long v) {
        int end = at + digits(v);
        int i = end;
        while (v >= 10) {
            long q = v / 10;
            b[--i] = (byte) ('0' + (v - q * 10));
            v = q;
        }
        b[--i] = (byte) ('0' + v);
        return end;
    }

    /** Decimal digits of a non-negative {@code v} (1 for 0). */
    static int digits(long v) {
        int n = 1;
        long limit = 10;
        while (n < 19 && v >= limit) {
            n++;
            limit *= 10;
        }
        return n;
    }
}
