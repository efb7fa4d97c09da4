package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.inspect.Explanation;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

/** Every field of every Pco node kind has an explanation with text, formula and spec section. */
class PcoExplainTest {

    static Stream<Path> files() throws IOException {
        Stream<Path> mine = PcoFixturesTest.fixtures().map(f -> Fixtures.resource("fixtures/pco/" + f + ".pco"));
        Stream<Path> official = PcoFixturesTest.official().map(f -> Fixtures.shared().orElseThrow().resolve("fixtures/pco/official/" + f + ".pco"));
        return Stream.concat(Stream.concat(mine, official), Stream.of(PcoTraceTest.samples().resolve("multichunk_f32_10x1000-damaged.pco")));
    }

    /** Checks every field of n and below (drill-down nodes too; long child lists sampled at both ends); returns kind|field names. */
    static void visit(Node n, Set<String> seen) {
        FieldExplainer x = n.facet(FieldExplainer.class);
        assertNotNull(x, "no explainer on " + n.path() + " (" + n.kind() + ")");
        for (Field f : n.fields()) {
            assertTrue(PcoDocs.DOCS.documents(f.key()), n.kind() + " " + n.path() + ": field " + f.name() + " has no documented key ("
                    + f.key() + ")");
            Explanation e = x.explain(f);
            assertNotNull(e, n.kind() + " " + n.path() + ": field " + f.name() + " unexplained");
            assertFalse(e.title().isBlank(), f.name());
            assertTrue(e.text().length() > 40, f.name() + ": " + e.text());
            assertFalse(e.formula().isBlank(), f.name());
            assertTrue(e.specSection().startsWith("pcodec docs/format.md, "), f.name() + ": " + e.specSection());
            seen.add(n.kind() + " | " + f.name().replaceAll("\\d+", "#"));
        }
        List<Node> kids = n.children();
        for (int i = 0; i < kids.size(); i++) {
            if (kids.size() > 8 && i == 4) i = kids.size() - 3;
            visit(kids.get(i), seen);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyFieldIsExplained(Path file) throws IOException {
        Node root = PcoNodes.file(file.getFileName().toString(), ByteSource.open(file));
        visit(root, new TreeSet<>());
        // the official compatibility files (old format versions) trace too
        if (root.values() != null && root.values().count() > 0) {
            PcoTraceTest.checked(root, 0);
            PcoTraceTest.checked(root, root.values().count() - 1);
        }
    }

    @Test
    void allNodeKindsAndFieldsAreCovered() throws IOException {
        Set<String> seen = new TreeSet<>();
        for (Path p : files().toList()) visit(PcoNodes.file(p.getFileName().toString(), ByteSource.open(p)), seen);
        List<String> wanted = new java.util.ArrayList<>(List.of("pco-file | numbers", "pco-header | magic", "pco-header | n_hint", "pco-header | padding",
                "pco-header | format minor version", "pco-chunk | mode", "pco-chunk | mult", "pco-chunk | k", "pco-chunk | dict[#]",
                "pco-chunk | order", "pco-chunk | window_n_log - #", "pco-chunk | weight[#]",
                "pco-chunk | bias", "pco-latent-var | bin # weight", "pco-latent-var | bin # offset bits",
                "pco-page | primary delta state[#]", "pco-page | delta ans state[#]", "pco-page | secondary ans state[#]",
                "pco-batch | delta[#] bin", "pco-batch | secondary[#] offset", "pco-batch | value[#]",
                "pco-terminator | termination byte"));
        // only the upstream files of old format versions carry a delta order; they are read from ../shared when present
        if (PcoFixturesTest.official().findAny().isPresent()) wanted.add("pco-chunk | delta order");
        for (String want : wanted) {
            assertTrue(seen.contains(want), "no fixture shows " + want + ": " + seen);
        }
    }

    @Test
    void formulasFollowTheSpec() {
        assertEquals("probability = weight / 2^ans_size_log; cost ≈ ans_size_log − log2(weight) bits",
                PcoDocs.DOCS.explain(new Field("bin.weight", 3, "bin 3 weight", null, "5", "")).formula());
        assertTrue(PcoDocs.DOCS.explain(new Field("primary.ans_state", 0, "primary ans state[0]", null, "5", "")).formula()
                .contains("state' = next_base(state) + read(bits_to_read(state))"));
        assertEquals("l[i] = bin[i].lower + offset[i]",
                PcoDocs.DOCS.explain(new Field("delta.offset", 7, "delta[7] offset", null, "1", "")).formula());
        Explanation role = PcoDocs.DOCS.explain(new Field("secondary.ans_state", 3, "secondary ans state[3]", null, "5", ""));
        assertEquals("Initial tANS state (secondary latent)", role.title());
        assertEquals(PcoDocs.PAGE, role.specSection());
    }

    @Test
    void explanationsFollowTheKeyNotTheLabel() {
        // a reworded label keeps its text: documentation is found by key alone
        Explanation e = PcoDocs.DOCS.explain(new Field("primary.bin.lower", 2, "lower bound of bin two", null, "9", ""));
        assertEquals("Bin lower bound (primary latent)", e.title());
        assertEquals(null, PcoDocs.DOCS.explain(new Field("primary bin 2 lower", null, "9", "")));
    }

    @Test
    void wrappedNodesAreExplainedAndTraced() throws IOException {
        Path p = Fixtures.resource("fixtures/pco/v1_0/lookback_f64_daily24.pco");
        ByteSource src = ByteSource.open(p);
        PcoFile f = PcoFile.open(src);
        PcoFile.Chunk c = f.chunks().get(0);
        Node meta = PcoWrapped.chunkMetaNode("meta", src, c.metaStartBit() / 8, src.size(), f.version(), c.type());
        Node page = PcoWrapped.pageNode("page", c.meta(), src, c.pageStartBit() / 8, src.size() - c.pageStartBit() / 8, c.n());
        Set<String> seen = new TreeSet<>();
        visit(meta, seen);
        visit(page, seen);
        assertTrue(seen.contains("pco-chunk-meta | primary bin # lower"), seen.toString());
        for (long k : new long[] {0, 1, 100, 255, 256, c.n() - 1}) {
            String want = page.values().text(k);
            assertEquals(want, page.facet(ValueTracer.class).trace(k, Progress.NONE).value());
        }
        assertEquals(PcoTraceTest.checked(PcoNodes.file("x", src), 300).value(), page.facet(ValueTracer.class).trace(300, Progress.NONE).value());
    }
}
