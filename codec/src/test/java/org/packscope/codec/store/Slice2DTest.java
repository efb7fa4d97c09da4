package org.packscope.codec.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

class Slice2DTest {

    /** A 3×4×5 array whose element (i, j, k) is 100·i + 10·j + k, in C order. */
    private static ArraySlices cube() {
        long[] values = new long[60];
        for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) for (int k = 0; k < 5; k++) values[i * 20 + j * 5 + k] = 100L * i + 10L * j + k;
        return new ColumnSlices(new long[] {3, 4, 5}, new ValueColumn() {
            @Override public String name() { return "v"; }
            @Override public ValueType type() { return ValueType.I64; }
            @Override public long count() { return values.length; }
            @Override public void read(long start, long[] dst, int off, int len) { System.arraycopy(values, (int) start, dst, off, len); }
        }, java.util.List.of());
    }

    @Test
    void everyPairOfDimensionsSlicesTheSameElements() {
        ArraySlices a = cube();
        long[] at = {1, 2, 3};
        for (int rd = 0; rd < 3; rd++) {
            for (int cd = 0; cd < 3; cd++) {
                if (rd == cd) continue;
                Slice2D s = new Slice2D(a, rd, cd, at);
                long[] got = new long[(int) (s.rows() * s.columns())];
                s.read(0, (int) s.rows(), 0, (int) s.columns(), got, null);
                for (int r = 0; r < s.rows(); r++) {
                    for (int c = 0; c < s.columns(); c++) {
                        long[] e = at.clone();
                        e[rd] = r;
                        e[cd] = c;
                        assertEquals(100 * e[0] + 10 * e[1] + e[2], got[(int) (r * s.columns() + c)], rd + "," + cd + " at " + r + "," + c);
                    }
                }
            }
        }
    }

    @Test
    void aWindowAndAColumnReadTheirPart() {
        Slice2D s = new Slice2D(cube(), 0, 2, new long[] {0, 3, 0});
        long[] w = new long[4];
        s.read(1, 2, 3, 2, w, null);
        assertArrayEquals(new long[] {133, 134, 233, 234}, w);
        ValueColumn col = s.column(4, "[:, 3, 4]");
        assertEquals(3, col.count());
        long[] down = new long[3];
        col.read(0, down, 0, 3);
        assertArrayEquals(new long[] {34, 134, 234}, down);
        assertEquals("134", col.text(1));
        assertThrows(IndexOutOfBoundsException.class, () -> s.read(2, 2, 0, 1, new long[2], null));
        assertThrows(IllegalArgumentException.class, () -> new Slice2D(cube(), 1, 1, new long[3]));
    }
}
