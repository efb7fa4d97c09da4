package org.packscope.codec.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.testing.Fixtures;

/**
 * MatrixMarket text written on several threads, in column ranges of several sizes, is
 * byte for byte the text one thread writes, and counts the same skipped entries: sound
 * fixtures, a damaged copy, rows out of order, a matrix that cannot be split.
 */
class MatrixMarketThreadsTest {
    private static final List<String> COMMENTS = List.of("written by PackScope from somewhere: ü", MatrixMarket.ORDER_COMMENT);

    @TempDir Path tmp;

    private static SparseMatrix open(String address) {
        FormatRegistry.Resolved r = FormatRegistry.standard().resolve(address);
        Node n = r.target();
        assertNotNull(n, address);
        SparseMatrix m = n.facet(SparseMatrix.class);
        assertNotNull(m, address + " " + n.diagnostics());
        return m;
    }

    private static String bpcells(String name) {
        return Fixtures.resource("fixtures/bpcells/" + name).toString();
    }

    private static String singleCell(String file, String address) {
        return Fixtures.resource("fixtures/singlecell/" + file) + "::" + address;
    }

    /** The one-thread text (through the Appendable path that the fixture tests check) and what it skipped. */
    private record Written(byte[] bytes, long skipped) { }

    private static Written oneThread(SparseMatrix m) throws IOException {
        StringBuilder sb = new StringBuilder();
        long skipped = MatrixMarket.write(m, sb, COMMENTS, Progress.NONE);
        return new Written(sb.toString().getBytes(StandardCharsets.UTF_8), skipped);
    }

