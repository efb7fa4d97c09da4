package org.packscope.codec.store;

import java.util.List;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/** {@link ArraySlices} over a {@link ChunkedArray} of little-endian numeric elements. */
public final class ChunkedSlices implements ArraySlices {
    private final ChunkedArray array;
    private final ValueType type;
    private final List<String> names;

    /** @param names one per dimension, or empty for none */
    public ChunkedSlices(ChunkedArray array, ValueType type, List<String> names) {
        if (!type.numeric() || type.byteWidth() != array.itemSize()) {
            throw new IllegalArgumentException(type.label() + " for items of " + array.itemSize() + " bytes");
        }
        this.array = array;
        this.type = type;
        int rank = array.grid().rank();
        this.names = names.size() == rank ? List.copyOf(names) : java.util.Collections.nCopies(rank, "");
    }

    @Override public long[] shape() { return array.grid().shape(); }

    @Override public ValueType type() { return type; }

    @Override public List<String> dimensionNames() { return names; }

    @Override
    public void read(int rowDim, int colDim, long[] fixed, long row0, int rows, long col0, int cols, long[] dst, byte[] gaps) {
        int n = Math.multiplyExact(rows, cols);
        int w = type.byteWidth();
        byte[] buf = new byte[Math.multiplyExact(n, w)];
        boolean[] failed = gaps == null ? null : new boolean[n];
        array.readWindow(rowDim, colDim, fixed, row0, rows, col0, cols, buf, failed);
        type.readLE(buf, 0, dst, 0, n);
        if (gaps != null) for (int i = 0; i < n; i++) gaps[i] = failed[i] ? ValueColumn.UNDECODABLE : ValueColumn.PRESENT;
    }
}
