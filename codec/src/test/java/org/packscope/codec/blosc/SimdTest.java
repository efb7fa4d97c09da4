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
        // the form without byte permutes, for AVX-512 without VBMI, gives the same
        byte[] blend = new byte[expected.length];
        assertEquals(64 * 5, SimdShuffle.unshuffle8Blend(src, 3, n, n, blend, 5));
        Shuffle.unshuffle8Rows(src, 3, n, 64 * 5, n, blend, 5, 8);
        assertArrayEquals(expected, blend);
    }

    @Test
    void theLowerHalfTransposeMatchesTheScalarLoopWithConstantUpperStreams() {
        assumeTrue(Simd.enabled() && SimdShuffle.bits() == 512, "needs the Vector API with 512-bit vectors");
        int n = 64 * 6;
        long high = 0xF00D0BADL;
        byte[] src = new byte[7 + 8 * n];
        for (int i = 0; i < 4 * n; i++) src[7 + i] = (byte) (i * 7919 + (i >>> 5) * 31);
        for (int j = 4; j < 8; j++) java.util.Arrays.fill(src, 7 + j * n, 7 + (j + 1) * n, (byte) (high >>> 8 * (j - 4)));
        byte[] expected = new byte[8 * n + 2];
        Shuffle.unshuffle8Rows(src, 7, n, 0, n, expected, 2, 8);
        byte[] got = new byte[expected.length];
        // the upper streams are never read: garbage there must not matter
        byte[] garbled = src.clone();
        java.util.Arrays.fill(garbled, 7 + 4 * n, garbled.length, (byte) 0x77);
        assertEquals(n, SimdShuffle.unshuffle8Low4(garbled, 7, n, n, got, 2, high));
        assertArrayEquals(expected, got);
    }

    /**
     * The warm-up the decoders wait for outside the tests: run here directly, it ends with
     * the vector routines compiled (no slower than the scalar loops three rounds in a row)
     * and agreeing with the scalar loops byte for byte.
     */
    @Test
    void theWarmUpEndsWithCompiledRoutinesThatAgreeWithTheScalarLoops() throws Exception {
        assumeTrue(Simd.enabled(), "needs the Vector API");
        byte[] src = new byte[8 * 4096];
        for (int i = 0; i < src.length; i++) src[i] = (byte) (i * 37 + (i >>> 11));
        // byte j of element e comes from stream j; bit b of byte j from bit-row 8j+b
        byte[] bytes = new byte[src.length], bits = new byte[src.length];
        int n = 4096, nrow = n / 8;
        for (int e = 0; e < n; e++) {
            for (int j = 0; j < 8; j++) {
                bytes[8 * e + j] = src[j * n + e];
                int v = 0;
                for (int b = 0; b < 8; b++) v |= (src[(8 * j + b) * nrow + e / 8] >>> (e % 8) & 1) << b;
                bits[8 * e + j] = (byte) v;
            }
        }
        boolean before = ShuffleWarmup.atOnce;
        ShuffleWarmup.atOnce = false;
        try {
            // the first blocks take the scalar loops and start the warm-up in the background
            byte[] out = new byte[src.length];
            Shuffle.unshuffle(8, src.length, src, 0, out, 0);
            assertArrayEquals(bytes, out);
            Shuffle.bitunshuffle(8, src.length, src, 0, out, 0);
            assertArrayEquals(bits, out);
            long until = System.nanoTime() + 60_000_000_000L;
            while (ShuffleWarmup.pending() && System.nanoTime() < until) Thread.sleep(20);
            assertTrue(ShuffleWarmup.outcome().startsWith("fast after "), ShuffleWarmup.outcome());
            assertTrue(Simd.unshuffleReady() && Simd.bitunshuffleReady(), ShuffleWarmup.outcome());
            // and the later ones the vector routines, with the same bytes
            Shuffle.unshuffle(8, src.length, src, 0, out, 0);
            assertArrayEquals(bytes, out);
            Shuffle.bitunshuffle(8, src.length, src, 0, out, 0);
            assertArrayEquals(bits, out);
        } finally {
            ShuffleWarmup.atOnce = before;
        }
    }
}
