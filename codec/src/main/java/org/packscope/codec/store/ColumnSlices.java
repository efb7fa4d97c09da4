package org.packscope.codec.store;

import java.util.Collections;
import java.util.List;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * {@link ArraySlices} over any value column that holds an array's elements in C order
 * (an HDF5 dataset): a window's rows are read as one stretch each when the columns run
 * along the last dimension, value by value otherwise. The column decodes only what is
 * read, so only the chunks a window crosses are decoded.
 */
public final class ColumnSlices implements ArraySlices {
    private final long[] shape;
    private final long[] strides;
    private final ValueColumn column;
    private final List<String> names;

    public ColumnSlices(long[] shape, ValueColumn column, List<String> names) {
        this.shape = shape.clone();
        this.strides = new long[shape.length];
        long n = 1;
        for (int d = shape.length - 1; d >= 0; d--) {
            if (shape[d] < 0) throw new IllegalArgumentException("negative extent");
            strides[d] = n;
            try {
                n = Math.multiplyExact(n, shape[d]);
            } catch (ArithmeticException overflow) {
                throw new IllegalArgumentException("more than 2^63 elements");
            }
        }
        if (n != column.count()) throw new IllegalArgumentException(java.util.Arrays.toString(shape) + " holds " + n + " elements, the column " + column.count());
        this.column = column;
        this.names = names.size() == shape.length ? List.copyOf(names) : Collections.nCopies(shape.length, "");
    }

    @Override public long[] shape() { return shape.clone(); }

    @Override public ValueType type() { return column.type(); }

    @Override public List<String> dimensionNames() { return names; }

    @Override
    public void read(int rowDim, int colDim, long[] fixed, long row0, int rows, long col0, int cols, long[] dst, byte[] gaps) {
        long origin = Slice2D.origin(shape, rowDim, colDim, fixed, row0, rows, col0, cols);
        long rowStride = strides[rowDim];
        long colStride = colDim < 0 ? 0 : strides[colDim];
        boolean gapsToo = gaps != null && column.mayHaveGaps();
        if (gaps != null && !gapsToo) java.util.Arrays.fill(gaps, 0, rows * cols, ValueColumn.PRESENT);
        for (int r = 0; r < rows; r++) {
            int at = r * cols;
            long first = origin + (row0 + r) * rowStride + col0 * colStride;
            if (colStride == 1 || cols == 1) {
                column.read(first, dst, at, cols);
                if (gapsToo) column.gaps(first, gaps, at, cols);
            } else {
                for (int k = 0; k < cols; k++) {
                    column.read(first + k * colStride, dst, at + k, 1);
                    if (gapsToo) column.gaps(first + k * colStride, gaps, at + k, 1);
                }
            }
        }
    }
}
