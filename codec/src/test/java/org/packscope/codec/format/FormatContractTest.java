package org.packscope.codec.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.TraceChecks;

/**
 * What every format promises, checked on every sample the app ships (resources/): each
 * field with bytes lies inside its node's source and is explained (by the node's
 * FieldExplainer, or by the meaning it carries), and each diagnostic's span lies inside
 * the source of the node that reports it; and each value a node can trace (first, last and
 * a spread of its column) traces to the value its column holds, every step's bits inside
 * their source.
 */
class FormatContractTest {
    private static final Path SAMPLES = Path.of("../resources");
    /** Nodes looked at per sample, children per node: enough to reach every kind of node, bounded for huge trees. */
    private static final int MAX_NODES = 3000;
    private static final int CHILDREN = 12;
    private static final int DEPTH = 7;

    static Stream<Path> samples() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> formats = Files.list(SAMPLES)) {
            for (Path dir : formats.filter(Files::isDirectory).sorted().toList()) {
                try (Stream<Path> s = Files.list(dir)) {
                    s.filter(p -> !p.getFileName().toString().endsWith(".txt")).sorted().forEach(out::add);
                }
            }
        }
        assertTrue(out.size() > 20, "samples found: " + out.size());
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("samples")
    void fieldsAndDiagnosticsKeepTheirPromises(Path sample) {
        Node root = FormatRegistry.standard().open(sample);
        List<String> broken = new ArrayList<>();
        int[] seen = {0, 0};
        visit(root, 0, seen, broken);
        assertTrue(seen[1] > 0, "no field with bytes was reached in " + sample);
        assertEquals(List.of(), broken.subList(0, Math.min(20, broken.size())), broken.size() + " broken in " + sample);
    }

    /** {@code seen}: nodes looked at, fields with bytes found. */
    private static void visit(Node n, int depth, int[] seen, List<String> broken) {
        if (seen[0]++ >= MAX_NODES) return;
        ByteSource src = n.source();
        long size = src == null ? -1 : src.size();
        FieldExplainer explainer = n.facet(FieldExplainer.class);
        for (Field f : n.fields()) {
            Span s = f.span();
            if (s != null) seen[1]++;
            if (s != null && size >= 0 && (s.startBit() < 0 || s.byteEnd() > size)) {
                broken.add(n.path() + " field " + f.name() + ": bytes " + s.byteOffset() + ".." + s.byteEnd() + " outside " + size);
            }
            boolean explained = explainer != null && explainer.explain(f) != null || f.meaning() != null && !f.meaning().isBlank();
            if (!explained) broken.add(n.path() + " field " + f.name() + " (" + f.key() + "): not explained");
        }
        for (Diagnostic d : n.diagnostics()) {
            Span s = d.span();
            if (s != null && size >= 0 && (s.startBit() < 0 || s.byteEnd() > size)) {
                broken.add(n.path() + " " + d.rule() + ": bytes " + s.byteOffset() + ".." + s.byteEnd() + " outside " + size);
            }
        }
        if (depth >= DEPTH) return;
        List<Node> kids = n.children();
        int count = kids.size();
        for (int i = 0; i < count; i++) {
            if (i == CHILDREN && count > CHILDREN + 1) i = count - 1; // the first few and the last
            visit(kids.get(i), depth + 1, seen, broken);
        }
    }
    /** Values traced per column: the first, the last and a spread. */
    private static final int SPREAD = 6;

    @ParameterizedTest
    @MethodSource("samples")
    void tracesEndOnTheValuesTheirColumnsHold(Path sample) {
        List<String> broken = new ArrayList<>();
        traced(sample, broken);
        assertEquals(List.of(), broken.subList(0, Math.min(20, broken.size())), broken.size() + " broken in " + sample);
    }

    /** The contract holds only if it is tried: every format with a tracer has traced values in the samples. */
    @org.junit.jupiter.api.Test
    void everyTracingFormatIsTracedInTheSamples() throws IOException {
        Set<String> formats = new TreeSet<>();
        for (Path sample : samples().toList()) {
            if (traced(sample, new ArrayList<>()) > 0) formats.add(sample.getParent().getFileName().toString());
        }
        assertTrue(formats.containsAll(Set.of("bcolz", "binjson", "blosc", "bpcells", "bpcells-rds", "hdf5", "pco", "zarr")), "traced: " + formats);
    }

    /** Traces values of every traceable node of {@code sample} reached; returns how many, the failures in {@code broken}. */
    private static int traced(Path sample, List<String> broken) {
        Node root = FormatRegistry.standard().open(sample);
        int[] seen = {0, 0};
        traceUnder(root, 0, seen, broken);
        return seen[1];
    }

    /** {@code seen}: nodes looked at, values traced. */
    private static void traceUnder(Node n, int depth, int[] seen, List<String> broken) {
        if (seen[0]++ >= MAX_NODES) return;
        ValueColumn col = n.facet(ValueTracer.class) == null ? null : n.values();
        if (col != null) {
            for (long k : TraceChecks.sample(col.count(), SPREAD)) {
                if (!present(col, k)) continue;
                try {
                    TraceChecks.check(n, k);
                    seen[1]++;
                } catch (AssertionError | RuntimeException e) {
                    broken.add(n.path() + " value " + k + ": " + e.getMessage());
                }
            }
        }
        if (depth >= DEPTH) return;
        List<Node> kids = n.children();
        int count = kids.size();
        for (int i = 0; i < count; i++) {
            if (i == CHILDREN && count > CHILDREN + 1) i = count - 1;
            traceUnder(kids.get(i), depth + 1, seen, broken);
        }
    }

    /** Whether value {@code k} decodes: a damaged file's lost values have nothing to trace to. */
    private static boolean present(ValueColumn col, long k) {
        if (!col.mayHaveGaps()) return true;
        byte[] gap = new byte[1];
        col.gaps(k, gap, 0, 1);
        return gap[0] == ValueColumn.PRESENT;
    }
}
