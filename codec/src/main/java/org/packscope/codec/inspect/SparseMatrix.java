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

    /**
     * How many stored entries {@link #forEachEntryIn} must decode for this rectangle (what
     * a view says before a long read). Rows {@code [r0, r1)}, columns {@code [c0, c1)}.
     */
    default long entriesToScan(long r0, long r1, long c0, long c1) { return nnz(); }

    /**
     * Visits the entries inside rows {@code [r0, r1)} and columns {@code [c0, c1)}, reading
     * no more of the matrix than {@link #entriesToScan} says; returns the stored entries
     * decoded. The order is the storage's own.
     */
    default long forEachEntryIn(long r0, long r1, long c0, long c1, EntryVisitor visitor, Progress progress) {
        forEachEntry((r, c, v) -> {
            if (r >= r0 && r < r1 && c >= c0 && c < c1) visitor.entry(r, c, v);
        }, progress);
        return nnz();
    }

    @FunctionalInterface
    interface EntryVisitor {
        /** {@code value} holds raw bits of {@link #valueType()}. */
        void entry(long row, long col, long value);
    }
}
