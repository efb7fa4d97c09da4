package org.packscope.codec.bcolz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.numpy.Dtype;

/** Damaged datasets: missing and stale chunk files, bad JSON, sizes that disagree, corrupt chunks. */
class BcolzCorruptionTest {
    static final Path DIR = BcolzFixtureTest.DIR;
    static final String INT8 = "carray_int8_blosclz_c5_shuffle"; // 3500 rows, chunklen 1000

    @TempDir Path tmp;

    Path copy(String name) throws IOException {
        Path src = DIR.resolve(name);
        Path dst = tmp.resolve(name);
        try (Stream<Path> s = Files.walk(src)) {
            for (Path p : s.toList()) {
                Path t = dst.resolve(src.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return dst;
    }

    static byte[] all(ValueColumn col) {
        byte[] out = new byte[(int) col.count() * col.type().byteWidth()];
        col.readRaw(0, (int) col.count(), out, 0);
        return out;
    }

    static List<Diagnostic> verify(Node n) {
        List<Diagnostic> found = new ArrayList<>();
        n.facet(Verifier.class).verify(found::add, Progress.NONE);
        return found;
    }

    static List<String> rules(List<Diagnostic> ds) { return ds.stream().map(Diagnostic::rule).toList(); }

    @Test
    void missingChunkFileReadsAsZerosAndTheRestDecodes() throws Exception {
        Path d = copy(INT8);
        Files.delete(d.resolve("data/__1.blp"));
        byte[] exp = Files.readAllBytes(DIR.resolve(INT8 + ".expected.bin"));
        Node n = FormatRegistry.standard().open(d);
        assertEquals(List.of("missing_chunk_file"), rules(n.diagnostics()));
        byte[] got = all(n.values());
        assertArrayEquals(Arrays.copyOfRange(exp, 0, 1000), Arrays.copyOfRange(got, 0, 1000));
        assertArrayEquals(new byte[1000], Arrays.copyOfRange(got, 1000, 2000));
        assertArrayEquals(Arrays.copyOfRange(exp, 2000, 3500), Arrays.copyOfRange(got, 2000, 3500));
        assertEquals(List.of("missing_chunk_file"), rules(verify(n)));
    }

    @Test
    void staleChunkFileIsAWarningAndIgnored() throws Exception {
        Path d = copy(INT8);
        Files.copy(d.resolve("data/__0.blp"), d.resolve("data/__7.blp"));
        Node n = FormatRegistry.standard().open(d);
        Diagnostic w = n.diagnostics().get(0);
        assertEquals("stale_chunk_file", w.rule());
        assertEquals(org.packscope.codec.inspect.Severity.WARNING, w.severity());
        assertArrayEquals(Files.readAllBytes(DIR.resolve(INT8 + ".expected.bin")), all(n.values()));
        Node stale = n.child("data").child("__7.blp");
        assertTrue(rules(stale.diagnostics()).contains("stale_chunk_file"));
        assertEquals(List.of(), verify(n));
    }

    @Test
    void malformedStorageJsonIsADiagnosticWithItsOffset() throws Exception {
        Path d = copy(INT8);
        Files.writeString(d.resolve("meta/storage"), "{\"dtype\": \"int8\", \"chunklen\": 1000,, }\n");
        Node n = FormatRegistry.standard().open(d);
        assertTrue(rules(n.diagnostics()).contains("malformed_json"), n.diagnostics().toString());
        assertNull(n.values());
        Node storage = n.find("meta/storage");
        Diagnostic m = storage.diagnostics().get(0);
        assertEquals("malformed_json", m.rule());
        assertEquals(35, m.span().byteOffset()); // the second comma
    }

    @Test
    void missingMetaIsADiagnostic() throws Exception {
        Path d = copy(INT8);
        Files.delete(d.resolve("meta/sizes"));
        Node n = FormatRegistry.standard().open(d);
        assertEquals("bcolz-carray", n.kind());
        assertTrue(rules(n.diagnostics()).contains("missing_meta"));
        assertNull(n.values());
    }

    @Test
    void shapeThatDisagreesWithTheChunks() throws Exception {
        Path d = copy(INT8);
        // 3600 rows: the leftover chunk should hold 600 rows but holds 500
        Files.writeString(d.resolve("meta/sizes"), "{\"shape\": [3600], \"nbytes\": 3600, \"cbytes\": 5000}\n");
        Node n = FormatRegistry.standard().open(d);
        assertEquals(List.of("chunk_nbytes_mismatch"), rules(n.diagnostics()));
        assertEquals(List.of("chunk_nbytes_mismatch"), rules(verify(n)));
        byte[] exp = Files.readAllBytes(DIR.resolve(INT8 + ".expected.bin"));
        byte[] got = all(n.values());
        assertArrayEquals(Arrays.copyOfRange(exp, 0, 3000), Arrays.copyOfRange(got, 0, 3000));

        Files.writeString(d.resolve("meta/sizes"), "{\"shape\": [3500], \"nbytes\": 9999, \"cbytes\": 5000}\n");
        Node n2 = FormatRegistry.standard().open(d);
        assertEquals(List.of("sizes_nbytes_mismatch"), rules(n2.diagnostics()));
        assertArrayEquals(exp, all(n2.values()));
    }

    @Test
    void corruptChunkIsReportedAndOtherChunksDecode() throws Exception {
        Path d = copy(INT8);
        Path blp = d.resolve("data/__1.blp");
        byte[] b = Files.readAllBytes(blp);
        // superchunk header (16) + Blosc header (16) + one bstart (4) + stream csize (4): the blosclz stream
        Arrays.fill(b, 40, b.length, (byte) 0xE0);
        Files.write(blp, b);
        Node n = FormatRegistry.standard().open(d);
        List<Diagnostic> found = verify(n);
        assertEquals(1, found.size(), found.toString());
        assertTrue(found.get(0).rule().startsWith("decompress_"), found.toString());
        assertTrue(found.get(0).message().startsWith("data/__1.blp"));
        byte[] exp = Files.readAllBytes(DIR.resolve(INT8 + ".expected.bin"));
        byte[] got = all(n.values());
        assertArrayEquals(Arrays.copyOfRange(exp, 2000, 3500), Arrays.copyOfRange(got, 2000, 3500));
    }

    @Test
    void ctableWithMissingColumnAndBadRootdirs() throws Exception {
        Path d = copy("ctable_basic");
        try (Stream<Path> s = Files.walk(d.resolve("x"))) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        Node t = FormatRegistry.standard().open(d);
        assertEquals(List.of("missing_column"), rules(t.diagnostics()));
        assertEquals(List.of("id", "flag", "name", "small", "y32"), t.children().stream().map(Node::name).toList());
        Files.writeString(d.resolve("__rootdirs__"), "{\"names\": [\"id\"");
        Node t2 = FormatRegistry.standard().open(d);
        assertTrue(rules(t2.diagnostics()).contains("malformed_json"));
        assertEquals(0, t2.childCount());
    }

    /** A superchunk holding one memcpyed Blosc chunk of {@code data}. */
    static byte[] memcpyedBlp(int typesize, byte[] data) {
        byte[] b = new byte[32 + data.length];
        b[0] = 'b'; b[1] = 'l'; b[2] = 'p'; b[3] = 'k'; b[4] = 1; b[8] = 1;
        b[16] = 2; b[17] = 1; b[18] = 0x02; b[19] = (byte) typesize;
        put(b, 20, data.length); put(b, 24, data.length); put(b, 28, data.length + 16);
        System.arraycopy(data, 0, b, 32, data.length);
        return b;
    }

    static void put(byte[] b, int at, int v) {
        for (int i = 0; i < 4; i++) b[at + i] = (byte) (v >>> (8 * i));
    }

    @Test
    void unicodeColumnReadsAsText() throws Exception {
        Path d = tmp.resolve("names");
        Files.createDirectories(d.resolve("meta"));
        Files.createDirectories(d.resolve("data"));
        String[] words = {"café", "ab", "", "xyzzy"};
        byte[] data = new byte[words.length * 20];
        for (int i = 0; i < words.length; i++) {
            byte[] u = words[i].getBytes(java.nio.charset.Charset.forName("UTF-32LE"));
            System.arraycopy(u, 0, data, i * 20, u.length);
        }
        Files.writeString(d.resolve("meta/sizes"), "{\"shape\": [4], \"nbytes\": 80, \"cbytes\": 100}\n");
        Files.writeString(d.resolve("meta/storage"), "{\"dtype\": \"<U5\", \"cparams\": {\"clevel\": 0, \"shuffle\": 1, \"cname\": \"lz4\", \"quantize\": 0}, \"chunklen\": 3, \"expectedlen\": 4, \"dflt\": \"\"}\n");
        Files.write(d.resolve("data/__0.blp"), memcpyedBlp(4, Arrays.copyOfRange(data, 0, 60)));
        Files.write(d.resolve("data/__1.blp"), memcpyedBlp(4, Arrays.copyOfRange(data, 60, 80)));
        Files.writeString(d.resolve("__attrs__"), "{}", StandardCharsets.UTF_8);
        Node n = FormatRegistry.standard().open(d);
        assertEquals(List.of(), n.diagnostics());
        ValueColumn col = n.values();
        assertEquals(ValueType.unicode(5), col.type());
        assertEquals(4, col.count());
        for (int i = 0; i < words.length; i++) assertEquals(words[i], col.text(i));
        assertArrayEquals(data, all(col));
    }

    @Test
    void dtypeStrings() {
        assertEquals(ValueType.I32, Dtype.parse("int32").valueType());
        assertEquals(ValueType.F64, Dtype.parse("<f8").valueType());
        assertEquals(ValueType.bytes(8), Dtype.parse("|S8").valueType());
        assertEquals(1, Dtype.parse("|S8").bloscTypesize());
        assertEquals(ValueType.unicode(5), Dtype.parse("<U5").valueType());
        assertEquals(4, Dtype.parse("<U5").bloscTypesize());
        assertEquals(ValueType.BOOL, Dtype.parse("bool").valueType());
        assertEquals(ValueType.U16, Dtype.parse("uint16").valueType());
        assertEquals(ValueType.F16, Dtype.parse("float16").valueType());
        assertEquals(ValueType.U8, Dtype.parse("|u1").valueType());
        assertTrue(Dtype.parse(">i4").bigEndian());
        assertNull(Dtype.parse("object"));
        assertNull(Dtype.parse("|V300"));
        assertNull(Dtype.parse("int12"));
        assertNotNull(Dtype.parse("float"));
    }

    @Test
    void meaningfulSpanOnlyOnTheMetaNode() throws Exception {
        Path d = copy(INT8);
        Files.writeString(d.resolve("meta/sizes"), "not json");
        Node n = FormatRegistry.standard().open(d);
        Diagnostic root = n.diagnostics().stream().filter(x -> x.rule().equals("malformed_json")).findFirst().orElseThrow();
        assertNull(root.span());
        assertEquals(Span.bytes(0, 0), n.find("meta/sizes").diagnostics().get(0).span());
    }
}
