package org.packscope.codec.analysis;

import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;

/**
 * The walk a summary takes over {@code [from, to)} of a column, in order: a long run the
 * column knows to be undecodable (blocks that cannot be located) or one value (a Zarr
 * array's chunks that are not stored, a Pco chunk of one bin without offset bits) is handed
 * over whole, without being read; the rest is read in pages. Work then follows the data
 * stored, not the extent a header claims.
 */
final class ColumnStretches {
    /** Values a page holds, and the shortest run worth handing over whole. */
    static final int PAGE = 1 << 16;

    /** Values {@code [from, to)}, all holding {@code value}. */
    interface Uniform {
        void run(long from, long to, long value);
    }

    /** Values {@code [from, to)}, none of which can be decoded. */
    interface Undecodable {
        void run(long from, long to);
    }

    private ColumnStretches() { }

    static void walk(ValueColumn column, long from, long to, int threads, Progress progress, Uniform uniform, Undecodable undecodable,
            ReadAhead.Sink<ColumnPages.Page, RuntimeException> pages) {
        long pos = from;
        long[] one = new long[1];
        while (pos < to) {
            progress.checkCancelled();
            long bad = Math.min(to, column.undecodableEnd(pos));
            if (bad - pos >= PAGE) {
                undecodable.run(pos, bad);
                pos = bad;
                continue;
            }
            long same = Math.min(to, column.uniformEnd(pos));
            if (same - pos >= PAGE) {
                column.read(pos, one, 0, 1);
                uniform.run(pos, same, one[0]);
                pos = same;
                continue;
            }
            long end = Math.min(to, pos + PAGE);
            while (end < to && Math.min(to, column.uniformEnd(end)) - end < PAGE && Math.min(to, column.undecodableEnd(end)) - end < PAGE) {
                end = Math.min(to, end + PAGE);
            }
            ColumnPages.read(column, pos, end, PAGE, ColumnPages.Read.VALUES, threads, progress, pages);
            pos = end;
        }
    }
}
