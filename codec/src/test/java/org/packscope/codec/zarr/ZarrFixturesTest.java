package org.packscope.codec.zarr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.analysis.TreeWalk;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.json.Json;
import org.packscope.codec.testing.Fixtures;

/**
 * Every array of the Zarr fixtures (written by zarr-python 2.13, zarrita and numcodecs;
 * see fixtures/zarr/MANIFEST.json) decodes bit-exactly: the SHA-256 of its values in C
 * order, little-endian, and the values themselves where the MANIFEST lists them. Every
 * intact store checks without a single diagnostic, chunk nodes included.
 */
class ZarrFixturesTest {
    static final Path ROOT = Fixtures.resource("fixtures/zarr");

    static Json manifest() throws Exception {
        return Json.parse(Fixtures.bytes(ROOT.resolve("MANIFEST.json")));
    }

    /** The node of {@code path} inside the store folder {@code store} (relative to the fixtures folder). */
    static Node open(String store, String path) {
        Node root = new ZarrFormat().open(ROOT.resolve(store), p -> null);
        Node n = path.isEmpty() ? root : root.find(path);
        assertNotNull(n, store + "::" + path);
        return n;
    }

    static byte[] values(Node n) {
        ValueColumn col = n.values();
        assertNotNull(col, n.path() + " has no values; " + n.diagnostics());
        int w = col.type().byteWidth();
        byte[] all = new byte[(int) (col.count() * w)];
        col.readRaw(0, (int) col.count(), all, 0);
        return all;
    }

