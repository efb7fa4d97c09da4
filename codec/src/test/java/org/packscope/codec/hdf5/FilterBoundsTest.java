package org.packscope.codec.hdf5;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.packscope.codec.read.ReadProblem;

/** Damaged filter headers are refused before anything is allocated, with the rule that says why. */
class FilterBoundsTest {

    private static byte[] lz4Header(long total, long block) {
        byte[] b = new byte[16];
        for (int i = 0; i < 8; i++) b[i] = (byte) (total >>> (56 - 8 * i));
        for (int i = 0; i < 4; i++) b[8 + i] = (byte) (block >>> (24 - 8 * i));
        return b;
    }

    @Test
    void anLz4ChunkClaimingATerabyteIsTooLargeToHold() {
        ReadProblem p = assertThrows(ReadProblem.class, () -> new Lz4Filter().decode(lz4Header(1L << 40, 1 << 20), new int[0]));
        assertEquals("too_large_to_hold", p.rule());
    }

    @Test
    void anLz4ChunkCutInsideABlockSaysWhere() {
        byte[] b = lz4Header(100, 100);
        b[12] = 0;
        b[13] = 0;
        b[14] = 0;
        b[15] = 50; // a 50-byte block, but the chunk ends here
        FilterDamage p = assertThrows(FilterDamage.class, () -> new Lz4Filter().decode(b, new int[0]));
        assertEquals(16, p.offset, p.getMessage());
    }

    @Test
    void anLz4BlockStoredAsIsIsCopied() {
        byte[] b = new byte[16 + 4];
        System.arraycopy(lz4Header(4, 4), 0, b, 0, 12);
        b[15] = 4;
        b[16] = 1;
        b[17] = 2;
        b[18] = 3;
        b[19] = 4;
        assertArrayEquals(new byte[] {1, 2, 3, 4}, new Lz4Filter().decode(b, new int[0]));
    }

    @Test
    void aZstdChunkThatIsNoFrameIsAFilterFailure() {
        ReadProblem p = assertThrows(ReadProblem.class, () -> new ZstdFilter().decode(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, new int[0]));
        assertEquals("hdf5_filter_failed", p.rule());
    }

    @Test
    void bitshuffleWithoutAnElementSizeIsAFilterFailure() {
        assertEquals("hdf5_filter_failed", assertThrows(ReadProblem.class,
                () -> new BitshuffleFilter().decode(new byte[64], new int[] {0, 3})).rule());
        assertEquals("hdf5_filter_failed", assertThrows(ReadProblem.class,
                () -> new BitshuffleFilter().decode(new byte[64], new int[] {0, 3, 4, 12, 0})).rule(), "block not a multiple of 8");
    }
}
