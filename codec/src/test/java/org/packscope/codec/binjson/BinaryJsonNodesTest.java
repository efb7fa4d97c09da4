package org.packscope.codec.binjson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.analysis.TextExport;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

class BinaryJsonNodesTest {

    private static Path fixture(String name) { return Fixtures.resource(BjTesting.DIR + name); }

    private static Node open(String name) {
        return BinaryJson.open(ByteSource.of(Fixtures.bytes(fixture(name)), name), name);
    }

    private static Field field(Node n, String name) {
        return n.fields().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow(() -> new AssertionError("no field " + name + " in " + n.fields()));
    }

    @Test
    void registryDetectsAndResolvesAddresses() {
        FormatRegistry reg = FormatRegistry.standard();
        assertEquals("binjson", reg.detect(fixture("v_nd_all_c5_sj.sj")).id());
        assertEquals("binjson", reg.detect(fixture("c_version_2.bj")).id());
        FormatRegistry.Resolved r = reg.resolve(fixture("v_nd_all_c5_sj.sj") + "::str/d2/1/2");
        assertNotNull(r.target());
        assertEquals("\"épsilon\"", r.target().summary());
        assertEquals("str/d2/1/2", r.target().path());
        assertEquals("-1", reg.resolve(fixture("v_nd_all_c5_sj.sj") + "::int/d1/3").target().summary());
        assertNull(reg.resolve(fixture("v_nd_all_c5_sj.sj") + "::int/nope").target());
    }

    @Test
    void seekableFilesLoadOnlyWhatIsLookedAt() {
        Node root = open("v_nd_all_c5_sj.sj");
        assertEquals("SJ v1 · c=5 · 18 strings · map · 4 entries", root.summary());
        List<Node> kids = root.children();
        assertEquals(List.of(BjNodes.STRINGS_NODE, "str", "bool", "int", "float"), kids.stream().map(Node::name).toList());
        Node str = root.child("str");
        Node flt = root.child("float");
        assertFalse(str.isLoaded());
        assertEquals("map · 3 entries", flt.summary());
        assertTrue(flt.isLoaded());
        assertFalse(str.isLoaded(), "a sibling is not read");
        Node d2 = flt.child("d2");
        assertFalse(flt.child("d1").isLoaded());
        assertEquals("float N-D array 3×2", d2.summary());
        ValueColumn col = d2.values();
        assertEquals(ValueType.F64, col.type());
        assertEquals(6, col.count());
        long[] bits = new long[6];
        col.read(0, bits, 0, 6);
        assertEquals(9999876096.0, Double.longBitsToDouble(bits[2]));
        assertEquals(2.71826171875, Double.longBitsToDouble(bits[5]));
        assertEquals("2.71826171875", col.text(5));
        assertTrue(d2.isDrillDown());
        Node row1 = d2.child("1");
        assertEquals(2, row1.values().count());
        assertEquals("-7.0", row1.values().text(1));
        assertEquals("-7.0", row1.child("1").summary());
    }

    @Test
    void intArraysKeepTheirStoredWidth() {
        Node root = open("r_matrix_100x100.bj");
        Node m = root.children().stream().filter(n -> n.kind().equals("bj-ndarray")).findFirst().orElseThrow();
        ValueColumn col = m.values();
        assertEquals(ValueType.I16, col.type());
        assertEquals(10_000, col.count());
        Field width = field(m, "width");
        assertEquals("2", width.value());
        byte[] raw = new byte[4];
        col.readRaw(0, 2, raw, 0);
        byte[] file = Fixtures.bytes(fixture("r_matrix_100x100.bj"));
        long data = width.span().byteOffset() + 1;
        assertArrayEquals(java.util.Arrays.copyOfRange(file, (int) data, (int) data + 4), raw);
    }

    @Test
    void typeByteIsSplitIntoBitFields() {
        // int 100: 38 0C
        byte[] b = BinaryJsonWriter.encode("{\"k\":100}", false, 0);
        Node root = BinaryJson.open(ByteSource.of(b, "x"), "x");
        Node k = root.child("k");
        assertEquals("100", k.summary());
        long at = 9; // BJ 01 00 | 01 01 k | 81 | 00 | 38 0C
        assertEquals(0x38, b[(int) at] & 0xff);
        assertEquals(Span.bits(at * 8 + 5, 3), field(k, "tag").span());
        assertEquals("001", field(k, "tag").value());
        assertEquals(Span.bits(at * 8 + 4, 1), field(k, "C").span());
        assertEquals("1", field(k, "C").value());
        assertEquals("1000", field(k, "low bits").value());
        assertEquals(Span.bytes(at + 1, 1), field(k, "continuation").span());
        assertEquals("12", field(k, "continuation").value());
        assertEquals("200", field(k, "zigzag").value());
        assertEquals(Span.bytes(at - 1, 3), k.span());
        assertEquals(Span.bytes(at - 1, 1), field(k, "key").span());
    }

    @Test
    void headerAndStringTableAreExplained() {
        Node root = open("c_sj_index_mismatch.sj");
        assertEquals("SJ", field(root, "magic").value());
        Node strings = root.child(BjNodes.STRINGS_NODE);
        assertEquals("20", field(strings, "count").value());
        assertEquals(Span.bytes(10, 4), field(strings, "index 1").span());
        assertEquals(20, strings.childCount());
        assertEquals(1, root.diagnostics().stream().filter(d -> d.rule().equals("sj_index_mismatch")).count());
    }

