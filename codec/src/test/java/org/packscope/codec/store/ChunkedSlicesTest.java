package org.packscope.codec.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.read.ReadProblem;

class ChunkedSlicesTest {

    /** A 4×5×6 int16 array in 3×2×4 chunks whose element (i, j, k) is 100·i + 10·j + k; chunk (1, 0, 1) cannot be decoded. */
    private static ChunkedArray array(AtomicInteger decodes) {
        ChunkGrid grid = new ChunkGrid(new long[] {4, 5, 6}, new int[] {3, 2, 4});
        return new ChunkedArray(grid, 2, new byte[] {-1, -1}, new ChunkedArray.Chunks() {
            @Override
            public byte[] decode(long[] c) {
                decodes.incrementAndGet();
                if (c[0] == 1 && c[1] == 0 && c[2] == 1) throw new ReadProblem(Diagnostic.errorAtByte(0, "chunk_size_mismatch", "damaged"));
                byte[] b = new byte[3 * 2 * 4 * 2];
                for (int i = 0; i < 3; i++) {
                    for (int j = 0; j < 2; j++) {
                        for (int k = 0; k < 4; k++) {
                            int v = (int) (100 * (c[0] * 3 + i) + 10 * (c[1] * 2 + j) + c[2] * 4 + k);
                            int p = ((i * 2 + j) * 4 + k) * 2;
                            b[p] = (byte) v;
                            b[p + 1] = (byte) (v >> 8);
                        }
                    }
                }
                return b;
            }

            @Override
            public boolean exists(long[] c) { return true; }
        }, 1 << 20);
    }

    @Test
    void windowsOfEverySliceHoldTheElementsAtTheirCoordinates() {
        ArraySlices s = new ChunkedSlices(array(new AtomicInteger()), ValueType.I16, List.of("t", "y", "x"));
        assertEquals(List.of("t", "y", "x"), s.dimensionNames());
        long[] dst = new long[12];
        byte[] gaps = new byte[12];
        // a[:, 3, 1:4] rows along t, columns along x (y = 3 is in chunk row 1: no damaged chunk)
        s.read(0, 2, new long[] {0, 3, 0}, 0, 4, 1, 3, dst, gaps);
        for (int r = 0; r < 4; r++) {
            for (int c = 0; c < 3; c++) {
                assertEquals(100 * r + 30 + 1 + c, dst[r * 3 + c], r + "," + c);
                assertEquals(ValueColumn.PRESENT, gaps[r * 3 + c]);
            }
        }
        // a[3, 0:2, 3:6] transposed: rows along x, columns along y; chunk (1, 0, 1) is damaged
        s.read(2, 1, new long[] {3, 0, 0}, 3, 3, 0, 2, dst, gaps);
        assertArrayEquals(new long[] {303, 313, -1, -1, -1, -1}, java.util.Arrays.copyOf(dst, 6));
        assertArrayEquals(new byte[] {0, 0, 2, 2, 2, 2}, java.util.Arrays.copyOf(gaps, 6));
    }

    @Test
    void aWindowDecodesOnlyTheChunksItCrosses() {
        AtomicInteger decodes = new AtomicInteger();
        ArraySlices s = new ChunkedSlices(array(decodes), ValueType.I16, List.of());
        long[] dst = new long[4];
        s.read(1, 2, new long[] {0, 0, 0}, 0, 2, 0, 2, dst, null);
        assertEquals(1, decodes.get());
        assertArrayEquals(new long[] {0, 1, 10, 11}, dst);
        s.read(0, -1, new long[] {0, 4, 5}, 0, 4, 0, 1, dst, null);
        assertArrayEquals(new long[] {45, 145, 245, 345}, dst);
    }

    @Test
    void windowsOutsideTheArrayAreRefused() {
        ArraySlices s = new ChunkedSlices(array(new AtomicInteger()), ValueType.I16, List.of());
        long[] dst = new long[100];
        assertThrows(IndexOutOfBoundsException.class, () -> s.read(0, 1, new long[3], 0, 5, 0, 1, dst, null));
        assertThrows(IndexOutOfBoundsException.class, () -> s.read(0, 1, new long[] {0, 0, 6}, 0, 1, 0, 1, dst, null));
        assertThrows(IllegalArgumentException.class, () -> s.read(1, 1, new long[3], 0, 1, 0, 1, dst, null));
    }
}
