package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.codec.bpcells.bp128.Bp128;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.testing.Fixtures;

class BpcellsNodesTest {
    static String fixture(String name) {
        return Fixtures.resource("fixtures/bpcells/" + name).toString();
    }

    static Node resolve(String address) {
        Node n = FormatRegistry.standard().resolve(address).target();
        assertNotNull(n, address);
        return n;
    }

    static Field field(Node n, String name) {
        return n.fields().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow(() -> new AssertionError("no field " + name + " in " + n.fields()));
    }

    static DataTable table(Node n, String title) {
        return n.tables().stream().filter(t -> t.title().equals(title)).findFirst().orElseThrow(() -> new AssertionError("no table " + title));
    }

    static long[] read(ValueColumn c) {
        long[] v = new long[(int) c.count()];
        c.read(0, v, 0, v.length);
        return v;
    }

    @Test
    void matrixFactsAndTables() {
        Node n = resolve(fixture("tiny_packed_uint_col_dir_names"));
        assertEquals("bpcells-matrix", n.kind());
        assertEquals("packed uint · 3 × 4 · 6 non-zeros · col order", n.summary());
        assertEquals("packed-uint-matrix-v2", field(n, "version").value());
        assertEquals("3 × 4", field(n, "shape").value());
        assertEquals("6", field(n, "nnz").value());
        assertEquals("col", field(n, "storage order").value());
        assertEquals("64.00 (101.33 with idx and starts)", field(n, "bits per index").value());
        DataTable idx = table(n, "index widths");
        assertEquals("bits", idx.chartX());
        assertEquals("BP128-D1Z chunks", idx.chartY(), "the variant names the count, the title has no room for it");
        assertEquals(List.of(List.of(3, 1L, "100.0%")), idx.rows());
        assertEquals(List.of(List.of(4, 1L, "100.0%")), table(n, "value widths").rows());
        DataTable cols = table(n, "columns");
        assertEquals(List.of(0, "c1", 2L, 6.0), cols.rows().get(0));
        assertEquals(List.of(1, "c2", 0L, 0.0), cols.rows().get(1));
        assertEquals("column", cols.chartX());
        DataTable arrays = table(n, "arrays");
        assertTrue(arrays.rows().contains(List.of("index_data", "uint32", 12L, 56L, "byte 8")), arrays.rows().toString());
    }

    @Test
    void chunkDrillDownShowsLanesSlotsAndBits() {
        Node data = resolve(fixture("tiny_packed_uint_col_dir_names") + "::index_data");
        assertTrue(data.isDrillDown());
        assertEquals(1, data.childCount());
        Node c = data.child("chunk_0");
        assertEquals(Span.bytes(8, 48), c.span());
        assertEquals("3", field(c, "bits").value());
        assertEquals(Span.bytes(8, 48), field(c, "words").span());
        assertEquals("0", field(c, "start").value());
        assertEquals("0x00000014", field(c, "word 1").value());
        assertEquals(Span.bytes(12, 4), field(c, "word 1").span());
        // value 1: lane 1, slot 0 -> word 1 (byte 12), bits 0..2; packed zigzag 4 -> +2 -> row 2
        Field v1 = field(c, "value 1");
        assertEquals(Span.bits(12 * 8, 3), v1.span());
        assertEquals("2", v1.value());
        assertTrue(v1.meaning().startsWith("lane 1, slot 0, word 1 bits 0..2: packed 4 → zigzag 2 + previous"), v1.meaning());
        // value 10 (lane 2, slot 2, lane bits 6..8) is padding
        assertEquals("2 (padding)", field(c, "value 10").value());
        assertEquals(Span.bits(16 * 8 + 6, 3), field(c, "value 10").span());
        assertArrayEquals(new long[] {0, 2, 0, 1, 1, 2}, read(c.values()));
    }

    @Test
    void straddlingValueHasTwoBitRanges() {
        // 5-bit values straddle: find a chunk of width 5, 6 or 7 among the medium matrix's index chunks
        Node data = resolve(fixture("medium_packed_uint_col_dir_names") + "::index_data");
        Node chunk = null;
        for (Node c : data.children()) {
            int bits = Integer.parseInt(field(c, "bits").value());
            if (32 % bits != 0) {
                chunk = c;
                break;
            }
        }
        assertNotNull(chunk);
        int bits = Integer.parseInt(field(chunk, "bits").value());
        int k = -1;
        for (int v = 0; v < 128 && k < 0; v++) if (Bp128.position(v, bits).straddles()) k = v;
        Field low = field(chunk, "value " + k);
        Field high = field(chunk, "value " + k + " (high bits)");
        assertEquals(bits, low.span().bitLength() + high.span().bitLength());
        assertEquals(0, high.span().startBit() % 32);
        assertEquals(0, low.span().endBit() % 32);
    }

