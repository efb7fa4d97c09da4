package org.packscope.codec.hdf5;

import java.util.Arrays;

import org.packscope.codec.compress.ChunkCodecs;
import org.packscope.codec.compress.CodecException;
import org.packscope.codec.compress.CodecId;
import org.packscope.codec.inspect.SharedRules;

/** The HDF5 bzip2 filter (registered id 307): each chunk is one bzip2 stream. */
final class Bzip2Filter implements io.jhdf.filter.Filter, BoundedFilter {
    static final Bzip2Filter BOUNDED = new Bzip2Filter();
    static final int ID = 307;
    private static final String NAME = "bzip2 filter (307)";
    /** bzip2's run-length stages bound its expansion well below this. */
    private static final long MAX_RATIO = 1L << 16;

    @Override public int getId() { return ID; }

    @Override public String getName() { return "bzip2"; }

    @Override
    public byte[] decode(byte[] in, int[] filterData) {
        return decode(in, filterData, Math.min(FilterBytes.MAX_CHUNK, Math.max(64, in.length) * MAX_RATIO));
    }

    /**
     * Decodes through {@link ChunkCodecs}, into room that grows fourfold from a guess (a
     * chunk's size is known only to the filter that is undone last) up to {@code cap}.
     */
    @Override
    public byte[] decode(byte[] in, int[] filterData, long cap) {
        for (long room = Math.min(cap, Math.max(1 << 16, in.length * 16L)); ; room = Math.min(cap, room * 4)) {
            byte[] out = new byte[(int) room];
            try {
                int n = ChunkCodecs.local().decode(CodecId.BZIP2, in, 0, in.length, out, 0, out.length);
                return n == out.length ? out : Arrays.copyOf(out, n);
            } catch (CodecException e) {
                if (!e.overran()) throw Hdf5Failure.problem(Hdf5Rules.FILTER_FAILED, NAME + ": the bzip2 stream cannot be decoded: " + e.getMessage(), -1);
                if (room >= cap) {
                    throw Hdf5Failure.problem(SharedRules.TOO_LARGE_TO_HOLD, NAME + ": the chunk decodes to more than " + cap
                            + " bytes, as much as it can hold; decoding stopped there", -1);
                }
            }
        }
    }
}
