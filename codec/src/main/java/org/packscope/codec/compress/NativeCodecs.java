package org.packscope.codec.compress;

/**
 * Whether the native zstd and LZ4 decoders (zstd-jni and lz4-java, whose Maven artifacts
 * carry the shared libraries for the usual platforms) can be used. They decode
 * zstd streams (in Blosc chunks, Zarr chunks and HDF5 filters) about twice as fast as the pure-Java aircompressor, so they are preferred;
 * where a library cannot load (an unusual platform, a locked-down temp folder) or when
 * the system property {@value #PURE_JAVA} is {@code true}, the pure-Java decoders take over.
 */
public final class NativeCodecs {
    /** System property that forces the pure-Java decoders (for tests, and as a user's escape hatch). */
    public static final String PURE_JAVA = "packscope.pureJava";

    private NativeCodecs() { }

    // each library is loaded (extracted to a temp file, ~50-100 ms) on the first stream of its codec
    private static final class Zstd {
        static final boolean ON = !pureJavaForced() && load(NativeCodecs::loadZstd);
    }

    private static final class Lz4 {
        static final boolean ON = !pureJavaForced() && load(NativeCodecs::loadLz4);
    }

    public static boolean pureJavaForced() { return Boolean.getBoolean(PURE_JAVA); }

    /** zstd-jni loaded and in use. */
    public static boolean zstd() { return Zstd.ON; }

    /** lz4-java's native decoder loaded and in use. */
    public static boolean lz4() { return Lz4.ON; }

    private static boolean load(java.util.function.BooleanSupplier loader) {
        try {
            return loader.getAsBoolean();
        } catch (Throwable t) { // UnsatisfiedLinkError, NoClassDefFoundError, SecurityException, ...
            return false;
        }
    }

    private static boolean loadZstd() {
        com.github.luben.zstd.util.Native.load();
        // a round trip proves the library works, not just that it was found
        byte[] src = com.github.luben.zstd.Zstd.compress(new byte[] {1, 2, 3, 1, 2, 3, 1, 2, 3});
        byte[] out = new byte[9];
        return new com.github.luben.zstd.ZstdDecompressCtx().decompressByteArray(out, 0, 9, src, 0, src.length) == 9 && out[8] == 3;
    }

    private static boolean loadLz4() {
        net.jpountz.lz4.LZ4Factory f = net.jpountz.lz4.LZ4Factory.nativeInstance();
        byte[] src = f.fastCompressor().compress(new byte[] {1, 2, 3, 1, 2, 3, 1, 2, 3});
        byte[] out = new byte[9];
        return f.safeDecompressor().decompress(src, 0, src.length, out, 0, 9) == 9 && out[8] == 3;
    }

    /** What decodes zstd and LZ4 here, for {@code --version}-style reports and benchmark notes. */
    public static String describe() {
        return "zstd: " + (zstd() ? "zstd-jni (native)" : "aircompressor (pure Java)")
                + ", lz4: " + (lz4() ? "lz4-java (native)" : "aircompressor (pure Java)");
    }
}
