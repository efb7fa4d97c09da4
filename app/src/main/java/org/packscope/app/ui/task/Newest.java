package org.packscope.app.ui.task;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;

import javafx.application.Platform;

/**
 * Hands the FX thread the newest of the values a background job offers, dropping the
 * ones it had no time for: a read that offers twenty partial plots while the FX thread
 * draws one gets the next drawn at once after, not queued behind nineteen others.
 * Offers made before the job's result is handed over are applied before it (one pending
 * hand-over at a time, and the FX queue keeps its order).
 */
public final class Newest<T> {
    private final AtomicReference<T> pending = new AtomicReference<>();
    private final Consumer<T> apply;
    private final long gapNanos;
    private final AtomicLong lastTaken = new AtomicLong(Long.MIN_VALUE / 2);

    /**
     * {@code apply} runs on the FX thread. An offer less than {@code gapMillis} after the
     * last one taken is dropped (0: none is): every picture handed over is drawn, and drawing
     * a 20M-value plot's twenty partial pictures (the software pipeline repaints the whole
     * chart each time) took the two cores from the reading.
     */
    public Newest(Consumer<T> apply, long gapMillis) {
        this.apply = apply;
        this.gapNanos = gapMillis * 1_000_000;
    }

    /** Called from any thread; {@code value} is made only when it is taken. */
    public void offer(Supplier<T> value) {
        if (gapNanos > 0) {
            long now = System.nanoTime(), last = lastTaken.get();
            if (now - last < gapNanos || !lastTaken.compareAndSet(last, now)) return;
        }
        if (pending.getAndSet(value.get()) == null) Platform.runLater(this::drain);
    }

    private void drain() {
        T value = pending.getAndSet(null);
        if (value != null) apply.accept(value);
    }
}
