package org.packscope.codec.bcolz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.blosc.BloscChunk;
import org.packscope.codec.blosc.ChunkStore;
import org.packscope.codec.blosc.Superchunk;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.store.StoreColumn;
import org.packscope.codec.testing.DamagedBlosc;

/**
 * Whatever a bcolz chunk file decodes on its own, the carray shows too: block 1 of chunk 0
 * of a bcolz-written int64 carray is damaged; the carray's values equal the chunk's where
 * the chunk has values (and the writer's reference values), its gaps are the chunk's gaps.
 */
class BcolzPartialChunkTest {
    private static final String CARRAY = "carray_int64_lz4_c1_shuffle_multiblock";

    @Test
    void aCarrayKeepsTheBlocksOfADamagedChunkThatStillDecode(@TempDir Path tmp) throws Exception {
        Path copy = tmp.resolve(CARRAY);
        DamagedBlosc.copyFolder(BcolzFixtureTest.DIR.resolve(CARRAY), copy);
        Path file = copy.resolve("data/__0.blp");
        byte[] damaged = DamagedBlosc.withBrokenBlock(Files.readAllBytes(file), Superchunk.HEADER_SIZE, 1);
        Files.write(file, damaged);
        ByteBuffer reference = ByteBuffer.wrap(Files.readAllBytes(BcolzFixtureTest.DIR.resolve(CARRAY + ".expected.bin")))
                .order(ByteOrder.LITTLE_ENDIAN);

        BloscChunk blosc = Superchunk.read(ByteSource.of(damaged, "__0.blp")).chunk();
        int inChunk = (int) (blosc.nbytes() / 8);
        StoreColumn chunk = new StoreColumn("__0", ValueType.I64, inChunk, new ChunkStore(blosc));
        long[] chunkValues = new long[inChunk];
        byte[] chunkGaps = new byte[inChunk];
        chunk.read(0, chunkValues, 0, inChunk);
        chunk.gaps(0, chunkGaps, 0, inChunk);
        int chunkLost = 0;
        for (byte g : chunkGaps) if (g != ValueColumn.PRESENT) chunkLost++;
        assertTrue(chunkLost > 0 && chunkLost < inChunk, "block 1 only: " + chunkLost + " of " + inChunk);

        ValueColumn carray = BcolzFixtureTest.REGISTRY.open(copy).values();
        int n = (int) carray.count();
        assertEquals(reference.capacity() / 8, n);
        long[] got = new long[n];
        byte[] gaps = new byte[n];
        carray.read(0, got, 0, n);
        carray.gaps(0, gaps, 0, n);
        for (int i = 0; i < n; i++) {
            byte want = i < inChunk ? chunkGaps[i] : ValueColumn.PRESENT;
            assertEquals(want, gaps[i], "gap at value " + i);
            if (want != ValueColumn.PRESENT) continue;
            assertEquals(reference.getLong(i * 8), got[i], "value " + i);
            if (i < inChunk) assertEquals(chunkValues[i], got[i], "value " + i + " = the chunk's");
        }
    }
}
