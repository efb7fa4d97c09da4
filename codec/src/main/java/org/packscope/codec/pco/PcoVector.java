package org.packscope.codec.pco;

import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Vector API forms of the per-number joins of {@link PageDecoder}. Only loaded when
 * {@link PcoSimd#enabled()}; each returns how many numbers it did (a multiple of the
 * vector length), and the caller's scalar loop does the rest.
 */
final class PcoVector {
    private static final VectorSpecies<Long> S = LongVector.SPECIES_PREFERRED;

    private PcoVector() { }

    static int lanes() { return S.length(); }

    /** {@link PageDecoder}'s FloatQuant join, a vector of numbers a step: the same bit operations. */
    static int joinFloatQuant(int bits, int k, long[] p, long[] s, long[] out, int off, int len) {
        long mask = bits == 64 ? -1L : (1L << bits) - 1;
        int cutoffLog = bits - 1 - k;
        long kMax = (1L << k) - 1;
        long sign = 1L << (bits - 1);
        int up = 64 - bits;
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
