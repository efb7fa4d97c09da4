package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.packscope.app.Samples;

/** The CLI on AnnData and 10x matrices: decode as MatrixMarket, check, bench, and diff against the BPCells matrix of the same data. */
class SingleCellCliTest {
    static final Path FIXTURES = Path.of("../codec/src/test/resources/fixtures/singlecell");
    final String h5ad = Samples.get("singlecell/pbmc.h5ad").toString();
    final String tenx = Samples.get("singlecell/pbmc_10x_v3.h5").toString();
    final String bpcells = Samples.get("bpcells/pbmc_counts.h5").toString();

    @Test
    void decodesAsMatrixMarket() throws Exception {
        CliTest.Run r = CliTest.run("decode", h5ad + "::X", "--format", "mtx");
        assertEquals(0, r.code(), r.err());
        List<String> expected = Files.readAllLines(FIXTURES.resolve("pbmc_csr_h5ad_X.expected.mtx"), StandardCharsets.UTF_8);
        List<String> actual = r.text().lines().toList();
        assertEquals(expected.stream().filter(l -> !l.startsWith("%")).toList(), actual.stream().filter(l -> !l.startsWith("%")).toList());
        CliTest.Run csv = CliTest.run("decode", tenx + "::matrix", "--format", "csv");
        assertEquals(0, csv.code(), csv.err());
        assertEquals(501, csv.text().lines().count(), "a header and one line per entry");
    }

    @Test
    void checkAndBench() throws Exception {
        assertEquals(0, CliTest.run("check", h5ad, tenx, bpcells).code());
        CliTest.Run sample = CliTest.run("check", Samples.get("singlecell/pbmc-damaged.h5ad").toString());
        assertEquals(1, sample.code());
        assertTrue(sample.text().contains("index_out_of_range: 1 entries have a column index outside 0..49 (first: /X/indices[17]"), sample.text());
        CliTest.Run bad = CliTest.run("check", FIXTURES.resolve("damaged/negative_counts.h5").toString());
        assertEquals(0, bad.code(), "warnings only");
        long offset = 0;
        for (JsonNode d : new ObjectMapper().readTree(FIXTURES.resolve("MANIFEST.json").toFile()).get("damaged")) {
            if (d.get("rule").asText().equals("negative_counts")) offset = d.get("offset").asLong();
        }
        assertTrue(offset > 0);
        assertTrue(bad.text().contains("warning at byte " + offset + ": negative_counts: 1 count values are negative"), bad.text());
        CliTest.Run broken = CliTest.run("check", FIXTURES.resolve("damaged/indptr_not_monotonic.h5ad").toString());
        assertEquals(1, broken.code());
        // the offset is the element's own bytes in its unfiltered chunk (SingleCellCheckRulesTest reads them back)
        assertTrue(broken.text().contains("error at byte 17800: indptr_not_monotonic: /X/indptr[6] at byte 17800 (chunk [0] at byte 17776, byte 24 in it)"), broken.text());
        CliTest.Run bench = CliTest.run("bench", h5ad + "::X", "--warmup", "0");
        assertEquals(0, bench.code(), bench.err());
        assertTrue(bench.text().contains("values=500 "), bench.text());
    }

    @Test
    void diffAgainstBpcellsComparesEntries() {
        CliTest.Run same = CliTest.run("diff", bpcells, h5ad);
        assertEquals(0, same.code(), same.text() + same.err());
        assertEquals(List.of("comparing matrices entry by entry: bpcells-matrix mat (100 × 50, u32) with anndata-matrix X (100 × 50, f32)",
                "no differences"), same.text().lines().toList());
        CliTest.Run changed = CliTest.run("diff", bpcells + "::mat", FIXTURES.resolve("pbmc_changed.h5ad") + "::X");
        assertEquals(1, changed.code());
        assertTrue(changed.text().contains("entry (row 7 GENE_0008, col 5 cell0006): values differ: 2 → 1002"), changed.text());
        assertTrue(changed.text().trim().endsWith("1 difference"), changed.text());
        assertEquals(0, CliTest.run("diff", tenx, h5ad).code(), "10x against AnnData of the same counts");
    }
}
