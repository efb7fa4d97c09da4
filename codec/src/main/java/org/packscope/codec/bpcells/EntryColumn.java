package org.packscope.codec.bpcells;

import java.util.Arrays;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * One component of the stored entries (row, column, value, or a row/column name) in
 * stored order, with random paged access: a page of entries is decoded on demand and a
 * few pages are kept, so the values table can jump to entry 5,000,000 cheaply.
 */
final class EntryColumn implements ValueColumn {
    enum Part { ROW, COL, VALUE, ROW_NAME, COL_NAME }

    private static final int PAGE = 4096;
    private static final int PAGES = 4;

    private final BpcellsMatrix m;
    private final Part part;
    private final long[] pageNo = new long[PAGES];
    private final int[][] minor = new int[PAGES][];
    private final long[][] values = new long[PAGES][];
    private final int[][] major = new int[PAGES][];
    private int next;
    private EntryReader reader;

    EntryColumn(BpcellsMatrix m, Part part) {
        this.m = m;
        this.part = part;
        Arrays.fill(pageNo, -1);
    }

    @Override
    public String name() {
        return switch (part) {
            case ROW -> "row";
            case COL -> "col";
            case VALUE -> "value";
            case ROW_NAME -> "row_name";
            case COL_NAME -> "col_name";
        };
    }

    @Override
    public ValueType type() {
        return switch (part) {
            case ROW, COL -> ValueType.U32;
            case VALUE -> m.valueType();
            default -> ValueType.TEXT;
        };
    }

    @Override public long count() { return m.nnz(); }

    @Override
    public synchronized void read(long start, long[] dst, int off, int len) {
        read(part, start, dst, off, len);
    }

    private void read(Part part, long start, long[] dst, int off, int len) {
        if (start < 0 || len < 0 || start + len > count()) throw new IndexOutOfBoundsException(start + "+" + len);
        boolean rowIsMajor = m.storageOrder() == StorageOrder.ROW;
        for (int i = 0; i < len; i++) {
            long e = start + i;
            int p = page(e / PAGE);
            int at = (int) (e % PAGE);
            dst[off + i] = switch (part) {
                case ROW -> rowIsMajor ? major[p][at] : minor[p][at] & 0xffffffffL;
                case COL -> rowIsMajor ? minor[p][at] & 0xffffffffL : major[p][at];
                case VALUE -> values[p][at];
                default -> 0;
            };
        }
    }

    @Override
    public void readRaw(long start, int len, byte[] dst, int off) {
        if (part == Part.ROW_NAME || part == Part.COL_NAME) throw new UnsupportedOperationException("text column");
        ValueColumn.super.readRaw(start, len, dst, off);
    }

    @Override
    public String text(long index) {
        if (part != Part.ROW_NAME && part != Part.COL_NAME) return ValueColumn.super.text(index);
        long[] rc = new long[1];
        synchronized (this) {
            read(part == Part.ROW_NAME ? Part.ROW : Part.COL, index, rc, 0, 1);
        }
        var names = part == Part.ROW_NAME ? m.rowNames() : m.colNames();
        return rc[0] < names.size() ? names.get((int) rc[0]) : "";
    }

    private int page(long no) {
        for (int i = 0; i < PAGES; i++) if (pageNo[i] == no) return i;
        int slot = next;
        next = (next + 1) % PAGES;
        long from = no * PAGE;
        int n = (int) Math.min(PAGE, m.nnz() - from);
        if (reader == null) reader = new EntryReader(m);
        int[] mi = new int[n];
        long[] va = new long[n];
        m.readEntries(reader, from, n, mi, va);
        int[] ma = new int[n];
        int j = m.majorOf(from);
        for (int i = 0; i < n; i++) {
            while (j + 1 < m.majorCount() && m.majorEnd(j) <= from + i) j++;
            ma[i] = j;
        }
        pageNo[slot] = no;
        minor[slot] = mi;
        values[slot] = va;
        major[slot] = ma;
        return slot;
    }
}
