package org.packscope.codec.bcolz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.testing.BoundedWalk;

/**
 * A carray of 20,000 one-row chunk files: each file's node is made only when looked at,
 * and check (the array's verifier) still decodes every chunk, within 5 s and 256 MB.
 */
class BcolzManyChunksTest {

    /** A superchunk holding one memcpyed Blosc chunk of the byte {@code v}. */
    static byte[] chunkFile(byte v) {
        ByteBuffer b = ByteBuffer.allocate(16 + 16 + 1).order(ByteOrder.LITTLE_ENDIAN);
        b.put("blpk".getBytes(StandardCharsets.US_ASCII)).put((byte) 1).put(new byte[3]).putLong(1);
        b.put((byte) 2).put((byte) 1).put((byte) 0x02).put((byte) 1).putInt(1).putInt(1).putInt(17).put(v);
        return b.array();
    }

    @Test
    void twentyThousandChunkFilesOpenLazilyAndCheckInBoundedTime(@TempDir Path dir) throws Exception {
        int n = 20_000;
        Path root = dir.resolve("many");
        Files.createDirectories(root.resolve("meta"));
        Files.createDirectories(root.resolve("data"));
        Files.writeString(root.resolve("meta/sizes"), "{\"shape\": [" + n + "], \"nbytes\": " + n + ", \"cbytes\": " + n + "}");
        Files.writeString(root.resolve("meta/storage"), "{\"dtype\": \"uint8\", \"cparams\": {\"clevel\": 0, \"shuffle\": 0, "
                + "\"cname\": \"blosclz\"}, \"chunklen\": 1, \"expectedlen\": " + n + ", \"dflt\": 0}");
        for (int k = 0; k < n; k++) Files.write(root.resolve("data/__" + k + ".blp"), chunkFile((byte) k));
        Files.write(root.resolve("data/__" + n + ".blp"), chunkFile((byte) 0)); // stale: reported by the array

        Node carray = FormatRegistry.standard().open(root);
        Node data = carray.child("data");
        assertEquals(n + 1, data.childCount());
        assertTrue(data.isDrillDown());
        ValueColumn v = carray.values();
        long[] last = new long[1];
        v.read(n - 1, last, 0, 1);
        assertEquals((n - 1) & 0xff, last[0]);

        BoundedWalk.Outcome o = BoundedWalk.run(root);
        o.assertWalkedCleanly();
        assertEquals(java.util.Map.of("stale_chunk_file", 1), o.rules(), o::toString);
        assertFalse(o.has("internal_error"), o::toString);
        assertTrue(o.millis() < 5000, o::toString);
    }
}
