package org.packscope.codec.hdf5;

import org.packscope.codec.blosc.Shuffle;
import org.packscope.codec.compress.CodecId;

/**
 * The HDF5 bitshuffle filter (registered id 32008). Its parameters are (major, minor,
 * element size, block size in elements or 0 for the default, compression: 0 none, 2 LZ4,
 * 3 zstd). Values are bit-transposed in blocks of the block size; the elements after the
 * last whole block are transposed as one block rounded down to a multiple of 8, and the
 * final {@code n mod 8} elements are kept as they are. Compressed chunks start with an
 * 8-byte big-endian decoded size and a 4-byte big-endian block size in bytes, and store
 * each block as a 4-byte big-endian size and a codec block; the raw tail follows them.
 * The bit transpose is the one Blosc's bitshuffle uses (both come from the bitshuffle
 * library), so Blosc's implementation serves here.
 */
final class BitshuffleFilter implements io.jhdf.filter.Filter {
    static final int ID = 32008;
    private static final String NAME = "bitshuffle filter (32008)";

    @Override public int getId() { return ID; }

    @Override public String getName() { return "bitshuffle"; }

    /** The library's default: about 8 KiB of elements, a multiple of 8, at least 128. */
    static int defaultBlock(int elemSize) {
        return Math.max(128, (8192 / elemSize) / 8 * 8);
    }

    @Override
    public byte[] decode(byte[] in, int[] cd) {
        if (cd.length < 3 || cd[2] <= 0) throw Hdf5Failure.problem(Hdf5Rules.FILTER_FAILED, NAME + ": the filter parameters give no element size", -1);
        int elemSize = cd[2];
        int blockElems = cd.length > 3 && cd[3] > 0 ? cd[3] : defaultBlock(elemSize);
        if (blockElems % 8 != 0) throw Hdf5Failure.problem(Hdf5Rules.FILTER_FAILED, NAME + ": the block size " + blockElems + " is not a multiple of 8", -1);
        int compression = cd.length > 4 ? cd[4] : 0;
        return switch (compression) {
            case 0 -> untransposeAll(in, 0, in.length, elemSize, blockElems);
            case 2 -> decompressed(in, elemSize, CodecId.LZ4, FilterBytes.LZ4_MAX_RATIO);
            case 3 -> decompressed(in, elemSize, CodecId.ZSTD, 1L << 16);
            default -> throw Hdf5Failure.problem(Hdf5Rules.FILTER_FAILED, NAME + ": compression " + compression + " is not one the filter defines", -1);
        };
    }

    private static byte[] untransposeAll(byte[] in, int off, int len, int elemSize, int blockElems) {
        byte[] out = new byte[len];
        int n = len / elemSize;
        int at = 0;
        for (int done = 0; done + 8 <= n; ) {
            int m = Math.min(blockElems, (n - done) / 8 * 8);
            Shuffle.bitunshuffle(elemSize, m * elemSize, in, off + at, out, at);
            at += m * elemSize;
            done += m;
            if (m < blockElems) break;
        }
        System.arraycopy(in, off + at, out, at, len - at);
        return out;
    }

    private static byte[] decompressed(byte[] in, int elemSize, CodecId codec, long maxRatio) {
        int total = FilterBytes.claimedSize(FilterBytes.u64be(in, 0, NAME), in.length, maxRatio, NAME);
        long blockBytes = FilterBytes.u32be(in, 8, NAME);
        if (blockBytes <= 0 || blockBytes % (8L * elemSize) != 0) {
            throw Hdf5Failure.problem(Hdf5Rules.FILTER_FAILED, NAME + ": the block size " + blockBytes + " bytes is not a positive multiple of 8 elements", -1);
        }
        int n = total / elemSize;
        int tail = (n % 8) * elemSize;
        int transposed = total - tail;
        byte[] shuffled = new byte[(int) Math.min(blockBytes, transposed)];
        byte[] out = new byte[total];
        int at = 12;
        for (int done = 0; done < transposed; ) {
            int expected = (int) Math.min(blockBytes, transposed - done);
            long stored = FilterBytes.u32be(in, at, NAME);
            at += 4;
            FilterBytes.need(in, at, stored, NAME);
            FilterBytes.block(codec, in, at, (int) stored, shuffled, 0, expected, NAME);
            Shuffle.bitunshuffle(elemSize, expected, shuffled, 0, out, done);
            at += (int) stored;
            done += expected;
        }
        FilterBytes.need(in, at, tail, NAME);
        System.arraycopy(in, at, out, transposed, tail);
        return out;
    }
}
