package org.packscope.codec.pco;

import java.util.Arrays;

/**
 * Sorts latents in unsigned order for the encoder's binning, a byte at a time from the
 * lowest (LSD radix), skipping the bytes every latent shares: small or clustered latents
 * (counts, deltas, timestamps of one day) take two or three linear passes where a
 * comparison sort takes log n.
 */
final class PcoRadixSort {
    /** Below this many latents a comparison sort is as quick. */
    private static final int SMALL = 256;

    /** Latents within this range of the least sort by counting each value: one pass, then the runs written out. */
    private static final long COUNTED_RANGE = 1 << 16;

    private PcoRadixSort() { }

    /** The first {@code m} latents of {@code lat}, sorted in unsigned order (a new array). */
    static long[] sortedUnsigned(long[] lat, int m) {
        long[] a = Arrays.copyOf(lat, m);
        if (m < SMALL) {
            for (int i = 0; i < m; i++) a[i] ^= Long.MIN_VALUE; // unsigned order as signed
            Arrays.sort(a);
            for (int i = 0; i < m; i++) a[i] ^= Long.MIN_VALUE;
            return a;
        }
        long or = 0, and = -1, min = -1, max = 0;
        for (int i = 0; i < m; i++) {
            long x = a[i];
            or |= x;
            and &= x;
            if (Long.compareUnsigned(x, min) < 0) min = x;
            if (Long.compareUnsigned(x, max) > 0) max = x;
        }
        if (Long.compareUnsigned(max - min, Math.min(COUNTED_RANGE, 4L * m)) < 0) return counted(a, min, (int) (max - min) + 1);
        long varying = or ^ and;
        int[] shifts = new int[8];
        int passes = 0;
        for (int d = 0; d < 8; d++) if ((varying >>> (8 * d) & 0xff) != 0) shifts[passes++] = 8 * d;
        int[][] counts = new int[passes][257];
        for (int i = 0; i < m; i++) {
            long x = a[i];
            for (int p = 0; p < passes; p++) counts[p][(int) (x >>> shifts[p] & 0xff) + 1]++;
        }
        long[] from = a, to = new long[m];
        for (int p = 0; p < passes; p++) {
            int[] start = counts[p];
            for (int k = 0; k < 256; k++) start[k + 1] += start[k];
            int sh = shifts[p];
            for (int i = 0; i < m; i++) {
                long x = from[i];
                to[start[(int) (x >>> sh & 0xff)]++] = x;
            }
            long[] t = from;
            from = to;
            to = t;
        }
        return from;
    }

    /** Sorts {@code a} in place, every latent being {@code min} plus less than {@code range}. */
    private static long[] counted(long[] a, long min, int range) {
        int[] counts = new int[range];
        for (long x : a) counts[(int) (x - min)]++;
        int at = 0;
        for (int v = 0; v < range; v++) {
            int c = counts[v];
            if (c == 0) continue;
            Arrays.fill(a, at, at + c, min + v);
            at += c;
        }
        return a;
    }
}
