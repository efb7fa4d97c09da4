package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** What "go to" understands: an index, thousands separated or not, or a row and a column. */
class ElementIndexTest {
    @Test
    void indexesAndRowColumnPairs() {
        assertArrayEquals(new long[] {12, 34}, ElementIndex.parse("12, 34"));
        assertArrayEquals(new long[] {12, 34}, ElementIndex.parse(" 12 34 "));
        assertArrayEquals(new long[] {12, 34}, ElementIndex.parse("12,34"));
        assertArrayEquals(new long[] {12, 34}, ElementIndex.parse("12;34"));
        assertArrayEquals(new long[] {12, 34}, ElementIndex.parse("12 × 34"));
        assertArrayEquals(new long[] {1000}, ElementIndex.parse("1,000"));
        assertArrayEquals(new long[] {1234567}, ElementIndex.parse("1,234,567"));
        assertArrayEquals(new long[] {1234567}, ElementIndex.parse("1_234_567"));
        assertArrayEquals(new long[] {1999, 2999}, ElementIndex.parse("1,999, 2,999"));
        assertArrayEquals(new long[] {7}, ElementIndex.parse("7"));
    }

    @Test
    void anythingElseIsRefused() {
        for (String s : new String[] {"", "zzz", "-1", "1, 2, 3", "0x10", "1.5", "12,", ", 3", "99999999999999999999"}) {
            assertNull(ElementIndex.parse(s), s);
        }
    }
}
