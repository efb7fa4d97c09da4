package org.packscope.codec.sparse;

import java.lang.reflect.Array;
import java.util.List;

import org.packscope.codec.hdf5.Hdf5Dataset;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.StoredEntries;
import org.packscope.codec.inspect.ValueType;

/**
 * A dense 2-D HDF5 dataset seen as a sparse matrix: its non-zero cells are the entries.
 * Blocks of at most {@link #BLOCK_CELLS} cells are read as slices of the dataset, so a
 * zoomed view reads its rectangle only. Entry positions for the entries table come from
 * per-row counts made on first use.
 */
public final class DenseMatrix implements StoredEntries {
    static final int BLOCK_CELLS = 1 << 20;
    /** Rows at most (the entries table keeps a start per row). */
    static final long MAX_ROWS = 1L << 26;

    private final Hdf5Dataset dataset;
    private final ValueType type;
    private final long rows, cols;
    private final List<String> rowNames, colNames;
    private long[] rowStart;

    private DenseMatrix(Hdf5Dataset dataset, ValueType type, List<String> rowNames, List<String> colNames) {
        this.dataset = dataset;
        this.type = type;
        long[] d = dataset.dims();
        this.rows = d[0];
        this.cols = d[1];
        this.rowNames = rowNames.size() == rows ? rowNames : List.of();
        this.colNames = colNames.size() == cols ? colNames : List.of();
    }

