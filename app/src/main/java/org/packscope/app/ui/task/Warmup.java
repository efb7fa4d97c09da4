package org.packscope.app.ui.task;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;

/**
 * Reads the headers (and a first value) of the sample files once, in the background,
 * right after the window appears. A fresh JVM spends most of a second loading and
 * compiling the readers (Jackson alone is hundreds of classes); paying that while the
 * person looks at the window means the first multi-GB file they open shows its header
 * at once. Uses its own nodes: nothing the browser shows is touched.
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

    /** Opens each sample under {@code samples} (two levels deep) until {@code budgetMillis} have passed. */
    public static void run(Path samples, long budgetMillis) {
        long end = System.nanoTime() + budgetMillis * 1_000_000;
        FormatRegistry registry = FormatRegistry.standard();
        for (Path p : candidates(samples)) {
            if (System.nanoTime() > end) return;
            try {
                Node n = registry.open(p);
                n.fields();
                touchValues(n);
                List<Node> kids = n.children();
                for (int i = 0; i < Math.min(4, kids.size()); i++) {
                    kids.get(i).fields();
                    touchValues(kids.get(i));
                }
            } catch (RuntimeException e) {
                // a damaged sample is fine here: warming up is all this is for
            }
        }
    }

    private static void touchValues(Node n) {
        ValueColumn c = n.values();
        if (c != null && c.count() > 0) c.read(0, new long[1], 0, 1);
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
