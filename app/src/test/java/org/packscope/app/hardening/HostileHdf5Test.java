package org.packscope.app.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile HDF5 inputs of issue 28, each run through the CLI in a JVM of its own with a
 * 256 MB heap: valid but unusual files (chunked datasets never written, a CSR matrix of
 * 30 million empty rows, 10x with 30 million barcodes), a dataset of a million chunks,
 * B-tree DAGs and a bzip2 bomb, and a BPCells matrix in the root group beside other
 * matrices. Each case checks the exit code, the output against the data (values
 * recounted, offsets found in the file's own bytes), that nothing but the requested output
 * was written, and a time limit far above the promise (the measured figures are printed).
 * The inputs are written by {@code hostile/hdf5/make_hostile.py} with h5py; without it the
 * cases are skipped with a message.
 */
class HostileHdf5Test {
    /** A Java class name of a failure, jhdf's or lz4-java's own words, or the JVM's words for running out of memory. */
    private static final Pattern INTERNAL = Pattern.compile(
            "[A-Z][A-Za-z]*(Exception|Error)\\b|Java heap space|\tat |ChunkImpl\\{|long overflow|newLimit > capacity|io\\.jhdf|net\\.jpountz");
    /** Generous: the promise is 5 s plus 200 MB/s of decoded data; a hang or a walk of every path of a DAG takes longer. */
    private static final long WALL_LIMIT_MS = 60_000;
    /**
     * CPU time for checking 50,000 empty groups: about 6-7 s (JVM start, compilation and
     * collection included) on a 2-core machine at load 7; twice that, for a shared machine.
     * Work quadratic in the groups is far above it.
     */
    private static final long GROUPS_CPU_LIMIT_MS = 15_000;
    /** CPU time for checking two million BPCells names, each a global heap object. */
    private static final long NAMES_CPU_LIMIT_MS = 20_000;
    private static final String[] CASES = {"unwritten", "unwritten_latest", "csr_30m_rows", "tenx_30m_barcodes", "chunks_1m",
        "chunks_300k", "chunks_300k_poked", "chunk_btree_dag", "group_btree_dag", "bzip2_bomb", "gzip_bomb", "root_matrix", "groups_50k",
        "bpcells_names_2m", "dense_x", "x_index_out_of_range", "x_index_negative", "big_contiguous"};
    /** The AnnData fixture the damaged X copies start from, and the BPCells matrix it equals. */
    private static final Path FIXTURES = org.packscope.app.Samples.root().getParent().resolve("codec/src/test/resources/fixtures");

    @TempDir
    static Path inputs;
    /** The working folder of each command: nothing may appear there but the requested output. */
    @TempDir
    Path work;

    @BeforeAll
    static void writeInputs() throws Exception {
        String python = pythonWithH5py();
        Assumptions.assumeTrue(python != null, "skipped: no python3 with h5py to write the hostile HDF5 inputs (apt-get install python3-h5py)");
        Path script = Path.of(HostileHdf5Test.class.getResource("/hostile/hdf5/make_hostile.py").toURI());
        List<String> cmd = new ArrayList<>(List.of(python, script.toString(), inputs.toString()));
        cmd.addAll(List.of(CASES));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("PBMC_CSR", FIXTURES.resolve("singlecell/pbmc_csr.h5ad").toString());
        Process p = pb.start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.MINUTES) && p.exitValue() == 0, "make_hostile.py failed:\n" + log);
    }

    private static String pythonWithH5py() throws InterruptedException {
        for (String py : new String[] {"/usr/bin/python3", "python3"}) {
            try {
                Process p = new ProcessBuilder(py, "-c", "import h5py, numpy").redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                if (p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0) return py;
            } catch (IOException e) {
                // not there; try the next
            }
        }
        return null;
    }

    private static Path input(String name) {
        return inputs.resolve(name);
    }

    /** Runs the command from an empty folder and checks the promise every command keeps; {@code outputs} are the files it may write there. */
    private MeasuredCli.Run cli(Set<String> outputs, String... args) throws Exception {
        MeasuredCli.Run r = MeasuredCli.run(work, args);
        System.out.println(String.join(" ", args).replace(inputs + "/", "") + ": " + r.figures());
        assertTrue(r.wallMillis() < WALL_LIMIT_MS, "took " + r.figures());
        assertFalse(INTERNAL.matcher(r.text()).find(), "internal words in the output: " + r);
        assertTrue(r.code() == 0 || r.code() == 1, "exit 0 or 1 for a readable file: " + r);
        Set<String> present = new TreeSet<>();
        try (Stream<Path> s = Files.list(work)) {
            s.forEach(p -> present.add(p.getFileName().toString()));
        }
        assertEquals(new TreeSet<>(outputs), present, "written in the working folder besides the requested output");
        return r;
    }

    private MeasuredCli.Run check(String target) throws Exception {
        return cli(Set.of(), "check", target);
    }

    private byte[] decodeRaw(String target, String outName, int expectedCode) throws Exception {
        Path out = work.resolve(outName);
        MeasuredCli.Run r = cli(Set.of(outName), "decode", target, "--format", "raw", "--out", out.toString());
        assertEquals(expectedCode, r.code(), r.toString());
        byte[] b = Files.readAllBytes(out);
        Files.delete(out);
        return b;
    }

    private List<String> decodeText(String target, String format) throws Exception {
        Path out = work.resolve("out." + format);
        MeasuredCli.Run r = cli(Set.of(out.getFileName().toString()), "decode", target, "--format", format, "--out", out.toString());
        assertEquals(0, r.code(), r.toString());
        List<String> lines = Files.readAllLines(out);
        Files.delete(out);
        return lines;
    }

    // ------------------------------------------------------------------ valid but unusual

    @Test
    void chunkedDatasetsNeverWrittenReadAsTheirFillValue() throws Exception {
        for (String file : new String[] {"unwritten.h5", "unwritten_latest.h5"}) {
            String f = input(file).toString();
            MeasuredCli.Run c = check(f);
            assertEquals(0, c.code(), c.toString());
            assertEquals("", c.out(), file);
            ByteBuffer filled = ByteBuffer.wrap(decodeRaw(f + "::/filled", "filled.raw", 0)).order(ByteOrder.LITTLE_ENDIAN);
            assertEquals(1000 * 1000 * 4, filled.capacity(), file);
            for (int i = 0; i < 1000 * 1000; i++) assertEquals(3.5f, filled.getFloat(i * 4), file + " element " + i);
            List<String> gzip = decodeText(f + "::/gzip", "csv");
            assertEquals(5000, gzip.size(), file);
            assertTrue(gzip.stream().allMatch("-7"::equals), file);
            List<String> some = decodeText(f + "::/some", "csv");
            for (int i = 0; i < 1000; i++) assertEquals(i >= 200 && i < 300 ? String.valueOf(i - 200) : "9", some.get(i), file + " element " + i);
        }
    }

    @Test
    void aCsrMatrixOfThirtyMillionEmptyRowsIsCheckedAndExported() throws Exception {
        String x = input("csr_30m_rows.h5ad") + "::X";
        MeasuredCli.Run c = check(input("csr_30m_rows.h5ad").toString());
        assertEquals(0, c.code(), c.toString());
        List<String> mtx = decodeText(x, "mtx");
        assertEquals("30000000 10 0", mtx.stream().filter(l -> !l.startsWith("%")).findFirst().orElse(""), String.join("\n", mtx));
    }

    @Test
    void tenxWithThirtyMillionBarcodesIsCheckedAndExported() throws Exception {
        MeasuredCli.Run c = check(input("tenx_30m_barcodes.h5").toString());
        assertEquals(0, c.code(), c.toString());
        List<String> mtx = decodeText(input("tenx_30m_barcodes.h5") + "::matrix", "mtx");
        assertEquals("3 30000000 0", mtx.stream().filter(l -> !l.startsWith("%")).findFirst().orElse(""), String.join("\n", mtx));
        // the last barcode is read from its page when asked for
        MeasuredCli.Run barcodes = cli(Set.of(), "inspect", input("tenx_30m_barcodes.h5") + "::matrix", "--depth", "0");
        assertTrue(barcodes.out().contains("barcodes = 30000000"), barcodes.out());
    }

    // ------------------------------------------------------------------ per-chunk objects

    @Test
    void aMillionChunksAreCheckedDecodedAndInspectedWithinTheHeap() throws Exception {
        String f = input("chunks_1m.h5").toString();
        MeasuredCli.Run c = check(f);
        assertEquals(0, c.code(), c.toString());
        assertEquals("", c.out());
        byte[] values = decodeRaw(f + "::/d", "d.raw", 0);
        assertEquals(1_000_000, values.length);
        for (int i = 0; i < values.length; i++) assertEquals((byte) (i % 127), values[i], "element " + i);
        MeasuredCli.Run inspect = cli(Set.of(), "inspect", f + "::/d", "--depth", "1");
        assertTrue(inspect.out().contains("chunks — 1,000,000 written"), inspect.out());
    }

    @Test
    void diffOfTwoDatasetsOfThreeHundredThousandChunksNamesTheOneDifference() throws Exception {
        MeasuredCli.Run same = cli(Set.of(), "diff", input("chunks_300k.h5").toString(), input("chunks_300k.h5").toString());
        assertEquals(0, same.code(), same.toString());
        assertEquals("no differences\n", same.out());
        MeasuredCli.Run d = cli(Set.of(), "diff", input("chunks_300k.h5").toString(), input("chunks_300k_poked.h5").toString());
        assertEquals(1, d.code(), d.toString());
        assertEquals("d: value 123456: " + 123_456 % 127 + " → -1\n1 difference: 0 in the structure, 1 value\n", d.out());
        assertFalse(d.out().contains("too_large_to_hold"), d.out());
    }

    // ------------------------------------------------------------------ DAGs and bombs

    @Test
    void chunkAndGroupBTreeDagsAreReportedAtTheNodeReachedTwice() throws Exception {
        for (String file : new String[] {"chunk_btree_dag.h5", "group_btree_dag.h5"}) {
            Path f = input(file);
            // make_hostile.py appends a level 0, 1 and 2 node; each lists the one below it 32 or 64 times, so
            // the first node reached a second time, going down the first path, is the level 0 node appended first
            List<Integer> nodes = indexesOf(Files.readAllBytes(f), "TREE".getBytes(StandardCharsets.US_ASCII));
            long twice = nodes.get(nodes.size() - 3);
            MeasuredCli.Run c = check(f.toString());
            assertEquals(1, c.code(), c.toString());
            assertTrue(c.out().contains(": error at byte " + twice + ": hdf5_cycle: "), c.out());
            assertEquals(1, c.out().lines().count(), c.out());
        }
    }

    @Test
    void aBzip2BombStopsAtTheChunkSizeAndIsReportedAtItsChunk() throws Exception {
        Path f = input("bzip2_bomb.h5");
        byte[] bytes = Files.readAllBytes(f);
        int second = indexOf(bytes, "BZh9".getBytes(StandardCharsets.US_ASCII), indexOf(bytes, "BZh9".getBytes(StandardCharsets.US_ASCII), 0) + 1);
        MeasuredCli.Run c = check(f.toString());
        assertEquals(1, c.code(), c.toString());
        assertTrue(c.out().contains(": error at byte " + second + ": too_large_to_hold: "), c.out());
        assertTrue(c.out().contains("4096 bytes"), "the chunk's own size is the limit: " + c.out());
        // the other three chunks decode; the bomb's elements are the gap
        ByteBuffer v = ByteBuffer.wrap(decodeRaw(f + "::/d", "d.raw", 1)).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 4096; i++) {
            if (i / 1024 == 1) assertTrue(Float.isNaN(v.getFloat(i * 4)), "element " + i);
            else assertEquals((float) (i % 1024), v.getFloat(i * 4), "element " + i);
        }
    }

    @Test
    void aGzipBombStopsAtTheChunkSizeAndIsReportedAtItsChunk() throws Exception {
        Path f = input("gzip_bomb.h5");
        MeasuredCli.Run c = check(f.toString());
        assertEquals(1, c.code(), c.toString());
        assertTrue(c.out().contains("hdf5_filter_damaged: dataset /d, chunk at [1024]: chunk filter deflate: "), c.out());
        assertTrue(c.out().contains("more than the 4096 bytes expected"), "the chunk's own size is the limit: " + c.out());
        // the error is at the bomb's own bytes: its zlib header (0x78 0xda, level 9) lies there
        long at = Long.parseLong(c.out().replaceAll("(?s).*: error at byte (\\d+): hdf5_filter_damaged.*", "$1"));
        byte[] bytes = Files.readAllBytes(f);
        assertEquals(0x78, bytes[(int) at] & 0xff, "a zlib stream starts at byte " + at);
        assertEquals(0xda, bytes[(int) at + 1] & 0xff, "the level-9 stream, the bomb, starts at byte " + at);
        assertTrue(c.peakHeapMb() < 200, "no room taken for what the bomb would inflate to: " + c.figures());
        ByteBuffer v = ByteBuffer.wrap(decodeRaw(f + "::/d", "d.raw", 1)).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 4096; i++) {
            if (i / 1024 == 1) assertTrue(Float.isNaN(v.getFloat(i * 4)), "element " + i);
            else assertEquals((float) (i % 1024), v.getFloat(i * 4), "element " + i);
        }
    }

    // ------------------------------------------------------------------ files that change while read

    @Test
    void aFileCutShortDuringDecodeIsTruncatedWithTheOutputRemoved() throws Exception {
        Path copy = work.getParent().resolve("cut-" + System.nanoTime() + ".h5");
        Files.copy(input("big_contiguous.h5"), copy);
        try {
            for (String threads : new String[] {"1", "2"}) {
                Files.copy(input("big_contiguous.h5"), copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                Path out = work.resolve("values.csv");
                MeasuredCli.Started s = MeasuredCli.start(work, "decode", copy + "::/d", "--format", "csv", "--threads", threads, "--out", out.toString());
                // cut the file to a quarter once the output is being written (values of the first megabytes are out)
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (s.alive() && partBytes(work) < (1 << 20) && System.nanoTime() < deadline) Thread.sleep(20);
                Assumptions.assumeTrue(s.alive(), "the decode ended before the file could be cut (a very fast machine)");
                try (var ch = java.nio.channels.FileChannel.open(copy, java.nio.file.StandardOpenOption.WRITE)) {
                    ch.truncate(50_000_000);
                }
                MeasuredCli.Run r = s.finish();
                System.out.println("decode of a file cut short, " + threads + " thread(s): " + r.figures());
                assertEquals(1, r.code(), r.toString());
                assertTrue(r.err().contains(": error at byte 50000000: truncated: the file was cut short while it was being read"), r.err());
                assertFalse(INTERNAL.matcher(r.text()).find(), r.toString());
                try (Stream<Path> left = Files.list(work)) {
                    assertEquals(List.of(), left.toList(), "the output and its temporary file are removed");
                }
            }
        } finally {
            Files.deleteIfExists(copy);
        }
    }

    private static long partBytes(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            long most = 0;
            for (Path p : s.toList()) {
                try {
                    most = Math.max(most, Files.size(p));
                } catch (IOException gone) {
                    // moved or removed meanwhile
                }
            }
            return most;
        }
    }

    // ------------------------------------------------------------------ false clean across formats

    @Test
    void aMatrixDiffNeverSaysNoDifferencesWhenASideDroppedEntries() throws Exception {
        String bpcells = FIXTURES.resolve("bpcells/hdf5_gzip4_packed_uint_col.h5").toString();
        MeasuredCli.Run clean = cli(Set.of(), "diff", FIXTURES.resolve("singlecell/pbmc_csr.h5ad") + "::X", bpcells);
        assertEquals(0, clean.code(), clean.toString());
        assertTrue(clean.out().endsWith("no differences\n"), clean.out());
        for (String file : new String[] {"x_index_out_of_range.h5ad", "x_index_negative.h5ad"}) {
            // the one extra entry, at a column that does not exist, is all that differs from the BPCells matrix
            for (String[] sides : new String[][] {{input(file) + "::X", bpcells}, {bpcells, input(file).toString()}}) {
                MeasuredCli.Run d = cli(Set.of(), "diff", sides[0], sides[1]);
                String side = sides[0].equals(bpcells) ? "right" : "left";
                assertEquals(1, d.code(), d.toString());
                assertFalse(d.out().contains("no differences"), d.out());
                assertTrue(d.out().contains(side + " matrix: entries not compared: 1 of 501 stored entries"), d.out());
                assertTrue(d.out().contains(side + " matrix: damaged, compared as read: index_out_of_range: "), d.out());
            }
        }
    }

    // ------------------------------------------------------------------ a matrix at the root

    @Test
    void aMatrixInTheRootGroupKeepsTheFilesOtherGroups() throws Exception {
        String f = input("root_matrix.h5").toString();
        for (String inner : new String[] {"::/", "::/extra/m", "::/a/b/c/d/mat"}) {
            MeasuredCli.Run c = check(f + inner);
            assertEquals(0, c.code(), inner + ": " + c);
            List<String> mtx = decodeText(f + inner, "mtx");
            List<String> entries = mtx.stream().filter(l -> !l.startsWith("%")).toList();
            assertEquals("3 4 6", entries.get(0), inner);
            // the matrix every one of the three groups holds, as make_hostile.py wrote it (float32)
            String[] expected = {"1 1 1.5", "3 1 -7", "1 3 -2.25", "2 3 0.003", "2 4 1e10", "3 4 0.1"};
            assertEquals(expected.length + 1, entries.size(), inner);
            for (int i = 0; i < expected.length; i++) {
                String[] want = expected[i].split(" "), got = entries.get(i + 1).split(" ");
                assertEquals(want[0] + " " + want[1], got[0] + " " + got[1], inner);
                assertEquals(Float.parseFloat(want[2]), Float.parseFloat(got[2]), inner + " " + entries.get(i + 1));
            }
        }
    }

    @Test
    void fiftyThousandGroupsAreCheckedWithinTheLimit() throws Exception {
        MeasuredCli.Run c = check(input("groups_50k.h5").toString());
        assertEquals(0, c.code(), c.toString());
        assertEquals("", c.out());
        // CPU of the whole JVM (start-up, compilation and collection included); a per-group cost
        // that grew with the group count would be minutes
        assertTrue(c.cpuMillis() < GROUPS_CPU_LIMIT_MS, c.figures());
    }

    /**
     * Two million column names of a BPCells matrix, each a global heap object: valid, so check
     * is silent (they were read whole and ran out of the heap, a warning on a good file), and
     * the names decode in order, read a page at a time.
     */
    @Test
    void twoMillionBpcellsNamesAreCheckedAndDecodedWithinTheHeap() throws Exception {
        String m = input("bpcells_names_2m.h5") + "::mat";
        MeasuredCli.Run c = check(m);
        assertEquals(0, c.code(), c.toString());
        assertEquals("", c.out());
        assertTrue(c.cpuMillis() < NAMES_CPU_LIMIT_MS, c.figures());
        List<String> names = decodeText(m + "/col_names", "csv");
        int first = names.get(0).equals("cell0000000") ? 0 : 1; // a header line, if the format has one
        assertEquals(2_000_000, names.size() - first);
        for (int i = 0; i < 2_000_000; i += 99_991) assertEquals(String.format("cell%07d", i), names.get(first + i));
        assertEquals("cell1999999", names.get(names.size() - 1));
    }

    /**
     * A dense X of 2^26 × 2^20 cells with two chunks written: MatrixMarket lists the entries of
     * the written chunks only, in column order, without walking the 2^46-cell grid.
     */
    @Test
    void aDenseXOfTwoWrittenChunksExportsItsEntriesOnly() throws Exception {
        String x = input("dense_x.h5ad") + "::X";
        List<String> lines = decodeText(x, "mtx");
        List<String> entries = lines.stream().filter(l -> !l.startsWith("%")).toList();
        assertEquals("67108864 1048576 2048", entries.get(0));
        List<String> expect = new ArrayList<>();
        for (int i = 1; i <= 1024; i++) expect.add(i + " " + i + " 3");
        long col = 700L * 1024 + 5 + 1, row0 = 5_000L * 1024 + 1;
        for (int i = 0; i < 1024; i++) expect.add((row0 + i) + " " + col + " 7");
        assertEquals(expect, entries.subList(1, entries.size()));
        MeasuredCli.Run c = check(input("dense_x.h5ad").toString());
        assertEquals(0, c.code(), c.toString());
    }

    // ------------------------------------------------------------------ helpers

    private static int indexOf(byte[] hay, byte[] needle, int from) {
        outer:
        for (int i = from; i + needle.length <= hay.length; i++) {
            for (int k = 0; k < needle.length; k++) if (hay[i + k] != needle[k]) continue outer;
            return i;
        }
        return -1;
    }

    private static List<Integer> indexesOf(byte[] hay, byte[] needle) {
        List<Integer> out = new ArrayList<>();
        for (int at = indexOf(hay, needle, 0); at >= 0; at = indexOf(hay, needle, at + 1)) out.add(at);
        return out;
    }
}
