package org.packscope.codec.compress;

/**
 * Whether the Vector API ({@code jdk.incubator.vector}) paths of the decoders may run: the
 * module is in the boot layer ({@code --add-modules jdk.incubator.vector}; the runnable
 * jar's launcher adds it by starting itself again) and the system property {@value #SCALAR}
 * is not {@code true}. Each format's own switch (Blosc's shuffles, BP128, Pco's joins and
 * offsets) also proves its vector routines against the scalar ones before using them.
 */
public final class VectorPaths {
    /** System property that forces the scalar loops everywhere (for tests, and as a user's escape hatch). */
    public static final String SCALAR = "packscope.scalar";
    /** The module the vector paths need. */
    public static final String MODULE = "jdk.incubator.vector";

    /**
     * The JVM option the launchers add next to the module. Every Vector API operation in JDK
     * 17 inlines the JVM's shared invokedynamic linker method, so a routine of a hundred or
     * more operations (each BP128 width is one) inlines it hundreds of times; C2 adds up the
     * type-check traps recorded against every inlined method, and once the sum reaches
     * {@code PerMethodTrapLimit} (100 by default) it stops guarding receiver types with traps
     * and falls back to virtual calls, which leaves the vector operations as calls to their
     * slow Java forms. One such trap anywhere in the JVM (any lambda may record it) was
     * enough for BP128's width-13 routine to compile 2.4 times slower than the scalar one
     * halfway through a test run. Raised this far, only the per-bytecode trap history
     * decides. The BP128 warm-up still times each routine before using it, for JVMs started
     * without this option.
     */
    public static final String JIT_OPTION = "-XX:PerMethodTrapLimit=1000000";

    private VectorPaths() { }

    /** Whether this JVM was started with {@link #JIT_OPTION} (or another trap limit of its own). */
    public static boolean trapLimitSet() {
        try {
            return java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                    .anyMatch(a -> a.startsWith("-XX:PerMethodTrapLimit="));
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /** The Vector API module is in the boot layer (whether or not it is used). */
    public static boolean moduleLoaded() {
        return ModuleLayer.boot().findModule(MODULE).isPresent();
    }

    /** The module is there and the scalar loops were not asked for. */
    public static boolean allowed() {
        return !Boolean.getBoolean(SCALAR) && moduleLoaded();
    }

    private static final boolean VBMI = cpuFlag("avx512vbmi");

    /**
     * Whether 512-bit byte permutes are one instruction here (AVX-512 VBMI): JDK 17 compiles
     * {@code ByteVector} rearranges of 512 bits to VPERMB only then, and otherwise runs them
     * lane by lane in Java. Known from the CPU flags the Linux kernel lists in /proc/cpuinfo
     * ({@code avx512vbmi}); false where they cannot be read, so that the routines without
     * byte permutes run.
     */
    public static boolean bytePermutes() { return VBMI; }

    private static boolean cpuFlag(String flag) {
        try (java.io.BufferedReader r = java.nio.file.Files.newBufferedReader(java.nio.file.Path.of("/proc/cpuinfo"))) {
            for (String l = r.readLine(); l != null; l = r.readLine()) {
                if (l.startsWith("flags")) return (" " + l.substring(l.indexOf(':') + 1) + " ").contains(" " + flag + " ");
            }
            return false;
        } catch (java.io.IOException | RuntimeException e) {
            return false;
        }
    }
}
