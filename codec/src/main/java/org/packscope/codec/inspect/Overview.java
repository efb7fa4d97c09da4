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

    public static Overview of(ValueColumn column, long from, long to, int buckets, int bins, Progress progress) {
        if (!column.type().numeric()) throw new IllegalArgumentException("not a numeric column");
        from = Math.max(0, from);
        to = Math.min(column.count(), to);
        long n = Math.max(0, to - from);
        buckets = (int) Math.max(1, Math.min(buckets, Math.max(1, n)));
        double[] bmin = new double[buckets], bmax = new double[buckets];
        java.util.Arrays.fill(bmin, Double.NaN);
        java.util.Arrays.fill(bmax, Double.NaN);
        long pages = (n + PAGE - 1) / PAGE;
        long pagesAllowed = MAX_READ / PAGE;
        long stride = n > MAX_READ ? (pages + pagesAllowed - 1) / pagesAllowed : 1;
        ValueType t = column.type();
        long[] page = new long[PAGE];
        double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY, sum = 0;
        long finite = 0, nonFinite = 0, gaps = 0;
        byte[] marks = column.mayHaveGaps() ? new byte[PAGE] : null;
        // first pass: bucket extremes and statistics
        for (long p = 0; p < pages; p += stride) {
            progress.checkCancelled();
            long start = from + p * PAGE;
            int len = (int) Math.min(PAGE, to - start);
            column.read(start, page, 0, len);
            if (marks != null) column.gaps(start, marks, 0, len);
            for (int i = 0; i < len; i++) {
                if (marks != null && marks[i] != ValueColumn.PRESENT) {
                    gaps++;
                    continue;
                }
                double v = t.toDouble(page[i]);
                if (!Double.isFinite(v)) {
                    nonFinite++;
                    continue;
                }
                int b = (int) ((start + i - from) * buckets / n);
                if (!(v >= bmin[b])) bmin[b] = v;
                if (!(v <= bmax[b])) bmax[b] = v;
                if (v < min) min = v;
                if (v > max) max = v;
                sum += v;
                finite++;
            }
            progress.update((double) (p + 1) / pages, null);
        }
        if (finite == 0) {
            min = Double.NaN;
            max = Double.NaN;
        }
        // histogram from the bucket pass's range: a second read, only of what was read before
        bins = Math.max(1, bins);
        double[] edges = new double[bins + 1];
        long[] counts = new long[bins];
        if (finite > 0) {
            double lo = min, hi = max == min ? min + 1 : max;
            for (int i = 0; i <= bins; i++) edges[i] = lo + (hi - lo) * i / bins;
            for (long p = 0; p < pages; p += stride) {
                progress.checkCancelled();
                long start = from + p * PAGE;
                int len = (int) Math.min(PAGE, to - start);
                column.read(start, page, 0, len);
                if (marks != null) column.gaps(start, marks, 0, len);
                for (int i = 0; i < len; i++) {
                    if (marks != null && marks[i] != ValueColumn.PRESENT) continue;
                    double v = t.toDouble(page[i]);
                    if (!Double.isFinite(v)) continue;
                    int b = (int) ((v - lo) / (hi - lo) * bins);
                    counts[Math.min(bins - 1, Math.max(0, b))]++;
                }
            }
        }
        return new Overview(from, to, bmin, bmax, min, max, finite == 0 ? Double.NaN : sum / finite,
                finite, nonFinite, edges, counts, stride > 1, gaps);
    }
}
