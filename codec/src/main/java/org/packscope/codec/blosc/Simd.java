package org.packscope.codec.blosc;

import org.packscope.codec.compress.VectorPaths;

/**
 * Whether the Vector API ({@code jdk.incubator.vector}) paths run. They need the module in
 * the boot layer ({@code --add-modules jdk.incubator.vector}; the runnable jar's launcher
 * adds it by starting itself again) and vectors of at least 256 bits; otherwise, or with the
 * system property {@value #SCALAR} set to {@code true}, the scalar long-word loops run.
 * The vector path proves itself on a small block against the scalar one before it is used.
 */
public final class Simd {
    /** System property that forces the scalar loops (for tests, and as a user's escape hatch). */
    public static final String SCALAR = VectorPaths.SCALAR;
    /** The module the vector paths need. */
    public static final String MODULE = VectorPaths.MODULE;

    private Simd() { }

    private static final boolean ON = VectorPaths.allowed() && selfTest();

    /** The vector paths are in use (each once warm: see {@link #unshuffleReady}). */
    public static boolean enabled() { return ON; }

    /**
     * The vector routines may be taken now: they are in use and C2 has compiled them. The
     * first ask starts their warm-up on a background thread ({@link ShuffleWarmup}); blocks
     * decoded meanwhile take the scalar loops.
     */
    static boolean unshuffleReady() { return ON && ShuffleWarmup.bytesReady(); }

    /** {@link #unshuffleReady} for the bit unshuffle's routine. */
    static boolean bitunshuffleReady() { return ON && ShuffleWarmup.bitsReady(); }

    /** The Vector API module is in the boot layer (whether or not it is used). */
    public static boolean moduleLoaded() {
        return VectorPaths.moduleLoaded();
    }

    private static boolean selfTest() {
        try {
            if (!SimdShuffle.wideEnough()) return false;
            int n = 8 * 64;
            byte[] src = new byte[8 * n];
            for (int i = 0; i < src.length; i++) src[i] = (byte) (i * 131 + (i >>> 7));
            byte[] b = new byte[src.length];
            int done = SimdShuffle.unshuffle8Rows(src, 0, n, n, b, 0, 8);
            if (done != n) return false;
            // byte j of element e comes from stream j (checked byte by byte, without Shuffle's loops)
            for (int e = 0; e < n; e++) {
                for (int j = 0; j < 8; j++) if (b[8 * e + j] != src[j * n + e]) return false;
            }
            return true;
        } catch (Throwable t) { // NoClassDefFoundError and the like: no vector path here
            return false;
        }
    }

    public static String describe() {
        return ON ? "vector (" + SimdShuffle.bits() + "-bit" + (SimdShuffle.bits() == 512 && !VectorPaths.bytePermutes() ? ", no VBMI" : "") + ")" : "scalar";
    }
}
