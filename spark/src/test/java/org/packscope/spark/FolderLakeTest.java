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
        assertEquals(lake.entries.size(), r.results().size());
        Set<String> checked = r.results().stream().map(u -> u.unit().address()).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(lake.entries, checked);
        Set<String> damaged = r.results().stream().filter(u -> u.status().equals(UnitResult.DAMAGED))
                .map(u -> u.unit().address()).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(lake.damaged, damaged);
        assertEquals(SparkTests.checkLines(List.copyOf(lake.entries)), SparkTests.lines(r));
        Census.Row files = r.census().get(0);
        assertEquals(lake.damaged.size(), files.damaged);
        assertEquals(lake.entries.size() - lake.damaged.size(), files.valid);
        assertEquals(1, r.exitStatus());
    }
}
