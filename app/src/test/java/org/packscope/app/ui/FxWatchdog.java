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
 * answer is late the FX thread's stack is sampled (and, when it waits for the previous
 * frame to be drawn, the renderer's), so a stall names the code behind it and says
 * whether PackScope's own reading and decoding (the codec) was on the FX thread.
 *
 * <p>Used as a JUnit extension, it waits until the window has appeared and the FX thread
 * answers promptly (start-up is not a freeze of a window in use; its time is printed),
 * prints every answer later than {@link #STALL_MS} with where the FX thread was, and
 * fails the test when, in a late answer, the FX thread was reading or decoding data, when
 * PackScope's own code held it over {@link #OWN_CODE_MS}, or when it froze for
 * {@link #FROZEN_MS}. Stalls inside JavaFX's pulse (styling, laying out and drawing
 * views with no PackScope frame below) are measured and printed, not failed: under
 * Monocle's software renderer their length depends on the machine more than on PackScope.
 */
public final class FxWatchdog implements AutoCloseable {
    public static final long STALL_MS = 100;
    /**
     * PackScope's own code (not the codec: that gets {@link #STALL_MS}) may keep the FX
     * thread this long at most, JavaFX work it calls included: a theme switch restyles
     * the whole window synchronously inside JavaFX, 65–260 ms here.
     */
    static final long OWN_CODE_MS = 500;
    /** Longer than this and a person would think the window hung, whatever the cause. */
    static final long FROZEN_MS = 2000;

    /**
     * One late answer: how late, where the FX thread was seen most, whether it was reading
     * data, and PackScope's own code when that was on the FX thread in most samples.
     */
    public record Stall(long millis, String where, String dataFrame, String ownFrame) {
        public boolean readingData() { return dataFrame != null; }

        boolean ownCode() { return ownFrame != null; }

        @Override public String toString() {
            return millis + " ms" + (dataFrame != null ? " READING DATA (" + dataFrame + ")" : "")
                    + (ownFrame != null ? " IN PACKSCOPE'S CODE (" + ownFrame + ")" : "") + " in " + where;
        }
    }

    /** Runs a watchdog around each test of a GUI test class. */
    public static final class Extension implements org.junit.jupiter.api.extension.BeforeEachCallback,
            org.junit.jupiter.api.extension.AfterEachCallback {
        private static final org.junit.jupiter.api.extension.ExtensionContext.Namespace NS =
                org.junit.jupiter.api.extension.ExtensionContext.Namespace.create(FxWatchdog.class);

        @Override
        public void beforeEach(org.junit.jupiter.api.extension.ExtensionContext c) throws InterruptedException {
            long settled = settle();
            System.out.println("[watchdog] " + c.getDisplayName() + ": window up and answering after " + settled + " ms");
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
                if (s.ownCode() && s.millis() > OWN_CODE_MS) throw new AssertionError("PackScope's own code held the FX thread for " + s);
                if (s.millis() >= FROZEN_MS) throw new AssertionError("the FX thread froze for " + s);
            }
        }
    }

    /**
     * Waits (at most 30 s) until every showing window has been styled and laid out in a
     * pulse and the FX thread then answered within 20 ms three times running: the window
     * is up. Returns how long that took.
     */
    static long settle() throws InterruptedException {
        long start = System.nanoTime();
        CountDownLatch pulsed = new CountDownLatch(1);
        Platform.runLater(() -> {
            var scenes = javafx.stage.Window.getWindows().stream().filter(javafx.stage.Window::isShowing)
                    .map(javafx.stage.Window::getScene).filter(java.util.Objects::nonNull).toList();
            if (scenes.isEmpty()) pulsed.countDown();
            for (javafx.scene.Scene scene : scenes) {
                Runnable[] once = new Runnable[1];
                once[0] = () -> {
                    scene.removePostLayoutPulseListener(once[0]);
                    pulsed.countDown();
                };
                scene.addPostLayoutPulseListener(once[0]);
            }
            Platform.requestNextPulse();
        });
        pulsed.await(30, TimeUnit.SECONDS);
        int prompt = 0;
        while (prompt < 3 && System.nanoTime() - start < 30_000_000_000L) {
            long asked = System.nanoTime();
            CountDownLatch answered = new CountDownLatch(1);
            Platform.runLater(answered::countDown);
            answered.await(30, TimeUnit.SECONDS);
            prompt = System.nanoTime() - asked < 20_000_000 ? prompt + 1 : 0;
            Thread.sleep(20);
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static final long SAMPLE_AFTER_NANOS = 30_000_000;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong worstNanos = new AtomicLong();
    private final List<Stall> stalls = new ArrayList<>();
    private final long thresholdNanos;
    private final Thread thread;
    private volatile Thread fxThread;

    public FxWatchdog(long thresholdMillis) {
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
            Map<String, Integer> own = new HashMap<>();
            int samples = 0;
            String readingData = null;
            try {
                while (!answered.await(5, TimeUnit.MILLISECONDS)) {
                    Thread fx = fxThread;
                    if (fx != null && System.nanoTime() - asked > SAMPLE_AFTER_NANOS) {
                        StackTraceElement[] stack = fx.getStackTrace();
                        String where = describe(stack);
                        if (waitsForRenderer(stack)) where = "waiting for the renderer, which is in " + describe(renderer().getStackTrace());
                        seen.merge(where, 1, Integer::sum);
                        samples++;
                        String mine = ownFrame(stack);
                        if (mine != null) own.merge(mine, 1, Integer::sum);
                        if (readingData == null) readingData = readsData(stack);
                    }
                }
                long late = System.nanoTime() - asked;
                worstNanos.accumulateAndGet(late, Math::max);
                if (late > thresholdNanos) {
                    String where = seen.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(3)
                            .map(e -> e.getValue() + "× " + e.getKey()).reduce((a, b) -> a + " | " + b).orElse("(not sampled)");
                    int ownSamples = own.values().stream().mapToInt(Integer::intValue).sum();
                    String mine = 2 * ownSamples > samples ? own.entrySet().stream().max(Map.Entry.comparingByValue())
                            .map(Map.Entry::getKey).orElse(null) : null;
                    synchronized (stalls) { stalls.add(new Stall(late / 1_000_000, where, readingData, mine)); }
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

    /**
     * The innermost frame of PackScope's app code on the stack, or null: a stall spent
     * mostly under it is PackScope doing too much at once on the FX thread (JavaFX's own
     * pulse styling, laying out and drawing views runs with no PackScope frame below it).
     * The watchdog's own no-op is not counted, nor are the generated classes that carry a
     * lambda or method reference to its code (a method reference of JavaFX's own is JavaFX).
     */
    static String ownFrame(StackTraceElement[] stack) {
        for (StackTraceElement e : stack) {
            String c = e.getClassName();
            boolean watchdog = c.equals(FxWatchdog.class.getName()) || c.startsWith(FxWatchdog.class.getName() + "$");
            if (c.startsWith("org.packscope.app.") && !watchdog && !c.contains("$$Lambda")) return frame(e);
        }
        return null;
    }

    private static boolean waitsForRenderer(StackTraceElement[] stack) {
        for (int i = 0; i < Math.min(stack.length, 12); i++) {
            if (stack[i].getMethodName().equals("waitForRenderingToComplete")) return true;
        }
        return false;
    }

    private Thread renderer;

    /** Prism's render thread, which draws a frame while the FX thread prepares the next. */
    private Thread renderer() {
        if (renderer == null) {
            renderer = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("QuantumRenderer"))
                    .findFirst().orElse(Thread.currentThread());
        }
        return renderer;
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

    public long worstMillis() { return worstNanos.get() / 1_000_000; }

    public List<Stall> stalls() { synchronized (stalls) { return List.copyOf(stalls); } }

    @Override
    public void close() {
        running.set(false);
        thread.interrupt();
    }
}
