package org.packscope.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder of more than 1,000 files of every format PackScope reads, some damaged on
 * purpose: one unit per file; the damaged units are exactly the known ones and the
 * problem lines are single-machine check's on the same files.
 */
class FolderLakeTest extends LocalSparkTest {
    @Test
    void censusOfAThousandFilesIsTheKnownDamageAndCheck(@TempDir Path dir) throws Exception {
        FolderLake lake = FolderLake.make(dir.resolve("lake"), 30, 4);
        assertTrue(lake.entries.size() >= 1_000, lake.entries.size() + " files");
        LakeReport r = SparkTests.run(spark, dir.resolve("out"), null, List.of(lake.folder.toString()));
        assertEquals(lake.entries.size(), r.tally().units());
        Set<String> checked = r.collected().stream().map(u -> u.unit().address()).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(lake.entries, checked);
        Set<String> damaged = r.collected().stream().filter(u -> u.status().equals(UnitResult.DAMAGED))
                .map(u -> u.unit().address()).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(lake.damaged, damaged);
        assertEquals(SparkTests.checkLines(List.copyOf(lake.entries)), SparkTests.lines(r));
        Census.Row files = r.census().get(0);
        assertEquals(lake.damaged.size(), files.damaged);
        assertEquals(lake.entries.size() - lake.damaged.size(), files.valid);
        assertEquals(1, r.exitStatus());
    }

    /**
     * An HDF5 file (written by h5py, lake-hdf5/make_many_chunks.py) with datasets of 2,000 and
     * 120 gzip chunks, five damaged in place: its structure is one unit, each chunk of those
     * datasets one more (a dataset of 10 chunks stays with the structure); the damaged chunks
     * are exactly the known ones, and the lines are check's on the file.
     */
    @Test
    void anHdf5FileOfManyChunksIsCheckedChunkByChunk(@TempDir Path dir) throws Exception {
        Path h5 = dir.resolve("many_chunks.h5");
        try (var in = FolderLakeTest.class.getResourceAsStream("/lake-hdf5/many_chunks.h5")) {
            java.nio.file.Files.copy(in, h5);
        }
        var manifest = new com.fasterxml.jackson.databind.ObjectMapper().readTree(FolderLakeTest.class.getResource("/lake-hdf5/MANIFEST.json"));
        LakeReport r = SparkTests.run(spark, dir.resolve("out"), null, List.of(h5.toString()));
        java.util.Map<String, Long> chunkUnits = new java.util.TreeMap<>();
        java.util.Map<String, Set<String>> damaged = new java.util.TreeMap<>();
        for (UnitResult u : r.collected()) {
            if (u.unit().kind() != LakeUnit.Kind.CHUNK) {
                assertEquals(LakeUnit.Kind.STORE, u.unit().kind());
                continue;
            }
            String array = "/" + u.unit().array().replaceFirst("^/", "");
            chunkUnits.merge(array, 1L, Long::sum);
            if (u.status().equals(UnitResult.DAMAGED)) damaged.computeIfAbsent(array, k -> new TreeSet<>()).add(u.unit().key());
        }
        assertEquals(java.util.Map.of("/grid", 120L, "/temperature", 2_000L), chunkUnits);
        java.util.Map<String, Set<String>> known = new java.util.TreeMap<>();
        manifest.get("damaged").fields().forEachRemaining(e -> e.getValue().forEach(o -> known.computeIfAbsent(e.getKey(), k -> new TreeSet<>()).add(o.asText())));
        assertEquals(known, damaged);
        for (Census.Row c : r.census()) {
            if (c.array.isEmpty()) {
                assertEquals(1, c.units, "the file's structure");
                continue;
            }
            String array = "/" + c.array.replaceFirst("^/", "");
            assertEquals(manifest.get("chunks").get(array).asLong(), c.chunks, array);
            assertEquals(known.get(array).size(), c.damaged, array);
            assertEquals(c.chunks - c.damaged, c.valid, array);
        }
        assertEquals(3, r.census().size());
        assertEquals(SparkTests.checkLines(List.of(h5.toString())), SparkTests.lines(r));
        assertEquals(1, r.exitStatus());
    }
}
