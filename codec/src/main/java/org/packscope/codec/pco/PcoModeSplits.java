package org.packscope.codec.pco;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The two-latent modes an encoder can find in a chunk's latents, and the split of the
 * latents each makes. IntMult bases: the greatest common divisor of every latent's
 * distance from the least (exact multiples), and divisors that many triples of sampled
 * latents share far more often than chance would have them (multiples plus a little
 * noise, as timestamps in ms of events each second). FloatQuant widths: the low mantissa
 * bits that every number, or most numbers, leave zero. The caller keeps the candidate
 * whose estimated size is least: these only propose.
 */
final class PcoModeSplits {
    /** Triples of sampled latents whose differences' divisors are counted. */
    static final int TRIPLES = 400;

    private PcoModeSplits() { }

    static List<Mode> intMultCandidates(NumberType type, long[] lat, int sample) {
        List<Mode> out = new ArrayList<>();
        if (type.isFloat() || lat.length < 2) return out;
        long min = lat[0];
        for (long l : lat) if (Long.compareUnsigned(l, min) < 0) min = l;
        long g = 0;
        for (long l : lat) {
            g = gcdUnsigned(g, l - min);
            if (g == 1) break;
        }
        if (Long.compareUnsigned(g, 1) > 0) out.add(new Mode.IntMult(g));
        for (long base : sharedDivisors(lat, Math.min(sample, lat.length))) {
            if (base != g) out.add(new Mode.IntMult(base));
        }
        return out;
    }

    /**
     * Up to three divisors over 1 of the sampled triples' differences, the two found most
     * above the 1 / d^2 share of triples that random numbers would give, and their gcd.
     */
    private static List<Long> sharedDivisors(long[] lat, int n) {
        if (n < 3) return List.of();
        java.util.Random r = new java.util.Random(n); // deterministic: the same numbers encode the same
        long[] gcds = new long[TRIPLES];
        Map<Long, Integer> seen = new HashMap<>();
        for (int t = 0; t < TRIPLES; t++) {
            long a = lat[r.nextInt(n)], b = lat[r.nextInt(n)], c = lat[r.nextInt(n)];
            gcds[t] = gcdUnsigned(absDiff(a, b), absDiff(a, c));
            if (Long.compareUnsigned(gcds[t], 1) > 0 && gcds[t] < (1L << 40)) seen.merge(gcds[t], 1, Integer::sum);
        }
        List<long[]> scored = new ArrayList<>();
        for (long d : seen.keySet()) {
            int divides = 0;
            for (long x : gcds) if (x == 0 || Long.remainderUnsigned(x, d) == 0) divides++;
            double chance = 1.0 / ((double) d * d);
            double share = (double) divides / TRIPLES;
            if (divides >= 4 && share > 4 * chance) scored.add(new long[] {d, Double.doubleToLongBits(share / chance)});
        }
        scored.sort((x, y) -> Double.compare(Double.longBitsToDouble(y[1]), Double.longBitsToDouble(x[1])));
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < Math.min(2, scored.size()); i++) out.add(scored.get(i)[0]);
        // multiples of the base share its multiples nearly as far above chance: their gcd may be the base
        if (out.size() == 2) {
            long g = gcdUnsigned(out.get(0), out.get(1));
            if (g > 1 && !out.contains(g)) out.add(g);
        }
        return out;
    }

    static List<Mode> floatQuantCandidates(NumberType type, long[] lat, int sample) {
        List<Mode> out = new ArrayList<>();
        if (!type.isFloat() || lat.length == 0) return out;
        int all = type.mantissaBits;
        for (long l : lat) all = Math.min(all, zeroLowBits(type, l));
        int[] atLeast = new int[type.mantissaBits + 2];
        int n = Math.min(sample, lat.length);
        for (int i = 0; i < n; i++) atLeast[zeroLowBits(type, lat[i])]++;
        for (int k = type.mantissaBits - 1; k >= 0; k--) atLeast[k] += atLeast[k + 1];
        int most = 0, half = 0;
        for (int k = 1; k <= type.mantissaBits; k++) {
            if (atLeast[k] * 10L >= n * 9L) most = k;
            if (atLeast[k] * 2L >= n) half = k;
        }
        for (int k : new int[] {all, most, half}) {
            Mode m = new Mode.FloatQuant(k);
            if (k > 0 && !out.contains(m)) out.add(m);
        }
        return out;
    }

    /** Low mantissa bits of the number that are zero, at most the mantissa's width. */
    private static int zeroLowBits(NumberType type, long latent) {
        return Math.min(type.mantissaBits, Long.numberOfTrailingZeros(type.fromLatent(latent)));
    }

    /** The first {@code n} latents split by {@code mode} (Classic: left whole). */
    static PcoEncoder.Split split(Mode mode, long[] lat, int n, NumberType type) {
        if (mode instanceof Mode.FloatMult fm) return PcoFloatMult.split(type, fm, lat, n);
        long[] p = new long[n];
        if (mode instanceof Mode.Classic) {
            System.arraycopy(lat, 0, p, 0, n);
            return new PcoEncoder.Split(mode, p, null);
        }
        long[] s = new long[n];
        if (mode instanceof Mode.IntMult im) {
            divide(lat, n, im.base(), p, s);
        } else if (mode instanceof Mode.FloatQuant fq) {
            int k = fq.k();
            long low = (1L << k) - 1;
            long top = type.mid();
            for (int i = 0; i < n; i++) {
                long l = lat[i];
                p[i] = l >>> k;
                // the decoder counts a negative number's low bits down from all ones
                s[i] = (l & top) != 0 ? l & low : low - (l & low);
            }
        } else {
            throw new IllegalArgumentException("no encoder for mode " + mode.name());
        }
        return new PcoEncoder.Split(mode, p, s);
    }

    /** Quotients and remainders of the first {@code n} latents by {@code g} (all unsigned). */
    private static void divide(long[] lat, int n, long g, long[] quotients, long[] remainders) {
        long min = n == 0 ? 0 : lat[0];
        for (int i = 0; i < n; i++) if (Long.compareUnsigned(lat[i], min) < 0) min = lat[i];
        long q0 = Long.divideUnsigned(min, g), r0 = min - q0 * g;
        double inverse = 1.0 / g;
        for (int i = 0; i < n; i++) {
            long d = lat[i] - min;
            long t = r0 + d; // lat[i] = q0 * g + t
            if (Long.compareUnsigned(d, FLOAT_DIVISION_LIMIT) >= 0 || t >= FLOAT_DIVISION_LIMIT
                    || Long.compareUnsigned(g, FLOAT_DIVISION_LIMIT) >= 0) {
                quotients[i] = Long.divideUnsigned(lat[i], g);
                remainders[i] = lat[i] - quotients[i] * g;
                continue;
            }
            // a double quotient of numbers under 2^52 is off by at most one: a hardware
            // division per number costs more than the correction
            long q = (long) (t * inverse);
            long r = t - q * g;
            if (r < 0) {
                q--;
                r += g;
            } else if (r >= g) {
                q++;
                r -= g;
            }
            quotients[i] = q0 + q;
            remainders[i] = r;
        }
    }

    private static final long FLOAT_DIVISION_LIMIT = 1L << 52;

    private static long absDiff(long a, long b) { return Long.compareUnsigned(a, b) >= 0 ? a - b : b - a; }

    static long gcdUnsigned(long a, long b) {
        while (b != 0) {
            long t = Long.remainderUnsigned(a, b);
            a = b;
            b = t;
        }
        return a;
    }
}
