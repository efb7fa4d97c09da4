package org.packscope.app.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.packscope.app.Samples;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/** Exports read pages ahead on several threads and still write the same bytes as page after page. */
class ExportThreadsTest {
    private static final Path FIXTURES = Samples.root().getParent().resolve("codec/src/test/resources/fixtures");

    private static Node node(String address) {
        String[] parts = address.split("::", 2);
        String path = FIXTURES.resolve(parts[0]).toString() + (parts.length > 1 ? "::" + parts[1] : "");
        Node n = FormatRegistry.standard().resolve(path).target();
        assertNotNull(n, address);
        return n;
    }

    private static byte[] export(Node node, String format, int threads, int page) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Export.write(node, format, out, "test", Progress.NONE, threads, page);
        return out.toByteArray();
    }

    @ParameterizedTest(name = "{0} {1} in pages of {2}")
    @CsvSource({
            "pco/v1_0/multichunk_u16_300k.pco, raw, 7000",
            "pco/v1_0/multichunk_u16_300k.pco, csv, 65536",
            "pco/v0_4/multichunk_f32_10x1000.pco, json, 333",
            "pco/v0_4/multichunk_f32_10x1000.pco, npy, 1000",
            "bcolz/carray_2d_float64_N3_lz4_c5_shuffle, raw, 100",
            "bcolz/carray_2d_float64_N3_lz4_c5_shuffle, csv, 77",
            "bcolz/carray_S8_zlib_c9_shuffle, json, 50",
            "hdf5-filters/blosc.h5::/lz4_shuffle_f4_2d, raw, 37",
            "hdf5-filters/blosc.h5::/zlib_shuffle_i8, csv, 100",
            "hdf5-filters/blosc.h5::/lz4hc_shuffle_u4, json, 64",
            "bpcells/medium_packed_double_col_hdf5_names.h5::/mat, raw, 1000",
            "bpcells/medium_packed_double_col_hdf5_names.h5::/mat, json, 4096",
            "bpcells/medium_packed_double_col_hdf5_names.h5::/mat, mtx, 4096",
    })
    void manyThreadsWriteTheSameBytesAsOne(String address, String format, int page) throws Exception {
        byte[] one = export(node(address), format, 1, page);
        assertTrue(one.length > 0);
        for (int threads : new int[] {2, 4}) {
            assertArrayEquals(one, export(node(address), format, threads, page), threads + " threads");
        }
        // and the default page size, as decode uses it
        assertArrayEquals(one, export(node(address), format, 3, Export.PAGE));
    }

    @Test
    void theExpectedBytesOfAMultiChunkFileComeOutOnFourThreads() throws Exception {
        byte[] expected = Files.readAllBytes(FIXTURES.resolve("bcolz/carray_2d_float64_N3_lz4_c5_shuffle.expected.bin"));
        assertArrayEquals(expected, export(node("bcolz/carray_2d_float64_N3_lz4_c5_shuffle"), "raw", 4, 64));
    }

    @Test
    void aDamagedPcoChunkIsWrittenAsGapsAsBefore(@TempDir Path dir) throws Exception {
        byte[] bytes = Files.readAllBytes(FIXTURES.resolve("pco/v1_0/multichunk_u16_300k.pco"));
        for (int i = bytes.length / 2; i < bytes.length / 2 + 40; i++) bytes[i] ^= 0x5a; // inside a middle chunk
        Path damaged = dir.resolve("damaged.pco");
        Files.write(damaged, bytes);
        long undecodable = -1;
        byte[] one = null;
        for (int threads : new int[] {1, 4}) {
            Node n = FormatRegistry.standard().resolve(damaged.toString()).target();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Export.Written w = Export.write(n, "csv", out, "test", Progress.NONE, threads, 5000);
            if (one == null) {
                one = out.toByteArray();
                undecodable = w.undecodable();
                assertTrue(undecodable > 0, "the damage makes gaps");
                assertTrue(new String(one, java.nio.charset.StandardCharsets.UTF_8).contains("\n\n"), "gaps are empty lines");
            } else {
                assertArrayEquals(one, out.toByteArray());
                assertEquals(undecodable, w.undecodable());
            }
        }
    }

    /** 3 M values, every 1000th undecodable, every 777th missing. */
    private static Node gappy() {
        ValueColumn c = new ValueColumn() {
            @Override public String name() { return "g"; }
            @Override public ValueType type() { return ValueType.F64; }
            @Override public long count() { return 3_000_000; }
            @Override public void read(long start, long[] dst, int off, int len) {
                for (int i = 0; i < len; i++) dst[off + i] = Double.doubleToRawLongBits((start + i) % 1000 == 0 ? 0 : (start + i) * 0.5);
            }
            @Override public boolean mayHaveGaps() { return true; }
            @Override public void gaps(long start, byte[] dst, int off, int len) {
                for (int i = 0; i < len; i++) {
                    long k = start + i;
                    dst[off + i] = k % 1000 == 0 ? UNDECODABLE : k % 777 == 0 ? MISSING : PRESENT;
                }
            }
        };
        return Node.of("g", "test").facet(ValueColumn.class, c);
    }

    @Test
    void gapsAreWrittenAndCountedTheSameOnEveryThreadCount() throws Exception {
        for (String format : new String[] {"raw", "csv", "json"}) {
            ByteArrayOutputStream a = new ByteArrayOutputStream(), b = new ByteArrayOutputStream();
            Export.Written wa = Export.write(gappy(), format, a, "t", Progress.NONE, 1);
            Export.Written wb = Export.write(gappy(), format, b, "t", Progress.NONE, 3, 10_000);
            assertArrayEquals(a.toByteArray(), b.toByteArray(), format);
            assertEquals(3000, wa.undecodable());
            assertEquals(wa, wb);
        }
    }

    @Test
    void cancellingStopsTheExport() {
        AtomicLong written = new AtomicLong();
        boolean[] cancel = {false};
        Progress p = new Progress() {
            @Override public void update(double fraction, String message) { if (fraction > 0.1) cancel[0] = true; }
            @Override public boolean cancelled() { return cancel[0]; }
        };
        OutputStream out = new OutputStream() {
            @Override public void write(int b) { written.incrementAndGet(); }
            @Override public void write(byte[] b, int off, int len) { written.addAndGet(len); }
        };
        assertThrows(Progress.CancelledException.class, () -> Export.write(gappy(), "csv", out, "t", p, 3, 10_000));
        assertTrue(written.get() < 0.5 * 3_000_000 * 8, "stopped early: " + written.get() + " bytes");
    }
}
