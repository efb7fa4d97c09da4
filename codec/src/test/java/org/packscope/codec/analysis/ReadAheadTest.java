package org.packscope.codec.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

class ReadAheadTest {

    /** 50 M values computed from their index: no memory of its own, decoding slow enough to overlap. */
    private static ValueColumn synthetic(long count, byte undecodableEvery) {
        return new ValueColumn() {
            @Override public String name() { return "synthetic"; }
            @Override public ValueType type() { return ValueType.I64; }
            @Override public long count() { return count; }
            @Override public void read(long start, long[] dst, int off, int len) {
                for (int i = 0; i < len; i++) dst[off + i] = (start + i) * 2654435761L;
            }
            @Override public boolean mayHaveGaps() { return undecodableEvery > 0; }
            @Override public void gaps(long start, byte[] dst, int off, int len) {
                for (int i = 0; i < len; i++) dst[off + i] = (start + i) % undecodableEvery == 0 ? UNDECODABLE : PRESENT;
            }
        };
    }

    @Test
    void pagesOfFiftyMillionValuesArriveInOrderWithNoMoreThanTwoPerThreadInFlight() {
        ValueColumn c = synthetic(50_000_000L, (byte) 0);
        int threads = 3;
        AtomicLong next = new AtomicLong();
        long[] checksum = {0};
        ReadAhead<ColumnPages.Page> r = ColumnPages.read(c, 0, c.count(), 1 << 14, ColumnPages.Read.VALUES, threads, Progress.NONE,
                (page, k) -> {
                    assertEquals(next.getAndIncrement(), k);
                    assertEquals(k * (1 << 14), page.start);
                    for (int i = 0; i < page.length; i++) {
                        assertTrueFast(page.values[i] == (page.start + i) * 2654435761L);
                        checksum[0] += page.values[i];
                    }
                });
        assertEquals((50_000_000L + (1 << 14) - 1) >> 14, next.get());
        assertEquals(6, r.bound());
        assertTrue(r.peakInFlight() <= r.bound(), "in flight: " + r.peakInFlight());
        assertTrue(r.peakInFlight() >= 2, "pages overlapped: " + r.peakInFlight());
        assertTrue(r.buffersMade() <= r.bound(), "buffers: " + r.buffersMade());
        long expected = 0;
        for (long i = 0; i < 50_000_000L; i++) expected += i * 2654435761L;
        assertEquals(expected, checksum[0]);
    }

    private static void assertTrueFast(boolean ok) {
        if (!ok) throw new AssertionError("a value differs");
    }

    @Test
    void aSlowConsumerHoldsTheWorkersAtTheBound() {
        AtomicInteger filledAhead = new AtomicInteger();
        AtomicInteger consumed = new AtomicInteger();
        int[] worst = {0};
        ReadAhead<long[]> r = ReadAhead.of(4, () -> new long[1], (b, k) -> {
            b[0] = k;
            int ahead = filledAhead.incrementAndGet() - consumed.get();
            synchronized (worst) { worst[0] = Math.max(worst[0], ahead); }
        });
        r.run(500, Progress.NONE, (b, k) -> {
            assertEquals(k, b[0]);
            consumed.incrementAndGet();
            if (k % 50 == 0) Thread.onSpinWait();
        });
        assertEquals(500, consumed.get());
        assertTrue(worst[0] <= r.bound(), "filled ahead: " + worst[0]);
        assertTrue(r.buffersMade() <= 8);
    }

    @Test
    void oneThreadReadsPageAfterPageWithOneBuffer() {
        Thread caller = Thread.currentThread();
        ReadAhead<long[]> r = ReadAhead.of(1, () -> new long[1], (b, k) -> {
            assertEquals(caller, Thread.currentThread());
            b[0] = k;
        });
        long[] sum = {0};
        r.run(100, Progress.NONE, (b, k) -> sum[0] += b[0]);
        assertEquals(4950, sum[0]);
        assertEquals(1, r.buffersMade());
    }

    @Test
    void cancellationStopsTheWorkers() {
        AtomicInteger fills = new AtomicInteger();
        boolean[] cancelled = {false};
        Progress p = new Progress() {
            @Override public void update(double fraction, String message) { }
            @Override public boolean cancelled() { return cancelled[0]; }
        };
        ReadAhead<long[]> r = ReadAhead.of(2, () -> new long[1], (b, k) -> fills.incrementAndGet());
        assertThrows(Progress.CancelledException.class, () -> r.run(1_000_000, p, (b, k) -> {
            if (k == 10) cancelled[0] = true;
        }));
        int after = fills.get();
        assertTrue(after < 100, "pages filled after cancelling: " + after);
        sleep(50);
        assertEquals(after, fills.get(), "no worker kept reading");
    }

