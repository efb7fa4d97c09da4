package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.EntriesColumn;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.testing.Fixtures;

/**
 * A BPCells matrix whose packed stream ({@code index_data}: D1Z, {@code val_data}: FOR) is
 * cut short still gives every entry before the damage, in the chunk the cut goes through
 * too. The oracle knows nothing of BP128's layout: the same file with the lost bytes put
 * back as all zeros and as all ones decodes whole, and an entry is determined by the bytes
 * kept exactly when both fillings (and the intact file) agree on it and on all before it.
 * Real BPCells fixtures (written by BPCells itself), cut at several places, mid-word too.
 * Every entry so recovered traces, step by step, to the value the table shows; the first
 * one lost says where the data ends.
 */
class BpcellsPartialChunkTest {
    private static final int HEADER = 8;

    @TempDir Path tmp;
    private int lossy;
    private int insideAChunk;
    private int tracedInsideTheCut;

    @Test
    void aCutStreamKeepsEveryEntryBeforeTheDamage() throws IOException {
        int cuts = 0;
        for (String fixture : List.of("medium_packed_uint_col_dir_names", "edge_dense_column_packed_uint_col_dir",
                "v1_packed_uint_col_dir")) {
            Path intact = Fixtures.resource("fixtures/bpcells/" + fixture);
            List<long[]> truth = BpcellsCorruptionTest.entries(BpcellsCorruptionTest.open(intact));
            for (String stream : List.of("index_data", "val_data")) {
                long size = Files.size(intact.resolve(stream));
                int words = (int) ((size - HEADER) / 4);
                Random rnd = new Random(fixture.hashCode() * 31L + stream.hashCode());
                // in the first chunk, a few words into a later one, mid-stream, one word short, half a word short
                List<Long> keep = new ArrayList<>(List.of(HEADER + 4L * 3, HEADER + 4L * (words / 2), HEADER + 4L * (words - 1), size - 2));
                for (int i = 0; i < 3; i++) keep.add(HEADER + 4L * (1 + rnd.nextInt(words - 1)));
                for (long k : keep) {
                    check(fixture, stream, k, truth);
                    cuts++;
                }
            }
        }
        assertEquals(42, cuts);
        assertTrue(lossy >= 24, lossy + " of the cuts lose entries");
        assertTrue(insideAChunk >= 12, insideAChunk + " cuts keep part of a chunk");
        assertTrue(tracedInsideTheCut >= 100, tracedInsideTheCut + " entries traced inside a cut chunk");
    }

    private void check(String fixture, String stream, long keep, List<long[]> truth) throws IOException {
        String what = fixture + " " + stream + " cut to " + keep + " bytes";
        Path cut = copy(fixture, "cut");
        byte[] whole = Files.readAllBytes(cut.resolve(stream));
        Files.write(cut.resolve(stream), Arrays.copyOf(whole, (int) keep));
        // a word cut in half is a word lost: BP128 reads whole 32-bit words
        long dataEnd = HEADER + 4 * ((keep - HEADER) / 4);
        int determined = Math.min(agreeing(truth, filled(fixture, stream, dataEnd, (byte) 0)),
                agreeing(truth, filled(fixture, stream, dataEnd, (byte) -1)));

        BpcellsMatrix m = BpcellsCorruptionTest.open(cut);
        List<long[]> got = BpcellsCorruptionTest.entries(m);
        assertEquals(determined, got.size(), what + ": entries decoded");
        for (int i = 0; i < got.size(); i++) assertArrayEquals(truth.get(i), got.get(i), what + ": entry " + i);

        traces(m, stream, determined, dataEnd, truth.size(), what);

        // the damage is reported where the stream's data ends (whole words kept after the header)
        Diagnostic short_ = BpcellsCorruptionTest.inArray(m, stream, "bp128_data_short");
        assertEquals(dataEnd, short_.span().byteOffset(), what + ": " + short_.message());
        List<Diagnostic> found = BpcellsCorruptionTest.verify(m);
        Diagnostic lost = found.stream().filter(d -> d.rule().equals("entries_undecodable")).findFirst().orElse(null);
        // the last words of the last chunk may hold only its padding: nothing is lost then
        if (determined == truth.size()) {
            assertEquals(null, lost, what);
            return;
        }
        lossy++;
        if (determined % 128 != 0) insideAChunk++;
        assertTrue(lost.message().startsWith((truth.size() - determined) + " entries") && lost.message().contains("first: entry " + determined + ","),
                what + ": " + lost.message());
    }

