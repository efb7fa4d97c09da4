package org.packscope.codec.pco;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Bit peeking for the page decoder's hot loops only: LSB-first bits of a byte array
 * that carries {@link PageDecoder#PADDING} zero bytes past its data, read as
 * little-endian long words with no bounds check of their own (the decoder checks its
 * position against the real end after each latent variable's batch). Headers and
 * metadata are read with the recording {@link org.packscope.codec.read.FieldReader}.
 */
final class HotPathBits {
    static final VarHandle LE_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private HotPathBits() { }

    /** n (0..64) bits at an absolute bit position; the array must extend 16 bytes past it. */
    static long peek(byte[] data, long bit, int n) {
        if (n == 0) return 0;
        int byteIdx = (int) (bit >>> 3);
        int sh = (int) (bit & 7);
        long w = (long) LE_LONG.get(data, byteIdx) >>> sh;
        if (sh + n > 64) w |= ((long) (data[byteIdx + 8] & 0xff)) << (64 - sh);
        return n == 64 ? w : w & ~(-1L << n);
    }
}
