package org.packscope.codec.zarr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.blosc.BloscChunk;
import org.packscope.codec.blosc.ChunkStore;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.analysis.TreeWalk;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.store.ArraySlices;
import org.packscope.codec.store.StoreColumn;
import org.packscope.codec.testing.DamagedBlosc;

/**
 * Whatever the chunk level decodes, the array level shows too: a zarr-python array whose
 * chunk {@code 0.1} has Blosc block 1 damaged keeps blocks 0, 2 and 3 of that chunk in
 * the array's values, gaps and slices, and only block 1's elements become gaps. The lower
 * level is read independently, through Blosc's own chunk store over the damaged file.
 */
class ZarrPartialChunkTest {
    /** 32 × 40 float32, 16 × 16 chunks, Blosc lz4 with 256-byte blocks: 4 blocks of 64 elements per chunk. */
    private static final String ARRAY = "v2.zarr/compressors/blosc_lz4_smallblocks";

    @Test
    void anArrayKeepsTheBlocksOfADamagedChunkThatStillDecode(@TempDir Path tmp) throws Exception {
        Path copy = tmp.resolve("a");
        DamagedBlosc.copyFolder(ZarrFixturesTest.ROOT.resolve(ARRAY), copy);
        byte[] damaged = DamagedBlosc.withBrokenBlock(Files.readAllBytes(copy.resolve("0.1")), 0, 1);
        Files.write(copy.resolve("0.1"), damaged);

        // the lower level: the damaged chunk on its own, block by block
        BloscChunk blosc = BloscChunk.read(ByteSource.of(damaged, "0.1"), 0, damaged.length);
        StoreColumn chunk = new StoreColumn("0.1", ValueType.F32, 256, new ChunkStore(blosc));
        long[] chunkValues = new long[256];
        byte[] chunkGaps = new byte[256];
        chunk.read(0, chunkValues, 0, 256);
        chunk.gaps(0, chunkGaps, 0, 256);
        for (int i = 0; i < 256; i++) assertEquals(i >= 64 && i < 128 ? ValueColumn.UNDECODABLE : ValueColumn.PRESENT, chunkGaps[i], "chunk element " + i);

        // the intact array, as the writer stored it (its values match the MANIFEST's sha256 in ZarrFixturesTest)
        ValueColumn intact = ZarrFixturesTest.open("", ARRAY).values();
        long[] want = new long[1280];
        intact.read(0, want, 0, 1280);

        Node node = new ZarrFormat().open(copy, p -> null);
        ValueColumn array = node.values();
        assertNotNull(array, node.diagnostics().toString());
        long[] got = new long[1280];
        byte[] gaps = new byte[1280];
        array.read(0, got, 0, 1280);
        array.gaps(0, gaps, 0, 1280);
        int lost = 0;
        for (int r = 0; r < 32; r++) {
            for (int c = 0; c < 40; c++) {
                int i = r * 40 + c;
                boolean inDamaged = r < 16 && c >= 16 && c < 32;
                int local = (r % 16) * 16 + (c - 16);
                boolean gap = inDamaged && chunkGaps[local] == ValueColumn.UNDECODABLE;
                assertEquals(gap ? ValueColumn.UNDECODABLE : ValueColumn.PRESENT, gaps[i], "array element " + r + "," + c);
                if (gap) {
                    lost++;
                    assertTrue(array.gapReason(i).contains("0.1"), array.gapReason(i));
                    continue;
                }
                assertEquals(want[i], got[i], "array element " + r + "," + c);
                if (inDamaged) assertEquals(chunkValues[local], got[i], "array element " + r + "," + c + " = chunk element " + local);
            }
        }
        assertEquals(64, lost, "exactly block 1's 64 elements are gaps");

        // the slices a heat map reads: the same values, grey only where the chunk has gaps
        ArraySlices slices = node.facet(ArraySlices.class);
        long[] window = new long[32 * 40];
        byte[] windowGaps = new byte[32 * 40];
        slices.read(0, 1, new long[2], 0, 32, 0, 40, window, windowGaps);
        for (int i = 0; i < 1280; i++) {
            assertEquals(gaps[i], windowGaps[i], "slice element " + i);
            if (gaps[i] == ValueColumn.PRESENT) assertEquals(want[i], window[i], "slice element " + i);
        }

        // a deep check names the damaged block, once, in the damaged chunk
        List<String> found = TreeWalk.diagnostics(node, true, 1000, Progress.NONE).stream()
                .map(l -> l.node().name() + "|" + l.diagnostic().rule()).toList();
        assertEquals(1, found.stream().filter(f -> f.startsWith("0.1|")).count(), found.toString());
    }
}
