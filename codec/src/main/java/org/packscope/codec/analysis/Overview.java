package org.packscope.codec.analysis;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.function.Consumer;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Summary;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * What a line plot needs of a value column: for each pixel column the minimum and maximum
 * of every value drawn in it (so a plot of millions of values keeps every spike at any
 * zoom), and exact {@link Summary statistics}. Every value of the range is read: 20 M
 * values decode in a fraction of a second, and a sample read in runs of pages drew regular
 * empty stripes over evenly spread data.
 *
 * <p>The plot maps index {@code i} of {@code [from, to)} onto {@code columns} pixel columns
 * as {@code floor((i - from) · columns / (to - from))}: column {@code b} holds the indices
 * {@code [columnFirst(b), columnEnd(b))}. When there are fewer values than columns, a
 * column that no index falls in shows the index before it, whose cell spans it. Gaps and
 * NaN/∞ are left out of the columns (a column of nothing else is NaN) and counted.
 *
 * @param bucketMin per column, the smallest value drawn in it (NaN when none)
 * @param bucketMax per column, the largest
 * @param summary   statistics of the values read so far ({@code summary.exact()} once all are)
 */
public record Overview(long from, long to, double[] bucketMin, double[] bucketMax, Summary summary) {

    /** Columns beyond any screen: a wider request is a caller's mistake, not a reason to allocate. */
    public static final int MAX_COLUMNS = 1 << 14;
    /** How many partial overviews a read hands out while it runs. */
    private static final int PARTIALS = 20;

    public int buckets() { return bucketMin.length; }

    /** True once every value of the range was read. */
    public boolean complete() { return summary.exact(); }

    /** First index of column {@code b}: {@code from + ceil(b · n / columns)}. */
    public long columnFirst(int b) { return from + ceilMulDiv(b, to - from, buckets()); }

    /** End (exclusive) of column {@code b}'s indices. */
    public long columnEnd(int b) { return from + ceilMulDiv(b + 1L, to - from, buckets()); }

    /** First index of column {@code b} (older name of {@link #columnFirst}). */
    public long bucketStart(int b) { return columnFirst(b); }

    public double min() { return summary.min(); }

    public double max() { return summary.max(); }

    public double mean() { return summary.mean(); }

    public long finite() { return summary.counted(); }

    public long nonFinite() { return summary.nonFinite(); }

    public long gaps() { return summary.gaps(); }

    /** {@link #of(ValueColumn, long, long, int, Progress, Consumer, int)} on all cores, without partial results. */
    public static Overview of(ValueColumn column, long from, long to, int columns, Progress progress) {
        return of(column, from, to, columns, progress, null, ParallelTasks.cores());
    }

    /**
     * Reads every value of {@code [from, to)}, pages decoded ahead on up to {@code threads}
     * threads and folded in order on the caller's thread, so the result (the float sum too)
     * does not depend on the thread count. {@code partial}, when given, gets a copy of the
     * columns and statistics so far about twenty times while reading.
     */
    public static Overview of(ValueColumn column, long fromWanted, long toWanted, int columnsWanted, Progress progress,
                              Consumer<Overview> partial, int threads) {
        ValueType t = column.type();
        if (!t.numeric()) throw new IllegalArgumentException("not a numeric column");
        long from = Math.max(0, fromWanted);
        long to = Math.max(from, Math.min(column.count(), toWanted));
        long n = to - from;
        int columns = Math.max(1, Math.min(MAX_COLUMNS, columnsWanted));
        Folding f = new Folding(t, n, columns);
        int[] reports = {0};
        // runs the column knows to be one value or undecodable are folded without being read
        ColumnStretches.walk(column, from, to, threads, progress, (a, b, v) -> {
            f.foldConstant(a - from, b - from, v);
            progress.update((double) (b - from) / n, null);
        }, (a, b) -> {
            f.gaps(b - a);
            progress.update((double) (b - from) / n, null);
        }, (page, k) -> {
            f.fold(page, page.start - from);
            long done = page.start - from + page.length;
            progress.update((double) done / n, null);
            if (partial != null && done < n && done * PARTIALS / n > reports[0]) {
                reports[0] = (int) (done * PARTIALS / n);
                partial.accept(f.overview(from, to));
            }
        });
        return f.overview(from, to);
    }

    /** The running state of one read: the column being filled and the statistics. */
    private static final class Folding {
        private final ValueType type;
        private final boolean isFloat, unsigned64;
        private final long n;
        private final int columns;
        private final double[] bmin, bmax;
        private final Summary.Accumulator acc;
        private int b;
        private long end;

