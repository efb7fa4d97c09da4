package org.packscope.codec.bpcells.bp128;

/**
 * Decoding of single BP128 chunks: 128 unsigned 32-bit integers packed at {@code bits}
 * bits each into {@code 4*bits} words, interleaved over 4 lanes.
 */
public final class Bp128 {
    public static final int CHUNK = 128;
    public static final int LANES = 4;

    private static final boolean VECTOR = Bp128Simd.enabled();
    /**
     * Chunks of one variant and width the scalar routine decodes before the vector routine
     * of that width is warmed up. Until C2 compiles it, a Vector API routine runs 20-100x
     * slower than the scalar one (the interpreter and C1 box every vector), and each width
     * is its own routine: switching at once made the first whole read of a 5M-entry matrix
     * take 0.7 s instead of 10 ms. So the width's vector routine is run on a background
     * thread ({@link Bp128Warmup}) until it is fast, and the decoding thread switches only
     * then: it never runs a cold vector routine.
     */
    static final int WARM = 1 << 12;
    /** Scalar decodes per (variant, width), 16 ints apart so that widths do not share a cache line. */
    private static final int[] SCALAR_CALLS = new int[2 * 33 * 16];

    private Bp128() { }

    /** Words one chunk of this width occupies. */
    public static int words(int bits) { return LANES * bits; }

    /** The packed (not yet transformed) values of one chunk. */
    public static void unpack(int bits, int[] in, int inOff, int[] out, int outOff) {
        Bp128Unpack.unpack(bits, in, inOff, out, outOff);
    }

    /**
     * Decodes one chunk: unpack and undo the variant's transform, in one pass for D1Z and
     * FOR (the variants BPCells writes). {@code start} is the chunk's entry of the starts
     * array for D1/D1Z, ignored otherwise. A 32-bit chunk is verbatim, as BPCells' encoder
     * memcpy's it. With the Vector API available (see {@link Bp128Simd}), D1Z and FOR run 4
     * lanes at a time once a width has been decoded often enough (see {@link #WARM}).
     */
    public static void decode(Bp128Variant variant, int bits, int start, int[] in, int inOff, int[] out, int outOff) {
        decode(variant, bits, start, in, inOff, out, outOff, VECTOR, false);
    }

    /**
     * {@link #decode} with the vector routines allowed or not ({@code vector}), and taken
     * whether or not their width is warm ({@code unwarmed}, for tests).
     */
    private static void decode(Bp128Variant variant, int bits, int start, int[] in, int inOff, int[] out, int outOff,
                               boolean vector, boolean unwarmed) {
        switch (variant) {
            case D1Z -> {
                if (vector && bits > 0 && bits < 32 && (unwarmed || vectorReady(bits))) Bp128Vector.d1z(bits, in, inOff, out, outOff, start);
                else Bp128Unpack.d1z(bits, in, inOff, out, outOff, start);
            }
            case FOR -> {
                if (vector && bits > 0 && bits < 32 && (unwarmed || vectorReady(33 + bits))) Bp128Vector.plusOne(bits, in, inOff, out, outOff);
                else Bp128Unpack.plusOne(bits, in, inOff, out, outOff);
            }
            case VANILLA -> Bp128Unpack.unpack(bits, in, inOff, out, outOff);
            case D1 -> {
                Bp128Unpack.unpack(bits, in, inOff, out, outOff);
                if (bits != 32) prefixSum(out, outOff, start);
            }
        }
    }

    /** How {@link #decodeRun} picks routines: as {@link #decode} does, or (for tests) always scalar or always vector. */
    enum Routines { WARM, SCALAR, VECTOR }

    /**
     * Decodes whole chunks {@code from, from+1, ...} (fewer than {@code to}) of a stream into
     * {@code out} from {@code off}, 128 values each, exactly as {@link #decode} decodes each one.
     * {@code window} holds the stream's data words from word {@code windowStart} on, {@code windowLen}
     * of them. Stops before the first chunk that is broken in the layout, has no entry in
     * {@code starts} (D1, D1Z), or does not lie wholly in the window: the caller takes that one
     * its own way. Returns the number of chunks decoded. This is the bulk read's inner loop: the
     * layout is read straight from its arrays.
     */
    public static int decodeRun(Bp128Variant variant, Bp128Layout layout, int[] starts, int from, int to,
                                int[] window, long windowStart, int windowLen, int[] out, int off) {
        return decodeRun(variant, layout, starts, from, to, window, windowStart, windowLen, out, off, Routines.WARM);
    }

