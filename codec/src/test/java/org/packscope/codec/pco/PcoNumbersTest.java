package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Latent mappings and the half-float helpers the FloatMult join relies on. */
class PcoNumbersTest {

    @Test
    void halfFloatRoundTripsEveryPattern() {
        for (int h = 0; h < 0x10000; h++) {
            float f = Floats.halfToFloat(h);
            int back = Floats.floatToHalf(f);
            if (Float.isNaN(f)) assertEquals(0x7c00, back & 0x7c00); else assertEquals(h, back, Integer.toHexString(h));
        }
    }

    @Test
    void halfRoundingIsToNearestEven() {
        assertEquals(0x3c00, Floats.floatToHalf(1.0f + 0x1p-11f));          // tie -> even (1.0)
        assertEquals(0x3c02, Floats.floatToHalf(1.0f + 3 * 0x1p-11f));      // tie -> even (1+2ulp)
        assertEquals(0x7c00, Floats.floatToHalf(65520f));                    // rounds up to infinity
        assertEquals(0x0001, Floats.floatToHalf(0x1p-24f));                  // smallest subnormal
        assertEquals(0x0000, Floats.floatToHalf(0x1p-26f));
    }

    @Test
    void latentMappingsAreOrderPreservingBijections() {
        assertEquals(Long.MIN_VALUE, NumberType.I64.fromLatent(0));
        assertEquals(-128L, NumberType.I8.fromLatent(0));
        assertEquals(127L, NumberType.I8.fromLatent(255));
        assertEquals(0xffffL, NumberType.U16.fromLatent(0xffff));
        // f32: latent 0x80000000 is +0.0, 0x7fffffff is -0.0
        assertEquals(0L, NumberType.F32.fromLatent(0x80000000L));
        assertEquals(0x80000000L, NumberType.F32.fromLatent(0x7fffffffL));
        for (NumberType t : NumberType.values()) {
            for (long raw : new long[] {0, 1, -1, 0x55, t.mid(), t.mask()}) {
                long r = t.valueType.normalize(raw & t.mask());
                assertEquals(r, t.fromLatent(t.toLatent(r)), t + " " + raw);
            }
        }
    }

    @Test
    void ansSpreadFollowsTheStrideRule() {
        // size 8: stride 3*8/5 = 4 -> 5 (odd); states 0,5,2,7,4,1,6,3
        int[] s = AnsTable.spread(3, new int[] {3, 5});
        assertEquals("[0, 1, 0, 1, 1, 0, 1, 1]", java.util.Arrays.toString(s));
    }
}
