package org.packscope.codec.io;

/**
 * Reads bit fields LSB-first (the first bit of a byte is its least significant one)
 * at absolute bit positions of a {@link ByteSource}. Meant for the inspect path,
 * where every field is recorded; fast paths use their own array-based readers.
 */
public final class BitReader {
    private final ByteSource source;
    private long bitPos;

    public BitReader(ByteSource source, long bitPos) {
        this.source = source;
        this.bitPos = bitPos;
    }

    public ByteSource source() { return source; }
    public long bitPosition() { return bitPos; }
    public void seek(long bitPosition) { this.bitPos = bitPosition; }
    public long bitLimit() { return source.size() * 8; }
    public long bitsLeft() { return bitLimit() - bitPos; }

    /** Reads {@code n} bits (0..64) as an unsigned number, LSB-first. */
    public long readBits(int n) {
        if (n < 0 || n > 64) throw new IllegalArgumentException("bit count " + n);
        if (n == 0) return 0;
        if (bitsLeft() < n) throw new OutOfRangeException(bitPos >>> 3, ((bitPos & 7) + n + 7) >>> 3, source.size());
        long result = 0;
        int done = 0;
        while (done < n) {
            long byteIndex = bitPos >>> 3;
            int shift = (int) (bitPos & 7);
            int take = Math.min(8 - shift, n - done);
            long bits = ((source.get(byteIndex) & 0xff) >>> shift) & ((1 << take) - 1);
            result |= bits << done;
            done += take;
            bitPos += take;
        }
        return result;
    }

    public boolean readBit() { return readBits(1) != 0; }

    public void alignToByte() { bitPos = (bitPos + 7) & ~7L; }

    public void skipBits(long n) { bitPos += n; }
}