    static int decodeRun(Bp128Variant variant, Bp128Layout layout, int[] starts, int from, int to,
                         int[] window, long windowStart, int windowLen, int[] out, int off, Routines routines) {
        byte[] widths = layout.widths();
        long[] wordStart = layout.wordStarts();
        int end = Math.min(to, layout.chunks());
        if (variant.usesStarts()) end = Math.min(end, starts.length);
        if (from < 0 || from >= end) return 0;
        end = Math.min(end, from + (out.length - off) / CHUNK);
        long windowEnd = windowStart + Math.min(windowLen, window.length);
        boolean vector = VECTOR && routines != Routines.SCALAR;
        boolean unwarmed = routines == Routines.VECTOR;
        boolean withStarts = variant.usesStarts();
        int c = from;
        for (int o = off; c < end; c++, o += CHUNK) {
            int bits = widths[c];
            long ws = wordStart[c];
            if (bits < 0 || ws < windowStart || ws + LANES * bits > windowEnd) break;
            decode(variant, bits, withStarts ? starts[c] : 0, window, (int) (ws - windowStart), out, o, vector, unwarmed);
        }
        return c - from;
    }

    /**
     * Receives each value of a chunk as {@link #decode(Bp128Variant, int, int, int[], int, int[], int, ValueHook)}
     * derives it, for tracing: where it sits, its low bits (read at {@code at.bit()} of word
     * {@code at.word()}), its high bits (from the lane's next word; 0 when it does not straddle),
     * the packed value, the delta it adds (D1, D1Z; else the packed value), the running value
     * before it (D1, D1Z: the previous value, or the chunk's start) and the decoded value.
     */
    @FunctionalInterface
    public interface ValueHook {
        void value(int k, Position at, int low, int high, int packed, int delta, int before, int value);
    }

    /**
     * Decodes one chunk like {@link #decode(Bp128Variant, int, int, int[], int, int[], int)},
     * telling {@code hook} how each value came to be. This is the decoder's inspection path:
     * value by value, with the same definitions as the fused routines (and tested against them);
     * the fast path never takes it, so tracing costs it nothing. A null hook takes the fast path.
     */
    public static void decode(Bp128Variant variant, int bits, int start, int[] in, int inOff, int[] out, int outOff, ValueHook hook) {
        if (hook == null) {
            decode(variant, bits, start, in, inOff, out, outOff);
            return;
        }
        int acc = start;
        for (int k = 0; k < CHUNK; k++) {
            Position p = position(k, bits);
            int low = 0;
            int high = 0;
            if (bits > 0) {
                int word = in[inOff + p.word()];
                low = p.lowBits() == 32 ? word : (word >>> p.bit()) & ((1 << p.lowBits()) - 1);
                if (p.straddles()) high = in[inOff + p.nextWord()] & ((1 << p.highBits()) - 1);
            }
            int packed = p.straddles() ? low | high << p.lowBits() : low;
            int before = acc;
            int delta = packed;
            int value;
            if (bits == 32) {
                value = packed; // verbatim
            } else {
                value = switch (variant) {
                    case VANILLA -> packed;
                    case FOR -> packed + 1;
                    case D1 -> acc += packed;
                    case D1Z -> acc += (delta = unzigzag(packed));
                };
            }
            out[outOff + k] = value;
            hook.value(k, p, low, high, packed, delta, before, value);
        }
    }

    /** Whether the vector routine of {@code key} (width, +33 for FOR) is warm (see {@link #WARM}). */
    private static boolean vectorReady(int key) {
        if (Bp128Warmup.ready(key)) return true;
        if (++SCALAR_CALLS[key << 4] == WARM) Bp128Warmup.request(key);
        return false;
    }

    static void prefixSum(int[] out, int o, int start) {
        int acc = start;
        for (int k = 0; k < CHUNK; k++) {
            acc += out[o + k];
            out[o + k] = acc;
        }
    }

    /** zz^-1(x) = (x >>> 1) ^ -(x & 1). */
    public static int unzigzag(int p) { return (p >>> 1) ^ -(p & 1); }

    /** Where value {@code k} (0..127) of a chunk of width {@code bits} sits. */
    public static Position position(int k, int bits) {
        if (k < 0 || k >= CHUNK) throw new IllegalArgumentException("value " + k);
        int lane = k & 3;
        int slot = k >>> 2;
        long laneBit = (long) slot * bits;
        int word = (int) (laneBit >>> 5);
        int bit = (int) (laneBit & 31);
        int lowBits = Math.min(bits, 32 - bit);
        return new Position(k, lane, slot, lane + LANES * word, bit, lowBits,
                lowBits < bits ? lane + LANES * (word + 1) : -1, bits - lowBits);
    }

    /**
     * Placement of one value in a chunk: its lane and slot, the word (relative to the
     * chunk's first word) holding its low bits and the bit they start at, and for a value
     * that straddles two words of its lane, the next word holding its remaining high
     * bits (which start at bit 0 there).
     */
    public record Position(int value, int lane, int slot, int word, int bit, int lowBits, int nextWord, int highBits) {
        public boolean straddles() { return nextWord >= 0; }
    }
}
