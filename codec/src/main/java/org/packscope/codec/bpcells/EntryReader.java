package org.packscope.codec.bpcells;

import java.util.Arrays;

/**
 * Decodes runs of entries, in stored order, into primitive arrays: minor indices
 * (row for col storage, column for row storage; -1 where the entry cannot be decoded)
 * and values as raw bits (32-bit types in {@code v32}, float64 in {@code v64}).
 * Not thread-safe: one per traversal or per caller.
 */
final class EntryReader {
    private final BpcellsMatrix m;
    private final ArrayStore store;
    private final StreamCursor index;
    private final StreamCursor values;
    private final boolean wide;
    final ReadErrors errors = new ReadErrors();

    EntryReader(BpcellsMatrix m) {
        this.m = m;
        this.store = m.store();
        this.index = m.indexStream() == null ? null : new StreamCursor(store, m.indexStream(), errors);
        this.values = m.valueStream() == null ? null : new StreamCursor(store, m.valueStream(), errors);
        this.wide = m.valueElementType() == ElementType.FLOAT64;
    }

    boolean wide() { return wide; }

    /** Reads entries {@code [from, from+len)}; {@code v32} or {@code v64} may be null to skip values. */
    void read(long from, int len, int[] minor, int[] v32, long[] v64, int off) {
        if (index != null) {
            index.read(from, len, minor, off, minor);
        } else {
            try {
                store.readInts(ArrayNames.INDEX, from, minor, off, len);
            } catch (RuntimeException e) {
                errors.add(ArrayNames.INDEX, e);
                Arrays.fill(minor, off, off + len, -1);
            }
        }
        if (values != null) {
            if (v32 != null) values.read(from, len, v32, off, minor);
        } else if (wide ? v64 != null : v32 != null) {
            try {
                if (wide) store.readLongs(ArrayNames.VAL, from, v64, off, len);
                else store.readInts(ArrayNames.VAL, from, v32, off, len);
            } catch (RuntimeException e) {
                errors.add(ArrayNames.VAL, e);
                Arrays.fill(minor, off, off + len, -1);
            }
        }
    }
}
