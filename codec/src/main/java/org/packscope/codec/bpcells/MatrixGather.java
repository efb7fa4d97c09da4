package org.packscope.codec.bpcells;

import org.packscope.codec.bpcells.MatrixVersion.ValueKind;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.ValueType;

/**
 * Gathers any {@link SparseMatrix} (a BPCells matrix, an AnnData {@code X}, a 10x matrix)
 * into the arrays BPCells' writer takes, as {@code write_matrix_dir} would store it after
 * {@code convert_matrix_type}: values cast to the wanted kind (uint only from whole numbers
 * in 0..2^32-1, which BPCells' cast would otherwise wrap or truncate silently), entries in
 * column order, or transposed to row order.
 */
public final class MatrixGather {
    /** The most entries gathered in memory: Java arrays end below 2^31. */
    public static final long MAX_ENTRIES = Integer.MAX_VALUE - 8;

    private MatrixGather() { }

    /** Thrown for a matrix that cannot be written as asked; the message says why. */
    public static final class Refused extends Exception {
        public Refused(String message) { super(message); }
    }

    /** The value kind BPCells would store a source type as: uint for unsigned and signed integers, float for f16/f32, double for f64. */
    public static ValueKind kindFor(ValueType t) {
        if (t.kind() == ValueType.Kind.FLOAT) return t.byteWidth() == 8 ? ValueKind.DOUBLE : ValueKind.FLOAT;
        return ValueKind.UINT;
    }

    public static MatrixArrays gather(SparseMatrix m, ValueKind kind, StorageOrder order, Progress progress) throws Refused {
        long nnz = m.nnz();
        if (nnz > MAX_ENTRIES) throw new Refused(nnz + " stored entries; at most " + MAX_ENTRIES + " can be written");
        if (m.rows() > 0xffffffffL || m.cols() > 0xffffffffL) throw new Refused("shape " + m.rows() + " × " + m.cols() + " does not fit uint32");
        if (m.cols() + 1 > MAX_ENTRIES || m.rows() + 1 > MAX_ENTRIES) throw new Refused("too many rows or columns to gather");
        int n = (int) nnz;
        ValueType from = m.valueType();
        long[] colPtr = new long[(int) m.cols() + 1];
        int[] rowOf = new int[n];
        int[] v32 = kind == ValueKind.DOUBLE ? null : new int[n];
        long[] v64 = kind == ValueKind.DOUBLE ? new long[n] : null;
        int[] count = {0};
        long[] bad = {0, -1, -1, 0};
        m.forEachEntry((r, c, raw) -> {
            int k = count[0];
            if (k >= n || r < 0 || r >= m.rows() || c < 0 || c >= m.cols()) {
                bad[0]++;
                return;
            }
            rowOf[k] = (int) r;
            colPtr[(int) c + 1]++;
            if (kind == ValueKind.DOUBLE) {
                v64[k] = from.equals(ValueType.F64) ? raw : Double.doubleToRawLongBits(from.toDouble(raw));
            } else if (kind == ValueKind.FLOAT) {
                v32[k] = from.equals(ValueType.F32) ? (int) raw : Float.floatToRawIntBits((float) from.toDouble(raw));
            } else if (from.equals(ValueType.U32)) {
                v32[k] = (int) raw;
            } else {
                double d = from.toDouble(from.normalize(raw));
                if (!(d >= 0 && d <= 0xffffffffL && d == Math.rint(d))) {
                    if (bad[3]++ == 0) {
                        bad[1] = r;
                        bad[2] = c;
                    }
                }
                v32[k] = (int) (long) d;
            }
            count[0] = k + 1;
        }, progress);
        if (bad[0] > 0) throw new Refused(bad[0] + " entries lie outside the matrix or beyond its " + nnz + " stored entries");
        if (count[0] != n) throw new Refused("only " + count[0] + " of " + n + " stored entries could be read");
        if (bad[3] > 0) {
            throw new Refused(bad[3] + " values are not whole numbers in 0..4294967295 (the first at row " + bad[1]
                    + ", column " + bad[2] + "): write them as float or double");
        }
        for (int c = 0; c < m.cols(); c++) colPtr[c + 1] += colPtr[c];
        MatrixArrays col = new MatrixArrays(m.rows(), m.cols(), StorageOrder.COL, kind, colPtr, rowOf, v32, v64,
                m.rowNames(), m.colNames());
        return order == StorageOrder.COL ? col : toRowOrder(col);
    }

    /**
     * The same matrix in row order (CSR): a counting sort by row, stable, so the columns of
     * each row stay ascending as they were read.
     */
    public static MatrixArrays toRowOrder(MatrixArrays col) {
        int n = col.nnz();
        int rows = (int) col.rows();
        long[] rowPtr = new long[rows + 1];
        for (int k = 0; k < n; k++) rowPtr[col.index()[k] + 1]++;
        for (int r = 0; r < rows; r++) rowPtr[r + 1] += rowPtr[r];
        long[] next = java.util.Arrays.copyOf(rowPtr, rows);
        int[] colOf = new int[n];
        boolean dbl = col.kind() == ValueKind.DOUBLE;
        int[] v32 = dbl ? null : new int[n];
        long[] v64 = dbl ? new long[n] : null;
        long[] colPtr = col.idxptr();
        for (int c = 0; c + 1 < colPtr.length; c++) {
            for (int k = (int) colPtr[c]; k < colPtr[c + 1]; k++) {
                int at = (int) next[col.index()[k]]++;
                colOf[at] = c;
                if (dbl) v64[at] = col.values64()[k]; else v32[at] = col.values32()[k];
            }
        }
        return new MatrixArrays(col.rows(), col.cols(), StorageOrder.ROW, col.kind(), rowPtr, colOf, v32, v64,
                col.rowNames(), col.colNames());
    }
}
