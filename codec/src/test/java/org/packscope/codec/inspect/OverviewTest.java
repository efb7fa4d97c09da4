package org.packscope.codec.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OverviewTest {

    /** i-th value is i, except a spike of 1e6 at 777,777 and a NaN at 5. */
    static ValueColumn ramp(long n) {
        return new ValueColumn() {
            public String name() { return "ramp"; }
            public ValueType type() { return ValueType.F64; }
            public long count() { return n; }
            public void read(long start, long[] dst, int off, int len) {
                for (int i = 0; i < len; i++) {
                    long k = start + i;
                    double v = k == 777_777 ? 1e6 : k == 5 ? Double.NaN : k;
                    dst[off + i] = Double.doubleToRawLongBits(v);
                }
            }
        };
    }

    @Test
    void keepsSpikesThatAveragingWouldHide() {
        Overview o = Overview.of(ramp(1_000_000), 0, 1_000_000, 100, 10, Progress.NONE);
        assertEquals(100, o.buckets());
        assertEquals(1e6, o.bucketMax()[77]);
        assertEquals(770_000, o.bucketMin()[77]);
        assertEquals(0, o.bucketMin()[0]);
        assertEquals(1e6, o.max());
        assertEquals(1, o.nonFinite());
        assertEquals(999_999, o.finite());
        assertFalse(o.sampled());
        long total = 0;
        for (long c : o.histogramCounts()) total += c;
        assertEquals(999_999, total);
        assertEquals(99_999, o.histogramCounts()[0]);  // 0..99,999 less the NaN
        assertEquals(100_001, o.histogramCounts()[9]); // 900,000..999,999 and the spike
    }

    @Test
    void zoomedRangeReadsOnlyThatRange() {
        Overview o = Overview.of(ramp(1_000_000), 1000, 1010, 50, 5, Progress.NONE);
        assertEquals(10, o.buckets());
        assertEquals(1000, o.min());
        assertEquals(1009, o.max());
        assertEquals(1004.5, o.mean());
    }

    @Test
    void hugeRangesAreSampledAndSaySo() {
        Overview o = Overview.of(ramp(100_000_000), 0, 100_000_000, 200, 10, Progress.NONE);
        assertTrue(o.sampled());
        assertTrue(o.finite() <= Overview.MAX_READ + (1 << 16));
    }
}
