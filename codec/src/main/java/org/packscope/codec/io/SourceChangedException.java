package org.packscope.codec.io;

/**
 * A file that shrank while it was being read (another program truncated or rewrote it):
 * the bytes at {@code offset} were there when the file was mapped and are gone now. The
 * JVM reports a read of a vanished mapped page as an internal error (SIGBUS); mapped
 * sources turn it into this, and the commands report it as a {@code truncated} error at
 * {@link #offset}.
 */
public final class SourceChangedException extends RuntimeException {
    private final long offset;

    public SourceChangedException(long offset, String message) {
        super(message, null, false, false);
        this.offset = offset;
    }

    /** The first byte that is no longer there (the file's size now, when the read's own offset is not known). */
    public long offset() { return offset; }
}
