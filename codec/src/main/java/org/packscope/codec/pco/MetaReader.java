package org.packscope.codec.pco;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * LSB-first bit reader over a byte array for headers and metadata. Positions are
 * absolute bits from the array start; reads past {@code limitBits} (the bytes really
 * present) throw a {@code truncated} {@link PcoException}. The array itself carries
 * zero padding so that long-word reads near the end never leave it.
 */
final class MetaReader {
    static final VarHandle LE_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final byte[] data;
    private final long limitBits;
    private long bit;
    private final FieldSink sink;

    MetaReader(byte[] data, long limitBytes, long startBit, FieldSink sink) {
        this.data = data;
        this.limitBits = limitBytes * 8;
        this.bit = startBit;
        this.sink = sink == null ? FieldSink.NONE : sink;
    }

    long bit() { return bit; }

    void seek(long b) { bit = b; }

    long limitBits() { return limitBits; }

    long bitsLeft() { return limitBits - bit; }

    FieldSink sink() { return sink; }

    /** Whether fields are being recorded (text for them is only worth making then). */
    boolean recording() { return sink != FieldSink.NONE; }

    void need(long bits, String what) {
        if (bits > limitBits - bit) {
            throw new PcoException("truncated", bit, "the data ends inside " + what + ": needs " + bits
                    + " bits at byte " + (bit >>> 3) + " but only " + Math.max(0, limitBits - bit) + " remain");
        }
    }

    /** Reads n (0..64) bits without recording. */
    long raw(int n, String what) {
        if (n == 0) return 0;
        need(n, what);
        long v = peek(data, bit, n);
        bit += n;
        return v;
    }

    /** Reads and records a field. */
    long read(int n, String name, String meaning) {
        long start = bit;
        long v = raw(n, name);
        sink.field(name, start, n, v, meaning);
        return v;
    }

    /** Reads and records a field whose shown value is derived from the bits. */
    long read(int n, String name, java.util.function.LongFunction<Object> show, String meaning) {
        long start = bit;
        long v = raw(n, name);
        if (sink != FieldSink.NONE) sink.field(name, start, n, show.apply(v), meaning);
        return v;
    }

    /** Skips zero bits up to the next byte boundary; nonzero ones are corruption. */
    void alignZeros(String what) {
        int pad = (int) ((8 - (bit & 7)) & 7);
        if (pad == 0) return;
        long start = bit;
        long v = raw(pad, what);
        sink.field("padding", start, pad, v, "zero bits up to the byte boundary (" + what + ")");
        if (v != 0) {
            throw new PcoException("nonzero_padding", start, "the " + pad + " padding bits after " + what
                    + " should be zero but are " + Long.toBinaryString(v));
        }
    }

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
