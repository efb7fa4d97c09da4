package org.packscope.codec.blosc;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;

import org.packscope.codec.compress.VectorPaths;

/**
 * Warms the Vector API shuffles on a background thread, so that blocks switch to them only
 * once C2 has compiled them. Until then a Vector API routine runs many times slower than
 * the scalar loop (the interpreter and C1 box every vector and shuffle): a fresh JVM's first
 * decode of a 16 MB Blosc chunk took 0.45-1.4 s on the vector routines and 0.16-0.29 s on
 * the scalar ones, whose steady speed is 2-3 times lower. The routines (byte unshuffle of
 * 8-byte groups, the wide bit unshuffle and, where it runs, the low-half transpose) run on
 * blocks of their own until, three rounds in a row, each takes no longer than the scalar
 * loop timed just before it in the same round (so that both meet the same load); their
 * results are checked against the scalar loop's. One that never gets there stays unused
 * (see {@link org.packscope.codec.bpcells.bp128} for the same scheme and why the bar is
 * that high).
 */
final class ShuffleWarmup {
    /** Set for tests that check the vector routines through {@link Shuffle}: no warm-up, vectors at once. */
    static final String UNWARMED = "packscope.shuffle.unwarmed";
    /** Vectors at once ({@link #UNWARMED}); a test of the warm-up itself turns it off. */
    static volatile boolean atOnce = Boolean.getBoolean(UNWARMED);
    private static final AtomicBoolean REQUESTED = new AtomicBoolean();
    /** The byte unshuffle's routines (and the low-half transpose), and the bit unshuffle's: each is taken once it is fast. */
    private static volatile boolean bytesReady, bitsReady;
    private static volatile boolean pending;
    private static volatile String outcome = "not requested";
    /**
     * Elements of a warm-up block: small, so that the first, uncompiled calls end soon, and
     * 64 bit-rows long, one step of the wide bit unshuffle with 512-bit vectors.
     */
    private static final int N = 512;
    private static final int CALLS = 50;
    private static final int MAX_ROUNDS = 2000;
    private static final int FAST_ROUNDS = 3;

    private ShuffleWarmup() { }

    /** Whether the byte unshuffle's vector routines may be taken now; the first ask starts the warm-up. */
    static boolean bytesReady() {
        if (bytesReady || atOnce) return true;
        request();
        return false;
    }

    /** Whether the bit unshuffle's vector routine may be taken now; the first ask starts the warm-up. */
    static boolean bitsReady() {
        if (bitsReady || atOnce) return true;
        request();
        return false;
    }

    private static void request() {
        if (REQUESTED.compareAndSet(false, true)) {
            pending = true;
            Thread t = new Thread(() -> {
                try {
                    warm();
                } catch (RuntimeException | Error e) {
                    outcome = "failed: " + e;
                } finally {
                    pending = false;
                }
            }, "shuffle-vector-warmup");
            t.setDaemon(true);
            t.setPriority(Thread.MIN_PRIORITY);
            t.start();
        }
    }

    /** Whether the warm-up is running now. */
    static boolean pending() { return pending; }

    /** How the warm-up ended, or that it has not. */
    static String outcome() { return outcome; }

    /**
     * Runs the routines until both are fast (or the rounds run out); each that got there and
     * agrees with the scalar loop is then taken ({@link #outcome} says which).
     */
    static void warm() {
        byte[] src = new byte[8 * N];
        for (int i = 0; i < src.length; i++) src[i] = (byte) (i * 131 + (i >>> 9));
        byte[] scalar = new byte[src.length];
        byte[] vector = new byte[src.length];
        boolean low4 = SimdShuffle.bits() == 512 && VectorPaths.bytePermutes();
        long started = System.nanoTime();
        int bytesFast = 0, bitsFast = 0;
        int r = 0;
        // scalar and vector time of the last round each routine was timed in
        long[] last = new long[4];
        for (; r < MAX_ROUNDS && (bytesFast < FAST_ROUNDS || bitsFast < FAST_ROUNDS); r++) {
            if (bytesFast < FAST_ROUNDS) {
                long t0 = System.nanoTime();
                for (int c = 0; c < CALLS; c++) Shuffle.unshuffle8Rows(src, 0, N, 0, N, scalar, 0, 8);
                long t1 = System.nanoTime();
                for (int c = 0; c < CALLS; c++) SimdShuffle.unshuffle8Rows(src, 0, N, N, vector, 0, 8);
                long t2 = System.nanoTime();
                // the low-half transpose is taken with the byte unshuffle, so it must be as fast
                if (low4) for (int c = 0; c < CALLS; c++) SimdShuffle.unshuffle8Low4(src, 0, N, N, vector, 0, 0x01020304L);
                long t3 = System.nanoTime();
                last[0] = t1 - t0;
                last[1] = Math.max(t2 - t1, t3 - t2);
                bytesFast = last[1] <= last[0] ? bytesFast + 1 : 0;
            }
            if (bitsFast < FAST_ROUNDS) {
                long t0 = System.nanoTime();
                for (int c = 0; c < CALLS; c++) Shuffle.bitunshuffleScalar(8, src.length, src, 0, scalar, 0);
                long t1 = System.nanoTime();
                for (int c = 0; c < CALLS; c++) SimdShuffle.bitunshuffleWide(8, N / 8, N / 8, src, 0, vector, 0);
                last[2] = t1 - t0;
                last[3] = System.nanoTime() - t1;
                bitsFast = last[3] <= last[2] ? bitsFast + 1 : 0;
            }
        }
        boolean bytes = bytesFast == FAST_ROUNDS && bytesAgree(src, scalar, vector);
        boolean bits = bitsFast == FAST_ROUNDS && bitsAgree(src, scalar, vector);
        bytesReady = bytes;
        bitsReady = bits;
        outcome = (bytes && bits ? "fast" : "unshuffle " + (bytes ? "fast" : "never fast") + ", bitunshuffle " + (bits ? "fast" : "never fast"))
                + " after " + r + " rounds in " + (System.nanoTime() - started) / 1_000_000
                + " ms; last timed round, scalar/vector µs: unshuffle " + last[0] / 1000 + "/" + last[1] / 1000
                + ", bitunshuffle " + last[2] / 1000 + "/" + last[3] / 1000;
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
        int done = SimdShuffle.bitunshuffleWide(8, N / 8, N / 8, src, 0, vector, 0);
        // the wide routine does whole groups of bit-rows; compare what it did
        return Arrays.equals(scalar, 0, 8 * done * 8, vector, 0, 8 * done * 8) || done == 0;
    }
}
