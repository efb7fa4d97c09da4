package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;

import org.packscope.codec.testing.PureJavaRerun;

/** The fast unshuffles against a plain statement of the layouts, over many typesizes and sizes. */
@PureJavaRerun
class ShuffleTest {

    /** Byte shuffle as c-blosc defines it: byte j of element i goes to j * n + i; the tail is copied. */
    static byte[] shuffle(int ts, byte[] in) {
        int n = in.length / ts;
        byte[] out = in.clone();
        for (int i = 0; i < n; i++) for (int j = 0; j < ts; j++) out[j * n + i] = in[i * ts + j];
        return out;
    }

    /** Bit shuffle: bit k of byte j of element i goes to bit (i % 8) of byte ((j * 8 + k) * n / 8 + i / 8). */
    static byte[] bitshuffle(int ts, byte[] in) {
        int n = in.length / ts;
        byte[] out = in.clone();
        java.util.Arrays.fill(out, 0, n * ts, (byte) 0);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < ts; j++) {
                for (int k = 0; k < 8; k++) {
                    int bit = (in[i * ts + j] >>> k) & 1;
                    int at = (j * 8 + k) * (n / 8) + i / 8;
                    out[at] |= (byte) (bit << (i % 8));
                }
            }
        }
        return out;
    }

    @Test
    void unshuffleUndoesShuffle() {
        Random r = new Random(7);
        for (int ts = 1; ts <= 33; ts++) {
            for (int size : new int[] {0, 1, 7, 8, 63, 64, 65, 127, 1000, 4099, 5000, 70001}) {
                byte[] data = new byte[size];
                r.nextBytes(data);
                byte[] out = new byte[size + 3];
                Shuffle.unshuffle(ts, size, shuffle(ts, data), 0, out, 3);
                assertArrayEquals(data, java.util.Arrays.copyOfRange(out, 3, size + 3), "ts " + ts + " size " + size);
            }
        }
    }

    @Test
    void bitunshuffleUndoesBitshuffle() {
        Random r = new Random(11);
        for (int ts = 1; ts <= 17; ts++) {
            for (int elems : new int[] {8, 16, 64, 72, 128, 200, 1024, 4096, 4104, 9000}) {
                for (int tail = 0; tail < Math.min(ts, 3); tail++) {
                    int size = elems * ts + tail;
                    byte[] data = new byte[size];
                    r.nextBytes(data);
                    byte[] out = new byte[size];
                    Shuffle.bitunshuffle(ts, size, bitshuffle(ts, data), 0, out, 0);
                    assertArrayEquals(data, out, "ts " + ts + " elems " + elems + " tail " + tail);
                }
            }
        }
    }

    @Test
    void bitTransposeSwapsRowsAndColumns() {
        long x = 0x0000000000000001L | 1L << 15; // row 0 col 0, row 1 col 7
        assertEquals(1L | 1L << (7 * 8 + 1), Shuffle.bitTranspose(x));
    }
}
