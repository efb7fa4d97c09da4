package org.packscope.codec.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Range reads over chunk layouts that a run can cross differently: chunks that cover every
 * later dimension (a table chunked by rows, where one run spans many rows), chunks that
 * cover some, chunks larger than the array, and missing chunks among them. The oracle is
 * element by element: each element's value is a function of its coordinates, computed
 * without the chunk grid.
 */
class ChunkedArrayLayoutsTest {

    static java.util.stream.Stream<Arguments> layouts() {
        return java.util.stream.Stream.of(
                Arguments.of(new long[] {1000, 4}, new int[] {64, 4}),      // rows of a table
                Arguments.of(new long[] {1000, 4}, new int[] {64, 8}),      // chunk wider than the table
                Arguments.of(new long[] {37, 5, 6}, new int[] {4, 5, 6}),   // whole planes
                Arguments.of(new long[] {37, 5, 6}, new int[] {4, 2, 6}),   // whole rows, not planes
                Arguments.of(new long[] {37, 5, 6}, new int[] {4, 5, 4}),   // nothing spanned
                Arguments.of(new long[] {3, 1, 7}, new int[] {1, 1, 7}),
                Arguments.of(new long[] {500}, new int[] {64}));
    }

    private static byte valueAt(long[] e) {
        long h = 17;
        for (long x : e) h = h * 31 + x;
        return (byte) (h ^ h >>> 7);
    }

    @ParameterizedTest
    @MethodSource("layouts")
    void everyRangeReadsWhatEachElementHolds(long[] shape, int[] chunkShape) {
        ChunkGrid grid = new ChunkGrid(shape, chunkShape);
        AtomicInteger decodes = new AtomicInteger();
        // every third chunk is not stored: it reads as the fill value 99
        ChunkedArray a = new ChunkedArray(grid, 1, new byte[] {99}, new ChunkedArray.Chunks() {
            @Override public byte[] decode(long[] c) {
                if (grid.chunkIndex(c) % 3 == 2) return null;
                decodes.incrementAndGet();
                byte[] b = new byte[(int) grid.chunkElements()];
                long[] in = new long[c.length];
                for (int i = 0; i < b.length; i++) {
                    long rest = i;
                    for (int d = c.length - 1; d >= 0; d--) {
                        in[d] = rest % chunkShape[d];
                        rest /= chunkShape[d];
                    }
                    long[] e = new long[c.length];
                    boolean outside = false;
                    for (int d = 0; d < c.length; d++) {
                        e[d] = c[d] * chunkShape[d] + in[d];
                        outside |= e[d] >= shape[d];
                    }
                    b[i] = outside ? (byte) -7 : valueAt(e);
                }
                return b;
            }

            @Override public boolean exists(long[] c) { return grid.chunkIndex(c) % 3 != 2; }
        }, 1 << 20);
        long n = grid.elements();
        byte[] expected = new byte[(int) n];
        for (long i = 0; i < n; i++) {
            long[] e = grid.elementCoords(i);
            long[] c = new long[e.length];
            for (int d = 0; d < e.length; d++) c[d] = e[d] / chunkShape[d];
            expected[(int) i] = grid.chunkIndex(c) % 3 == 2 ? 99 : valueAt(e);
        }
        Random r = new Random(n);
        for (int t = 0; t < 400; t++) {
            int from = r.nextInt((int) n);
            int len = t == 0 ? (int) n - from : r.nextInt((int) n - from + 1);
            if (t == 0) from = 0;
            if (t == 0) len = (int) n;
            byte[] got = new byte[len + 3];
            a.read(from, got, 3, len);
            for (int i = 0; i < len; i++) assertEquals(expected[from + i], got[3 + i], "element " + (from + i) + " of a read of " + from + "+" + len);
        }
        // paging through in order decodes each stored chunk once (read-ahead included)
        AtomicInteger paged = new AtomicInteger();
        ChunkedArray fresh = new ChunkedArray(grid, 1, new byte[] {99}, new ChunkedArray.Chunks() {
            @Override public byte[] decode(long[] c) {
                if (grid.chunkIndex(c) % 3 == 2) return null;
                paged.incrementAndGet();
                return new byte[(int) grid.chunkElements()];
            }

            @Override public boolean exists(long[] c) { return grid.chunkIndex(c) % 3 != 2; }
        }, 1 << 20);
        byte[] page = new byte[13];
        for (long p = 0; p < n; p += 13) fresh.read(p, page, 0, (int) Math.min(13, n - p));
        long stored = 0;
        for (long k = 0; k < grid.chunkCount(); k++) if (k % 3 != 2) stored++;
        assertEquals(stored, paged.get(), "each stored chunk decoded once while paging");
    }
}
