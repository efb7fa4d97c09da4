package org.packscope.codec.compress;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.zstd.ZstdCompressor;

/**
 * The compressing side of {@link ChunkCodecs}: the general-purpose codecs an encoder wraps
 * around its streams, each called the way container writers call the C libraries (LZ4's
 * fast mode with an acceleration, LZ4 HC and zlib with a level, zstd with a level), so the
 * bytes match theirs where the same library version is underneath. Native where
 * {@link NativeCodecs} loads it, pure Java otherwise (aircompressor compresses LZ4 without
 * an acceleration and zstd at its one level; the streams are valid, only their size can
 * differ).
 *
 * <p>Every call writes at most {@code maxOut} bytes and answers 0 when the stream does not
 * fit, as the C wrappers do. Instances keep codec state: one per thread, never shared.
 */
public final class ChunkCompressors {

    private static final ThreadLocal<ChunkCompressors> LOCAL = ThreadLocal.withInitial(ChunkCompressors::new);

    private Deflater deflater;
    private int deflaterLevel = Integer.MIN_VALUE;
    private Lz4Compressor lz4;
    // a thread's compressor with its native state, kept for the thread's life like the decoders
    private net.jpountz.lz4.LZ4JNIFastResetCompressor lz4Native;
    private int lz4NativeAcceleration;
    private SnappyCompressor snappy;
    private ZstdCompressor zstd;
    private com.github.luben.zstd.ZstdCompressCtx zstdNative;
    private int zstdNativeLevel = Integer.MIN_VALUE;

    /** This thread's compressors. */
    public static ChunkCompressors local() { return LOCAL.get(); }

    /** LZ4 block, fast mode: {@code acceleration} 1 is the default, higher trades ratio for speed. */
    public int lz4(byte[] src, int off, int len, byte[] dst, int dOff, int maxOut, int acceleration) {
        if (NativeCodecs.lz4()) {
            if (lz4Native == null || lz4NativeAcceleration != acceleration) {
                if (lz4Native != null) lz4Native.close();
                lz4Native = net.jpountz.lz4.LZ4Factory.nativeInstance().fastResetCompressor(acceleration);
                lz4NativeAcceleration = acceleration;
            }
            return fits(() -> lz4Native.compress(src, off, len, dst, dOff, maxOut), len, maxOut);
        }
        if (lz4 == null) lz4 = new Lz4Compressor();
        return viaScratch(len, maxOut, lz4.maxCompressedLength(len),
                (s) -> lz4.compress(src, off, len, s, 0, s.length), dst, dOff);
    }

    /** LZ4 block, high-compression mode at {@code level} (1-12). */
    public int lz4hc(byte[] src, int off, int len, byte[] dst, int dOff, int maxOut, int level) {
        if (NativeCodecs.lz4()) {
            return fits(() -> net.jpountz.lz4.LZ4Factory.nativeInstance().highCompressor(level)
                    .compress(src, off, len, dst, dOff, maxOut), len, maxOut);
        }
        // aircompressor has no HC mode: a fast-mode stream is valid LZ4, only larger
        return lz4(src, off, len, dst, dOff, maxOut, 1);
    }

    /**
     * A raw Snappy block. Like the C library, it refuses (answers 0) when {@code maxOut} is
     * below Snappy's worst case for {@code len} bytes, however well the data would compress.
     */
    public int snappy(byte[] src, int off, int len, byte[] dst, int dOff, int maxOut) {
        if (snappy == null) snappy = new SnappyCompressor();
        if (maxOut < snappy.maxCompressedLength(len)) return 0;
        return viaScratch(len, maxOut, snappy.maxCompressedLength(len),
                (s) -> snappy.compress(src, off, len, s, 0, s.length), dst, dOff);
    }

    /** A zlib stream (RFC 1950) at {@code level} 0-9, as zlib's compress2 writes it. */
    public int zlib(byte[] src, int off, int len, byte[] dst, int dOff, int maxOut, int level) {
        if (deflater == null || deflaterLevel != level) {
            if (deflater != null) deflater.end();
            deflater = new Deflater(level);
            deflaterLevel = level;
        } else {
            deflater.reset();
        }
        deflater.setInput(src, off, len);
        deflater.finish();
        int n = 0;
        while (!deflater.finished()) {
            if (n >= maxOut) return 0;
            n += deflater.deflate(dst, dOff + n, maxOut - n);
        }
        return n;
    }

    /** One zstd frame at {@code level}. */
    public int zstd(byte[] src, int off, int len, byte[] dst, int dOff, int maxOut, int level) {
        if (NativeCodecs.zstd()) {
            if (zstdNative == null) zstdNative = new com.github.luben.zstd.ZstdCompressCtx();
            if (zstdNativeLevel != level) {
                zstdNative.setLevel(level);
                zstdNativeLevel = level;
            }
            try {
                return zstdNative.compressByteArray(dst, dOff, maxOut, src, off, len);
            } catch (com.github.luben.zstd.ZstdException e) {
                return 0; // the frame does not fit: the caller stores the stream as it is
            }
        }
        if (zstd == null) zstd = new ZstdCompressor();
        return viaScratch(len, maxOut, zstd.maxCompressedLength(len),
                (s) -> zstd.compress(src, off, len, s, 0, s.length), dst, dOff);
    }

    /** The highest zstd level this library offers (22 for libzstd 1.x). */
    /** The size gzip (java.util.zip, default level) makes of {@code data}: what a teaching view compares an encoding with. */
    public static long gzipSize(byte[] data) {
        try {
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            try (GZIPOutputStream gz = new GZIPOutputStream(bos)) {
                gz.write(data);
            }
            return bos.size();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static int zstdMaxLevel() {
        return NativeCodecs.zstd() ? com.github.luben.zstd.Zstd.maxCompressionLevel() : 22;
    }

    private interface Into { int compress(byte[] scratch); }

    private interface Bounded { int compress(); }

    private static int fits(Bounded call, int len, int maxOut) {
        if (maxOut <= 0) return 0;
        try {
            return call.compress();
        } catch (net.jpountz.lz4.LZ4Exception e) {
            return 0; // does not fit in maxOut
        }
    }

    private byte[] scratch = new byte[0];

    /** aircompressor wants room for the worst case: compress there, keep the result when it fits. */
    private int viaScratch(int len, int maxOut, int worst, Into call, byte[] dst, int dOff) {
        if (scratch.length < worst) scratch = new byte[worst];
        int n = call.compress(scratch);
        if (n > maxOut) return 0;
        System.arraycopy(scratch, 0, dst, dOff, n);
        return n;
    }
}
