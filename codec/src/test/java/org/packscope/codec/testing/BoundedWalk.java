package org.packscope.codec.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.analysis.TextExport;
import org.packscope.codec.analysis.TreeWalk;
import org.packscope.codec.inspect.ValueColumn;

/**
 * Does what {@code check}, {@code inspect} and {@code decode} do with a file (open, walk
 * the tree with verifiers, bulk-decode, read every value, export text) in a JVM of its
 * own with a 256 MB heap, so a test can hold a hostile input to the promise: the walk
 * ends, in bounded time, without an OutOfMemoryError.
 */
public final class BoundedWalk {
    /** Heap of the forked JVM: the promise's bound. */
    public static final String HEAP = "-Xmx256m";

    /**
     * What the forked walk reported. {@code millis} is the walking thread's CPU time (work a
     * bulk decoder spreads over other threads is not in it; the suite shares its machine with
     * other work, so wall time says little about the work done); {@code wallMillis} is wall time, for reports.
     */
    public record Outcome(int exit, long millis, long wallMillis, long peakHeapMb, Map<String, Integer> rules, String output) {
        public boolean has(String rule) { return rules.containsKey(rule); }

        /** A loader that failed instead of reporting: what a reader must never leave. */
        public boolean failed() { return has("unreadable") || has("internal_error") || !output.contains("millis "); }

        /** The forked walk ended normally (exit 0) and no loader failed: every problem was reported, none thrown. */
        public void assertWalkedCleanly() {
            org.junit.jupiter.api.Assertions.assertEquals(0, exit, this::toString);
            org.junit.jupiter.api.Assertions.assertFalse(failed(), this::toString);
        }

        @Override public String toString() {
            return "exit " + exit + ", " + millis + " ms CPU (" + wallMillis + " ms wall), peak heap " + peakHeapMb + " MB, " + rules + "\n" + output;
        }
    }

    private BoundedWalk() { }

    /** Walks {@code path} in a forked JVM with {@link #HEAP}; fails the caller's test only through its assertions. */
    public static Outcome run(Path path) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                HEAP, "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), BoundedWalk.class.getName(), path.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out;
        boolean ended = false;
        try (var in = p.getInputStream()) {
            ended = p.waitFor(60, TimeUnit.SECONDS);
            if (!ended) p.destroyForcibly().waitFor();
            out = in.readAllBytes();
        }
        String text = new String(out, StandardCharsets.UTF_8);
        long millis = -1, wall = -1, peak = -1;
        Map<String, Integer> rules = new TreeMap<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("millis ")) millis = Long.parseLong(line.substring(7).trim());
            if (line.startsWith("wall ")) wall = Long.parseLong(line.substring(5).trim());
            if (line.startsWith("peak ")) peak = Long.parseLong(line.substring(5).trim());
            if (line.startsWith("rule ")) {
                String[] kv = line.substring(5).trim().split(" ");
                rules.put(kv[0], Integer.parseInt(kv[1]));
            }
        }
        return new Outcome(ended ? p.exitValue() : -1, millis, wall, peak, rules, text);
    }

    public static void main(String[] args) throws Exception {
        Runtime rt = Runtime.getRuntime();
        long[] peak = {0};
        Thread sampler = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                peak[0] = Math.max(peak[0], rt.totalMemory() - rt.freeMemory());
                try { Thread.sleep(5); } catch (InterruptedException e) { return; }
            }
        });
        sampler.setDaemon(true);
        sampler.start();
        long t0 = System.nanoTime();
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpu0 = threads.getCurrentThreadCpuTime();
        Node n = FormatRegistry.standard().open(Path.of(args[0]));
        Map<String, Integer> rules = new TreeMap<>();
        for (TreeWalk.Located l : TreeWalk.diagnostics(n, true, 100_000, Progress.NONE)) rules.merge(l.diagnostic().rule(), 1, Integer::sum);
        BulkDecoder bulk = n.facet(BulkDecoder.class);
        if (bulk != null) bulk.decodeAll(Progress.NONE);
        ValueColumn v = n.values();
        if (v != null && v.type().numeric()) {
            long[] buf = new long[1 << 16];
            for (long i = 0; i < v.count(); i += buf.length) v.read(i, buf, 0, (int) Math.min(buf.length, v.count() - i));
        }
        TextExport text = n.facet(TextExport.class);
        if (text != null) {
            try {
                text.export(text.formats().get(0), new CountingAppendable(), Progress.NONE);
            } catch (java.io.IOException e) {
                rules.merge("export_stopped", 1, Integer::sum); // the CLI reports this as the export's failure
            }
        }
        long millis = (threads.getCurrentThreadCpuTime() - cpu0) / 1_000_000;
        long wall = (System.nanoTime() - t0) / 1_000_000;
        sampler.interrupt();
        System.out.println("millis " + millis);
        System.out.println("wall " + wall);
        System.out.println("peak " + (peak[0] >> 20));
        rules.forEach((k, c) -> System.out.println("rule " + k + " " + c));
    }

    /** Discards text, as a pipe to /dev/null would. */
    private static final class CountingAppendable implements Appendable {
        long chars;
        @Override public Appendable append(CharSequence s) { chars += s.length(); return this; }
        @Override public Appendable append(CharSequence s, int start, int end) { chars += end - start; return this; }
        @Override public Appendable append(char c) { chars++; return this; }
    }
}
