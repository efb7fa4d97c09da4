package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.codec.io.ArraySource;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

/**
 * The bench files' numbers, re-encoded with the default options, decode to the same
 * numbers; prints our size against the reference encoder's and the encoding speed.
 */
class PcoEncoderBenchTest {

    @Test
    void benchFilesReencodeToTheSameNumbers() throws Exception {
        Path dir = Fixtures.sharedOrSkip("bench/pco");
        List<Path> files;
        try (var s = Files.list(dir)) {
            files = s.filter(p -> p.toString().endsWith(".pco")).sorted().toList();
        }
        for (Path p : files) {
            PcoFile ref = PcoFile.open(ByteSource.open(p));
            assertEquals(List.of(), ref.diagnostics());
            long[] vals = new long[(int) ref.totalN()];
            for (PcoFile.Chunk c : ref.chunks()) ref.decodeChunk(c, vals, (int) c.firstRow());
            NumberType t = ref.numberType();
            long t0 = System.nanoTime();
            byte[] ours = PcoEncoder.encode(t, vals, vals.length, PcoEncoder.Options.DEFAULT);
            double secs = (System.nanoTime() - t0) / 1e9;
            PcoFile back = PcoFile.open(new ArraySource(ours, 0, ours.length, "re-encoded"));
            assertEquals(List.of(), back.diagnostics());
            assertEquals(vals.length, back.totalN());
            for (PcoFile.Chunk c : back.chunks()) {
                long[] got = new long[c.n()];
                back.decodeChunk(c, got, 0);
                int from = (int) c.firstRow();
                assertArrayEquals(java.util.Arrays.copyOfRange(vals, from, from + c.n()), got, p + " chunk " + c.index());
            }
            PcoFile.Chunk first = back.chunks().get(0);
            System.out.printf("pco encode %s: %d numbers, ours %d bytes / reference %d = %.3f, %.1f M numbers/s (%s, %s)%n",
                    p.getFileName(), vals.length, ours.length, ref.size(), (double) ours.length / ref.size(),
                    vals.length / secs / 1e6, first.meta().mode().name(), first.meta().deltaEncoding());
        }
    }
}
