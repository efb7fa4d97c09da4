package org.packscope.codec.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import org.packscope.codec.inspect.Progress;

/**
 * Runs numbered tasks (chunks, pages, blocks, column ranges) on a fixed number of threads.
 * Each worker takes the next task number as it frees up, so memory stays bounded by one
 * task's working set per thread; results are combined by task number, so what callers
 * report does not depend on the order in which threads finished. One thread means the
 * caller's thread only, with no thread started.
 */
public final class ParallelTasks {
    private ParallelTasks() { }

    /** One task: given its number, returns what it counted (values, bytes, failures). */
    @FunctionalInterface
    public interface Task {
        long run(int index);
    }

    /** The machine's cores, the default for "all cores". */
    public static int cores() { return Runtime.getRuntime().availableProcessors(); }

    /**
     * Runs tasks {@code 0..count-1} on up to {@code threads} threads; {@code perThread}
     * makes each worker's own task (its buffers, decoder context). Returns the sum of the
     * results. The first failure (cancellation included) stops the others from taking new
     * tasks and is rethrown on the caller's thread.
     */
    public static long sum(int count, int threads, Progress progress, IntFunction<Task> perThread) {
        long[] results = new long[Math.max(0, count)];
        run(count, threads, progress, perThread, results);
        long s = 0;
        for (long r : results) s += r;
        return s;
    }

    /** Like {@link #sum}, but returns each task's result, by task number. */
    public static long[] each(int count, int threads, Progress progress, IntFunction<Task> perThread) {
        long[] results = new long[Math.max(0, count)];
        run(count, threads, progress, perThread, results);
        return results;
    }

    /**
     * Computes {@code work(i)} for {@code i = 0..count-1} on up to {@code threads} threads and
     * returns the results in task order (for output that must not depend on timing).
     */
    public static <T> java.util.List<T> map(int count, int threads, Progress progress, IntFunction<T> work) {
        Object[] out = new Object[Math.max(0, count)];
        run(count, threads, progress, w -> i -> {
            out[i] = work.apply(i);
            return 0;
        }, new long[Math.max(0, count)]);
        @SuppressWarnings("unchecked")
        java.util.List<T> list = (java.util.List<T>) java.util.Arrays.asList(out);
        return list;
    }

    private static void run(int count, int threads, Progress progress, IntFunction<Task> perThread, long[] results) {
        Progress p = progress == null ? Progress.NONE : progress;
        int workers = Math.max(1, Math.min(threads, count));
        AtomicInteger next = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        if (workers == 1) {
            work(0, count, next, done, failure, p, perThread, results);
        } else {
            List<Thread> started = new ArrayList<>(workers - 1);
            for (int w = 1; w < workers; w++) {
                int id = w;
                Thread t = new Thread(() -> work(id, count, next, done, failure, p, perThread, results),
                        "packscope-decode-" + w);
                t.setDaemon(true);
                t.start();
                started.add(t);
            }
            work(0, count, next, done, failure, p, perThread, results);
            boolean interrupted = false;
            for (Thread t : started) {
                interrupted |= joinUninterruptibly(t, () -> failure.compareAndSet(null, new Progress.CancelledException()));
            }
            if (interrupted) Thread.currentThread().interrupt();
        }
        Throwable f = failure.get();
        if (f instanceof RuntimeException re) throw re;
        if (f instanceof Error e) throw e;
        if (f != null) throw new IllegalStateException(f);
    }

    private static void work(int worker, int count, AtomicInteger next, AtomicInteger done, AtomicReference<Throwable> failure,
                             Progress p, IntFunction<Task> perThread, long[] results) {
        try {
            Task task = null;
            int i;
            while (failure.get() == null && (i = next.getAndIncrement()) < count) {
                p.checkCancelled();
                if (task == null) task = perThread.apply(worker);
                results[i] = task.run(i);
                int d = done.incrementAndGet();
                if (worker == 0) p.update((double) d / count, "decoded " + d + " of " + count);
            }
        } catch (Throwable t) {
            failure.compareAndSet(null, t);
        }
    }

    /**
     * Waits until {@code t} has ended, also when the waiting thread is interrupted (the
     * worker's results must not be left half made); {@code onInterrupt} runs at each
     * interrupt, so the work can be told to stop. Returns whether an interrupt came, for
     * the caller to restore.
     */
    public static boolean joinUninterruptibly(Thread t, Runnable onInterrupt) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                return interrupted;
            } catch (InterruptedException e) {
                interrupted = true;
                onInterrupt.run();
            }
        }
    }
}
