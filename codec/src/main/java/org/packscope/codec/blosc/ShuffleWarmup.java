package org.packscope.codec.blosc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;

import org.packscope.codec.compress.VectorPaths;
import org.packscope.codec.compress.VectorWarmup;

/**
 * Warms the Vector API shuffles through {@link VectorWarmup}, so that blocks switch to them
 * only once C2 has compiled them well. A fresh JVM's first decode of a 16 MB Blosc chunk
 * took 0.45-1.4 s on the uncompiled vector routines and 0.16-0.29 s on the scalar ones,
 * whose steady speed is 2-3 times lower. Each routine (byte unshuffle of 8-byte groups,
 * where it runs the low-half transpose taken with it, and the wide bit unshuffle) races the
 * scalar loop on blocks of its own; its results are checked against the scalar loop's. One
 * that never gets fast stays unused.
 */
final class ShuffleWarmup {
    /** Set for tests that check the vector routines through {@link Shuffle}: no warm-up, vectors at once. */
    static final String UNWARMED = "packscope.shuffle.unwarmed";
    /** Vectors at once ({@link #UNWARMED}); a test of the warm-up itself turns it off. */
    static volatile boolean atOnce = Boolean.getBoolean(UNWARMED);
    /** The byte unshuffle's routines (and the low-half transpose), and the bit unshuffle's: each is taken once it is fast. */
    private static volatile boolean bytesReady, bitsReady;
    private static final VectorWarmup.Once ONCE = new VectorWarmup.Once(ShuffleWarmup::warm);
    /**
     * Elements of a warm-up block: small, so that the first, uncompiled calls end soon, and
     * 64 bit-rows long, one step of the wide bit unshuffle with 512-bit vectors.
     */
    private static final int N = 512;
    private static final int CALLS = 50;
    private static final int MAX_ROUNDS = 2000;

    private ShuffleWarmup() { }

    /** Whether the byte unshuffle's vector routines may be taken now; the first ask starts the warm-up. */
    static boolean bytesReady() {
        if (bytesReady || atOnce) return true;
        ONCE.request();
        return false;
    }

    /** Whether the bit unshuffle's vector routine may be taken now; the first ask starts the warm-up. */
    static boolean bitsReady() {
        if (bitsReady || atOnce) return true;
        ONCE.request();
        return false;
    }

    /** Whether the warm-up is running now. */
    static boolean pending() { return ONCE.pending(); }

    /** How the warm-up ended, or that it has not. */
    static String outcome() { return ONCE.outcome(); }

    /**
     * Races the routines side by side until all are fast (or the rounds run out); each that
     * got there and agrees with the scalar loop is then taken. Returns which, and how it went.
     */
    static String warm() {
        byte[] src = new byte[8 * N];
        for (int i = 0; i < src.length; i++) src[i] = (byte) (i * 131 + (i >>> 9));
        byte[] scalar = new byte[src.length];
        byte[] vector = new byte[src.length];
        boolean low4 = SimdShuffle.bits() == 512 && VectorPaths.bytePermutes();
        long started = System.nanoTime();
        LongSupplier scalarBytes = () -> {
            for (int c = 0; c < CALLS; c++) {
                if ((c & 7) == 0) VectorWarmup.pause(); // a call is 512 bytes: a look now and then
                Shuffle.unshuffle8Rows(src, 0, N, 0, N, scalar, 0, 8);
            }
            return scalar[0];
        };
        List<VectorWarmup.Pair> pairs = new ArrayList<>();
        pairs.add(new VectorWarmup.Pair(() -> {
            for (int c = 0; c < CALLS; c++) {
                if ((c & 7) == 0) VectorWarmup.pause(); // a call is 512 bytes: a look now and then
                Shuffle.bitunshuffleScalar(8, src.length, src, 0, scalar, 0);
            }
            return scalar[0];
        }, () -> {
            for (int c = 0; c < CALLS; c++) {
                if ((c & 7) == 0) VectorWarmup.pause(); // a call is 512 bytes: a look now and then
                SimdShuffle.bitunshuffleVector(8, N / 8, N / 8, src, 0, vector, 0);
            }
            return vector[0];
        }));
        pairs.add(new VectorWarmup.Pair(scalarBytes, () -> {
            for (int c = 0; c < CALLS; c++) {
                if ((c & 7) == 0) VectorWarmup.pause(); // a call is 512 bytes: a look now and then
                SimdShuffle.unshuffle8Rows(src, 0, N, N, vector, 0, 8);
            }
            return vector[0];
        }));
        // the low-half transpose is taken with the byte unshuffle, so it must be as fast
        if (low4) {
            pairs.add(new VectorWarmup.Pair(scalarBytes, () -> {
                for (int c = 0; c < CALLS; c++) {
                    if ((c & 7) == 0) VectorWarmup.pause(); // a call is 512 bytes: a look now and then
                    SimdShuffle.unshuffle8Low4(src, 0, N, N, vector, 0, 0x01020304L);
                }
                return vector[0];
            }));
        }
        List<VectorWarmup.Race> races = VectorWarmup.race(MAX_ROUNDS, pairs);
        VectorWarmup.Race bitRows = races.get(0);
        VectorWarmup.Race rows = races.get(1);
        VectorWarmup.Race lows = races.get(races.size() - 1);
        boolean bits = bitRows.fast() && bitsAgree(src, scalar, vector);
        boolean bytes = rows.fast() && lows.fast() && bytesAgree(src, scalar, vector);
        bitsReady = bits;
        bytesReady = bytes;
        return (bytes && bits ? "fast" : "unshuffle " + (bytes ? "fast" : "never fast") + ", bitunshuffle " + (bits ? "fast" : "never fast"))
                + " after " + Math.max(bitRows.rounds(), Math.max(rows.rounds(), lows.rounds())) + " rounds in "
                + (System.nanoTime() - started) / 1_000_000 + " ms; last timed round, scalar/vector µs: unshuffle "
                + rows.scalarNanos() / 1000 + "/" + Math.max(rows.vectorNanos(), lows.vectorNanos()) / 1000
                + ", bitunshuffle " + bitRows.scalarNanos() / 1000 + "/" + bitRows.vectorNanos() / 1000;
    }

    private static boolean bytesAgree(byte[] src, byte[] scalar, byte[] vector) {
        Shuffle.unshuffle8Rows(src, 0, N, 0, N, scalar, 0, 8);
        Arrays.fill(vector, (byte) 0);
        SimdShuffle.unshuffle8Rows(src, 0, N, N, vector, 0, 8);
        return Arrays.equals(scalar, vector);
    }

    private static boolean bitsAgree(byte[] src, byte[] scalar, byte[] vector) {
        Shuffle.bitunshuffleScalar(8, src.length, src, 0, scalar, 0);
        Arrays.fill(vector, (byte) 0);
        int done = SimdShuffle.bitunshuffleVector(8, N / 8, N / 8, src, 0, vector, 0);
        // the wide routine does whole groups of bit-rows; compare what it did
        return Arrays.equals(scalar, 0, 8 * done * 8, vector, 0, 8 * done * 8) || done == 0;
    }
}
