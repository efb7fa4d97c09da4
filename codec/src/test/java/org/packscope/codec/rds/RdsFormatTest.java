package org.packscope.codec.rds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.airlift.compress.bzip2.BZip2HadoopStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.format.Probe;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.testing.Fixtures;

/** Detection by content, wrappers, generic objects, and the samples shipped in resources/. */
class RdsFormatTest {
    @TempDir
    Path tmp;

    private final RdsFormat format = new RdsFormat();

    @Test
    void probeLooksInsideTheWrapper() {
        byte[] plain = XdrWriter.v3().ints(1, 2).bytes();
        assertEquals(100, format.probe(Probe.ofBytes(Path.of("a.bin"), plain)));
        assertEquals(100, format.probe(Probe.ofBytes(Path.of("a.bin"), XdrWriter.gzip(plain))));
        assertEquals(0, format.probe(Probe.ofBytes(Path.of("a.rds"), "X\nhello".getBytes())));
        assertEquals(0, format.probe(Probe.ofBytes(Path.of("a.gz"), XdrWriter.gzip("hello world".getBytes()))));
        // a gzip named .rds that does not decode is still claimed, to report what is wrong
        assertEquals(50, format.probe(Probe.ofBytes(Path.of("a.rds"), XdrWriter.gzip("hello world".getBytes()))));
    }

    @Test
    void fileNameDoesNotMatter() throws IOException {
        Path p = tmp.resolve("matrix.bin");
        Files.copy(RdsFixturesTest.rds("rds_xz_small_uint_packed_col"), p);
        Node root = FormatRegistry.standard().open(p);
        assertEquals("rds", root.kind());
        assertEquals(500, root.facet(SparseMatrix.class).nnz());
    }

    @Test
    void bzip2Wrapper() throws IOException {
        byte[] plain = Fixtures.bytes(RdsFixturesTest.rds("rds_none_tiny_uint_packed_col"));
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (OutputStream o = new BZip2HadoopStreams().createOutputStream(b)) {
            o.write(plain);
        }
        Path p = tmp.resolve("m.rds");
        Files.write(p, b.toByteArray());
        Node root = FormatRegistry.standard().open(p);
        assertTrue(root.summary().contains("bzip2"), root.summary());
        List<long[]> entries = new ArrayList<>();
        root.facet(SparseMatrix.class).forEachEntry((r, c, v) -> entries.add(new long[] {r, c, v}), Progress.NONE);
        assertEquals(5, entries.size());
        assertEquals(List.of(0L, 0L, 1L), List.of(entries.get(0)[0], entries.get(0)[1], entries.get(0)[2]));
    }

    @Test
    void genericObjectsOpenAsAnRTree() throws IOException {
        // list(a = c(1.5, NA), b = "x") with a names attribute
        XdrWriter w = XdrWriter.v3().flags(RFlags.VECSXP, false, true, false, 0).i32(2)
                .reals(1.5, Double.longBitsToDouble(0x7FF00000000007A2L))
                .strings("x")
                .cell().sym("names").strings("a", "b").nil();
        Path p = tmp.resolve("list.rds");
        Files.write(p, w.gzip());
        Node root = FormatRegistry.standard().open(p);
        assertEquals(List.of(), root.diagnostics());
        Node object = root.child("object");
        assertEquals("r-list", object.kind());
        assertEquals("list[2]", object.summary());
        Node a = object.child("a");
        assertEquals("double[2] = 1.5, NA", a.summary());
        ValueColumn col = a.values();
        assertEquals(2, col.count());
        assertEquals("NA", col.text(1));
        long[] bits = new long[1];
        col.read(0, bits, 0, 1);
        assertEquals(Double.doubleToRawLongBits(1.5), bits[0]);
        assertEquals("r-character", object.child("b").kind());
        assertEquals("r-pairlist", object.child("attributes").kind());
        assertNotNull(object.find("attributes/names"));
        assertEquals(null, root.facet(SparseMatrix.class));
    }

    @Test
    void valueColumnsOfIntegerLogicalAndRawVectors() throws IOException {
        XdrWriter w = XdrWriter.v3().i32(RFlags.VECSXP).i32(3)
                .ints(-5, Integer.MIN_VALUE, 7)
                .i32(RFlags.LGLSXP).i32(3).i32(1).i32(0).i32(Integer.MIN_VALUE)
                .i32(RFlags.RAWSXP).i32(3).raw(new byte[] {1, 2, (byte) 255});
        Path p = tmp.resolve("v.rds");
        Files.write(p, w.bytes());
        Node object = FormatRegistry.standard().open(p).child("object");
        long[] got = new long[3];
        ValueColumn ints = object.child("[1]").values();
        ints.read(0, got, 0, 3);
        assertEquals(List.of(-5L, (long) Integer.MIN_VALUE, 7L), List.of(got[0], got[1], got[2]));
        assertEquals("NA", ints.text(1));
        assertEquals("integer[3] = -5, NA, 7", object.child("[1]").summary());
        assertEquals("logical[3] = TRUE, FALSE, NA", object.child("[2]").summary());
        ValueColumn raw = object.child("[3]").values();
        raw.read(1, got, 0, 2);
        assertEquals(List.of(2L, 255L), List.of(got[0], got[1]));
        // the data field spans the big-endian payload
        assertEquals(3 * 4 * 8, RdsFixturesTest.field(object.child("[1]"), "data").span().bitLength());
    }

