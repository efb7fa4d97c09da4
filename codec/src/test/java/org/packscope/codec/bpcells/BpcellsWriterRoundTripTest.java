package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.packscope.codec.bpcells.MatrixVersion.ValueKind;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;

/**
 * Random sparse uint matrices (counts, empty columns, 0 and 2^32-1 values, runs of rows
 * far apart) written by {@link BpcellsFolderWriter} decode with PackScope's reader to the
 * entries that were written, in both orders, packed and unpacked.
 */
class BpcellsWriterRoundTripTest {

    @ParameterizedTest(name = "{0}x{1} density {2} packed={3} {4}")
    @CsvSource({"7,5,0.3,true,COL", "300,200,0.05,true,ROW", "300,200,0.05,false,COL", "20000,1000,0.05,true,COL"})
    void writtenEntriesReadBack(int rows, int cols, double density, boolean packed, StorageOrder order, @TempDir Path tmp) throws Exception {
        SplittableRandom rnd = new SplittableRandom(rows * 31L + cols);
        long[] colPtr = new long[cols + 1];
        int[] rowOf = new int[(int) (rows * (long) cols * density * 1.2) + 16];
        int[] vals = new int[rowOf.length];
        int n = 0;
        for (int c = 0; c < cols; c++) {
            if (c % 7 != 3) {
                for (int r = 0; r < rows && n < rowOf.length; r++) {
                    if (rnd.nextDouble() >= density) continue;
                    rowOf[n] = r;
                    int kind = rnd.nextInt(20);
                    vals[n++] = kind == 0 ? 0 : kind == 1 ? -1 : 1 + rnd.nextInt(kind < 15 ? 4 : 1000);
                }
            }
            colPtr[c + 1] = n;
        }
        MatrixArrays col = new MatrixArrays(rows, cols, StorageOrder.COL, ValueKind.UINT, colPtr,
                java.util.Arrays.copyOf(rowOf, n), java.util.Arrays.copyOf(vals, n), null, List.of(), List.of());
        MatrixArrays arrays = order == StorageOrder.COL ? col : MatrixGather.toRowOrder(col);
        Path out = tmp.resolve("m");
        BpcellsFolderWriter.write(arrays, packed, 2, out);
        SparseMatrix m = FormatRegistry.standard().resolve(out.toString()).target().facet(SparseMatrix.class);
        assertEquals(rows, m.rows());
        assertEquals(cols, m.cols());
        assertEquals(n, m.nnz());
        int[] k = {0};
        int[] mismatches = {0};
        m.forEachEntry((r, c, v) -> {
            int i = k[0]++;
            if (i >= col.nnz() || r != col.index()[i] || c != columnOf(colPtr, i) || (int) v != col.values32()[i]) mismatches[0]++;
        }, Progress.NONE);
        assertEquals(n, k[0], "entries read");
        assertEquals(0, mismatches[0], "entries that differ from the written ones");
    }

    static int columnOf(long[] colPtr, int entry) {
        int lo = 0, hi = colPtr.length - 2;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (colPtr[mid] <= entry) lo = mid; else hi = mid - 1;
        }
        return lo;
    }
}
