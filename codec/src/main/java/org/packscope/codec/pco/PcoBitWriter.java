package org.packscope.codec.pco;

import java.util.Arrays;

/**
 * Little-endian bit packing as Pco's reader unpacks it ({@code FieldReader}, the page
 * decoders): each field's low bit first, filling each byte from its low bit.
 */
final class PcoBitWriter {
    private byte[] buf = new byte[1024];
    private long bit;

    /** Writes the low {@code n} bits of {@code value} (n up to 64). */
    void write(long value, int n) {
        if (n == 0) return;
        ensure(bit + n + 64);
        if (n < 64) value &= (1L << n) - 1;
        int sh = (int) (bit & 7);
        int at = (int) (bit >>> 3);
        // the first byte may hold bits already; the rest are still 0, so OR-ing is enough
        buf[at] |= (byte) (value << sh);
        long rest = sh == 0 ? value >>> 8 : value >>> (8 - sh);
        int left = n - (8 - sh);
        int i = at + 1;
        while (left > 0) {
            buf[i++] = (byte) rest;
            rest >>>= 8;
            left -= 8;
        }
        bit += n;
    }

    /** Zero bits up to the next byte boundary. */
    void align() { bit = (bit + 7) & ~7L; }

    long bit() { return bit; }

    byte[] toBytes() { return Arrays.copyOf(buf, (int) ((bit + 7) >>> 3)); }

    private void ensure(long bits) {
        long bytes = (bits >>> 3) + 1;
        if (bytes > buf.length) buf = Arrays.copyOf(buf, (int) Math.max(bytes, Math.min(Integer.MAX_VALUE - 16, 2L * buf.length)));
    }
}
