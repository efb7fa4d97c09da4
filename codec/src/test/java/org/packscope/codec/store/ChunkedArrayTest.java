package org.packscope.codec.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.read.ReadProblem;

class ChunkedArrayTest {

    /** A 5×7 int8 array in 2×3 chunks whose element (i, j) is 10·i + j; chunk (1, 1) missing, chunk (2, 0) damaged. */
    private static ChunkedArray array(AtomicInteger decodes) {
        ChunkGrid grid = new ChunkGrid(new long[] {5, 7}, new int[] {2, 3});
        return new ChunkedArray(grid, 1, new byte[] {-1}, new ChunkedArray.Chunks() {
            @Override
            public byte[] decode(long[] c) {
                decodes.incrementAndGet();
                if (c[0] == 1 && c[1] == 1) return null;
                if (c[0] == 2 && c[1] == 0) throw new ReadProblem(Diagnostic.errorAtByte(3, "chunk_size_mismatch", "damaged"));
                byte[] b = new byte[6];
                for (int i = 0; i < 2; i++) {
                    for (int j = 0; j < 3; j++) b[i * 3 + j] = (byte) (10 * (c[0] * 2 + i) + c[1] * 3 + j);
                }
                return b;
            }

            @Override
            public boolean exists(long[] c) { return !(c[0] == 1 && c[1] == 1); }
        }, 1 << 20);
    }

