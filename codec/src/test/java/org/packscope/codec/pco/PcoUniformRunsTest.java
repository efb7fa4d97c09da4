package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import org.packscope.codec.analysis.Histogram;
import org.packscope.codec.analysis.Overview;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ByteSource;

/**
 * Chunks of one bin without offset bits hold one value at every row: the column says so
 * (uniformEnd), and the line overview and the histogram built on that say what a dense read
 * of every value says, pixel by pixel and cell by cell, while a file of 33 billion such
 * numbers is summarised without decoding them.
 */
class PcoUniformRunsTest {

    private static PcoValues column(byte[] file) {
        return PcoValues.ofFile(PcoFile.open(ByteSource.of(file, "constant.pco")), "constant.pco");
    }

    /** The same values with nothing known about runs: every value is read. */
    private static ValueColumn dense(ValueColumn c) {
        return new ValueColumn() {
            @Override public String name() { return c.name(); }
            @Override public ValueType type() { return c.type(); }
            @Override public long count() { return c.count(); }
            @Override public void read(long start, long[] dst, int off, int len) { c.read(start, dst, off, len); }
        };
    }

    @Test
    void runsOfConstantChunksAreKnownAndSummariseAsADenseReadDoes() {
        PcoValues c = column(HostilePcoFiles.constantChunks(30, 100_000));
        assertEquals(3_000_000, c.count());
        assertEquals(3_000_000, c.uniformEnd(0), "every chunk holds the same value: one run");
        assertEquals(3_000_000, c.uniformEnd(1_234_567));
        for (int columns : new int[] {1, 7, 640}) {
            Overview fast = Overview.of(c, 0, c.count(), columns, Progress.NONE);
            Overview slow = Overview.of(dense(c), 0, c.count(), columns, Progress.NONE);
            assertArrayEquals(slow.bucketMin(), fast.bucketMin(), columns + " columns");
            assertArrayEquals(slow.bucketMax(), fast.bucketMax(), columns + " columns");
            assertEquals(1.0, fast.bucketMax()[0]);
        }
        Histogram fast = Histogram.of(c, 64, Progress.NONE, null, 2);
        Histogram slow = Histogram.of(dense(c), 64, Progress.NONE, null, 2);
        assertArrayEquals(slow.counts(), fast.counts());
        assertArrayEquals(slow.edges(), fast.edges());
        assertEquals(3_000_000, java.util.Arrays.stream(fast.counts()).sum());
    }

    @Test
    void thirtyThreeBillionConstantNumbersAreSummarisedChunkByChunk() {
        PcoValues c = column(HostilePcoFiles.constantChunks(2000, 1 << 24));
        long n = 2000L << 24;
        assertEquals(n, c.count());
        Overview o = Overview.of(c, 0, n, 1000, Progress.NONE);
        for (int i = 0; i < 1000; i++) {
            assertEquals(1.0, o.bucketMin()[i], "pixel " + i);
            assertEquals(1.0, o.bucketMax()[i], "pixel " + i);
        }
        Histogram h = Histogram.of(c, 10, Progress.NONE, null, 2);
        assertEquals(n, java.util.Arrays.stream(h.counts()).sum());
        assertEquals(0, c.chunkDecodes(), "no chunk was decoded");
    }
}
