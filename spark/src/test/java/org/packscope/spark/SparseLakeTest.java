package org.packscope.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A big sparse matrix is checked a range of its major axis at a time: an AnnData file
 * (written by h5py, lake-sparse/make_big_sparse.py) with a CSR X and a CSC count layer of
 * 1,200,000 entries each (4,000 x 1,000), damaged on purpose in five rows or columns. Each damaged row
 * (column) must show in exactly the range that holds it, with its rule at a real byte of
 * the file, and the lines must be single-machine check's on the same file.
 */
class SparseLakeTest extends LocalSparkTest {
    /** Entries a range holds about (whole rows or columns): the codec's CompressedMatrix.RANGE_ENTRIES. */
    private static final long RANGE_ENTRIES = 1 << 18;

    @Test
    void aBigSparseMatrixIsCheckedRangeByRange(@TempDir Path dir) throws Exception {
        Path h5ad = dir.resolve("big_sparse.h5ad");
        try (var in = SparseLakeTest.class.getResourceAsStream("/lake-sparse/big_sparse.h5ad")) {
            Files.copy(in, h5ad);
        }
        JsonNode manifest = new ObjectMapper().readTree(SparseLakeTest.class.getResource("/lake-sparse/MANIFEST.json"));
        LakeReport r = SparkTests.run(spark, dir.resolve("out"), null, List.of(h5ad.toString()));

        // what each range should say, from the manifest: the ranges hold whole majors, about RANGE_ENTRIES entries each
        Map<String, Set<String>> expected = new TreeMap<>();
        Map<String, Long> ranges = new TreeMap<>();
        long total = 0;
        for (var m : (Iterable<Map.Entry<String, JsonNode>>) manifest.get("matrices")::fields) {
            long majors = m.getValue().get("majors").asLong();
            long per = m.getValue().get("entries_per_major").asLong();
            long majorsPerRange = (RANGE_ENTRIES + per - 1) / per;
            total += majors * per;
            String axis = m.getValue().get("axis").asText();
            ranges.put(m.getKey(), (majors + majorsPerRange - 1) / majorsPerRange);
            m.getValue().get("damaged").fields().forEachRemaining(d -> {
                long at = Long.parseLong(d.getKey());
                long from = at / majorsPerRange * majorsPerRange;
                String key = m.getKey() + " " + axis + " " + from + ".." + (Math.min(majors, from + majorsPerRange) - 1);
                expected.computeIfAbsent(key, k -> new TreeSet<>()).add(d.getValue().asText());
            });
        }

        Map<String, Set<String>> found = new TreeMap<>();
        Map<String, Long> rangeUnits = new TreeMap<>();
        Set<String> damaged = new TreeSet<>();
        long entries = 0;
        for (UnitResult u : r.collected()) {
            if (u.unit().kind() == LakeUnit.Kind.STORE) {
                assertTrue(u.problems().isEmpty(), "the structure says nothing of the ranges: " + u.problems());
                continue;
            }
            String array = u.unit().array().replaceFirst("^/", "");
            rangeUnits.merge(array, 1L, Long::sum);
            entries += u.values();
            String key = array + " " + u.unit().key();
            for (Problem p : u.problems()) {
                found.computeIfAbsent(key, k -> new TreeSet<>()).add(p.rule());
                assertFalse(p.offset().isEmpty(), p.line());
                assertTrue(Double.parseDouble(p.offset()) < Files.size(h5ad), p.line());
                assertTrue(p.message().startsWith(u.unit().key() + ": "), p.line());
            }
            if (u.status().equals(UnitResult.DAMAGED)) damaged.add(key);
        }
        assertEquals(ranges, rangeUnits);
        assertEquals(total, entries, "every entry read once");
        assertEquals(expected, found);
        // damaged: the ranges with an error (out of bounds, duplicate); unsorted indices and odd counts are warnings
        Set<String> withErrors = new TreeSet<>();
        expected.forEach((k, rules) -> { if (rules.contains("index_out_of_range") || rules.contains("index_duplicate")) withErrors.add(k); });
        assertEquals(withErrors, damaged);
        for (Census.Row c : r.census()) {
            if (c.array.isEmpty()) continue;
            String array = c.array.replaceFirst("^/", "");
            assertEquals(ranges.get(array), c.units, array);
            assertEquals(withErrors.stream().filter(k -> k.startsWith(array + " ")).count(), c.damaged, array);
        }
        assertEquals(SparkTests.checkLines(List.of(h5ad.toString())), SparkTests.lines(r));
        assertEquals(1, r.exitStatus());
    }
}
