package org.packscope.codec.compress;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.DataFormatException;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;

import io.airlift.compress.MalformedInputException;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.snappy.SnappyDecompressor;
import io.airlift.compress.zstd.ZstdDecompressor;

/**
 * The one place PackScope decompresses a chunk with a general-purpose codec: Blosc's
 * inner streams, bcolz chunks, Zarr chunks and HDF5 filters all come through here, so
 * each codec is wired (native library or pure-Java fallback, see {@link NativeCodecs})
 * and its errors are translated once. Errors carry the offset in the input where the
 * codec found the problem, when the codec says (aircompressor does; zlib counts what it
 * consumed), so a diagnostic can point at the byte.
 *
 * <p>Codec instances keep state and are not thread-safe: one context per thread
 * ({@link #local()}), never shared.
 */
public final class ChunkCodecs {

    private static final ThreadLocal<ChunkCodecs> LOCAL = ThreadLocal.withInitial(ChunkCodecs::new);

    private final Lz4Decompressor lz4 = new Lz4Decompressor();
    private final SnappyDecompressor snappy = new SnappyDecompressor();
    private ZstdDecompressor zstd;
    private com.github.luben.zstd.ZstdDecompressCtx zstdNative;
    private net.jpountz.lz4.LZ4SafeDecompressor lz4Native;
    private boolean lz4Chosen;
    private Inflater inflater;
    private final byte[] probe = new byte[1];

    /** This thread's context. */
    public static ChunkCodecs local() { return LOCAL.get(); }

    /**
     * Decodes {@code len} bytes at {@code src[off]} into {@code dst[dOff..dOff+expected)} and
     * returns how many bytes it wrote (at most {@code expected}: output that would exceed it
     * is an error, never an overrun). Malformed input of any kind becomes a
     * {@link CodecException} whose offset is relative to {@code off}, or -1 when unknown.
     */
    public int decode(CodecId codec, byte[] src, int off, int len, byte[] dst, int dOff, int expected) throws CodecException {
        try {
            return switch (codec) {
                case LZ4 -> lz4Native() != null ? lz4Native.decompress(src, off, len, dst, dOff, expected)
                        : lz4.decompress(src, off, len, dst, dOff, expected);
                case SNAPPY -> snappy.decompress(src, off, len, dst, dOff, expected);
                case ZSTD -> NativeCodecs.zstd() ? zstdNative().decompressByteArray(dst, dOff, expected, src, off, len)
                        : zstd().decompress(src, off, len, dst, dOff, expected);
                case ZLIB -> inflate(src, off, len, dst, dOff, expected);
                case GZIP -> drain(codec, new GZIPInputStream(new ByteArrayInputStream(src, off, len)), dst, dOff, expected);
                case BZIP2 -> drain(codec, new io.airlift.compress.bzip2.BZip2HadoopStreams().createInputStream(
                        new ByteArrayInputStream(src, off, len)), dst, dOff, expected);
            };
        } catch (CodecException e) {
            throw e;
        } catch (MalformedInputException e) {
            // aircompressor's offsets are absolute positions in the array it was given
            throw new CodecException(codec.label() + ": " + message(e), e.getOffset() - off);
        } catch (IOException | RuntimeException e) {
            throw new CodecException(codec.label() + " decoder failed: " + message(e), -1);
        }
    }

    /** Decodes a whole input into a new array of exactly {@code expected} bytes; fewer is an error. */
    public byte[] decodeExactly(CodecId codec, byte[] src, int off, int len, int expected) throws CodecException {
        byte[] out = new byte[expected];
        int n = decode(codec, src, off, len, out, 0, expected);
        if (n != expected) throw new CodecException(codec.label() + " stream decodes to " + n + " bytes, " + expected + " expected", -1);
        return out;
    }

    private static String message(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private int drain(CodecId codec, InputStream in, byte[] dst, int dOff, int expected) throws IOException, CodecException {
        try (in) {
            int done = 0;
            while (done < expected) {
                int n = in.read(dst, dOff + done, expected - done);
                if (n < 0) return done;
                done += n;
            }
            if (in.read(probe) >= 0) throw CodecException.overran(codec.label() + " stream holds more than the " + expected + " bytes expected");
            return done;
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
                    if (inf.needsInput()) throw CodecException.endsEarly("zlib stream ends early", len, done);
                    if (inf.needsDictionary()) throw new CodecException("zlib stream asks for a preset dictionary", 0);
                }
            }
            if (done == dLen && !inf.finished()) {
                // a well-formed stream of exactly dLen bytes reports finished once the end marker is read
                if (inf.inflate(probe) != 0) throw CodecException.overran("zlib stream holds more than the " + dLen + " bytes expected");
            }
        } catch (DataFormatException e) {
            throw new CodecException("zlib: " + e.getMessage(), len - inf.getRemaining());
        }
        return done;
    }
}