        Folding(ValueType type, long n, int columns) {
            this.type = type;
            this.isFloat = type.kind() == ValueType.Kind.FLOAT;
            this.unsigned64 = type.kind() == ValueType.Kind.UINT && type.byteWidth() == 8;
            this.n = n;
            this.columns = columns;
            this.bmin = new double[columns];
            this.bmax = new double[columns];
            Arrays.fill(bmin, Double.NaN);
            Arrays.fill(bmax, Double.NaN);
            this.acc = new Summary.Accumulator(type);
            this.end = ceilMulDiv(1, n, columns);
        }

        /** Counts {@code count} values that could not be decoded (they draw nothing). */
        void gaps(long count) {
            acc.gaps(count);
            acc.undecodable(count);
        }

        /** Folds indices {@code [relFrom, relTo)} of the range, all of them the present value {@code raw}. */
        void foldConstant(long relFrom, long relTo, long raw) {
            while (relFrom >= end) end = ceilMulDiv(++b + 1L, n, columns);
            double d = type.toDouble(raw);
            if (isFloat) acc.addFloatRepeated(d, relTo - relFrom);
            else acc.addIntegerRepeated(raw, relTo - relFrom);
            boolean drawn = !isFloat || Double.isFinite(d);
            while (true) {
                if (drawn) widen(d, d);
                if (end >= relTo) break;
                end = ceilMulDiv(++b + 1L, n, columns);
            }
        }

        /** Folds a page whose first value is index {@code rel} of the range, one column's run at a time. */
        void fold(ColumnPages.Page page, long rel) {
            int len = page.length;
            int i = 0;
            while (i < len) {
                while (rel + i >= end) end = ceilMulDiv(++b + 1L, n, columns);
                int runEnd = (int) Math.min(len, end - rel);
                if (isFloat) floats(page, i, runEnd); else integers(page, i, runEnd);
                i = runEnd;
            }
        }

        private void integers(ColumnPages.Page page, int from, int to) {
            long[] v = page.values;
            boolean any = false;
            long lo = 0, hi = 0;
            // runs of values between gaps, each folded in bulk
            for (int i = from; i < to; ) {
                if (page.gap(i)) {
                    acc.gaps(1);
                    if (page.undecodable(i)) acc.undecodable(1);
                    i++;
                    continue;
                }
                int end = i + 1;
                while (end < to && !page.gap(end)) end++;
                acc.addIntegers(v, i, end);
                if (!any) {
                    lo = v[i];
                    hi = v[i];
                    any = true;
                }
                if (unsigned64) {
                    for (int k = i; k < end; k++) {
                        if (Long.compareUnsigned(v[k], lo) < 0) lo = v[k];
                        if (Long.compareUnsigned(hi, v[k]) < 0) hi = v[k];
                    }
                } else {
                    for (int k = i; k < end; k++) {
                        lo = Math.min(lo, v[k]);
                        hi = Math.max(hi, v[k]);
                    }
                }
                i = end;
            }
            if (any) widen(type.toDouble(lo), type.toDouble(hi));
        }

        private void floats(ColumnPages.Page page, int from, int to) {
            long[] v = page.values;
            double lo = Double.NaN, hi = Double.NaN;
            for (int i = from; i < to; i++) {
                if (page.gap(i)) {
                    acc.gaps(1);
                    if (page.undecodable(i)) acc.undecodable(1);
                    continue;
                }
                double d = type.toDouble(v[i]);
                acc.addFloat(d);
                if (!Double.isFinite(d)) continue;
                if (!(d >= lo)) lo = d;
                if (!(d <= hi)) hi = d;
            }
            if (!Double.isNaN(lo)) widen(lo, hi);
        }

        private void widen(double lo, double hi) {
            if (!(lo >= bmin[b])) bmin[b] = lo;
            if (!(hi <= bmax[b])) bmax[b] = hi;
        }

        /** A copy of the state: columns no index falls in show the index before them. */
        Overview overview(long from, long to) {
            double[] lo = bmin.clone(), hi = bmax.clone();
            for (int c = 1; c < columns; c++) {
                if (ceilMulDiv(c, n, columns) == ceilMulDiv(c + 1L, n, columns)) {
                    lo[c] = lo[c - 1];
                    hi[c] = hi[c - 1];
                }
            }
            return new Overview(from, to, lo, hi, acc.summary(n));
        }
    }

    /** {@code ceil(a · n / w)} for non-negative arguments, exact however large {@code a · n} is. */
    static long ceilMulDiv(long a, long n, long w) {
        if (Math.multiplyHigh(a, n) == 0 && a * n >= 0) return -Math.floorDiv(-(a * n), w);
        BigInteger[] qr = BigInteger.valueOf(a).multiply(BigInteger.valueOf(n)).divideAndRemainder(BigInteger.valueOf(w));
        return qr[0].longValueExact() + (qr[1].signum() > 0 ? 1 : 0);
    }
}