    @Test
    void readsTheArrayInCOrderWithFillForMissingAndDamagedChunks() {
        ChunkedArray a = array(new AtomicInteger());
        byte[] all = new byte[35];
        a.read(0, all, 0, 35);
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < 7; j++) {
                boolean missing = i / 2 == 1 && j / 3 == 1;
                boolean damaged = i / 2 == 2 && j / 3 == 0;
                assertEquals(missing || damaged ? -1 : 10 * i + j, all[i * 7 + j], i + "," + j);
            }
        }
        assertNull(a.failure(2 * 7 + 3), "a missing chunk is the fill value, not a failure");
        assertNotNull(a.failure(4 * 7 + 1));
        assertNull(a.failure(0));
    }

    @Test
    void anyRangeReadsTheSameBytesAsTheWhole() {
        ChunkedArray a = array(new AtomicInteger());
        byte[] all = new byte[35];
        a.read(0, all, 0, 35);
        for (int from = 0; from < 35; from++) {
            for (int len = 0; from + len <= 35; len++) {
                byte[] part = new byte[len];
                a.read(from, part, 0, len);
                assertArrayEquals(java.util.Arrays.copyOfRange(all, from, from + len), part, from + "+" + len);
            }
        }
        assertThrows(IndexOutOfBoundsException.class, () -> a.read(30, new byte[6], 0, 6));
    }

    @Test
    void eachChunkIsDecodedOnceWhilePaging() {
        AtomicInteger decodes = new AtomicInteger();
        ChunkedArray a = array(decodes);
        byte[] row = new byte[7];
        for (int i = 0; i < 5; i++) a.read(i * 7L, row, 0, 7);
        assertEquals(9, decodes.get(), "3×3 chunks, each decoded once");
    }

    /**
     * An export reads a 400×400 array in 50×50 chunks a few rows at a time: every chunk is
     * decoded once, the bytes are the array's, and the chunks come from the read-ahead
     * threads (the reader finds them decoded or under way) — the read-ahead looks at each
     * stretch of the array once, not once per read.
     */
    @Test
    void aSequentialReaderGetsEveryChunkDecodedOnce() {
        ChunkGrid grid = new ChunkGrid(new long[] {400, 400}, new int[] {50, 50});
        java.util.Map<Long, Integer> decoded = new java.util.concurrent.ConcurrentHashMap<>();
        ChunkedArray a = new ChunkedArray(grid, 1, null, new ChunkedArray.Chunks() {
            @Override public byte[] decode(long[] c) {
                decoded.merge(grid.chunkIndex(c), 1, Integer::sum);
                byte[] b = new byte[2500];
                for (int i = 0; i < 50; i++) for (int j = 0; j < 50; j++) b[i * 50 + j] = (byte) ((c[0] * 50 + i) * 7 + c[1] * 50 + j);
                return b;
            }

            @Override public boolean exists(long[] c) { return true; }
        }, 1 << 20);
        byte[] part = new byte[1000];
        for (long page = 0; page < 160; page++) {
            long pos = page * part.length;
            a.read(pos, part, 0, part.length);
            for (int i = 0; i < part.length; i++) {
                long e = pos + i;
                assertEquals((byte) ((e / 400) * 7 + e % 400), part[i], "element " + e);
            }
        }
        assertEquals(64, decoded.size());
        decoded.forEach((k, n) -> assertEquals(1, n, "chunk " + k + " decodes"));
        // how many chunks the read-ahead decodes before the reader gets to them depends on the
        // machine's load, so it is not asserted here: pagesReadOutOfOrderStillLookRowsAhead
        // checks which chunks are asked for ahead
    }

    /**
     * Chunks that decode slowly (a remote store's) wait for a read-ahead thread while the
     * reader reads on: the pages read meanwhile do not queue them again.
     */
    @Test
    void aChunkWaitingForAReadAheadThreadIsQueuedOnce() {
        ChunkGrid grid = new ChunkGrid(new long[] {400, 400}, new int[] {50, 50});
        ChunkedArray a = new ChunkedArray(grid, 1, null, new ChunkedArray.Chunks() {
            @Override public byte[] decode(long[] c) {
                try {
                    Thread.sleep(4);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return new byte[2500];
            }

            @Override public boolean exists(long[] c) { return true; }
        }, 1 << 20);
        byte[] part = new byte[100];
        for (long pos = 0; pos < a.size(); pos += part.length) a.read(pos, part, 0, part.length);
        // a chunk the reader finishes between the read-ahead's two looks may be queued once more
        assertTrue(a.aheadTasks() <= 64 + 16, a.aheadTasks() + " read-ahead tasks for 64 chunks");
    }

    /**
     * Pages read by two threads arrive a little out of order (page 1 may start before page
     * 0): the reader is still sequential, and the next rows of chunks are asked for ahead —
     * beyond what a single page's look-ahead would reach.
     */
    @Test
    void pagesReadOutOfOrderStillLookRowsAhead() throws Exception {
        ChunkGrid grid = new ChunkGrid(new long[] {400, 400}, new int[] {50, 50});
        java.util.Set<Long> decoded = java.util.concurrent.ConcurrentHashMap.newKeySet();
        ChunkedArray a = new ChunkedArray(grid, 1, null, new ChunkedArray.Chunks() {
            @Override public byte[] decode(long[] c) {
                decoded.add(grid.chunkIndex(c));
                return new byte[2500];
            }

            @Override public boolean exists(long[] c) { return true; }
        }, 1 << 20);
        byte[] part = new byte[1000];
        // pages 1, 0, 3, 2, … up to page 15 (rows 0-39): a page's own look-ahead (one more page)
        // never reaches row 50, where chunk row 1 starts
        for (long page = 0; page < 16; page++) a.read((page ^ 1) * part.length, part, 0, part.length);
        long end = System.nanoTime() + 5_000_000_000L;
        while (decoded.stream().noneMatch(k -> k >= 8) && System.nanoTime() < end) Thread.sleep(5);
        org.junit.jupiter.api.Assertions.assertTrue(decoded.stream().anyMatch(k -> k >= 8), "chunks decoded: " + decoded);
    }

    /**
     * A window over several chunks starts them side by side (a remote store's requests then
     * overlap): each decode here waits until all four are under way, or two seconds.
     */
    @Test
    void aWindowsChunksAreDecodedSideBySide() throws Exception {
        ChunkGrid grid = new ChunkGrid(new long[] {4, 4}, new int[] {2, 2});
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        java.util.concurrent.CountDownLatch allFour = new java.util.concurrent.CountDownLatch(4);
        ChunkedArray a = new ChunkedArray(grid, 1, null, new ChunkedArray.Chunks() {
            @Override public byte[] decode(long[] c) {
                most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                allFour.countDown();
                try {
                    allFour.await(2, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                inFlight.decrementAndGet();
                byte[] b = new byte[4];
                java.util.Arrays.fill(b, (byte) grid.chunkIndex(c));
                return b;
            }

            @Override public boolean exists(long[] c) { return true; }
        }, 1 << 20);
        byte[] window = new byte[16];
        a.readWindow(0, 1, new long[2], 0, 4, 0, 4, window, null);
        assertEquals(4, most.get(), "chunks decoding at once");
        for (int r = 0; r < 4; r++) for (int c = 0; c < 4; c++) assertEquals((r / 2) * 2 + c / 2, window[r * 4 + c], r + "," + c);
    }

    @Test
    void verifyReportsTheDamagedChunkAndSkipsTheMissingOne() {
        List<Diagnostic> found = new ArrayList<>();
        long bytes = array(new AtomicInteger()).verify(found::add, Progress.NONE);
        assertEquals(1, found.size());
        assertEquals(7 * 6, bytes, "seven stored chunks decode");
    }

    @Test
    void gridArithmetic() {
        ChunkGrid g = new ChunkGrid(new long[] {10, 0, 4}, new int[] {3, 2, 4});
        assertEquals(0, g.chunkCount());
        ChunkGrid h = new ChunkGrid(new long[] {10, 5, 4}, new int[] {3, 2, 4});
        assertArrayEquals(new long[] {4, 3, 1}, h.gridShape());
        for (long k = 0; k < h.chunkCount(); k++) assertEquals(k, h.chunkIndex(h.chunkCoords(k)));
        assertEquals(1, h.validExtent(new long[] {3, 0, 0}, 0));
        assertEquals("3.2.0", ChunkGrid.key(new long[] {3, 2, 0}, "."));
        assertThrows(IllegalArgumentException.class, () -> new ChunkGrid(new long[] {1L << 40, 1L << 40}, new int[] {1, 1}));
    }
}
