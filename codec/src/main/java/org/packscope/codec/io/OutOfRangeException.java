package org.packscope.codec.io;

/**
 * A read past the end of a {@link ByteSource}. Recording readers catch it at the
 * boundary of the unit they are reading and turn it into a diagnostic; it never
 * reaches a person.
 */
public final class OutOfRangeException extends RuntimeException {
    private final long offset;
    private final long length;
    private final long size;

    public OutOfRangeException(long offset, long length, long size) {
        super("needs bytes " + offset + ".." + (offset + length) + " but only " + size + " are present");
        this.offset = offset;
        this.length = length;
        this.size = size;
    }

    public long offset() { return offset; }
    public long length() { return length; }
    public long size() { return size; }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this; // thrown on purpose in truncated files: keep it cheap
    }
}
