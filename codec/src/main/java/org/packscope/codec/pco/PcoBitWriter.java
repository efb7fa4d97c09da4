package org.packscope.codec.pco;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Little-endian bit packing as Pco's reader unpacks it ({@code FieldReader}, the page
 * decoders): each field's low bit first, filling each byte from its low bit. Bits gather
 * in a 64-bit word that goes to the buffer eight bytes at a time, so a field costs a
 * shift and an OR, not a loop over its bytes.
 */
final class PcoBitWriter {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] buf = new byte[1024];
    /** Bytes written to {@code buf}; the word's bits follow them. */
    private int bytes;
    private long word;
    private int wordBits;

    /** Writes the low {@code n} bits of {@code value} (n up to 64). */
    void write(long value, int n) {
        if (n == 0) return;
        if (n < 64) value &= (1L << n) - 1;
        writeClean(value, n);
    }

    /** Writes the {@code n} bits of {@code value} (n up to 64), whose bits above them are already 0. */
    void writeClean(long value, int n) {
        word |= value << wordBits;
        int total = wordBits + n;
        if (total >= 64) {
            flushWord();
            word = wordBits == 0 ? 0 : value >>> (64 - wordBits);
            total -= 64;
        }
        wordBits = total;
    }

    private void flushWord() {
        if (bytes + 8 > buf.length) buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 16, 2L * buf.length + 8));
        LONGS.set(buf, bytes, word);
        bytes += 8;
    }

    /** Zero bits up to the next byte boundary. */
    void align() {
        wordBits = (wordBits + 7) & ~7;
        if (wordBits == 64) {
            flushWord();
            word = 0;
            wordBits = 0;
        }
    }

    long bit() { return 8L * bytes + wordBits; }

    byte[] toBytes() {
        byte[] out = Arrays.copyOf(buf, bytes + (wordBits + 7) / 8);
        for (int k = 0; k * 8 < wordBits; k++) out[bytes + k] = (byte) (word >>> (8 * k));
        return out;
    }
}
