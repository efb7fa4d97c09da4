package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.store.StoreColumn;
import org.packscope.codec.testing.Fixtures;

/** Values in a Blosc block that fails to decode are gaps, marked undecodable with the failure as reason. */
class StoreColumnGapsTest {

    @Test
    void aBrokenBlocksValuesAreUndecodableAndTheOthersPresent() {
        byte[] b = Fixtures.bytes(Fixtures.resource("fixtures/blosc/lz4_shuf_ts4_160k_mixed_c1.blosc"));
        BloscChunk intact = BloscChunk.read(ByteSource.of(b, "x"), 0, b.length);
        int block = 1, start = intact.bstarts()[block], end = intact.bstarts()[block + 1];
        // scramble block 1's compressed streams
        for (int i = start + 4; i < end; i++) b[i] = (byte) 0xff;
        BloscChunk damaged = BloscChunk.read(ByteSource.of(b, "x"), 0, b.length);
        StoreColumn col = ChunkStore.column("v", damaged);
        assertTrue(col.mayHaveGaps());
        int per = (int) (intact.header().blocksize() / 4);
        byte[] marks = new byte[(int) col.count()];
        col.gaps(0, marks, 0, marks.length);
        for (int i = 0; i < marks.length; i++) {
            assertEquals(i / per == block ? ValueColumn.UNDECODABLE : ValueColumn.PRESENT, marks[i], "value " + i);
        }
        assertTrue(col.gapReason(per + 5).startsWith("block 1 c"), col.gapReason(per + 5));
        assertNull(col.gapReason(0));
    }
}
