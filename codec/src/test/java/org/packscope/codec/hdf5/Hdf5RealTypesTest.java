package org.packscope.codec.hdf5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.analysis.TreeWalk;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.testing.Fixtures;
import org.packscope.codec.testing.CpuBound;

/**
 * HDF5 as real programs write it, from small files written by h5py
 * ({@code fixtures/hdf5-real/make_fixtures.py}; its MANIFEST.json holds what h5py reads):
 * float16, big-endian, variable-length, compound, enum, bool, bitfield, opaque, Latin-1
 * text, references, dimension scales, fill values, empty datasets, links, and a BPCells
 * matrix in the root group.
 */
class Hdf5RealTypesTest {
    private static final FormatRegistry REGISTRY = FormatRegistry.standard();

    private static Path fixture(String name) {
        return Fixtures.resource("fixtures/hdf5-real/" + name);
    }

    private static Node open(String name) {
        return REGISTRY.open(fixture(name));
    }

    private static String field(Node n, String name) {
        for (Field f : n.fields()) if (f.name().equals(name)) return f.value();
        return null;
    }

    @Test
    void everyValueIsWhatH5pyReads() throws Exception {
        JsonNode manifest = new ObjectMapper().readTree(fixture("MANIFEST.json").toFile());
        int checked = 0;
        for (var file : (Iterable<java.util.Map.Entry<String, JsonNode>>) manifest::fields) {
            Node root = open(file.getKey());
            for (var ds : (Iterable<java.util.Map.Entry<String, JsonNode>>) file.getValue()::fields) {
                String where = file.getKey() + "::" + ds.getKey();
                Node n = root.find(ds.getKey());
                assertNotNull(n, where);
                // h5py reads stored values; CF conventions (CfValuesTest) are switched off here
                org.packscope.codec.store.CfValues cf = n.facet(org.packscope.codec.store.CfValues.class);
                ValueColumn c = cf != null ? cf.stored() : n.values();
                assertNotNull(c, where + " shows no values: " + n.diagnostics());
                JsonNode want = ds.getValue();
                if (want.has("sha256")) {
                    assertEquals(want.get("count").asLong(), c.count(), where);
                    int w = c.type().byteWidth();
                    byte[] raw = new byte[(int) c.count() * w];
                    c.readRaw(0, (int) c.count(), raw, 0);
                    assertEquals(want.get("sha256").asText(), HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(raw)), where);
                    checked++;
                }
                if (want.has("values")) {
                    for (int i = 0; i < want.get("values").size(); i++) {
                        assertEquals(want.get("values").get(i).asText(), c.text(i), where + "[" + i + "]");
                    }
                    checked++;
                }
            }
        }
        assertTrue(checked >= 25, "checked " + checked);
    }

    @Test
    void noTextShowsAJavaObjectIdentity() {
        for (String f : List.of("types.h5", "netcdf_like.h5", "links.h5", "bpcells_root.h5", "szip.h5", "vlen_strings.h5", "legacy_array.h5")) {
            assertEquals(List.of(), Hdf5RealworldTest.walk(open(f)), f);
        }
    }

    @Test
    void variableLengthStringsKeepBytesThatAreNotUtf8() {
        Node root = open("vlen_strings.h5");
        Node ascii = root.find("ascii");
        assertEquals("caf\\xe9", ascii.values().text(0), "a byte >= 0x80 is shown escaped, never as U+FFFD");
        assertEquals("na\u00efve", ascii.values().text(4), "valid UTF-8 stays text");
        assertEquals("r\\xe9sum\\xe9", field(ascii, "@note"));
        assertEquals("[\"\\\\xfe\", \"fine\"]", field(ascii, "@notes"), "listed as JSON strings, as other string lists are");
        assertEquals("", root.find("chunked").values().text(6), "an element never written is the empty string");
        for (String p : List.of("ascii", "utf8", "chunked")) {
            for (long i = 0; i < root.find(p).values().count(); i++) {
                assertFalse(root.find(p).values().text(i).contains("\ufffd"), p + "[" + i + "]");
            }
        }
    }

    @Test
    void arrayTypesOfVersion1AsPyTablesWroteThemAreRead() {
        // jhdf alone misreads the type and fails on the whole object header
        try (io.jhdf.HdfFile f = new io.jhdf.HdfFile(fixture("legacy_array.h5"))) {
            org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class, () -> f.getDatasetByPath("table"));
        }
        Node root = open("legacy_array.h5");
        Node table = root.find("table");
        assertTrue(table.diagnostics().isEmpty(), table.diagnostics().toString());
        assertEquals("[0.25, 8.0]", table.child("c").values().text(1));
        assertEquals("[-4, 5, -6]", table.child("e").values().text(1));
        assertEquals("(7.0, [1.0, 2.0], r, [9, 8, 7])", field(table, "@row"));
        assertEquals("42", root.find("after").values().text(0));
    }

    @Test
    void attributesReadFromTheirStoredBytes() {
        Node root = open("types.h5");
        assertEquals("[1.5, 2.0]", field(root.find("f16"), "@half"));
        assertEquals("(7, 1.5, q, [0.5, 0.25])", field(root.find("compound"), "@record"));
        assertTrue(field(root.find("enum"), "type").contains("BLUE=42"), field(root.find("enum"), "type"));
    }

    @Test
    void compoundIsATableWithAColumnPerMember() {
        Node c = open("types.h5").find("compound");
        assertEquals(4, c.childCount());
        assertEquals(List.of("id", "x", "tag", "pair"), c.children().stream().map(Node::name).toList());
        assertEquals("-3", c.child("id").values().text(1));
        assertEquals("[3.5, 4.5]", c.child("pair").values().text(1));
    }

    @Test
    void dimensionScalesNameTheAxesAndNetcdfConventionsAreShown() {
        Node root = open("netcdf_like.h5");
        Node temp = root.find("temp");
        assertEquals("[[/time], [/x]]", field(temp, "axes"));
        assertEquals("fill -999 · × 0.5 · + 273.0 · units K", field(temp, "netCDF"));
        assertTrue(field(root.find("x"), "@REFERENCE_LIST").contains("/temp"), field(root.find("x"), "@REFERENCE_LIST"));
        ValueColumn stored = temp.facet(org.packscope.codec.store.CfValues.class).stored();
        assertEquals("-999", stored.text(4), "the row never written reads as the fill value");
        // shown physical: the fill is a gap, the others stored × 0.5 + 273
        byte[] gap = new byte[1];
        temp.values().gaps(4, gap, 0, 1);
        assertEquals(ValueColumn.MISSING, gap[0]);
        assertEquals(Double.parseDouble(stored.text(0)) * 0.5 + 273, Double.parseDouble(temp.values().text(0)));
    }

    @Test
    void emptyDatasetsHaveNoValuesAndNoProblems() {
        Node root = open("netcdf_like.h5");
        for (String p : List.of("zero_length", "null_space")) {
            Node n = root.find(p);
            assertEquals(0, n.values().count(), p);
            assertTrue(n.diagnostics().isEmpty(), p + ": " + n.diagnostics());
        }
    }

    @Test
    void linksAreShownWithTheirTargetsAndNeverBreakTheFile() {
        Node root = open("links.h5");
        var problems = TreeWalk.diagnostics(root, true, 10_000, Progress.NONE);
        assertFalse(problems.stream().anyMatch(l -> l.diagnostic().severity() == Severity.ERROR), problems.toString());
        assertEquals("/data/values", field(root.find("soft"), "soft link"));
        assertEquals("/data/missing", field(root.find("dangling"), "soft link"));
        assertTrue(rules(root.find("dangling")).contains("hdf5_dangling_link"));
        Node loop = root.find("loop_a");
        assertTrue(rules(loop).contains("hdf5_link_cycle") || rules(loop).contains("hdf5_dangling_link"), rules(loop).toString());
        assertTrue(rules(root.find("external_missing")).contains("hdf5_external_link_target"));
        Node device = root.find("external_fifo");
        assertTrue(device.diagnostics().get(0).message().contains("not a regular file"), device.diagnostics().toString());
        assertEquals(0, device.childCount(), "a device is never opened");
        Node ok = root.find("external_ok");
        assertEquals("types.h5", field(ok, "external file"));
        assertTrue(ok.children().get(0).isDrillDown(), "followed only on request");
        assertNotNull(ok.children().get(0).children().get(0).find("f16").values());
        assertEquals("9", root.find("after").values().text(0), "siblings after broken links stay readable");
    }

    @Test
    void aMemberJhdfCannotParseIsReportedOnItselfAndItsSiblingsStay() {
        Node root = open("types.h5");
        Node bad = root.find("opaque_untagged");
        assertEquals("hdf5_unreadable", bad.diagnostics().get(0).rule());
        assertTrue(bad.diagnostics().get(0).span() != null, "at the address jhdf names");
        assertFalse(bad.diagnostics().get(0).message().contains("Exception"), bad.diagnostics().get(0).message());
        assertNotNull(root.find("opaque").values());
        assertNotNull(root.find("vlen_int").values());
    }

    @Test
    void aGroupIndexThatListsItselfIsACycleAtItsAddressNotAStackOverflow() {
        var found = CpuBound.within(Duration.ofSeconds(5), "the walk of a B-tree cycle",
                () -> TreeWalk.diagnostics(open("btree_group_cycle.h5"), true, 10_000, Progress.NONE));
        var cycle = found.stream().filter(l -> l.diagnostic().rule().equals("hdf5_cycle")).findFirst().orElseThrow(() -> new AssertionError(found.toString()));
        assertTrue(cycle.diagnostic().message().contains("B-tree node"), cycle.diagnostic().message());
        assertNotNull(cycle.diagnostic().span(), "at the node's address");
        assertFalse(found.stream().anyMatch(l -> l.diagnostic().rule().equals("internal_error")), found.toString());
    }

    @Test
    void aChunkIndexThatListsItselfFailsOnlyThatDataset() {
        Node root = open("btree_chunk_cycle.h5");
        var found = TreeWalk.diagnostics(root, true, 10_000, Progress.NONE);
        assertTrue(found.stream().anyMatch(l -> l.diagnostic().rule().equals("hdf5_cycle") && l.node().name().equals("chunked")), found.toString());
        assertFalse(found.stream().anyMatch(l -> l.diagnostic().rule().equals("internal_error")), found.toString());
        assertEquals("5", root.find("after").values().text(0));
        assertEquals("2", root.find("g/a").values().text(2));
    }

    @Test
    void aLocalHeapClaimingMoreThanTheFileIsRefusedAtOnce(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        byte[] b = java.nio.file.Files.readAllBytes(fixture("types.h5"));
        int heap = new String(b, java.nio.charset.StandardCharsets.ISO_8859_1).indexOf("HEAP");
        assertTrue(heap > 0);
        // the root group's names: data segment size (8 bytes after the signature, version and reserved bytes)
        java.nio.ByteBuffer.wrap(b, heap + 8, 8).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(0x0f000000L);
        Path copy = tmp.resolve("heap.h5");
        java.nio.file.Files.write(copy, b);
        // 2 s of CPU: jhdf once read 250 MB of names that are not there
        var found = CpuBound.within(Duration.ofSeconds(2), "a local heap claiming 250 MB",
                () -> TreeWalk.diagnostics(REGISTRY.open(copy), true, 10_000, Progress.NONE));
        var d = found.stream().filter(l -> l.diagnostic().message().contains("local heap")).findFirst().orElseThrow(() -> new AssertionError(found.toString()));
        assertEquals(heap, d.diagnostic().span().byteOffset());
    }

    @Test
    void aRootThatClaimsTooMuchMemoryWhileFormatsRecogniseItIsDamageNotABug(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        // 16 bytes a mutation run overwrote in an AnnData file: the root's attributes then claim
        // more memory than the heap has while a format asks whether it recognises the file
        byte[] b = java.nio.file.Files.readAllBytes(Fixtures.resource("fixtures/singlecell/pbmc_csc.h5ad"));
        int[][] changes = {{131, 90}, {3400, 172}, {5822, 181}, {7322, 198}, {13009, 52}, {13556, 84}, {15231, 25}, {18389, 12},
                {19003, 211}, {21313, 69}, {23246, 34}, {29617, 63}, {29959, 176}, {35041, 237}, {35830, 38}, {41252, 36}};
        for (int[] c : changes) b[c[0]] = (byte) c[1];
        Path copy = tmp.resolve("root.h5ad");
        java.nio.file.Files.write(copy, b);
        var found = TreeWalk.diagnostics(REGISTRY.open(copy), true, 10_000, Progress.NONE);
        assertFalse(found.stream().anyMatch(l -> l.diagnostic().rule().equals("internal_error")), found.toString());
        assertTrue(found.stream().anyMatch(l -> l.diagnostic().rule().equals("too_large_to_hold")), found.toString());
    }

    @Test
    void aBpcellsMatrixInTheRootGroupOpensAsTheFile() {
        var r = REGISTRY.resolve(fixture("bpcells_root.h5") + "::/");
        assertNotNull(r.target());
        SparseMatrix m = r.target().facet(SparseMatrix.class);
        assertNotNull(m, "root matrix: " + r.target().diagnostics());
    }

    @Test
    void jhdfFailuresAreSaidInPackScopesWordsWhereTheReadFailed() {
        // the place is where PackScope was reading; jhdf's sentence is quoted, never parsed for one
        var d = Hdf5Failure.diagnostic("the object header of group /g", 4242, new io.jhdf.exceptions.HdfException(
                "Failed to read object header at address: 1968", new ArithmeticException("Could not convert to unsigned")));
        assertEquals(4242, d.span().byteOffset());
        assertEquals("hdf5_unreadable", d.rule());
        assertEquals("could not read the object header of group /g: Failed to read object header at address: 1968;"
                + " a size or count is larger than can be counted", d.message());
        assertFalse(d.message().contains("Exception"), d.message());
        assertNull(Hdf5Failure.diagnostic("x", new StackOverflowError()).span());
        assertEquals("hdf5_cycle", Hdf5Failure.diagnostic("x", new StackOverflowError()).rule());
        assertEquals("the bytes end before the structure does", Hdf5Failure.words(new java.nio.BufferUnderflowException()));
        // a problem PackScope found keeps its own rule and place, and gains the reader's only when it has none
        var own = Hdf5Failure.reading("the chunk", 99, org.packscope.codec.read.ReadProblem.atByte(Hdf5Rules.FILTER_FAILED, 12, "bad"));
        assertEquals(12, own.diagnostic().span().byteOffset());
        assertEquals(99, Hdf5Failure.reading("the chunk", 99, Hdf5Failure.problem(Hdf5Rules.FILTER_FAILED, "bad", -1))
                .diagnostic().span().byteOffset());
    }

    private static List<String> rules(Node n) {
        return n.diagnostics().stream().map(org.packscope.codec.inspect.Diagnostic::rule).toList();
    }
}
