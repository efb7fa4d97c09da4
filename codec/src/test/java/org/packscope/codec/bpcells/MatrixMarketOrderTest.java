package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.packscope.codec.export.MatrixMarket;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.ValueType;

/** MatrixMarket output is sorted as its comment says, and entries a matrix cannot yield are counted, not lost silently. */
class MatrixMarketOrderTest {

    /** A 5 × 3 matrix that yields rows out of order in column 1 and claims {@code claimed} entries. */
    private static SparseMatrix unsorted(long claimed) {
        long[][] entries = {{0, 0, 1}, {4, 1, 2}, {1, 1, 3}, {3, 1, 4}, {2, 2, 5}};
        return new SparseMatrix() {
            public long rows() { return 5; }
            public long cols() { return 3; }
            public long nnz() { return claimed; }
            public ValueType valueType() { return ValueType.U32; }
            public List<String> rowNames() { return List.of(); }
            public List<String> colNames() { return List.of(); }
            public void forEachEntry(EntryVisitor v, Progress p) {
                for (long[] e : entries) v.entry(e[0], e[1], e[2]);
            }
        };
    }

    @Test
    void rowsAreSortedWithinEachColumn() throws Exception {
        StringBuilder sb = new StringBuilder();
        long skipped = MatrixMarket.write(unsorted(5), sb, List.of(MatrixMarket.ORDER_COMMENT), Progress.NONE);
        assertEquals(0, skipped);
        List<String> lines = sb.toString().lines().toList();
        assertEquals("5 3 5", lines.get(2));
        assertEquals(List.of("1 1 1", "2 2 3", "4 2 4", "5 2 2", "3 3 5"), lines.subList(3, 8));
    }

    @Test
    void entriesTheMatrixCannotYieldAreCounted() throws Exception {
        StringBuilder sb = new StringBuilder();
        assertEquals(3, MatrixMarket.write(unsorted(8), sb, List.of(), Progress.NONE));
        assertEquals("5 3 5", sb.toString().lines().toList().get(1), "the size line counts what is written");
    }
}
