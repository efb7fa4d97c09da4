package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.blosc.BloscEncoder;

/**
 * Partial results for HDF5 chunks: a chunk whose Blosc block 1 is damaged still gives the
 * elements of its other blocks at dataset level — decode writes them, only block 1's
 * elements are gaps (empty csv lines), and check names the damage — as a Zarr chunk does;
 * so does a Blosc chunk behind HDF5's shuffle filter (the lost bytes follow the shuffle to
 * their elements), and a deflate chunk cut by the end of the file gives the elements its
 * bytes still hold, and so does a Blosc chunk so cut (the blocks before the cut). The first file is written here by h5py (its direct-chunk write, the
 * Blosc filter declared without being loaded) from chunks PackScope's encoder makes; the
 * others are cut or damaged copies of codec's {@code fixtures/hdf5-partial/partial.h5}
 * (written by h5py and python-blosc with {@code make_partial.py} beside it).
 */
class Hdf5PartialChunkTest {
    private static final int CHUNK = 4096, BLOCK_BYTES = 8192, N = 2 * CHUNK;

    private static double value(int k) { return k * 0.5 + Math.sin(k); }

    private static byte[] chunk(int first) {
        ByteBuffer b = ByteBuffer.allocate(CHUNK * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < CHUNK; k++) b.putDouble(value(first + k));
        return BloscEncoder.encode(b.array(), new BloscEncoder.Settings(BloscEncoder.Codec.ZSTD, 5, BloscEncoder.Filter.SHUFFLE, 8, BLOCK_BYTES));
    }

