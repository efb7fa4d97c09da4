package org.packscope.codec.analysis;

import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;

/**
 * Reads a range of a {@link ValueColumn} (its values or stored bytes, and its gap marks)
 * in pages of a fixed number of values, decoding up to {@code threads} pages at once and
 * handing them to the caller in order (see {@link ReadAhead}): exports and statistics get
 * the same pages, in the same order, as from a sequential read, with at most
 * {@code 2 × threads} pages in memory.
 */
public final class ColumnPages {
    private ColumnPages() { }

    /** What a page holds besides its gap marks. */
    public enum Read {
        /** Raw bit patterns through {@link ValueColumn#read} (numeric columns). */
        VALUES,
        /** Stored little-endian bytes through {@link ValueColumn#readRaw}. */
        RAW,
        /** Nothing but the gap marks (the caller reads text itself). */
        MARKS
    }

    /** One page: values {@code [start, start+length)} of the column. */
    public static final class Page {
        /** Bit patterns, when read as {@link Read#VALUES}. */
        public final long[] values;
        /** Stored bytes, when read as {@link Read#RAW}. */
        public final byte[] raw;
        /** Gap marks, or null when the column has none ({@link ValueColumn#mayHaveGaps} is false). */
        public final byte[] marks;
        public long start;
        public int length;

        Page(int size, Read what, int width, boolean gaps) {
            this.values = what == Read.VALUES ? new long[size] : null;
            this.raw = what == Read.RAW ? new byte[size * width] : null;
            this.marks = gaps ? new byte[size] : null;
        }

        /** Whether value {@code i} of the page is a gap. */
        public boolean gap(int i) { return marks != null && marks[i] != ValueColumn.PRESENT; }

        /** Whether value {@code i} of the page is a gap because it could not be decoded. */
        public boolean undecodable(int i) { return marks != null && marks[i] == ValueColumn.UNDECODABLE; }
    }

    /**
     * Reads every page of {@code [from, to)}: pages start at {@code from + k × pageSize}.
     * Returns the reader, whose {@link ReadAhead#peakInFlight} tests look at.
     */
    public static <X extends Exception> ReadAhead<Page> read(ValueColumn column, long from, long to, int pageSize,
                                                             Read what, int threads, Progress progress,
                                                             ReadAhead.Sink<Page, X> sink) throws X {
        return read(column, from, to, pageSize, 1, what, threads, progress, sink);
    }

    /**
     * Reads every {@code stride}-th page of {@code [from, to)} (a sample of evenly spaced
     * pages when {@code stride > 1}); the sink gets the page's number among those read.
     */
    public static <X extends Exception> ReadAhead<Page> read(ValueColumn column, long from, long to, int pageSize, long stride,
                                                             Read what, int threads, Progress progress,
                                                             ReadAhead.Sink<Page, X> sink) throws X {
        if (pageSize < 1 || stride < 1) throw new IllegalArgumentException("page size and stride must be positive");
        long n = Math.max(0, to - from);
        long allPages = (n + pageSize - 1) / pageSize;
        long pages = (allPages + stride - 1) / stride;
        boolean gaps = column.mayHaveGaps();
        int width = Math.max(1, column.type().byteWidth());
        ReadAhead<Page> reader = ReadAhead.of(threads, () -> new Page(pageSize, what, width, gaps), (page, k) -> {
            long start = from + k * stride * pageSize;
            int len = (int) Math.min(pageSize, to - start);
            page.start = start;
            page.length = len;
            switch (what) {
                case VALUES -> column.read(start, page.values, 0, len);
                case RAW -> column.readRaw(start, len, page.raw, 0);
                case MARKS -> { }
            }
            if (gaps) column.gaps(start, page.marks, 0, len);
        });
        // the pages come in order on several threads: the column may decode its next unit meanwhile
        try (ValueColumn.ReadingAhead ahead = threads > 1 && stride == 1 ? column.readingAhead(from, to) : ValueColumn.ReadingAhead.NONE) {
            reader.run(pages, progress, sink);
        }
        return reader;
    }
}
