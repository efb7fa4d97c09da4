package org.packscope.codec.zarr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.zip.Deflater;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.store.ArraySlices;
import org.packscope.codec.testing.CpuBound;

/**
 * The N-D slice facet on Zarr arrays: windows of any 2-D slice match the values read in C
 * order, and a 10 GB-class array that is sparse on disk shows its metadata at once and
 * gives any slice window within a second, decoding only the chunks the window crosses.
 */
class ZarrSliceTest {
    private static final Duration SECOND = Duration.ofSeconds(1);


    @Test
    void everySliceOfA3dArrayMatchesItsCOrderValues() {
        for (String path : new String[] {"layout/cube_3d", "layout/cube_3d_f_nested"}) {
            Node n = ZarrFixturesTest.open("v2.zarr", path);
            ArraySlices s = n.facet(ArraySlices.class);
            assertNotNull(s, path);
            long[] shape = s.shape();
            long[] all = new long[(int) n.values().count()];
            n.values().read(0, all, 0, all.length);
            for (int rd = 0; rd < 3; rd++) {
                for (int cd = 0; cd < 3; cd++) {
                    if (rd == cd) continue;
                    int other = 3 - rd - cd;
                    for (long fix = 0; fix < shape[other]; fix++) {
                        long[] fixed = new long[3];
                        fixed[other] = fix;
                        // an odd window that crosses chunk edges
                        long r0 = 1, c0 = 1;
                        int rows = (int) shape[rd] - 1, cols = (int) shape[cd] - 2;
                        long[] got = new long[rows * cols];
                        s.read(rd, cd, fixed, r0, rows, c0, cols, got, null);
                        for (int r = 0; r < rows; r++) {
                            for (int c = 0; c < cols; c++) {
                                long[] e = new long[3];
                                e[rd] = r0 + r;
                                e[cd] = c0 + c;
                                e[other] = fix;
                                long flat = (e[0] * shape[1] + e[1]) * shape[2] + e[2];
                                assertEquals(all[(int) flat], got[r * cols + c], path + " dims " + rd + "," + cd + " at " + fix + "," + r + "," + c);
                            }
                        }
                    }
                }
            }
        }
    }

    /** Value of element (i, j) of the big array's stored chunks. */
    private static double value(long i, long j) { return i * 1e-3 + j; }

    private static void writeChunk(Path array, int ci, int cj) throws Exception {
        ByteBuffer b = ByteBuffer.allocate(1000 * 1000 * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 1000; i++) {
            for (int j = 0; j < 1000; j++) b.putDouble(value(ci * 1000L + i, cj * 1000L + j));
        }
        Deflater d = new Deflater(1);
        d.setInput(b.array());
        d.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        while (!d.finished()) out.write(buf, 0, d.deflate(buf));
        d.end();
        Files.write(array.resolve(ci + "." + cj), out.toByteArray());
    }

    @Test
    void aTenGigabyteSparseArrayShowsMetadataAtOnceAndAnySliceWindowWithinASecond(@TempDir Path dir) throws Exception {
        // our own writer: 100,000 × 100,000 float64 (80 GB of values) in 1000 × 1000 chunks, 3 of the 10,000 stored
        Path array = dir.resolve("big.zarr");
        Files.createDirectories(array);
        Files.writeString(array.resolve(".zarray"), "{\"zarr_format\": 2, \"shape\": [100000, 100000], \"chunks\": [1000, 1000], "
                + "\"dtype\": \"<f8\", \"compressor\": {\"id\": \"zlib\", \"level\": 1}, \"fill_value\": \"NaN\", \"order\": \"C\", "
                + "\"filters\": null}", StandardCharsets.UTF_8);
        writeChunk(array, 0, 0);
        writeChunk(array, 57, 42);
        writeChunk(array, 57, 43);

        // metadata and slices cost what they touch, not the 10,000 chunks: a second of CPU each
        Node n = CpuBound.within(SECOND, "opening the array", () -> new ZarrFormat().open(array, p -> null));
        assertTrue(n.summary().contains("10000 chunks"), n.summary());
        assertTrue(n.fields().stream().anyMatch(f -> f.key().equals("shape") && f.value().equals("[100000, 100000]")));
        ArraySlices s = n.facet(ArraySlices.class);
        assertEquals(10_000_000_000L, n.values().count());

        // a 1000 × 1000 window crossing four chunks, three of them stored... (57,42), (57,43), and two missing below
        long[] win = new long[1000 * 1000];
        byte[] gaps = new byte[win.length];
        CpuBound.run(SECOND, "a window across four chunks", () -> s.read(0, 1, new long[2], 57_500, 1000, 42_500, 1000, win, gaps));
        for (int r = 0; r < 1000; r += 7) {
            for (int c = 0; c < 1000; c += 3) {
                long i = 57_500 + r, j = 42_500 + c;
                double got = Double.longBitsToDouble(win[r * 1000 + c]);
                if (i < 58_000) assertEquals(value(i, j), got, i + "," + j);
                else assertTrue(Double.isNaN(got), i + "," + j + " is the fill value");
                assertEquals(ValueColumn.PRESENT, gaps[r * 1000 + c]);
            }
        }
        // the transposed slice, rows along dimension 1, far from any stored chunk and across the array's last chunks
        CpuBound.run(SECOND, "a transposed window", () -> s.read(1, 0, new long[2], 99_000, 1000, 98_500, 1000, win, gaps));
        assertTrue(Double.isNaN(Double.longBitsToDouble(win[0])));
        s.read(1, 0, new long[2], 0, 3, 0, 2, win, null);
        assertEquals(value(1, 2), Double.longBitsToDouble(win[2 * 2 + 1]));
        // the values column agrees, far into the array
        long[] one = new long[1];
        n.values().read(57_123L * 100_000 + 43_456, one, 0, 1);
        assertEquals(value(57_123, 43_456), Double.longBitsToDouble(one[0]));
    }
}
