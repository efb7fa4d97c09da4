package org.packscope.codec.store;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * One 2-D slice of an array ({@link ArraySlices}): a dimension down the rows, one across
 * the columns, every other dimension held at an index. Views read windows of it, and
 * take any of its columns as a value column for a table or a plot.
 */
public final class Slice2D {
    private final ArraySlices array;
    private final int rowDim;
    private final int colDim;
    private final long[] fixed;
    private final long rows;
    private final long cols;

    public Slice2D(ArraySlices array, int rowDim, int colDim, long[] fixed) {
        long[] shape = array.shape();
        if (rowDim == colDim) throw new IllegalArgumentException("rows and columns need two different dimensions");
        if (rowDim < 0 || colDim < 0 || rowDim >= shape.length || colDim >= shape.length) throw new IllegalArgumentException("no such dimension");
        if (fixed.length != shape.length) throw new IllegalArgumentException("an index for each dimension");
        origin(shape, rowDim, colDim, fixed, 0, 0, 0, 0);
        this.array = array;
        this.rowDim = rowDim;
        this.colDim = colDim;
        this.fixed = fixed.clone();
        this.rows = shape[rowDim];
        this.cols = shape[colDim];
    }

    /**
     * Checks a window of a slice against the array's shape; returns the C-order position
     * the fixed indexes contribute (the element offset of the slice's corner).
     */
    static long origin(long[] shape, int rowDim, int colDim, long[] fixed, long row0, int nRows, long col0, int nCols) {
        long o = 0, stride = 1;
        for (int d = shape.length - 1; d >= 0; d--) {
            if (d != rowDim && d != colDim) {
                if (fixed[d] < 0 || fixed[d] >= shape[d]) throw new IndexOutOfBoundsException("index " + fixed[d] + " outside dimension " + d);
                o += fixed[d] * stride;
            }
            stride *= shape[d];
        }
        long colExtent = colDim < 0 ? 1 : shape[colDim];
        if (row0 < 0 || col0 < 0 || nRows < 0 || nCols < 0 || row0 > shape[rowDim] - nRows || col0 > colExtent - nCols) {
            throw new IndexOutOfBoundsException("window outside the " + shape[rowDim] + " × " + colExtent + " slice");
        }
        return o;
    }

    public long rows() { return rows; }

    public long columns() { return cols; }

    public ValueType type() { return array.type(); }

    /** Rows {@code [row0, row0+nRows)} × columns {@code [col0, col0+nCols)} as raw bit patterns, row by row; gap marks into {@code gaps} (may be null). */
    public void read(long row0, int nRows, long col0, int nCols, long[] dst, byte[] gaps) {
        array.read(rowDim, colDim, fixed, row0, nRows, col0, nCols, dst, gaps);
    }

    /** Column {@code col} of the slice as a value column down the rows. */
    public ValueColumn column(long col, String name) {
        if (col < 0 || col >= cols) throw new IndexOutOfBoundsException(col);
        long[] at = fixed.clone();
        at[colDim] = col;
        ValueType type = array.type();
        long n = rows;
        return new ValueColumn() {
            @Override public String name() { return name; }
            @Override public ValueType type() { return type; }
            @Override public long count() { return n; }

            @Override
            public void read(long s, long[] dst, int off, int len) {
                if (s < 0 || len < 0 || s > n - len) throw new IndexOutOfBoundsException(s + "+" + len + " of " + n);
                if (off == 0) {
                    array.read(rowDim, -1, at, s, len, 0, 1, dst, null);
                } else {
                    long[] part = new long[len];
                    array.read(rowDim, -1, at, s, len, 0, 1, part, null);
                    System.arraycopy(part, 0, dst, off, len);
                }
            }

            @Override public boolean mayHaveGaps() { return true; }

            @Override
            public void gaps(long s, byte[] dst, int off, int len) {
                long[] values = new long[len];
                byte[] marks = new byte[len];
                array.read(rowDim, -1, at, s, len, 0, 1, values, marks);
                System.arraycopy(marks, 0, dst, off, len);
            }
        };
    }

    /**
     * Every element of the slice as one value column, row by row ({@code rows × columns}
     * values): what a histogram or statistics of the slice count. Reads whole rows at a time
     * where it can, so a page crosses each chunk once.
     */
    public ValueColumn elements(String name) {
        ValueType type = array.type();
        long n = Math.multiplyExact(rows, cols);
        return new ValueColumn() {
            @Override public String name() { return name; }
            @Override public ValueType type() { return type; }
            @Override public long count() { return n; }
            @Override public void read(long s, long[] dst, int off, int len) { readElements(s, dst, off, len, null); }
            @Override public boolean mayHaveGaps() { return true; }
            @Override public void gaps(long s, byte[] dst, int off, int len) {
                byte[] marks = new byte[len];
                readElements(s, new long[len], 0, len, marks);
                System.arraycopy(marks, 0, dst, off, len);
            }

            private void readElements(long s, long[] dst, int off, int len, byte[] marks) {
                if (s < 0 || len < 0 || s > n - len) throw new IndexOutOfBoundsException(s + "+" + len + " of " + n);
                int done = 0;
                while (done < len) {
                    long at = s + done;
                    long row = at / cols, col = at % cols;
                    int left = len - done;
                    // whole rows in one read where the page allows, else the rest of this row
                    int nRows = col == 0 && left >= cols ? (int) Math.min(left / cols, Math.max(1, (1 << 20) / cols)) : 1;
                    int nCols = nRows > 1 || col == 0 && left >= cols ? (int) cols : (int) Math.min(left, cols - col);
                    int count = nRows * nCols;
                    long[] part = new long[count];
                    byte[] partMarks = marks == null ? null : new byte[count];
                    array.read(rowDim, colDim, fixed, row, nRows, col, nCols, part, partMarks);
                    System.arraycopy(part, 0, dst, off + done, count);
                    if (marks != null) System.arraycopy(partMarks, 0, marks, done, count);
                    done += count;
                }
            }
        };
    }
}
