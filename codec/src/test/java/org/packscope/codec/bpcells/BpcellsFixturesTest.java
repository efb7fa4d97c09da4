package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.packscope.codec.export.MatrixMarket;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.testing.Fixtures;
import org.packscope.codec.testing.PureJavaRerun;

/** Every fixture written by BPCells' own C++ code decodes to its expected MatrixMarket text. */
@PureJavaRerun
class BpcellsFixturesTest {
    static final Path DIR = Fixtures.resource("fixtures/bpcells");

    static Stream<Arguments> fixtures() throws IOException {
        JsonNode manifest = new ObjectMapper().readTree(DIR.resolve("MANIFEST.json").toFile());
        List<Arguments> out = new ArrayList<>();
        for (JsonNode f : manifest.get("fixtures")) out.add(Arguments.of(f.get("name").asText(), f));
        return out.stream();
    }

    static String address(JsonNode f) {
        String path = DIR.resolve(f.get("path").asText()).toString();
        return f.get("layout").asText().equals("hdf5") ? path + "::" + f.get("hdf5_group").asText() : path;
    }

    static Node open(JsonNode f) {
        FormatRegistry.Resolved r = FormatRegistry.standard().resolve(address(f));
        assertNotNull(r.target(), "resolves " + address(f));
        return r.target();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void matrixMarketMatchesExpected(String name, JsonNode f) throws IOException {
        Node n = open(f);
        assertEquals("bpcells-matrix", n.kind());
        SparseMatrix m = n.facet(SparseMatrix.class);
        assertNotNull(m, "SparseMatrix facet; diagnostics: " + n.diagnostics());
        StringBuilder sb = new StringBuilder();
        MatrixMarket.write(m, sb);
        List<String> expected = Files.readAllLines(DIR.resolve(name + ".expected.mtx"), StandardCharsets.UTF_8);
        List<String> actual = sb.toString().lines().toList();
        assertEquals(expected.get(0), actual.get(0), "header");
        assertEquals(dataLines(expected), dataLines(actual));
        assertEquals("% " + MatrixMarket.ORDER_COMMENT, actual.get(1));
    }

    static List<String> dataLines(List<String> lines) {
        return lines.stream().filter(l -> !l.startsWith("%")).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void structureMatchesManifest(String name, JsonNode f) throws IOException {
        JsonNode detail = new ObjectMapper().readTree(DIR.resolve(name + ".json").toFile());
        Node n = open(f);
        assertEquals(List.of(), n.diagnostics(), "no diagnostics on a good fixture");
        SparseMatrix m = n.facet(SparseMatrix.class);
        assertEquals(f.get("shape").get(0).asLong(), m.rows());
        assertEquals(f.get("shape").get(1).asLong(), m.cols());
        assertEquals(f.get("nnz").asLong(), m.nnz());
        assertEquals(strings(detail.get("row_names")), m.rowNames());
        assertEquals(strings(detail.get("col_names")), m.colNames());
        BpcellsMatrix bm = (BpcellsMatrix) m;
        assertEquals(f.get("version").asText(), bm.versionString());
        assertEquals(f.get("storage_order").asText(), bm.storageOrder().label());
        List<Diagnostic> found = new ArrayList<>();
        n.facet(Verifier.class).verify(found::add, Progress.NONE);
        assertTrue(found.stream().noneMatch(d -> d.severity() != Severity.INFO), "verifier: " + found);
    }

    /** Every node of a good fixture, drill-downs included (capped per level), loads without a diagnostic. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void wholeTreeLoadsClean(String name, JsonNode f) {
        walk(open(f), 0);
    }

    static void walk(Node n, int depth) {
        n.fields();
        assertEquals(List.of(), n.diagnostics(), n.path());
        if (n.values() != null && n.values().count() > 0 && n.values().type().numeric()) {
            long[] one = new long[1];
            n.values().read(n.values().count() - 1, one, 0, 1);
        }
        List<Node> kids = n.children();
        for (int i = 0; i < Math.min(kids.size(), 40); i++) walk(kids.get(i), depth + 1);
    }

    static List<String> strings(JsonNode a) {
        List<String> out = new ArrayList<>();
        if (a != null) for (JsonNode s : a) out.add(s.asText());
        return out;
    }
}
