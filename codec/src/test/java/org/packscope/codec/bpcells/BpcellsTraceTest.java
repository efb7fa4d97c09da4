package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;

/** Traces end at the decoded value, for every kind of node that has values, in every fixture. */
class BpcellsTraceTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.packscope.codec.bpcells.BpcellsFixturesTest#fixtures")
    void everyTraceEndsAtTheDecodedValue(String name, JsonNode f) {
        Node root = BpcellsFixturesTest.open(f);
        List<String> kinds = new ArrayList<>();
        long traced = visit(root, kinds, new Random(name.hashCode()));
        assertTrue(traced > 0 || f.get("nnz").asLong() == 0, "something traced");
        if (f.get("nnz").asLong() > 0) {
            assertTrue(kinds.contains("bpcells-matrix"));
            assertTrue(kinds.contains("bpcells-values"));
            if (f.get("packed").asBoolean()) assertTrue(kinds.contains("bp128-chunk"), kinds.toString());
        }
    }

    static java.util.stream.Stream<String> rdsFixtures() throws java.io.IOException {
        JsonNode manifest = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(org.packscope.codec.testing.Fixtures.resource("fixtures/bpcells-rds/MANIFEST.json").toFile());
        List<String> names = new ArrayList<>();
        manifest.get("fixtures").forEach(x -> names.add(x.get("name").asText()));
        return names.stream();
    }

    /**
     * Matrices read from R objects: no array is addressable, so steps point at copies of the
     * elements. (The .rds file node takes over the matrix node's facts; the BPCells nodes
     * are its children, or a "matrix" child deeper down.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("rdsFixtures")
    void rdsMatricesTraceToo(String name) {
        Node root = FormatRegistry.standard().open(org.packscope.codec.testing.Fixtures.resource("fixtures/bpcells-rds/" + name + ".rds"));
        List<Node> matrices = new ArrayList<>();
        collect(root, matrices, 0);
        assertFalse(matrices.isEmpty(), "BPCells nodes in " + name);
        List<String> kinds = new ArrayList<>();
        for (Node m : matrices) visit(m, kinds, new Random(name.hashCode()));
        for (Node m : matrices) BpcellsExplainerTest.visit(m, new TreeSet<>());
    }

    static void collect(Node n, List<Node> out, int depth) {
        if (n.kind().startsWith("bpcells-")) {
            out.add(n);
            return;
        }
        if (depth > 4 || n.isDrillDown()) return;
        for (Node k : n.children()) collect(k, out, depth + 1);
    }

    /** Walks a bounded part of the tree, drill-downs included; returns values traced. */
    static long visit(Node n, List<String> kinds, Random rnd) {
        long traced = 0;
        ValueColumn c = n.values();
        if (c != null) {
            ValueTracer t = n.facet(ValueTracer.class);
            assertNotNull(t, n.path() + " has values but no tracer");
            if (!kinds.contains(n.kind())) kinds.add(n.kind());
            for (long k : indices(c.count(), rnd)) {
                Trace tr = t.trace(k, Progress.NONE);
                assertEquals(k, tr.index());
                assertFalse(tr.steps().isEmpty());
                Trace.Step last = tr.steps().get(tr.steps().size() - 1);
                assertEquals(c.text(k), last.value(), n.path() + " value " + k + ": " + tr.steps());
                assertEquals(last.value(), tr.value());
                for (Trace.Step s : tr.steps()) {
                    assertFalse(s.title().isBlank());
                    assertFalse(s.explanation().isBlank(), s.title());
                    assertFalse(s.title().equals("cannot decode"), n.path() + " " + k + ": " + s.explanation());
                    if (s.span() != null) {
                        assertNotNull(s.source(), s.title());
                        Span sp = s.span();
                        assertTrue(sp.endBit() <= s.source().size() * 8, n.path() + " " + k + " " + s.title() + " span " + sp + " beyond " + s.source().size());
                    } else {
                        assertEquals(null, s.source());
                    }
                }
                traced++;
            }
        }
        List<Node> kids = n.children();
        int first = kids.size() <= 20 ? kids.size() : 4;
        for (int i = 0; i < first; i++) traced += visit(kids.get(i), kinds, rnd);
        if (kids.size() > first) traced += visit(kids.get(kids.size() - 1), kinds, rnd);
        return traced;
    }

    static Set<Long> indices(long count, Random rnd) {
        Set<Long> s = new TreeSet<>();
        if (count == 0) return s;
        s.add(0L);
        s.add(count - 1);
        for (int i = 0; i < 12; i++) s.add((long) (rnd.nextDouble() * count));
        for (long k = 126; k < Math.min(count, 131); k++) s.add(k);
        return s;
    }

    @Test
    void packedEntryStepsPointAtTheExactBits() {
        String dir = BpcellsFixturesTest.DIR.resolve("medium_packed_uint_col_dir_names").toString();
        Trace t = node(dir).facet(ValueTracer.class).trace(130, Progress.NONE);
        assertEquals(List.of("entry 130", "column (idxptr)", "index chunk", "index_idx[1], [2]", "index_idx_offsets", "index_starts[1]",
                "lane 2, slot 0", "zigzag⁻¹", "delta prefix sum", "value chunk", "val_idx[1], [2]", "val_idx_offsets", "lane 2, slot 0",
                "+1 (FOR m1)"), t.steps().stream().map(Trace.Step::title).toList());
        Trace.Step idxptr = t.steps().get(1);
        assertEquals("1", idxptr.value());
        assertTrue(idxptr.source().name().endsWith("idxptr"));
        assertEquals(Span.bytes(8 + 8, 16), idxptr.span());
        assertEquals("12 bits", t.steps().get(3).value());
        assertEquals(Span.bytes(8 + 4, 8), t.steps().get(3).span());
        Trace.Step lane = t.steps().get(6);
        assertEquals("28", lane.value());
        assertEquals(Span.bits((8 + 4 * 50) * 8, 12), lane.span());
        assertEquals("466", t.steps().get(8).value());
        assertEquals("1", t.value());
        // the row is where the values column says: entry 130's row is 466
        assertEquals("466", node(dir + "::entries/row").values().text(130));
    }

    @Test
    void aStraddlingSlotReadsItsHighBitsFromTheLanesNextWord() {
        String dir = BpcellsFixturesTest.DIR.resolve("medium_packed_uint_col_dir_names").toString();
        // chunk 1 has 12-bit values: slot 2 (values 8..11) starts at lane bit 24 and runs into the next lane word
        Trace t = node(dir + "::entries/row").facet(ValueTracer.class).trace(128 + 9, Progress.NONE);
        Trace.Step low = t.steps().stream().filter(s -> s.title().equals("lane 1, slot 2")).findFirst().orElseThrow();
        Trace.Step high = t.steps().stream().filter(s -> s.title().startsWith("high bits")).findFirst().orElseThrow();
        assertEquals(Span.bits((8 + 4 * (48 + 1)) * 8 + 24, 8), low.span());
        assertEquals(Span.bits((8 + 4 * (48 + 5)) * 8, 4), high.span());
        assertEquals(node(dir + "::entries/row").values().text(137), t.value());
    }

    @Test
    void outOfRangeIndexEndsWithAReasonNotAnException() {
        String dir = BpcellsFixturesTest.DIR.resolve("tiny_packed_uint_col_dir_names").toString();
        Trace t = node(dir).facet(ValueTracer.class).trace(99, Progress.NONE);
        assertEquals("?", t.value());
        assertEquals("cannot decode", t.steps().get(t.steps().size() - 1).title());
    }

    private static Node node(String address) {
        Node n = FormatRegistry.standard().resolve(address).target();
        assertNotNull(n, address);
        return n;
    }
}
