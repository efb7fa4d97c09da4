package org.packscope.codec.store;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.store.ByteStore;

/**
 * Fixed-width values laid end to end in a {@link ByteStore}, little-endian unless a person
 * chose otherwise: a Blosc chunk's elements, a bcolz carray flattened in C order. Reading
 * values decodes only the units that hold them.
 */
public final class StoreColumn implements ValueColumn {
    private final String name;
    private final ValueType type;
    private final long count;
    private final ByteStore store;
    private final boolean bigEndian;

    public StoreColumn(String name, ValueType type, long count, ByteStore store) {
        this(name, type, count, store, false);
    }

    private StoreColumn(String name, ValueType type, long count, ByteStore store, boolean bigEndian) {
        this.name = name;
        this.type = type;
        this.count = count;
        this.store = store;
        this.bigEndian = bigEndian;
    }

    public ByteStore store() { return store; }

    /** The same bytes read as {@code t} (a bcolz dtype, a person's choice); null when they are not a whole number of such values. */
    public StoreColumn as(ValueType t) { return as(t, false); }

    /** The same bytes read as {@code t} in the given byte order; null when they are not a whole number of such values. */
    public StoreColumn as(ValueType t, boolean bigEndianValues) {
        int w = t.byteWidth();
        if (w <= 0 || store.size() % w != 0) return null;
        return new StoreColumn(name, t, store.size() / w, store, bigEndianValues && w > 1);
    }

    /** True when the values are read big-endian (a person's choice for a standalone chunk). */
    public boolean bigEndian() { return bigEndian; }

    @Override public String name() { return name; }
    @Override public ValueType type() { return type; }
    @Override public long count() { return count; }

    private void check(long start, int len) {
        if (start < 0 || len < 0 || start > count - len) throw new IndexOutOfBoundsException(start + "+" + len + " of " + count);
    }

    @Override
    public void read(long start, long[] dst, int off, int len) {
        check(start, len);
        if (!type.numeric()) throw new UnsupportedOperationException(type.label() + " values are not numeric");
        int w = type.byteWidth();
        byte[] buf = bytesFor(len * w);
        store.read(start * w, buf, 0, len * w);
        if (!bigEndian) {
            type.readLE(buf, 0, dst, off, len);
            return;
        }
        for (int i = 0, p = 0; i < len; i++, p += w) {
            long v = 0;
            for (int k = 0; k < w; k++) v = v << 8 | (buf[p + k] & 0xff);
            dst[off + i] = type.normalize(v);
        }
    }

    /**
     * The calling thread's buffer for a page's stored bytes, kept up to {@link #KEPT_BYTES}:
     * every page of a plot or an export comes through {@link #read}, and a fresh half-MB
     * array each was memory a fresh process pays page faults for.
     */
    private static byte[] bytesFor(int n) {
        if (n > KEPT_BYTES) return new byte[n];
        byte[] b = PAGE_BYTES.get();
        if (b.length < n) {
            b = new byte[Math.max(n, Math.min(KEPT_BYTES, b.length * 2))];
            PAGE_BYTES.set(b);
        }
        return b;
    }

    private static final int KEPT_BYTES = 1 << 20;
    private static final ThreadLocal<byte[]> PAGE_BYTES = ThreadLocal.withInitial(() -> new byte[0]);

    @Override public boolean mayHaveGaps() { return store.mayFail(); }

    @Override
    public long uniformEnd(long start) {
        int w = type.byteWidth();
        if (w <= 0 || start < 0 || start >= count) return start;
        return Math.min(count, Math.max(start, store.uniformEnd(start * w) / w));
    }

    @Override
    public long undecodableEnd(long start) {
        int w = type.byteWidth();
        if (w <= 0 || start < 0 || start >= count) return start;
        // only values wholly inside the failed stretch
        return Math.min(count, Math.max(start, store.failedEnd(start * w) / w));
    }

    /** A value is undecodable when any of its bytes lies in a unit (block) that fails to decode. */
    @Override
    public void gaps(long start, byte[] dst, int off, int len) {
        check(start, len);
        java.util.Arrays.fill(dst, off, off + len, PRESENT);
        if (!store.mayFail()) return;
        int w = Math.max(1, type.byteWidth());
        long pos = start * w, stop = (start + len) * w;
        while (pos < stop) {
            long end = Math.min(stop, store.unitEnd(pos));
            if (end <= pos) break;
            if (store.failure(pos) != null) {
                int from = (int) (pos / w - start), to = (int) ((end + w - 1) / w - start);
                java.util.Arrays.fill(dst, off + from, off + to, UNDECODABLE);
            }
            pos = end;
        }
    }

    @Override
    public String gapReason(long index) {
        if (index < 0 || index >= count || !store.mayFail()) return null;
        int w = Math.max(1, type.byteWidth());
        for (long pos = index * w, stop = pos + w; pos < stop; pos = store.unitEnd(pos)) {
            String why = store.failure(pos);
            if (why != null) return why;
            if (store.unitEnd(pos) <= pos) break;
        }
        return null;
    }

    @Override
    public void readRaw(long start, int len, byte[] dst, int off) {
        check(start, len);
        int w = type.byteWidth();
        store.read(start * w, dst, off, len * w);
        if (bigEndian) {
            // the contract is little-endian bytes: a big-endian reading hands them over swapped
            for (int p = off, end = off + len * w; p < end; p += w) {
                for (int i = 0, j = w - 1; i < j; i++, j--) {
                    byte t = dst[p + i];
                    dst[p + i] = dst[p + j];
                    dst[p + j] = t;
                }
            }
        }
    }
}
