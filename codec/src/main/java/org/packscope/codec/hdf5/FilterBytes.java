package org.packscope.codec.hdf5;

import org.packscope.codec.compress.ChunkCodecs;
import org.packscope.codec.compress.CodecException;
import org.packscope.codec.compress.CodecId;
import org.packscope.codec.inspect.SharedRules;

/**
 * What the block-framed HDF5 filters (LZ4 32004, bitshuffle 32008) share: big-endian
 * headers read with their bounds checked, sizes validated against what the input can
 * possibly hold before anything is allocated, and codec errors turned into problems that
 * name the offset inside the chunk.
 */
final class FilterBytes {
    /** No LZ4 block expands by more than this (a run of one byte codes 255 bytes per input byte). */
    static final long LZ4_MAX_RATIO = 256;
    /** Chunks PackScope decodes at once stay below a Java array's reach. */
    static final long MAX_CHUNK = Integer.MAX_VALUE - 16;

    private FilterBytes() { }

    static long u64be(byte[] b, int at, String filter) {
        need(b, at, 8, filter);
        long v = 0;
        for (int i = 0; i < 8; i++) v = v << 8 | (b[at + i] & 0xff);
        return v;
    }

    static long u32be(byte[] b, int at, String filter) {
        need(b, at, 4, filter);
        return ((b[at] & 0xffL) << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
    }

    static void need(byte[] b, long at, long n, String filter) {
        if (at < 0 || n < 0 || at + n > b.length) {
            throw new FilterDamage(Math.max(0, Math.min(at, b.length)), filter + ": the chunk ends at byte " + b.length
                    + " inside a field of " + n + " bytes at byte " + at);
        }
    }

    /** The chunk's claimed decoded size, refused when the stored bytes cannot code that much. */
    static int claimedSize(long total, long stored, long maxRatio, String filter) {
        if (total < 0 || total > MAX_CHUNK || total > Math.max(64, stored) * maxRatio) {
            throw Hdf5Failure.problem(SharedRules.TOO_LARGE_TO_HOLD, filter + ": the chunk claims " + Long.toUnsignedString(total)
                    + " decoded bytes from " + stored + " stored bytes, more than the codec can produce", -1);
        }
        return (int) total;
    }

    /** Decodes one block exactly; a block of another size, or a malformed one, fails with its offset in the chunk. */
    static void block(CodecId codec, byte[] src, int at, int len, byte[] dst, int dOff, int expected, String filter) {
        int n;
        try {
            n = ChunkCodecs.local().decode(codec, src, at, len, dst, dOff, expected);
        } catch (CodecException e) {
            long where = e.inputOffset() < 0 ? at : at + e.inputOffset();
            throw new FilterDamage(where, filter + ": the " + codec.label() + " block at byte " + at + " cannot be decoded: " + e.getMessage());
        }
        if (n != expected) {
            throw new FilterDamage(at, filter + ": the " + codec.label() + " block at byte " + at + " decodes to " + n + " bytes, " + expected + " expected");
        }
    }
}
