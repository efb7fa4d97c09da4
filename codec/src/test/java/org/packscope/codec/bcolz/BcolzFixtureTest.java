package org.packscope.codec.bcolz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.testing.Fixtures;
import org.packscope.codec.testing.PureJavaRerun;

@PureJavaRerun
class BcolzFixtureTest {
    static final Path DIR = Fixtures.resource("fixtures/bcolz");
    static final ObjectMapper JSON = new ObjectMapper();
    static final FormatRegistry REGISTRY = FormatRegistry.standard();

    static JsonNode manifest() throws IOException {
        return JSON.readTree(DIR.resolve("MANIFEST.json").toFile());
    }

    static Stream<String> carrays() throws IOException {
        List<String> out = new ArrayList<>();
        manifest().get("fixtures").forEach(f -> { if (f.get("kind").asText().equals("carray")) out.add(f.get("name").asText()); });
        assertEquals(27, out.size());
        return out.stream();
    }

    /** (ctable, column) for every ctable column with an expected file. */
    static Stream<Arguments> ctableColumns() throws IOException {
        List<Arguments> out = new ArrayList<>();
        manifest().get("fixtures").forEach(f -> {
            if (!f.get("kind").asText().equals("ctable")) return;
            String name = f.get("name").asText();
            for (JsonNode e : f.get("expected")) {
                String file = e.asText();
                String col = file.substring(name.length() + 1, file.length() - ".expected.bin".length());
                out.add(Arguments.of(name, col));
            }
        });
        assertEquals(9, out.size());
        return out.stream();
    }

    static byte[] readAll(ValueColumn col) {
        int w = col.type().byteWidth();
        byte[] out = new byte[(int) col.count() * w];
        col.readRaw(0, (int) col.count(), out, 0);
        return out;
    }

    @ParameterizedTest
    @MethodSource("carrays")
    void carrayDecodesToExpected(String name) throws Exception {
        byte[] expected = Files.readAllBytes(DIR.resolve(name + ".expected.bin"));
        Node root = REGISTRY.resolve(DIR.resolve(name).toString()).target();
        assertEquals("bcolz-carray", root.kind());
        ValueColumn col = root.values();
        assertNotNull(col, name + " has no values: " + root.diagnostics());
        assertArrayEquals(expected, readAll(col));
        assertEquals(List.of(), root.diagnostics().stream().filter(d -> d.severity() != org.packscope.codec.inspect.Severity.INFO).toList());
        List<Diagnostic> found = new ArrayList<>();
        root.facet(Verifier.class).verify(found::add, Progress.NONE);
        assertEquals(List.of(), found);
        assertEquals(col.count(), root.facet(BulkDecoder.class).decodeAll(Progress.NONE));
        assertEquals(col.count(), root.facet(BulkDecoder.class).decodeAll(Progress.NONE, 3)); // chunk files on several threads
    }

    @ParameterizedTest
    @MethodSource("carrays")
    void randomAccessMatchesExpected(String name) throws Exception {
        byte[] expected = Files.readAllBytes(DIR.resolve(name + ".expected.bin"));
        ValueColumn col = REGISTRY.open(DIR.resolve(name)).values();
        int w = col.type().byteWidth();
        long n = col.count();
        // backwards, one value at a time, so each read lands in another block or chunk than the last
        for (long i = n - 1; i >= 0; i -= Math.max(1, n / 97)) {
            byte[] one = new byte[w];
            col.readRaw(i, 1, one, 0);
            assertArrayEquals(Arrays.copyOfRange(expected, (int) i * w, (int) (i + 1) * w), one, "value " + i);
            if (col.type().numeric()) {
                long[] v = new long[1];
                col.read(i, v, 0, 1);
                long raw = 0;
                for (int k = w - 1; k >= 0; k--) raw = raw << 8 | (expected[(int) i * w + k] & 0xff);
                assertEquals(col.type().normalize(raw), v[0], "value " + i);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("carrays")
    void eachChunkFileHoldsItsSliceOfTheArray(String name) throws Exception {
        byte[] expected = Files.readAllBytes(DIR.resolve(name + ".expected.bin"));
        Node root = REGISTRY.open(DIR.resolve(name));
        Carray c = Carray.open(DIR.resolve(name));
        for (long k = 0; k < c.nchunks(); k++) {
            Node blp = REGISTRY.open(c.chunkPath(k));
            ValueColumn col = blp.values();
            byte[] got = readAll(col);
            long from = k * c.chunklen() * (c.chunkBytes(0) / c.chunklen());
            assertArrayEquals(Arrays.copyOfRange(expected, (int) from, (int) from + got.length), got, "chunk " + k);
            assertEquals(c.chunkBytes(k), got.length);
            assertTrue(blp.diagnostics().isEmpty(), blp.diagnostics().toString());
        }
        assertNotNull(root.child("data"));
    }

    @ParameterizedTest
    @MethodSource("ctableColumns")
    void ctableColumnResolvesAndDecodes(String table, String column) throws Exception {
        byte[] expected = Files.readAllBytes(DIR.resolve(table + "." + column + ".expected.bin"));
        var r = REGISTRY.resolve(DIR.resolve(table) + "::" + column);
        assertEquals("bcolz-ctable", r.root().kind());
        assertNotNull(r.target(), column);
        assertEquals(column, r.target().name());
        assertArrayEquals(expected, readAll(r.target().values()));
    }

    @Test
    void oneRowDecodesOnlyItsBlock() throws Exception {
        String name = "carray_int64_lz4_c1_shuffle_multiblock"; // chunk 0: 160000 bytes in several blocks
        byte[] expected = Files.readAllBytes(DIR.resolve(name + ".expected.bin"));
        ValueColumn col = REGISTRY.open(DIR.resolve(name)).values();
        long[] v = new long[1];
        col.read(12345, v, 0, 1);
        assertEquals(java.nio.ByteBuffer.wrap(expected).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong(12345 * 8), v[0]);
        assertEquals(1, ((CarrayStore) ((org.packscope.codec.store.StoreColumn) col).store()).decodedUnits());
    }

    @Test
    void ctableChildrenAreColumnsInOrder() {
        Node t = REGISTRY.open(DIR.resolve("ctable_basic"));
        assertEquals(List.of("id", "x", "flag", "name", "small", "y32"), t.children().stream().map(Node::name).toList());
        assertEquals(List.of(), t.diagnostics());
        assertEquals("8-byte string", t.child("name").values().type().label());
        assertEquals("bool", t.child("flag").values().type().label());
        List<Diagnostic> found = new ArrayList<>();
        t.facet(Verifier.class).verify(found::add, Progress.NONE);
        assertEquals(List.of(), found);
        assertEquals(6 * 2750, t.facet(BulkDecoder.class).decodeAll(Progress.NONE));
        assertEquals(6 * 2750, t.facet(BulkDecoder.class).decodeAll(Progress.NONE, 2));
    }
}
