package org.packscope.app.plot;

import java.util.List;
import java.util.function.LongUnaryOperator;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * Generated value columns for the plot oracles: every shape that has fooled a plot
 * before (spikes between evenly spread values, NaN and undecodable gaps, a constant, one
 * outlier among ten million), at any size, computed from the index so that 20 M values
 * cost no memory.
 */
public final class Series {
    private Series() { }

    /** A named column whose value {@code k} has the bits {@code bits(k)}; {@code gap(k)} marks undecodable values. */
    public static ValueColumn of(String name, ValueType type, long n, LongUnaryOperator bits, java.util.function.LongPredicate gap) {
        return new ValueColumn() {
            @Override public String name() { return name; }
            @Override public ValueType type() { return type; }
            @Override public long count() { return n; }
            @Override public void read(long start, long[] dst, int off, int len) {
                for (int i = 0; i < len; i++) dst[off + i] = bits.applyAsLong(start + i);
            }
            @Override public boolean mayHaveGaps() { return gap != null; }
            @Override public void gaps(long start, byte[] dst, int off, int len) {
                for (int i = 0; i < len; i++) dst[off + i] = gap != null && gap.test(start + i) ? UNDECODABLE : PRESENT;
            }
        };
    }

    private static long f64(double v) { return Double.doubleToRawLongBits(v); }

    /** A smooth wave with noise and a spike every 9,973 values (a prime: spikes fall anywhere in a column). */
    public static ValueColumn spikes(long n) {
        return of("spikes " + n, ValueType.F64, n, k -> f64(k % 9_973 == 4_000 ? 500.0 + k % 7
                : Math.sin(k * 6.0 / n) * 40 + ((k * 2_654_435_761L) >>> 40 & 0xff) / 25.0), null);
    }

    /** i64 timestamps, runs of NaN-free undecodable gaps, and NaN never (integers): gaps every 50,000 for 5,000. */
    public static ValueColumn gappedTimestamps(long n) {
        return of("gapped " + n, ValueType.I64, n, k -> 1_719_000_000_000L + k * 50 + (k % 3),
                k -> n >= 100 && k % 50_000 >= 45_000 || n < 100 && k == n / 2);
    }

    /** f64 with NaN runs (a third of each 3,001 values) and ±∞ once. */
    public static ValueColumn nanGaps(long n) {
        return of("nan " + n, ValueType.F64, n, k -> f64(k % 3_001 < 1_000 && n > 100 || n <= 100 && k % 3 == 1 ? Double.NaN
                : k == n - 2 ? Double.POSITIVE_INFINITY : Math.cos(k * 0.001) * (1 + k % 5)), null);
    }

    /** One value throughout. */
    public static ValueColumn constant(long n) {
        return of("constant " + n, ValueType.U32, n, k -> 4_000_000_000L, null);
    }

    /** Ten million small integers and one outlier at 7,654,321. */
    public static ValueColumn outlier() {
        return of("outlier", ValueType.I32, 10_000_000, k -> k == 7_654_321 ? 2_000_000_000 : k % 17 - (k >>> 20), null);
    }

    /** The shapes, each at the sizes the issue names (the outlier at its own 10 M). */
    public static List<ValueColumn> all() {
        List<ValueColumn> all = new java.util.ArrayList<>();
        for (long n : new long[] {10, 10_000, 1_000_000, 20_000_000}) {
            all.add(spikes(n));
            all.add(gappedTimestamps(n));
            all.add(nanGaps(n));
            all.add(constant(n));
        }
        all.add(outlier());
        return all;
    }
}
