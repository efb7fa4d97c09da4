package org.packscope.codec.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.packscope.codec.blosc.BloscChunk;
import org.packscope.codec.blosc.BloscEncoder;
import org.packscope.codec.blosc.ChunkStore;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Summary;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.io.ByteSource;

/**
 * A Blosc chunk whose block starts all point at one stream (the first block's): every other
 * block cannot be located, so summaries count those values as undecodable in bulk instead of
 * reading them. What they count is held against a recount of the column's own gap marks, and
 * the statistics against the one block that decodes, computed here from its bytes.
 */
class UndecodableRunsTest {
    private static final int BLOCK = 1 << 16;

    /** {@code blocks} blocks of {@code BLOCK} bytes (typesize 1), each bstarts entry pointing at the first block's stream. */
    private static byte[] sharedStreams(int blocks, byte[] first) {
        byte[] one = BloscEncoder.encode(first, new BloscEncoder.Settings(BloscEncoder.Codec.named("lz4"), 5, BloscEncoder.Filter.NONE, 1, BLOCK));
        ByteBuffer src = ByteBuffer.wrap(one).order(ByteOrder.LITTLE_ENDIAN);
        int stream = src.getInt(16);
        byte[] streamBytes = java.util.Arrays.copyOfRange(one, stream, one.length);
        int dataStart = 16 + 4 * blocks;
        // bytes no block claims, so that the size claimed is a ratio lz4 can reach
        int padding = blocks * BLOCK / 100;
        ByteBuffer b = ByteBuffer.allocate(dataStart + streamBytes.length + padding).order(ByteOrder.LITTLE_ENDIAN);
        b.put(one, 0, 4).putInt(blocks * BLOCK).putInt(BLOCK).putInt(dataStart + streamBytes.length + padding);
        for (int k = 0; k < blocks; k++) b.putInt(dataStart);
        b.put(streamBytes);
        return b.array();
    }

    @Test
    void damageKnownWithoutDecodingIsCountedInBulkAndExactly() {
        // some noise, then a ramp: compressible, so the chunk has block starts (not memcpyed)
        byte[] first = new byte[BLOCK];
        new Random(5).nextBytes(first);
        for (int i = 4096; i < BLOCK; i++) first[i] = (byte) (i / 64);
        int blocks = 40;
        byte[] chunk = sharedStreams(blocks, first);
        ValueColumn c = ChunkStore.column("v", BloscChunk.read(ByteSource.of(chunk, "t"), 0, chunk.length));
        long n = c.count();
        assertEquals((long) blocks * BLOCK, n);

        // the oracle: the column's own marks, value by value, and the first block's bytes as numbers
        long marked = 0;
        byte[] marks = new byte[BLOCK];
        for (long at = 0; at < n; at += BLOCK) {
            c.gaps(at, marks, 0, BLOCK);
            for (byte m : marks) if (m == ValueColumn.UNDECODABLE) marked++;
        }
        long min = 255, max = 0, sum = 0;
        for (byte v : first) {
            int u = v & 0xFF;
            min = Math.min(min, u);
            max = Math.max(max, u);
            sum += u;
        }
        assertEquals((long) (blocks - 1) * BLOCK, marked, "every block but the first is undecodable");

        Summary s = Overview.of(c, 0, n, 300, Progress.NONE).summary();
        assertEquals(marked, s.gaps());
        assertEquals(marked, s.undecodable());
        assertEquals(BLOCK, s.counted());
        assertEquals(min, Long.parseLong(s.minText()));
        assertEquals(max, Long.parseLong(s.maxText()));
        assertEquals((double) sum / BLOCK, s.mean(), 1e-12);

        Histogram h = Histogram.of(c, 50, Progress.NONE, null);
        assertEquals(marked, h.gaps());
        assertEquals(marked, h.undecodable());
        long binned = 0;
        for (long k : h.counts()) binned += k;
        assertEquals(BLOCK, binned, "only the decoded block is counted into bins");
    }
}
