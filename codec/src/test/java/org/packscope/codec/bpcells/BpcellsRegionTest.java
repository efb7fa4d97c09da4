package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;

/** A rectangle of a matrix yields exactly its entries and decodes only the stored columns (or rows) crossing it. */
class BpcellsRegionTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.packscope.codec.bpcells.BpcellsFixturesTest#fixtures")
    void aRectangleHoldsExactlyTheEntriesInsideIt(String name, JsonNode f) {
        BpcellsMatrix m = (BpcellsMatrix) BpcellsFixturesTest.open(f).facet(SparseMatrix.class);
        List<long[]> all = new ArrayList<>();
        m.forEachEntry((r, c, v) -> all.add(new long[] {r, c, v}), Progress.NONE);
        long[][] rects = {
            {0, m.rows(), 0, m.cols()},
            {0, m.rows() / 2, 0, m.cols() / 2},
            {m.rows() / 3, m.rows(), m.cols() / 3, Math.max(m.cols() / 3 + 1, 2 * m.cols() / 3)},
            {m.rows() - 1, m.rows(), 0, 1},
            {0, m.rows(), m.cols() - 1, m.cols()},
        };
        for (long[] q : rects) {
            List<String> expected = new ArrayList<>();
            for (long[] e : all) if (e[0] >= q[0] && e[0] < q[1] && e[1] >= q[2] && e[1] < q[3]) expected.add(e[0] + "," + e[1] + "=" + e[2]);
            List<String> got = new ArrayList<>();
            long decoded = m.forEachEntryIn(q[0], q[1], q[2], q[3], (r, c, v) -> got.add(r + "," + c + "=" + v), Progress.NONE);
            expected.sort(null);
            got.sort(null);
            assertEquals(expected, got, java.util.Arrays.toString(q));
            assertEquals(m.entriesToScan(q[0], q[1], q[2], q[3]), decoded, "decoded what it announced");
            assertTrue(decoded >= got.size() && decoded <= m.nnz());
            // only the stored majors the rectangle crosses are read
            boolean colMajor = m.storageOrder() != StorageOrder.ROW;
            long lo = colMajor ? q[2] : q[0], hi = colMajor ? q[3] : q[1];
            long crossing = hi <= lo ? 0 : m.majorEnd((int) Math.min(hi, m.majorCount()) - 1) - m.majorStart((int) lo);
            assertEquals(crossing, decoded, java.util.Arrays.toString(q));
        }
    }
}
