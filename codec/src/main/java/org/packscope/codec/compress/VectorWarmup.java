package org.packscope.codec.compress;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.LongSupplier;

/**
 * The warm-up every Vector API routine goes through before a decoder takes it: it runs on
 * data of its own, on a background thread, against the scalar loop it replaces, until it
 * is no slower three rounds in a row. Until C2 has compiled it, a Vector API routine runs
 * many times slower than the scalar loop (the interpreter and C1 box every vector), and C2
 * sometimes compiles one with some of its operations left as calls (see
 * {@link VectorPaths#JIT_OPTION}), which stays slower than scalar for the JVM's life: so the
 * bar is "no slower than scalar", not "compiled". Each round times the scalar calls and then
 * the vector calls, so that both meet the same load: a burst of other work on the core fails
 * a round, not the warm-up.
 * <p>
 * All warm-ups share one low-priority thread, so that they queue rather than take both
 * cores from the decode that asked for them.
 */
public final class VectorWarmup {
    /** Rounds in a row the vector routine must be no slower than the scalar one in. */
    public static final int FAST_ROUNDS = 3;

    private static final ExecutorService WORKER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "packscope-vector-warmup");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        return t;
    });

    private VectorWarmup() { }

    /** Runs {@code warm} on the shared warm-up thread, after the warm-ups asked for before it. */
    public static void start(Runnable warm) {
        WORKER.execute(warm);
    }

    /**
     * How a race ended: whether the vector routine got fast, after how many rounds and
     * milliseconds, and the last round's scalar and vector nanoseconds.
     */
    public record Race(boolean fast, int rounds, long millis, long scalarNanos, long vectorNanos) {
        /** "fast after R rounds in M ms" or "never fast after …". */
        public String summary() {
            return (fast ? "fast" : "never fast") + " after " + rounds + " rounds in " + millis + " ms";
        }
    }

    /**
     * Times {@code scalarRound} then {@code vectorRound}, round after round, until the vector
     * one has been no slower {@link #FAST_ROUNDS} rounds in a row or {@code maxRounds} have
     * run. Each round returns something computed from its output, so that the JIT cannot
     * drop the calls.
     */
    public static Race race(int maxRounds, LongSupplier scalarRound, LongSupplier vectorRound) {
        long started = System.nanoTime();
        long sink = 0;
        long scalarNs = 0;
        long vectorNs = 0;
        int fastRounds = 0;
        int r = 0;
        for (; r < maxRounds && fastRounds < FAST_ROUNDS; r++) {
            long t0 = System.nanoTime();
            sink += scalarRound.getAsLong();
            long t1 = System.nanoTime();
            sink += vectorRound.getAsLong();
            long t2 = System.nanoTime();
            scalarNs = t1 - t0;
            vectorNs = t2 - t1;
            fastRounds = vectorNs <= Math.max(scalarNs, 1) ? fastRounds + 1 : 0;
        }
        // the sink is folded into a value that is always true, but the JIT cannot know it
        boolean fast = fastRounds == FAST_ROUNDS && (sink | 1) != 0;
        return new Race(fast, r, (System.nanoTime() - started) / 1_000_000, scalarNs, vectorNs);
    }
}
