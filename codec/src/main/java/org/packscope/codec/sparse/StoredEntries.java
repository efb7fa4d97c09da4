package org.packscope.codec.sparse;

import org.packscope.codec.inspect.SparseMatrix;

/** A matrix whose stored entries can be read by position, for the paged entries table. */
interface StoredEntries extends SparseMatrix {

    /** Entries the table lists (stored and located). */
    long storedCount();

    /** Row, column and raw value bits of stored entries {@code [start, start+len)}. */
    void readStored(long start, int len, long[] row, long[] col, long[] value);
}
