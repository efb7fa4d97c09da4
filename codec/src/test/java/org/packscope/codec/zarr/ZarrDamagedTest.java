package org.packscope.codec.zarr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.analysis.TreeWalk;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.json.Json;

/**
 * The damaged Zarr stores of the fixtures (MANIFEST.json "damaged"): each problem is a
 * diagnostic with its rule at the byte the MANIFEST names, in the file it names, and
 * everything else in the store still decodes to the MANIFEST's values.
 */
class ZarrDamagedTest {

    /** Every diagnostic of a store after a deep check, as "node path|rule|byte offset". */
    private static List<String> check(String store) {
        Node root = new ZarrFormat().open(ZarrFixturesTest.ROOT.resolve("damaged/" + store), p -> null);
        return TreeWalk.diagnostics(root, true, 100_000, Progress.NONE).stream()
                .map(l -> l.node().path() + "|" + l.diagnostic().rule() + "|" + (l.diagnostic().span() == null ? "-" : l.diagnostic().span().offsetText()))
                .toList();
    }

    private static void intactArraysDecode(String store) throws Exception {
        Json d = ZarrFixturesTest.manifest().get("damaged").get("damaged/" + store);
        for (Map.Entry<String, Json> e : d.get("intact_arrays").members().entrySet()) {
            Node n = ZarrFixturesTest.open("damaged/" + store, e.getKey());
            assertEquals(e.getValue().get("sha256").asText(), ZarrFixturesTest.sha256(ZarrFixturesTest.values(n)), store + "::" + e.getKey());
        }
    }

    @Test
    void missingDtypeIsReportedAtTheArrayObject() throws Exception {
        assertEquals(List.of("bad|zarr_metadata_key_missing|0"), check("v2_missing_dtype.zarr"));
        assertNull(ZarrFixturesTest.open("damaged/v2_missing_dtype.zarr", "bad").values());
        intactArraysDecode("v2_missing_dtype.zarr");
    }

    @Test
    void aTruncatedBloscChunkIsAGapAndTheOtherChunksDecode() throws Exception {
        List<String> found = check("v2_truncated_blosc.zarr");
        assertTrue(found.contains("bad/1|cbytes_beyond_data|12"), found.toString());
        ValueColumn col = ZarrFixturesTest.open("damaged/v2_truncated_blosc.zarr", "bad").values();
        byte[] gaps = new byte[200];
        col.gaps(0, gaps, 0, 200);
        for (int i = 0; i < 200; i++) assertEquals(i >= 80 && i < 160 ? ValueColumn.UNDECODABLE : ValueColumn.PRESENT, gaps[i], "value " + i);
        assertTrue(col.gapReason(100).contains("cbytes"), col.gapReason(100));
        intactArraysDecode("v2_truncated_blosc.zarr");
    }

    @Test
    void anUnknownV2CompressorIsReportedAtItsIdAndTheChunksAreStillListed() throws Exception {
        assertEquals(List.of("bad|zarr_unknown_codec|70"), check("v2_unknown_codec.zarr"));
        Node bad = ZarrFixturesTest.open("damaged/v2_unknown_codec.zarr", "bad");
        assertNull(bad.values());
        assertEquals(3, bad.children().stream().filter(c -> c.kind().equals("zarr-chunk")).count());
        intactArraysDecode("v2_unknown_codec.zarr");
    }

    @Test
    void anUnknownV3CodecIsReportedAtItsName() throws Exception {
        assertEquals(List.of("bad|zarr_unknown_codec|470"), check("v3_unknown_codec.zarr"));
        intactArraysDecode("v3_unknown_codec.zarr");
    }

    @Test
    void missingDataTypeIsReported() throws Exception {
        assertEquals(List.of("bad|zarr_metadata_key_missing|0"), check("v3_missing_data_type.zarr"));
        intactArraysDecode("v3_missing_data_type.zarr");
    }

    @Test
    void aShortChunkIsReportedAtItsEnd() throws Exception {
        assertEquals(List.of("bad/0.0|zarr_chunk_size|100"), check("v3_short_chunk.zarr"));
        intactArraysDecode("v3_short_chunk.zarr");
    }

    @Test
    void crc32cMismatchesAreReportedAtTheChecksumAndTheBytesStillDecode() throws Exception {
        List<String> found = check("v3_bad_crc32c.zarr");
        assertEquals(List.of("bad/1|zarr_crc32c_mismatch|16", "bad_index_crc/1.1|zarr_crc32c_mismatch|673"), found.stream().sorted().toList());
        Json m = ZarrFixturesTest.manifest();
        Node shard = ZarrFixturesTest.open("damaged/v3_bad_crc32c.zarr", "bad_index_crc");
        assertEquals(m.get("arrays").get("v3.zarr/assembled/shard_end_blosc_i4").get("sha256").asText(), ZarrFixturesTest.sha256(ZarrFixturesTest.values(shard)));
        // value 9 (the second of chunk 1) differs by one in its lowest bit; the rest are as written
        ValueColumn bad = ZarrFixturesTest.open("damaged/v3_bad_crc32c.zarr", "bad").values();
        long[] v = new long[30];
        bad.read(0, v, 0, 30);
        Node good = ZarrFixturesTest.open("v3.zarr", "assembled/crc32c_i2");
        long[] w = new long[30];
        good.values().read(0, w, 0, 30);
        for (int i = 0; i < 30; i++) assertEquals(i == 9 ? w[i] ^ 1 : w[i], v[i], "value " + i);
        intactArraysDecode("v3_bad_crc32c.zarr");
    }

    @Test
    void aShardIndexEntryBeyondTheShardIsReportedAtTheEntry() throws Exception {
        List<String> found = check("v3_bad_shard_index.zarr");
        // the shard's report is kept once, by the inner chunk node the entry describes
        assertEquals(List.of("bad/0.0/1.1|zarr_shard_index|529"), found);
        // rows 8..15, columns 10..19 read as the fill value 0; everything else as written
        long[] bad = new long[40 * 36], good = new long[40 * 36];
        ZarrFixturesTest.open("damaged/v3_bad_shard_index.zarr", "bad").values().read(0, bad, 0, bad.length);
        ZarrFixturesTest.open("v3.zarr", "assembled/shard_end_blosc_i4").values().read(0, good, 0, good.length);
        for (int r = 0; r < 40; r++) {
            for (int c = 0; c < 36; c++) {
                boolean lost = r >= 8 && r < 16 && c >= 10 && c < 20;
                assertEquals(lost ? 0 : good[r * 36 + c], bad[r * 36 + c], r + "," + c);
            }
        }
        intactArraysDecode("v3_bad_shard_index.zarr");
    }
}
