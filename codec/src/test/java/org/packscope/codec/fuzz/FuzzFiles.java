package org.packscope.codec.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.analysis.TreeWalk;
import org.packscope.codec.inspect.ValueColumn;

/**
 * What every fuzz target does with a node: walk it as {@code check} does, read a few
 * values, and fail on anything that means a reader trusted bad input.
 */
final class FuzzFiles {
    static final FormatRegistry REGISTRY = FormatRegistry.standard();
    private static final ThreadLocal<Path> DIR = ThreadLocal.withInitial(() -> {
        try {
            Path d = Files.createTempDirectory("packscope-fuzz");
            d.toFile().deleteOnExit();
            return d;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    });

    private FuzzFiles() { }

    static Path write(String name, byte[] data) throws IOException {
        Path f = DIR.get().resolve(name);
        Files.write(f, data);
        return f;
    }

    static void walk(Node node) {
        for (TreeWalk.Located l : TreeWalk.diagnostics(node, true, 10_000, Progress.NONE)) {
            Diagnostic d = l.diagnostic();
            if (d.rule().equals("internal_error")) throw new AssertionError(l.node().path() + ": " + d.message());
        }
        ValueColumn c = node.values();
        if (c != null && c.count() > 0 && c.type().numeric()) {
            long[] page = new long[(int) Math.min(64, c.count())];
            try {
                c.read(0, page, 0, page.length);
                c.read(c.count() - page.length, page, 0, page.length);
            } catch (RuntimeException e) {
                if (isBug(e)) throw e;
            }
        }
    }

    /** The exceptions that mean a decoder indexed or allocated from unchecked input. */
    static boolean isBug(Throwable e) {
        return e instanceof NullPointerException || e instanceof IndexOutOfBoundsException
                || e instanceof ClassCastException || e instanceof NegativeArraySizeException
                || e instanceof ArithmeticException || e instanceof IllegalStateException;
    }
}
