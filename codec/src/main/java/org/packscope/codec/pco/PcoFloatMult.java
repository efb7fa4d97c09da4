package org.packscope.codec.pco;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * FloatMult for the encoder: floats that are (nearly) whole multiples of a base, as prices
 * in cents or readings to a decimal step. The primary latent is the rounded multiple,
 * stored as pco's integer-float latent (whole numbers up to 2^mantissa digits, then the
 * float's own bit steps); the secondary is how many ULPs the number lies from multiple *
 * base, as {@link Floats#floatMultLatent} computes it on decoding, so every number, NaN
 * and infinity included, comes back bit for bit whatever the base.
 *
 * <p>The base is found as an approximate greatest common divisor: Euclid's algorithm on
 * pairs of sampled numbers, carrying the rounding error it accumulates and giving up on a
 * pair once the remainder is lost in it; a divisor many pairs share is then nudged to fit
 * the sample best and snapped to 1/k or a power of ten when it is that close to one
 * (0.01 rather than 0.010000000000000002). The caller keeps it only if it estimates smaller.
 */
final class PcoFloatMult {
    /** Bits of precision a remainder must keep to stay trusted. */
    private static final int TRUSTED_BITS = 6;
    /** Share of sampled pairs that must share a divisor (within 1%) for it to be proposed. */
    private static final double SHARED_PAIRS = 0.001;

    private PcoFloatMult() { }

    /** The base a given value names in the type's precision, as its raw bits; -1 if not finite and nonzero there. */
    static long baseRaw(NumberType t, double base) {
        long raw = fromDouble(t, base);
        double back = Floats.toDouble(t, raw);
        return back == 0 || Double.isNaN(back) || Double.isInfinite(back) ? -1 : raw;
    }

    /** The FloatMult mode of a base (raw bits of the type). */
    static Mode.FloatMult mode(NumberType t, long baseRaw) { return new Mode.FloatMult(t.toLatent(baseRaw)); }

    /** Proposed bases for the first {@code n} latents (a few); empty when the numbers share none. */
    static List<Mode> candidates(NumberType t, long[] lat, int n) {
        List<Mode> out = new ArrayList<>();
        if (!t.isFloat()) return out;
        double[] sample = usable(t, lat, n);
        if (sample.length < 10) return out;
        for (double gcd : sharedDivisors(t, sample)) {
            long raw = baseRaw(t, snap(centred(t, gcd, sample)));
            Mode m = raw == -1 ? null : mode(t, raw);
            if (m != null && !out.contains(m)) out.add(m);
        }
        return out;
    }

    /** Magnitudes of the normal numbers of the sample, below half the type's largest (from which no base can be learnt). */
    private static double[] usable(NumberType t, long[] lat, int n) {
        double max = switch (t) {
            case F16 -> 65504.0 / 2;
            case F32 -> Float.MAX_VALUE / 2.0;
            default -> Double.MAX_VALUE / 2;
        };
        double minNormal = switch (t) {
            case F16 -> 0x1p-14;
            case F32 -> Float.MIN_NORMAL;
            default -> Double.MIN_NORMAL;
        };
        double[] out = new double[n];
        int m = 0;
        for (int i = 0; i < n; i++) {
            double v = Math.abs(Floats.toDouble(t, t.fromLatent(lat[i])));
            if (v >= minNormal && v <= max) out[m++] = v;
        }
        return Arrays.copyOf(out, m);
    }

    private static int precision(NumberType t) { return t.mantissaBits; }

    /**
     * Divisors that many disjoint pairs of the sample share, from the smaller of those
     * found: a pair's Euclid may stop a step early at twice the base (its error grown to
     * the last remainder), so the smallest shared one is not always the most common.
     */
    private static List<Double> sharedDivisors(NumberType t, double[] sample) {
        double eps = Math.scalb(1.0, -precision(t));
        double[] gcds = new double[sample.length / 2];
        int m = 0;
        for (int i = 0; i + 1 < sample.length; i += 2) {
            double g = pairGcd(Math.max(sample[i], sample[i + 1]), Math.min(sample[i], sample[i + 1]), t, eps);
            if (g > 0) gcds[m++] = g;
        }
        int needed = 1 + (int) Math.ceil(sample.length * SHARED_PAIRS);
        List<Double> out = new ArrayList<>();
        if (m < needed) return out;
        Arrays.sort(gcds, 0, m);
        for (double q : new double[] {0.02, 0.1, 0.3, 0.5}) {
            double c = gcds[(int) (q * m)];
            int near = 0;
            for (int i = 0; i < m; i++) if (Math.abs(gcds[i] - c) < 0.01 * c) near++;
            boolean known = false;
            for (double o : out) known |= Math.abs(o - c) < 0.01 * c;
            if (near >= needed && !known) out.add(c);
        }
        return out;
    }

    /**
     * Euclid's algorithm on two magnitudes, tracking the rounding error each remainder
     * carries: the last divisor when a remainder is within that error of 0, or -1 when
     * the remainder has lost its precision (the two share no useful divisor).
     */
    private static double pairGcd(double big, double small, NumberType t, double eps) {
        double insignificant = Math.scalb(big, -Math.max(0, precision(t) - TRUSTED_BITS));
        if (small <= insignificant || small == big) return -1;
        double a = big, aErr = 0, b = small, bErr = 0;
        for (int step = 0; step < 200; step++) {
            double before = a;
            double k = Math.rint(a / b);
            aErr += k * bErr + a * eps;
            a = Math.abs(a - k * b);
            if (a <= Math.scalb(before, -16) || a <= aErr) return b;
            if (a <= insignificant || a <= Math.scalb(aErr, TRUSTED_BITS)) return -1;
            double t2 = a, e2 = aErr;
            a = b;
            aErr = bErr;
            b = t2;
            bErr = e2;
        }
        return -1;
    }

    /** The divisor moved so that multiples of it fit the sample best, small multiples (more precise) weighing more. */
    private static double centred(NumberType t, double base, double[] sample) {
        double inv = 1 / base;
        double sum = 0, weight = 0;
        for (double x : sample) {
            double mult = Math.rint(x * inv);
            if (mult == 0) continue;
            int exp = Math.getExponent(mult);
            if (exp >= precision(t)) continue;
            double w = precision(t) - exp;
            sum += w * ((mult * base - x) / mult);
            weight += w;
        }
        return weight == 0 ? base : base - sum / weight;
    }

    /** 1/k when the base is that within 0.02 of its inverse, else a power of ten within 1%, else itself. */
    private static double snap(double base) {
        double inv = 1 / base;
        double whole = Math.rint(inv);
        if (whole != 0 && Math.abs(inv - whole) < 0.02) return 1 / whole;
        double decimal = Math.pow(10, Math.rint(Math.log10(inv)));
        if (Math.abs(inv - decimal) / inv < 0.01) return 1 / decimal;
        return base;
    }

    /** The first {@code n} latents split by FloatMult: primary the multiple's int-float latent, secondary the ULP adjustment. */
    static PcoEncoder.Split split(NumberType t, Mode.FloatMult mode, long[] lat, int n) {
        long baseRaw = t.fromLatent(mode.baseLatent());
        double base = Floats.toDouble(t, baseRaw);
        long mask = t.mask();
        long[] p = new long[n];
        long[] s = new long[n];
        for (int i = 0; i < n; i++) {
            long raw = t.fromLatent(lat[i]);
            long multRaw = fromDouble(t, Math.rint(Floats.toDouble(t, raw) / base));
            if (!finite(t, multRaw)) multRaw = 0; // no whole multiple: the adjustment carries the number itself
            p[i] = intFloatLatent(t, multRaw);
            s[i] = (lat[i] - Floats.floatMultLatent(t, baseRaw, p[i], 0)) & mask;
        }
        return new PcoEncoder.Split(mode, p, s);
    }

    /**
     * The int-float latent of a whole float: MID + |m| for a positive sign, MID - 1 - |m|
     * for a negative one (so -0 differs from +0); magnitudes from 2^digits on count the
     * float's bit steps past 2^digits. The inverse of the decoder's conversion.
     */
    static long intFloatLatent(NumberType t, long raw) {
        long mid = t.mid();
        boolean negative = (raw & mid) != 0;
        long absRaw = raw & (mid - 1);
        int digits = t.mantissaBits + 1;
        long gpi = 1L << digits;
        long gpiRaw = fromDouble(t, (double) gpi);
        long absInt = Long.compareUnsigned(absRaw, gpiRaw) < 0 ? (long) Floats.toDouble(t, absRaw) : gpi + (absRaw - gpiRaw);
        return (negative ? mid - 1 - absInt : mid + absInt) & t.mask();
    }

    private static boolean finite(NumberType t, long raw) {
        double v = Floats.toDouble(t, raw);
        return !Double.isNaN(v) && !Double.isInfinite(v);
    }

    /** A double rounded to the type, as raw bits. */
    static long fromDouble(NumberType t, double v) {
        return switch (t) {
            case F64 -> Double.doubleToRawLongBits(v);
            case F32 -> Float.floatToRawIntBits((float) v) & 0xffffffffL;
            default -> Floats.floatToHalf((float) v) & 0xffffL;
        };
    }
}
