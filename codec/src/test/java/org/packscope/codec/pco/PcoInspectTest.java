package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

/** The inspection tree: fields at exact bit spans, bin tables, batch drill-down. */
class PcoInspectTest {

    static Node open(String fixture) {
        return FormatRegistry.standard().open(Fixtures.resource("fixtures/pco/" + fixture + ".pco"));
    }

    static Field field(Node n, String name) {
        for (Field f : n.fields()) if (f.name().equals(name)) return f;
        throw new AssertionError("no field " + name + " in " + n + ": " + n.fields());
    }

    @Test
    void standaloneV3HeaderFieldsHaveExactSpans() {
        // conv1_i32_ar2_o2 (pco 1.0.3): magic, version 3, uniform 0, n_hint 3000, header 4.1; 11 header bytes
        Node root = open("v1_0/conv1_i32_ar2_o2");
        Node h = root.child("header");
        assertEquals(Span.bytes(0, 4), field(h, "magic").span());
        assertEquals(Span.bytes(4, 1), field(h, "standalone version").span());
        assertEquals("3", field(h, "standalone version").value());
        assertEquals(Span.bytes(5, 1), field(h, "uniform type").span());
        assertEquals(Span.bits(48, 6), field(h, "n_hint_log2 - 1").span());
        Field nHint = field(h, "n_hint");
        assertEquals("3000", nHint.value());
        assertEquals(54, nHint.span().startBit());
        assertEquals(Span.bytes(9, 1), field(h, "format version").span());
        assertEquals("4", field(h, "format version").value());
        assertEquals(Span.bytes(10, 1), field(h, "format minor version").span());
        assertTrue(root.summary().contains("3,000 numbers"));
    }

    @Test
    void chunkExposesModeDeltaAndBins() {
        Node root = open("v1_0/conv1_i32_ar2_o2");
        Node chunk = root.child("chunk 0");
        assertNotNull(chunk);
        assertEquals(Span.bytes(11, 1), field(chunk, "number type").span());
        assertEquals("3 (i32)", field(chunk, "number type").value());
        assertEquals(Span.bits(12 * 8, 24), field(chunk, "n - 1").span());
        assertEquals(Span.bits(15 * 8, 4), field(chunk, "mode").span());
        assertEquals("0 (Classic)", field(chunk, "mode").value());
        assertEquals(Span.bits(15 * 8 + 4, 4), field(chunk, "delta encoding").span());
        assertEquals("3 (Conv1)", field(chunk, "delta encoding").value());
        assertEquals("28", field(chunk, "quantization").value());
        assertEquals("-261212841", field(chunk, "weight[0]").value());
        Node primary = chunk.child("primary latent");
        assertEquals("9", field(primary, "ans_size_log").value());
        assertEquals("7", field(primary, "bin count").value());
        assertEquals("13", field(primary, "bin 0 weight").value());
        assertEquals(9, field(primary, "bin 0 weight").span().bitLength());
        assertEquals(32, field(primary, "bin 0 lower").span().bitLength());
        assertEquals(6, field(primary, "bin 0 offset bits").span().bitLength());
        DataTable bins = primary.tables().get(0);
        assertEquals("Bins", bins.title());
        assertEquals(List.of("weight", "probability", "lower", "upper", "offset bits", "bits per value"), bins.columns());
        assertEquals("lower", bins.chartX());
        assertEquals(7, bins.rows().size());
        // bin 0: weight 13 of 512, lower delta -94 with 5 offset bits -> upper -63
        assertEquals(List.of(13, 13 / 512.0, -94L, -63L, 5, round(9 - Math.log(13) / Math.log(2) + 5)), bins.rows().get(0));
        ValueColumn col = chunk.values();
        assertEquals(3000, col.count());
    }

    private static double round(double v) { return Math.round(v * 1000) / 1000.0; }

    @Test
    void pageAndBatchDrillDown() {
        Node root = open("v0_4/uniform_u32_0_1000");
        Node page = root.find("chunk 0/page");
        assertNotNull(page);
        assertTrue(page.isDrillDown());
        Field s0 = field(page, "primary ans state[0]");
        assertNotNull(s0.span());
        Node batch = page.children().get(1);
        assertEquals("batch 1", batch.name());
        Field v0 = field(batch, "value[0]");
        ValueColumn col = root.values();
        assertEquals(col.text(256), v0.value());
        assertTrue(batch.fields().stream().anyMatch(f -> f.name().equals("primary[0] offset") && f.span() != null));
    }

