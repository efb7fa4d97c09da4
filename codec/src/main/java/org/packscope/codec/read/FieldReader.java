package org.packscope.codec.read;

import java.util.function.LongFunction;

import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;

/**
 * The one reader of headers and metadata: reads bits (LSB-first, as Pco packs them),
 * bytes and little- or big-endian integers at an absolute bit position of a
 * {@link ByteSource}, and records each field it reads, with its key and place, to a
 * {@link Recorder}. With {@link Recorder#NONE} the same code is the fast path: nothing is
 * recorded and no text is made. Reading past the end throws a {@link ReadProblem}
 * ({@code truncated}) that names what was being read and where.
 *
 * <p>Positions are absolute bits in the source, so recorded spans need no restating.
 */
public final class FieldReader {
    private final ByteSource source;
    private final long limitBits;
    private final Recorder recorder;
    private long bit;

    public FieldReader(ByteSource source, long startByte, Recorder recorder) {
        this(source, startByte * 8, source.size() * 8, recorder);
    }

    /** A reader that may not read at or past {@code limitBits} (a unit inside a larger source). */
    public FieldReader(ByteSource source, long startBit, long limitBits, Recorder recorder) {
        this.source = source;
        this.bit = startBit;
        this.limitBits = Math.min(limitBits, source.size() * 8);
        this.recorder = recorder == null ? Recorder.NONE : recorder;
    }

    public ByteSource source() { return source; }

    /** The absolute bit position of the next read. */
    public long bit() { return bit; }

    /** The absolute byte position of the next read (its byte, when not aligned). */
    public long byteOffset() { return bit >>> 3; }

    public void seek(long absoluteBit) { bit = absoluteBit; }

    public void seekByte(long absoluteByte) { bit = absoluteByte * 8; }

    public long limitBits() { return limitBits; }

    public long bitsLeft() { return limitBits - bit; }

    public long bytesLeft() { return bitsLeft() >>> 3; }

    public Recorder recorder() { return recorder; }

    /** Whether fields are being recorded (text for them is only worth making then). */
    public boolean recording() { return recorder != Recorder.NONE; }

    /** Fails with {@code truncated} unless {@code bits} more bits are present. */
    public void need(long bits, String what) {
        if (bits > limitBits - bit) {
            throw ReadProblem.at(ReadRules.TRUNCATED, Span.bits(bit, Math.max(0, limitBits - bit)),
                    "the data ends inside " + what + ": needs " + bits + " bits at byte " + (bit >>> 3)
                            + " but only " + Math.max(0, limitBits - bit) + " remain");
        }
    }

    // ---------------------------------------------------------------- bits, LSB-first

    /** Reads {@code n} (0..64) bits, LSB-first, without recording. */
    public long bits(int n, String what) {
        if (n == 0) return 0;
        need(n, what);
        long v = peekBits(bit, n);
        bit += n;
        return v;
    }

    /** Reads and records {@code n} bits. */
    public long bits(int n, String key, String label, String meaning) {
        long start = bit;
        long v = bits(n, label);
        recorder.field(key, -1, label, start, n, v, meaning);
        return v;
    }

    /** Reads and records {@code n} bits of an indexed field ({@code bins[3].weight}). */
    public long bits(int n, String key, int index, String label, String meaning) {
        long start = bit;
        long v = bits(n, label);
        recorder.field(key, index, label, start, n, v, meaning);
        return v;
    }

    /** Reads and records {@code n} bits shown as {@code show(value)} (made only when recording). */
    public long bits(int n, String key, String label, LongFunction<Object> show, String meaning) {
        long start = bit;
        long v = bits(n, label);
        if (recording()) recorder.field(key, -1, label, start, n, show.apply(v), meaning);
        return v;
    }

    /** Reads and records {@code n} bits of an indexed field shown as {@code show(value)} (made only when recording). */
    public long bits(int n, String key, int index, String label, LongFunction<Object> show, String meaning) {
        long start = bit;
        long v = bits(n, label);
        if (recording()) recorder.field(key, index, label, start, n, show.apply(v), meaning);
        return v;
    }

    /** Skips zero bits up to the next byte boundary, recording them; nonzero ones fail {@code nonzero_padding}. */
    public void alignZeros(String what) {
        alignZeros("padding", what);
    }

    /**
     * {@link #alignZeros(String)} recording the padding under {@code key}, for formats whose
     * paddings in different places are documented apart (header, metadata, page).
     */
    public void alignZeros(String key, String what) {
        int pad = (int) ((8 - (bit & 7)) & 7);
        if (pad == 0) return;
        long start = bit;
        long v = bits(pad, what);
        if (recording()) recorder.field(key, -1, "padding", start, pad, v, "zero bits up to the byte boundary (" + what + ")");
        if (v != 0) {
            throw ReadProblem.at(ReadRules.NONZERO_PADDING, Span.bits(start, pad), "the " + pad
                    + " padding bits after " + what + " should be zero but are " + Long.toBinaryString(v));
        }
    }

