package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.packscope.codec.analysis.ColumnPages;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

/**
 * Readers paging through a Pco file on several threads meet in one chunk (a chunk is many
 * pages): the one that would wait decodes a later chunk it was told will be read, so an
 * export, a plot or a histogram uses the cores it is given. Checked against pco 1.0.3's own
 * decode of the file, and by making a reader wait on purpose.
 */
class PcoReadAheadTest {
    private static final String FILE = "multichunk_u16_300k"; // five chunks of 60,000

    private static PcoFile file() throws java.io.IOException {
        return PcoFile.open(ByteSource.open(Fixtures.resource("fixtures/pco/v1_0/" + FILE + ".pco")));
    }

    @Test
    void pagedReadsOnSeveralThreadsGiveTheReferenceValues() throws Exception {
        byte[] expected = Files.readAllBytes(Fixtures.resource("fixtures/pco/v1_0/" + FILE + ".expected.bin"));
        for (int threads = 1; threads <= 4; threads++) {
            for (int page : new int[] {65_536, 1_000, 59_999}) {
                PcoValues v = PcoValues.ofFile(file(), FILE);
                byte[] got = new byte[expected.length];
                ColumnPages.read(v, 0, v.count(), page, ColumnPages.Read.RAW, threads, Progress.NONE,
                        (p, k) -> System.arraycopy(p.raw, 0, got, (int) p.start * 2, p.length * 2));
                assertArrayEquals(expected, got, threads + " threads, pages of " + page);
            }
        }
    }

    @Test
    void aReaderThatWouldWaitDecodesTheNextChunkItWasToldOf() throws Exception {
        PcoFile f = file();
        PcoValues v = PcoValues.ofFile(f, FILE);
        try (ValueColumn.ReadingAhead hint = v.readingAhead(0, v.count())) {
            CompletableFuture<long[]> elsewhere = v.decodingElsewhere(0);
            AtomicReference<long[]> got = new AtomicReference<>();
            Thread reader = new Thread(() -> got.set(v.chunkValues(0)));
            reader.start();
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (!v.holds(1) && System.nanoTime() < deadline) Thread.sleep(1);
            assertTrue(v.holds(1), "chunk 1 decoded while chunk 0 was being decoded elsewhere");
            assertTrue(reader.isAlive(), "the reader still waits for chunk 0");
            long[] chunk0 = new long[f.chunks().get(0).n()];
            f.decodeChunk(f.chunks().get(0), chunk0, 0);
            elsewhere.complete(chunk0);
            reader.join(20_000);
            assertSame(chunk0, got.get(), "the reader got chunk 0 as the other reader decoded it");
            assertFalse(v.holds(2), "one chunk ahead for one wait");
            assertEquals(1, v.chunkDecodes());
        }
    }

    @Test
    void withoutTheHintOrPastItsEndNothingIsDecodedAhead() throws Exception {
        PcoFile f = file();
        PcoValues unhinted = PcoValues.ofFile(f, FILE);
        waitOnChunk0(f, unhinted);
        assertFalse(unhinted.holds(1), "no hint: only what is asked for is decoded");

        PcoValues shortHint = PcoValues.ofFile(f, FILE);
        try (ValueColumn.ReadingAhead hint = shortHint.readingAhead(0, 60_000)) {
            waitOnChunk0(f, shortHint);
        }
        assertFalse(shortHint.holds(1), "the read ends in chunk 0: chunk 1 is not decoded");
        assertEquals(0, shortHint.chunkDecodes());

        PcoValues closed = PcoValues.ofFile(f, FILE);
        closed.readingAhead(0, closed.count()).close();
        waitOnChunk0(f, closed);
        assertFalse(closed.holds(1), "a withdrawn hint holds no more");
    }

    /** A reader asks for chunk 0 while it is decoded elsewhere; it gets it once it waits. */
    private static void waitOnChunk0(PcoFile f, PcoValues v) throws Exception {
        CompletableFuture<long[]> elsewhere = v.decodingElsewhere(0);
        AtomicReference<long[]> got = new AtomicReference<>();
        Thread reader = new Thread(() -> got.set(v.chunkValues(0)));
        reader.start();
        long deadline = System.nanoTime() + 20_000_000_000L;
        // what it decodes meanwhile it decodes before it waits
        while (reader.getState() != Thread.State.WAITING && reader.isAlive() && System.nanoTime() < deadline) Thread.sleep(1);
        assertEquals(Thread.State.WAITING, reader.getState());
        long[] chunk0 = new long[f.chunks().get(0).n()];
        f.decodeChunk(f.chunks().get(0), chunk0, 0);
        elsewhere.complete(chunk0);
        reader.join(20_000);
        assertSame(chunk0, got.get());
    }
}
