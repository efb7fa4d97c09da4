package org.packscope.codec.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.testing.Fixtures;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

class HistogramTest {

    /** {@code n} values {@code first + k × step} with a ±{@code noise} wobble that repeats every 7 values. */
    static ValueColumn spaced(long n, long first, long step, long noise) {
        return new ValueColumn() {
            public String name() { return "ts"; }
            public ValueType type() { return ValueType.I64; }
            public long count() { return n; }
            public void read(long start, long[] dst, int off, int len) {
                for (int i = 0; i < len; i++) {
                    long k = start + i;
                    dst[off + i] = first + k * step + (k == 0 || k == n - 1 ? 0 : (k % 7) - 3) * noise / 3;
                }
            }
        };
    }

    @Test
    void evenlySpacedIntegersFillEveryBinAlike() {
        // 2,000,000 values 1000 apart: the old sampled, float-edged histogram drew a saw-tooth here
        Histogram h = Histogram.of(spaced(2_000_000, 1_700_000_000_000L, 1000, 6), 100, Progress.NONE, null);
        for (long c : h.counts()) assertEquals(20_000, c);
        assertTrue(h.complete());
        assertEquals(2_000_000, h.binned());
    }

    @Test
    void everyValueIsCountedAndPartialCountsStream() {
        List<Histogram> partial = new ArrayList<>();
        Histogram h = Histogram.of(spaced(3_000_000, 0, 3, 0), 10, Progress.NONE, partial::add);
        assertEquals(3_000_000, h.binned(), "no sampling: every value is in a bin");
        assertFalse(partial.isEmpty());
        assertFalse(partial.get(0).complete());
        assertTrue(partial.get(0).binned() < 3_000_000);
        assertEquals(0.0, h.edges()[0]);
    }

    @Test
    void gapsAndNonFiniteValuesAreCountedNotBinned() {
        ValueColumn c = new ValueColumn() {
            public String name() { return "f"; }
            public ValueType type() { return ValueType.F64; }
            public long count() { return 10; }
            public void read(long start, long[] dst, int off, int len) {
                for (int i = 0; i < len; i++) {
                    long k = start + i;
                    dst[off + i] = Double.doubleToRawLongBits(k == 9 ? Double.NaN : k);
                }
            }
            @Override public boolean mayHaveGaps() { return true; }
            @Override public void gaps(long start, byte[] dst, int off, int len) {
                for (int i = 0; i < len; i++) dst[off + i] = start + i < 3 ? UNDECODABLE : PRESENT;
            }
        };
        Histogram h = Histogram.of(c, 5, Progress.NONE, null);
        assertEquals(3, h.gaps());
        assertEquals(1, h.nonFinite());
        assertEquals(6, h.binned());
        assertEquals(3.0, h.edges()[0], "the undecodable zeros do not pull the range down");
        Overview o = Overview.of(c, 0, 10, 10, Progress.NONE);
        assertEquals(3, o.gaps());
        assertEquals(3.0, o.min());
        assertEquals(5.5, o.mean());
    }

    /** A file under ../shared, or null when ../shared is not there. */
    static Path benchFile(String relative) {
        Path f = Fixtures.shared().map(s -> s.resolve(relative)).orElse(null);
        return f != null && Files.exists(f) ? f : null;
    }

    @Test
    void twentyMillionBenchTimestampsGiveTwoHundredThousandPerBin() {
        Path f = benchFile("bench/pco/i64_ts_20m.pco");
        Assumptions.assumeTrue(f != null, "../shared/bench is not beside the checkout");
        Histogram h = Histogram.of(FormatRegistry.standard().open(f).values(), 100, Progress.NONE, null);
        for (long c : h.counts()) assertEquals(200_000, c);
    }
}
