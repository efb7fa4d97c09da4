package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
