package org.packscope.app.ui.task;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.packscope.codec.analysis.Histogram;
import org.packscope.codec.analysis.Overview;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;

/**
 * Reads the headers (and a first value) of the sample files once, in the background,
 * right after the window appears, then plots and counts their values a few times over. A
 * fresh JVM spends most of a second loading and compiling the readers (Jackson alone is
 * hundreds of classes); paying that while the person looks at the window means the first
 * multi-GB file they open shows its header at once. Uses its own nodes: nothing the
 * browser shows is touched.
 */
public final class Warmup {
    private Warmup() { }

    /** Starts the warm-up on a low-priority daemon thread. */
    public static void startInBackground(Path samples) {
        if (samples == null) return;
        Thread t = new Thread(() -> run(samples, 5_000), "packscope-warmup");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /**
     * Opens each sample under {@code samples} (two levels deep), then draws their values,
     * until {@code budgetMillis} have passed; returns how many values were drawn.
     */
    public static long run(Path samples, long budgetMillis) {
        long end = System.nanoTime() + budgetMillis * 1_000_000;
        FormatRegistry registry = FormatRegistry.standard();
        List<ValueColumn> columns = new ArrayList<>();
        for (Path p : candidates(samples)) {
            if (System.nanoTime() > end) return 0;
            try {
                Node n = registry.open(p);
                n.fields();
                touchValues(n, columns);
                List<Node> kids = n.children();
                for (int i = 0; i < Math.min(4, kids.size()); i++) {
                    kids.get(i).fields();
                    touchValues(kids.get(i), columns);
                }
            } catch (RuntimeException e) {
                // a damaged sample is fine here: warming up is all this is for
            }
        }
        return drawEach(columns, end);
    }

    private static void touchValues(Node n, List<ValueColumn> columns) {
        ValueColumn c = n.values();
        if (c == null || c.count() == 0) return;
        c.read(0, new long[1], 0, 1);
        if (c.type().numeric()) columns.add(c);
    }

    /** Values the plot's and the histogram's loops go through here, over the samples again and again. */
    static final long VALUES_DRAWN = 4_000_000;

    /**
     * Plots and counts the samples' values as the window does, until {@link #VALUES_DRAWN}
     * have been through it: the first 20M-value plot in a fresh JVM otherwise ran its decode
     * and folding loops interpreted and then compiled them on the two cores it was using,
     * 2-3 s of CPU against 0.8 s warm.
     */
    private static long drawEach(List<ValueColumn> columns, long end) {
        long drawn = 0;
        while (!columns.isEmpty() && drawn < VALUES_DRAWN) {
            long before = drawn;
            for (ValueColumn c : columns) {
                if (System.nanoTime() > end) return drawn;
                try {
                    long n = Math.min(c.count(), VALUES_DRAWN);
                    Overview.of(c, 0, n, 1000, Progress.NONE, null, 1);
                    if (c.count() == n) Histogram.of(c, 100, Progress.NONE, null, 1); // counts every value
                    drawn += n;
                } catch (RuntimeException e) {
                    // a damaged sample's values: as above
                }
            }
            if (drawn == before) return drawn;
        }
        return drawn;
    }

    private static List<Path> candidates(Path samples) {
        try (Stream<Path> top = Files.list(samples)) {
            return top.sorted().flatMap(dir -> {
                if (!Files.isDirectory(dir)) return Stream.of(dir);
                try (Stream<Path> inner = Files.list(dir)) {
                    return inner.sorted().toList().stream();
                } catch (IOException e) {
                    return Stream.empty();
                }
            }).toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
