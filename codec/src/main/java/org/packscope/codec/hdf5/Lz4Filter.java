package org.packscope.codec.hdf5;

import org.packscope.codec.compress.CodecId;

/**
 * The HDF5 LZ4 filter (registered id 32004): an 8-byte big-endian decoded size, a 4-byte
 * big-endian block size, then each block as a 4-byte big-endian stored size and either an
 * LZ4 block or, when the stored size equals the block's decoded size, the bytes as they were.
 */
final class Lz4Filter implements io.jhdf.filter.Filter {
    static final int ID = 32004;
    private static final String NAME = "LZ4 filter (32004)";

    @Override public int getId() { return ID; }

    @Override public String getName() { return "lz4"; }

    @Override
    public byte[] decode(byte[] in, int[] filterData) {
        int total = FilterBytes.claimedSize(FilterBytes.u64be(in, 0, NAME), in.length, FilterBytes.LZ4_MAX_RATIO, NAME);
        long blockSize = FilterBytes.u32be(in, 8, NAME);
        if (blockSize == 0 && total > 0) throw Hdf5Failure.problem(Hdf5Rules.FILTER_FAILED, NAME + ": the block size is 0", -1);
        byte[] out = new byte[total];
        int at = 12;
        for (int done = 0; done < total; ) {
            int expected = (int) Math.min(blockSize, total - done);
            long stored = FilterBytes.u32be(in, at, NAME);
            at += 4;
            FilterBytes.need(in, at, stored, NAME);
            if (stored == expected) {
                System.arraycopy(in, at, out, done, expected);
            } else {
                FilterBytes.block(CodecId.LZ4, in, at, (int) stored, out, done, expected, NAME);
            }
            at += (int) stored;
            done += expected;
        }
        return out;
    }
}
