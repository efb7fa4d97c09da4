package org.packscope.codec.blosc;

import org.packscope.codec.compress.ChunkCodecs;
import org.packscope.codec.compress.CodecException;
import org.packscope.codec.compress.CodecId;

/**
 * The per-thread state for decoding Blosc streams: scratch buffers reused across blocks,
 * and the general-purpose codecs ({@link ChunkCodecs}) for every stream format but
 * Blosc's own BloscLZ. One context per thread; never shared.
 */
public final class Codecs {
    private static final ThreadLocal<Codecs> LOCAL = ThreadLocal.withInitial(Codecs::new);
    private final ChunkCodecs codecs = new ChunkCodecs();
    byte[] shuffled = new byte[0];
    byte[] stream = new byte[0];
    private byte[] unit = new byte[0];

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
     * A buffer for whole decoded units that a caller throws away (a bulk decode, a check):
     * kept, because a fresh one costs the kernel's page faults on every first touch, which
     * on a virtual machine took as long as decoding into it (a 1 MB block buffer made every
     * other 16 MB LZ4 chunk decode 4-5 ms slower, 5.7-6.5 ms against 1.3 ms).
     */
    byte[] unit(int size) {
        if (unit.length < size) unit = new byte[size];
        return unit;
    }

    /**
     * Decompresses one stream and returns the number of bytes written; codec failures of
     * any kind become a {@link CodecException}.
     */
    public int decompress(Compformat format, byte[] src, int off, int len, byte[] dst, int dOff, int dLen) throws CodecException {
        return switch (format) {
            case BLOSCLZ -> {
                try {
                    yield BloscLz.decompress(src, off, len, dst, dOff, dLen);
                } catch (RuntimeException e) {
                    throw new CodecException(format.label() + " decoder failed: "
                            + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), -1);
                }
            }
            case LZ4 -> codecs.decode(CodecId.LZ4, src, off, len, dst, dOff, dLen);
            case SNAPPY -> codecs.decode(CodecId.SNAPPY, src, off, len, dst, dOff, dLen);
            case ZLIB -> codecs.decode(CodecId.ZLIB, src, off, len, dst, dOff, dLen);
            case ZSTD -> codecs.decode(CodecId.ZSTD, src, off, len, dst, dOff, dLen);
        };
    }
}
