package org.packscope.codec.inspect;

/**
 * A range of bits in a node's {@link org.packscope.codec.io.ByteSource}. Byte-level
 * structures use whole bytes; bit-packed fields carry exact bit positions.
 */
public record Span(long startBit, long bitLength) {

    public Span {
        if (startBit < 0 || bitLength < 0) throw new IllegalArgumentException("negative span");
    }

    public static Span bytes(long offset, long length) { return new Span(offset * 8, length * 8); }

    public static Span bits(long startBit, long bitLength) { return new Span(startBit, bitLength); }

    public long byteOffset() { return startBit >>> 3; }

    public int bitInByte() { return (int) (startBit & 7); }

    public long endBit() { return startBit + bitLength; }

    /** First byte after the span (a partly covered byte counts as covered). */
    public long byteEnd() { return (endBit() + 7) >>> 3; }

    public long byteLength() { return byteEnd() - byteOffset(); }

    public boolean isByteAligned() { return (startBit & 7) == 0 && (bitLength & 7) == 0; }

    public boolean containsBit(long bit) { return bit >= startBit && bit < endBit(); }

    public boolean containsByte(long offset) { return offset >= byteOffset() && offset < byteEnd(); }

    /** "12" for a byte-aligned start, "12.3" for bit 3 of byte 12. */
    public String offsetText() {
        return bitInByte() == 0 ? Long.toString(byteOffset()) : byteOffset() + "." + bitInByte();
    }
}