    @Test
    void aDamagedBloscBlockLosesOnlyItsOwnElements(@TempDir Path dir) throws Exception {
        byte[] first = chunk(0), second = chunk(CHUNK);
        Path c0 = dir.resolve("c0.bin"), c1 = dir.resolve("c1.bin"), h5 = dir.resolve("blosc.h5");
        Files.write(c0, first);
        Files.write(c1, second);
        String script = "import h5py, sys\n"
                + "f = h5py.File(sys.argv[1], 'w')\n"
                + "d = f.create_dataset('x', shape=(" + N + ",), dtype='<f8', chunks=(" + CHUNK + ",), compression=32001,"
                + " compression_opts=(2, 2, 8, " + CHUNK * 8 + ", 5, 1, 5), allow_unknown_filter=True)\n"
                + "d.id.write_direct_chunk((0,), open(sys.argv[2], 'rb').read())\n"
                + "d.id.write_direct_chunk((" + CHUNK + ",), open(sys.argv[3], 'rb').read())\n"
                + "f.close()\n";
        Process p = new ProcessBuilder("/usr/bin/python3", "-c", script, h5.toString(), c0.toString(), c1.toString()).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        Assumptions.assumeTrue(p.waitFor() == 0, "/usr/bin/python3 with h5py could not write the file: " + said);

        // the intact file decodes whole
        CliTest.Run whole = CliTest.run("decode", h5 + "::x", "--format", "csv");
        assertEquals(0, whole.code(), whole.err());
        String[] lines = whole.text().split("\n", -1);
        for (int k = 0; k < N; k++) assertEquals(value(k), Double.parseDouble(lines[k]), "value " + k);

        // block 1 of the first chunk damaged: its first stream's size claims far more than there is
        byte[] file = Files.readAllBytes(h5);
        int at = indexOf(file, first);
        assertTrue(at > 0, "the chunk is stored as written");
        ByteBuffer header = ByteBuffer.wrap(first).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(CHUNK * 8 / BLOCK_BYTES, (header.getInt(4) + header.getInt(8) - 1) / header.getInt(8), "four blocks");
        int block1 = header.getInt(16 + 4);
        ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putInt(at + block1, 0x7fff_0000);
        Path damaged = dir.resolve("damaged.h5");
        Files.write(damaged, file);

        CliTest.Run csv = CliTest.run("decode", damaged + "::x", "--format", "csv");
        assertEquals(1, csv.code(), "undecodable values are a problem found");
        lines = csv.text().split("\n", -1);
        int lostFrom = BLOCK_BYTES / 8, lostTo = 2 * BLOCK_BYTES / 8;
        for (int k = 0; k < N; k++) {
            if (k >= lostFrom && k < lostTo) assertEquals("", lines[k], "value " + k + " of the damaged block is a gap");
            else assertEquals(value(k), Double.parseDouble(lines[k]), "value " + k + " still decodes");
        }
        assertTrue(csv.err().contains(String.format("%,d", lostTo - lostFrom)) || csv.err().contains(Integer.toString(lostTo - lostFrom)), csv.err());

        CliTest.Run check = CliTest.run("check", damaged + "::x");
        assertEquals(1, check.code(), check.text());
        assertTrue(check.text().contains("filter_damaged") && check.text().contains("decoded in part"), check.text());

        // the picture holds what was decoded; the lost values are a problem found (exit 1), counted
        CliTest.Run plot = CliTest.run("plot", damaged + "::x", "--out", dir.resolve("x.png").toString());
        assertEquals(1, plot.code(), plot.err());
        assertTrue(plot.err().contains(String.format(java.util.Locale.ROOT, "%,d values could not be decoded and are left out of the plot",
                lostTo - lostFrom)), plot.err());
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < N; k++) {
            if (k >= lostFrom && k < lostTo) continue;
            lo = Math.min(lo, value(k));
            hi = Math.max(hi, value(k));
        }
        assertTrue(plot.text().contains("(min " + org.packscope.app.plot.NumberText.plain(Double.toString(lo))
                + ", max " + org.packscope.app.plot.NumberText.plain(Double.toString(hi))), plot.text());
    }

    private static final Path PARTIAL = Path.of("../codec/src/test/resources/fixtures/hdf5-partial");

    /** The fixture's values (make_partial.py): exact in binary, so Java and numpy agree to the bit. */
    private static double fixtureValue(int k) { return k * 0.5 + (k % 7) * 0.25; }

    /** Where {@code dataset}'s chunk {@code i} is stored, from the fixture's MANIFEST (h5py's get_chunk_info). */
    private static long chunkAddress(String dataset, int i) throws Exception {
        return storedChunk(dataset, i, "byte_offset");
    }

    private static long storedChunk(String dataset, int i, String key) throws Exception {
        var m = new com.fasterxml.jackson.databind.ObjectMapper().readTree(PARTIAL.resolve("MANIFEST.json").toFile());
        return m.path("datasets").path(dataset).path("stored_chunks").path(i).path(key).asLong(-1);
    }

    @Test
    void aDeflateChunkCutByTheEndOfTheFileGivesTheElementsItsBytesHold(@TempDir Path dir) throws Exception {
        int chunk = 4096, n = 3 * chunk;
        long last = chunkAddress("gzip_f8", 2);
        assertTrue(last > 0, "the manifest places the third chunk");
        byte[] whole = Files.readAllBytes(PARTIAL.resolve("partial.h5"));
        int cut = (int) (last + storedChunk("gzip_f8", 2, "size") / 2); // halfway into the third chunk
        Path cutCopy = dir.resolve("cut.h5");
        Files.write(cutCopy, java.util.Arrays.copyOf(whole, cut));
        // how many bytes the cut stream still inflates to, by Python's zlib (an independent reader)
        Path stream = dir.resolve("stream.bin");
        Files.write(stream, java.util.Arrays.copyOfRange(whole, (int) last, cut));
        Process p = new ProcessBuilder("/usr/bin/python3", "-c", "import sys, zlib; print(len(zlib.decompressobj().decompress(open(sys.argv[1], 'rb').read())))",
                stream.toString()).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        Assumptions.assumeTrue(p.waitFor() == 0, "/usr/bin/python3 could not inflate: " + said);
        int kept = Integer.parseInt(said) / 8;
        assertTrue(kept > 0 && kept < chunk, "the cut keeps part of the chunk: " + kept);

        CliTest.Run csv = CliTest.run("decode", cutCopy + "::gzip_f8", "--format", "csv");
        assertEquals(1, csv.code(), "lost values are a problem found: " + csv.err());
        String[] lines = csv.text().split("\n", -1);
        for (int k = 0; k < n; k++) {
            if (k < 2 * chunk + kept) assertEquals(fixtureValue(k), Double.parseDouble(lines[k]), "value " + k + " still decodes");
            else assertEquals("", lines[k], "value " + k + " lies past the cut: a gap");
        }
        CliTest.Run check = CliTest.run("check", cutCopy + "::gzip_f8");
        assertEquals(1, check.code(), check.text());
        assertTrue(check.text().contains("at byte " + cut + ": hdf5_chunk_beyond_file") && check.text().contains("decoded in part"), check.text());
    }

    @Test
    void aDamagedBloscBlockBehindAShuffleLosesOneByteOfItsElementsOnly(@TempDir Path dir) throws Exception {
        int chunk = 16384, n = 2 * chunk, blockBytes = 8192;
        long at = chunkAddress("shuffle_blosc_f8", 0);
        assertTrue(at > 0, "the manifest places the first chunk");
        byte[] file = Files.readAllBytes(PARTIAL.resolve("partial.h5"));
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(blockBytes, b.getInt((int) at + 8), "Blosc blocks of 8192 bytes");
        int block1 = b.getInt((int) at + 16 + 4);
        b.putInt((int) at + block1, 0x7fff_0000); // block 1's first stream claims far more than there is
        Path damaged = dir.resolve("damaged.h5");
        Files.write(damaged, file);

        // block 1 is bytes 8192-16383 of the shuffled chunk: byte 0 of elements 8192-16383
        CliTest.Run csv = CliTest.run("decode", damaged + "::shuffle_blosc_f8", "--format", "csv");
        assertEquals(1, csv.code(), "undecodable values are a problem found: " + csv.err());
        String[] lines = csv.text().split("\n", -1);
        for (int k = 0; k < n; k++) {
            if (k >= blockBytes && k < 2 * blockBytes) assertEquals("", lines[k], "value " + k + " lost a byte: a gap");
            else assertEquals(fixtureValue(k), Double.parseDouble(lines[k]), "value " + k + " still decodes");
        }
        CliTest.Run check = CliTest.run("check", damaged + "::shuffle_blosc_f8");
        assertEquals(1, check.code(), check.text());
        assertTrue(check.text().contains("at byte " + (at + block1)) && check.text().contains("decoded in part"), check.text());

        // the intact fixture decodes whole
        CliTest.Run whole = CliTest.run("decode", PARTIAL.resolve("partial.h5") + "::shuffle_blosc_f8", "--format", "csv");
        assertEquals(0, whole.code(), whole.err());
        lines = whole.text().split("\n", -1);
        for (int k = 0; k < n; k++) assertEquals(fixtureValue(k), Double.parseDouble(lines[k]), "value " + k);
    }

    /**
     * The last chunk of {@code blosc_f8} ends the fixture file; copies cut inside it keep
     * the Blosc blocks whose bytes lie wholly before the cut. Which blocks those are is read
     * from the intact chunk's bstarts (block b's streams run to the next block's start, the
     * last block's to cbytes); the values they hold are python-blosc's decoding of the
     * intact chunk, compared element by element.
     */
    @Test
    void aBloscChunkCutByTheEndOfTheFileKeepsTheBlocksBeforeTheCut(@TempDir Path dir) throws Exception {
        int chunk = 8192, n = 3 * chunk, typesize = 8;
        long last = chunkAddress("blosc_f8", 2);
        int stored = (int) storedChunk("blosc_f8", 2, "size");
        byte[] whole = Files.readAllBytes(PARTIAL.resolve("partial.h5"));
        assertEquals(whole.length, last + stored, "the third chunk ends the file");
        byte[] intact = java.util.Arrays.copyOfRange(whole, (int) last, whole.length);
        Path intactFile = dir.resolve("chunk.blosc"), decodedFile = dir.resolve("chunk.raw");
        Files.write(intactFile, intact);
        Process p = new ProcessBuilder("/usr/bin/python3", "-c", "import sys, blosc; open(sys.argv[2], 'wb').write(blosc.decompress(open(sys.argv[1], 'rb').read()))",
                intactFile.toString(), decodedFile.toString()).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        Assumptions.assumeTrue(p.waitFor() == 0, "/usr/bin/python3 with python-blosc could not decode the chunk: " + said);
        ByteBuffer oracle = ByteBuffer.wrap(Files.readAllBytes(decodedFile)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(chunk * typesize, oracle.capacity());

        ByteBuffer h = ByteBuffer.wrap(intact).order(ByteOrder.LITTLE_ENDIAN);
        int blockBytes = h.getInt(8), cbytes = h.getInt(12), blocks = chunk * typesize / blockBytes;
        assertEquals(stored, cbytes, "one Blosc chunk per HDF5 chunk");
        assertEquals(8, blocks, "eight blocks of 1024 elements");
        int[] blockEnd = new int[blocks];
        for (int b = 0; b < blocks; b++) blockEnd[b] = b + 1 < blocks ? h.getInt(16 + 4 * (b + 1)) : cbytes;
        for (int b = 1; b < blocks; b++) assertTrue(blockEnd[b] > blockEnd[b - 1], "blocks stored in order");

        int[] cuts = {16 + 12, 16 + 4 * blocks + 3, blockEnd[0], (blockEnd[2] + blockEnd[3]) / 2, blockEnd[4], blockEnd[4] + 1, cbytes - 1};
        for (int cut : cuts) {
            Path cutCopy = dir.resolve("cut" + cut + ".h5");
            Files.write(cutCopy, java.util.Arrays.copyOf(whole, (int) last + cut));
            int keptBlocks = 0;
            while (keptBlocks < blocks && blockEnd[keptBlocks] <= cut) keptBlocks++;
            int kept = keptBlocks * blockBytes / typesize;

            CliTest.Run csv = CliTest.run("decode", cutCopy + "::blosc_f8", "--format", "csv");
            assertEquals(1, csv.code(), "cut at " + cut + ": lost values are a problem found: " + csv.err());
            String[] lines = csv.text().split("\n", -1);
            for (int k = 0; k < n; k++) {
                int inLast = k - 2 * chunk;
                if (inLast < 0) assertEquals(fixtureValue(k), Double.parseDouble(lines[k]), "cut at " + cut + ": value " + k + " lies before the cut chunk");
                else if (inLast < kept) assertEquals(oracle.getDouble(inLast * typesize), Double.parseDouble(lines[k]),
                        "cut at " + cut + ": value " + k + " lies in a block before the cut: python-blosc's value");
                else assertEquals("", lines[k], "cut at " + cut + ": value " + k + " lies in a block the cut reaches: a gap");
            }
            CliTest.Run check = CliTest.run("check", cutCopy + "::blosc_f8");
            assertEquals(1, check.code(), check.text());
            assertTrue(check.text().contains("hdf5_chunk_beyond_file") && check.text().contains("at byte " + (last + cut)), check.text());
            if (kept > 0) assertTrue(check.text().contains("decoded in part"), check.text());

            CliTest.Run plot = CliTest.run("plot", cutCopy + "::blosc_f8", "--out", dir.resolve("cut" + cut + ".png").toString());
            assertEquals(1, plot.code(), plot.err());
            assertTrue(plot.err().contains(String.format(java.util.Locale.ROOT, "%,d value%s could not be decoded", n - 2 * chunk - kept,
                    n - 2 * chunk - kept == 1 ? "" : "s")), "cut at " + cut + ": " + plot.err());
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < 2 * chunk + kept; k++) {
                double v = k < 2 * chunk ? fixtureValue(k) : oracle.getDouble((k - 2 * chunk) * typesize);
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
            assertTrue(plot.text().contains("(min " + org.packscope.app.plot.NumberText.plain(Double.toString(lo))
                    + ", max " + org.packscope.app.plot.NumberText.plain(Double.toString(hi))), "cut at " + cut + ": " + plot.text());
        }
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) if (hay[i + j] != needle[j]) continue outer;
            return i;
        }
        return -1;
    }
}
