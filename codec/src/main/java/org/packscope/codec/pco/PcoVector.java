package org.packscope.codec.pco;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;
import org.packscope.codec.compress.VectorPaths;

/**
 * Vector API forms of per-number loops of {@link PageDecoder}. Only loaded when
 * {@link PcoSimd#enabled()}; each returns how many numbers it did (a multiple of the
 * vector length), and the caller's scalar loop does the rest.
 */
final class PcoVector {
    private static final VectorSpecies<Long> S = LongVector.SPECIES_PREFERRED;

    private PcoVector() { }

    static int lanes() { return S.length(); }

    private static final VectorSpecies<Byte> B64 = ByteVector.SPECIES_512;
    private static final VectorSpecies<Long> L8 = LongVector.SPECIES_512;
    /** Byte shuffles and shift vectors of constant-width offsets, by width (1..57) and start bit within the byte (0..7). */
    private static final VectorShuffle<Byte>[] SPREAD = newShuffles();
    private static final LongVector[] SHIFTS = new LongVector[58 * 8];

    @SuppressWarnings("unchecked")
    private static VectorShuffle<Byte>[] newShuffles() { return new VectorShuffle[58 * 8]; }

    /**
     * Whether 512-bit vectors are there, with byte permutes of one instruction: the
     * constant-width offsets need eight 8-byte windows of one 64-byte load, and without
     * VBMI JDK 17 would run the permute lane by lane.
     */
    static boolean wide() { return LongVector.SPECIES_PREFERRED.length() >= 8 && VectorPaths.bytePermutes(); }

    /**
     * Offsets of one constant width {@code b} (1..57), eight a step: one 64-byte load holds
     * the eight 64-bit windows, a byte permute puts each in its lane, a per-lane shift
     * aligns it. A step covers 8b bits, whole bytes, so the bit within the byte where
     * each lane starts is the same at every step: one permute and one shift vector serve
     * a whole run. Reads at most 64 bytes from the byte holding {@code bit}, so the data
     * needs that much padding past the last offset.
     */
    static int constOffsets(byte[] d, long bit, long[] lat, int lo, int n, int b, long lower) {
        int end = n & ~7;
        if (end == 0) return 0;
        int phase = (int) bit & 7;
        int key = b * 8 + phase;
        VectorShuffle<Byte> spread = SPREAD[key];
        LongVector shifts = SHIFTS[key];
        if (spread == null || shifts == null) {
            int[] idx = new int[64];
            long[] sh = new long[8];
            for (int j = 0; j < 8; j++) {
                int r = phase + j * b;
                for (int k = 0; k < 8; k++) idx[8 * j + k] = (r >>> 3) + k;
                sh[j] = r & 7;
            }
            spread = VectorShuffle.fromArray(B64, idx, 0);
            shifts = LongVector.fromArray(L8, sh, 0);
            SPREAD[key] = spread;
            SHIFTS[key] = shifts;
        }
        long mask = ~(-1L << b);
        int at = (int) (bit >>> 3);
        for (int i = 0; i < end; i += 8) {
            ByteVector bytes = ByteVector.fromArray(B64, d, at);
            LongVector w = bytes.rearrange(spread).reinterpretAsLongs();
            w.lanewise(VectorOperators.LSHR, shifts).and(mask).add(lower).intoArray(lat, lo + i);
            at += b;
        }
        return end;
    }

    /** {@link PageDecoder}'s IntMult join, a vector of numbers a step: the same operations. */
    static int joinIntMult(NumberType t, long base, long[] p, long[] s, long[] out, int off, int len) {
        boolean signed = t.isSigned();
        long mask = t.mask();
        long mid = t.mid();
        int sh = 64 - t.bits;
        int end = S.loopBound(len);
        for (int i = 0; i < end; i += S.length()) {
            LongVector v = LongVector.fromArray(S, p, i).mul(base).add(LongVector.fromArray(S, s, i));
            if (signed) {
                v = v.lanewise(VectorOperators.XOR, mid);
                if (sh != 0) v = v.lanewise(VectorOperators.LSHL, sh).lanewise(VectorOperators.ASHR, sh);
            } else {
                v = v.and(mask);
            }
            v.intoArray(out, off + i);
        }
        return end;
    }

    /** {@link PageDecoder}'s FloatQuant join, a vector of numbers a step: the same bit operations. */
    static int joinFloatQuant(NumberType t, int k, long[] p, long[] s, long[] out, int off, int len) {
        long mask = t.mask();
        int cutoffLog = t.bits - 1 - k;
        long kMax = (1L << k) - 1;
        long sign = t.mid();
        int up = 64 - t.bits;
        int end = S.loopBound(len);
        for (int i = 0; i < end; i += S.length()) {
            LongVector y = LongVector.fromArray(S, p, i).and(mask);
            LongVector m = LongVector.fromArray(S, s, i).and(mask);
            LongVector lt = y.lanewise(VectorOperators.LSHR, cutoffLog).sub(1L).lanewise(VectorOperators.ASHR, 63);
            LongVector flipped = m.neg().add(kMax);
            LongVector low = m.lanewise(VectorOperators.XOR, m.lanewise(VectorOperators.XOR, flipped).and(lt));
            LongVector l = y.lanewise(VectorOperators.LSHL, k).add(low).and(mask);
            LongVector pos = l.lanewise(VectorOperators.LSHL, up).lanewise(VectorOperators.ASHR, 63);
            l.lanewise(VectorOperators.XOR, pos.not().and(mask).or(sign)).intoArray(out, off + i);
        }
        return end;
    }
}
