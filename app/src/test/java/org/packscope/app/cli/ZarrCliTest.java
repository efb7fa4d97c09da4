package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.app.Samples;

/** inspect, check, decode and bench on Zarr stores and on {@code store::path/to/array}. */
class ZarrCliTest {
    private static final Path FIXTURES = Path.of("../codec/src/test/resources/fixtures/zarr");
    private final String v2 = Samples.get("zarr/sample_v2.zarr").toString();
    private final String v3 = Samples.get("zarr/sample_v3.zarr").toString();

    private static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    private static JsonNode manifest() throws Exception {
        return new ObjectMapper().readTree(FIXTURES.resolve("MANIFEST.json").toFile());
    }

    @Test
    void inspectShowsGroupsArraysAndMetadataFieldsWithOffsets() {
        CliTest.Run r = CliTest.run("inspect", v2);
        assertEquals(0, r.code(), r.err());
        assertTrue(r.text().contains("zarr-array temperature"), r.text());
        assertTrue(r.text().contains("dtype @"), r.text());
        CliTest.Run a = CliTest.run("inspect", v3 + "::elevation");
        assertEquals(0, a.code(), a.err());
        assertTrue(a.text().contains("data_type @"), a.text());
        assertTrue(a.text().contains("blosc-chunk 0.0"), a.text());
    }

    @Test
    void inspectJsonOfAnArrayListsItsChunks() throws Exception {
        CliTest.Run r = CliTest.run("inspect", v2 + "::weather/temperature", "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertEquals("temperature", root.get("name").asText());
        // .zattrs, then 4 × 3 chunks
        assertEquals(13, root.get("children").size());
    }

    @Test
    void checkPassesTheSamplesAndTheIntactFixtures() {
        for (String p : List.of(v2, v3, FIXTURES.resolve("v2.zarr").toString(), FIXTURES.resolve("v3.zarr").toString())) {
            CliTest.Run r = CliTest.run("check", p);
            assertEquals(0, r.code(), p + ": " + r.text() + r.err());
            assertEquals("", r.text(), p);
        }
    }

    @Test
    void checkReportsDamagedChunksInTheirFilesWithOffsets() {
        CliTest.Run r = CliTest.run("check", FIXTURES.resolve("damaged/v3_bad_crc32c.zarr").toString());
        assertEquals(1, r.code(), r.err());
        String[] lines = r.text().split("\n");
        assertEquals(2, lines.length, r.text());
        for (String l : lines) assertTrue(CliTest.CHECK_LINE.matcher(l).matches(), l);
        assertTrue(r.text().contains("bad/c/1: error at byte 16: zarr_crc32c_mismatch: "), r.text());
        assertTrue(r.text().contains("bad_index_crc/c/1/1: error at byte 673: zarr_crc32c_mismatch: "), r.text());
        CliTest.Run s = CliTest.run("check", FIXTURES.resolve("damaged/v3_bad_shard_index.zarr") + "::bad");
        assertEquals(1, s.code());
        assertTrue(s.text().contains("bad/c/0/0: error at byte 529: zarr_shard_index: "), s.text());
        CliTest.Run u = CliTest.run("check", FIXTURES.resolve("damaged/v2_unknown_codec.zarr").toString());
        assertTrue(u.text().contains("bad/.zarray: error at byte 70: zarr_unknown_codec: "), u.text());
    }

    @Test
    void decodeWritesTheArrayInCOrder(@TempDir Path dir) throws Exception {
        JsonNode arrays = manifest().get("arrays");
        for (String key : List.of("v2.zarr/layout/cube_3d_f_nested", "v2.zarr/layout/f_order_2d", "v3.zarr/zarrita/transpose_3d_f4_gzip",
                "v3.zarr/assembled/shard_start_zstd_f8", "v2.zarr/compressors/lz4", "v2.zarr/pcodec/f8_1d")) {
            String store = key.substring(0, key.indexOf('/'));
            Path out = dir.resolve(key.replace('/', '_') + ".bin");
            CliTest.Run r = CliTest.run("decode", FIXTURES.resolve(store) + "::" + key.substring(store.length() + 1), "--format", "raw", "--out", out.toString());
            assertEquals(0, r.code(), key + ": " + r.err());
            assertEquals(arrays.get(key).get("sha256").asText(), sha256(Files.readAllBytes(out)), key);
        }
    }

    @Test
    void benchDecodesAStoreArray() {
        CliTest.Run r = CliTest.run("bench", v2 + "::weather/temperature", "--repeat", "1", "--warmup", "0");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.text().contains("12,000") || r.text().contains("12000"), r.text());
    }
}
