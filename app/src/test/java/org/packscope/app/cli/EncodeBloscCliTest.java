package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.app.Samples;
import org.packscope.codec.blosc.BloscChunk;
import org.packscope.codec.blosc.Codecs;
import org.packscope.codec.io.ByteSource;

/**
 * {@code encode IN OUT.blosc}: the chunk written decodes to exactly the input's values,
 * with the codec, filter, level and typesize asked for in its header; bad options and
 * inputs are usage errors that name what is wrong.
 */
class EncodeBloscCliTest {

    private static byte[] decode(Path chunk) throws Exception {
        byte[] b = Files.readAllBytes(chunk);
        BloscChunk c = BloscChunk.read(ByteSource.of(b, chunk.toString()), 0, b.length);
        assertEquals(java.util.List.of(), c.problems());
        return c.decodeAll(new Codecs());
    }

    private static int flags(Path chunk) throws Exception { return Files.readAllBytes(chunk)[2] & 0xff; }

    @Test
    void csvWithDtypeBecomesAChunkOfThoseValues(@TempDir Path tmp) throws Exception {
        StringBuilder csv = new StringBuilder();
        ByteBuffer expected = ByteBuffer.allocate(8 * 5000).order(ByteOrder.BIG_ENDIAN);
        for (int i = 0; i < 5000; i++) {
            double v = Math.sin(i / 50.0) * 100 + i;
            csv.append(v).append(i % 7 == 6 ? "\n" : ",");
            expected.putDouble(v);
        }
        Path in = tmp.resolve("values.csv");
        Files.writeString(in, csv);
        Path out = tmp.resolve("v.blosc");
        CliTest.Run r = CliTest.run("encode", in.toString(), out.toString(), "--dtype", ">f8", "--codec", "zstd", "--shuffle", "bit", "--clevel", "7");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.text().contains("Blosc zstd level 7, bitshuffle, typesize 8; 5000 values (>f8)"), r.text());
        assertArrayEquals(expected.array(), decode(out));
        int f = flags(out);
        assertEquals(4, f >>> 5, "zstd");
        assertTrue((f & 0x04) != 0, "bitshuffle flag");
    }

    @Test
    void npyAndPackScopeAddressesGiveTheirOwnValues(@TempDir Path tmp) throws Exception {
        // an .npy written by hand: header dict padded to 64 bytes, then 1000 little-endian int32
        ByteBuffer data = ByteBuffer.allocate(4000).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 1000; i++) data.putInt(i * i - 500);
        String dict = "{'descr': '<i4', 'fortran_order': False, 'shape': (1000,), }";
        String header = dict + " ".repeat((64 - (10 + dict.length() + 1) % 64) % 64) + "\n";
        Path npy = tmp.resolve("a.npy");
        ByteBuffer file = ByteBuffer.allocate(10 + header.length() + 4000).order(ByteOrder.LITTLE_ENDIAN);
        file.put(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0}).putShort((short) header.length())
                .put(header.getBytes(StandardCharsets.US_ASCII)).put(data.array());
        Files.write(npy, file.array());
        Path out = tmp.resolve("a.blosc");
        assertEquals(0, CliTest.run("encode", npy.toString(), out.toString(), "--codec", "lz4").code());
        assertArrayEquals(data.array(), decode(out));
        assertEquals(4, Files.readAllBytes(out)[3], "typesize from the dtype");

        // a sample chunk, decoded by PackScope and written again with another codec
        Path sample = Samples.get("blosc/snappy_shuf_ts8_24000b_smooth_c5.blosc");
        Path again = tmp.resolve("again.blosc");
        CliTest.Run r = CliTest.run("encode", sample.toString(), again.toString(), "--codec", "blosclz", "--clevel", "9");
        assertEquals(0, r.code(), r.err());
        assertArrayEquals(decode(sample), decode(again));
    }

    @Test
    void badOptionsAndInputsAreUsageErrors(@TempDir Path tmp) throws Exception {
        Path in = tmp.resolve("n.csv");
        Files.writeString(in, "1,2,300\n");
        Path out = tmp.resolve("n.blosc");
        CliTest.Run codec = CliTest.run("encode", in.toString(), out.toString(), "--dtype", "u1", "--codec", "lzma");
        assertEquals(2, codec.code());
        assertTrue(codec.err().contains("--codec lzma: not one of"), codec.err());
        CliTest.Run range = CliTest.run("encode", in.toString(), out.toString(), "--dtype", "u1");
        assertEquals(2, range.code());
        assertTrue(range.err().contains("value 3 (300) does not fit u1"), range.err());
        CliTest.Run raw = CliTest.run("encode", in.toString() + ".missing", out.toString());
        assertEquals(2, raw.code());
        assertFalse(Files.exists(out), "nothing written for a refused input");
    }
}