    static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    @TestFactory
    Stream<DynamicTest> everyArrayDecodesBitExactly() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (Map.Entry<String, Json> e : manifest().get("arrays").members().entrySet()) {
            Json a = e.getValue();
            tests.add(DynamicTest.dynamicTest(e.getKey(), () -> {
                Node n = open(a.get("store").asText(), a.get("path").asText());
                assertEquals("zarr-array", n.kind(), n.diagnostics().toString());
                assertTrue(n.diagnostics().isEmpty(), n.diagnostics().toString());
                byte[] bytes = values(n);
                assertEquals(a.get("sha256").asText(), sha256(bytes), e.getKey() + " " + n.summary());
                if (a.get("values") != null) checkValues(n.values(), bytes, a.get("values"), e.getKey());
                BulkDecoder bulk = n.facet(BulkDecoder.class);
                if (bulk != null) {
                    assertEquals(bulk.decodeAll(Progress.NONE, 1), bulk.decodeAll(Progress.NONE, 3), e.getKey() + ": the same chunks decode on three threads");
                }
            }));
        }
        return tests.stream();
    }

    /** A stored chunk key ("c/0/1", "1.2", "0/3") as the grid coordinates chunk nodes are named by ("0.1"). */
    static String gridName(String key) {
        String k = key.startsWith("c/") || key.startsWith("c.") ? key.substring(2) : key;
        return k.replace('/', '.');
    }

    @TestFactory
    Stream<DynamicTest> chunkNodesMatchTheStoredFilesAndShardIndexes() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (Map.Entry<String, Json> e : manifest().get("arrays").members().entrySet()) {
            Json a = e.getValue();
            tests.add(DynamicTest.dynamicTest(e.getKey(), () -> {
                Node n = open(a.get("store").asText(), a.get("path").asText());
                for (Map.Entry<String, Json> f : a.get("chunk_files").members().entrySet()) {
                    Node c = n.child(gridName(f.getKey()));
                    assertNotNull(c, f.getKey());
                    assertEquals(f.getValue().asLong(), c.span().byteLength(), f.getKey() + " " + c.kind());
                    assertTrue(c.kind().equals("blosc-chunk") || c.kind().equals("pco-file") || c.kind().equals("zarr-chunk")
                            || c.kind().equals("zarr-shard"), c.kind());
                    if (a.get("compressor") != null && a.get("compressor").get("id") != null) {
                        String id = a.get("compressor").get("id").asText();
                        if (id.equals("blosc")) assertEquals("blosc-chunk", c.kind());
                        if (id.equals("pcodec")) assertEquals("pco-file", c.kind());
                    }
                }
                for (Json m : a.get("missing_chunks").elements()) {
                    assertEquals("zarr-chunk-missing", n.child(gridName(m.asText())).kind(), m.asText());
                }
                Json shards = a.get("shards");
                if (shards == null) return;
                for (Map.Entry<String, Json> s : shards.members().entrySet()) {
                    Node shard = n.child(gridName(s.getKey()));
                    assertEquals("zarr-shard", shard.kind());
                    Json info = s.getValue();
                    for (Map.Entry<String, Json> inner : info.get("inner_chunks").members().entrySet()) {
                        Node c = shard.child(inner.getKey());
                        long off = inner.getValue().get(0).asLong(), size = inner.getValue().get(1).asLong();
                        // a Pco inner chunk opens as a Pco file of its own bytes (spans count from its start)
                        assertEquals(c.kind().equals("pco-file") ? 0 : off, c.span().byteOffset(), s.getKey() + " " + inner.getKey());
                        assertEquals(size, c.span().byteLength(), s.getKey() + " " + inner.getKey());
                        assertTrue(shard.fields().stream().anyMatch(f -> f.name().equals("index[" + inner.getKey() + "]")
                                && f.value().equals(off + ", " + size)));
                    }
                    for (Json empty : info.get("empty_inner_chunks").elements()) {
                        assertEquals("zarr-chunk-missing", shard.child(empty.asText()).kind());
                    }
                    assertTrue(shard.fields().stream().anyMatch(f -> f.key().equals("index")
                            && f.span().byteOffset() == info.get("index_at").asLong() && f.span().byteLength() == info.get("index_size").asLong()));
                }
            }));
        }
        return tests.stream();
    }

    /** Values compared by bit pattern (floats) or exactly. */
    static void checkValues(ValueColumn col, byte[] bytes, Json expected, String what) {
        ValueType t = col.type();
        int w = t.byteWidth();
        List<Json> flat = new ArrayList<>();
        for (Json v : expected.elements()) {
            if (v.isArray()) flat.addAll(v.elements()); else flat.add(v);
        }
        assertEquals(flat.size() * (long) w, bytes.length, what + ": value count");
        for (int i = 0; i < flat.size(); i++) {
            Json v = flat.get(i);
            long raw = 0;
            for (int k = w - 1; k >= 0; k--) raw = raw << 8 | (bytes[i * w + k] & 0xff);
            String at = what + " value " + i;
            switch (t.kind()) {
                case BOOL -> assertEquals(v.asBoolean() ? 1 : 0, raw, at);
                case INT, UINT -> assertEquals(v.asBigInteger().longValue(), t.normalize(raw), at);
                case FLOAT -> {
                    double d = v.isTextual() ? switch (v.asText()) {
                        case "NaN" -> Double.NaN;
                        case "Infinity" -> Double.POSITIVE_INFINITY;
                        default -> Double.NEGATIVE_INFINITY;
                    } : v.asDouble();
                    double got = t.toDouble(raw);
                    if (Double.isNaN(d)) assertTrue(Double.isNaN(got), at);
                    else assertEquals(w == 8 ? Double.doubleToLongBits(d) : w == 4 ? Float.floatToIntBits((float) d) : FillValue.toHalf((float) d),
                            w == 8 ? Double.doubleToLongBits(got) : w == 4 ? Float.floatToIntBits((float) got) : raw, at);
                }
                case BYTES -> assertEquals(v.asText(), HexFormat.of().formatHex(bytes, i * w, (i + 1) * w), at);
                default -> throw new AssertionError(t);
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> intactStoresCheckWithoutDiagnostics() {
        return Stream.of("v2.zarr", "v3.zarr").map(store -> DynamicTest.dynamicTest(store, () -> {
            Node root = new ZarrFormat().open(ROOT.resolve(store), p -> null);
            List<TreeWalk.Located> found = TreeWalk.diagnostics(root, true, 1_000_000, Progress.NONE);
            assertTrue(found.isEmpty(), () -> found.stream().limit(20).map(l -> l.node().path() + ": " + l.diagnostic()).toList().toString());
        }));
    }
}
