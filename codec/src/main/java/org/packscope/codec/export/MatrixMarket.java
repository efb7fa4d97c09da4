package org.packscope.codec.export;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;

import org.packscope.codec.inspect.Progress;
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
        ValueType t = m.valueType();
        boolean real = t.kind() == ValueType.Kind.FLOAT;
        Scan scan = scan(m, progress);
        out.append("%%MatrixMarket matrix coordinate ").append(real ? "real" : "integer").append(" general\n");
        for (String c : comments) out.append("% ").append(c).append('\n');
        out.append(Long.toString(m.rows())).append(' ').append(Long.toString(m.cols())).append(' ').append(Long.toString(scan.entries())).append('\n');
        StringBuilder line = new StringBuilder(64);
        try {
            forEachSorted(m, scan, (r, c, v) -> {
                line.setLength(0);
                line.append(r + 1).append(' ').append(c + 1).append(' ').append(format(t, v)).append('\n');
                try {
                    out.append(line);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, progress);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return scan.skipped();
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
