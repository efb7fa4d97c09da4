package org.packscope.codec.bpcells.bp128;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

import org.packscope.codec.compress.VectorWarmup;

/**
 * Warms the Vector API routine of one variant and width through {@link VectorWarmup}, so
 * that the decoding thread switches to it only once C2 has compiled it well: a thousand
 * calls no slower than a thousand of the scalar routine, three rounds in a row. Compiled
 * well, a vector routine is several times faster than the scalar one; the bar is that high
 * because C2 sometimes compiles one with some of its vector operations left as calls (seen
 * with a variant of D1Z's width-8 routine: its stores not intrinsified), which is slower
 * than scalar yet cleared the earlier bar of twice the scalar time, and the whole-matrix
 * read then took 20 ms instead of 3. A routine that never gets there keeps its width scalar
 * ({@link #outcome} says why). Its result is checked against the scalar routine's before it
 * is declared ready.
 */
final class Bp128Warmup {
    /** Keys are widths 0..32, +33 for FOR: two words of bits. */
    private static final AtomicLongArray READY = new AtomicLongArray(2);
    private static final AtomicLongArray REQUESTED = new AtomicLongArray(2);
    private static final int CALLS = 1000;
    /** Rounds of {@link #CALLS} calls a routine may take to become fast. */
    private static final int MAX_ROUNDS = 500;
    /** What each warm-up came to, for diagnostics: null until it ends. */
    private static final AtomicReferenceArray<String> OUTCOME = new AtomicReferenceArray<>(66);
    private static final AtomicInteger PENDING = new AtomicInteger();

    private Bp128Warmup() { }

    static boolean ready(int key) {
        return (READY.get(key >>> 6) & (1L << key)) != 0;
    }

    /** Starts warming {@code key}'s routine once; decoding stays scalar for it meanwhile. */
    static void request(int key) {
        long bit = 1L << key;
        int word = key >>> 6;
        long before = REQUESTED.getAndUpdate(word, w -> w | bit);
        if ((before & bit) != 0) return;
        PENDING.incrementAndGet();
        VectorWarmup.start(() -> {
            try {
                if (warm(key)) READY.getAndUpdate(word, w -> w | bit);
            } finally {
                PENDING.decrementAndGet();
            }
        });
    }

    /** How {@code key}'s warm-up ended (rounds, the last round's timings), or why it has not. */
    static String outcome(int key) {
        String o = OUTCOME.get(key);
        if (o != null) return o;
        return (REQUESTED.get(key >>> 6) & (1L << key)) != 0 ? "warming (" + PENDING.get() + " pending)" : "not requested";
    }

    /** Runs the routine until it is fast; true when it got there and agrees with the scalar one. */
    static boolean warm(int key) {
        boolean d1z = key < 33;
        int bits = d1z ? key : key - 33;
        int[] in = new int[Bp128.words(bits)];
        for (int k = 0; k < in.length; k++) in[k] = k * 0x9E3779B9 + (k >>> 2);
        int[] scalar = new int[Bp128.CHUNK];
        int[] vector = new int[Bp128.CHUNK];
        for (int r = 0; r < 3; r++) scalarCalls(d1z, bits, in, scalar);
        VectorWarmup.Race race = VectorWarmup.race(MAX_ROUNDS, () -> scalarCalls(d1z, bits, in, scalar), () -> vectorCalls(d1z, bits, in, vector));
        if (d1z) {
            Bp128Unpack.d1z(bits, in, 0, scalar, 0, 7);
            Bp128Vector.d1z(bits, in, 0, vector, 0, 7);
        } else {
            Bp128Unpack.plusOne(bits, in, 0, scalar, 0);
            Bp128Vector.plusOne(bits, in, 0, vector, 0);
        }
        boolean agrees = Arrays.equals(scalar, vector);
        OUTCOME.set(key, race.summary() + "; last round: scalar " + race.scalarNanos() / 1000
                + " µs, vector " + race.vectorNanos() / 1000 + " µs per " + CALLS + " calls"
                + (agrees ? "" : "; disagrees with the scalar routine"));
        return race.fast() && agrees;
    }

    private static long vectorCalls(boolean d1z, int bits, int[] in, int[] out) {
        long sink = 0;
        for (int c = 0; c < CALLS; c++) {
            if ((c & 63) == 0) VectorWarmup.pause(); // a call is short: a look now and then
            if (d1z) Bp128Vector.d1z(bits, in, 0, out, 0, c);
            else Bp128Vector.plusOne(bits, in, 0, out, 0);
            sink += out[c & 127];
        }
        return sink;
    }

    private static long scalarCalls(boolean d1z, int bits, int[] in, int[] out) {
        long sink = 0;
        for (int c = 0; c < CALLS; c++) {
            if ((c & 63) == 0) VectorWarmup.pause(); // a call is short: a look now and then
            if (d1z) Bp128Unpack.d1z(bits, in, 0, out, 0, c);
            else Bp128Unpack.plusOne(bits, in, 0, out, 0);
            sink += out[c & 127];
        }
        return sink;
    }
}
