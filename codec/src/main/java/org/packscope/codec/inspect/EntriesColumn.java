package org.packscope.codec.inspect;

import java.util.Arrays;


/**
 * One part of a matrix's stored entries (row, column, value, row name or column name)
 * in stored order, read a page at a time with a few pages kept, so the values table can
 * jump to entry 5,000,000 cheaply. Shared by every matrix format.
 */
public final class EntriesColumn implements ValueColumn {
    public enum Part { ROW, COL, VALUE, ROW_NAME, COL_NAME }

    private static final int PAGE = 4096;
    private static final int PAGES = 4;

    private final StoredEntries m;
    private final Part part;
    private final long[] pageNo = new long[PAGES];
    private final long[][] rows = new long[PAGES][], cols = new long[PAGES][], values = new long[PAGES][];
    private int next;

    public EntriesColumn(StoredEntries m, Part part) {
        this.m = m;
        this.part = part;
        Arrays.fill(pageNo, -1);
    }

    @Override public String name() { return part.name().toLowerCase(java.util.Locale.ROOT); }

    @Override
    public ValueType type() {
        return switch (part) {
            case ROW, COL -> ValueType.U32;
            case VALUE -> m.valueType();
            default -> ValueType.TEXT;
        };
    }

    @Override public long count() { return m.storedCount(); }

    @Override
    public void read(long start, long[] dst, int off, int len) {
        if (start < 0 || len < 0 || start + len > count()) throw new IndexOutOfBoundsException(start + "+" + len);
        if (len >= PAGE) {
            // a long read (an export's page) goes past the table's few kept pages and holds no lock,
            // so readers paging ahead in parallel neither wait for one another nor evict the table's pages
            long[] r = new long[len], c = new long[len], v = new long[len];
            m.readStored(start, len, r, c, v);
            long[] part = switch (this.part) {
                case ROW, ROW_NAME -> r;
                case COL, COL_NAME -> c;
                default -> v;
            };
            System.arraycopy(part, 0, dst, off, len);
            return;
        }
        synchronized (this) {
            for (int i = 0; i < len; i++) dst[off + i] = at(part, start + i);
        }
    }

    private long at(Part p, long e) {
        int s = page(e / PAGE);
        int i = (int) (e % PAGE);
        return switch (p) {
            case ROW, ROW_NAME -> rows[s][i];
            case COL, COL_NAME -> cols[s][i];
            default -> values[s][i];
        };
    }

    @Override
    public void readRaw(long start, int len, byte[] dst, int off) {
        if (part == Part.ROW_NAME || part == Part.COL_NAME) throw new UnsupportedOperationException("text column");
        ValueColumn.super.readRaw(start, len, dst, off);
    }

    @Override
    public String text(long index) {
        if (part != Part.ROW_NAME && part != Part.COL_NAME) return ValueColumn.super.text(index);
        long k;
        synchronized (this) {
            k = at(part, index);
        }
        var names = part == Part.ROW_NAME ? m.rowNames() : m.colNames();
        return k >= 0 && k < names.size() ? names.get((int) k) : "";
    }

    private int page(long no) {
        for (int i = 0; i < PAGES; i++) if (pageNo[i] == no) return i;
        int slot = next;
        next = (next + 1) % PAGES;
        long from = no * PAGE;
        int n = (int) Math.min(PAGE, m.storedCount() - from);
        long[] r = new long[n], c = new long[n], v = new long[n];
        m.readStored(from, n, r, c, v);
        pageNo[slot] = no;
        rows[slot] = r;
        cols[slot] = c;
        values[slot] = v;
        return slot;
    }
}
