package org.packscope.codec.rds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.codec.bpcells.ArrayInfo;
import org.packscope.codec.bpcells.ElementType;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.ReadProblem;

/** The ArrayStore contract over R slots: names, types, conversions and refusals. */
class RArrayStoreTest {

    private static RArrayStore store(String fixture) throws IOException {
        RdsStream s = RdsFile.read(ByteSource.open(RdsFixturesTest.rds(fixture)));
        return new RArrayStore((RItem.S4) s.root(), s.data(), fixture);
    }

    @Test
    void namesAndTypesFollowBpcells() throws IOException {
        RArrayStore st = store("tiny_uint_packed_col");
        assertEquals(List.of("val_data", "val_idx", "val_idx_offsets", "index_data", "index_starts", "index_idx",
                "index_idx_offsets", "idxptr", "shape", "storage_order", "row_names", "col_names"), st.arrayNames());
        assertEquals("packed-uint-matrix-v2", st.versionString());
        assertEquals(List.of(), st.problems());
        ArrayInfo idxptr = st.info("idxptr");
        assertEquals(ElementType.UINT64, idxptr.type());
        assertEquals(5, idxptr.length());
        assertNull(idxptr.location());
        assertEquals(ElementType.UINT32, st.info("shape").type());
        assertNull(st.info("version"));
        assertNull(st.info("nothing"));
    }

    @Test
    void conversions() throws IOException {
        RArrayStore st = store("tiny_uint_packed_col");
        long[] ptr = new long[5];
        st.readLongs("idxptr", 0, ptr, 0, 5);
        assertArrayEquals(new long[] {0, 2, 3, 3, 5}, ptr);
        int[] shape = new int[2];
        st.readInts("shape", 0, shape, 0, 2);
        assertArrayEquals(new int[] {3, 4}, shape);
        assertEquals(List.of("col"), st.readStrings("storage_order"));
        assertEquals(List.of("packed-uint-matrix-v2"), st.readStrings("version"));
        assertEquals(List.of("gene_A", "gene_B", "gene_C"), st.readStrings("row_names"));

        RArrayStore row = store("tiny_float_unpacked_row");
        assertEquals(List.of("row"), row.readStrings("storage_order"));
        assertEquals(ElementType.FLOAT32, row.info("val").type());
        float[] vals = new float[5];
        row.readFloats("val", 0, vals, 0, 5);
        int[] bits = new int[5];
        row.readInts("val", 0, bits, 0, 5);
        for (int i = 0; i < 5; i++) assertEquals(Float.floatToRawIntBits(vals[i]), bits[i]);

        RArrayStore none = store("tiny_double_unpacked_col_nonames");
        assertEquals(List.of(), none.readStrings("row_names"));
        assertEquals(0, none.info("col_names").length());
    }

    @Test
    void refusals() throws IOException {
        RArrayStore st = store("tiny_uint_packed_col");
        ReadProblem wrongWidth = assertThrows(ReadProblem.class, () -> st.readInts("idxptr", 0, new int[1], 0, 1));
        assertEquals("array_unreadable", wrongWidth.rule());
        assertTrue(wrongWidth.getMessage().startsWith("idxptr "), wrongWidth.getMessage());
        ReadProblem past = assertThrows(ReadProblem.class, () -> st.readLongs("idxptr", 4, new long[2], 0, 2));
        assertTrue(past.getMessage().startsWith("idxptr "), past.getMessage());
        assertThrows(ReadProblem.class, () -> st.readStrings("idxptr"));
        assertThrows(ReadProblem.class, () -> st.readInts("absent", 0, new int[1], 0, 1));
    }
}
