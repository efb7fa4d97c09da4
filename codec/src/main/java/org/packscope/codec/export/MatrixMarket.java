package org.packscope.codec.export;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.packscope.codec.analysis.ParallelTasks;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.analysis.ReadAhead;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.ValueType;

/**
 * Writes a {@link SparseMatrix} as MatrixMarket coordinate text, 1-based, in
 * (column, row) order, the way BPCells fixtures are written: {@code integer} for
 * unsigned values, {@code real} for floats, float32 printed like C's {@code %.9g},
 * float64 like {@code %.17g}, and NaN / Infinity / -Infinity / -0 spelled out.
 */
public final class MatrixMarket {
    /** The comment line BPCells fixtures carry after their own description. */
    public static final String ORDER_COMMENT = "1-based (row col value), sorted by column then row; NaN/Infinity/-Infinity spelled out";

    private MatrixMarket() { }

    public static void write(SparseMatrix m, Appendable out) throws IOException {
        write(m, out, List.of(ORDER_COMMENT), Progress.NONE);
    }

    /**
     * Writes the header, {@code comments} (each as a {@code %} line), the size line and
     * the entries, sorted by column then row as the comment says. Entries are counted in
     * a first pass, so the size line is right even when a damaged matrix skips entries.
     * Returns how many of the entries the matrix claims could not be written (undecodable
     * chunks, indices out of range): 0 for a sound matrix.
     */
    public static long write(SparseMatrix m, Appendable out, List<String> comments, Progress progress) throws IOException {
        char[][] chars = {new char[0]};
        return write(m, new Target() {
            @Override public void text(String s) throws IOException { out.append(s); }

            @Override public void bytes(byte[] b, int len) throws IOException {
                if (chars[0].length < len) chars[0] = new char[Math.max(len, EntryLines.BLOCK)];
                char[] c = chars[0];
                for (int i = 0; i < len; i++) c[i] = (char) (b[i] & 0xff); // entry lines are ASCII
                out.append(CharBuffer.wrap(c, 0, len));
            }
        }, comments, progress, 1, RANGE_ENTRIES);
    }

    /**
     * {@link #write(SparseMatrix, Appendable, List, Progress)} as UTF-8 bytes, on up to
     * {@code threads} threads: the same bytes whatever the thread count. Matrices whose
     * column ranges can be read on their own (BPCells and CSC stored by column) are cut
     * into ranges of about {@value #RANGE_ENTRIES} entries, counted in parallel for the
     * size line, then formatted on worker threads and written in order, with at most
     * {@code 2 × threads} ranges' text in memory; other matrices, and one thread, stream
     * on the caller's thread.
     */
    public static long write(SparseMatrix m, OutputStream out, List<String> comments, Progress progress, int threads) throws IOException {
        return write(m, out, comments, progress, threads, RANGE_ENTRIES);
    }

    /**
     * The same entries as CSV, UTF-8: a {@code row,col,value} heading, then one row per
     * entry with 0-based indices, sorted by column then row, on up to {@code threads}
     * threads as {@link #write(SparseMatrix, OutputStream, List, Progress, int)} does.
     * Returns how many claimed entries could not be written.
     */
    public static long writeCsv(SparseMatrix m, OutputStream out, Progress progress, int threads) throws IOException {
        return writeCsv(m, out, progress, threads, RANGE_ENTRIES);
    }

    /** {@link #writeCsv(SparseMatrix, OutputStream, Progress, int)} in ranges of about {@code rangeEntries} entries. */
    static long writeCsv(SparseMatrix m, OutputStream out, Progress progress, int threads, long rangeEntries) throws IOException {
        return write(m, bytesTo(out), EntryLines.Style.CSV, entries -> "row,col,value\n", progress, threads, rangeEntries);
    }

    private static Target bytesTo(OutputStream out) {
        return new Target() {
            @Override public void text(String s) throws IOException { out.write(s.getBytes(StandardCharsets.UTF_8)); }

            @Override public void bytes(byte[] b, int len) throws IOException { out.write(b, 0, len); }
        };
    }

    /** {@link #write(SparseMatrix, OutputStream, List, Progress, int)} in ranges of about {@code rangeEntries} entries (tests use small ones). */
    static long write(SparseMatrix m, OutputStream out, List<String> comments, Progress progress, int threads, long rangeEntries)
            throws IOException {
        return write(m, bytesTo(out), comments, progress, threads, rangeEntries);
    }