    private long peekBits(long at, int n) {
        long v = 0;
        int done = 0;
        while (done < n) {
            long byteIndex = at >>> 3;
            int shift = (int) (at & 7);
            int take = Math.min(8 - shift, n - done);
            long b = ((source.get(byteIndex) & 0xff) >>> shift) & ((1L << take) - 1);
            v |= b << done;
            done += take;
            at += take;
        }
        return v;
    }

    // ---------------------------------------------------------------- whole bytes

    private long startAligned(int bytes, String what) {
        if ((bit & 7) != 0) throw new IllegalStateException(what + " read at bit " + bit + ", not on a byte boundary");
        need(bytes * 8L, what);
        long at = bit >>> 3;
        bit += bytes * 8L;
        return at;
    }

    private long record(String key, int index, String label, long at, int bytes, long v, String meaning) {
        recorder.field(key, index, label, at * 8, bytes * 8L, v, meaning);
        return v;
    }

    public int u8(String key, String label, String meaning) {
        long at = startAligned(1, label);
        return (int) record(key, -1, label, at, 1, source.u8(at), meaning);
    }

    public int u16le(String key, String label, String meaning) {
        long at = startAligned(2, label);
        return (int) record(key, -1, label, at, 2, source.u16le(at), meaning);
    }

    public long u32le(String key, String label, String meaning) {
        return u32le(key, -1, label, meaning);
    }

    public long u32le(String key, int index, String label, String meaning) {
        long at = startAligned(4, label);
        return record(key, index, label, at, 4, source.u32le(at), meaning);
    }

    public int i32le(String key, String label, String meaning) {
        long at = startAligned(4, label);
        return (int) record(key, -1, label, at, 4, source.i32le(at), meaning);
    }

    public long i64le(String key, String label, String meaning) {
        return i64le(key, -1, label, meaning);
    }

    public long i64le(String key, int index, String label, String meaning) {
        long at = startAligned(8, label);
        return record(key, index, label, at, 8, source.i64le(at), meaning);
    }

    /** Reads a signed int32 LE of an indexed field shown as {@code show(value)} (made only when recording). */
    public int i32le(String key, int index, String label, LongFunction<Object> show, String meaning) {
        long at = startAligned(4, label);
        int v = source.i32le(at);
        if (recording()) recorder.field(key, index, label, at * 8, 32, show.apply(v), meaning);
        return v;
    }

    public int i32be(String key, String label, String meaning) {
        long at = startAligned(4, label);
        int v = (int) bigEndian(at, 4);
        return (int) record(key, -1, label, at, 4, v, meaning);
    }

    public long i64be(String key, String label, String meaning) {
        long at = startAligned(8, label);
        long v = bigEndian(at, 8);
        return record(key, -1, label, at, 8, v, meaning);
    }

    /** Reads a big-endian int32 without recording (a word the caller records as it sees fit, or not at all). */
    public int i32be(String what) {
        long at = startAligned(4, what);
        return (int) bigEndian(at, 4);
    }

    /** The {@code bytes} (1..8) bytes at {@code at} as a big-endian number (already checked present). */
    private long bigEndian(long at, int bytes) {
        long v = 0;
        for (int i = 0; i < bytes; i++) v = (v << 8) | source.u8(at + i);
        return v;
    }

    /** Reads an unsigned little-endian integer of 1..8 bytes without recording (a width chosen by the data). */
    public long uintLe(int bytes, String what) {
        long at = startAligned(bytes, what);
        long v = 0;
        for (int i = bytes - 1; i >= 0; i--) v = (v << 8) | source.u8(at + i);
        return v;
    }

    /** Reads {@code n} bytes, recorded as one field shown as {@code show(bytes)} (made only when recording). */
    public byte[] bytes(int n, String key, String label, java.util.function.Function<byte[], Object> show, String meaning) {
        long at = startAligned(n, label);
        byte[] b = source.bytes(at, n);
        if (recording()) recorder.field(key, -1, label, at * 8, n * 8L, show.apply(b), meaning);
        return b;
    }

    /** Skips {@code n} bytes without recording them (the caller records a summary field if it wants one). */
    public void skipBytes(long n, String what) {
        need(n * 8, what);
        bit += n * 8;
    }

    /** Records a field over bytes already read or skipped, e.g. a payload summarised as one field. */
    public void recordSpan(String key, int index, String label, long fromByte, long toByte, Object value, String meaning) {
        recorder.field(key, index, label, fromByte * 8, (toByte - fromByte) * 8, value, meaning);
    }
}
