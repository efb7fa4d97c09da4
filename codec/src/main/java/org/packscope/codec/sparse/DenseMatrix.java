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
    /**
     * The written chunks' origins (row, column) when they hold far fewer cells than the grid
     * and every other cell reads as zero: then the cells visited are theirs, not the grid's.
     * Null when the grid is read (contiguous data, a non-zero fill value, most chunks written).
     */
    private final List<long[]> written;
    private final int chunkRows, chunkCols;
    private long writtenNonZero = -1;

    /** Written chunks followed at most; a chunk's cells at most (one is read as one block). */
    static final int MAX_WRITTEN = 1 << 16;
    static final long MAX_CHUNK_CELLS = 4L * BLOCK_CELLS;

    private DenseMatrix(Hdf5Dataset dataset, ValueType type, List<String> rowNames, List<String> colNames) {
        this.dataset = dataset;
        this.type = type;
        long[] d = dataset.dims();
        this.rows = d[0];
        this.cols = d[1];
        this.rowNames = rowNames.size() == rows ? rowNames : List.of();
        this.colNames = colNames.size() == cols ? colNames : List.of();
        int[] chunk = dataset.chunkDims();
        List<long[]> w = null;
        if (chunk != null && chunk.length == 2 && chunk[0] > 0 && chunk[1] > 0 && (long) chunk[0] * chunk[1] <= MAX_CHUNK_CELLS) {
            w = dataset.writtenZeroFilledChunks(MAX_WRITTEN);
            // follow the chunks only when they hold under half the grid: else reading the grid costs the same
            if (w != null && (double) w.size() * chunk[0] * chunk[1] > 0.5 * rows * cols) w = null;
        }
        this.written = w;
        this.chunkRows = chunk == null || chunk.length != 2 ? 0 : chunk[0];
        this.chunkCols = chunk == null || chunk.length != 2 ? 0 : chunk[1];
    }

    /** True when the cells read are the written chunks' only (every other cell is zero). */
    public boolean followsWrittenChunks() { return written != null; }

    /** The part of written chunk {@code o} inside the rectangle, as {top, height, left, width}; null when none. */
    private long[] overlap(long[] o, long r0, long r1, long c0, long c1) {
        long top = Math.max(o[0], r0), bottom = Math.min(Math.min(o[0] + chunkRows, rows), r1);
        long left = Math.max(o[1], c0), right = Math.min(Math.min(o[1] + chunkCols, cols), c1);
        return bottom <= top || right <= left ? null : new long[] {top, bottom - top, left, right - left};
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

    /**
     * The non-zero cells: counted when the cells to read are few (the grid's, or the written
     * chunks' when it follows them), else every cell (see {@link #counted}).
     */
    @Override public long nnz() {
        if (counted()) return storedCount();
        return written != null && (long) written.size() * chunkRows * chunkCols <= COUNT_LIMIT ? writtenNonZero() : rows * cols;
    }

    /** The non-zero cells of the written chunks, counted once. */
    private synchronized long writtenNonZero() {
        if (writtenNonZero < 0) {
            long[] n = {0};
            forEachEntryIn(0, rows, 0, cols, (r, c, v) -> n[0]++, Progress.NONE);
            writtenNonZero = n[0];
        }
        return writtenNonZero;
    }

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
        if (written != null) {
            long cells = 0;
            for (long[] o : written) {
                long[] v = overlap(o, r0, r1, c0, c1);
                if (v != null) cells += v[1] * v[3];
            }
            return cells;
        }
        long h = Math.max(0, Math.min(r1, rows) - Math.max(0, r0)), w = Math.max(0, Math.min(c1, cols) - Math.max(0, c0));
        return h * w;
    }

    /** Visits the non-zero cells of the rectangle, row by row (chunk by chunk when it follows the written chunks); returns the cells read. */
    @Override
    public long forEachEntryIn(long r0, long r1, long c0, long c1, EntryVisitor visitor, Progress progress) {
        long top = Math.max(0, r0), bottom = Math.min(rows, r1), left = Math.max(0, c0), right = Math.min(cols, c1);
        if (bottom <= top || right <= left) return 0;
        if (written != null) {
            long read = 0;
            for (long[] o : written) {
                long[] v = overlap(o, top, bottom, left, right);
                if (v == null) continue;
                progress.checkCancelled();
                int bh = (int) v[1], bw = (int) v[3];
                long[] b = block(v[0], bh, v[2], bw);
                read += b.length;
                for (int i = 0; i < bh; i++) {
                    for (int j = 0; j < bw; j++) {
                        long x = b[i * bw + j];
                        if (!isZero(x)) visitor.entry(v[0] + i, v[2] + j, x);
                    }
                }
            }
            return read;
        }
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
        if (written == null) {
            forEachEntryInColumns(0, cols, visitor, progress);
            return;
        }
        // chunk column by chunk column: the band's written chunks read at once, then column by column
        java.util.TreeMap<Long, List<long[]>> bands = new java.util.TreeMap<>();
        for (long[] o : written) bands.computeIfAbsent(o[1], k -> new java.util.ArrayList<>()).add(o);
        for (var band : bands.entrySet()) {
            List<long[]> chunks = band.getValue();
            chunks.sort(java.util.Comparator.comparingLong(o -> o[0]));
            long c0 = band.getKey(), c1 = Math.min(cols, c0 + chunkCols);
            if ((long) chunks.size() * chunkRows * chunkCols > MAX_CHUNK_CELLS) {
                forEachEntryInColumns(c0, c1, visitor, progress); // a band mostly written: read as the grid
                continue;
            }
            List<long[]> parts = new java.util.ArrayList<>(), blocks = new java.util.ArrayList<>();
            for (long[] o : chunks) {
                long[] v = overlap(o, 0, rows, c0, c1);
                if (v == null) continue;
                progress.checkCancelled();
                parts.add(v);
                blocks.add(block(v[0], (int) v[1], v[2], (int) v[3]));
            }
            for (long c = c0; c < c1; c++) {
                for (int k = 0; k < parts.size(); k++) {
                    long[] v = parts.get(k), b = blocks.get(k);
                    int bw = (int) v[3], j = (int) (c - v[2]);
                    for (int i = 0; i < v[1]; i++) if (!isZero(b[i * bw + j])) visitor.entry(v[0] + i, c, b[i * bw + j]);
                }
            }
        }
    }

    /** The grid's non-zero cells of columns {@code [from, to)} in (column, row) order. */
    private void forEachEntryInColumns(long from, long to, EntryVisitor visitor, Progress progress) {
        int w = (int) Math.max(1, Math.min(to - from, BLOCK_CELLS / rows));
        for (long c = from; c < to; c += w) {
            progress.checkCancelled();
            int bw = (int) Math.min(w, to - c);
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
