package org.packscope.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two Zarr stores of 102,000 chunks (v2 Blosc; v3 crc32c and sharded) with damage put in
 * on purpose: the census must name exactly the chunks damaged and count exactly the ones
 * missing, its problem lines must be single-machine check's, and a re-run must read again
 * only the chunks whose bytes changed.
 */
class ZarrLakeTest extends LocalSparkTest {
    @Test
    void censusOfAHundredThousandChunksIsTheKnownDamageAndCheck(@TempDir Path dir) throws Exception {
        Path v2 = dir.resolve("lake-v2.zarr"), v3 = dir.resolve("lake-v3.zarr");
        ZarrLake.Truth blosc = ZarrLake.v2Blosc(v2, 50_000, 40, 30, 25, 1);
        ZarrLake.Truth crc = ZarrLake.v3Crc(v3, "counts", 40_000, 20, 35, 15, 2);
        ZarrLake.Truth sharded = ZarrLake.v3Sharded(v3, "sharded", 12_000, 10, 12, 3);
        List<ZarrLake.Truth> truth = List.of(blosc, crc, sharded);
        long t0 = System.nanoTime();
        List<String> addresses = List.of(v2.toString(), v3.toString());

        LakeReport first = SparkTests.run(spark, dir.resolve("out1"), null, addresses);
        System.out.printf("first run %.1f s (job %.1f s)%n", (System.nanoTime() - t0) / 1e9, first.seconds());
        t0 = System.nanoTime();
        assertEquals(1, first.exitStatus());
        assertCensus(truth, first, 0);
        assertRules(truth, first);
        Set<String> check = SparkTests.checkLines(addresses);
        System.out.printf("single-machine check %.1f s%n", (System.nanoTime() - t0) / 1e9);
        assertEquals(check, SparkTests.lines(first), "the lines single-machine check prints");
        assertEquals(blosc.damaged.size() + crc.damaged.size() + sharded.damaged.size(),
                first.problems().stream().filter(p -> !p.array().isEmpty()).map(p -> p.array() + "/" + p.unit()).distinct().count());
        assertWritten(dir.resolve("out1"), first);

        // one damaged chunk mended, one sound chunk damaged: a re-run reads those two and no other
        long chunks = truth.stream().mapToLong(ZarrLake.Truth::stored).sum();
        String mended = blosc.damaged.keySet().iterator().next();
        Files.copy(v2.resolve("temperature").resolve(soundKey(blosc)), v2.resolve("temperature").resolve(mended),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        blosc.damaged.remove(mended);
        String broken = soundKey(crc);
        Path f = v3.resolve("counts").resolve(broken);
        byte[] b = Files.readAllBytes(f);
        b[0] ^= 1;
        Files.write(f, b);
        Files.setLastModifiedTime(f, FileTime.fromMillis(Files.getLastModifiedTime(f).toMillis() + 5_000));
        crc.damaged.put(broken, ZarrLake.BAD_CRC);
        t0 = System.nanoTime();
        LakeReport again = SparkTests.run(spark, dir.resolve("out2"), dir.resolve("out1"), addresses);
        System.out.printf("re-run %.1f s (job %.1f s)%n", (System.nanoTime() - t0) / 1e9, again.seconds());
        assertEquals(chunks - 2, again.count(UnitResult.SKIPPED));
        Set<String> reread = again.collected().stream().filter(u -> u.unit().kind() == LakeUnit.Kind.CHUNK && !u.status().equals(UnitResult.SKIPPED))
                .map(u -> u.unit().array() + "/" + u.unit().key()).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(new TreeSet<>(Set.of("temperature/" + mended, "counts/" + broken)), reread);
        assertCensus(truth, again, -1);
        // the skipped chunks keep their lines; the mended one has none, the broken one says its crc32c
        Set<String> brokenLines = lines(again, "counts", broken, true);
        assertTrue(brokenLines.stream().anyMatch(l -> l.contains("zarr_crc32c_mismatch")), brokenLines.toString());
        assertTrue(lines(again, "temperature", mended, true).isEmpty());
        assertEquals(lines(first, "temperature", mended, false), lines(again, "counts", broken, false));
    }

    /** The problem lines of one chunk ({@code of}), or of every unit but that chunk. */
    private static Set<String> lines(LakeReport r, String array, String key, boolean of) {
        return r.collected().stream().filter(u -> (u.unit().array().equals(array) && u.unit().key().equals(key)) == of)
                .flatMap(u -> u.problems().stream()).map(Problem::line).collect(Collectors.toCollection(TreeSet::new));
    }

    /** A chunk of the array that is stored and sound. */
    private static String soundKey(ZarrLake.Truth t) {
        for (long k = 0; ; k++) {
            String key = t.array.equals("temperature") ? Long.toString(k) : "c/" + k;
            if (!t.missing.contains(key) && !t.damaged.containsKey(key)) return key;
        }
    }

    /** Each array's census is its truth: chunks in the grid, missing, damaged, valid ({@code skipped}: -1 for any). */
    private static void assertCensus(List<ZarrLake.Truth> truth, LakeReport r, long skipped) {
        Map<String, Census.Row> rows = new HashMap<>();
        for (Census.Row c : r.census()) rows.put(c.array, c);
        for (ZarrLake.Truth t : truth) {
            Census.Row c = rows.get(t.array);
            assertEquals(t.chunks, c.chunks, t.array);
            assertEquals(t.stored(), c.units, t.array + " units");
            assertEquals(t.missing.size(), c.missing, t.array + " missing");
            assertEquals(t.damaged.size(), c.damaged, t.array + " damaged");
            assertEquals(t.stored() - t.damaged.size(), c.valid, t.array + " valid");
            if (skipped >= 0) assertEquals(skipped, c.skipped);
            Set<String> damagedKeys = r.collected().stream()
                    .filter(u -> u.unit().array().equals(t.array) && u.effectiveStatus().equals(UnitResult.DAMAGED))
                    .map(u -> u.unit().key()).collect(Collectors.toCollection(TreeSet::new));
            assertEquals(new TreeSet<>(t.damaged.keySet()), damagedKeys, t.array + " damaged chunks");
        }
    }

    /** Each kind of damage is said by the rule for it; sound chunks say nothing. */
    private static void assertRules(List<ZarrLake.Truth> truth, LakeReport r) {
        Map<String, Set<String>> rules = new TreeMap<>();
        for (Problem p : r.problems()) {
            if (!p.array().isEmpty()) rules.computeIfAbsent(p.array() + "/" + p.unit(), k -> new TreeSet<>()).add(p.rule());
        }
        Map<String, String> expected = Map.of(ZarrLake.BAD_CRC, "zarr_crc32c_mismatch", ZarrLake.INDEX_PAST_END, "zarr_shard_index");
        Map<String, Set<String>> byKind = new TreeMap<>();
        for (ZarrLake.Truth t : truth) {
            for (Map.Entry<String, String> e : t.damaged.entrySet()) {
                Set<String> found = rules.get(t.array + "/" + e.getKey());
                assertTrue(found != null && !found.isEmpty(), t.array + "/" + e.getKey() + " (" + e.getValue() + ") has no diagnostic");
                byKind.computeIfAbsent(e.getValue(), k -> new TreeSet<>()).addAll(found);
                if (expected.containsKey(e.getValue())) assertTrue(found.contains(expected.get(e.getValue())), e.getKey() + ": " + found);
            }
        }
        System.out.println("rules by damage: " + byKind);
    }

    /** The JSON lines and Parquet tables hold what the run found. */
    private static void assertWritten(Path out, LakeReport r) throws Exception {
        List<String> units = Files.readAllLines(out.resolve("units.jsonl"));
        assertEquals(r.tally().units(), units.size());
        assertEquals(r.problems().size(), Files.readAllLines(out.resolve("diagnostics.jsonl")).size());
        List<String> census = Files.readAllLines(out.resolve("census.jsonl"));
        assertTrue(census.get(0).contains("\"record\":\"" + LakeOutput.CENSUS_MARK + "\""), census.get(0));
        assertEquals(r.census().size() + 1, census.size());
        assertEquals(r.tally().units(), spark.read().parquet(out.resolve("units.parquet").toString()).count());
        assertEquals(r.count(UnitResult.DAMAGED), spark.read().parquet(out.resolve("units.parquet").toString()).filter("status = 'damaged'").count());
        assertEquals(r.problems().size(), spark.read().parquet(out.resolve("diagnostics.parquet").toString()).count());
    }
}
