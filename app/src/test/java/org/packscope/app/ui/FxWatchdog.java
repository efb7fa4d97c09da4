package org.packscope.app.ui;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import javafx.application.Platform;

/**
 * Measures how long the FX thread takes to answer: every 20 ms a background thread asks
 * it to run a no-op and records how late that runs. A stall means the UI froze for a
 * person: codec work done on the FX thread, or a view doing too much per frame. While an
 * answer is late the FX thread's stack is sampled, so a stall names the code behind it.
 */
final class FxWatchdog implements AutoCloseable {
    /** One late answer: how late, and the frames the FX thread was seen in most. */
    record Stall(long millis, String where) {
        @Override public String toString() { return millis + " ms in " + where; }
    }

    private static final long SAMPLE_AFTER_NANOS = 30_000_000;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong worstNanos = new AtomicLong();
    private final List<Stall> stalls = new ArrayList<>();
    private final long thresholdNanos;
    private final Thread thread;
    private volatile Thread fxThread;

    FxWatchdog(long thresholdMillis) {
        this.thresholdNanos = thresholdMillis * 1_000_000;
        Platform.runLater(() -> fxThread = Thread.currentThread());
        thread = new Thread(this::watch, "fx-watchdog");
        thread.setDaemon(true);
        thread.start();
    }

    private void watch() {
        while (running.get()) {
            long asked = System.nanoTime();
            CountDownLatch answered = new CountDownLatch(1);
            Platform.runLater(answered::countDown);
            Map<String, Integer> seen = new HashMap<>();
            try {
                while (!answered.await(5, TimeUnit.MILLISECONDS)) {
                    Thread fx = fxThread;
                    if (fx != null && System.nanoTime() - asked > SAMPLE_AFTER_NANOS) seen.merge(describe(fx.getStackTrace()), 1, Integer::sum);
                }
                long late = System.nanoTime() - asked;
                worstNanos.accumulateAndGet(late, Math::max);
                if (late > thresholdNanos) {
                    String where = seen.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(3)
                            .map(e -> e.getValue() + "× " + e.getKey()).reduce((a, b) -> a + " | " + b).orElse("(not sampled)");
                    synchronized (stalls) { stalls.add(new Stall(late / 1_000_000, where)); }
                }
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** The innermost project frame and the frame on top, which together say who and what. */
    private static String describe(StackTraceElement[] stack) {
        String top = stack.length == 0 ? "?" : frame(stack[0]);
        for (StackTraceElement e : stack) {
            if (e.getClassName().startsWith("org.packscope.")) return frame(e) + " → " + top;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(10, stack.length); i++) sb.append(i == 0 ? "" : " < ").append(frame(stack[i]));
        return sb.toString();
    }

    private static String frame(StackTraceElement e) {
        String c = e.getClassName();
        return c.substring(c.lastIndexOf('.') + 1) + "." + e.getMethodName() + ":" + e.getLineNumber();
    }

    long worstMillis() { return worstNanos.get() / 1_000_000; }

    List<Stall> stalls() { synchronized (stalls) { return List.copyOf(stalls); } }

    @Override
    public void close() {
        running.set(false);
        thread.interrupt();
    }
}
