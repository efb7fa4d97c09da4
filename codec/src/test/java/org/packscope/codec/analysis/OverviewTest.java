package org.packscope.codec.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;

import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Summary;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/** Each pixel column's extremes and the statistics, against a recount over the same values. */
class OverviewTest {

    /** i-th value is i, except a spike of 1e6 at 777,777 and a NaN at 5. */
    static ValueColumn ramp(long n) {
        return column("ramp", ValueType.F64, n, k -> Double.doubleToRawLongBits(k == 777_777 ? 1e6 : k == 5 ? Double.NaN : k));
    }

    static ValueColumn column(String name, ValueType type, long n, LongUnaryOperator bits) {
        return new ValueColumn() {
            public String name() { return name; }
            public ValueType type() { return type; }
            public long count() { return n; }
            public void read(long start, long[] dst, int off, int len) {
                for (int i = 0; i < len; i++) dst[off + i] = bits.applyAsLong(start + i);
            }
        };
    }

    @Test
    void keepsSpikesThatAveragingWouldHide() {
        Overview o = Overview.of(ramp(1_000_000), 0, 1_000_000, 100, Progress.NONE);
        assertEquals(100, o.buckets());
        assertEquals(1e6, o.bucketMax()[77]);
        assertEquals(770_000, o.bucketMin()[77]);
        assertEquals(0, o.bucketMin()[0]);
        assertEquals(1e6, o.max());
        assertEquals(1, o.nonFinite());
        assertEquals(999_999, o.finite());
        assertTrue(o.complete());
    }

    @Test
    void fewerValuesThanColumnsSpanTheirCells() {
        Overview o = Overview.of(ramp(1_000_000), 1000, 1010, 50, Progress.NONE);
        assertEquals(50, o.buckets());
        for (int c = 0; c < 50; c++) assertEquals(1000 + c / 5, o.bucketMin()[c], "column " + c);
        assertEquals(1000, o.min());
        assertEquals(1009, o.max());
        assertEquals(1004.5, o.mean());
    }

    /** The oracle: column b holds the indices i with floor((i - from) · W / n) = b, or, when none, the last index before it. */
    private static void assertColumnsMatchARecount(ValueColumn c, long from, long to, int w) {
        Overview o = Overview.of(c, from, to, w, Progress.NONE);
        long n = to - from;
        double[] lo = new double[w], hi = new double[w];
        java.util.Arrays.fill(lo, Double.POSITIVE_INFINITY);
        java.util.Arrays.fill(hi, Double.NEGATIVE_INFINITY);
        long[] one = new long[1];
        for (long i = from; i < to; i++) {
            int b = BigInteger.valueOf(i - from).multiply(BigInteger.valueOf(w)).divide(BigInteger.valueOf(n)).intValueExact();
            c.read(i, one, 0, 1);
            double v = c.type().toDouble(one[0]);
            if (!Double.isFinite(v)) continue;
            lo[b] = Math.min(lo[b], v);
            hi[b] = Math.max(hi[b], v);
        }
        for (int b = 0; b < w; b++) {
            if (lo[b] == Double.POSITIVE_INFINITY && n < w) {
                lo[b] = lo[b - 1];
                hi[b] = hi[b - 1];
            }
            assertEquals(lo[b], o.bucketMin()[b], "min of column " + b + " of " + w + " over " + n);
            assertEquals(hi[b], o.bucketMax()[b], "max of column " + b);
        }
    }

    @Test
    void everyColumnHoldsExactlyTheValuesMappedToIt() {
        java.util.Random r = new java.util.Random(7);
        long[] data = new long[30_011];
        for (int i = 0; i < data.length; i++) data[i] = r.nextInt(1_000_000) - 500_000;
        ValueColumn c = column("noise", ValueType.I32, data.length, k -> data[(int) k]);
        assertColumnsMatchARecount(c, 0, data.length, 997);
        assertColumnsMatchARecount(c, 123, 20_000, 1600);
        assertColumnsMatchARecount(c, 10, 517, 1200);
        assertColumnsMatchARecount(c, 0, 1, 800);
        assertColumnsMatchARecount(c, 0, data.length, 1);
    }

    @Test
    void twentyMillionValuesAreAllRead() {
        List<Overview> partial = new ArrayList<>();
        long n = 20_000_000;
        ValueColumn c = column("ts", ValueType.I64, n, k -> 1_719_000_000_000L + k * 50 + (k == 19_999_999 ? -3 : 0));
        Overview o = Overview.of(c, 0, n, 1000, Progress.NONE, partial::add, 2);
        assertTrue(o.complete());
        assertEquals(n, o.summary().read());
        assertEquals("1719999999947", o.summary().maxText(), "the last value, not a sample's");
        assertEquals("1719000000000", o.summary().minText());
        for (int b = 0; b < 1000; b++) {
            assertEquals(1_719_000_000_000L + b * 20_000L * 50, o.bucketMin()[b], "no empty stripes: column " + b);
        }
        assertTrue(partial.size() >= 10, "drawn as it goes: " + partial.size() + " partial overviews");
        for (Overview p : partial) {
            assertFalse(p.complete());
            assertTrue(p.summary().read() < n);
        }
    }

    @Test
    void integerStatisticsAreExactWhereDoublesWouldRound() {
        long base = Long.MAX_VALUE - 1000;
        ValueColumn c = column("big", ValueType.I64, 1001, k -> base + k);
        Summary s = Overview.of(c, 0, 1001, 100, Progress.NONE).summary();
        assertEquals(Long.toString(Long.MAX_VALUE), s.maxText());
        assertEquals(Long.toString(base), s.minText());
        BigDecimal sum = BigDecimal.ZERO;
        for (long k = 0; k <= 1000; k++) sum = sum.add(BigDecimal.valueOf(base + k));
        assertEquals(sum.divide(BigDecimal.valueOf(1001), MathContext.DECIMAL128).doubleValue(), s.mean());

        ValueColumn u = column("u64", ValueType.U64, 3, k -> k == 0 ? -1L : k == 1 ? 5 : Long.MIN_VALUE);
        Summary su = Overview.of(u, 0, 3, 3, Progress.NONE).summary();
        assertEquals("18446744073709551615", su.maxText());
        assertEquals("5", su.minText());
        BigInteger usum = new BigInteger("18446744073709551615").add(BigInteger.valueOf(5)).add(new BigInteger("9223372036854775808"));
        assertEquals(new BigDecimal(usum).divide(BigDecimal.valueOf(3), MathContext.DECIMAL128).doubleValue(), su.mean());
    }

    @Test
    void floatMeansDoNotLoseSmallValuesNextToLargeOnes() {
        // 1e16, then a million 1.0s, then -1e16: a plain double sum gives 0
        ValueColumn c = column("f", ValueType.F64, 1_000_002,
                k -> Double.doubleToRawLongBits(k == 0 ? 1e16 : k == 1_000_001 ? -1e16 : 1.0));
        Summary s = Overview.of(c, 0, c.count(), 10, Progress.NONE).summary();
        assertEquals(1_000_000.0 / 1_000_002, s.mean(), 1e-12);
        assertEquals("1.0E16", s.maxText());
        ValueColumn f32 = column("f32", ValueType.F32, 2, k -> Float.floatToRawIntBits(k == 0 ? 0.1f : 3.4e38f));
        assertEquals("0.1", Overview.of(f32, 0, 2, 2, Progress.NONE).summary().minText(), "an f32 prints as an f32");
    }
}
