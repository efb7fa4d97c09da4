package org.packscope.app.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import javafx.application.Platform;

/**
 * Measures how long the FX thread takes to answer: every 20 ms a background thread asks
 * it to run a no-op and records how late that runs. A stall means the UI froze for a
 * person: codec work done on the FX thread, or a view doing too much per frame.
 */
final class FxWatchdog implements AutoCloseable {
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong worstNanos = new AtomicLong();
    private final List<Long> stalls = new ArrayList<>();
    private final long thresholdNanos;
    private final Thread thread;

    FxWatchdog(long thresholdMillis) {
        this.thresholdNanos = thresholdMillis * 1_000_000;
        thread = new Thread(this::watch, "fx-watchdog");
        thread.setDaemon(true);
        thread.start();
    }

    private void watch() {
        while (running.get()) {
            long asked = System.nanoTime();
            java.util.concurrent.CountDownLatch answered = new java.util.concurrent.CountDownLatch(1);
            Platform.runLater(answered::countDown);
            try {
                answered.await();
                long late = System.nanoTime() - asked;
                worstNanos.accumulateAndGet(late, Math::max);
                if (late > thresholdNanos) synchronized (stalls) { stalls.add(late / 1_000_000); }
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    long worstMillis() { return worstNanos.get() / 1_000_000; }

    List<Long> stallsMillis() { synchronized (stalls) { return List.copyOf(stalls); } }

    @Override
    public void close() {
        running.set(false);
        thread.interrupt();
    }
}