    /**
     * Every recoverable entry of the chunk the cut goes through, and of the chunk before it,
     * traces to the value the entries table shows, in each of its columns; the first entry
     * lost stops its trace of the cut stream's column with the byte where the data ends.
     */
    private void traces(BpcellsMatrix m, String stream, int determined, long dataEnd, int total, String what) {
        for (EntriesColumn.Part part : List.of(EntriesColumn.Part.ROW, EntriesColumn.Part.COL, EntriesColumn.Part.VALUE)) {
            EntriesColumn table = new EntriesColumn(m, part);
            ValueTracer tracer = BpcellsTracer.entries(m, part);
            for (long e = Math.max(0, (determined / 128 - 1) * 128L); e < determined; e++) {
                Trace t = tracer.trace(e, Progress.NONE);
                Trace.Step last = t.steps().get(t.steps().size() - 1);
                assertEquals(table.text(e), last.value(), what + ": " + part + " of entry " + e + " traced: " + last.explanation());
                assertEquals(last.value(), t.value(), what + ": entry " + e);
                if (e / 128 == determined / 128 && determined % 128 != 0) tracedInsideTheCut++;
            }
        }
        if (determined == total) return;
        EntriesColumn.Part cutPart = stream.equals("val_data") ? EntriesColumn.Part.VALUE
                : m.storageOrder() == StorageOrder.ROW ? EntriesColumn.Part.COL : EntriesColumn.Part.ROW;
        Trace lost = BpcellsTracer.entries(m, cutPart).trace(determined, Progress.NONE);
        Trace.Step stop = lost.steps().get(lost.steps().size() - 1);
        assertEquals("cannot decode", stop.title(), what + ": entry " + determined + " is lost");
        assertEquals("?", lost.value());
        if (stop.explanation().contains("ends at")) {
            assertTrue(stop.explanation().contains("ends at byte " + dataEnd + " of "), what + ": " + stop.explanation());
        } else {
            // the cut left the chunk no words at all: it cannot be located
            assertTrue(determined % 128 == 0, what + ": " + stop.explanation());
        }
    }

    /** The fixture with {@code stream}'s bytes from {@code keep} on replaced by {@code fill}: the layout stays whole. */
    private Path filled(String fixture, String stream, long keep, byte fill) throws IOException {
        Path d = copy(fixture, "fill" + fill);
        byte[] b = Files.readAllBytes(d.resolve(stream));
        Arrays.fill(b, (int) keep, b.length, fill);
        Files.write(d.resolve(stream), b);
        return d;
    }

    /** How many leading entries of {@code dir}'s matrix equal the intact ones. */
    private static int agreeing(List<long[]> truth, Path dir) {
        List<long[]> other = BpcellsCorruptionTest.entries(BpcellsCorruptionTest.open(dir));
        int i = 0;
        while (i < truth.size() && i < other.size() && Arrays.equals(truth.get(i), other.get(i))) i++;
        return i;
    }

    private Path copy(String fixture, String as) throws IOException {
        Path src = Fixtures.resource("fixtures/bpcells/" + fixture);
        Path dst = tmp.resolve(fixture + "-" + as);
        if (Files.exists(dst)) {
            try (Stream<Path> s = Files.list(dst)) {
                for (Path p : s.toList()) Files.delete(p);
            }
        }
        Files.createDirectories(dst);
        try (Stream<Path> s = Files.list(src)) {
            for (Path p : s.toList()) Files.copy(p, dst.resolve(p.getFileName()));
        }
        return dst;
    }
}
