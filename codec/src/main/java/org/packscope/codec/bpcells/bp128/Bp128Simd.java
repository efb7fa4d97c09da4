package org.packscope.codec.bpcells.bp128;

import org.packscope.codec.compress.VectorPaths;

/**
 * Whether {@link Bp128#decode} takes the Vector API routines of {@link Bp128Vector}. They need
 * the module {@code jdk.incubator.vector} in the boot layer (the runnable jar's launcher adds
 * it) and are skipped when the system property {@code packscope.scalar} is {@code true}, the
 * switch that also keeps Blosc's shuffles scalar. The vector path proves itself on chunks of a
 * few widths against the scalar one before it is used.
 */
public final class Bp128Simd {
    private static final boolean ON = VectorPaths.allowed() && selfTest();

    private Bp128Simd() { }

    /** The vector routines are in use. */
    public static boolean enabled() { return ON; }

    /**
     * "vector (128-bit)", or "scalar"; a JVM started without a trap limit of its own (see
     * {@link VectorPaths#JIT_OPTION}) is named, since there some widths may stay scalar.
     */
    public static String describe() {
        if (!ON) return "scalar";
        return VectorPaths.trapLimitSet() ? "vector (128-bit)" : "vector (128-bit; without " + VectorPaths.JIT_OPTION + " some widths may stay scalar)";
    }

    private static boolean selfTest() {
        try {
            int[] in = new int[4 * 31];
            for (int k = 0; k < in.length; k++) in[k] = k * 0x9E3779B9 + (k >>> 3);
            int[] a = new int[Bp128.CHUNK];
            int[] b = new int[Bp128.CHUNK];
            for (int bits : new int[] {1, 7, 8, 13, 31}) {
                Bp128Unpack.plusOne(bits, in, 0, a, 0);
                Bp128Vector.plusOne(bits, in, 0, b, 0);
                if (!java.util.Arrays.equals(a, b)) return false;
                Bp128Unpack.d1z(bits, in, 0, a, 0, 12345);
                Bp128Vector.d1z(bits, in, 0, b, 0, 12345);
                if (!java.util.Arrays.equals(a, b)) return false;
            }
            return true;
        } catch (Throwable t) { // NoClassDefFoundError and the like: no vector path here
            return false;
        }
    }
}
