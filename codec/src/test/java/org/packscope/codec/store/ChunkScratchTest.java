package org.packscope.codec.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A thread's chunk buffers give each file's bytes exactly, and are used again rather than taken anew. */
class ChunkScratchTest {
    @TempDir Path dir;

    private Path file(String name, int size, long seed) throws IOException {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return Files.write(dir.resolve(name), b);
    }

    @Test
    void readsEachFileWhole() throws Exception {
        ChunkScratch s = ChunkScratch.local();
        // growing, shrinking, empty, a few bytes past the last: each read gives that file's bytes and no more
        int[] sizes = {725_360, 729_125, 100, 0, 1 << 20, (1 << 20) + 1, 65_536, 3};
        for (int i = 0; i < sizes.length; i++) {
            Path f = file("c" + i, sizes[i], i);
            int got = s.readFile(f, sizes[i]);
            assertEquals(sizes[i], got, "file " + i);
            assertArrayEquals(Files.readAllBytes(f), Arrays.copyOf(s.stored(), got), "file " + i);
        }
    }

    @Test
    void buffersAreUsedAgain() throws Exception {
        ChunkScratch s = ChunkScratch.local();
        s.readFile(file("big", 400_000, 1), Long.MAX_VALUE);
        byte[] first = s.stored();
        s.readFile(file("a", 390_000, 2), Long.MAX_VALUE);
        assertSame(first, s.stored(), "a smaller chunk file lands in the same array");
        s.readFile(file("b", 410_000, 3), Long.MAX_VALUE);
        assertSame(first, s.stored(), "one a few KB larger too: the array was rounded up");

        byte[] out = s.decoded(1_000_000);
        assertEquals(1_000_000, out.length);
        assertSame(out, s.decoded(1_000_000), "chunks of one size decode into one array");
        assertNotSame(out, s.decoded(999_999));
    }

    @Test
    void buffersTooLargeToKeepAreNotKept() throws Exception {
        ChunkScratch s = ChunkScratch.local();
        s.readFile(file("small", 1000, 4), Long.MAX_VALUE);
        byte[] kept = s.stored();
        Path large = file("large", ChunkScratch.KEEP_BYTES + 5, 5);
        int got = s.readFile(large, Long.MAX_VALUE);
        assertEquals(ChunkScratch.KEEP_BYTES + 5, got);
        assertArrayEquals(Files.readAllBytes(large), s.stored());
        s.readFile(file("small2", 1000, 6), Long.MAX_VALUE);
        assertSame(kept, s.stored(), "the large file's array was not kept");

        int big = ChunkScratch.KEEP_BYTES + 1;
        assertNotSame(s.decoded(big), s.decoded(big), "nor a large decoded chunk's");
    }

    @Test
    void aFileLargerThanAllowedIsNotRead() throws Exception {
        Path f = file("grown", 5000, 7);
        IOException e = assertThrows(IOException.class, () -> ChunkScratch.local().readFile(f, 4999));
        assertEquals(f + " is 5000 bytes, more than the 4999 read whole", e.getMessage());
    }

    @Test
    void eachThreadHasItsOwn() throws Exception {
        ChunkScratch[] other = new ChunkScratch[1];
        Thread t = new Thread(() -> other[0] = ChunkScratch.local());
        t.start();
        t.join();
        assertSame(ChunkScratch.local(), ChunkScratch.local());
        assertNotSame(ChunkScratch.local(), other[0]);
    }
}
