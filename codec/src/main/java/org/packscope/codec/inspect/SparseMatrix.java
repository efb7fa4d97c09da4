package org.packscope.codec.inspect;

import java.util.List;

/** A sparse matrix a node holds (BPCells), for MatrixMarket export, spy plots and tables. */
public interface SparseMatrix {

    long rows();

    long cols();

    long nnz();

    /** Type of the values (U32, F32 or F64 for BPCells). */
    ValueType valueType();

    /** Row names, or an empty list. */
    List<String> rowNames();

    /** Column names, or an empty list. */
    List<String> colNames();

    /** Visits every stored entry ordered by (column, row) of the logical matrix. */
    void forEachEntry(EntryVisitor visitor, Progress progress);

    @FunctionalInterface
    interface EntryVisitor {
        /** {@code value} holds raw bits of {@link #valueType()}. */
        void entry(long row, long col, long value);
    }
}