    /** The dataset as a matrix, or null when it is not a 2-D numeric dataset of at most 2^31 rows and columns. */
    public static DenseMatrix of(Hdf5Dataset d, List<String> rowNames, List<String> colNames) {
        try {
            long[] dims = d.dims();
            if (d.scalar() || dims.length != 2 || dims[0] > MAX_ROWS || dims[1] > Integer.MAX_VALUE) return null;
            ValueType t = d.numericType();
            return t != null ? new DenseMatrix(d, t, rowNames, colNames) : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    public Hdf5Dataset dataset() { return dataset; }

    @Override public long rows() { return rows; }

    @Override public long cols() { return cols; }

    @Override public ValueType valueType() { return type; }

    @Override public List<String> rowNames() { return rowNames; }

    @Override public List<String> colNames() { return colNames; }

    /** Cells counted for {@link #nnz} at most: a larger dense matrix would be read whole just to say how many of its cells are non-zero. */
    static final long COUNT_LIMIT = 1L << 26;

    /** True when the non-zero cells are counted (and listed as entries); else {@link #nnz} is the number of cells. */
    public boolean counted() { return rows * cols <= COUNT_LIMIT; }

    /** The non-zero cells, or every cell when the matrix is too large to count (see {@link #counted}). */
    @Override public long nnz() { return counted() ? storedCount() : rows * cols; }

    @Override
    public synchronized long storedCount() {
        if (rowStart == null) {
            long[] starts = new long[(int) rows + 1];
            forEachEntryIn(0, rows, 0, cols, (r, c, v) -> starts[(int) r + 1]++, Progress.NONE);
            for (int r = 0; r < rows; r++) starts[r + 1] += starts[r];
            rowStart = starts;
        }
        return rowStart[(int) rows];
    }

    private boolean isZero(long raw) {
        return type.kind() == ValueType.Kind.FLOAT ? (raw & ~(1L << (type.byteWidth() * 8 - 1))) == 0 : raw == 0;
    }

    /** Cells {@code [r0, r0+h) × [c0, c0+w)} row by row, as raw bits. */
    long[] block(long r0, int h, long c0, int w) {
        Object got = dataset.slice(new long[] {r0, c0}, new int[] {h, w}, "rows " + r0 + "+" + h + ", columns " + c0 + "+" + w);
        long[] out = new long[h * w];
        int k = 0;
        for (int i = 0; i < h; i++) {
            Object row = Array.get(got, i);
            for (int j = 0; j < w; j++) out[k++] = raw(row, j);
        }
        return out;
    }

    private long raw(Object row, int j) {
        if (row instanceof float[] a) return Float.floatToRawIntBits(a[j]) & 0xffffffffL;
        if (row instanceof double[] a) return Double.doubleToRawLongBits(a[j]);
        if (row instanceof int[] a) return type.normalize(a[j]);
        if (row instanceof long[] a) return a[j];
        if (row instanceof short[] a) return type.normalize(a[j]);
        if (row instanceof byte[] a) return type.normalize(a[j]);
        if (row instanceof boolean[] a) return a[j] ? 1 : 0;
        Object v = Array.get(row, j);
        return v instanceof Number n ? n.longValue() : 0;
    }

    @Override
    public long entriesToScan(long r0, long r1, long c0, long c1) {
        long h = Math.max(0, Math.min(r1, rows) - Math.max(0, r0)), w = Math.max(0, Math.min(c1, cols) - Math.max(0, c0));
        return h * w;
    }

    /** Visits the non-zero cells of the rectangle, row by row; returns the cells read. */
    @Override
    public long forEachEntryIn(long r0, long r1, long c0, long c1, EntryVisitor visitor, Progress progress) {
        long top = Math.max(0, r0), bottom = Math.min(rows, r1), left = Math.max(0, c0), right = Math.min(cols, c1);
        if (bottom <= top || right <= left) return 0;
        long read = 0;
        int w = (int) Math.min(right - left, BLOCK_CELLS);
        int h = Math.max(1, BLOCK_CELLS / w);
        for (long c = left; c < right; c += w) {
            int bw = (int) Math.min(w, right - c);
            for (long r = top; r < bottom; r += h) {
                progress.checkCancelled();
                int bh = (int) Math.min(h, bottom - r);
                long[] b = block(r, bh, c, bw);
                read += b.length;
                for (int i = 0; i < bh; i++) {
                    for (int j = 0; j < bw; j++) {
                        long v = b[i * bw + j];
                        if (!isZero(v)) visitor.entry(r + i, c + j, v);
                    }
                }
            }
        }
        return read;
    }

    /** Non-zero cells in (column, row) order: bands of whole columns, or one column in row blocks when it alone is larger. */
    @Override
    public void forEachEntry(EntryVisitor visitor, Progress progress) {
        if (rows == 0 || cols == 0) return;
        int w = (int) Math.max(1, Math.min(cols, BLOCK_CELLS / rows));
        for (long c = 0; c < cols; c += w) {
            progress.checkCancelled();
            int bw = (int) Math.min(w, cols - c);
            if (rows * bw <= BLOCK_CELLS) {
                long[] b = block(0, (int) rows, c, bw);
                for (int j = 0; j < bw; j++) {
                    for (int i = 0; i < rows; i++) if (!isZero(b[i * bw + j])) visitor.entry(i, c + j, b[i * bw + j]);
                }
                continue;
            }
            for (long r = 0; r < rows; r += BLOCK_CELLS) {
                progress.checkCancelled();
                int bh = (int) Math.min(BLOCK_CELLS, rows - r);
                long[] b = block(r, bh, c, 1);
                for (int i = 0; i < bh; i++) if (!isZero(b[i])) visitor.entry(r + i, c, b[i]);
            }
        }
    }

    @Override
    public void readStored(long start, int len, long[] row, long[] col, long[] value) {
        storedCount();
        int r = upper(start);
        long e = rowStart[r];
        int k = 0;
        while (k < len && r < rows) {
            long[] b = block(r, 1, 0, (int) cols);
            for (int j = 0; j < cols && k < len; j++) {
                if (isZero(b[j])) continue;
                if (e >= start) {
                    row[k] = r;
                    col[k] = j;
                    value[k] = b[j];
                    k++;
                }
                e++;
            }
            r++;
        }
    }

    /** The row holding stored entry {@code e}. */
    private int upper(long e) {
        int lo = 0, hi = (int) rows - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (rowStart[mid] <= e) lo = mid; else hi = mid - 1;
        }
        return lo;
    }

    /** Every cell read and discarded: what {@code bench} times. */
    public long decodeAll(Progress progress) {
        long[] n = {0};
        forEachEntryIn(0, rows, 0, cols, (r, c, v) -> n[0]++, progress);
        return rows * cols;
    }
}
