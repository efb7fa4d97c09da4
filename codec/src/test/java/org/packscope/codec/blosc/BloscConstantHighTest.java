package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.ReadProblem;

/**
 * Typesize-8 BloscLZ blocks whose streams 4-7 each hold one value (integers below 2^32 in
 * 8 bytes): with the 512-bit vector path they skip decoding those streams and take
 * {@link SimdShuffle#unshuffle8Low4}; otherwise, and whenever a stream is raw, not quite
 * constant or damaged, the stream-by-stream route runs. Both routes must give the same
 * bytes, and damaged blocks the same diagnostic. Chunks are built here stream by stream.
 */
class BloscConstantHighTest {
    /** Elements per block: whole steps of 64, and more than one step. */
    private static final int N = 64 * 37;

    /** A chunk of blocks of 8 streams each, {@code codes[b][j]} the bytes of stream j of block b. */
    private static byte[] chunk(byte[][][] codes) {
        int nblocks = codes.length;
        int size = 16 + 4 * nblocks;
        for (byte[][] block : codes) for (byte[] c : block) size += 4 + c.length;
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 2).put((byte) 1).put((byte) 0x01).put((byte) 8); // shuffle, blosclz, typesize 8
        b.putInt(nblocks * 8 * N).putInt(8 * N).putInt(size);
        int at = 16 + 4 * nblocks;
        for (byte[][] block : codes) {
            b.putInt(at);
            for (byte[] c : block) at += 4 + c.length;
        }
        for (byte[][] block : codes) {
            for (byte[] c : block) b.putInt(c.length).put(c);
        }
        return b.array();
    }

    private static BloscChunk read(byte[] bytes) {
        BloscChunk c = BloscChunk.read(ByteSource.of(bytes, "test"), 0, bytes.length);
        assertEquals(0, c.problems().size(), () -> c.problems().toString());
        return c;
    }

    /** Block b's bytes, decoded by the fast route (where it applies) and by the stream-by-stream one. */
    private static byte[][] bothRoutes(BloscChunk c, int b) {
        byte[] fast = new byte[8 * N];
        byte[] plain = new byte[8 * N];
        Arrays.fill(fast, (byte) 0x5A);
        c.decodeBlock(b, fast, 0, Codecs.local(), true);
        c.decodeBlock(b, plain, 0, Codecs.local(), false);
        return new byte[][] {fast, plain};
    }

    /** The elements streams describe: byte j of element e is byte e of stream j. */
    private static byte[] elements(BloscLzTest.Stream[] streams) {
        byte[] out = new byte[8 * N];
        for (int j = 0; j < 8; j++) for (int e = 0; e < N; e++) out[8 * e + j] = streams[j].out[e];
        return out;
    }

    private static BloscLzTest.Stream[] block(SplittableRandom rnd, long high) {
        BloscLzTest.Stream[] s = new BloscLzTest.Stream[8];
        for (int j = 0; j < 4; j++) s[j] = BloscLzTest.exact(rnd, N);
        for (int j = 4; j < 8; j++) s[j] = BloscLzTest.constant(rnd, N, (byte) (high >>> 8 * (j - 4)));
        return s;
    }

    private static byte[][] codes(BloscLzTest.Stream[] streams) {
        byte[][] c = new byte[8][];
        for (int j = 0; j < 8; j++) c[j] = streams[j].code.toByteArray();
        return c;
    }

    @Test
    void blocksWithConstantUpperStreamsDecodeAlikeOnBothRoutes() {
        SplittableRandom rnd = new SplittableRandom(1818);
        long[] highs = {0, 0xFFFFFFFFL, 0x01020304L, 0x80000000L, 0x000000FFL};
        for (long high : highs) {
            BloscLzTest.Stream[] a = block(rnd, high);
            BloscLzTest.Stream[] b = block(rnd, high ^ 0x00FF0000L);
            BloscChunk c = read(chunk(new byte[][][] {codes(a), codes(b)}));
            // the upper streams are recognised (whichever route then runs)
            assertEquals(high, c.constantHigh(c.layout(0), Codecs.local()));
            assertEquals(high ^ 0x00FF0000L, c.constantHigh(c.layout(1), Codecs.local()));
            byte[][] r0 = bothRoutes(c, 0);
            assertArrayEquals(elements(a), r0[0], "high " + Long.toHexString(high));
            assertArrayEquals(r0[1], r0[0]);
            byte[][] r1 = bothRoutes(c, 1);
            assertArrayEquals(elements(b), r1[0], "high " + Long.toHexString(high));
            assertArrayEquals(r1[1], r1[0]);
        }
    }

    @Test
    void anUpperStreamThatIsNotQuiteConstantOrRawTakesTheStreamRoute() {
        SplittableRandom rnd = new SplittableRandom(18);
        BloscLzTest.Stream[] a = block(rnd, 0);
        // stream 6: the same runs, but one literal byte differs near the end
        BloscLzTest.Stream odd = BloscLzTest.constant(rnd, N - 1, (byte) 0);
        odd.literal(new byte[] {7});
        a[6] = odd;
        byte[][] codes = codes(a);
        // block 1: stream 5 stored raw (csize equal to its size), all zeros
        BloscLzTest.Stream[] b = block(rnd, 0);
        byte[][] rawCodes = codes(b);
        rawCodes[5] = new byte[N];
        BloscChunk c = read(chunk(new byte[][][] {codes, rawCodes}));
        assertEquals(-1, c.constantHigh(c.layout(0), Codecs.local()));
        assertEquals(-1, c.constantHigh(c.layout(1), Codecs.local()));
        byte[][] r0 = bothRoutes(c, 0);
        assertArrayEquals(elements(a), r0[0]);
        assertArrayEquals(r0[1], r0[0]);
        byte[][] r1 = bothRoutes(c, 1);
        assertArrayEquals(elements(b), r1[0]);
        assertArrayEquals(r1[1], r1[0]);
    }

    @Test
    void damageInAnyStreamIsReportedAlikeOnBothRoutes() {
        SplittableRandom rnd = new SplittableRandom(181818);
        for (int round = 0; round < 40; round++) {
            BloscLzTest.Stream[] s = block(rnd, round * 0x01010101L);
            byte[][] codes = codes(s);
            int j = round % 8;
            byte[] code = codes[j];
            switch (round / 8 % 3) {
                // cut short: the stream stops before its N bytes
                case 0 -> codes[j] = Arrays.copyOf(code, Math.max(1, code.length / 2));
                // a match far before the start (distance bits of the second instruction set)
                case 1 -> {
                    codes[j] = code.clone();
                    int second = (code[0] & 31) + 2;
                    if (second < code.length && (code[second] & 0xE0) != 0) codes[j][second] |= 0x1F;
                    else codes[j] = Arrays.copyOf(code, code.length - 1);
                }
                // runs on: an instruction past the stream's N bytes
                default -> {
                    codes[j] = Arrays.copyOf(code, code.length + 2);
                    codes[j][code.length] = 0;
                    codes[j][code.length + 1] = 1;
                }
            }
            BloscChunk c = read(chunk(new byte[][][] {codes}));
            Diagnostic fast = assertThrows(ReadProblem.class,
                    () -> c.decodeBlock(0, new byte[8 * N], 0, Codecs.local(), true), "round " + round).diagnostic();
            Diagnostic plain = assertThrows(ReadProblem.class,
                    () -> c.decodeBlock(0, new byte[8 * N], 0, Codecs.local(), false), "round " + round).diagnostic();
            assertNotNull(fast);
            assertEquals(plain.rule(), fast.rule(), "round " + round);
            assertEquals(plain.message(), fast.message(), "round " + round);
            assertEquals(plain.span(), fast.span(), "round " + round);
        }
    }
}
