package org.packscope.codec.inspect;

/**
 * What a plot needs of a value column, computed in one pass over a range: per bucket
 * the minimum and maximum (so a line plot of millions of values keeps every spike at
 * any zoom), a histogram, and summary statistics. Ranges larger than
 * {@link #MAX_READ} values are read in evenly spaced pages, and say so. Gaps (values
 * that could not be decoded, or are missing) are left out of buckets and statistics
 * and counted in {@link #gaps}.
 */
public record Overview(long from, long to, double[] bucketMin, double[] bucketMax,
                       double min, double max, double mean, long finite, long nonFinite,
                       double[] histogramEdges, long[] histogramCounts, boolean sampled, long gaps) {

    public static final long MAX_READ = 16_000_000;
    private static final int PAGE = 1 << 16;

    public int buckets() { return bucketMin.length; }

    /** First index of bucket {@code b}. */
    public long bucketStart(int b) { return from + (to - from) * b / buckets(); }

    /** {@link #of(ValueColumn, long, long, int, int, Progress, int)} on all cores. */
    public static Overview of(ValueColumn column, long from, long to, int buckets, int bins, Progress progress) {
        return of(column, from, to, buckets, bins, progress, ParallelTasks.cores());
    }

    /**
     * Reads {@code [from, to)} with pages decoded ahead on up to {@code threads} threads and
     * folded in order on the caller's thread, so the result (its floating-point sum too)
     * does not depend on the thread count.
     */
    public static Overview of(ValueColumn column, long fromWanted, long toWanted, int bucketsWanted, int binsWanted,
                              Progress progress, int threads) {
        if (!column.type().numeric()) throw new IllegalArgumentException("not a numeric column");
        long from = Math.max(0, fromWanted);
        long to = Math.min(column.count(), toWanted);
        long n = Math.max(0, to - from);
        int buckets = (int) Math.max(1, Math.min(bucketsWanted, Math.max(1, n)));
        double[] bmin = new double[buckets], bmax = new double[buckets];
        java.util.Arrays.fill(bmin, Double.NaN);
        java.util.Arrays.fill(bmax, Double.NaN);
        long pages = (n + PAGE - 1) / PAGE;
        long pagesAllowed = MAX_READ / PAGE;
        long stride = n > MAX_READ ? (pages + pagesAllowed - 1) / pagesAllowed : 1;
        long pagesRead = (pages + stride - 1) / stride;
        ValueType t = column.type();
        Stats st = new Stats();
        // first pass: bucket extremes and statistics
        ColumnPages.read(column, from, to, PAGE, stride, ColumnPages.Read.VALUES, threads, progress, (page, k) -> {
            long start = page.start;
            int len = page.length;
            long[] values = page.values;
            for (int i = 0; i < len; i++) {
                if (page.gap(i)) {
                    st.gaps++;
                    continue;
                }
                double v = t.toDouble(values[i]);
                if (!Double.isFinite(v)) {
                    st.nonFinite++;
                    continue;
                }
                int b = (int) ((start + i - from) * buckets / n);
                if (!(v >= bmin[b])) bmin[b] = v;
                if (!(v <= bmax[b])) bmax[b] = v;
                if (v < st.min) st.min = v;
                if (v > st.max) st.max = v;
                st.sum += v;
                st.finite++;
            }
            progress.update((double) (k + 1) / pagesRead, null);
        });
        double min = st.min, max = st.max;
        long finite = st.finite;
        if (finite == 0) {
            min = Double.NaN;
            max = Double.NaN;
        }
        // histogram from the bucket pass's range: a second read, only of what was read before
        int bins = Math.max(1, binsWanted);
        double[] edges = new double[bins + 1];
        long[] counts = new long[bins];
        if (finite > 0) {
            double lo = min, hi = max == min ? min + 1 : max;
            for (int i = 0; i <= bins; i++) edges[i] = lo + (hi - lo) * i / bins;
            ColumnPages.read(column, from, to, PAGE, stride, ColumnPages.Read.VALUES, threads, progress, (page, k) -> {
                int len = page.length;
                long[] values = page.values;
                for (int i = 0; i < len; i++) {
                    if (page.gap(i)) continue;
                    double v = t.toDouble(values[i]);
                    if (!Double.isFinite(v)) continue;
                    int b = (int) ((v - lo) / (hi - lo) * bins);
                    counts[Math.min(bins - 1, Math.max(0, b))]++;
                }
            });
        }
        return new Overview(from, to, bmin, bmax, min, max, finite == 0 ? Double.NaN : st.sum / finite,
                finite, st.nonFinite, edges, counts, stride > 1, st.gaps);
    }

    /** The first pass's running statistics. */
    private static final class Stats {
        double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY, sum;
        long finite, nonFinite, gaps;
    }
}
