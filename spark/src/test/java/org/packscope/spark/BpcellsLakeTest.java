package org.packscope.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A big BPCells matrix folder is checked a range of its columns at a time: the shared
 * bench's packed uint matrix (20000 x 5000, 4,997,317 entries, written by BPCells' C++),
 * damaged on purpose in two BP128 chunks of its row indices. The test finds the chunks
 * from the raw idxptr and index_starts (whole chunks inside one column, away from the
 * column's first entry), and works out the ranges from idxptr by the codec's rule (whole
 * columns, a new range once 2^18 entries have gone by); each damage must show in exactly
 * the range holding it, and the lines must be single-machine check's on the same folder.
 */
class BpcellsLakeTest extends LocalSparkTest {
    private static final long RANGE_ENTRIES = 1 << 18;
    private static final String MATRIX = "mat_20000x5000_packed_dir";
    private static final String[] FILES = {"col_names", "idxptr", "index_data", "index_idx", "index_idx_offsets", "index_starts",
        "row_names", "shape", "storage_order", "val_data", "val_idx", "val_idx_offsets", "version"};
    /** BPCells' binary files start with an 8-byte type marker ("UINT32v1", "UINT64v1"). */
    private static final int HEADER = 8;

    @Test
    void aBigMatrixFolderIsCheckedColumnRangeByColumnRange(@TempDir Path dir) throws Exception {
        Path folder = dir.resolve(MATRIX);
        Files.createDirectories(folder);
        for (String f : FILES) {
            try (var in = BpcellsLakeTest.class.getResourceAsStream("/lake-bpcells/" + MATRIX + "/" + f)) {
                Files.copy(in, folder.resolve(f));
            }
        }
        long[] ptr = longs(folder.resolve("idxptr"));
        int[] starts = ints(folder.resolve("index_starts"));
        int cols = ptr.length - 1;
        long nnz = ptr[cols];
        assertEquals(4_997_317, nnz);

        // two chunks of 128 entries inside one column, neither holding the column's first entry
        List<Integer> inner = new ArrayList<>();
        for (int j = 0; j < cols && inner.size() < 2000; j++) {
            for (long k = (ptr[j] + 127) / 128 + 1; (k + 1) * 128 <= ptr[j + 1]; k++) {
                if (Integer.toUnsignedLong(starts[(int) k]) >= 5000) inner.add((int) k);
            }
        }
        int outOfRange = inner.get(100);
        int unsorted = inner.get(1500);
        // a start past every row: the chunk's 128 indices lie outside 0..19999
        patchStart(folder, outOfRange, 0x7fff_0000);
        // a start 2,000 rows back: the chunk's first index falls below the one before it
        patchStart(folder, unsorted, starts[unsorted] - 2000);

        int[] rangeStarts = rangeStarts(ptr);
        Map<String, Set<String>> expected = new TreeMap<>();
        expected.put(rangeHolding(rangeStarts, ptr, 128L * outOfRange), Set.of("index_out_of_range"));
        expected.computeIfAbsent(rangeHolding(rangeStarts, ptr, 128L * unsorted), k -> new TreeSet<>()).add("index_not_increasing");

        LakeReport r = SparkTests.run(spark, dir.resolve("out"), null, List.of(folder.toString()));
        Map<String, Set<String>> found = new TreeMap<>();
        Set<String> damaged = new TreeSet<>();
        long entries = 0;
        int ranges = 0;
        for (UnitResult u : r.collected()) {
            if (u.unit().kind() != LakeUnit.Kind.CHUNK) {
                assertTrue(u.problems().isEmpty(), "the structure says nothing of the ranges: " + u.problems());
                continue;
            }
            ranges++;
            entries += u.values();
            for (Problem p : u.problems()) {
                found.computeIfAbsent(u.unit().key(), k -> new TreeSet<>()).add(p.rule());
                assertTrue(p.message().startsWith(u.unit().key() + ": "), p.line());
            }
            if (u.status().equals(UnitResult.DAMAGED)) damaged.add(u.unit().key());
        }
        assertEquals(rangeStarts.length - 1, ranges, "one unit a range");
        assertEquals(nnz, entries, "every entry read once");
        assertEquals(expected, found);
        assertEquals(Set.of(rangeHolding(rangeStarts, ptr, 128L * outOfRange)), damaged);
        Census.Row row = r.census().stream().filter(c -> !c.array.isEmpty()).findFirst().orElseThrow();
        assertEquals(rangeStarts.length - 1, row.units);
        assertEquals(1, row.damaged);
        assertEquals(SparkTests.checkLines(List.of(folder.toString())), SparkTests.lines(r));
        assertEquals(1, r.exitStatus());
    }

    /** Where each range of whole columns starts, and where the last ends: a new one once RANGE_ENTRIES entries have gone by. */
    private static int[] rangeStarts(long[] ptr) {
        List<Integer> at = new ArrayList<>(List.of(0));
        long from = ptr[0];
        for (int j = 1; j < ptr.length - 1; j++) {
            if (ptr[j] - from >= RANGE_ENTRIES) {
                at.add(j);
                from = ptr[j];
            }
        }
        at.add(ptr.length - 1);
        return at.stream().mapToInt(Integer::intValue).toArray();
    }

    private static String rangeHolding(int[] rangeStarts, long[] ptr, long entry) {
        for (int k = 0; k + 1 < rangeStarts.length; k++) {
            if (ptr[rangeStarts[k]] <= entry && entry < ptr[rangeStarts[k + 1]]) {
                return "columns " + rangeStarts[k] + ".." + (rangeStarts[k + 1] - 1);
            }
        }
        throw new AssertionError("entry " + entry + " is in no range");
    }

    private static void patchStart(Path folder, int chunk, int value) throws IOException {
        Path f = folder.resolve("index_starts");
        byte[] b = Files.readAllBytes(f);
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(HEADER + 4 * chunk, value);
        Files.write(f, b);
    }

    private static long[] longs(Path f) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(f)).order(ByteOrder.LITTLE_ENDIAN);
        long[] v = new long[(b.capacity() - HEADER) / 8];
        for (int i = 0; i < v.length; i++) v[i] = b.getLong(HEADER + 8 * i);
        return v;
    }

    private static int[] ints(Path f) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(f)).order(ByteOrder.LITTLE_ENDIAN);
        int[] v = new int[(b.capacity() - HEADER) / 4];
        for (int i = 0; i < v.length; i++) v[i] = b.getInt(HEADER + 4 * i);
        return v;
    }
}
