package org.packscope.codec.pco;

import java.lang.invoke.VarHandle;

/**
 * The offsets half of reading a latent variable's batch: each latent is its state's bin
 * lower bound plus that bin's offset bits, read from a byte array as little-endian words.
 * A routine for each shape of table, since the widths decide what a word read can hold:
 * offsets of at most 8 bits (seven from one word), of up to 57 (one word each), up to 64
 * (a word and a byte), mostly one width or rarely any, and a single bin of fixed width.
 * The page decoder picks one per table; each is a small loop so that C2 inlines it there.
 */
final class OffsetReaders {
    private static final VarHandle LE = HotPathBits.LE_LONG;
    /** The Vector API forms are on and 512 bits wide: constant-width offsets go eight at a time. */
    private static final boolean WIDE_VECTORS = PcoSimd.enabled() && PcoVector.wide();

    private OffsetReaders() { }

    /**
     * Offsets of at most 8 bits: a word read at any bit holds at least 57 bits, seven
     * offsets, which are taken from it by shifting instead of one read each.
     */
    static long readSmallOffsets(byte[] d, long bit, int[] tab, long[] lowers, int[] states, long[] lat, int lo, int n) {
        int i = 0;
        for (; i + 7 <= n; i += 7) {
            long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
            int s0 = states[i], s1 = states[i + 1], s2 = states[i + 2], s3 = states[i + 3];
            int s4 = states[i + 4], s5 = states[i + 5], s6 = states[i + 6];
            int b0 = tab[s0] >>> 24, b1 = tab[s1] >>> 24, b2 = tab[s2] >>> 24, b3 = tab[s3] >>> 24;
            int b4 = tab[s4] >>> 24, b5 = tab[s5] >>> 24, b6 = tab[s6] >>> 24;
            int k = lo + i;
            lat[k] = lowers[s0] + (w & ~(-1L << b0));
            w >>>= b0;
            lat[k + 1] = lowers[s1] + (w & ~(-1L << b1));
            w >>>= b1;
            lat[k + 2] = lowers[s2] + (w & ~(-1L << b2));
            w >>>= b2;
            lat[k + 3] = lowers[s3] + (w & ~(-1L << b3));
            w >>>= b3;
            lat[k + 4] = lowers[s4] + (w & ~(-1L << b4));
            w >>>= b4;
            lat[k + 5] = lowers[s5] + (w & ~(-1L << b5));
            w >>>= b5;
            lat[k + 6] = lowers[s6] + (w & ~(-1L << b6));
            bit += b0 + b1 + b2 + b3 + b4 + b5 + b6;
        }
        return readOffsets(d, bit, tab, lowers, states, lat, lo, i, n);
    }

    /**
     * Offsets up to 64 bits where nearly every state's bin is narrow (57 bits or less) or
     * nearly every one wide: the byte after the word is read only for a wide bin, behind
     * a branch that the table's shape makes predictable. Latents go to {@code lat[0..n)}:
     * one index fewer to keep in a register than with an offset into the array, which
     * measured 5% faster on the f64 bench file. The offset mask is made from the width on
     * each side of the branch (a narrow width may be 0, a wide one may be 64, and
     * {@code -1L << 64} is -1) rather than loaded from a table of masks: with that table's
     * array and bound to hold as well, C2 kept the bit position in an XMM register, two
     * transfers on the loop's only carried chain (the f64 bench file 1.1x slower, A/B in
     * one JVM; with the symbol loop's table, 1.05-1.07x faster in separate JVMs).
     * Two offsets a step, to an even bound, with the read in a helper so that the loop
     * stays small enough for C2 to inline into readVar: 194-195 M numbers/s on the f64
     * bench file instead of 178-179 (A/B of packaged jars, separate JVMs). One offset a
     * step with the helper measured the same as before; four a step, 158-162; two a step
     * written out in full (too big to inline), 168-169.
     */
    static long readOffsetsMostlyOneWidth(byte[] d, long bit, int[] tab, long[] lowers, int[] states, long[] lat, int n) {
        int even = n & ~1;
        int i = 0;
        for (; i < even; i += 2) {
            int s = states[i];
            int b = tab[s] >>> 24;
            lat[i] = lowers[s] + offsetMostlyOneWidth(d, bit, b);
            bit += b;
            s = states[i + 1];
            b = tab[s] >>> 24;
            lat[i + 1] = lowers[s] + offsetMostlyOneWidth(d, bit, b);
            bit += b;
        }
        if (i < n) {
            int s = states[i];
            int b = tab[s] >>> 24;
            lat[i] = lowers[s] + offsetMostlyOneWidth(d, bit, b);
            bit += b;
        }
        return bit;
    }

