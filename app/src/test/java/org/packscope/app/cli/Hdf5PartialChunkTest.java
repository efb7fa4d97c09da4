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
 * Partial results for HDF5 Blosc-filtered chunks: a chunk whose Blosc block 1 is damaged
 * still gives the elements of its other blocks at dataset level — decode writes them, only
 * block 1's elements are gaps (empty csv lines), and check names the damage — as a Zarr
 * chunk does. The file is written here by h5py (its direct-chunk write, the Blosc filter
 * declared without being loaded) from chunks PackScope's encoder makes, then damaged in a
 * copy; skipped without /usr/bin/python3 with h5py.
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

        CliTest.Run plot = CliTest.run("plot", damaged + "::x", "--out", dir.resolve("x.png").toString());
        assertEquals(0, plot.code(), plot.err());
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < N; k++) {
            if (k >= lostFrom && k < lostTo) continue;
            lo = Math.min(lo, value(k));
            hi = Math.max(hi, value(k));
        }
        assertTrue(plot.text().contains("(min " + org.packscope.app.plot.NumberText.plain(Double.toString(lo))
                + ", max " + org.packscope.app.plot.NumberText.plain(Double.toString(hi))), plot.text());
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
