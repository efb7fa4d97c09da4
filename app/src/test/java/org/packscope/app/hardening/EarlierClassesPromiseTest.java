package org.packscope.app.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.blosc.BloscEncoder;
import org.packscope.codec.pco.HostilePcoFiles;
import org.packscope.codec.pco.NumberType;
import org.packscope.codec.pco.PcoEncoder;
import org.packscope.codec.rds.HostileRdsFiles;

/**
 * Issue 28's "earlier classes, again" whose inputs are big, each built here and each
 * command run in a JVM of its own with a 256 MB heap ({@link MeasuredCli}): a Blosc
 * superchunk whose blocks all claim the same stream, Pco files of 2,000 chunks of 2^24
 * numbers and of 300,000 tiny chunks, a carray of 15,000 damaged chunk files and an R
 * pairlist of 2M cells. Each ends (the figures are printed for the report), exits 1 for
 * damage and 0 for a valid file, and says nothing in Java's words.
 */
class EarlierClassesPromiseTest {
    private static final Pattern JAVA = Pattern.compile("[A-Z][A-Za-z]*(Exception|Error)\\b|Java heap space|\tat |long overflow");

    @TempDir
    Path dir;

    private MeasuredCli.Run cli(String... args) throws Exception {
        MeasuredCli.Run r = MeasuredCli.run(dir, args);
        System.out.println("[earlier classes] " + String.join(" ", List.of(args)).replace(dir.toString(), "") + " → " + r.figures());
        assertTrue(r.code() >= 0, "did not end within " + MeasuredCli.KILL_AFTER_SECONDS + " s: " + r.figures());
        assertFalse(JAVA.matcher(r.text()).find(), "Java's own words in the output:\n" + r);
        return r;
    }

    /** {@code args} run on {@code input} (its place marked {@code IN}), expected to exit {@code exit}. */
    private MeasuredCli.Run expect(int exit, Path input, String... args) throws Exception {
        String[] full = java.util.Arrays.stream(args).map(a -> a.equals("IN") ? input.toString() : a).toArray(String[]::new);
        MeasuredCli.Run r = cli(full);
        String text = r.toString();
        assertEquals(exit, r.code(), text.substring(0, Math.min(3000, text.length())));
        return r;
    }

    /**
     * A superchunk of one chunk that says it holds 8191 blocks of 256 KiB (nearly 2 GB) and
     * points every block at the same 256 KiB stream (8 KiB of noise, then zeros), followed by {@code padding} bytes
     * no block claims (enough to make the size plausible for lz4): 32 KB of bstarts claiming 2 GB.
     */
    static byte[] overlappingSuperchunk(int blocks, int padding) {
        int block = 1 << 18;
        byte[] data = new byte[block];
        new java.util.Random(28).nextBytes(data); // a stream that compresses no more than lz4 plausibly does
        java.util.Arrays.fill(data, 8192, block, (byte) 0);
        byte[] one = BloscEncoder.encode(data, new BloscEncoder.Settings(BloscEncoder.Codec.named("lz4"), 5,
                BloscEncoder.Filter.NONE, 1, block));
        ByteBuffer src = ByteBuffer.wrap(one).order(ByteOrder.LITTLE_ENDIAN);
        int stream = src.getInt(16); // the one block's start; its stream runs to the chunk's end
        byte[] streamBytes = java.util.Arrays.copyOfRange(one, stream, one.length);
        int dataStart = 16 + 4 * blocks;
        ByteBuffer b = ByteBuffer.allocate(16 + dataStart + streamBytes.length + padding).order(ByteOrder.LITTLE_ENDIAN);
        b.put("blpk".getBytes(StandardCharsets.US_ASCII)).put((byte) 1).put(new byte[3]).putLong(1);
        b.put(one, 0, 4).putInt((int) ((long) blocks * block)).putInt(block).putInt(dataStart + streamBytes.length + padding);
        for (int k = 0; k < blocks; k++) b.putInt(dataStart);
        b.put(streamBytes);
        return b.array();
    }

