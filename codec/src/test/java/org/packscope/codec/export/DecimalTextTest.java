package org.packscope.codec.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The digit routine writes what Long.toString and Long.toUnsignedString write, byte for byte. */
class DecimalTextTest {

    private static String signed(long v) {
        byte[] b = new byte[DecimalText.MAX_LENGTH + 4];
        b[0] = 'x';
        int end = DecimalText.putSigned(b, 1, v);
        return new String(b, 1, end - 1, StandardCharsets.US_ASCII);
    }

    private static String unsigned(long v) {
        byte[] b = new byte[DecimalText.MAX_LENGTH + 4];
        int end = DecimalText.putUnsigned(b, 2, v);
        return new String(b, 2, end - 2, StandardCharsets.US_ASCII);
    }

    private static void check(long v) {
        assertEquals(Long.toString(v), signed(v), "signed " + v);
        assertEquals(Long.toUnsignedString(v), unsigned(v), "unsigned " + Long.toUnsignedString(v));
    }

    @Test
    void edges() {
        assertEquals("0", signed(0));
        assertEquals("0", unsigned(0));
        assertEquals("-1", signed(-1));
        assertEquals("18446744073709551615", unsigned(-1));
        assertEquals("-9223372036854775808", signed(Long.MIN_VALUE));
        assertEquals("9223372036854775808", unsigned(Long.MIN_VALUE));
        assertEquals("9223372036854775807", signed(Long.MAX_VALUE));
        assertEquals("4294967295", unsigned(0xffffffffL));
        for (long v : new long[] {1, 9, 10, 11, 99, 100, -9, -10, -11, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1,
                Long.MAX_VALUE + 1 + 9, -10, -11, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            check(v);
        }
    }

    @Test
    void everyPowerOfTenAndItsNeighbours() {
        long p = 1;
        for (int i = 0; i < 19; i++) {
            for (long d = -1; d <= 1; d++) {
                check(p + d);
                check(-(p + d));
                check(Long.MIN_VALUE + p + d); // unsigned: just above 2^63
                check(-1 - p - d);             // unsigned: just below 2^64
            }
            p *= 10;
        }
    }

    @Test
    void randomValuesOfEveryLength() {
        SplittableRandom r = new SplittableRandom(18);
        for (int i = 0; i < 200_000; i++) {
            long v = r.nextLong() >> r.nextInt(64);
            check(v);
        }
    }
}