    @Test
    void columnsAndEntries() {
        Node col = resolve(fixture("tiny_packed_uint_col_dir_names") + "::columns/2");
        assertArrayEquals(new long[] {3, 7}, read(col.values()));
        assertArrayEquals(new long[] {0, 1}, read(col.child("row").values()));
        assertEquals("c3 · 2 entries", col.summary());
        Node rowMajor = resolve(fixture("tiny_packed_uint_row_dir_names") + "::rows/0");
        assertArrayEquals(new long[] {0, 2}, read(rowMajor.child("col").values()));
        Node entries = resolve(fixture("tiny_packed_uint_row_dir_names") + "::entries");
        assertArrayEquals(new long[] {0, 0, 1, 1, 2, 2}, read(entries.child("row").values()));
        assertArrayEquals(new long[] {0, 2, 2, 3, 0, 3}, read(entries.child("col").values()));
        assertArrayEquals(new long[] {1, 3, 7, 2, 5, 9}, read(entries.child("value").values()));
        assertEquals("r2", entries.child("row_name").values().text(2));
        assertEquals("c4", entries.child("col_name").values().text(3));
    }

    @Test
    void entriesPageAcrossManyChunks() {
        Node entries = resolve(fixture("medium_packed_uint_col_dir_names") + "::entries");
        ValueColumn rows = entries.child("row").values();
        ValueColumn cols = entries.child("col").values();
        assertEquals(30000, rows.count());
        long[] c = new long[3];
        cols.read(29997, c, 0, 3);
        assertArrayEquals(new long[] {299, 299, 299}, c);
        long[] r = new long[1];
        rows.read(12345, r, 0, 1);
        BpcellsMatrix m = (BpcellsMatrix) resolve(fixture("medium_packed_uint_col_dir_names")).facet(org.packscope.codec.inspect.SparseMatrix.class);
        long[] expected = new long[1];
        long[] at = {0};
        m.forEachEntry((row, col, v) -> {
            if (at[0]++ == 12345) expected[0] = row;
        }, Progress.NONE);
        assertEquals(expected[0], r[0]);
    }

    @Test
    void hdf5GroupsAndFilters() {
        Node root = resolve(fixture("multi.h5"));
        assertEquals("bpcells-matrix", root.find("mats/a").kind());
        assertEquals("bpcells-matrix", root.find("mats/b").kind());
        assertEquals("bpcells-matrix", root.find("mats/c").kind());
        assertEquals("bpcells-matrix", root.find("other/d").kind());
        Node gz = resolve(fixture("hdf5_gzip4_packed_uint_col.h5") + "::mat/index_data");
        assertTrue(field(gz, "filters").value().contains("deflate"), field(gz, "filters").value());
        Node chunk = gz.child("chunk_0");
        assertNotNull(chunk);
        assertEquals(null, chunk.span(), "compressed HDF5 data has no byte location");
        assertTrue(field(chunk, "value 0").derived());
    }

    @Test
    void densityAndStats() {
        BpcellsMatrix m = (BpcellsMatrix) resolve(fixture("tiny_packed_uint_col_dir_names")).facet(org.packscope.codec.inspect.SparseMatrix.class);
        double[][] d = m.density(3, 4);
        assertArrayEquals(new double[] {1, 0, 1, 0}, d[0]);
        assertArrayEquals(new double[] {0, 0, 1, 1}, d[1]);
        assertArrayEquals(new double[] {1, 0, 0, 1}, d[2]);
        double[][] coarse = m.density(1, 2);
        assertArrayEquals(new double[] {2 / 6.0, 4 / 6.0}, coarse[0], 1e-12);
        BpcellsMatrix.ColumnStats s = m.columnStats(Progress.NONE);
        assertArrayEquals(new long[] {2, 0, 2, 2}, s.nnz());
        assertArrayEquals(new double[] {6, 0, 10, 11}, s.sum());
        assertEquals(1, m.readMajor(3).minor()[0]);
    }
}