    @Test
    void aSuperchunkWhoseBlocksOverlapCostsWhatIsPresent() throws Exception {
        Path f = Files.write(dir.resolve("overlap.blp"), overlappingSuperchunk(8191, 8 << 20));
        MeasuredCli.Run check = expect(1, f, "check", "IN");
        // the first entry keeps its stream; every other one is reported at its own bstarts entry
        assertTrue(check.out().contains("error at byte 36: bstarts_overlap: bstarts[1] = "), check.out());
        assertTrue(check.out().contains("bstarts_overlap: 8170 more blocks start inside another block's streams (8190 of 8191 in all)"),
                check.out());
        expect(1, f, "decode", "IN", "--format", "raw", "--out", dir.resolve("out.raw").toString());
        Files.delete(dir.resolve("out.raw"));
        // one block decoded, not 8191: the CPU time follows the bytes present (2 GB of fill is still written)
        assertTrue(check.cpuMillis() < 60_000, check.figures());
        // a plot draws the one block and counts the rest as undecodable in bulk (8.9-11 s CPU when it read them all)
        for (String kind : new String[] {"line", "histogram"}) {
            MeasuredCli.Run plot = expect(1, f, "plot", "IN", "--kind", kind, "--out", dir.resolve(kind + ".png").toString());
            assertTrue(plot.err().contains("2,146,959,360 values could not be decoded and are left out of the plot"), plot.toString());
            assertTrue(plot.cpuMillis() < 7_000 && plot.peakHeapMb() < 256, plot.figures());
        }
    }

    @Test
    void aFolderOfFifteenThousandDamagedChunkFilesIsCheckedInLinearTime() throws Exception {
        Path carray = damagedCarray(15_000);
        MeasuredCli.Run check = expect(1, carray, "check", "IN");
        // three capped lists (each chunk's cbytes lies, its bstart is out of range, no block can be found), each with a count of the rest
        assertTrue(check.out().lines().count() <= 303, () -> check.figures() + ", " + check.out().lines().count() + " lines");
        for (String rule : new String[] {"cbytes_beyond_data", "bstart_out_of_range", "block_unlocatable"}) {
            assertTrue(check.out().contains(rule + ": and 14,900 more like this"), rule + ": " + check.figures());
        }
        expect(1, carray, "decode", "IN", "--format", "raw", "--out", dir.resolve("out.raw").toString());
        assertEquals(15_000_000L * 8, Files.size(dir.resolve("out.raw")));
        Files.delete(dir.resolve("out.raw"));
    }

    @Test
    void twoThousandPcoChunksOf16MNumbersAreCheckedAsValid() throws Exception {
        Path f = Files.write(dir.resolve("claims.pco"), HostilePcoFiles.constantChunks(2000, 1 << 24));
        expect(0, f, "check", "IN");
    }

    @Test
    void threeHundredThousandTinyPcoChunksAreCheckedAsValid() throws Exception {
        Path f = Files.write(dir.resolve("tiny.pco"), HostilePcoFiles.constantChunks(300_000, 1));
        MeasuredCli.Run check = expect(0, f, "check", "IN");
        assertTrue(check.out().isBlank(), "a valid file has no problem to say:\n" + check);
        MeasuredCli.Run inspect = expect(0, f, "inspect", "IN", "--depth", "1");
        assertTrue(inspect.out().contains("300,000 numbers · 300,000 chunks"), inspect::toString);
        // before: 9-11 s CPU (every chunk node made and walked); now about 3.5 s, bound with room for a loaded machine
        assertTrue(check.cpuMillis() < 7_000 && check.peakHeapMb() < 256, check.figures());
        expect(0, f, "plot", "IN", "--out", dir.resolve("p.png").toString());
        MeasuredCli.Run dec = expect(0, f, "decode", "IN", "--format", "csv", "--out", dir.resolve("v.txt").toString());
        assertEquals(300_000, Files.readAllLines(dir.resolve("v.txt")).size(), dec.toString());
        MeasuredCli.Run raw = expect(0, f, "decode", "IN", "--format", "raw", "--out", dir.resolve("out.raw").toString());
        // every number is there: 300,000 u32s
        assertEquals(300_000L * 4, Files.size(dir.resolve("out.raw")), raw.toString());
    }

