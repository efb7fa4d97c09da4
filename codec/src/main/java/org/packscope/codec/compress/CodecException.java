package org.packscope.codec.compress;

/** A codec found its input malformed; {@code inputOffset} is relative to the stream start, or -1. */
public final class CodecException extends Exception {
    private final long inputOffset;

    public CodecException(String message, long inputOffset) {
        super(message, null, false, false);
        this.inputOffset = inputOffset;
    }

    public long inputOffset() { return inputOffset; }
}
