package org.packscope.codec.bpcells;

/**
 * A store could not deliver elements of an array: missing, wrong type, truncated, or
 * undecodable (bad HDF5 chunk). Carries the array name and, when known, the byte offset
 * in the array's own source, so the reader can turn it into a precise diagnostic.
 * Thrown only by {@link ArrayStore}; never reaches a person.
 */
public final class ArrayReadException extends RuntimeException {
    private final String array;
    private final long byteOffset;

    public ArrayReadException(String array, long byteOffset, String message) {
        super(message, null, false, false);
        this.array = array;
        this.byteOffset = byteOffset;
    }

    public ArrayReadException(String array, long byteOffset, String message, Throwable cause) {
        super(message, cause, false, false);
        this.array = array;
        this.byteOffset = byteOffset;
    }

    /** Name of the array that failed. */
    public String array() { return array; }

    /** Byte offset in the array's source where the problem is, or -1. */
    public long byteOffset() { return byteOffset; }
}
