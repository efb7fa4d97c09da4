package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import org.packscope.codec.compress.CodecException;
import org.packscope.codec.compress.NativeCodecs;
import org.packscope.codec.testing.PureJavaRerun;

/**
 * Which zstd / LZ4 decoder is in use. Surefire runs the codec tests twice: as configured
 * (native where zstd-jni and lz4-java load; they do on linux/amd64, where CI runs) and in
 * the {@code pure-java-codecs} execution with {@value NativeCodecs#PURE_JAVA}=true, where
 * the Blosc fixtures must decode the same through aircompressor.
 */
@PureJavaRerun
class NativeCodecsTest {

    @Test
    void theForcedFallbackIsPureJavaAndTheDefaultNativeWhereTheLibrariesShip() {
        if (NativeCodecs.pureJavaForced()) {
            assertFalse(NativeCodecs.zstd());
            assertFalse(NativeCodecs.lz4());
            assertTrue(NativeCodecs.describe().contains("aircompressor"));
        } else {
            Assumptions.assumeTrue(System.getProperty("os.name").startsWith("Linux")
                    && System.getProperty("os.arch").equals("amd64"), "native libraries are checked on linux/amd64");
            assertTrue(NativeCodecs.zstd(), "zstd-jni should load here");
            assertTrue(NativeCodecs.lz4(), "lz4-java should load here");
        }
    }

    @Test
    void badStreamsFailAsCodecExceptionsOnEitherPath() throws Exception {
        Codecs c = new Codecs();
        byte[] dst = new byte[4096];
        byte[] junk = new byte[64];
        Arrays.fill(junk, (byte) 0x7f);
        assertThrows(CodecException.class, () -> c.decompress(Compformat.ZSTD, junk, 0, junk.length, dst, 0, dst.length));
        assertThrows(CodecException.class, () -> c.decompress(Compformat.LZ4, junk, 0, junk.length, dst, 0, dst.length));
        // an LZ4 block whose match reaches back before the output start
        byte[] back = {0x10, 'a', (byte) 0xff, 0x7f};
        assertThrows(CodecException.class, () -> c.decompress(Compformat.LZ4, back, 0, back.length, dst, 0, 32));
        // a good stream still decodes afterwards (the context is reusable after a failure)
        byte[] good = zstdOf("hello hello hello".getBytes());
        int n = c.decompress(Compformat.ZSTD, good, 0, good.length, dst, 0, dst.length);
        assertEquals(17, n);
        assertArrayEquals("hello hello hello".getBytes(), Arrays.copyOf(dst, n));
    }

    private static byte[] zstdOf(byte[] in) {
        io.airlift.compress.zstd.ZstdCompressor z = new io.airlift.compress.zstd.ZstdCompressor();
        byte[] out = new byte[z.maxCompressedLength(in.length)];
        int n = z.compress(in, 0, in.length, out, 0, out.length);
        return Arrays.copyOf(out, n);
    }
}