    /**
     * Two files of 300,000 one-number chunks: equal chunk metadata is held once, chunk pairs
     * are made one at a time and equal chunk bytes need no nodes (they ran out of 256 MB).
     */
    @Test
    void threeHundredThousandTinyPcoChunksDiffAsEqual() throws Exception {
        Path f = Files.write(dir.resolve("tiny.pco"), HostilePcoFiles.constantChunks(300_000, 1));
        MeasuredCli.Run r = expect(0, f, "diff", "IN", "IN");
        assertTrue(r.out().strip().endsWith("no differences"), r.toString());
        assertTrue(r.cpuMillis() < 15_000 && r.peakHeapMb() < 256, r.figures());
    }

    /** The same, but one chunk of the 300,000 holds another number: that chunk, its value and the file's value are named. */
    @Test
    void threeHundredThousandTinyPcoChunksDiffNamesTheOneThatDiffers() throws Exception {
        long[] v = new long[300_000];
        java.util.Arrays.fill(v, 5);
        PcoEncoder.Options one = PcoEncoder.Options.DEFAULT.withChunkSize(1).withMode(PcoEncoder.ModeChoice.CLASSIC)
                .withDelta(PcoEncoder.DeltaChoice.NONE);
        Path a = Files.write(dir.resolve("a.pco"), PcoEncoder.encode(NumberType.U32, v, v.length, one));
        v[123_456] = 6;
        Path b = Files.write(dir.resolve("b.pco"), PcoEncoder.encode(NumberType.U32, v, v.length, one));
        MeasuredCli.Run r = expect(1, a, "diff", "IN", b.toString());
        List<String> lines = r.out().strip().lines().toList();
        assertEquals(4, lines.size(), r.toString());
        assertTrue(lines.get(0).startsWith("chunk 123456/primary latent: field bin 0 lower (at byte ")
                && lines.get(0).endsWith("): 5 (5) → 6 (6)"), lines.get(0));
        assertEquals(List.of("(root): value 123456: 5 → 6", "chunk 123456: value 0: 5 → 6", "3 differences: 1 in the structure, 2 values"),
                lines.subList(1, 4));
        assertTrue(r.cpuMillis() < 15_000 && r.peakHeapMb() < 256, r.figures());
    }

    /** A carray of {@code files} chunk files, each a superchunk whose one chunk has no valid bstart. */
    private Path damagedCarray(int files) throws IOException {
        Path carray = dir.resolve("damaged.bcolz");
        Path data = Files.createDirectories(carray.resolve("data"));
        Path meta = Files.createDirectories(carray.resolve("meta"));
        long rows = 1000L * files;
        Files.writeString(meta.resolve("sizes"), "{\"shape\": [" + rows + "], \"nbytes\": " + 8 * rows + ", \"cbytes\": " + 40 * files + "}\n");
        Files.writeString(meta.resolve("storage"), "{\"dtype\": \"float64\", \"cparams\": {\"clevel\": 5, \"shuffle\": 1, \"cname\": \"lz4\", "
                + "\"quantize\": 0}, \"chunklen\": 1000, \"expectedlen\": " + rows + ", \"dflt\": 0.0}\n");
        byte[] damaged = new byte[40];
        ByteBuffer.wrap(damaged).order(ByteOrder.LITTLE_ENDIAN).put("blpk".getBytes(StandardCharsets.US_ASCII)).put((byte) 1)
                .put(new byte[3]).putLong(1).put((byte) 2).put((byte) 1).put((byte) 0x21).put((byte) 8).putInt(8000).putInt(8000).putInt(9999);
        for (int i = 0; i < files; i++) Files.write(data.resolve("__" + i + ".blp"), damaged);
        return carray;
    }

    @Test
    void anRPairlistOf2MCellsIsCheckedAsValid() throws Exception {
        Path f = Files.write(dir.resolve("pairlist.rds"), HostileRdsFiles.pairlist(2_000_000));
        expect(0, f, "check", "IN");
        MeasuredCli.Run i = expect(0, f, "inspect", "IN");
        assertTrue(i.text().contains("pairlist of 2000000 cells"), i.text().substring(0, Math.min(3000, i.text().length())));
    }
}
