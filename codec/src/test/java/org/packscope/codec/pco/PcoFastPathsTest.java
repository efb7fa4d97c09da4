package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The page decoder's specialised offset loops (several offsets per word read, a word plus
 * a byte for wide offsets) against the plain one-read-per-offset {@link MetaReader#peek},
 * for every width, start bit and a count that leaves a tail.
 */
class PcoFastPathsTest {

    private static byte[] randomData(int bytes) {
        byte[] d = new byte[bytes + PageDecoder.PADDING];
        new Random(18).nextBytes(d);
        java.util.Arrays.fill(d, bytes, d.length, (byte) 0);
        return d;
    }

    @Test
    void constOffsetsOfEveryWidthMatchOneReadPerOffset() {
        byte[] d = randomData(4096);
        for (int b = 1; b <= 64; b++) {
            for (long start : new long[] {0, 1, 7, 13}) {
                for (int n : new int[] {1, 3, 4, 7, 61}) {
                    long lower = 0x1234_5678_9abcL;
                    long[] got = new long[n];
                    long end = PageDecoder.readConstOffsets(d, start, got, 0, n, b, lower);
                    long[] want = new long[n];
                    long bit = start;
                    for (int i = 0; i < n; i++, bit += b) want[i] = lower + HotPathBits.peek(d, bit, b);
                    assertArrayEquals(want, got, "width " + b + " start " + start + " n " + n);
                    assertEquals(start + (long) n * b, end);
                }
            }
        }
    }

    @Test
    void wideOffsetsMatchOneReadPerOffsetForWidthsUpTo64() {
        byte[] d = randomData(8192);
        int states = 65;
        byte[] obs = new byte[states];
        long[] masks = new long[states];
        long[] lowers = new long[states];
        for (int s = 0; s < states; s++) {
            obs[s] = (byte) s;
            masks[s] = s == 64 ? -1L : ~(-1L << s);
            lowers[s] = s * 1_000_003L;
        }
        Random r = new Random(7);
        int n = 256;
        int[] seq = new int[n];
        for (int i = 0; i < n; i++) seq[i] = r.nextInt(states);
        for (long start : new long[] {0, 3, 8, 15}) {
            long[] got = new long[n];
            long end = PageDecoder.readWideOffsets(d, start, obs, masks, lowers, seq, got, 0, n);
            long bit = start;
            for (int i = 0; i < n; i++) {
                int s = seq[i];
                assertEquals(lowers[s] + HotPathBits.peek(d, bit, s), got[i], "offset " + i + " of " + s + " bits");
                bit += s;
            }
            assertEquals(bit, end);
        }
    }

    @Test
    void onlyUnsignedLatentsInsideTheTypeSkipTheMapping() {
        LatentVar inside = new LatentVar(LatentVar.Role.PRIMARY, 32, 1, List.of(new Bin(1, 0, 10), new Bin(1, 0xffff_fc00L, 10)));
        LatentVar past = new LatentVar(LatentVar.Role.PRIMARY, 32, 1, List.of(new Bin(1, 0, 10), new Bin(1, 0xffff_fc01L, 10)));
        LatentVar wide = new LatentVar(LatentVar.Role.PRIMARY, 32, 0, List.of(new Bin(1, 0, 32)));
        assertTrue(PageDecoder.latentsAreRaw(NumberType.U32, inside));
        assertFalse(PageDecoder.latentsAreRaw(NumberType.U32, past));
        assertFalse(PageDecoder.latentsAreRaw(NumberType.U32, wide));
        assertFalse(PageDecoder.latentsAreRaw(NumberType.I32, inside));
        assertFalse(PageDecoder.latentsAreRaw(NumberType.F32, inside));
        assertTrue(PageDecoder.latentsAreRaw(NumberType.U64, new LatentVar(LatentVar.Role.PRIMARY, 64, 0, List.of(new Bin(1, -1L, 64)))));
    }
}
