package org.packscope.codec.pco;

/**
 * Turning a batch's latents into numbers, by the chunk's mode: Classic maps each latent
 * back to its number ({@code from_latent_ordered}); IntMult and FloatMult multiply the
 * primary by the base and add the secondary; FloatQuant puts the secondary's low bits
 * under the shifted primary; Dict looks the primary up. The results are the numbers' raw
 * bits. Vector forms run first where the Vector API is on ({@link PcoVector}); the scalar
 * loops finish what they leave.
 */
final class ModeJoins {
    private ModeJoins() { }

    /** Joins latents {@code p} (primary) and {@code s} (secondary) of a batch into {@code out[off..off+len)}. */
    static void join(NumberType t, Mode mode, long[] p, long[] s, long[] out, int off, int len, long batchBit) {
        if (mode instanceof Mode.Classic) {
            fromLatents(t, p, out, off, len);
        } else if (mode instanceof Mode.IntMult im) {
            joinIntMult(t, im.base(), p, s, out, off, len);
        } else if (mode instanceof Mode.FloatMult fm) {
            joinFloatMult(t, t.fromLatent(fm.baseLatent()), p, s, out, off, len);
        } else if (mode instanceof Mode.FloatQuant fq) {
            joinFloatQuant(t, fq.k(), p, s, out, off, len);
        } else if (mode instanceof Mode.Dict dm) {
            joinDict(t, dm.dict(), p, out, off, len, batchBit);
        }
    }

    /** IntMult is integer-only; the signed/unsigned mapping is fused into the one pass. */
    static void joinIntMult(NumberType t, long base, long[] p, long[] s, long[] out, int off, int len) {
        int done = PcoSimd.enabled() && PcoWarmup.joinsReady() ? PcoVector.joinIntMult(t, base, p, s, out, off, len) : 0;
        if (done < len) joinIntMultScalar(t, base, done, p, s, out, off, len);
    }

    /** The scalar IntMult join of numbers {@code from..len} of the batch. */
    static void joinIntMultScalar(NumberType t, long base, int from, long[] p, long[] s, long[] out, int off, int len) {
        if (t.isSigned()) {
            long mid = t.mid();
            int sh = 64 - t.bits;
            for (int i = from; i < len; i++) out[off + i] = (((p[i] * base + s[i]) ^ mid) << sh) >> sh;
        } else {
            long mask = t.mask();
            for (int i = from; i < len; i++) out[off + i] = (p[i] * base + s[i]) & mask;
        }
    }

    private static void joinFloatMult(NumberType t, long baseRaw, long[] p, long[] s, long[] out, int off, int len) {
        for (int i = 0; i < len; i++) p[i] = Floats.floatMultLatent(t, baseRaw, p[i], s[i]);
        fromLatents(t, p, out, off, len);
    }

    /**
     * FloatQuant is float-only, so from_latent_ordered is fused in. The split point
     * MID >> k is a power of two (MetaParser checks 1 <= k <= mantissa bits), so
     * "y below it" is "y has no bits above it", tested without a branch: the signs of
     * the data are random, so a branch would mispredict.
     */
    static void joinFloatQuant(NumberType t, int k, long[] p, long[] s, long[] out, int off, int len) {
        int done = PcoSimd.enabled() && PcoWarmup.joinsReady() ? PcoVector.joinFloatQuant(t, k, p, s, out, off, len) : 0;
        if (done < len) joinFloatQuantScalar(t, k, done, p, s, out, off, len);
    }

    static void joinFloatQuantScalar(NumberType t, int k, long[] p, long[] s, long[] out, int off, int len) {
        joinFloatQuantScalar(t, k, 0, p, s, out, off, len);
    }

    /** The scalar FloatQuant join of numbers {@code from..len} of the batch. */
    private static void joinFloatQuantScalar(NumberType t, int k, int from, long[] p, long[] s, long[] out, int off, int len) {
        long mask = t.mask();
        int cutoffLog = t.bits - 1 - k;
        long kMax = (1L << k) - 1;
        long sign = t.mid();
        int up = 64 - t.bits;
        for (int i = from; i < len; i++) {
            long y = p[i] & mask;
            long m = s[i] & mask;
            long lt = ((y >>> cutoffLog) - 1) >> 63;
            long low = m ^ ((m ^ (kMax - m)) & lt);
            long l = ((y << k) + low) & mask;
            // from_latent_ordered: sign bit set -> toggle it; clear -> invert all bits
            long pos = (l << up) >> 63;
            out[off + i] = l ^ ((~pos & mask) | sign);
        }
    }

    private static void joinDict(NumberType t, long[] dict, long[] p, long[] out, int off, int len, long batchBit) {
        for (int i = 0; i < len; i++) {
            long idx = p[i] & 0xffffffffL;
            if (idx >= dict.length) {
                throw PcoRules.problem(PcoRules.DICT_INDEX_OUT_OF_RANGE, batchBit, "dictionary index " + idx
                        + " is outside the " + dict.length + "-entry dictionary");
            }
            p[i] = dict[(int) idx];
        }
        fromLatents(t, p, out, off, len);
    }

    /** from_latent_ordered over a run, with the type switch outside the loops. */
    static void fromLatents(NumberType t, long[] src, long[] dst, int off, int len) {
        fromLatents(t, src, 0, dst, off, len);
    }

    /** from_latent_ordered of src[so..so+len) into dst[off..]; src and dst may be the same run. */
    static void fromLatents(NumberType t, long[] src, int so, long[] dst, int off, int len) {
        int bits = t.bits;
        long mask = t.mask();
        if (t.isFloat()) {
            long sign = t.mid();
            int up = 64 - bits;
            for (int i = 0; i < len; i++) {
                long l = src[so + i] & mask;
                long pos = (l << up) >> 63;
                dst[off + i] = l ^ ((~pos & mask) | sign);
            }
        } else if (t.isSigned()) {
            if (bits == 64) {
                for (int i = 0; i < len; i++) dst[off + i] = src[so + i] ^ Long.MIN_VALUE;
            } else {
                long mid = t.mid();
                int sh = 64 - bits;
                for (int i = 0; i < len; i++) dst[off + i] = ((src[so + i] ^ mid) << sh) >> sh;
            }
        } else if (bits == 64) {
            System.arraycopy(src, so, dst, off, len);
        } else {
            for (int i = 0; i < len; i++) dst[off + i] = src[so + i] & mask;
        }
    }
}
