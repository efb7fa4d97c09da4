package org.packscope.codec.rds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.packscope.codec.export.MatrixMarket;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.testing.Fixtures;

/** Every BPCells .rds fixture, opened by content, reproduces its expected MatrixMarket file. */
class BpcellsRdsMatrixTest {

    private static Node open(String name) {
        return FormatRegistry.standard().open(RdsFixturesTest.rds(name));
    }

    @ParameterizedTest
    @MethodSource("org.packscope.codec.rds.RdsFixturesTest#fixtures")
    void entriesMatchExpectedMtxByValue(String name) throws IOException {
        JsonNode meta = RdsFixturesTest.meta(name);
        Node root = open(name);
        SparseMatrix m = root.facet(SparseMatrix.class);
        assertNotNull(m, () -> "no matrix facet; diagnostics " + root.diagnostics());
        List<String> lines = expectedLines(name);
        String[] size = lines.get(0).split(" ");
        assertEquals(Long.parseLong(size[0]), m.rows());
        assertEquals(Long.parseLong(size[1]), m.cols());
        assertEquals(Long.parseLong(size[2]), m.nnz());
        assertEquals(meta.get("nnz").asLong(), m.nnz());
        ValueType expectedType = switch (meta.get("type").asText()) {
            case "uint" -> ValueType.U32;
            case "float" -> ValueType.F32;
            default -> ValueType.F64;
        };
        assertEquals(expectedType, m.valueType());
        List<long[]> got = new ArrayList<>();
        m.forEachEntry((r, c, v) -> got.add(new long[] {r, c, v}), Progress.NONE);
        assertEquals(lines.size() - 1, got.size());
        for (int i = 0; i < got.size(); i++) {
            String[] e = lines.get(i + 1).split(" ");
            long[] g = got.get(i);
            String where = name + " entry " + i;
            assertEquals(Long.parseLong(e[0]) - 1, g[0], where);
            assertEquals(Long.parseLong(e[1]) - 1, g[1], where);
            assertValue(expectedType, e[2], g[2], where);
        }
        assertEquals(texts(meta.get("row_names")), m.rowNames());
        assertEquals(texts(meta.get("col_names")), m.colNames());
    }

    @ParameterizedTest
    @MethodSource("org.packscope.codec.rds.RdsFixturesTest#fixtures")
    void matrixMarketTextMatchesExpectedBody(String name) throws IOException {
        StringBuilder sb = new StringBuilder();
        MatrixMarket.write(open(name).facet(SparseMatrix.class), sb);
        List<String> body = new ArrayList<>();
        for (String l : sb.toString().split("\n")) if (!l.startsWith("%")) body.add(l);
        assertEquals(expectedLines(name), body);
    }

    @ParameterizedTest
    @MethodSource("org.packscope.codec.rds.RdsFixturesTest#fixtures")
    void cleanFixturesHaveNoProblems(String name) {
        Node root = open(name);
        List<Diagnostic> all = new ArrayList<>(root.diagnostics());
        all.addAll(root.child("object").diagnostics());
        Verifier v = root.facet(Verifier.class);
        assertNotNull(v);
        v.verify(all::add, Progress.NONE);
        assertEquals(List.of(), all.stream().filter(d -> d.severity() != Severity.INFO).toList());
        assertNotNull(root.facet(BulkDecoder.class));
        // The matrix arrays carry the R vector's spans in the decompressed stream.
        Node idxptr = root.child("idxptr");
        assertNotNull(idxptr);
        assertEquals("double (REALSXP)", RdsFixturesTest.field(idxptr, "R type").value());
        assertEquals(14, idxptr.source().u8(RdsFixturesTest.field(idxptr, "R type").span().byteOffset()));
        assertTrue(idxptr.source().name().startsWith("decompressed ") || idxptr.source().name().endsWith(".rds"));
    }

    @ParameterizedTest
    @MethodSource("org.packscope.codec.rds.RdsFixturesTest#fixtures")
    void wholeTreeWalkMeetsNoInternalFailure(String name) {
        List<String> bad = new ArrayList<>();
        walk(open(name), bad, 0);
        assertEquals(List.of(), bad);
    }

    /** Visits what `inspect`/`check` visit (drill-down nodes are entered one level), reading a few values. */
    static void walk(Node n, List<String> bad, int drillDepth) {
        n.summary();
        n.fields();
        n.tables();
        for (Diagnostic d : n.diagnostics()) {
            if (d.rule().equals("unreadable") || d.rule().equals("internal_error")) bad.add(n.path() + ": " + d);
        }
        org.packscope.codec.inspect.ValueColumn col = n.values();
        if (col != null && col.count() > 0) {
            col.text(0);
            col.text(col.count() - 1);
        }
        if (n.isDrillDown() && drillDepth > 0) return;
        int depth = n.isDrillDown() ? drillDepth + 1 : drillDepth;
        List<Node> kids = n.children();
        for (int i = 0; i < Math.min(kids.size(), 200); i++) walk(kids.get(i), bad, depth);
    }

    private static void assertValue(ValueType t, String expected, long raw, String where) {
        if (t == ValueType.U32) {
            assertEquals(expected, Long.toUnsignedString(raw), where);
        } else if (t == ValueType.F32) {
            float want = Float.parseFloat(expected);
            float have = Float.intBitsToFloat((int) raw);
            if (Float.isNaN(want)) assertTrue(Float.isNaN(have), where);
            else assertEquals(Float.floatToRawIntBits(want), (int) raw, where + ": " + expected + " vs " + have);
        } else {
            double want = Double.parseDouble(expected);
            double have = Double.longBitsToDouble(raw);
            if (Double.isNaN(want)) assertTrue(Double.isNaN(have), where);
            else assertEquals(Double.doubleToRawLongBits(want), raw, where + ": " + expected + " vs " + have);
        }
    }

    static List<String> expectedLines(String name) throws IOException {
        List<String> out = new ArrayList<>();
        for (String l : Files.readAllLines(Fixtures.resource(RdsFixturesTest.DIR + name + ".expected.mtx"), StandardCharsets.UTF_8)) {
            if (!l.startsWith("%") && !l.isBlank()) out.add(l.strip());
        }
        return out;
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(x -> out.add(x.asText()));
        return out;
    }
}
