package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;
import org.packscope.codec.testing.PureJavaRerun;

/** Every fixture written by the Rust library decodes bit-exactly, and its metadata matches the library's. */
@PureJavaRerun
class PcoFixturesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static Stream<String> fixtures() throws IOException {
        List<String> names = new ArrayList<>();
        for (String dir : List.of("v0_4", "v1_0")) {
            JsonNode m = JSON.readTree(Fixtures.resource("fixtures/pco/" + dir + "/MANIFEST.json").toFile());
            for (JsonNode f : m.get("fixtures")) names.add(dir + "/" + f.get("name").asText());
        }
        return names.stream();
    }

    /** The upstream compatibility files, read from ../shared when it is there (they are not copied in). */
    static Stream<String> official() throws IOException {
        var shared = Fixtures.shared();
        Path dir = shared.map(s -> s.resolve("fixtures/pco/official")).orElse(null);
        if (dir == null || !Files.isDirectory(dir)) return Stream.empty();
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".pco"))
                    .map(n -> n.substring(0, n.length() - 4)).sorted().toList().stream();
        }
    }

    /** {@link #official()}, or the test skipped with a message when ../shared is absent. */
    static Stream<String> officialOrSkip() throws IOException {
        Fixtures.sharedOrSkip("fixtures/pco/official");
        return official();
    }

    static byte[] decodeAll(PcoFile f) {
        NumberType t = f.numberType();
        int w = t == null ? 8 : t.bits / 8;
        byte[] out = new byte[(int) f.totalN() * w];
        int pos = 0;
        for (PcoFile.Chunk c : f.chunks()) {
            long[] vals = new long[c.n()];
            f.decodeChunk(c, vals, 0);
            for (long v : vals) {
                c.type().valueType.writeLE(v, out, pos);
                pos += w;
            }
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void decodesToExpected(String fixture) throws IOException {
        Path pco = Fixtures.resource("fixtures/pco/" + fixture + ".pco");
        byte[] expected = Files.readAllBytes(Fixtures.resource("fixtures/pco/" + fixture + ".expected.bin"));
        PcoFile f = PcoFile.open(ByteSource.open(pco));
        assertEquals(List.of(), f.diagnostics());
        assertArrayEquals(expected, decodeAll(f));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void metadataMatchesSidecar(String fixture) throws IOException {
        JsonNode j = JSON.readTree(Fixtures.resource("fixtures/pco/" + fixture + ".json").toFile());
        PcoFile f = PcoFile.open(ByteSource.open(Fixtures.resource("fixtures/pco/" + fixture + ".pco")));
        JsonNode file = j.get("file");
        assertEquals(file.get("standalone_version_raw_byte4").asInt(), f.header().version());
        JsonNode fv = file.get("format_version");
        if (fv.isObject()) {
            assertEquals(fv.get("major").asInt(), f.version().major());
            assertEquals(fv.get("minor").asInt(), f.version().minor());
        }
        assertEquals(file.get("n_hint").asLong(), f.header().nHint());
        JsonNode ut = file.get("uniform_type_byte");
        if (ut != null && !ut.isNull()) {
            assertEquals(ut.asInt(), f.header().uniformType() == null ? 0 : f.header().uniformType().id);
        }
        JsonNode chunks = j.get("chunks");
        assertEquals(chunks.size(), f.chunks().size());
        for (int i = 0; i < chunks.size(); i++) {
            JsonNode cj = chunks.get(i);
            PcoFile.Chunk c = f.chunks().get(i);
            assertEquals(cj.get("n").asInt(), c.n());
            assertEquals(cj.get("byte_start").asLong(), c.startByte());
            assertEquals(cj.get("byte_end").asLong(), c.endByte());
            ChunkMeta m = c.meta();
            JsonNode mode = cj.get("mode");
            assertEquals(mode.get("wire_id").asInt(), m.mode().wireId());
            if (m.mode() instanceof Mode.IntMult im) {
                assertEquals(mode.get("base").asText(), Long.toUnsignedString(im.base()));
            } else if (m.mode() instanceof Mode.FloatMult fm) {
                assertEquals(mode.get("base_latent").asText(), Long.toUnsignedString(fm.baseLatent()));
            } else if (m.mode() instanceof Mode.FloatQuant fq) {
                assertEquals(mode.get("k").asInt(), fq.k());
            } else if (m.mode() instanceof Mode.Dict d) {
                JsonNode lat = mode.get("dict_latents");
                assertEquals(lat.size(), d.dict().length);
                for (int k = 0; k < lat.size(); k++) assertEquals(lat.get(k).asText(), Long.toUnsignedString(d.dict()[k]));
            }
            JsonNode de = cj.get("delta_encoding");
            assertEquals(de.get("wire_id").asInt(), m.deltaEncoding().wireId());
            if (m.deltaEncoding() instanceof DeltaEncoding.Consecutive co) {
                assertEquals(de.get("order").asInt(), co.order());
                assertEquals(de.get("secondary_uses_delta").asBoolean(), co.secondaryUsesDelta());
            } else if (m.deltaEncoding() instanceof DeltaEncoding.Lookback lb) {
                assertEquals(de.get("window_n_log").asInt(), lb.windowNLog());
                assertEquals(de.get("state_n_log").asInt(), lb.stateNLog());
                assertEquals(de.get("secondary_uses_delta").asBoolean(), lb.secondaryUsesDelta());
            } else if (m.deltaEncoding() instanceof DeltaEncoding.Conv1 cv) {
                assertEquals(de.get("quantization").asInt(), cv.quantization());
                assertEquals(de.get("bias_from_debug").asText(), Long.toString(cv.bias()));
                JsonNode w = de.get("weights_from_debug");
                assertEquals(w.size(), cv.order());
                for (int k = 0; k < w.size(); k++) assertEquals(w.get(k).asText(), Long.toString(cv.weights()[k]));
            }
            JsonNode vars = cj.get("latent_vars");
            List<LatentVar> mine = m.latentVars();
            assertEquals(vars.size(), mine.size());
            for (int v = 0; v < vars.size(); v++) {
                JsonNode vj = vars.get(v);
                LatentVar lv = mine.get(v);
                assertEquals(vj.get("key").asText(), lv.role().label);
                assertEquals(vj.get("latent_type").asText(), "u" + lv.bits());
                assertEquals(vj.get("ans_size_log").asInt(), lv.ansSizeLog());
                JsonNode bins = vj.get("bins");
                assertEquals(bins.size(), lv.bins().size());
                for (int b = 0; b < bins.size(); b++) {
                    JsonNode bj = bins.get(b);
                    Bin bin = lv.bins().get(b);
                    assertEquals(bj.get("weight").asInt(), bin.weight());
                    assertEquals(bj.get("lower").asText(), Long.toUnsignedString(bin.lower()));
                    assertEquals(bj.get("offset_bits").asInt(), bin.offsetBits());
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void valueColumnReadRawEqualsExpected(String fixture) throws IOException {
        Path pco = Fixtures.resource("fixtures/pco/" + fixture + ".pco");
        byte[] expected = Files.readAllBytes(Fixtures.resource("fixtures/pco/" + fixture + ".expected.bin"));
        Node root = FormatRegistry.standard().open(pco);
        assertEquals("pco-file", root.kind());
        ValueColumn col = root.values();
        assertNotNull(col);
        int w = col.type().byteWidth();
        assertEquals(expected.length / w, col.count());
        byte[] got = new byte[expected.length];
        col.readRaw(0, (int) col.count(), got, 0);
        assertArrayEquals(expected, got);
        assertEquals(col.count(), root.facet(org.packscope.codec.inspect.BulkDecoder.class).decodeAll(null));
        assertEquals(col.count(), root.facet(org.packscope.codec.inspect.BulkDecoder.class).decodeAll(null, 3));
        List<org.packscope.codec.inspect.Diagnostic> problems = new ArrayList<>();
        root.facet(org.packscope.codec.inspect.Verifier.class).verify(problems::add, org.packscope.codec.inspect.Progress.NONE);
        assertEquals(List.of(), problems);
        assertEquals(List.of(), root.diagnostics());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("officialOrSkip")
    void officialCompatibilityFilesDecode(String fixture) throws IOException {
        Path dir = Fixtures.sharedOrSkip("fixtures/pco/official");
        byte[] expected = Files.readAllBytes(dir.resolve(fixture + ".expected.bin"));
        PcoFile f = PcoFile.open(ByteSource.open(dir.resolve(fixture + ".pco")));
        assertEquals(List.of(), f.diagnostics());
        assertArrayEquals(expected, decodeAll(f));
    }
}