    @Test
    void sizeBreakdownAddsUp() {
        Node root = open("v0_4/multichunk_u16_300k");
        DataTable t = root.tables().stream().filter(x -> x.title().equals("Size breakdown")).findFirst().orElseThrow();
        double sum = 0;
        for (List<Object> row : t.rows()) if (!row.get(0).equals("total")) sum += (Double) row.get(1);
        assertEquals((Double) t.rows().get(t.rows().size() - 1).get(1), sum, 1e-9);
        assertTrue(root.childCount() >= 3);
        assertEquals("terminator", root.children().get(root.childCount() - 1).name());
    }

    @Test
    void randomAccessDecodesOnlyTheChunkNeeded() throws Exception {
        Path p = Fixtures.resource("fixtures/pco/v0_4/multichunk_u16_300k.pco");
        PcoFile f = PcoFile.open(ByteSource.open(p));
        PcoValues v = PcoValues.ofFile(f, "x");
        long[] one = new long[1];
        long last = v.count() - 1;
        v.read(last, one, 0, 1);
        int ci = f.chunkOfRow(last);
        long[] chunk = new long[f.chunks().get(ci).n()];
        f.decodeChunk(f.chunks().get(ci), chunk, 0);
        assertEquals(chunk[chunk.length - 1], one[0]);
        assertTrue(f.chunks().size() > 1);
        assertEquals(1, v.chunkDecodes(), "only the chunk holding the row is decoded");
        v.read(last - 5, new long[5], 0, 5);
        assertEquals(1, v.chunkDecodes(), "a cached chunk is not decoded again");
    }

    @Test
    void concurrentReadsAgree() throws Exception {
        Path p = Fixtures.resource("fixtures/pco/v0_4/multichunk_u16_300k.pco");
        byte[] expected = java.nio.file.Files.readAllBytes(Fixtures.resource("fixtures/pco/v0_4/multichunk_u16_300k.expected.bin"));
        PcoValues v = PcoValues.ofFile(PcoFile.open(ByteSource.open(p)), "x");
        java.util.stream.IntStream.range(0, 64).parallel().forEach(k -> {
            long start = (k * 7919L * 13) % (v.count() - 1000);
            byte[] got = new byte[2000];
            v.readRaw(start, 1000, got, 0);
            for (int i = 0; i < 2000; i++) {
                if (got[i] != expected[(int) start * 2 + i]) throw new AssertionError("row " + (start + i / 2));
            }
        });
    }

    @Test
    void wrappedApiReadsComponentsSeparately() throws Exception {
        Path p = Fixtures.resource("fixtures/pco/v1_0/dict_u64_3vals.pco");
        ByteSource src = ByteSource.open(p);
        PcoFile f = PcoFile.open(src);
        PcoWrapped.Result<FormatVersion> h = PcoWrapped.header(src, f.wrappedHeaderByte(), null);
        assertEquals(new FormatVersion(4, 1), h.value());
        PcoFile.Chunk c = f.chunks().get(0);
        PcoWrapped.Result<ChunkMeta> m = PcoWrapped.chunkMeta(src, c.metaStartBit() / 8, 1 << 20, h.value(), NumberType.U64, null);
        assertTrue(m.ok());
        assertEquals(c.pageStartBit(), m.endBit());
        PcoWrapped.Result<long[]> page = PcoWrapped.decodePage(m.value(), src, c.pageStartBit() / 8, src.size(), c.n());
        assertTrue(page.ok());
        long[] expect = new long[c.n()];
        f.decodeChunk(c, expect, 0);
        org.junit.jupiter.api.Assertions.assertArrayEquals(expect, page.value());
        Node n = PcoWrapped.chunkMetaNode("meta", src, c.metaStartBit() / 8, 1 << 20, h.value(), NumberType.U64);
        assertEquals(Span.bits(c.metaStartBit(), 4), field(n, "mode").span());
        Node pageNode = PcoWrapped.pageNode("page", m.value(), src, c.pageStartBit() / 8, src.size() - c.pageStartBit() / 8, c.n());
        assertEquals(c.pageStartBit(), field(pageNode, "primary ans state[0]").span().startBit());
        long[] got = new long[c.n()];
        pageNode.values().read(0, got, 0, c.n());
        org.junit.jupiter.api.Assertions.assertArrayEquals(expect, got);
    }
}