    /**
     * One offset of b (0..64) bits: the byte after the word is read only when b is over 57.
     * {@link HotPathBits#peek} reads the same bits, but with its tests for 0 and 64 bits and
     * for a field past the word it measured 177-179 M numbers/s here instead of 194.
     */
    private static long offsetMostlyOneWidth(byte[] d, long bit, int b) {
        int idx = (int) (bit >>> 3);
        long w = (long) LE.get(d, idx) >>> (bit & 7);
        if (b > 57) {
            w |= ((d[idx + 8] & 0xffL) << 1) << (63 - ((int) bit & 7));
            return w & ~(-2L << (b - 1));
        }
        return w & ~(-1L << b);
    }

    /**
     * Offsets of tables where nearly every state has none: the latent is the bin's lower
     * bound, and the data is read only for the rare state with offset bits (57 at most).
     */
    static long readRareOffsets(byte[] d, long bit, int[] tab, long[] lowers, int[] states, long[] lat, int lo, int n) {
        for (int i = 0; i < n; i++) {
            int s = states[i];
            long v = lowers[s];
            int b = tab[s] >>> 24;
            if (b != 0) {
                v += ((long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7)) & ~(-1L << b);
                bit += b;
            }
            lat[lo + i] = v;
        }
        return bit;
    }

    /** Latents from decoded states: the state's bin lower bound plus an offset of at most 57 bits. */
    static long readOffsets(byte[] d, long bit, int[] tab, long[] lowers, int[] states, long[] lat, int lo, int n) {
        return readOffsets(d, bit, tab, lowers, states, lat, lo, 0, n);
    }

    /** readOffsets of latents {@code from..n} of the batch (latent i goes to {@code lat[lo + i]}). */
    static long readOffsets(byte[] d, long bit, int[] tab, long[] lowers, int[] states, long[] lat, int lo, int from, int n) {
        for (int i = from; i < n; i++) {
            int s = states[i];
            int b = tab[s] >>> 24;
            long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
            lat[lo + i] = lowers[s] + (w & ~(-1L << b));
            bit += b;
        }
        return bit;
    }

    /**
     * Offsets up to 64 bits: a long word plus the byte after it, which covers 64 bits
     * from any bit of the first byte. No branch on the width: wide bins are rare but
     * their branch mispredicts.
     */
    static long readWideOffsets(byte[] d, long bit, byte[] obs, long[] masks, long[] lowers, int[] states, long[] lat, int lo, int n) {
        for (int i = 0; i < n; i++) {
            int s = states[i];
            int idx = (int) (bit >>> 3);
            int sh = (int) bit & 7;
            long w = (long) LE.get(d, idx) >>> sh;
            // the next byte's bits above the word's 64 - sh; shifted out entirely when sh = 0
            long hi = ((d[idx + 8] & 0xffL) << 1) << (63 - sh);
            lat[lo + i] = lowers[s] + ((w | hi) & masks[s]);
            bit += obs[s];
        }
        return bit;
    }

    /** A single bin: every latent is lower + a fixed-width offset (eight at a time on 512-bit vectors). */
    static long readConstOffsets(byte[] d, long bit, long[] lat, int lo, int n, int b, long lower) {
        if (b <= 57 && WIDE_VECTORS && PcoWarmup.offsetsReady()) {
            int done = PcoVector.constOffsets(d, bit, lat, lo, n, b, lower);
            bit += (long) done * b;
            lo += done;
            n -= done;
        }
        if (b > 57) {
            for (int i = 0; i < n; i++) {
                lat[lo + i] = lower + HotPathBits.peek(d, bit, b);
                bit += b;
            }
            return bit;
        }
        long m = ~(-1L << b);
        int i = 0;
        if (b <= 14) {
            // a word read at any bit holds at least 57 bits: four offsets. Two words a step:
            // with one, the JIT's code ran 1.4x or 0.9x as fast from one JVM start to the next
            int b2 = 2 * b, b3 = 3 * b, b4 = 4 * b;
            for (; i + 8 <= n; i += 8) {
                long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
                long bit2 = bit + b4;
                long v = (long) LE.get(d, (int) (bit2 >>> 3)) >>> (bit2 & 7);
                int k = lo + i;
                lat[k] = lower + (w & m);
                lat[k + 1] = lower + ((w >>> b) & m);
                lat[k + 2] = lower + ((w >>> b2) & m);
                lat[k + 3] = lower + ((w >>> b3) & m);
                lat[k + 4] = lower + (v & m);
                lat[k + 5] = lower + ((v >>> b) & m);
                lat[k + 6] = lower + ((v >>> b2) & m);
                lat[k + 7] = lower + ((v >>> b3) & m);
                bit = bit2 + b4;
            }
        } else if (b <= 28) {
            int b2 = 2 * b;
            for (; i + 2 <= n; i += 2) {
                long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
                lat[lo + i] = lower + (w & m);
                lat[lo + i + 1] = lower + ((w >>> b) & m);
                bit += b2;
            }
        }
        for (; i < n; i++) {
            long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
            lat[lo + i] = lower + (w & m);
            bit += b;
        }
        return bit;
    }
}
