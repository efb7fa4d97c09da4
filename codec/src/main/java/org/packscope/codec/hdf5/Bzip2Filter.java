package org.packscope.codec.hdf5;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.read.ReadProblem;

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

    @Override
    public byte[] decode(byte[] in, int[] filterData, long cap) {
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) Math.min(cap + 1, Math.min(1 << 20, in.length * 4L + 64)));
        byte[] buf = new byte[64 << 10];
        try (InputStream s = new io.airlift.compress.bzip2.BZip2HadoopStreams().createInputStream(new ByteArrayInputStream(in))) {
            for (int n; (n = s.read(buf)) > 0; ) {
                if (out.size() + (long) n > cap) {
                    throw Hdf5Failure.problem(SharedRules.TOO_LARGE_TO_HOLD, NAME + ": the chunk decodes to more than " + cap
                            + " bytes, as much as it can hold; decoding stopped there", -1);
                }
                out.write(buf, 0, n);
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof ReadProblem p) throw p;
            throw Hdf5Failure.problem(Hdf5Rules.FILTER_FAILED, NAME + ": the bzip2 stream cannot be decoded: " + Hdf5Failure.words(e), -1);
        }
        return out.toByteArray();
    }
}
