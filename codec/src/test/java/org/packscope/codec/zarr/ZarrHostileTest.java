package org.packscope.codec.zarr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.analysis.TreeWalk;
import org.packscope.codec.inspect.ValueColumn;

/** Metadata and chunk bytes no writer makes: diagnostics, never an exception or an out-of-memory. */
class ZarrHostileTest {

    private static List<String> walk(Path store) {
        Node root = new ZarrFormat().open(store, p -> null);
        List<String> rules = TreeWalk.diagnostics(root, true, 100_000, Progress.NONE).stream().map(l -> l.diagnostic().rule()).toList();
        // values of every array read without throwing
        for (Node c : root.children()) {
            ValueColumn v = c.values();
            if (v != null && v.count() > 0) {
                byte[] raw = new byte[(int) Math.min(v.count(), 64) * Math.max(1, v.type().byteWidth())];
                v.readRaw(0, (int) Math.min(v.count(), 64), raw, 0);
                v.gapReason(0);
            }
        }
        return rules;
    }

    private static Path array(Path dir, String name, String zarray, byte[]... chunks) throws Exception {
        Path a = dir.resolve(name);
        Files.createDirectories(a);
        Files.writeString(a.resolve(".zarray"), zarray, StandardCharsets.UTF_8);
        for (int i = 0; i < chunks.length; i++) Files.write(a.resolve(Integer.toString(i)), chunks[i]);
        return a;
    }

    private static String zarray(String shape, String chunks, String dtype, String compressor, String fill) {
        return "{\"zarr_format\": 2, \"shape\": " + shape + ", \"chunks\": " + chunks + ", \"dtype\": " + dtype + ", \"compressor\": "
                + compressor + ", \"fill_value\": " + fill + ", \"order\": \"C\", \"filters\": null}";
    }

    @Test
    void hostileMetadataGivesDiagnostics(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(".zgroup"), "{\"zarr_format\": 2}");
        byte[] junk = new byte[100];
        new Random(1).nextBytes(junk);
        array(dir, "huge_chunks", zarray("[4000000000, 4000000000]", "[2000000000, 2000000000]", "\"<f8\"", "null", "0"), junk);
        array(dir, "big_chunk", zarray("[100000]", "[100000000]", "\"<f8\"", "{\"id\": \"zstd\"}", "0"), junk);
        array(dir, "negative", zarray("[-5]", "[0]", "\"<i4\"", "null", "0"), junk);
        array(dir, "types", zarray("\"x\"", "{}", "7", "[]", "[1, 2, 3]"), junk);
        array(dir, "object", zarray("[10]", "[5]", "\"|O\"", "null", "0"), junk);
        array(dir, "bad_fill", zarray("[10]", "[5]", "\"<i2\"", "null", "\"NaN\""), junk);
        array(dir, "rank", zarray("[10, 10]", "[5]", "\"<i2\"", "null", "0"), junk);
        array(dir, "zlib_junk", zarray("[30]", "[10]", "\"<i4\"", "{\"id\": \"zlib\"}", "0"), junk, junk);
        array(dir, "lz4_junk", zarray("[30]", "[10]", "\"<i4\"", "{\"id\": \"lz4\"}", "0"), junk);
        array(dir, "blosc_junk", zarray("[30]", "[10]", "\"<i4\"", "{\"id\": \"blosc\"}", "0"), junk);
        array(dir, "pcodec_junk", zarray("[30]", "[10]", "\"<i4\"", "{\"id\": \"pcodec\"}", "0"), junk);
        array(dir, "not_json", "{\"zarr_format\": 2, \"shape\": [", junk);
        List<String> rules = walk(dir);
        assertFalse(rules.contains("internal_error"), rules.toString());
        assertFalse(rules.contains("unreadable"), rules.toString());
        for (String r : List.of("zarr_metadata_invalid", "zarr_unsupported_dtype", "zarr_chunk_too_large", "zarr_chunk_undecodable",
                "zarr_metadata_unreadable", "zarr_chunk_size")) {
            assertTrue(rules.contains(r), r + " in " + rules);
        }
    }

    @Test
    void hostileShardsGiveDiagnostics(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("s");
        Files.createDirectories(a.resolve("c"));
        Files.writeString(a.resolve("zarr.json"), "{\"zarr_format\": 3, \"node_type\": \"array\", \"shape\": [8], \"data_type\": \"int32\", "
                + "\"chunk_grid\": {\"name\": \"regular\", \"configuration\": {\"chunk_shape\": [8]}}, "
                + "\"chunk_key_encoding\": {\"name\": \"default\"}, \"fill_value\": 0, \"codecs\": [{\"name\": \"sharding_indexed\", "
                + "\"configuration\": {\"chunk_shape\": [4], \"codecs\": [{\"name\": \"bytes\", \"configuration\": {\"endian\": \"little\"}}], "
                + "\"index_codecs\": [{\"name\": \"bytes\", \"configuration\": {\"endian\": \"little\"}}, {\"name\": \"crc32c\"}]}}]}");
        Random r = new Random(2);
        for (int size : new int[] {0, 3, 36, 52, 200}) {
            byte[] shard = new byte[size];
            r.nextBytes(shard);
            Files.write(a.resolve("c/0"), shard);
            List<String> rules = walk(dir);
            assertFalse(rules.contains("internal_error"), size + ": " + rules);
            assertFalse(rules.contains("unreadable"), size + ": " + rules);
            assertFalse(rules.isEmpty(), size + " random bytes pass as a shard");
        }
        assertEquals(1, new ZarrFormat().open(dir, p -> null).childCount());
    }
}
