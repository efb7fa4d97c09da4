package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code decode --format npy} (and File → Export, the same writer) keeps an array's shape:
 * the header read back here, by this test's own parser of the npy dict, says the array's
 * shape, a little-endian descr of its type and C order, and the values follow in C order —
 * checked against the generating function (a Zarr array stored in Fortran order, big-endian,
 * with partial edge chunks) and against h5py (an HDF5 Blosc dataset; skipped without it).
 */
class NpyShapeTest {
    private static final int ROWS = 37, COLS = 53, CHUNK_ROWS = 10, CHUNK_COLS = 20;

    private static int value(int r, int c) { return r * 1000 - c * 7 + (r == 36 && c == 52 ? 1 << 30 : 0); }

    /** A Zarr v2 array of {@link #value}, '>i4', chunks of 10 × 20 in Fortran order, uncompressed. */
    static Path writeStore(Path dir) throws Exception {
        Path array = dir.resolve("grid.zarr");
        Files.createDirectories(array);
        Files.writeString(array.resolve(".zarray"), "{\"zarr_format\": 2, \"shape\": [" + ROWS + ", " + COLS + "], \"chunks\": ["
                + CHUNK_ROWS + ", " + CHUNK_COLS + "], \"dtype\": \">i4\", \"compressor\": null, \"fill_value\": 0, \"order\": \"F\", \"filters\": null}");
        for (int cr = 0; cr * CHUNK_ROWS < ROWS; cr++) {
            for (int cc = 0; cc * CHUNK_COLS < COLS; cc++) {
                ByteBuffer b = ByteBuffer.allocate(CHUNK_ROWS * CHUNK_COLS * 4).order(ByteOrder.BIG_ENDIAN);
                // Fortran order inside the chunk: the row index runs fastest; edge chunks are padded
                for (int c = 0; c < CHUNK_COLS; c++) {
                    for (int r = 0; r < CHUNK_ROWS; r++) {
                        int gr = cr * CHUNK_ROWS + r, gc = cc * CHUNK_COLS + c;
                        b.putInt(gr < ROWS && gc < COLS ? value(gr, gc) : -1);
                    }
                }
                Files.write(array.resolve(cr + "." + cc), b.array());
            }
        }
        return array;
    }

    /** The header dict of a .npy file, and where its data starts. */
    record Header(String descr, boolean fortran, String shape, int dataStart) {
        static Header of(byte[] npy) {
            assertEquals("\u0093NUMPY", new String(npy, 0, 6, StandardCharsets.ISO_8859_1));
            int len = (npy[8] & 0xff) | (npy[9] & 0xff) << 8;
            String dict = new String(npy, 10, len, StandardCharsets.ISO_8859_1);
            assertEquals(0, (10 + len) % 64, "the data starts on a 64-byte boundary");
            Matcher d = Pattern.compile("'descr': *'([^']*)'").matcher(dict);
            Matcher f = Pattern.compile("'fortran_order': *(True|False)").matcher(dict);
            Matcher s = Pattern.compile("'shape': *\\(([^)]*)\\)").matcher(dict);
            assertTrue(d.find() && f.find() && s.find(), dict);
            return new Header(d.group(1), f.group(1).equals("True"), s.group(1).replace(" ", ""), 10 + len);
        }
    }

    @Test
    void aTwoDimensionalZarrArrayKeepsItsShapeTypeAndOrder(@TempDir Path dir) throws Exception {
        Path store = writeStore(dir);
        Path out = dir.resolve("grid.npy");
        CliTest.Run r = CliTest.run("decode", store.toString(), "--format", "npy", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        byte[] npy = Files.readAllBytes(out);
        Header h = Header.of(npy);
        assertEquals(new Header("<i4", false, ROWS + "," + COLS, h.dataStart()), h);
        ByteBuffer data = ByteBuffer.wrap(npy, h.dataStart(), npy.length - h.dataStart()).slice().order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(ROWS * COLS * 4, data.capacity());
        for (int row = 0; row < ROWS; row++) {
            for (int col = 0; col < COLS; col++) assertEquals(value(row, col), data.getInt((row * COLS + col) * 4), "element " + row + ", " + col);
        }
    }

    @Test
    void aOneDimensionalColumnStaysATuple(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("v.npy");
        CliTest.Run r = CliTest.run("decode", "../codec/src/test/resources/fixtures/hdf5-filters/blosc.h5::lz4_shuffle_be_i4",
                "--format", "npy", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        Header h = Header.of(Files.readAllBytes(out));
        assertEquals("300,", h.shape());
        assertEquals("<i4", h.descr());
    }

    @Test
    void twoDimensionalHdf5DatasetsKeepTheirShape(@TempDir Path dir) throws Exception {
        Path h5 = Path.of("../codec/src/test/resources/fixtures/hdf5-filters/blosc.h5").toAbsolutePath();
        for (String dataset : new String[] {"lz4_shuffle_f4_2d", "zstd_bitshuffle_f8"}) {
            Path out = dir.resolve(dataset + ".npy");
            CliTest.Run r = CliTest.run("decode", h5 + "::" + dataset, "--format", "npy", "--out", out.toString());
            assertEquals(0, r.code(), r.err());
            Header h = Header.of(Files.readAllBytes(out));
            assertEquals(dataset.endsWith("f8") ? "60,50" : "100,37", h.shape(), dataset);
            assertEquals(dataset.endsWith("f8") ? "<f8" : "<f4", h.descr(), dataset);
            assertTrue(!h.fortran());
        }
    }

    /** A big-endian gzip-chunked 2-D dataset written by h5py here, read back by numpy and compared with h5py's reading. */
    @Test
    void numpyReadsBackWhatH5pyReads(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(python("import numpy, h5py"), "/usr/bin/python3 with numpy and h5py is not here");
        Path h5 = dir.resolve("grid.h5"), out = dir.resolve("grid.npy");
        assertEquals("", python("import numpy, h5py, sys\n"
                + "a = (numpy.arange(123 * 45).reshape(123, 45) * 7 - 3000).astype('>i2')\n"
                + "f = h5py.File(sys.argv[1], 'w')\n"
                + "f.create_dataset('grid', data=a, chunks=(50, 20), compression='gzip')\n"
                + "f.close()\n", h5.toString()));
        CliTest.Run r = CliTest.run("decode", h5 + "::grid", "--format", "npy", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(new Header("<i2", false, "123,45", 128), Header.of(Files.readAllBytes(out)));
        assertEquals("", python("import numpy, h5py, sys\n"
                + "a = numpy.load(sys.argv[1])\n"
                + "b = h5py.File(sys.argv[2], 'r')['grid'][...]\n"
                + "assert a.shape == b.shape and a.dtype == b.dtype.newbyteorder('<'), (a.shape, a.dtype, b.shape, b.dtype)\n"
                + "assert numpy.array_equal(a, b), 'values differ'\n", out.toString(), h5.toString()));
    }

    private static boolean python(String imports) {
        return "".equals(python(imports, new String[0]));
    }

    /** Runs a Python script; what it printed when it failed, "" when it succeeded, null when Python cannot run. */
    private static String python(String script, String... args) {
        try {
            java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of("/usr/bin/python3", "-c", script));
            cmd.addAll(java.util.List.of(args));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return p.waitFor() == 0 ? "" : said;
        } catch (java.io.IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
