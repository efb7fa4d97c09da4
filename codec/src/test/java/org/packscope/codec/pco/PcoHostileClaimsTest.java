package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.analysis.TreeWalk;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.MemoryBudget;
import org.packscope.codec.testing.BoundedWalk;
import org.packscope.codec.testing.PcoBits;

/**
 * Spec-valid Pco files whose few bytes claim a lot: 2^24 numbers of zero bits each, a
 * Lookback window of 2^24 latents, 2^14 bins in each of 20 chunks. Memory follows what
 * is decoded, and walking stays linear.
 */
class PcoHostileClaimsTest {

    static byte[] oneChunk(int n, int windowLog) {
        // no body bits (one bin, no offsets); then the terminator
        return new PcoBits().header().chunk(n, windowLog, 1, 0).end();
    }

    @Test
    void aLookbackWindowOf2To24LatentsIsTooLargeToHold(@TempDir Path dir) throws Exception {
        byte[] file = oneChunk(1 << 24, 24);
        assertTrue(file.length < 40, "length " + file.length);
        PcoFile f = PcoFile.open(ByteSource.of(file, "w.pco"));
        assertEquals(1, f.chunks().size());
        assertEquals(MemoryBudget.RULE, f.chunks().get(0).damage().rule());
        BoundedWalk.Outcome o = BoundedWalk.run(Files.write(dir.resolve("window.pco"), file));
        o.assertWalkedCleanly();
        assertTrue(o.has(MemoryBudget.RULE), o::toString);
        assertTrue(o.millis() < 5000, o::toString);
    }

    @Test
    void twoTo24NumbersOfNoBitsAreReadBatchByBatch(@TempDir Path dir) throws Exception {
        byte[] file = oneChunk(1 << 24, 0);
        PcoValues v = PcoValues.ofFile(PcoFile.open(ByteSource.of(file, "n.pco")), "n");
        long[] tail = new long[3];
        v.read((1 << 24) - 3, tail, 0, 3);
        assertEquals(List.of(1L, 1L, 1L), Arrays.stream(tail).boxed().toList(), "the one bin's lower bound");
        BoundedWalk.Outcome o = BoundedWalk.run(Files.write(dir.resolve("n.pco"), file));
        o.assertWalkedCleanly();
        assertEquals(java.util.Map.of(), o.rules(), o::toString);
        // 5 s plus 2^24 numbers decoded three times (verify, bulk, every value read) at well over 200 MB/s
        assertTrue(o.millis() < 5000 + 3 * 134 * 1000 / 200, o::toString);
    }

    /** 20 chunks of 2^14 bins each: built chunk by chunk, each page's end found by reading it. */
    static byte[] binHeavy(int chunks) {
        byte[] file = new PcoBits().header().bytes();
        for (int k = 0; k < chunks; k++) {
            byte[] meta = new PcoBits().chunk(256, 0, 1 << 14, 0).bytes();
            byte[] probe = Arrays.copyOf(file, file.length + meta.length + 4096); // zero body bits, then zeros
            System.arraycopy(meta, 0, probe, file.length, meta.length);
            PcoFile f = PcoFile.open(ByteSource.of(probe, "probe"));
            PcoFile.Chunk last = f.chunks().get(k);
            assertFalse(last.damaged(), () -> String.valueOf(last.damage()));
            file = Arrays.copyOf(probe, (int) last.endByte());
        }
        return Arrays.copyOf(file, file.length + 1); // terminator
    }

    @Test
    void twentyChunksOf16kBinsOpenAndCheckWithinASecond() {
        byte[] file = binHeavy(20);
        Runnable walk = () -> {
            Node root = PcoNodes.file("bins.pco", ByteSource.of(file, "bins.pco"));
            var found = TreeWalk.diagnostics(root, true, 100_000, Progress.NONE);
            assertEquals(List.of(), found.stream().map(l -> l.diagnostic().rule()).toList());
            assertEquals(22, root.childCount());
        };
        walk.run(); // warm up the JIT once: the bound is on the work, not on class loading
        // CPU time of this thread (the walk runs on it): the machine running the suite may be busy
        var mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long t0 = mx.getCurrentThreadCpuTime();
        walk.run();
        long ms = (mx.getCurrentThreadCpuTime() - t0) / 1_000_000;
        assertTrue(ms < 1000, ms + " ms of CPU");
    }

    @Test
    void binFieldsStopAfterTheFirstFewTheTableHoldsAll() {
        Node root = PcoNodes.file("bins.pco", ByteSource.of(binHeavy(1), "bins.pco"));
        Node primary = root.find("chunk 0/primary latent");
        assertTrue(primary.fields().size() < 4 * MetaParser.RECORDED_BINS, "fields " + primary.fields().size());
        assertTrue(primary.fields().stream().anyMatch(f -> f.name().startsWith("bins " + MetaParser.RECORDED_BINS)));
        assertEquals(1 << 14, primary.tables().get(0).rows().size());
    }
}
