package org.packscope.codec.pco;

import org.packscope.codec.compress.VectorPaths;

/**
 * Whether Pco's joins (and, on 512-bit vectors, its constant-width offsets) take the Vector
 * API forms of {@link PcoVector}. They need the module {@code jdk.incubator.vector} in the
 * boot layer (the runnable jar's launcher adds it) and vectors of at least 256 bits, and are
 * skipped when the system property {@code packscope.scalar} is {@code true} (the switch shared
 * with Blosc and BP128). The vector form proves itself against the scalar one before it is used.
 */
public final class PcoSimd {
    private static final boolean ON = VectorPaths.allowed() && selfTest();

    private PcoSimd() { }

    /** The vector forms are in use. */
    public static boolean enabled() { return ON; }

    public static String describe() { return ON ? "vector (" + 64 * PcoVector.lanes() + "-bit)" : "scalar"; }

    private static boolean selfTest() {
        try {
            if (PcoVector.lanes() < 4) return false;
            int n = 64;
            long[] p = new long[n];
            long[] s = new long[n];
            for (int i = 0; i < n; i++) {
                p[i] = i * 0x9E3779B97F4A7C15L;
                s[i] = (i * 31L) & 7;
            }
            for (NumberType t : new NumberType[] {NumberType.F64, NumberType.F32, NumberType.F16}) {
                long[] a = new long[n];
                long[] b = new long[n];
                ModeJoins.joinFloatQuantScalar(t, 3, p, s, a, 0, n);
                int done = PcoVector.joinFloatQuant(t, 3, p, s, b, 0, n);
                if (done != n || !java.util.Arrays.equals(a, b)) return false;
            }
            return true;
        } catch (Throwable t) { // NoClassDefFoundError and the like: no vector path here
            return false;
        }
    }
}
