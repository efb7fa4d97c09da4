package org.packscope.codec.compress;

/** A codec found its input malformed; {@code inputOffset} is relative to the stream start, or -1. */
public final class CodecException extends Exception {
    private final long inputOffset;
    /** Of a stream that ended before its end: the bytes it gave until then (they are right); else -1. */
    private final int produced;
    /** True when the stream decodes to more than the room it was given. */
    private final boolean overran;

    public CodecException(String message, long inputOffset) {
        this(message, inputOffset, -1, false);
    }

    private CodecException(String message, long inputOffset, int produced, boolean overran) {
        super(message, null, false, false);
        this.inputOffset = inputOffset;
        this.produced = produced;
        this.overran = overran;
    }

    /** The input ended before the stream did, at {@code inputOffset}, after {@code produced} decoded bytes. */
    static CodecException endsEarly(String message, long inputOffset, int produced) {
        return new CodecException(message, inputOffset, produced, false);
    }

    /** The stream holds more than the room given for it. */
    static CodecException overran(String message) {
        return new CodecException(message, -1, -1, true);
    }

    public long inputOffset() { return inputOffset; }

    /** The bytes decoded before the input ended (a prefix of the stream's output), or -1 when it did not end early. */
    public int produced() { return produced; }

    /** True when the output would have exceeded the room given. */
    public boolean overran() { return overran; }
}
