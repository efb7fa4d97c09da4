package org.packscope.codec.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.packscope.codec.inspect.Progress;

/**
 * Reads numbered pages on worker threads and hands them to the caller's thread in page
 * order, so what the caller writes (CSV, JSON, raw bytes, a floating-point sum) is the
 * same as when one thread read every page in turn. Memory is bounded: pages live in
 * {@code 2 × threads} buffers, a ring the workers fill and the caller empties; a worker
 * that runs ahead of the caller by a whole ring waits for the oldest page to be taken.
 * One thread means the caller's thread reads and consumes each page in turn, with one
 * buffer and no thread started.
 *
 * <p>The first failure (a worker's exception, the consumer's exception, a cancellation
 * noticed by either side) stops the workers from taking new pages; the caller waits for
 * them to finish the page in hand and rethrows it.
 *
 * @param <P> a page buffer, reused for many pages
 */
public final class ReadAhead<P> {

    /** Fills a buffer with page {@code index}; runs on a worker thread. */
    @FunctionalInterface
    public interface Fill<P> {
        void fill(P buffer, long index);
    }

    /** Takes page {@code index} from its buffer; runs on the caller's thread, pages in order. */
    @FunctionalInterface
    public interface Sink<P, X extends Exception> {
        void accept(P buffer, long index) throws X;
    }

    private final int threads;
    private final Supplier<P> newBuffer;
    private final Fill<P> fill;
    /** Largest number of pages filled or being filled but not yet consumed (for tests). */
    private int peakInFlight;
    /** Buffers made (for tests). */
    private int buffersMade;

    private ReadAhead(int threads, Supplier<P> newBuffer, Fill<P> fill) {
        this.threads = Math.max(1, threads);
        this.newBuffer = newBuffer;
        this.fill = fill;
    }

    public static <P> ReadAhead<P> of(int threads, Supplier<P> newBuffer, Fill<P> fill) {
        return new ReadAhead<>(threads, newBuffer, fill);
    }

    /** The most pages that can be in flight at once: the ring's size. */
    public int bound() { return threads == 1 ? 1 : 2 * threads; }

    /** The most pages that were in flight at once in the last {@link #run}. */
    public int peakInFlight() { return peakInFlight; }

    /** How many page buffers the last {@link #run} made. */
    public int buffersMade() { return buffersMade; }

    /**
     * Reads pages {@code 0..pages-1} and hands each to {@code sink} in order. Exceptions of
     * the fill or the sink (cancellation included) end the run and are rethrown here.
     */
    public <X extends Exception> void run(long pages, Progress progress, Sink<P, X> sink) throws X {
        Progress p = progress == null ? Progress.NONE : progress;
        peakInFlight = 0;
        buffersMade = 0;
        if (pages <= 0) return;
        int workers = (int) Math.min(threads, pages);
        if (workers == 1) {
            P buffer = newBuffer.get();
            buffersMade = 1;
            peakInFlight = 1;
            for (long i = 0; i < pages; i++) {
                p.checkCancelled();
                fill.fill(buffer, i);
                sink.accept(buffer, i);
            }
            return;
        }
        new Ring<>(this, pages, workers, p).run(sink);
    }

    /** One parallel run: the ring of buffers, its lock and the workers. */
    private static final class Ring<P> {
        final ReadAhead<P> owner;
        final long pages;
        final int size;
        final Progress progress;
        final Object[] buffers;
        /** Page held in each slot once filled, or -1 while empty or being filled. */
        final long[] filled;
        final ReentrantLock lock = new ReentrantLock();
        final Condition changed = lock.newCondition();
        long nextToTake; // next page a worker takes (under lock)
        long consumed;   // pages the caller has taken (under lock)
        Throwable failure; // under lock

        Ring(ReadAhead<P> owner, long pages, int workers, Progress progress) {
            this.owner = owner;
            this.pages = pages;
            this.size = 2 * workers;
            this.progress = progress;
            this.buffers = new Object[size];
            this.filled = new long[size];
            java.util.Arrays.fill(filled, -1);
            this.workers = workers;
        }

        final int workers;

        <X extends Exception> void run(Sink<P, X> sink) throws X {
            List<Thread> started = new ArrayList<>(workers);
            for (int w = 0; w < workers; w++) {
                Thread t = new Thread(this::work, "packscope-read-" + w);
                t.setDaemon(true);
                t.start();
                started.add(t);
            }
            boolean interrupted = false;
            try {
                for (long i = 0; i < pages; i++) {
                    int slot = (int) (i % size);
                    lock.lock();
                    try {
                        while (failure == null && filled[slot] != i) {
                            try {
                                changed.await();
                            } catch (InterruptedException e) {
                                interrupted = true;
                                fail(new Progress.CancelledException());
                            }
                        }
                        if (failure != null) break;
                    } finally {
                        lock.unlock();
                    }
                    progress.checkCancelled();
                    @SuppressWarnings("unchecked")
                    P buffer = (P) buffers[slot];
                    sink.accept(buffer, i);
                    lock.lock();
                    try {
                        filled[slot] = -1;
                        consumed = i + 1;
                        changed.signalAll();
                    } finally {
                        lock.unlock();
                    }
                }
            } catch (Throwable t) {
                failLocked(t);
            }
            for (Thread t : started) {
                interrupted |= ParallelTasks.joinUninterruptibly(t, () -> failLocked(new Progress.CancelledException()));
            }
            if (interrupted) Thread.currentThread().interrupt();
            rethrow(failure);
        }

        @SuppressWarnings("unchecked")
        private static <X extends Exception> void rethrow(Throwable f) throws X {
            if (f == null) return;
            // an Error (a fault reading a file cut short while mapped) is no X: casting it would fail
            if (f instanceof Error e) throw e;
            if (f instanceof RuntimeException e) throw e;
            throw (X) f; // the sink's own checked exception
        }

        /** {@link #fail} under the lock. */
        private void failLocked(Throwable t) {
            lock.lock();
            try {
                fail(t);
            } finally {
                lock.unlock();
            }
        }

        /** Records the first failure and wakes everyone (caller holds the lock). */
        private void fail(Throwable t) {
            if (failure == null) failure = t;
            changed.signalAll();
        }

        private void work() {
            try {
                while (true) {
                    long i;
                    int slot;
                    P buffer;
                    lock.lock();
                    try {
                        if (failure != null || nextToTake >= pages) return;
                        i = nextToTake++;
                        slot = (int) (i % size);
                        // the slot frees once page i - size has been consumed
                        while (failure == null && consumed < i - size + 1) changed.awaitUninterruptibly();
                        if (failure != null) return;
                        int inFlight = (int) (i + 1 - consumed);
                        if (inFlight > owner.peakInFlight) owner.peakInFlight = inFlight;
                        @SuppressWarnings("unchecked")
                        P b = (P) buffers[slot];
                        if (b == null) {
                            b = owner.newBuffer.get();
                            buffers[slot] = b;
                            owner.buffersMade++;
                        }
                        buffer = b;
                    } finally {
                        lock.unlock();
                    }
                    progress.checkCancelled();
                    owner.fill.fill(buffer, i);
                    lock.lock();
                    try {
                        filled[slot] = i;
                        changed.signalAll();
                    } finally {
                        lock.unlock();
                    }
                }
            } catch (Throwable t) {
                failLocked(t);
            }
        }
    }
}
