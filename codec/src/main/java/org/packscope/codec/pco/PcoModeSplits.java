package org.packscope.codec.pco;

/**
 * The two-latent modes an encoder can find in a chunk's latents: IntMult with the
 * greatest common divisor of the latents' distances from the least, FloatQuant with the
 * low mantissa bits every number leaves zero. Null when the chunk has no such structure.
 */
final class PcoModeSplits {
    private PcoModeSplits() { }

    static PcoEncoder.Split intMult(NumberType type, long[] lat) {
        if (type.isFloat() || lat.length < 2) return null;
        long min = lat[0];
        for (long l : lat) if (Long.compareUnsigned(l, min) < 0) min = l;
        long g = 0;
        for (long l : lat) {
            g = gcdUnsigned(g, l - min);
            if (g == 1) return null;
        }
        if (g == 0) return null;
        long[] p = new long[lat.length];
        long[] s = new long[lat.length];
        for (int i = 0; i < lat.length; i++) {
            p[i] = Long.divideUnsigned(lat[i], g);
            s[i] = Long.remainderUnsigned(lat[i], g);
        }
        return new PcoEncoder.Split(new Mode.IntMult(g), p, s);
    }

    static PcoEncoder.Split floatQuant(NumberType type, long[] lat) {
        if (!type.isFloat() || lat.length == 0) return null;
        int k = type.mantissaBits;
        for (long l : lat) {
            long raw = type.fromLatent(l);
            k = Math.min(k, Long.numberOfTrailingZeros(raw));
            if (k == 0) return null;
        }
        long low = (1L << k) - 1;
        long top = type.mid();
        long[] p = new long[lat.length];
        long[] s = new long[lat.length];
        for (int i = 0; i < lat.length; i++) {
            long l = lat[i];
            p[i] = l >>> k;
            s[i] = (l & top) != 0 ? l & low : low - (l & low);
        }
        return new PcoEncoder.Split(new Mode.FloatQuant(k), p, s);
    }

    static long gcdUnsigned(long a, long b) {
        while (b != 0) {
            long t = Long.remainderUnsigned(a, b);
            a = b;
            b = t;
        }
        return a;
    }
}
