package org.packscope.app.plot;

import java.util.Arrays;
import java.util.function.LongToIntFunction;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * The oracle's own count, computed from the decoded values without the code under test:
 * each pixel column's minimum and maximum, the whole range's, and histogram bins.
 */
public final class Recount {
    /** Per column the smallest and largest finite value mapped to it (NaN when none), and the overall extremes. */
    public final double[] min, max;
    public double lowest = Double.POSITIVE_INFINITY, highest = Double.NEGATIVE_INFINITY;
    /** Exact extremes of integer columns, as the stored values. */
    public long lowestRaw, highestRaw;
    public long counted;

    private Recount(int columns) {
        min = new double[columns];
        max = new double[columns];
        Arrays.fill(min, Double.NaN);
        Arrays.fill(max, Double.NaN);
    }

    /**
     * Maps every present, finite value of {@code [from, to)} to the column {@code columnOf(i)}
     * gives (outside {@code [0, columns)}: not drawn). With fewer values than columns, a
     * column no index falls in shows the index before it (its cell spans the column).
     */
    public static Recount columns(ValueColumn c, long from, long to, int columns, LongToIntFunction columnOf) {
        Recount r = new Recount(columns);
        ValueType t = c.type();
        boolean integer = t.kind() != ValueType.Kind.FLOAT;
        int page = 1 << 16;
        long[] values = new long[page];
        byte[] marks = new byte[page];
        boolean[] indexed = new boolean[columns];
        for (long start = from; start < to; start += page) {
            int len = (int) Math.min(page, to - start);
            c.read(start, values, 0, len);
            c.gaps(start, marks, 0, len);
            for (int i = 0; i < len; i++) {
                int col = columnOf.applyAsInt(start + i);
                if (col >= 0 && col < columns) indexed[col] = true;
                if (marks[i] != ValueColumn.PRESENT) continue;
                double v = t.toDouble(values[i]);
                if (!Double.isFinite(v)) continue;
                if (integer && (r.counted == 0 || values[i] < r.lowestRaw)) r.lowestRaw = values[i];
                if (integer && (r.counted == 0 || values[i] > r.highestRaw)) r.highestRaw = values[i];
                r.counted++;
                r.lowest = Math.min(r.lowest, v);
                r.highest = Math.max(r.highest, v);
                if (col < 0 || col >= columns) continue;
                if (!(v >= r.min[col])) r.min[col] = v;
                if (!(v <= r.max[col])) r.max[col] = v;
            }
        }
        if (to - from < columns) {
            for (int col = 1; col < columns; col++) {
                if (!indexed[col]) {
                    r.min[col] = r.min[col - 1];
                    r.max[col] = r.max[col - 1];
                }
            }
        }
        return r;
    }

    /**
     * Counts values into {@code bins} bins as PackScope documents them: integers in whole
     * cells over {@code [min, max + 1)}, floats over {@code [min, max]} with the maximum in
     * the last bin.
     */
    public static long[] histogram(ValueColumn c, int bins) {
        Recount all = columns(c, 0, c.count(), 1, i -> 0);
        long[] counts = new long[bins];
        ValueType t = c.type();
        boolean integer = t.kind() != ValueType.Kind.FLOAT;
        int page = 1 << 16;
        long[] values = new long[page];
        byte[] marks = new byte[page];
        java.math.BigInteger lo = java.math.BigInteger.valueOf(all.lowestRaw);
        java.math.BigInteger span = java.math.BigInteger.valueOf(all.highestRaw).subtract(lo).add(java.math.BigInteger.ONE);
        boolean small = span.bitLength() < 40;
        for (long start = 0; start < c.count(); start += page) {
            int len = (int) Math.min(page, c.count() - start);
            c.read(start, values, 0, len);
            c.gaps(start, marks, 0, len);
            for (int i = 0; i < len; i++) {
                if (marks[i] != ValueColumn.PRESENT) continue;
                double v = t.toDouble(values[i]);
                if (!Double.isFinite(v)) continue;
                int b;
                if (integer && small) {
                    b = (int) ((values[i] - all.lowestRaw) * bins / span.longValue());
                } else if (integer) {
                    b = java.math.BigInteger.valueOf(values[i]).subtract(lo).multiply(java.math.BigInteger.valueOf(bins)).divide(span).intValueExact();
                } else {
                    b = all.highest > all.lowest ? (int) Math.min(bins - 1, Math.floor((v - all.lowest) / (all.highest - all.lowest) * bins)) : 0;
                }
                counts[b]++;
            }
        }
        return counts;
    }
}
