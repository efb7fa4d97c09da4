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
 * answer is late the FX thread's stack is sampled, so a stall names the code behind it,
 * and says whether PackScope's own reading and decoding (the codec) was on the FX thread,
 * which must never happen, or JavaFX styling, laying out and drawing views.
 *
 * <p>Used as a JUnit extension, it fails a test when the FX thread was seen doing codec
 * work in a stall over 100 ms, or was late by more than {@link #FROZEN_MS}
 * for any reason, and prints every stall.
 */
final class FxWatchdog implements AutoCloseable {
    static final long STALL_MS = 100;
    /** Longer than this and a person would think the window hung, whatever the cause. */
    static final long FROZEN_MS = 2000;

    /** One late answer: how late, where the FX thread was seen most, and whether it was reading data. */
    record Stall(long millis, String where, String dataFrame) {
        boolean readingData() { return dataFrame != null; }

        @Override public String toString() { return millis + " ms" + (dataFrame != null ? " READING DATA (" + dataFrame + ")" : "") + " in " + where; }
    }

    /** Runs a watchdog around each test of a GUI test class. */
    static final class Extension implements org.junit.jupiter.api.extension.BeforeEachCallback,
            org.junit.jupiter.api.extension.AfterEachCallback {
        private static final org.junit.jupiter.api.extension.ExtensionContext.Namespace NS =
                org.junit.jupiter.api.extension.ExtensionContext.Namespace.create(FxWatchdog.class);

        @Override
        public void beforeEach(org.junit.jupiter.api.extension.ExtensionContext c) {
            c.getStore(NS).put("dog", new FxWatchdog(STALL_MS));
        }

        @Override
        public void afterEach(org.junit.jupiter.api.extension.ExtensionContext c) {
            FxWatchdog dog = c.getStore(NS).remove("dog", FxWatchdog.class);
            dog.close();
            System.out.println("[watchdog] " + c.getDisplayName() + ": worst FX latency " + dog.worstMillis()
                    + " ms, answers later than " + STALL_MS + " ms: " + dog.stalls());
            for (Stall s : dog.stalls()) {
                if (s.readingData()) throw new AssertionError("the FX thread read or decoded data for " + s);
            }
            if (dog.worstMillis() >= FROZEN_MS) throw new AssertionError("the FX thread froze for " + dog.worstMillis() + " ms: " + dog.stalls());
        }
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
            String readingData = null;
            try {
                while (!answered.await(5, TimeUnit.MILLISECONDS)) {
                    Thread fx = fxThread;
                    if (fx != null && System.nanoTime() - asked > SAMPLE_AFTER_NANOS) {
                        StackTraceElement[] stack = fx.getStackTrace();
                        seen.merge(describe(stack), 1, Integer::sum);
                        if (readingData == null) readingData = readsData(stack);
                    }
                }
                long late = System.nanoTime() - asked;
                worstNanos.accumulateAndGet(late, Math::max);
                if (late > thresholdNanos) {
                    String where = seen.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(3)
                            .map(e -> e.getValue() + "× " + e.getKey()).reduce((a, b) -> a + " | " + b).orElse("(not sampled)");
                    synchronized (stalls) { stalls.add(new Stall(late / 1_000_000, where, readingData)); }
                }
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * Codec work on the FX thread: a format's reader, decoder or explainer (inspected files
     * are only ever read through them). The inspection model's accessors of loaded nodes
     * are cheap and allowed, and so is the hex view's screenful of mapped bytes (codec.io);
     * JavaFX reading its own stylesheets from a jar is not inspected data.
     */
    static String readsData(StackTraceElement[] stack) {
        for (int i = 0; i < stack.length; i++) {
            String c = stack[i].getClassName();
            if (c.startsWith("org.packscope.codec.") && !c.startsWith("org.packscope.codec.inspect.")
                    && !c.startsWith("org.packscope.codec.io.")) {
                StringBuilder sb = new StringBuilder(frame(stack[i]));
                for (int k = i + 1; k < Math.min(stack.length, i + 4); k++) sb.append(" < ").append(frame(stack[k]));
                return sb.toString();
            }
        }
        return null;
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
