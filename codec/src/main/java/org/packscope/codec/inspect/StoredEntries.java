package org.packscope.codec.inspect;

/** A matrix whose stored entries can be read by position, for the paged entries table. */
public interface StoredEntries extends SparseMatrix {

    /** Entries the table lists (stored and located). */
    long storedCount();

    /** Row, column and raw value bits of stored entries {@code [start, start+len)}. */
    void readStored(long start, int len, long[] row, long[] col, long[] value);
}
