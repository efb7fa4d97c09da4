package org.packscope.codec.blosc;

import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.snappy.SnappyDecompressor;
import io.airlift.compress.zstd.ZstdDecompressor;

/**
 * The per-thread state for decoding Blosc streams: codec instances (the zstd and zlib
 * decoders keep state and are not thread-safe) and scratch buffers reused across blocks.
 * One context per thread; never shared.
 */
public final class Codecs {
    private final Lz4Decompressor lz4 = new Lz4Decompressor();
    private final SnappyDecompressor snappy = new SnappyDecompressor();
    private ZstdDecompressor zstd;
    /** zstd-jni's context, when the native library loaded (see {@link NativeCodecs}). */
    private com.github.luben.zstd.ZstdDecompressCtx zstdNative;
    /** lz4-java's native decoder, looked up on this context's first LZ4 stream (see {@link NativeCodecs}). */
    private net.jpountz.lz4.LZ4SafeDecompressor lz4Native;
    private boolean lz4Chosen;
    private Inflater inflater;
    private static final ThreadLocal<Codecs> LOCAL = ThreadLocal.withInitial(Codecs::new);
    private final byte[] probe = new byte[1];
    byte[] shuffled = new byte[0];
    byte[] stream = new byte[0];

    /** This thread's context. */
    public static Codecs local() { return LOCAL.get(); }

    byte[] shuffled(int size) {
        if (shuffled.length < size) shuffled = new byte[size];
        return shuffled;
    }

    byte[] stream(int size) {
        if (stream.length < size) stream = new byte[size];
        return stream;
    }

    /**
     * Decompresses one stream and returns the number of bytes written; codec failures of
     * any kind become a {@link CodecException}.
     */
    public int decompress(Compformat format, byte[] src, int off, int len, byte[] dst, int dOff, int dLen) throws CodecException {
        try {
            return switch (format) {
                case BLOSCLZ -> BloscLz.decompress(src, off, len, dst, dOff, dLen);
                case LZ4 -> lz4Native() != null ? lz4Native.decompress(src, off, len, dst, dOff, dLen)
                        : lz4.decompress(src, off, len, dst, dOff, dLen);
                case SNAPPY -> snappy.decompress(src, off, len, dst, dOff, dLen);
                case ZSTD -> NativeCodecs.zstd() ? zstdNative().decompressByteArray(dst, dOff, dLen, src, off, len)
                        : zstd().decompress(src, off, len, dst, dOff, dLen);
                case ZLIB -> inflate(src, off, len, dst, dOff, dLen);
            };
        } catch (CodecException e) {
            throw e;
        } catch (RuntimeException e) {
            String msg = e.getMessage();
            throw new CodecException(format.label() + " decoder failed: "
                    + (msg == null ? e.getClass().getSimpleName() : msg), -1);
        }
    }

    private net.jpountz.lz4.LZ4SafeDecompressor lz4Native() {
        if (!lz4Chosen) {
            lz4Native = NativeCodecs.lz4() ? net.jpountz.lz4.LZ4Factory.nativeInstance().safeDecompressor() : null;
            lz4Chosen = true;
        }
        return lz4Native;
    }

    private com.github.luben.zstd.ZstdDecompressCtx zstdNative() {
        if (zstdNative == null) zstdNative = new com.github.luben.zstd.ZstdDecompressCtx();
        return zstdNative;
    }

    private ZstdDecompressor zstd() {
        if (zstd == null) zstd = new ZstdDecompressor();
        return zstd;
    }

    private int inflate(byte[] src, int off, int len, byte[] dst, int dOff, int dLen) throws CodecException {
        if (inflater == null) inflater = new Inflater();
        Inflater inf = inflater;
        inf.reset();
        inf.setInput(src, off, len);
        int done = 0;
        try {
            while (done < dLen) {
                int n = inf.inflate(dst, dOff + done, dLen - done);
                done += n;
                if (n == 0) {
                    if (inf.finished()) break;
                    if (inf.needsInput()) throw new CodecException("zlib stream ends early", len);
                    if (inf.needsDictionary()) throw new CodecException("zlib stream asks for a preset dictionary", 0);
                }
            }
            if (done == dLen && !inf.finished()) {
                // a well-formed stream of exactly dLen bytes reports finished once the end marker is read
                if (inf.inflate(probe) != 0) throw new CodecException("zlib stream holds more than the " + dLen + " bytes expected", -1);
            }
        } catch (DataFormatException e) {
            throw new CodecException("zlib: " + e.getMessage(), len - inf.getRemaining());
        }
        return done;
    }
}
