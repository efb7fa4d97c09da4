package org.packscope.codec.inspect;

import java.util.function.Consumer;

/**
 * A histogram of every value of a column (no sampling: a sample read in runs of pages
 * drew a saw-tooth over evenly spaced data). Two streaming passes: the exact minimum and
 * maximum, then the counts.
 *
 * <p>Integer columns are binned in integer arithmetic over {@code [min, max + 1)}: each
 * integer owns a unit cell, so bin edges never alias with the data's spacing (20 M
 * timestamps evenly spread give exactly 200,000 per each of 100 bins). Floats are binned
 * over {@code [min, max]}, the maximum in the last bin. Gaps (undecodable or missing
 * values) and NaN/∞ are counted, never binned.
 *
 * @param edges    {@code bins + 1} bin edges, as doubles for drawing
 * @param counts   values per bin
 * @param gaps     values left out because they are gaps
 * @param nonFinite float values left out because they are NaN or ±∞
 * @param read     values read so far (all of them once {@code complete})
 * @param complete false for the partial histograms handed out while counting
 */
public record Histogram(double[] edges, long[] counts, long gaps, long nonFinite, long read, boolean complete) {
    private static final int PAGE = 1 << 16;

    /** Values counted in the bins. */
    public long binned() {
        long n = 0;
        for (long c : counts) n += c;
        return n;
    }

    /** The largest bin count (at least 1, so axes and scales stay finite). */
    public long tallest() {
        long m = 1;
        for (long c : counts) m = Math.max(m, c);
        return m;
    }

    /** Counts all values; {@code partial} gets a copy of the counts so far about twenty times while counting. */
    public static Histogram of(ValueColumn column, int bins, Progress progress, Consumer<Histogram> partial) {
        ValueType t = column.type();
        if (!t.numeric()) throw new IllegalArgumentException("not a numeric column");
        bins = Math.max(1, bins);
        long n = column.count();
        boolean integer = t.kind() != ValueType.Kind.FLOAT;
        boolean unsigned64 = t.kind() == ValueType.Kind.UINT && t.byteWidth() == 8;
        long[] page = new long[PAGE];
        byte[] marks = column.mayHaveGaps() ? new byte[PAGE] : null;
        // pass 1: exact extremes (raw longs for integers, doubles for floats)
        long lo = 0, hi = 0;
        double dlo = Double.POSITIVE_INFINITY, dhi = Double.NEGATIVE_INFINITY;
        boolean any = false;
        long gaps = 0, nonFinite = 0;
        for (long s = 0; s < n; s += PAGE) {
            progress.checkCancelled();
            int len = readPage(column, s, page, marks);
            for (int i = 0; i < len; i++) {
                if (marks != null && marks[i] != ValueColumn.PRESENT) {
                    gaps++;
                    continue;
                }
                long v = page[i];
                if (integer) {
                    if (!any) {
                        lo = v;
                        hi = v;
                    } else if (unsigned64) {
                        if (Long.compareUnsigned(v, lo) < 0) lo = v;
                        if (Long.compareUnsigned(v, hi) > 0) hi = v;
                    } else {
                        if (v < lo) lo = v;
                        if (v > hi) hi = v;
                    }
                    any = true;
                } else {
                    double d = t.toDouble(v);
                    if (!Double.isFinite(d)) {
                        nonFinite++;
                        continue;
                    }
                    if (d < dlo) dlo = d;
                    if (d > dhi) dhi = d;
                    any = true;
                }
            }
            progress.update(0.5 * (s + len) / n, "range");
        }
        long[] counts = new long[bins];
        double[] edges = new double[bins + 1];
        if (!any) return new Histogram(edges, counts, gaps, nonFinite, n, true);
        // integer cells: span = hi - lo + 1 (as an unsigned 64-bit number); exact when span × bins fits a long
        long span = hi - lo + 1;
        boolean exact = integer && span != 0 && Long.compareUnsigned(span, Long.MAX_VALUE / bins) <= 0;
        double first = integer ? t.toDouble(lo) : dlo;
        double width = integer ? unsignedToDouble(span) : (dhi > dlo ? dhi - dlo : 1);
        for (int i = 0; i <= bins; i++) edges[i] = first + width * i / bins;
        int reports = 0;
        for (long s = 0; s < n; s += PAGE) {
            progress.checkCancelled();
            int len = readPage(column, s, page, marks);
            for (int i = 0; i < len; i++) {
                if (marks != null && marks[i] != ValueColumn.PRESENT) continue;
                long v = page[i];
                int b;
                if (exact) {
                    b = (int) ((v - lo) * bins / span);
                } else if (integer) {
                    b = (int) (unsignedToDouble(v - lo) / width * bins);
                } else {
                    double d = t.toDouble(v);
                    if (!Double.isFinite(d)) continue;
                    b = (int) ((d - dlo) / width * bins);
                }
                counts[Math.min(bins - 1, Math.max(0, b))]++;
            }
            long done = s + len;
            progress.update(0.5 + 0.5 * done / n, "counting");
            if (partial != null && done < n && done * 20 / n > reports) {
                reports = (int) (done * 20 / n);
                partial.accept(new Histogram(edges, counts.clone(), gaps, nonFinite, done, false));
            }
        }
        return new Histogram(edges, counts, gaps, nonFinite, n, true);
    }

    /** Reads the page of values at {@code s} and, when the column may have gaps, their marks; returns how many. */
    private static int readPage(ValueColumn column, long s, long[] page, byte[] marks) {
        int len = (int) Math.min(PAGE, column.count() - s);
        column.read(s, page, 0, len);
        if (marks != null) column.gaps(s, marks, 0, len);
        return len;
    }

    private static double unsignedToDouble(long v) {
        return v >= 0 ? v : (v >>> 1) * 2.0 + (v & 1);
    }
}
