package org.packscope.codec.bpcells;

import java.util.List;

import org.packscope.codec.bpcells.MatrixVersion.ValueKind;

/**
 * A sparse matrix as BPCells' logical arrays hold it, in memory: {@code idxptr} over the
 * compressed axis (columns for COL order, rows for ROW), {@code index} the other axis's
 * indices, sorted within each major slice, and the values, as raw bits in {@code values32}
 * (uint, float) or {@code values64} (double). {@code rows} and {@code cols} are the
 * logical matrix's; names are the logical rows' and columns', empty when absent.
 */
public record MatrixArrays(long rows, long cols, StorageOrder order, ValueKind kind,
                           long[] idxptr, int[] index, int[] values32, long[] values64,
                           List<String> rowNames, List<String> colNames) {

    public MatrixArrays {
        long major = order == StorageOrder.COL ? cols : rows;
        if (rows < 0 || cols < 0 || rows > 0xffffffffL || cols > 0xffffffffL) {
            throw new IllegalArgumentException("shape " + rows + " × " + cols + " does not fit BPCells' uint32 shape");
        }
        if (idxptr.length != major + 1) throw new IllegalArgumentException("idxptr has " + idxptr.length + " entries, not " + (major + 1));
        long nnz = idxptr[idxptr.length - 1];
        if (nnz != index.length) throw new IllegalArgumentException("idxptr ends at " + nnz + " but index has " + index.length + " entries");
        int values = kind == ValueKind.DOUBLE ? values64.length : values32.length;
        if (values != index.length) throw new IllegalArgumentException(values + " values for " + index.length + " indices");
        if (!rowNames.isEmpty() && rowNames.size() != rows) throw new IllegalArgumentException(rowNames.size() + " row names for " + rows + " rows");
        if (!colNames.isEmpty() && colNames.size() != cols) throw new IllegalArgumentException(colNames.size() + " column names for " + cols + " columns");
        rowNames = List.copyOf(rowNames);
        colNames = List.copyOf(colNames);
    }

    public int nnz() { return index.length; }
}
