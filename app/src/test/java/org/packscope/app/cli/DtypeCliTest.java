package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

/**
 * {@code --dtype} reads a standalone Blosc chunk's elements as the numpy type given, and
 * decode writes exactly that: compared with the chunk's reference decompression (C-Blosc's
 * {@code .expected.bin}) read with {@link ByteBuffer} in the same type and byte order.
 */
class DtypeCliTest {
    private static final Path FIXTURES = Path.of("../codec/src/test/resources/fixtures/blosc");
    /** 3,000 smooth doubles, typesize 8. */
    private static final String F8 = "snappy_shuf_ts8_24000b_smooth_c5";
    /** float32 values, typesize 4. */
    private static final String F4 = "bcolz114_lz4_bitshuf_ts4_float32";

    private static ByteBuffer expected(String name, ByteOrder order) throws Exception {
        return ByteBuffer.wrap(Files.readAllBytes(FIXTURES.resolve(name + ".expected.bin"))).order(order);
    }

    private static String chunk(String name) { return FIXTURES.resolve(name + ".blosc").toString(); }

    @Test
    void csvWritesTheFloatsInBothByteOrders() throws Exception {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            String dtype = (order == ByteOrder.BIG_ENDIAN ? ">" : "<") + "f8";
            CliTest.Run r = CliTest.run("decode", "--dtype", dtype, "--format", "csv", chunk(F8));
            assertEquals(0, r.code(), r.err());
            String[] lines = r.text().split("\n");
            ByteBuffer want = expected(F8, order);
            assertEquals(want.capacity() / 8, lines.length);
            for (int i = 0; i < lines.length; i++) {
                double d = want.getDouble(i * 8);
                if (Double.isNaN(d)) assertTrue(lines[i].isEmpty() || lines[i].equals("NaN"), dtype + " line " + i + ": " + lines[i]);
                else assertEquals(Double.doubleToLongBits(d), Double.doubleToLongBits(Double.parseDouble(lines[i])), dtype + " line " + i);
            }
        }
    }

    @Test
    void npyIsTypedAsChosenAndHoldsTheValuesLittleEndian() throws Exception {
        CliTest.Run r = CliTest.run("decode", "--dtype", ">i4", "--format", "npy", chunk(F4));
        assertEquals(0, r.code(), r.err());
        byte[] out = r.out();
        int headerLen = (out[8] & 0xff) | (out[9] & 0xff) << 8;
        String header = new String(out, 10, headerLen, StandardCharsets.ISO_8859_1);
        assertTrue(header.startsWith("{'descr': '<i4'"), header);
        ByteBuffer want = expected(F4, ByteOrder.BIG_ENDIAN);
        ByteBuffer got = ByteBuffer.wrap(out, 10 + headerLen, out.length - 10 - headerLen).slice().order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(want.capacity(), got.capacity());
        for (int i = 0; i < want.capacity() / 4; i++) assertEquals(want.getInt(i * 4), got.getInt(i * 4), "value " + i);

        CliTest.Run f8 = CliTest.run("decode", "--dtype", "<f8", "--format", "npy", chunk(F8));
        assertTrue(new String(f8.out(), 10, 20, StandardCharsets.ISO_8859_1).startsWith("{'descr': '<f8'"));
        byte[] payload = Arrays.copyOfRange(f8.out(), f8.out().length - 24_000, f8.out().length);
        assertArrayEquals(Files.readAllBytes(FIXTURES.resolve(F8 + ".expected.bin")), payload, "<f8 stored as it was");
    }

    @Test
    void inspectSaysTheChosenTypeAndBadChoicesAreRefused() {
        CliTest.Run r = CliTest.run("inspect", "--dtype", "<u2", "--depth", "0", chunk(F4));
        assertEquals(2, r.code());
        assertEquals("packscope: --dtype <u2 is 2 bytes wide; the chunk's elements are 4\n", r.err());
        r = CliTest.run("inspect", "--dtype", "<f4", "--depth", "0", chunk(F4));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.text().contains("values of type f32"), r.text());
        r = CliTest.run("decode", "--dtype", "object", chunk(F4));
        assertEquals(2, r.code());
        assertTrue(r.err().contains("not a numpy integer or float type"), r.err());
        r = CliTest.run("decode", "--dtype", "<f8", "../resources/bcolz/carray_2d_float64_N3_lz4_c5_shuffle");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("applies to a standalone Blosc chunk"), r.err());
    }

    /** {@code plot --dtype}: the picture and the printed extremes are those of the chunk read as the type given. */
    @Test
    void plotDrawsTheValuesAsTheTypeGiven(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            String dtype = (order == ByteOrder.BIG_ENDIAN ? ">" : "<") + "f8";
            ByteBuffer want = expected(F8, order);
            org.packscope.codec.inspect.ValueColumn truth = org.packscope.app.plot.Series.of(dtype, org.packscope.codec.inspect.ValueType.F64,
                    want.capacity() / 8, k -> Double.doubleToRawLongBits(want.getDouble((int) k * 8)), null);
            Path png = dir.resolve("plot.png");
            CliTest.Run r = CliTest.run("plot", chunk(F8), "--dtype", dtype, "--out", png.toString());
            assertEquals(0, r.code(), r.err());
            org.packscope.app.plot.Recount all = org.packscope.app.plot.Recount.columns(truth, 0, truth.count(), 1, i -> 0);
            String extremes = "(min " + org.packscope.app.plot.NumberText.plain(Double.toString(all.lowest))
                    + ", max " + org.packscope.app.plot.NumberText.plain(Double.toString(all.highest));
            assertTrue(r.text().contains(extremes), r.text() + " names " + extremes);
            java.util.List<String> wrong = PlotOracleTest.lineMismatches(javax.imageio.ImageIO.read(png.toFile()), truth);
            assertEquals(java.util.List.of(), wrong.subList(0, Math.min(5, wrong.size())), dtype + ": " + wrong.size() + " columns wrong");
        }
        CliTest.Run r = CliTest.run("plot", chunk(F4), "--dtype", "<f8", "--out", dir.resolve("no.png").toString());
        assertEquals(2, r.code());
        assertEquals("packscope: --dtype <f8 is 8 bytes wide; the chunk's elements are 4\n", r.err());
    }

    /** {@code check --dtype}: accepted for a standalone chunk (its values decoded as that type), refused with a reason otherwise. */
    @Test
    void checkTakesTheTypeToo() {
        CliTest.Run r = CliTest.run("check", "--dtype", ">f8", chunk(F8));
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.text());
        r = CliTest.run("check", "--dtype", "<u2", chunk(F4));
        assertEquals(2, r.code());
        assertEquals("packscope: --dtype <u2 is 2 bytes wide; the chunk's elements are 4\n", r.err());
        r = CliTest.run("check", "--dtype", "<f8", "../resources/bcolz/carray_2d_float64_N3_lz4_c5_shuffle");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("applies to a standalone Blosc chunk"), r.err());
    }
}
