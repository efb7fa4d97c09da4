package org.packscope.codec.inspect;

/**
 * A 2-D slice of an {@link NdArray}: one dimension down the rows, one across the columns,
 * the others held at fixed indexes. Reading a window of it reads each row's stretch of
 * values in one call when the columns run along the array's last dimension (contiguous in
 * C order), and value by value otherwise; either way the array's column decodes only the
 * chunks the window crosses.
 */
public final class Slice2D {
    private final NdArray array;
    private final int rowDim;
    private final int colDim;
    private final long origin;

    Slice2D(NdArray array, int rowDim, int colDim, long[] at) {
        if (rowDim == colDim) throw new IllegalArgumentException("rows and columns need two different dimensions");
        if (rowDim < 0 || colDim < 0 || rowDim >= array.rank() || colDim >= array.rank()) throw new IllegalArgumentException("no such dimension");
        if (at.length != array.rank()) throw new IllegalArgumentException("an index for each dimension");
        this.array = array;
        this.rowDim = rowDim;
        this.colDim = colDim;
        long o = 0;
        for (int d = 0; d < at.length; d++) {
            if (d == rowDim || d == colDim) continue;
            if (at[d] < 0 || at[d] >= array.extent(d)) throw new IllegalArgumentException("index " + at[d] + " outside dimension " + d);
            o += at[d] * array.stride(d);
        }
        this.origin = o;
    }

    public long rows() { return array.extent(rowDim); }

    public long columns() { return array.extent(colDim); }

    public ValueType type() { return array.column().type(); }

    /** The C-order position of element (row, col) of the slice in the array's column. */
    public long flatIndex(long row, long col) {
        return origin + row * array.stride(rowDim) + col * array.stride(colDim);
    }

    /**
     * Reads rows {@code [row0, row0+nRows)} × columns {@code [col0, col0+nCols)} as raw
     * bit patterns (see {@link ValueType}) into {@code dst} row by row, and their gap marks
     * into {@code gaps} (may be null).
     */
    public void read(long row0, int nRows, long col0, int nCols, long[] dst, byte[] gaps) {
        if (row0 < 0 || col0 < 0 || nRows < 0 || nCols < 0 || row0 + nRows > rows() || col0 + nCols > columns()) {
            throw new IndexOutOfBoundsException("window outside the " + rows() + " × " + columns() + " slice");
        }
        ValueColumn c = array.column();
        boolean gapsToo = gaps != null && c.mayHaveGaps();
        if (gaps != null && !gapsToo) java.util.Arrays.fill(gaps, 0, nRows * nCols, ValueColumn.PRESENT);
        boolean contiguous = array.stride(colDim) == 1;
        for (int r = 0; r < nRows; r++) {
            int at = r * nCols;
            if (contiguous) {
                long flat = flatIndex(row0 + r, col0);
                c.read(flat, dst, at, nCols);
                if (gapsToo) c.gaps(flat, gaps, at, nCols);
            } else {
                for (int k = 0; k < nCols; k++) {
                    long flat = flatIndex(row0 + r, col0 + k);
                    c.read(flat, dst, at + k, 1);
                    if (gapsToo) c.gaps(flat, gaps, at + k, 1);
                }
            }
        }
    }

    /** Column {@code col} of the slice as a value column down the rows (for tables and plots). */
    public ValueColumn column(long col, String name) {
        if (col < 0 || col >= columns()) throw new IndexOutOfBoundsException(col);
        ValueColumn base = array.column();
        long start = flatIndex(0, col);
        long step = array.stride(rowDim);
        long n = rows();
        return new ValueColumn() {
            @Override public String name() { return name; }
            @Override public ValueType type() { return base.type(); }
            @Override public long count() { return n; }

            @Override
            public void read(long s, long[] dst, int off, int len) {
                if (step == 1) {
                    base.read(start + s, dst, off, len);
                    return;
                }
                for (int i = 0; i < len; i++) base.read(start + (s + i) * step, dst, off + i, 1);
            }

            @Override
            public void readRaw(long s, int len, byte[] dst, int off) {
                int w = base.type().byteWidth();
                for (int i = 0; i < len; i++) base.readRaw(start + (s + i) * step, 1, dst, off + i * w);
            }

            @Override public String text(long index) { return base.text(start + index * step); }

            @Override public boolean mayHaveGaps() { return base.mayHaveGaps(); }

            @Override
            public void gaps(long s, byte[] dst, int off, int len) {
                for (int i = 0; i < len; i++) base.gaps(start + (s + i) * step, dst, off + i, 1);
            }

            @Override public String gapReason(long index) { return base.gapReason(start + index * step); }
        };
    }
}