    @Test
    void aWorkersFailureReachesTheCallerAndStopsTheOthers() {
        AtomicInteger fills = new AtomicInteger();
        ReadAhead<long[]> r = ReadAhead.of(3, () -> new long[1], (b, k) -> {
            fills.incrementAndGet();
            if (k == 20) throw new IllegalStateException("page 20 broke");
        });
        long[] seen = {0};
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> r.run(100_000, Progress.NONE, (b, k) -> seen[0] = k + 1));
        assertEquals("page 20 broke", e.getMessage());
        assertTrue(seen[0] <= 20, "pages after the broken one were not handed on: " + seen[0]);
        assertTrue(fills.get() < 40, "fills: " + fills.get());
    }

    @Test
    void theSinksCheckedExceptionIsRethrownAsIs() {
        ReadAhead<long[]> r = ReadAhead.of(2, () -> new long[1], (b, k) -> b[0] = k);
        java.io.IOException e = assertThrows(java.io.IOException.class, () -> r.<java.io.IOException>run(1000, Progress.NONE, (b, k) -> {
            if (k == 5) throw new java.io.IOException("disk full");
        }));
        assertEquals("disk full", e.getMessage());
    }

    @Test
    void gapMarksAndStridedPagesMatchASequentialRead() {
        ValueColumn c = synthetic(1_000_003, (byte) 7);
        for (long stride : new long[] {1, 3}) {
            long[][] seq = collect(c, stride, 1), par = collect(c, stride, 4);
            assertArrayEquals(seq[0], par[0]);
            assertArrayEquals(seq[1], par[1]);
        }
    }

    /** Values and gap marks (as longs) of every page read, in the order handed on. */
    private static long[][] collect(ValueColumn c, long stride, int threads) {
        java.util.List<Long> values = new java.util.ArrayList<>(), marks = new java.util.ArrayList<>();
        ColumnPages.read(c, 5, c.count(), 1000, stride, ColumnPages.Read.VALUES, threads, Progress.NONE, (page, k) -> {
            for (int i = 0; i < page.length; i++) {
                values.add(page.values[i]);
                marks.add((long) page.marks[i]);
            }
        });
        return new long[][] {values.stream().mapToLong(Long::longValue).toArray(), marks.stream().mapToLong(Long::longValue).toArray()};
    }

    @Test
    void histogramAndOverviewDoNotDependOnTheThreadCount() {
        ValueColumn ints = synthetic(3_000_001, (byte) 11);
        ValueColumn floats = new ValueColumn() {
            @Override public String name() { return "f"; }
            @Override public ValueType type() { return ValueType.F64; }
            @Override public long count() { return 2_500_000; }
            @Override public void read(long start, long[] dst, int off, int len) {
                for (int i = 0; i < len; i++) dst[off + i] = Double.doubleToRawLongBits(Math.sin((start + i) * 0.001) * 1e3 + (start + i) * 1e-7);
            }
        };
        for (ValueColumn c : new ValueColumn[] {ints, floats}) {
            Histogram h1 = Histogram.of(c, 100, Progress.NONE, null, 1), h3 = Histogram.of(c, 100, Progress.NONE, null, 3);
            assertArrayEquals(h1.counts(), h3.counts());
            assertArrayEquals(h1.edges(), h3.edges());
            assertEquals(h1.gaps(), h3.gaps());
            Overview o1 = Overview.of(c, 0, c.count(), 500, Progress.NONE, null, 1), o3 = Overview.of(c, 0, c.count(), 500, Progress.NONE, null, 3);
            assertEquals(Double.doubleToRawLongBits(o1.mean()), Double.doubleToRawLongBits(o3.mean()), "the sum is folded in page order");
            assertArrayEquals(o1.bucketMin(), o3.bucketMin());
            assertArrayEquals(o1.bucketMax(), o3.bucketMax());
            assertEquals(o1.gaps(), o3.gaps());
        }
        assertEquals(3_000_001 / 11 + 1, Histogram.of(ints, 10, Progress.NONE, null, 2).gaps());
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
