package org.packscope.codec.hdf5;

import org.packscope.codec.compress.CodecId;

/** The HDF5 Zstandard filter (registered id 32015): each chunk is one zstd frame that states its decoded size. */
final class ZstdFilter implements io.jhdf.filter.Filter {
    static final int ID = 32015;
    private static final String NAME = "Zstandard filter (32015)";
    /** A zstd frame codes at most about this many bytes per stored byte (a run compresses to a few bytes per block). */
    private static final long MAX_RATIO = 1L << 16;

    @Override public int getId() { return ID; }

    @Override public String getName() { return "zstd"; }

    @Override
    public byte[] decode(byte[] in, int[] filterData) {
        long size;
        try {
            size = io.airlift.compress.zstd.ZstdDecompressor.getDecompressedSize(in, 0, in.length);
        } catch (RuntimeException e) {
            throw Hdf5Failure.problem(Hdf5Rules.FILTER_FAILED, NAME + ": the chunk does not start with a zstd frame header: " + Hdf5Failure.words(e), -1);
        }
        if (size < 0) {
            throw Hdf5Failure.problem(Hdf5Rules.FILTER_FAILED, NAME + ": the zstd frame does not state its decoded size, which this filter always writes", -1);
        }
        byte[] out = new byte[FilterBytes.claimedSize(size, in.length, MAX_RATIO, NAME)];
        FilterBytes.block(CodecId.ZSTD, in, 0, in.length, out, 0, out.length, NAME);
        return out;
    }
}
