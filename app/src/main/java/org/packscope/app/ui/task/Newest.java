package org.packscope.app.ui.task;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

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

    /** {@code apply} runs on the FX thread. */
    public Newest(Consumer<T> apply) {
        this.apply = apply;
    }

    /** Called from any thread. */
    public void offer(T value) {
        if (pending.getAndSet(value) == null) Platform.runLater(this::drain);
    }

    private void drain() {
        T value = pending.getAndSet(null);
        if (value != null) apply.accept(value);
    }
}
