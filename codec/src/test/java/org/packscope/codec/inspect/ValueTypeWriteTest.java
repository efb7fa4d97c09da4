package org.packscope.codec.inspect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The bulk little-endian writer gives the same bytes as writing value by value, and the bulk
 * reader the same values as assembling and normalising byte by byte, for every width.
 */
class ValueTypeWriteTest {

    @Test
    void bulkWriteMatchesOneValueAtATime() {
        SplittableRandom rnd = new SplittableRandom(33);
        for (ValueType t : List.of(ValueType.BOOL, ValueType.I8, ValueType.U16, ValueType.F16, ValueType.I32, ValueType.F32,
                ValueType.U64, ValueType.F64, ValueType.bytes(3))) {
            int n = 1000;
            long[] src = new long[n + 7];
            for (int i = 0; i < src.length; i++) src[i] = rnd.nextLong();
            src[0] = -1;
            src[1] = Long.MIN_VALUE;
            int w = t.byteWidth();
            byte[] one = new byte[5 + n * w + 9];
            byte[] bulk = one.clone();
            for (int i = 0; i < n; i++) t.writeLE(src[3 + i], one, 5 + i * w);
            t.writeLE(src, 3, bulk, 5, n);
            assertArrayEquals(one, bulk, t.label());
        }
    }

    @Test
    void bulkReadMatchesOneValueAtATime() {
        SplittableRandom rnd = new SplittableRandom(34);
        for (ValueType t : List.of(ValueType.BOOL, ValueType.I8, ValueType.U8, ValueType.I16, ValueType.U16, ValueType.F16,
                ValueType.I32, ValueType.U32, ValueType.F32, ValueType.I64, ValueType.U64, ValueType.F64, ValueType.bytes(3))) {
            int w = t.byteWidth();
            int n = 1000;
            byte[] src = new byte[7 + n * w + 5];
            rnd.nextBytes(src);
            for (int k = 0; k < w; k++) src[7 + k] = (byte) 0xff; // the first value all ones: sign or mask shows
            long[] one = new long[n + 9];
            for (int i = 0; i < n; i++) {
                long v = 0;
                for (int k = w - 1; k >= 0; k--) v = v << 8 | (src[7 + i * w + k] & 0xff);
                one[4 + i] = t.normalize(v);
            }
            long[] bulk = new long[n + 9];
            t.readLE(src, 7, bulk, 4, n);
            assertArrayEquals(one, bulk, t.label());
            // and back: what was read writes the same bytes
            byte[] again = new byte[n * w];
            t.writeLE(bulk, 4, again, 0, n);
            assertArrayEquals(java.util.Arrays.copyOfRange(src, 7, 7 + n * w), again, t.label());
        }
    }
}
