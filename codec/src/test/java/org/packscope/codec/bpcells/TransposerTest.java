package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Progress;

/** Row-major storage comes out in (column, row) order, whatever the budget and the claimed width. */
class TransposerTest {

    record E(long row, long col, long value) { }

    /** A random CSR matrix: rows x cols with the given columns in use. */
    static BpcellsMatrix randomRowMajor(Random r, int rows, long cols, long[] usableCols, List<E> expected) {
        List<long[]> entries = new ArrayList<>();
        long[] idxptr = new long[rows + 1];
        for (int i = 0; i < rows; i++) {
            java.util.TreeSet<Long> cs = new java.util.TreeSet<>();
            int n = r.nextInt(6);
            for (int k = 0; k < n; k++) cs.add(usableCols[r.nextInt(usableCols.length)]);
            for (long c : cs) entries.add(new long[] {i, c, r.nextInt(1000) + 1});
            idxptr[i + 1] = entries.size();
        }
        int[] index = new int[entries.size()];
        int[] val = new int[entries.size()];
        for (int k = 0; k < index.length; k++) {
            index[k] = (int) entries.get(k)[1];
            val[k] = (int) entries.get(k)[2];
        }
        entries.sort((a, b) -> a[1] != b[1] ? Long.compare(a[1], b[1]) : Long.compare(a[0], b[0]));
        for (long[] e : entries) expected.add(new E(e[0], e[1], e[2]));
        BpcellsMatrix m = BpcellsMatrix.open(MemoryArrayStore.unpacked("row", rows, (int) cols, idxptr, index, val), "unpacked-uint-matrix-v2");
        assertEquals(List.of(), m.diagnostics());
        return m;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 17, 1 << 23})
    void smallBudgetsStillGiveColumnOrder(int budget) {
        Random r = new Random(budget);
        List<E> expected = new ArrayList<>();
        long[] usable = new long[40];
        for (int i = 0; i < usable.length; i++) usable[i] = i;
        BpcellsMatrix m = randomRowMajor(r, 60, 40, usable, expected);
        List<E> got = new ArrayList<>();
        new Transposer(m, (row, col, v) -> got.add(new E(row, col, v)), Progress.NONE, budget).emitRange(0, m.cols());
        assertEquals(expected, got);
    }

    @Test
    void hugeClaimedWidthUsesNoPerColumnArray() {
        Random r = new Random(5);
        List<E> expected = new ArrayList<>();
        long cols = 0xfffffff0L;
        long[] usable = {0, 1, 70000, 123456789, 0x7fffffffL, 0xfffffff0L - 1};
        BpcellsMatrix m = randomRowMajor(r, 200, cols, usable, expected);
        List<E> got = new ArrayList<>();
        m.forEachEntry((row, col, v) -> got.add(new E(row, col, v)), Progress.NONE);
        assertEquals(expected, got);
        List<E> tight = new ArrayList<>();
        new Transposer(m, (row, col, v) -> tight.add(new E(row, col, v)), Progress.NONE, 7).emitRange(0, cols);
        assertEquals(expected, tight);
    }
}
