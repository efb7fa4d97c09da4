package org.packscope.codec.sparse;

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
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.testing.Fixtures;

/**
 * Every matrix in the AnnData (written by anndata) and 10x (written by h5py in 10x's
 * layout) fixtures opens as a matrix with the views BPCells matrices have, and decodes
 * to the MatrixMarket text the generator wrote from the same entries.
 */
class SingleCellFixturesTest {
    static final Path DIR = Fixtures.resource("fixtures/singlecell");

    static JsonNode manifest() throws IOException {
        return new ObjectMapper().readTree(DIR.resolve("MANIFEST.json").toFile());
    }

    static Stream<Arguments> matrices() throws IOException {
        List<Arguments> out = new ArrayList<>();
        for (JsonNode f : manifest().get("matrices")) out.add(Arguments.of(f.get("file").asText() + "::" + f.get("address").asText(), f));
        return out.stream();
    }

    static Node open(String file, String address) {
        FormatRegistry.Resolved r = FormatRegistry.standard().resolve(DIR.resolve(file) + "::" + address);
        assertNotNull(r.target(), file + "::" + address);
        return r.target();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matrices")
    void decodesToExpectedEntries(String name, JsonNode f) throws IOException {
        Node n = open(f.get("file").asText(), f.get("address").asText());
        SparseMatrix m = n.facet(SparseMatrix.class);
        assertNotNull(m, n.kind() + " " + n.diagnostics());
        assertEquals(List.of(), n.diagnostics(), "a good fixture has no diagnostics");
        assertEquals(f.get("shape").get(0).asLong(), m.rows());
        assertEquals(f.get("shape").get(1).asLong(), m.cols());
        assertEquals(f.get("nnz").asLong(), m.nnz());
        StringBuilder sb = new StringBuilder();
        MatrixMarket.write(m, sb);
        List<String> expected = Files.readAllLines(DIR.resolve(f.get("expected_mtx").asText()), StandardCharsets.UTF_8);
        List<String> actual = sb.toString().lines().toList();
        assertEquals(expected.get(0), actual.get(0), "header");
        assertEquals(data(expected), data(actual));
    }

    static List<String> data(List<String> lines) {
        return lines.stream().filter(l -> !l.startsWith("%")).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matrices")
    void hasTheMatrixViews(String name, JsonNode f) {
        Node n = open(f.get("file").asText(), f.get("address").asText());
        SparseMatrix m = n.facet(SparseMatrix.class);
        assertEquals(f.get("row_names").asInt(), m.rowNames().size());
        assertEquals(f.get("col_names").asInt(), m.colNames().size());
        if (!f.get("first_row_name").isNull()) assertEquals(f.get("first_row_name").asText(), m.rowNames().get(0));
        if (!f.get("first_col_name").isNull()) assertEquals(f.get("first_col_name").asText(), m.colNames().get(0));
        // per-column counts add up to nnz
        DataTable cols = n.tables().stream().filter(t -> t.title().equals("columns")).findFirst().orElseThrow();
        long sum = 0;
        for (List<Object> row : cols.rows()) sum += ((Number) row.get(2)).longValue();
        assertEquals(m.nnz(), sum);
        assertTrue(n.facet(BulkDecoder.class).decodeAll(Progress.NONE) >= m.nnz(), "bench decodes every entry (a dense one every cell)");
        // entries as triplets with names, matching the matrix
        Node entries = n.child("entries");
        assertNotNull(entries);
        ValueColumn row = entries.child("row").values(), col = entries.child("col").values(), value = entries.child("value").values();
        assertEquals(m.nnz(), row.count());
        long[] r = new long[(int) m.nnz()], c = new long[r.length], v = new long[r.length];
        row.read(0, r, 0, r.length);
        col.read(0, c, 0, c.length);
        value.read(0, v, 0, v.length);
        List<String> fromEntries = new ArrayList<>(), fromMatrix = new ArrayList<>();
        for (int i = 0; i < r.length; i++) fromEntries.add(r[i] + " " + c[i] + " " + v[i]);
        m.forEachEntry((a, b, x) -> fromMatrix.add(a + " " + b + " " + x), Progress.NONE);
        assertEquals(fromMatrix.stream().sorted().toList(), fromEntries.stream().sorted().toList());
        if (!m.rowNames().isEmpty()) assertEquals(m.rowNames().get((int) r[3]), entries.child("row_name").values().text(3));
        if (!m.colNames().isEmpty()) assertEquals(m.colNames().get((int) c[3]), entries.child("col_name").values().text(3));
        // a zoomed rectangle sees exactly the entries inside it
        long r0 = m.rows() / 4, r1 = m.rows() / 2 + 1, c0 = m.cols() / 3, c1 = m.cols() - 1;
        List<String> inside = new ArrayList<>(), expected = new ArrayList<>();
        m.forEachEntryIn(r0, r1, c0, c1, (a, b, x) -> inside.add(a + " " + b + " " + x), Progress.NONE);
        m.forEachEntry((a, b, x) -> { if (a >= r0 && a < r1 && b >= c0 && b < c1) expected.add(a + " " + b + " " + x); }, Progress.NONE);
        assertEquals(expected.stream().sorted().toList(), inside.stream().sorted().toList());
        assertTrue(m.entriesToScan(r0, r1, c0, c1) <= m.entriesToScan(0, m.rows(), 0, m.cols()));
    }

    @org.junit.jupiter.api.Test
    void csrIsReorderedInBandsOfBoundedSize() {
        CompressedMatrix csr = (CompressedMatrix) open("pbmc_csr.h5ad", "X").facet(SparseMatrix.class);
        SparseMatrix csc = open("pbmc_csc.h5ad", "X").facet(SparseMatrix.class);
        List<String> expected = new ArrayList<>(), banded = new ArrayList<>();
        csc.forEachEntry((r, c, v) -> expected.add(r + " " + c), Progress.NONE);
        // 7 entries per band: many bands, each a pass over the stored rows
        csr.forEachEntry((r, c, v) -> banded.add(r + " " + c), Progress.NONE, 7);
        assertEquals(expected, banded);
        assertTrue(csr.rowMajor());
    }
}
