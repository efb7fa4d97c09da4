package org.packscope.app.remote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.io.ByteSource;

/**
 * Caching, coalescing and read-ahead, counted at a server that adds 20 ms to every
 * answer: what was read is not asked for again, one read across many blocks is one
 * request, and reading a file front to back asks for ever larger ranges.
 */
class RemoteCacheTest {
    @TempDir Path dir;

    @Test
    void requestsAreCachedCoalescedAndReadAhead() throws Exception {
        byte[] data = new byte[16 << 20];
        new Random(11).nextBytes(data);
        Files.write(dir.resolve("data.bin"), data);
        try (FileHttpServer http = new FileHttpServer(dir)) {
            http.latencyMillis = 20;
            ByteSource src = ByteSource.open(FormatRegistry.pathOf(http.url() + "/data.bin"));
            assertEquals(1, http.requests.get(), "opening is one request");

            long before = http.requests.get();
            byte[] span = src.bytes(1_000_000, 3_000_000); // blocks 3..15: one range
            assertArrayEquals(Arrays.copyOfRange(data, 1_000_000, 4_000_000), span);
            assertEquals(1, http.requests.get() - before, "one read across 12 blocks is one request");

            before = http.requests.get();
            assertArrayEquals(Arrays.copyOfRange(data, 2_000_000, 2_000_100), src.bytes(2_000_000, 100));
            assertEquals(0, http.requests.get() - before, "bytes already read come from the cache");

            before = http.requests.get();
            int step = 64 << 10;
            for (int at = 8 << 20; at < 16 << 20; at += step) {
                byte[] got = src.bytes(at, step);
                if (got[0] != data[at] || got[step - 1] != data[at + step - 1]) throw new AssertionError("bytes differ at " + at);
            }
            long sequential = http.requests.get() - before;
            assertTrue(sequential <= 8, "8 MiB read in 128 steps of 64 KiB took " + sequential + " requests");
            assertTrue(http.bytesSent.get() <= data.length + (1 << 20), "nothing fetched twice beyond a block: " + http.bytesSent.get());
        }
    }
}
