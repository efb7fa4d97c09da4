package org.packscope.codec.compress;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

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
 * cores from the decode that asked for them. Their rounds also wait while work a person
 * waits for is under way ({@link #foreground}) and a moment after ({@link #QUIET_NANOS}),
 * also between the calls of a round ({@link #pause}): in the window, the first file opened
 * while the routines still raced showed its header in 0.59-1.20 s, against 0.41-0.45 s once
 * they had ended. The wait is bounded ({@link #MAX_YIELD_NANOS} a race in each stretch of
 * such work), so a long decode still gets the vector routines.
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

    /** Warm-ups asked for and not yet ended. */
    private static final AtomicInteger UNDER_WAY = new AtomicInteger();

    /** Work a person waits for, under way now. */
    private static final AtomicInteger FOREGROUND = new AtomicInteger();
    /** Times foreground work began with none under way: each such stretch is one episode. */
    private static final AtomicLong EPISODES = new AtomicLong();

    /**
     * How long after foreground work ends the warm-ups still wait: the window answers a
     * person in a few tasks in a row (open, list the problems, read the summaries, show the
     * node), and a round let in between them ran alongside the next.
     */
    static final long QUIET_NANOS = 200_000_000L;
    /** When the last foreground work ended (System.nanoTime); at first, long enough ago to be past. */
    private static volatile long lastEnded = System.nanoTime() - QUIET_NANOS;

    /** The longest a race waits through one episode of foreground work, all its rounds together. */
    static final long MAX_YIELD_NANOS = 1_500_000_000L;

    private VectorWarmup() { }

    /** Work a person waits for, marked as under way from {@link #foreground} until closed. */
    public interface Foreground extends AutoCloseable {
        @Override void close();
    }

    /**
     * Marks work a person waits for (opening a file, a plot) as under way until the handle
     * is closed, once: warm-up rounds wait meanwhile, up to {@link #MAX_YIELD_NANOS} a race in
     * each stretch of foreground work.
     */
    public static Foreground foreground() {
        if (FOREGROUND.incrementAndGet() == 1) EPISODES.incrementAndGet();
        AtomicBoolean open = new AtomicBoolean(true);
        return () -> {
            if (open.compareAndSet(true, false) && FOREGROUND.decrementAndGet() == 0) lastEnded = System.nanoTime();
        };
    }

    private static boolean busyOrJustBusy(long now) {
        return FOREGROUND.get() > 0 || now - lastEnded < QUIET_NANOS;
    }

    /** Whether work a person waits for is under way. */
    public static boolean foregroundUnderWay() { return FOREGROUND.get() > 0; }

    /**
     * A race's waits for foreground work: up to {@link #MAX_YIELD_NANOS} in each episode. A
     * budget for the race's whole life was spent by the window's start (the sample folder
     * opened, its problems listed), after which the races ran through the first file a person
     * opened: 4 young collections and half the CPU samples of a 0.6 s opening were theirs.
     */
    static final class Yielding {
        private final long budgetNanos;
        private long episode = -1;
        private long waited;
        /** All waited, over every episode: taken out of the time of the round it fell in. */
        private long waitedInAll;

        Yielding() { this(MAX_YIELD_NANOS); }

        Yielding(long budgetNanos) { this.budgetNanos = budgetNanos; }

        /** Waits while foreground work is under way, within what is left of this episode's budget; returns the nanoseconds waited. */
        long yieldNow() {
            long e = EPISODES.get();
            if (e != episode) {
                episode = e;
                waited = 0;
            }
            long now = yieldToForeground(budgetNanos - waited);
            waited += now;
            waitedInAll += now;
            return now;
        }

        long waitedInAll() { return waitedInAll; }
    }

    /** The race under way on this thread, whose rounds {@link #pause} waits for. */
    private static final ThreadLocal<Yielding> RACING = new ThreadLocal<>();

    /**
     * Called by a round between its calls: waits while foreground work is under way (within
     * the race's budget), and the wait is not counted in the round's time. A round still
     * interpreted takes long (tens to hundreds of ms, allocating as it goes): a wait only
     * between rounds left the first file a person opened sharing the cores with one.
     * Outside a race, nothing.
     */
    public static void pause() {
        Yielding y = RACING.get();
        if (y != null) y.yieldNow();
    }

    /**
     * Waits while foreground work is under way or ended less than {@link #QUIET_NANOS} ago,
     * at most {@code budgetNanos}; returns the nanoseconds waited.
     */
    static long yieldToForeground(long budgetNanos) {
        long t0 = System.nanoTime(), waited = 0;
        while (busyOrJustBusy(t0 + waited) && waited < budgetNanos) {
            LockSupport.parkNanos(Math.min(2_000_000L, budgetNanos - waited));
            waited = System.nanoTime() - t0;
        }
        return waited;
    }

    /** Runs {@code warm} on the shared warm-up thread, after the warm-ups asked for before it. */
    public static void start(Runnable warm) {
        UNDER_WAY.incrementAndGet();
        WORKER.execute(() -> {
            try {
                warm.run();
            } finally {
                UNDER_WAY.decrementAndGet();
            }
        });
    }

    /**
     * One format's warm-up, run once on the shared thread when first asked for: it tells
     * whether it is running and how it ended ({@code warm} returns that text; a failure is
     * told as such).
     */
    public static final class Once {
        private final Supplier<String> warm;
        private final AtomicBoolean requested = new AtomicBoolean();
        private volatile boolean pending;
        private volatile String outcome = "not requested";

        public Once(Supplier<String> warm) { this.warm = warm; }

        /** Starts the warm-up, the first time only. */
        public void request() {
            if (!requested.compareAndSet(false, true)) return;
            pending = true;
            start(() -> {
                try {
                    outcome = warm.get();
                } catch (RuntimeException | Error e) {
                    outcome = "failed: " + e;
                } finally {
                    pending = false;
                }
            });
        }

        /** Whether the warm-up is running now. */
        public boolean pending() { return pending; }

        /** How the warm-up ended, or that it has not. */
        public String outcome() { return outcome; }
    }

    /** Whether a warm-up is queued or running (a benchmark waits for them to end). */
    public static boolean busy() { return UNDER_WAY.get() > 0; }

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

    /** A vector routine and the scalar loop it replaces, each running one round of calls. */
    public record Pair(LongSupplier scalarRound, LongSupplier vectorRound) { }

    /**
     * Times {@code scalarRound} then {@code vectorRound}, round after round, until the vector
     * one has been no slower {@link #FAST_ROUNDS} rounds in a row or {@code maxRounds} have
     * run. Each round returns something computed from its output, so that the JIT cannot
     * drop the calls.
     */
    public static Race race(int maxRounds, LongSupplier scalarRound, LongSupplier vectorRound) {
        return race(maxRounds, List.of(new Pair(scalarRound, vectorRound))).get(0);
    }

    /**
     * Races several pairs side by side: every round runs each pair that is not yet fast, so
     * that C2 compiles all the routines at once rather than one after the other (run one
     * after the other, a routine that is slow to compile held back the ones after it).
     * Returns each pair's race, in order.
     */
    public static List<Race> race(int maxRounds, List<Pair> pairs) {
        int n = pairs.size();
        long started = System.nanoTime();
        long sink = 0;
        long[] scalarNs = new long[n];
        long[] vectorNs = new long[n];
        int[] fastRounds = new int[n];
        int[] rounds = new int[n];
        long[] millis = new long[n];
        int running = n;
        Yielding yielding = new Yielding();
        Yielding outer = RACING.get();
        RACING.set(yielding);
        try {
            for (int r = 0; r < maxRounds && running > 0; r++) {
                for (int p = 0; p < n; p++) {
                    if (fastRounds[p] == FAST_ROUNDS) continue;
                    yielding.yieldNow();
                    // what the rounds waited in pause() is not their time
                    long w0 = yielding.waitedInAll();
                    long t0 = System.nanoTime();
                    sink += pairs.get(p).scalarRound().getAsLong();
                    long t1 = System.nanoTime();
                    long w1 = yielding.waitedInAll();
                    sink += pairs.get(p).vectorRound().getAsLong();
                    long t2 = System.nanoTime();
                    long w2 = yielding.waitedInAll();
                    scalarNs[p] = t1 - t0 - (w1 - w0);
                    vectorNs[p] = t2 - t1 - (w2 - w1);
                    fastRounds[p] = vectorNs[p] <= Math.max(scalarNs[p], 1) ? fastRounds[p] + 1 : 0;
                    rounds[p] = r + 1;
                    millis[p] = (t2 - started) / 1_000_000;
                    if (fastRounds[p] == FAST_ROUNDS) running--;
                }
            }
        } finally {
            RACING.set(outer);
        }
        List<Race> races = new ArrayList<>(n);
        for (int p = 0; p < n; p++) {
            // the sink is folded into a value that is always true, but the JIT cannot know it
            races.add(new Race(fastRounds[p] == FAST_ROUNDS && (sink | 1) != 0, rounds[p], millis[p], scalarNs[p], vectorNs[p]));
        }
        return races;
    }
}