    /** Entries a column range holds at most, unless one column alone holds more. */
    static final long RANGE_ENTRIES = 1 << 16;
    /** The part of the progress bar the counting pass fills before the entries are written. */
    static final double COUNTING_SHARE = 1.0 / 3;
    /** Column ranges at most (a damaged shape may claim billions of columns). */
    private static final int MAX_RANGES = 1 << 22;

    /** Where the text goes: the header as a String, entry lines as ASCII bytes. */
    private interface Target {
        void text(String s) throws IOException;

        void bytes(byte[] b, int len) throws IOException;
    }

    private static long write(SparseMatrix m, Target out, List<String> comments, Progress progress, int threads, long rangeEntries)
            throws IOException {
        return write(m, out, EntryLines.Style.MATRIX_MARKET, entries -> header(m, comments, entries), progress, threads, rangeEntries);
    }

    /** The text before the entry lines, given how many entries follow. */
    private interface Header {
        String text(long entries);
    }

    private static long write(SparseMatrix m, Target out, EntryLines.Style style, Header header, Progress progress, int threads,
            long rangeEntries) throws IOException {
        Progress p = progress == null ? Progress.NONE : progress;
        // the counting pass only decodes; the writing pass decodes and formats, about twice the work
        Progress counting = p.part(0, COUNTING_SHARE);
        Progress writing = p.part(COUNTING_SHARE, 1);
        try {
            if (threads > 1) {
                long[] bounds = columnRanges(m, rangeEntries);
                RangeCounts counts = bounds == null ? null : countRanges(m, bounds, threads, counting);
                if (counts != null) {
                    out.text(header.text(counts.total()));
                    writeRanges(m, bounds, counts, out, style, threads, rangeEntries, writing);
                    p.update(1, null);
                    return Math.max(0, m.nnz() - counts.total());
                }
            }
            Scan scan = scan(m, counting);
            out.text(header.text(scan.entries()));
            EntryLines lines = new EntryLines(m.valueType(), style).streamTo(out::bytes);
            forEachSorted(m, scan, lines, writing);
            lines.flush();
            p.update(1, null); // a matrix reports where each block starts, never its end
            return scan.skipped();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static String header(SparseMatrix m, List<String> comments, long entries) {
        boolean real = m.valueType().kind() == ValueType.Kind.FLOAT;
        StringBuilder sb = new StringBuilder("%%MatrixMarket matrix coordinate ").append(real ? "real" : "integer").append(" general\n");
        for (String c : comments) sb.append("% ").append(c).append('\n');
        return sb.append(m.rows()).append(' ').append(m.cols()).append(' ').append(entries).append('\n').toString();
    }

    /**
     * Column boundaries {@code c0 = 0 < c1 < ... < cols} cutting the matrix into ranges that
     * each decode at most {@code target} entries (or one column), or null when the matrix
     * does not split: fewer than two ranges, or ranges that together decode more than the
     * whole (storage by row, where every column range reads every row, or a matrix that
     * cannot say what a range costs).
     */
    static long[] columnRanges(SparseMatrix m, long target) {
        long rows = m.rows(), cols = m.cols();
        if (cols < 2 || target < 1) return null;
        long whole = m.entriesToScan(0, rows, 0, cols);
        if (whole <= target) return null;
        long budget = whole + whole / 4 + target;
        long[] bounds = new long[64];
        int n = 0;
        long c0 = 0, read = 0;
        while (c0 < cols) {
            long c1 = c0 + 1;
            if (m.entriesToScan(0, rows, c0, c1) <= target) {
                long lo = c1, hi = cols; // the widest range that stays within target (costs grow with width)
                while (lo < hi) {
                    long mid = lo + (hi - lo + 1) / 2;
                    if (m.entriesToScan(0, rows, c0, mid) <= target) lo = mid; else hi = mid - 1;
                }
                c1 = lo;
            }
            read += m.entriesToScan(0, rows, c0, c1);
            if (read > budget || n + 2 > MAX_RANGES) return null;
            if (n + 2 > bounds.length) bounds = Arrays.copyOf(bounds, bounds.length * 2);
            bounds[n++] = c0;
            c0 = c1;
        }
        bounds[n] = cols;
        return n < 2 ? null : Arrays.copyOf(bounds, n + 1);
    }

    /** What the counting pass found per range, and the entries in all. */
    private record RangeCounts(long[] entries, boolean[] rowsUnsorted, long total) { }

    /** Thrown (without a stack) when a range's entries do not come column by column: the matrix is written on one thread. */
    private static final class NotColumnOrdered extends RuntimeException {
        static final NotColumnOrdered INSTANCE = new NotColumnOrdered();

        private NotColumnOrdered() { super("entries not in column order", null, false, false); }
    }

    /**
     * Counts each range's entries on up to {@code threads} threads and sees whether rows
     * increase in each column, as {@link #scan} does for the whole matrix. Returns null,
     * having stopped at the first entry that says so, when a range's entries do not come
     * column by column (a dense matrix read in blocks of rows).
     */
    private static RangeCounts countRanges(SparseMatrix m, long[] bounds, int threads, Progress p) {
        int n = bounds.length - 1;
        long rows = m.rows();
        boolean[] unsorted = new boolean[n];
        Progress cancelOnly = cancelOnly(p);
        long[] entries;
        try {
            entries = ParallelTasks.each(n, threads, p, w -> i -> {
                long c0 = bounds[i], c1 = bounds[i + 1];
                long[] state = {0, c0, -1, 0}; // entries, previous column, previous row, unsorted
                m.forEachEntryIn(0, rows, c0, c1, (r, c, v) -> {
                    if (c < state[1] || c >= c1) throw NotColumnOrdered.INSTANCE;
                    if (c == state[1] && r < state[2]) state[3] = 1;
                    state[1] = c;
                    state[2] = r;
                    state[0]++;
                }, cancelOnly);
                unsorted[i] = state[3] == 1;
                return state[0];
            });
        } catch (NotColumnOrdered e) {
            return null;
        }
        long total = 0;
        for (long e : entries) total += e;
        return new RangeCounts(entries, unsorted, total);
    }

    /**
     * Formats the ranges on worker threads and writes their text in range order. A range
     * of more than four times the range size (one large column) is formatted by the caller's
     * thread straight to the output in blocks, so no buffer holds more than a few MB.
     */
    private static void writeRanges(SparseMatrix m, long[] bounds, RangeCounts counts, Target out, EntryLines.Style style, int threads,
                                    long rangeEntries, Progress p) throws IOException {
        ValueType t = m.valueType();
        long gatherLimit = 4 * rangeEntries;
        Progress cancelOnly = cancelOnly(p);
        ReadAhead<EntryLines> ahead = ReadAhead.of(threads, () -> new EntryLines(t, style), (lines, k) -> {
            lines.clear();
            if (counts.entries()[(int) k] <= gatherLimit) formatRange(m, bounds, (int) k, counts, lines, cancelOnly);
        });
        long[] written = {0};
        EntryLines[] direct = {null};
        ahead.run(bounds.length - 1, p, (lines, k) -> {
            int i = (int) k;
            if (counts.entries()[i] <= gatherLimit) {
                out.bytes(lines.bytes, lines.length);
            } else {
                if (direct[0] == null) direct[0] = new EntryLines(t, style).streamTo(out::bytes);
                direct[0].clear();
                formatRange(m, bounds, i, counts, direct[0], cancelOnly);
                direct[0].flush();
            }
            written[0] += counts.entries()[i];
            if (counts.total() > 0) p.update((double) written[0] / counts.total(), null);
        });
    }

    /** Range {@code i}'s entries into {@code lines}, each column's rows sorted when the count found them out of order. */
    private static void formatRange(SparseMatrix m, long[] bounds, int i, RangeCounts counts, EntryLines lines, Progress p) {
        if (counts.rowsUnsorted()[i]) {
            ColumnSorter sorter = new ColumnSorter(lines);
            m.forEachEntryIn(0, m.rows(), bounds[i], bounds[i + 1], sorter::add, p);
            sorter.flush();
        } else {
            m.forEachEntryIn(0, m.rows(), bounds[i], bounds[i + 1], lines, p);
        }
    }

    /** Tells work on worker threads about cancellation only: their progress would make no sense to a person. */
    private static Progress cancelOnly(Progress p) {
        return new Progress() {
            @Override public void update(double fraction, String message) { }

            @Override public boolean cancelled() { return p.cancelled(); }
        };
    }

    /** What one pass over a matrix found: the entries it yields, how many it claims, whether rows increase in each column. */
    public record Scan(long entries, long claimed, boolean rowsSorted) {
        /** Entries the matrix claims but cannot yield. */
        public long skipped() { return Math.max(0, claimed - entries); }
    }

    /** Counts the entries a matrix yields and sees whether each column's rows come in order. */
    public static Scan scan(SparseMatrix m, Progress progress) {
        long[] state = {0, -1, -1, 1}; // entries, previous column, previous row, sorted
        m.forEachEntry((r, c, v) -> {
            state[0]++;
            if (c == state[1] && r < state[2]) state[3] = 0;
            state[1] = c;
            state[2] = r;
        }, progress);
        return new Scan(state[0], m.nnz(), state[3] == 1);
    }

    /**
     * Visits the entries ordered by (column, row). A matrix whose stored rows are out of
     * order within a column (a damaged or hand-made file) has each column gathered and
     * sorted before it is visited; a sound one is streamed as it is.
     */
    public static void forEachSorted(SparseMatrix m, Scan scan, SparseMatrix.EntryVisitor visitor, Progress progress) {
        if (scan.rowsSorted()) {
            m.forEachEntry(visitor, progress);
            return;
        }
        ColumnSorter sorter = new ColumnSorter(visitor);
        m.forEachEntry(sorter::add, progress);
        sorter.flush();
    }

    /** Gathers one column's entries and hands them on sorted by row (stable for equal rows). */
    private static final class ColumnSorter {
        private final SparseMatrix.EntryVisitor next;
        private long column = -1;
        private long[] keys = new long[64];
        private long[] values = new long[64];
        private int n;

        ColumnSorter(SparseMatrix.EntryVisitor next) { this.next = next; }

        void add(long row, long col, long value) {
            if (col != column) {
                flush();
                column = col;
            }
            if (n == keys.length) {
                keys = java.util.Arrays.copyOf(keys, n * 2);
                values = java.util.Arrays.copyOf(values, n * 2);
            }
            // rows are below 2^32 and a column holds fewer than 2^31 entries: (row, arrival) packs in one long
            keys[n] = (row << 31) | n;
            values[n] = value;
            n++;
        }

        void flush() {
            if (n == 0) return;
            java.util.Arrays.sort(keys, 0, n);
            for (int i = 0; i < n; i++) next.entry(keys[i] >>> 31, column, values[(int) (keys[i] & 0x7fffffffL)]);
            n = 0;
        }
    }

    /** A value as the fixtures print it. */
    public static String format(ValueType t, long raw) {
        if (t.kind() != ValueType.Kind.FLOAT) return t.kind() == ValueType.Kind.INT ? Long.toString(raw) : Long.toUnsignedString(raw);
        if (t.byteWidth() == 4) return formatG(Float.intBitsToFloat((int) raw), 9);
        return formatG(Double.longBitsToDouble(raw), 17);
    }

    /** C's {@code %.<p>g} for one double, exactly (round half even on the exact binary value). */
    public static String formatG(double v, int p) {
        if (Double.isNaN(v)) return "NaN";
        if (Double.isInfinite(v)) return v > 0 ? "Infinity" : "-Infinity";
        if (v == 0) return Double.doubleToRawLongBits(v) < 0 ? "-0" : "0";
        BigDecimal bd = new BigDecimal(v).round(new MathContext(p, RoundingMode.HALF_EVEN));
        int x = bd.precision() - bd.scale() - 1;
        String sign = bd.signum() < 0 ? "-" : "";
        bd = bd.abs();
        if (x < -4 || x >= p) {
            String digits = bd.unscaledValue().toString();
            int end = digits.length();
            while (end > 1 && digits.charAt(end - 1) == '0') end--;
            StringBuilder sb = new StringBuilder(sign).append(digits.charAt(0));
            if (end > 1) sb.append('.').append(digits, 1, end);
            sb.append('e').append(x < 0 ? '-' : '+');
            int ax = Math.abs(x);
            if (ax < 10) sb.append('0');
            return sb.append(ax).toString();
        }
        return sign + bd.stripTrailingZeros().toPlainString();
    }
}
