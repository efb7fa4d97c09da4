package org.packscope.codec.analysis;

import java.util.function.Consumer;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

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
 * @param undecodable those of the gaps the reader could not decode (damage)
 * @param nonFinite float values left out because they are NaN or ±∞
 * @param read     values read so far (all of them once {@code complete})
 * @param complete false for the partial histograms handed out while counting
 */
public record Histogram(double[] edges, long[] counts, long gaps, long nonFinite, long read, boolean complete, long undecodable) {

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

    /** Counts all values on all cores; {@code partial} gets a copy of the counts so far about twenty times while counting. */
    public static Histogram of(ValueColumn column, int bins, Progress progress, Consumer<Histogram> partial) {
        return of(column, bins, progress, partial, ParallelTasks.cores());
    }

    /**
     * Counts all values, pages decoded ahead on up to {@code threads} threads and counted
     * in order on the caller's thread (the result does not depend on the thread count).
     */
    public static Histogram of(ValueColumn column, int binsWanted, Progress progress, Consumer<Histogram> partial, int threads) {
        ValueType t = column.type();
        if (!t.numeric()) throw new IllegalArgumentException("not a numeric column");
        int bins = Math.max(1, binsWanted);
        long n = column.count();
        boolean integer = t.kind() != ValueType.Kind.FLOAT;
        boolean unsigned64 = t.kind() == ValueType.Kind.UINT && t.byteWidth() == 8;
        // pass 1: exact extremes (raw longs for integers, doubles for floats)
        Range r = new Range();
        ColumnStretches.walk(column, 0, n, threads, progress, (from, to, v) -> r.add(v, t, integer, unsigned64), (from, to) -> {
            r.gaps += to - from;
            r.undecodable += to - from;
        }, (page, k) -> {
            int len = page.length;
            long[] values = page.values;
            for (int i = 0; i < len; i++) {
                if (page.gap(i)) {
                    r.gaps++;
                    if (page.undecodable(i)) r.undecodable++;
                    continue;
                }
                r.add(values[i], t, integer, unsigned64);
            }
            progress.update(0.5 * (page.start + len) / n, "range");
        });
        long lo = r.lo, hi = r.hi, gaps = r.gaps, nonFinite = r.nonFinite, undecodable = r.undecodable;
        double dlo = r.dlo, dhi = r.dhi;
        boolean any = r.any;
        long[] counts = new long[bins];
        double[] edges = new double[bins + 1];
        if (!any) return new Histogram(edges, counts, gaps, nonFinite, n, true, undecodable);
        // integer cells: span = hi - lo + 1 (as an unsigned 64-bit number); exact when span × bins fits a long
        long span = hi - lo + 1;
        boolean exact = integer && span != 0 && Long.compareUnsigned(span, Long.MAX_VALUE / bins) <= 0;
        double first = integer ? t.toDouble(lo) : dlo;
        double width = integer ? unsignedToDouble(span) : (dhi > dlo ? dhi - dlo : 1);
        for (int i = 0; i <= bins; i++) edges[i] = first + width * i / bins;
        int[] reports = {0};
        Cell cell = v -> {
            int b;
            if (exact) {
                b = (int) ((v - lo) * bins / span);
            } else if (integer) {
                b = (int) (unsignedToDouble(v - lo) / width * bins);
            } else {
                double d = t.toDouble(v);
                if (!Double.isFinite(d)) return -1;
                b = (int) ((d - dlo) / width * bins);
            }
            return Math.min(bins - 1, Math.max(0, b));
        };
        ColumnStretches.walk(column, 0, n, threads, progress, (from, to, v) -> {
            int b = cell.of(v);
            if (b >= 0) counts[b] += to - from;
        }, (from, to) -> { }, (page, k) -> {
            int len = page.length;
            long[] values = page.values;
            for (int i = 0; i < len; i++) {
                if (page.gap(i)) continue;
                int b = cell.of(values[i]);
                if (b >= 0) counts[b]++;
            }
            long done = page.start + len;
            progress.update(0.5 + 0.5 * done / n, "counting");
            if (partial != null && done < n && done * 20 / n > reports[0]) {
                reports[0] = (int) (done * 20 / n);
                partial.accept(new Histogram(edges, counts.clone(), gaps, nonFinite, done, false, undecodable));
            }
        });
        return new Histogram(edges, counts, gaps, nonFinite, n, true, undecodable);
    }

    /** What the first pass finds (the sink's running state). */
    private static final class Range {
        long lo, hi, gaps, nonFinite, undecodable;
        double dlo = Double.POSITIVE_INFINITY, dhi = Double.NEGATIVE_INFINITY;
        boolean any;

        void add(long v, ValueType t, boolean integer, boolean unsigned64) {
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
                    return;
                }
                if (d < dlo) dlo = d;
                if (d > dhi) dhi = d;
                any = true;
            }
        }
    }

    /** The histogram cell of a value, or -1 for a value no cell counts (a float that is not finite). */
    private interface Cell {
        int of(long v);
    }

    private static double unsignedToDouble(long v) {
        return v >= 0 ? v : (v >>> 1) * 2.0 + (v & 1);
    }
}
