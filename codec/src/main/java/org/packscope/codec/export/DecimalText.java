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
        if (v <= Integer.MAX_VALUE) return putInt(b, at, (int) v);
        int end = at + digits(v);
        int i = end;
        while (v > Integer.MAX_VALUE) {
            long q = v / 100;
            int r = (int) (v - q * 100);
            b[--i] = ONES[r];
            b[--i] = TENS[r];
            v = q;
        }
        putInt(b, at, (int) v);
        return end;
    }

    /**
     * Indices, counts and most values fit an int, whose division by 100 is a multiply and
     * a shift: two digits per step, from a table.
     */
    private static int putInt(byte[] b, int at, int v) {
        int end = at + digits(v);
        int i = end;
        while (v >= 100) {
            int q = v / 100;
            int r = v - q * 100;
            b[--i] = ONES[r];
            b[--i] = TENS[r];
            v = q;
        }
        if (v >= 10) {
            b[--i] = ONES[v];
            b[--i] = TENS[v];
        } else {
            b[--i] = (byte) ('0' + v);
        }
        return end;
    }

    private static final byte[] TENS = new byte[100];
    private static final byte[] ONES = new byte[100];

    static {
        for (int i = 0; i < 100; i++) {
            TENS[i] = (byte) ('0' + i / 10);
            ONES[i] = (byte) ('0' + i % 10);
        }
    }

    /** Decimal digits of a non-negative {@code v} (1 for 0). */
    static int digits(long v) {
        if (v < 10) return 1;
        if (v < 100) return 2;
        if (v < 10_000) return v < 1000 ? 3 : 4;
        if (v < 1_000_000) return v < 100_000 ? 5 : 6;
        int n = 7;
        long limit = 10_000_000;
        while (n < 19 && v >= limit) {
            n++;
            limit *= 10;
        }
        return n;
    }
}