    @Test
    void fileNodeExportsJsonAndBenches() throws Exception {
        Node root = open("v_float_specials_c0.bj");
        StringBuilder sb = new StringBuilder();
        root.facet(TextExport.class).export("json", sb, Progress.NONE);
        assertTrue(sb.toString().contains("NaN") && sb.toString().contains("-Infinity"), sb::toString);
        assertTrue(root.facet(BulkDecoder.class).decodeAll(Progress.NONE) > 0);
    }

    @Test
    void teachingViewGivesBytesTreeAndSizes() {
        String json = "{\"values\": [1.5, 2.5, 3.5, 4.5], \"name\": \"demo\", \"names\": [\"demo\", \"demo\"]}";
        BinaryJsonTeaching.Encoding e = BinaryJsonTeaching.explain(json, true, 0);
        assertEquals(e.encoded().length, e.encodedBytes());
        assertEquals(json.length(), e.jsonBytes());
        assertTrue(e.compactJsonBytes() < e.jsonBytes());
        assertTrue(e.gzipJsonBytes() > 0 && e.gzipEncodedBytes() > 0);
        assertEquals("SJ", field(e.node(), "magic").value());
        assertEquals("float N-D array 4", e.node().child("values").summary());
        assertEquals(List.of(), BjTesting.walk(e.node()));
    }

    @Test
    void appSamplesOpenCleanlyAndTheDamagedOneShowsItsProblems() {
        Path dir = Path.of("").toAbsolutePath().resolveSibling("resources").resolve("binjson");
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isDirectory(dir), "app resources not beside codec/");
        FormatRegistry reg = FormatRegistry.standard();
        for (String name : List.of("config.sj", "r_config.bj", "r_sensor_timeseries.bj", "v_nd_all_c5_sj.sj", "v_float_specials_c0.bj")) {
            assertEquals(List.of(), BjTesting.walk(reg.open(dir.resolve(name))), name);
        }
        Node damaged = reg.open(dir.resolve("config-damaged.sj"));
        assertEquals(List.of("invalid_utf8@249", "trailing_bytes@535", "reserved_type_byte@411"),
                BjTesting.keys(BjTesting.walk(damaged)));
        assertEquals("map · 3 entries (2 readable)", damaged.child("server").summary());
        assertEquals("\"r2\"", damaged.find("database/replicas/1/host").summary());
    }

    @Test
    void boolAndStringArraysAndZeroSizeShapes() {
        Node root = open("v_nd_all_c5_sj.sj");
        Node bools = root.find("bool/d1_13");
        ValueColumn b = bools.values();
        assertEquals(ValueType.BOOL, b.type());
        long[] v = new long[13];
        b.read(0, v, 0, 13);
        assertArrayEquals(new long[] {0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1}, v);
        Node bit = bools.child("12");
        assertEquals("true", bit.summary());
        assertEquals(4, bit.span().bitInByte()); // element 12: bit 4 of data byte 1
        ValueColumn s = root.find("str/d3").values();
        assertEquals(ValueType.TEXT, s.type());
        assertEquals(12, s.count());
        assertEquals("七", s.text(0));
        assertEquals("gamma", root.find("str/d3/1/2").values().text(1));

        Node zero = open("v_nd_zero_size.bj");
        assertEquals(2, zero.find("int_2x0x5").childCount());
        assertEquals(0, zero.find("int_2x0x5/1").childCount());
        assertEquals(0, zero.find("int_2x0x5").values().count());
        assertEquals(3, zero.find("float_2x3x0/1").childCount());
        assertEquals("42", zero.find("int_1x1x1/0/0/0").summary());
    }

    @Test
    void truncatedFloatsExplainTheirPlanes() {
        Node root = open("v_nd_float_c1.bj");
        Node nd = root.children().stream().filter(n -> n.kind().equals("bj-ndarray")).findFirst()
                .orElseGet(() -> root.children().stream().flatMap(c -> c.children().stream())
                        .filter(n -> n.kind().equals("bj-ndarray")).findFirst().orElseThrow());
        assertTrue(nd.fields().stream().anyMatch(f -> f.name().equals("plane 7")), nd.fields()::toString);
        assertTrue(field(nd, "plane 7").meaning().contains("padding"));
    }

    @Test
    void everyValueExportsItselfAsJson() throws Exception {
        Node root = open("v_nd_all_c5_sj.sj");
        StringBuilder sb = new StringBuilder();
        root.find("int").facet(TextExport.class).export("json", sb, Progress.NONE);
        assertEquals("{\"d1\":[3,-1,4,-1,5,-9,2,6],\"d2\":[[1,2,3],[4,5,6]],"
                + "\"d3\":[[[0,1,2,3],[10,11,12,13],[20,21,22,23]],[[100,101,102,103],[110,111,112,113],[120,121,122,123]]]}",
                sb.toString());
        sb.setLength(0);
        root.find("str/d1").facet(TextExport.class).export("json", sb, Progress.NONE);
        assertEquals("[\"alpha\",\"beta\",\"alpha\",\"\",\"ζήτα\"]", sb.toString());
    }
}