    private static Written threads(SparseMatrix m, int threads, long range) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long skipped = MatrixMarket.write(m, out, COMMENTS, Progress.NONE, threads, range);
        return new Written(out.toByteArray(), skipped);
    }

    /** Same bytes and skipped count on 1, 2 and 5 threads, in ranges from one entry to more than the matrix. */
    private static void sameOnAnyThreads(SparseMatrix m, Written expected) throws IOException {
        for (long range : new long[] {1, 100, 1 << 20}) {
            for (int threads : new int[] {1, 2, 5}) {
                Written w = threads(m, threads, range);
                assertArrayEquals(expected.bytes(), w.bytes(), threads + " threads, ranges of " + range);
                assertEquals(expected.skipped(), w.skipped(), threads + " threads, ranges of " + range);
            }
        }
    }

    @Test
    void soundFixturesSplitIntoRangesAndWriteTheSameBytes() throws IOException {
        for (String address : List.of(bpcells("medium_packed_uint_col_dir_names"), bpcells("medium_unpacked_uint_col_dir"),
                bpcells("medium_packed_double_col_hdf5_names.h5") + "::/mat", bpcells("small_packed_float_col_dir_names"),
                bpcells("edge_dense_column_packed_uint_col_dir"), bpcells("edge_uint_max_packed_uint_col_dir"),
                singleCell("pbmc_csc.h5ad", "X"), singleCell("tenx_v3.h5", "matrix"))) {
            SparseMatrix m = open(address);
            assertNotNull(MatrixMarket.columnRanges(m, 100), address + " splits into column ranges");
            Written expected = oneThread(m);
            assertEquals(0, expected.skipped(), address);
            sameOnAnyThreads(m, expected);
        }
    }

    /**
     * CSV holds the same entries: each MatrixMarket line {@code r c v} is the row
     * {@code r-1,c-1,v}, under a {@code row,col,value} heading, on any thread count.
     */
    @Test
    void csvRowsAreTheMatrixMarketLinesZeroBasedOnAnyThreads() throws IOException {
        for (String address : List.of(bpcells("medium_packed_uint_col_dir_names"), bpcells("small_packed_float_col_dir_names"),
                bpcells("medium_packed_double_col_hdf5_names.h5") + "::/mat", singleCell("pbmc_csc.h5ad", "X"))) {
            SparseMatrix m = open(address);
            String[] mtx = new String(oneThread(m).bytes(), StandardCharsets.UTF_8).split("\n");
            StringBuilder want = new StringBuilder("row,col,value\n");
            int first = 0;
            while (mtx[first].startsWith("%")) first++;
            for (int i = first + 1; i < mtx.length; i++) { // after the size line
                String[] f = mtx[i].split(" ");
                want.append(Long.parseLong(f[0]) - 1).append(',').append(Long.parseLong(f[1]) - 1).append(',').append(f[2]).append('\n');
            }
            for (long range : new long[] {1, 100, 1 << 20}) {
                for (int threads : new int[] {1, 2, 5}) {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    assertEquals(0, MatrixMarket.writeCsv(m, out, Progress.NONE, threads, range), address);
                    assertEquals(want.toString(), out.toString(StandardCharsets.UTF_8), address + ", " + threads + " threads, ranges of " + range);
                }
            }
        }
    }

    /** Storage by row (every column range would read every row) and dense blocks stay on one thread, with the same bytes. */
    @Test
    void matricesThatDoNotSplitWriteTheSameBytes() throws IOException {
        SparseMatrix csr = open(singleCell("pbmc_csr.h5ad", "X"));
        assertNull(MatrixMarket.columnRanges(csr, 100), "CSR does not split");
        sameOnAnyThreads(csr, oneThread(csr));
        SparseMatrix rowMajor = open(bpcells("medium_unpacked_float_row_hdf5.h5") + "::/mat");
        assertNull(MatrixMarket.columnRanges(rowMajor, 100), "BPCells by row does not split");
        sameOnAnyThreads(rowMajor, oneThread(rowMajor));
        SparseMatrix dense = open(singleCell("pbmc_dense.h5ad", "X"));
        assertNotNull(MatrixMarket.columnRanges(dense, 100), "dense ranges are planned, then found not to come column by column");
        sameOnAnyThreads(dense, oneThread(dense));
    }

    /** The 5M-entry benchmark matrix in the default ranges: 2 and 3 threads write what one thread writes. */
    @Test
    void benchMatrixWritesTheSameBytesOnAnyThreads() throws Exception {
        SparseMatrix m = open(Fixtures.sharedOrSkip("bench/bpcells/mat_20000x5000_packed_dir").toString());
        assertNotNull(MatrixMarket.columnRanges(m, MatrixMarket.RANGE_ENTRIES));
        byte[] one = null;
        for (int threads : new int[] {1, 2, 3}) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            try (OutputStream out = new DigestOutputStream(OutputStream.nullOutputStream(), sha)) {
                OutputStream both = new OutputStream() {
                    @Override public void write(int b) throws IOException { write(new byte[] {(byte) b}, 0, 1); }

                    @Override public void write(byte[] b, int off, int len) throws IOException {
                        if (head.size() < 200) head.write(b, off, Math.min(len, 200));
                        out.write(b, off, len);
                    }
                };
                assertEquals(0, MatrixMarket.write(m, both, COMMENTS, Progress.NONE, threads));
            }
            assertEquals("20000 5000 4997317", new String(head.toByteArray(), StandardCharsets.UTF_8).lines().toList().get(3));
            byte[] digest = sha.digest();
            if (one == null) one = digest; else assertArrayEquals(one, digest, threads + " threads");
        }
    }

    /** A BPCells folder whose index stream is cut short: the undecodable entries are left out and counted alike. */
    @Test
    void damagedMatrixWritesTheSameBytesAndSkipsTheSameEntries() throws IOException {
        Path src = Fixtures.resource("fixtures/bpcells/medium_packed_uint_col_dir_names");
        Path dir = tmp.resolve("damaged");
        Files.createDirectories(dir);
        try (Stream<Path> files = Files.list(src)) {
            for (Path f : files.toList()) Files.copy(f, dir.resolve(f.getFileName()));
        }
        Path victim = dir.resolve("index_data");
        byte[] b = Files.readAllBytes(victim);
        Files.write(victim, java.util.Arrays.copyOf(b, b.length * 2 / 3));
        SparseMatrix m = open(dir.toString());
        Written expected = oneThread(m);
        assertTrue(expected.skipped() > 0, "the cut stream loses entries: " + expected.skipped());
        assertNotNull(MatrixMarket.columnRanges(m, 100));
        sameOnAnyThreads(m, expected);
    }

    /** Column-ordered storage with rows out of order (and a repeated row) in some columns, claiming more than it yields. */
    @Test
    void rowsOutOfOrderAreSortedPerRangeAsOnOneThread() throws IOException {
        long[][] entries = {{0, 0, 1}, {4, 1, 2}, {1, 1, 3}, {3, 1, 4}, {1, 1, 9}, {2, 2, 5}, {0, 3, 6}, {1, 3, 7}, {2, 4, 8},
                {0, 4, 10}, {4, 5, 11}, {4, 5, 12}, {3, 5, 13}};
        SparseMatrix m = columnOrdered(entries, 6, entries.length + 2);
        Written expected = oneThread(m);
        assertEquals(2, expected.skipped());
        List<String> lines = new String(expected.bytes(), StandardCharsets.UTF_8).lines().toList();
        assertEquals(List.of("2 2 3", "2 2 9", "4 2 4", "5 2 2"), lines.subList(5, 9));
        assertNotNull(MatrixMarket.columnRanges(m, 2));
        sameOnAnyThreads(m, expected);
    }

    /** Column ranges cost what they read; a matrix that says each range costs the whole does not split. */
    @Test
    void rangesCoverEveryColumnOnce() {
        SparseMatrix m = columnOrdered(new long[][] {{0, 0, 1}, {1, 0, 1}, {0, 2, 1}, {0, 3, 1}, {1, 3, 1}, {2, 3, 1}, {0, 9, 1}}, 10, 7);
        assertArrayEquals(new long[] {0, 2, 3, 4, 10}, MatrixMarket.columnRanges(m, 2));
        assertArrayEquals(new long[] {0, 3, 9, 10}, MatrixMarket.columnRanges(m, 3));
        assertNull(MatrixMarket.columnRanges(m, 7), "one range only");
        SparseMatrix costly = new SparseMatrix() {
            public long rows() { return 3; }
            public long cols() { return 10; }
            public long nnz() { return 7; }
            public ValueType valueType() { return ValueType.U32; }
            public List<String> rowNames() { return List.of(); }
            public List<String> colNames() { return List.of(); }
            public void forEachEntry(EntryVisitor v, Progress p) { m.forEachEntry(v, p); }
        };
        assertNull(MatrixMarket.columnRanges(costly, 2), "default entriesToScan: every range reads the whole matrix");
    }

    /** The bar fills once over both passes (counting, then writing), never going back, and ends full. */
    @Test
    void progressRisesOnceToTheEnd() throws IOException {
        SparseMatrix m = open(bpcells("medium_packed_uint_col_dir_names"));
        for (int threads : new int[] {1, 2, 3}) {
            List<Double> seen = new ArrayList<>();
            Progress p = new Progress() {
                @Override public void update(double fraction, String message) { seen.add(fraction); }

                @Override public boolean cancelled() { return false; }
            };
            MatrixMarket.write(m, OutputStream.nullOutputStream(), COMMENTS, p, threads, 500);
            assertFalse(seen.isEmpty(), threads + " threads: progress reported");
            for (int k = 1; k < seen.size(); k++) {
                assertTrue(seen.get(k) >= seen.get(k - 1), threads + " threads: report " + k + " goes back from " + seen.get(k - 1) + " to " + seen.get(k));
            }
            assertTrue(seen.stream().allMatch(f -> f >= 0 && f <= 1), threads + " threads: fractions in [0, 1]: " + seen);
            // the writing pass starts where the counting pass's share ends
            assertTrue(seen.stream().anyMatch(f -> f >= MatrixMarket.COUNTING_SHARE && f < 1), threads + " threads: writing reported: " + seen);
            assertEquals(1.0, seen.get(seen.size() - 1), 1e-12, threads + " threads: ends full");
        }
    }

    /** Cancelling while ranges are counted or written stops the export with CancelledException before the end. */
    @Test
    void cancellationStopsTheWriters() {
        SparseMatrix m = open(bpcells("medium_packed_uint_col_dir_names"));
        for (int threads : new int[] {2, 3}) {
            AtomicBoolean cancel = new AtomicBoolean();
            double[] last = {0};
            Progress p = new Progress() {
                @Override public void update(double fraction, String message) {
                    last[0] = Math.max(last[0], fraction);
                    cancel.set(true); // at the first report, in the counting pass or the first range written

                }

                @Override public boolean cancelled() { return cancel.get(); }
            };
            OutputStream out = OutputStream.nullOutputStream();
            assertThrows(Progress.CancelledException.class, () -> MatrixMarket.write(m, out, COMMENTS, p, threads, 500));
            assertTrue(last[0] < 1, "stopped before the last range: " + last[0]);
        }
        Progress cancelled = new Progress() {
            @Override public void update(double fraction, String message) { }

            @Override public boolean cancelled() { return true; }
        };
        for (int threads : new int[] {1, 2}) {
            assertThrows(Progress.CancelledException.class,
                    () -> MatrixMarket.write(m, OutputStream.nullOutputStream(), COMMENTS, cancelled, threads, 500));
        }
    }

    /** A matrix stored by column with pointers, whose range reads cost what they hold (as BPCells and CSC do). */
    private static SparseMatrix columnOrdered(long[][] entries, long cols, long claimed) {
        long[] ptr = new long[(int) cols + 1];
        for (long[] e : entries) ptr[(int) e[1] + 1]++;
        for (int c = 0; c < cols; c++) ptr[c + 1] += ptr[c];
        return new SparseMatrix() {
            public long rows() { return 5; }
            public long cols() { return cols; }
            public long nnz() { return claimed; }
            public ValueType valueType() { return ValueType.U32; }
            public List<String> rowNames() { return List.of(); }
            public List<String> colNames() { return List.of(); }
            public void forEachEntry(EntryVisitor v, Progress p) { forEachEntryIn(0, 5, 0, cols, v, p); }
            @Override public long entriesToScan(long r0, long r1, long c0, long c1) {
                return ptr[(int) Math.min(c1, cols)] - ptr[(int) Math.max(0, c0)];
            }
            @Override public long forEachEntryIn(long r0, long r1, long c0, long c1, EntryVisitor v, Progress p) {
                List<long[]> in = new ArrayList<>();
                for (long[] e : entries) if (e[1] >= c0 && e[1] < c1 && e[0] >= r0 && e[0] < r1) in.add(e);
                for (long[] e : in) v.entry(e[0], e[1], e[2]);
                return entriesToScan(r0, r1, c0, c1);
            }
        };
    }
}
