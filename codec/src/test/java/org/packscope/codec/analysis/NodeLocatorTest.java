package org.packscope.codec.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueTracer;

/** Every trace step that reads the file leads to the innermost node holding its bits. */
class NodeLocatorTest {
    static final Path SAMPLES = Path.of("../resources");

    static Stream<Path> samples() throws IOException {
        try (Stream<Path> s = Files.list(SAMPLES)) {
            List<Path> out = new ArrayList<>();
            for (Path dir : s.sorted().toList()) {
                try (Stream<Path> inner = Files.list(dir)) { inner.sorted().forEach(out::add); }
            }
            return out.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void traceStepsInTheFileLeadToTheNodeHoldingTheirBits(Path sample) {
        Node root = FormatRegistry.standard().open(sample);
        List<Node> traced = new ArrayList<>();
        collectTraced(root, traced, 0);
        int located = 0;
        for (Node n : traced) {
            ValueTracer tracer = n.facet(ValueTracer.class);
            long count = n.values().count();
            for (long index : new long[] {0, count / 2, count - 1}) {
                Trace t;
                try {
                    t = tracer.trace(index, Progress.NONE);
                } catch (RuntimeException e) {
                    continue; // a damaged sample's undecodable value: nothing to locate
                }
                for (Trace.Step s : t.steps()) {
                    if (s.span() == null || s.source() == null) continue;
                    NodeLocator.Path p = NodeLocator.locate(n, s.source(), s.span(), Progress.NONE);
                    boolean inFile = ancestorReads(n, s.source());
                    assertEquals(inFile, p != null, sample + " " + n.path() + " step " + s.title());
                    if (p == null) continue;
                    located++;
                    Node inner = p.innermost();
                    assertTrue(inner.span() == null || covers(inner.span(), s.span()) || p.nodes().size() == 1, inner + " covers " + s.span());
                    for (int i = 0; i + 1 < p.nodes().size(); i++) {
                        assertEquals(p.nodes().get(i + 1), p.nodes().get(i).children().get(p.indices()[i]));
                    }
                    if (inner.childCount() <= NodeLocator.SCAN_LIMIT) {
                        for (Node c : inner.children()) {
                            assertFalse(c.source() == s.source() && c.span() != null && covers(c.span(), s.span()),
                                    c + " is deeper and holds " + s.span());
                        }
                    }
                }
            }
        }
        // BPCells traces read arrays as decoded elements (their own buffers); the other formats' steps read the file
        boolean readsFile = !sample.getParent().getFileName().toString().startsWith("bpcells");
        if (readsFile && !traced.isEmpty()) assertTrue(located > 0, sample + ": some step located");
    }

    @Test
    void bitsNoNodeReadsAreNotLocated() {
        Node root = FormatRegistry.standard().open(SAMPLES.resolve("pco").toFile().listFiles()[0].toPath());
        assertEquals(null, NodeLocator.locate(root, new org.packscope.codec.io.ArraySource(new byte[8], 0, 8, "elsewhere"), Span.bytes(0, 1), Progress.NONE));
        assertNotNull(NodeLocator.locate(root, root.source(), Span.bytes(0, 1), Progress.NONE));
    }

    private static boolean ancestorReads(Node n, org.packscope.codec.io.ByteSource src) {
        for (Node a = n; a != null; a = a.parent()) if (a.source() == src) return true;
        return false;
    }

    private static boolean covers(Span outer, Span inner) {
        long end = Math.max(inner.endBit(), inner.startBit() + 1);
        return outer.startBit() <= inner.startBit() && end <= Math.max(outer.endBit(), outer.startBit() + 1);
    }

    private static void collectTraced(Node n, List<Node> out, int depth) {
        if (out.size() >= 6 || depth > 6) return;
        if (n.facet(ValueTracer.class) != null && n.values() != null && n.values().count() > 0) out.add(n);
        List<Node> kids = n.children();
        for (int i = 0; i < Math.min(kids.size(), 8); i++) collectTraced(kids.get(i), out, depth + 1);
    }
}
