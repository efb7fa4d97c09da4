package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import org.packscope.codec.testing.PureJavaRerun;

/**
 * The page decoder's specialised loops against plain ones: the offset loops (several
 * offsets per word read, a word plus a byte for wide offsets, a branch on the width)
 * against one read per offset, for every width, start bit and a count that leaves a
 * tail; the FloatQuant join's vector form against its scalar form.
 */
@PureJavaRerun
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
                    long end = OffsetReaders.readConstOffsets(d, start, got, 0, n, b, lower);
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
            long end = OffsetReaders.readWideOffsets(d, start, obs, masks, lowers, seq, got, 0, n);
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
    void smallOffsetsMatchOneReadPerOffset() {
        byte[] d = randomData(4096);
        int states = 64;
        int[] tab = new int[states];
        long[] lowers = new long[states];
        for (int s = 0; s < states; s++) {
            tab[s] = (s % 9) << 24; // offset widths 0..8
            lowers[s] = s * 7_919L;
        }
        Random r = new Random(3);
        for (int n : new int[] {1, 6, 7, 8, 13, 255, 256}) {
            int[] seq = new int[n];
            for (int i = 0; i < n; i++) seq[i] = r.nextInt(states);
            for (long start : new long[] {0, 5, 8, 63}) {
                long[] got = new long[n + 2];
                long end = OffsetReaders.readSmallOffsets(d, start, tab, lowers, seq, got, 2, n);
                long bit = start;
                for (int i = 0; i < n; i++) {
                    int b = seq[i] % 9;
                    assertEquals(lowers[seq[i]] + HotPathBits.peek(d, bit, b), got[2 + i], "offset " + i + " n " + n + " start " + start);
                    bit += b;
                }
                assertEquals(bit, end);
            }
        }
    }

    @Test
    void offsetsOfMostlyOneWidthMatchTheBranchFreeWideLoop() {
        byte[] d = randomData(16384);
        int states = 65;
        int[] tab = new int[states];
        byte[] obs = new byte[states];
        long[] masks = new long[states];
        long[] lowers = new long[states];
        for (int s = 0; s < states; s++) {
            tab[s] = s << 24;
            obs[s] = (byte) s;
            masks[s] = s == 64 ? -1L : ~(-1L << s);
            lowers[s] = s * 1_000_003L;
        }
        Random r = new Random(11);
        // two offsets a step: odd counts end with a single one
        for (int n : new int[] {1, 2, 3, 255, 256}) {
            for (int wideShare : new int[] {0, 1, 50, 100}) {
                int[] seq = new int[n];
                for (int i = 0; i < n; i++) seq[i] = r.nextInt(100) < wideShare ? 58 + r.nextInt(7) : r.nextInt(58);
                for (long start : new long[] {0, 1, 7, 9}) {
                    long[] want = new long[n];
                    long[] got = new long[n];
                    long wantEnd = OffsetReaders.readWideOffsets(d, start, obs, masks, lowers, seq, want, 0, n);
                    long gotEnd = OffsetReaders.readOffsetsMostlyOneWidth(d, start, tab, lowers, seq, got, n);
                    assertArrayEquals(want, got, "n " + n + " wide share " + wideShare + "% start " + start);
                    assertEquals(wantEnd, gotEnd);
                }
            }
        }
    }

    @Test
    void rareOffsetsMatchOneReadPerOffset() {
        byte[] d = randomData(4096);
        int states = 64;
        int[] tab = new int[states];
        long[] lowers = new long[states];
        for (int s = 0; s < states; s++) {
            int b = s % 16 == 5 ? 2 : s == 9 ? 57 : 0; // mostly none, a few narrow, one as wide as allowed
            tab[s] = b << 24;
            lowers[s] = s * 104_729L;
        }
        Random r = new Random(17);
        for (int n : new int[] {1, 2, 5, 255, 256}) {
            int[] seq = new int[n];
            for (int i = 0; i < n; i++) seq[i] = r.nextInt(states);
            for (long start : new long[] {0, 3, 8}) {
                long[] got = new long[n + 1];
                long end = OffsetReaders.readRareOffsets(d, start, tab, lowers, seq, got, 1, n);
                long bit = start;
                for (int i = 0; i < n; i++) {
                    int b = tab[seq[i]] >>> 24;
                    assertEquals(lowers[seq[i]] + HotPathBits.peek(d, bit, b), got[1 + i], "offset " + i + " n " + n + " start " + start);
                    bit += b;
                }
                assertEquals(bit, end);
            }
        }
    }

    @Test
    void aTableReadsOffsetsOnlyWhereThereAreAnyWhenFewStatesHaveThem() {
        assertTrue(table(List.of(new Bin(250, 0, 0), new Bin(6, 4, 2))).offsetsRare, "6 states in 256 with offsets");
        assertFalse(table(List.of(new Bin(240, 0, 0), new Bin(16, 4, 2))).offsetsRare, "16 in 256");
        assertFalse(table(List.of(new Bin(255, 0, 0), new Bin(1, 4, 60))).offsetsRare, "an offset wider than one word read holds");
    }

    @Test
    void aTableTakesTheBranchOnWidthOnlyWhenItRarelyMispredicts() {
        assertTrue(table(List.of(new Bin(255, 0, 40), new Bin(1, 1L << 50, 60))).wideOneWay, "1 wide state in 256");
        assertTrue(table(List.of(new Bin(1, 0, 40), new Bin(255, 1L << 50, 60))).wideOneWay, "1 narrow state in 256");
        assertFalse(table(List.of(new Bin(128, 0, 40), new Bin(128, 1L << 50, 60))).wideOneWay, "half and half");
    }

    private static AnsTable table(List<Bin> bins) {
        return AnsTable.of(new LatentVar(LatentVar.Role.PRIMARY, 64, 8, bins));
    }

    /** The FloatQuant join's vector form (when the module is there) and its scalar form give the same bits. */
    @Test
    void floatQuantJoinVectorAndScalarAgree() {
        Random r = new Random(5);
        for (NumberType t : new NumberType[] {NumberType.F16, NumberType.F32, NumberType.F64}) {
            for (int k : new int[] {1, 3, t.mantissaBits}) {
                for (int len : new int[] {1, 7, 8, 9, 64, 255, 256}) {
                    long[] p = new long[len];
                    long[] s = new long[len];
                    for (int i = 0; i < len; i++) {
                        p[i] = r.nextLong();
                        s[i] = r.nextLong() & ((1L << k) - 1);
                    }
                    long[] scalar = new long[len + 3];
                    long[] joined = new long[len + 3];
                    ModeJoins.joinFloatQuantScalar(t, k, p, s, scalar, 3, len);
                    ModeJoins.joinFloatQuant(t, k, p, s, joined, 3, len);
                    assertArrayEquals(scalar, joined, t + " k " + k + " len " + len);
                }
            }
        }
    }

    /** The IntMult join's vector form (when the module is there) and its scalar form give the same numbers. */
    @Test
    void intMultJoinVectorAndScalarAgree() {
        Random r = new Random(6);
        for (NumberType t : new NumberType[] {NumberType.U16, NumberType.I16, NumberType.U32, NumberType.I32, NumberType.U64, NumberType.I64}) {
            for (long base : new long[] {1, 1000, 0x7fff_ffffL, -3}) {
                for (int len : new int[] {1, 7, 8, 9, 256}) {
                    long[] p = new long[len];
                    long[] s = new long[len];
                    for (int i = 0; i < len; i++) {
                        p[i] = r.nextLong();
                        s[i] = r.nextLong();
                    }
                    long[] scalar = new long[len + 2];
                    long[] joined = new long[len + 2];
                    ModeJoins.joinIntMultScalar(t, base, 0, p, s, scalar, 2, len);
                    ModeJoins.joinIntMult(t, base, p, s, joined, 2, len);
                    assertArrayEquals(scalar, joined, t + " base " + base + " len " + len);
                }
            }
        }
    }

    @Test
    void theVectorJoinRunsExactlyWhenItsModuleIsThere() {
        boolean module = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
        if (!module || Boolean.getBoolean(org.packscope.codec.compress.VectorPaths.SCALAR)) {
            assertFalse(PcoSimd.enabled());
            assertEquals("scalar", PcoSimd.describe());
        } else {
            assertTrue(PcoSimd.enabled(), "the vector join passes its self-test on this machine");
            assertTrue(PcoSimd.describe().startsWith("vector ("), PcoSimd.describe());
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
