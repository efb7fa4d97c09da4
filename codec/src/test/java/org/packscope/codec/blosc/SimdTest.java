package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

/**
 * Which shuffle path runs. The default surefire run adds {@code jdk.incubator.vector}, so on
 * a machine with 256-bit or wider vectors the Vector API path is on (and ShuffleTest and
 * the fixtures check it); the {@code pure-java-codecs} run has no module, so the scalar
 * loops run and the same tests check them.
 */
class SimdTest {

    @Test
    void theVectorPathRunsExactlyWhenItsModuleIsThere() {
        if (!Simd.moduleLoaded() || Boolean.getBoolean(Simd.SCALAR)) {
            assertFalse(Simd.enabled());
            assertEquals("scalar", Simd.describe());
            return;
        }
        // the module is there: only too narrow vectors may keep the scalar path
        assertEquals(SimdShuffle.wideEnough(), Simd.enabled());
        if (Simd.enabled()) assertTrue(Simd.describe().startsWith("vector ("), Simd.describe());
    }

    @Test
    void the512BitTypesize8TransposeMatchesTheScalarLoop() {
        assumeTrue(Simd.enabled() && SimdShuffle.bits() == 512, "needs the Vector API with 512-bit vectors");
        int n = 64 * 5 + 8;
        byte[] src = new byte[3 + 8 * n];
        for (int i = 0; i < src.length; i++) src[i] = (byte) (i * 7919 + (i >>> 5) * 31);
        byte[] expected = new byte[5 + 8 * n];
        Shuffle.unshuffle8Rows(src, 3, n, 0, n, expected, 5, 8);
        byte[] got = new byte[expected.length];
        int done = SimdShuffle.unshuffle8Permute(src, 3, n, n, got, 5);
        assertEquals(64 * 5, done);
        // the vector loop does whole steps of 64 elements, the scalar loop the rest
        Shuffle.unshuffle8Rows(src, 3, n, done, n, got, 5, 8);
        assertArrayEquals(expected, got);
    }
}
