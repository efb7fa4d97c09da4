package org.packscope.codec.rds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.codec.io.ByteSource;

/**
 * A pairlist's cells kept compactly (a plain cell as its offset only) read the same as
 * cells kept whole: values, tags, places; and a pairlist of a million cells fits in a
 * budget of a hundred item records, because plain cells are not held.
 */
class RdsPairListCellsTest {

    @Test
    void plainAndOrdinaryCellsMixedReadWithTheirValuesTagsAndPlaces() {
        XdrWriter w = XdrWriter.v3();
        int header = w.bytes().length;
        w.i32(RFlags.LISTSXP).ints(7, 8);                 // plain: 20 bytes
        w.cell().sym("name").reals(2.5);                   // tagged: held whole
        w.i32(RFlags.LISTSXP).reals(-1.0, 3.0);           // plain: 28 bytes
        w.i32(RFlags.LISTSXP).strings("a");               // a string vector: not plain
        w.i32(RFlags.LISTSXP).ints();                     // plain, empty: 12 bytes
        byte[] bytes = w.nil().bytes();
        RdsStream s = RdsParser.parseHere(ByteSource.of(bytes, "mixed"));
        assertTrue(s.diagnostics().isEmpty(), s.diagnostics().toString());
        RItem.PairList p = assertInstanceOf(RItem.PairList.class, s.root());
        List<RItem.Cell> cells = p.cells();
        assertEquals(5, cells.size());
        assertArrayEquals(new int[] {7, 8}, ((RItem.Vector) cells.get(0).car()).ints());
        assertEquals("name", cells.get(1).tagName());
        assertEquals(2.5, Double.longBitsToDouble(((RItem.Vector) cells.get(1).car()).doubleBits()[0]));
        assertArrayEquals(new long[] {Double.doubleToLongBits(-1.0), Double.doubleToLongBits(3.0)},
                ((RItem.Vector) cells.get(2).car()).doubleBits());
        assertNull(cells.get(2).tagName());
        assertEquals(RFlags.STRSXP, cells.get(3).car().type());
        assertEquals(0, ((RItem.Vector) cells.get(4).car()).length());
        // cells lie back to back from the header to the NULL that ends the list
        assertEquals(header, cells.get(0).offset());
        assertEquals(header + 20, cells.get(0).end());
        for (int i = 1; i < cells.size(); i++) assertEquals(cells.get(i - 1).end(), cells.get(i).offset(), "cell " + i);
        assertEquals(bytes.length - 4, cells.get(4).end());
        assertEquals(12, cells.get(4).end() - cells.get(4).offset());
        assertEquals(bytes.length, p.end());
    }

    @Test
    void aMillionPlainCellsAreNotHeldAsItems() {
        XdrWriter w = XdrWriter.v3();
        int n = 1_000_000;
        for (int i = 0; i < n; i++) w.i32(RFlags.LISTSXP).i32(RFlags.INTSXP).i32(1).i32(i * 3);
        RdsStream s = RdsParser.parse(ByteSource.of(w.nil().bytes(), "million"), 100);
        assertTrue(s.diagnostics().isEmpty(), s.diagnostics().toString());
        List<RItem.Cell> cells = ((RItem.PairList) s.root()).cells();
        assertEquals(n, cells.size());
        for (int i : new int[] {0, 1, 4711, 500_000, n - 1}) {
            assertEquals(i * 3, ((RItem.Vector) cells.get(i).car()).ints()[0], "cell " + i);
            assertEquals(s.header().end() + 16L * i, cells.get(i).offset(), "cell " + i);
        }
    }
}
