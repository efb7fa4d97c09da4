package org.packscope.app.ui.task;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

import javafx.application.Platform;
import javafx.concurrent.Task;
import org.packscope.codec.compress.VectorWarmup;
import org.packscope.codec.inspect.Progress;

/**
 * Runs codec work off the FX thread. Each job reports progress to the status bar and
 * can be cancelled; its result comes back on the FX thread. The FX thread never waits.
 */
public final class TaskRunner {
    /**
     * Where running jobs are shown and their failures told: the status bar, a view. Named
     * here so that background work depends on no view.
     */
    public interface Status {
        void track(Task<?> task);

        void untrack(Task<?> task);

        void showMessage(String text);

        void showError(String text);
    }

    private final ExecutorService pool;
    private final Status status;
    private final AtomicInteger running = new AtomicInteger();
    /** Tasks cancelled because newer work replaced them: their end is not news. */
    private final java.util.Set<Task<?>> superseded = java.util.Collections.newSetFromMap(new java.util.WeakHashMap<>());

    public TaskRunner(Status status) {
        this.status = status;
        AtomicInteger n = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()), r -> {
            Thread t = new Thread(r, "packscope-worker-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** Number of jobs not yet finished (tests wait for 0). */
    public int running() { return running.get(); }

    public <T> Task<T> submit(String title, Function<Progress, T> work, Consumer<T> onDone) {
        return submit(title, work, onDone, null);
    }

    public <T> Task<T> submit(String title, Function<Progress, T> work, Consumer<T> onDone, Consumer<Throwable> onFail) {
        running.incrementAndGet();
        // the person waits for the work and for the view its result fills (on the FX thread, after it):
        // background warm-ups of the vector routines pause through both
        VectorWarmup.Foreground waitedFor = VectorWarmup.foreground();
        Job<T> task = new Job<>(title, work);
        task.setOnSucceeded(e -> {
            finished(task);
            try {
                if (onDone != null) onDone.accept(task.getValue());
            } finally {
                waitedFor.close();
            }
        });
        task.setOnFailed(e -> {
            finished(task);
            try {
                Throwable ex = task.getException();
                if (onFail != null) onFail.accept(ex);
                else status.showError(title + " failed: " + describe(ex));
            } finally {
                waitedFor.close();
            }
        });
        task.setOnCancelled(e -> {
            finished(task);
            waitedFor.close();
            if (!superseded.remove(task)) status.showMessage(title + " cancelled");
        });
        try {
            status.track(task);
            pool.submit(task);
        } catch (RuntimeException e) {
            waitedFor.close();
            throw e;
        }
        return task;
    }

    /**
     * Short work (well under a second, like an explanation) whose result only one view
     * needs: it runs off the FX thread like the rest, but is not listed in the status bar,
     * where it would only flicker. Failures go to {@code onFail}.
     */
    public <T> void quietly(java.util.function.Supplier<T> work, Consumer<T> onDone, Consumer<Throwable> onFail) {
        running.incrementAndGet();
        pool.submit(() -> {
            T value;
            try {
                value = work.get();
            } catch (Throwable e) {
                Platform.runLater(() -> {
                    running.decrementAndGet();
                    onFail.accept(e);
                });
                return;
            }
            Platform.runLater(() -> {
                running.decrementAndGet();
                onDone.accept(value);
            });
        });
    }

    /**
     * Whether {@code task} is still to end: not yet succeeded, failed or cancelled, by its
     * state on the FX thread. Not {@link Task#isDone()}: a task's {@code onSucceeded} runs
     * on the FX thread while its worker may not yet have marked the future done, so a view
     * asking {@code isDone()} from there can find its own finished read still under way.
     */
    public static boolean underWay(Task<?> task) {
        if (task == null || task.isDone()) return false;
        // only the FX thread may read a task's state; elsewhere the future is all there is
        if (!Platform.isFxApplicationThread()) return true;
        return switch (task.getState()) {
            case SUCCEEDED, FAILED, CANCELLED -> false;
            default -> true;
        };
    }

    /** Cancels a task whose result newer work has made useless, without telling the person. */
    public void supersede(Task<?> task) {
        // an ended task cancelled here would end twice: its onCancelled after its onSucceeded
        if (!underWay(task)) return;
        superseded.add(task);
        task.cancel();
    }

    /** A task whose codec work sees a {@link Progress} wired to the task's own progress and cancel. */
    private static final class Job<T> extends Task<T> {
        private final String title;
        private final Function<Progress, T> work;

        Job(String title, Function<Progress, T> work) {
            this.title = title;
            this.work = work;
            updateMessage(title);
        }

        @Override
        protected T call() {
            return work.apply(new Progress() {
                @Override
                public void update(double fraction, String message) {
                    if (fraction >= 0) updateProgress(fraction, 1.0);
                    if (message != null) updateMessage(title + " — " + message);
                }

                @Override
                public boolean cancelled() { return isCancelled(); }
            });
        }
    }

    private void finished(Task<?> task) {
        running.decrementAndGet();
        status.untrack(task);
    }

    public static String describe(Throwable e) {
        if (e == null) return "unknown error";
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }
}
