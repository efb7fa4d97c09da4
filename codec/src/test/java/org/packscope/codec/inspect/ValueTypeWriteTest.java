package org.packscope.codec.inspect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The bulk little-endian writer gives the same bytes as writing value by value, for every width. */
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
}
