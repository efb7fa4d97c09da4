package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.ValueColumn;

/** A damaged chunk's values are gaps marked undecodable, with the damage as the reason; intact chunks' are present. */
class PcoValuesGapsTest {

    @Test
    void aTruncatedChunksValuesAreUndecodable() {
        byte[] b = PcoCorruptionTest.bytes("v1_0/dtype_i32_normal");
        PcoValues v = PcoValues.ofFile(PcoCorruptionTest.open(Arrays.copyOf(b, b.length / 2)), "x");
        assertTrue(v.mayHaveGaps());
        byte[] marks = new byte[(int) v.count()];
        v.gaps(0, marks, 0, marks.length);
        for (byte m : marks) assertEquals(ValueColumn.UNDECODABLE, m);
        String why = v.gapReason(5);
        assertNotNull(why);
        assertTrue(why.startsWith("chunk 0 could not be decoded"), why);
    }

    @Test
    void anIntactFileHasNoGaps() {
        byte[] b = PcoCorruptionTest.bytes("v0_4/multichunk_f32_10x1000");
        PcoValues v = PcoValues.ofFile(PcoCorruptionTest.open(b), "x");
        byte[] marks = new byte[1500];
        Arrays.fill(marks, (byte) 9);
        v.gaps(250, marks, 0, 1500);
        for (byte m : marks) assertEquals(ValueColumn.PRESENT, m);
        assertNull(v.gapReason(250));
    }
}