    @Test
    void matricesInsideAListAreOfferedAsMatrices() throws IOException {
        byte[] a = gunzip(Fixtures.bytes(RdsFixturesTest.rds("tiny_uint_packed_col")));
        byte[] b = gunzip(Fixtures.bytes(RdsFixturesTest.rds("tiny_float_unpacked_row")));
        XdrWriter w = XdrWriter.v3().flags(RFlags.VECSXP, false, true, false, 0).i32(2)
                .raw(java.util.Arrays.copyOfRange(a, 23, a.length))
                .raw(java.util.Arrays.copyOfRange(b, 23, b.length))
                .cell().sym("names").strings("counts", "logs").nil();
        Path p = tmp.resolve("two.rds");
        Files.write(p, w.gzip());
        Node root = FormatRegistry.standard().open(p);
        assertEquals(null, root.facet(SparseMatrix.class));
        assertEquals(List.of(), root.child("object").diagnostics());
        Node counts = root.find("object/counts/matrix");
        assertNotNull(counts);
        assertEquals(5, counts.facet(SparseMatrix.class).nnz());
        assertEquals(org.packscope.codec.inspect.ValueType.F32, root.find("object/logs/matrix").facet(SparseMatrix.class).valueType());
        assertEquals("r-integer", root.find("object/counts/val_data").kind());
    }

    @Test
    void saveFilesHoldAPairlistOfVariables() throws IOException {
        byte[] a = gunzip(Fixtures.bytes(RdsFixturesTest.rds("tiny_uint_packed_col")));
        XdrWriter w = new XdrWriter().raw("RDX3\n").raw(XdrWriter.v3().bytes())
                .cell().sym("counts").raw(java.util.Arrays.copyOfRange(a, 23, a.length))
                .cell().sym("note").strings("hello")
                .nil();
        Path p = tmp.resolve("session.RData");
        Files.write(p, w.gzip());
        assertEquals("rds", FormatRegistry.standard().detect(p).id());
        Node root = FormatRegistry.standard().open(p);
        assertEquals("RDX3", RdsFixturesTest.field(root.child("header"), "save() magic").value());
        assertEquals(7, RdsFixturesTest.field(root.child("header"), "version").span().byteOffset());
        assertEquals(List.of(), root.child("object").diagnostics());
        assertEquals("r-pairlist", root.child("object").kind());
        assertEquals(5, root.find("object/counts/matrix").facet(SparseMatrix.class).nnz());
        assertEquals("character[1] = \"hello\"", root.find("object/note").summary());
    }

    private static byte[] gunzip(byte[] gz) throws IOException {
        try (java.util.zip.GZIPInputStream in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(gz))) {
            return in.readAllBytes();
        }
    }

    @Test
    void flagBitFieldsHaveExactBits() throws IOException {
        Node root = FormatRegistry.standard().open(RdsFixturesTest.rds("tiny_uint_packed_col"));
        Node object = root.child("object");
        // S4 flags 0x00010319 at byte 23 of the decompressed stream (after the 23-byte v3 header)
        assertEquals("0x00010319", RdsFixturesTest.field(object, "flags").value());
        assertEquals(23, RdsFixturesTest.field(object, "flags").span().byteOffset());
        assertEquals(26 * 8, RdsFixturesTest.field(object, "type").span().startBit());
        assertEquals(25 * 8, RdsFixturesTest.field(object, "is-object").span().startBit());
        assertEquals(25 * 8 + 1, RdsFixturesTest.field(object, "has-attributes").span().startBit());
        assertEquals(25 * 8 + 2, RdsFixturesTest.field(object, "has-tag").span().startBit());
        assertEquals(24 * 8, RdsFixturesTest.field(object, "S4 bit").span().startBit());
        assertEquals(1, RdsFixturesTest.field(object, "S4 bit").span().bitLength());
        Node version = object.child("version").children().get(0);
        assertEquals("ASCII", RdsFixturesTest.field(version, "encoding").value());
        assertEquals("true", RdsFixturesTest.field(version, "ASCII bit").value());
        assertEquals(version.source().u8(RdsFixturesTest.field(version, "ASCII bit").span().byteOffset()) >> 2 & 1, 1);
    }

    static Stream<Path> samples() throws IOException {
        Path dir = null;
        for (Path p = Path.of("").toAbsolutePath(); p != null && dir == null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("resources/bpcells-rds"))) dir = p.resolve("resources/bpcells-rds");
        }
        assertNotNull(dir, "resources/bpcells-rds not found");
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("samples")
    void samplesOpen(Path sample) {
        Node root = FormatRegistry.standard().open(sample);
        assertEquals("rds", root.kind());
        SparseMatrix m = root.facet(SparseMatrix.class);
        assertNotNull(m, root.diagnostics().toString());
        long[] count = {0};
        m.forEachEntry((r, c, v) -> count[0]++, Progress.NONE);
        List<String> bad = new ArrayList<>();
        BpcellsRdsMatrixTest.walk(root, bad, 0);
        assertEquals(List.of(), bad);
        List<Diagnostic> errors = root.diagnostics().stream().filter(d -> d.severity() == Severity.ERROR).toList();
        if (sample.getFileName().toString().contains("-damaged")) {
            assertTrue(errors.stream().anyMatch(d -> d.rule().equals("gzip_truncated")), errors.toString());
        } else {
            assertEquals(List.of(), errors);
            assertEquals(m.nnz(), count[0]);
        }
    }
}
