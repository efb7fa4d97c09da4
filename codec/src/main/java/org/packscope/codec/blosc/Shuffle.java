package org.packscope.codec.blosc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Undoes Blosc's two filters on one block. Byte shuffle stores byte {@code j} of every
 * element together ("stream" j); bit shuffle stores bit {@code k} of byte {@code j} of
 * every element together. Both leave the trailing {@code bsize % typesize} bytes alone.
 * The loops work 8 elements at a time with long-word loads and in-register transposes.
 */
public final class Shuffle {
    private Shuffle() { }

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * Elements a call of the 8-wide loops covers. A block is one call per filter, and a loop
     * entered that seldom runs interpreted until the JIT replaces it mid-loop, after 60,000
     * turns: a quarter of a 16 MB chunk's first decode, at some 300 ns a long-word access.
     * Called per slice, the loops are compiled after about a hundred calls.
     */
    static final int SLICE = 128;

    /** Byte-unshuffles {@code bsize} bytes of {@code src} into {@code dst}. */
    public static void unshuffle(int typesize, int bsize, byte[] src, int sOff, byte[] dst, int dOff) {
        int n = typesize <= 0 ? 0 : bsize / typesize;
        if (typesize <= 1 || n == 0) {
            System.arraycopy(src, sOff, dst, dOff, bsize);
            return;
        }
        int vecEnd = n & ~7;
        if (typesize % 8 == 0) {
            for (int g = 0; g < typesize; g += 8) {
                // the Vector API loop where it runs (see Simd), the scalar one for the rest
                int done = Simd.unshuffleReady() ? SimdShuffle.unshuffle8Rows(src, sOff + g * n, n, vecEnd, dst, dOff + g, typesize) : 0;
                for (int i = done; i < vecEnd; i += SLICE) {
                    unshuffle8Rows(src, sOff + g * n, n, i, Math.min(i + SLICE, vecEnd), dst, dOff + g, typesize);
                }
            }
        } else if (typesize == 4) {
            for (int i = 0; i < vecEnd; i += SLICE) unshuffle4(src, sOff, n, i, Math.min(i + SLICE, vecEnd), dst, dOff);
        } else if (typesize == 2) {
            for (int i = 0; i < vecEnd; i += SLICE) unshuffle2(src, sOff, n, i, Math.min(i + SLICE, vecEnd), dst, dOff);
        } else {
            vecEnd = 0;
        }
        // elements not covered by the 8-wide loops
        for (int j = 0; j < typesize; j++) {
            int s = sOff + j * n;
            for (int i = vecEnd; i < n; i++) dst[dOff + i * typesize + j] = src[s + i];
        }
        int tail = bsize - n * typesize;
        if (tail > 0) System.arraycopy(src, sOff + n * typesize, dst, dOff + n * typesize, tail);
    }

    /** Streams g..g+7 (each {@code n} bytes, starting at {@code s}) fill bytes g..g+7 of elements {@code from..vecEnd}. */
    static void unshuffle8Rows(byte[] src, int s, int n, int from, int vecEnd, byte[] dst, int d, int stride) {
        for (int i = from; i < vecEnd; i += 8) {
            long r0 = (long) LONG.get(src, s + i);
            long r1 = (long) LONG.get(src, s + n + i);
            long r2 = (long) LONG.get(src, s + 2 * n + i);
            long r3 = (long) LONG.get(src, s + 3 * n + i);
            long r4 = (long) LONG.get(src, s + 4 * n + i);
            long r5 = (long) LONG.get(src, s + 5 * n + i);
            long r6 = (long) LONG.get(src, s + 6 * n + i);
            long r7 = (long) LONG.get(src, s + 7 * n + i);
            // 8x8 byte transpose: swap 1-byte, then 2-byte, then 4-byte sub-blocks
            long t;
            t = ((r0 >>> 8) ^ r1) & 0x00FF00FF00FF00FFL; r1 ^= t; r0 ^= t << 8;
            t = ((r2 >>> 8) ^ r3) & 0x00FF00FF00FF00FFL; r3 ^= t; r2 ^= t << 8;
            t = ((r4 >>> 8) ^ r5) & 0x00FF00FF00FF00FFL; r5 ^= t; r4 ^= t << 8;
            t = ((r6 >>> 8) ^ r7) & 0x00FF00FF00FF00FFL; r7 ^= t; r6 ^= t << 8;
            t = ((r0 >>> 16) ^ r2) & 0x0000FFFF0000FFFFL; r2 ^= t; r0 ^= t << 16;
            t = ((r1 >>> 16) ^ r3) & 0x0000FFFF0000FFFFL; r3 ^= t; r1 ^= t << 16;
            t = ((r4 >>> 16) ^ r6) & 0x0000FFFF0000FFFFL; r6 ^= t; r4 ^= t << 16;
            t = ((r5 >>> 16) ^ r7) & 0x0000FFFF0000FFFFL; r7 ^= t; r5 ^= t << 16;
            t = ((r0 >>> 32) ^ r4) & 0x00000000FFFFFFFFL; r4 ^= t; r0 ^= t << 32;
            t = ((r1 >>> 32) ^ r5) & 0x00000000FFFFFFFFL; r5 ^= t; r1 ^= t << 32;
            t = ((r2 >>> 32) ^ r6) & 0x00000000FFFFFFFFL; r6 ^= t; r2 ^= t << 32;
            t = ((r3 >>> 32) ^ r7) & 0x00000000FFFFFFFFL; r7 ^= t; r3 ^= t << 32;
            int o = d + i * stride;
            LONG.set(dst, o, r0);
            LONG.set(dst, o + stride, r1);
            LONG.set(dst, o + 2 * stride, r2);
            LONG.set(dst, o + 3 * stride, r3);
            LONG.set(dst, o + 4 * stride, r4);
            LONG.set(dst, o + 5 * stride, r5);
            LONG.set(dst, o + 6 * stride, r6);
            LONG.set(dst, o + 7 * stride, r7);
        }
    }

    private static void unshuffle4(byte[] src, int s, int n, int from, int to, byte[] dst, int d) {
        for (int i = from; i < to; i += 8) {
            long r0 = (long) LONG.get(src, s + i);
            long r1 = (long) LONG.get(src, s + n + i);
            long r2 = (long) LONG.get(src, s + 2 * n + i);
            long r3 = (long) LONG.get(src, s + 3 * n + i);
            // interleave bytes of r0/r1 and r2/r3 into 16-bit pairs, then pairs into 32-bit elements
            long a0 = spread8(r0) | spread8(r1) << 8;           // elements 0..3, bytes 0-1
            long a1 = spread8(r0 >>> 32) | spread8(r1 >>> 32) << 8; // elements 4..7, bytes 0-1
            long b0 = spread8(r2) | spread8(r3) << 8;
            long b1 = spread8(r2 >>> 32) | spread8(r3 >>> 32) << 8;
            // a0 holds 4 16-bit values (bytes 0-1 of elements 0..3); b0 bytes 2-3
            long e01 = spread16(a0) | spread16(b0) << 16;
            long e23 = spread16(a0 >>> 32) | spread16(b0 >>> 32) << 16;
            long e45 = spread16(a1) | spread16(b1) << 16;
            long e67 = spread16(a1 >>> 32) | spread16(b1 >>> 32) << 16;
            int o = d + i * 4;
            LONG.set(dst, o, e01);
            LONG.set(dst, o + 8, e23);
            LONG.set(dst, o + 16, e45);
            LONG.set(dst, o + 24, e67);
        }
    }

    private static void unshuffle2(byte[] src, int s, int n, int from, int to, byte[] dst, int d) {
        for (int i = from; i < to; i += 8) {
            long r0 = (long) LONG.get(src, s + i);
            long r1 = (long) LONG.get(src, s + n + i);
            int o = d + i * 2;
            LONG.set(dst, o, spread8(r0) | spread8(r1) << 8);
            LONG.set(dst, o + 8, spread8(r0 >>> 32) | spread8(r1 >>> 32) << 8);
        }
    }

    /** The low 4 bytes of {@code x} moved to bytes 0, 2, 4, 6. */
    private static long spread8(long x) {
        x &= 0xFFFFFFFFL;
        x = (x | x << 16) & 0x0000FFFF0000FFFFL;
        x = (x | x << 8) & 0x00FF00FF00FF00FFL;
        return x;
    }

    /** The low two 16-bit units of {@code x} moved to 16-bit slots 0 and 2. */
    private static long spread16(long x) {
        x &= 0xFFFFFFFFL;
        return (x | x << 16) & 0x0000FFFF0000FFFFL;
    }

    /**
     * Bit-unshuffles {@code bsize} bytes. Callers apply it only when the element count is
     * a multiple of 8 (c-blosc copies other blocks unfiltered); trailing bytes are copied.
     */
    public static void bitunshuffle(int typesize, int bsize, byte[] src, int sOff, byte[] dst, int dOff) {
        bitunshuffle(typesize, bsize, src, sOff, dst, dOff, Simd.bitunshuffleReady());
    }

    /** {@link #bitunshuffle} on the scalar loops alone (the vector routines' warm-up times it). */
    static void bitunshuffleScalar(int typesize, int bsize, byte[] src, int sOff, byte[] dst, int dOff) {
        bitunshuffle(typesize, bsize, src, sOff, dst, dOff, false);
    }

    private static void bitunshuffle(int typesize, int bsize, byte[] src, int sOff, byte[] dst, int dOff, boolean vector) {
        int n = bsize / typesize;
        if (n % 8 != 0) throw new IllegalArgumentException("bitshuffle needs a multiple of 8 elements");
        int nrow = n / 8; // bytes per bit-row: one bit of one byte of all elements
        int qFast = 0;
        if (typesize % 8 == 0) {
            qFast = nrow & ~7;
            bitunshuffleWide(typesize, nrow, qFast, src, sOff, dst, dOff, vector);
        }
        for (int jj = 0; jj < typesize; jj++) {
            int rowBase = sOff + jj * 8 * nrow;
            int q = qFast;
            for (; q + 8 <= nrow; q += 8) {
                long r0 = (long) LONG.get(src, rowBase + q);
                long r1 = (long) LONG.get(src, rowBase + nrow + q);
                long r2 = (long) LONG.get(src, rowBase + 2 * nrow + q);
                long r3 = (long) LONG.get(src, rowBase + 3 * nrow + q);
                long r4 = (long) LONG.get(src, rowBase + 4 * nrow + q);
                long r5 = (long) LONG.get(src, rowBase + 5 * nrow + q);
                long r6 = (long) LONG.get(src, rowBase + 6 * nrow + q);
                long r7 = (long) LONG.get(src, rowBase + 7 * nrow + q);
                long t;
                t = ((r0 >>> 8) ^ r1) & 0x00FF00FF00FF00FFL; r1 ^= t; r0 ^= t << 8;
                t = ((r2 >>> 8) ^ r3) & 0x00FF00FF00FF00FFL; r3 ^= t; r2 ^= t << 8;
                t = ((r4 >>> 8) ^ r5) & 0x00FF00FF00FF00FFL; r5 ^= t; r4 ^= t << 8;
                t = ((r6 >>> 8) ^ r7) & 0x00FF00FF00FF00FFL; r7 ^= t; r6 ^= t << 8;
                t = ((r0 >>> 16) ^ r2) & 0x0000FFFF0000FFFFL; r2 ^= t; r0 ^= t << 16;
                t = ((r1 >>> 16) ^ r3) & 0x0000FFFF0000FFFFL; r3 ^= t; r1 ^= t << 16;
                t = ((r4 >>> 16) ^ r6) & 0x0000FFFF0000FFFFL; r6 ^= t; r4 ^= t << 16;
                t = ((r5 >>> 16) ^ r7) & 0x0000FFFF0000FFFFL; r7 ^= t; r5 ^= t << 16;
                t = ((r0 >>> 32) ^ r4) & 0x00000000FFFFFFFFL; r4 ^= t; r0 ^= t << 32;
                t = ((r1 >>> 32) ^ r5) & 0x00000000FFFFFFFFL; r5 ^= t; r1 ^= t << 32;
                t = ((r2 >>> 32) ^ r6) & 0x00000000FFFFFFFFL; r6 ^= t; r2 ^= t << 32;
                t = ((r3 >>> 32) ^ r7) & 0x00000000FFFFFFFFL; r7 ^= t; r3 ^= t << 32;
                // r_k now has byte ii = bit-row ii's byte q+k
                putBits(dst, dOff, typesize, jj, q, bitTranspose(r0));
                putBits(dst, dOff, typesize, jj, q + 1, bitTranspose(r1));
                putBits(dst, dOff, typesize, jj, q + 2, bitTranspose(r2));
                putBits(dst, dOff, typesize, jj, q + 3, bitTranspose(r3));
                putBits(dst, dOff, typesize, jj, q + 4, bitTranspose(r4));
                putBits(dst, dOff, typesize, jj, q + 5, bitTranspose(r5));
                putBits(dst, dOff, typesize, jj, q + 6, bitTranspose(r6));
                putBits(dst, dOff, typesize, jj, q + 7, bitTranspose(r7));
            }
            for (; q < nrow; q++) {
                long x = 0;
                for (int ii = 0; ii < 8; ii++) x |= (src[rowBase + ii * nrow + q] & 0xffL) << (8 * ii);
                putBits(dst, dOff, typesize, jj, q, bitTranspose(x));
            }
        }
        int tail = bsize - n * typesize;
        if (tail > 0) System.arraycopy(src, sOff + n * typesize, dst, dOff + n * typesize, tail);
    }

    /**
     * For typesize a multiple of 8, the first {@code qEnd} bytes of every bit-row: eight byte
     * planes make 64 bit-rows, and 8 bytes of each (64 elements) form a 64x64 bit matrix whose
     * transpose is the 64 elements' 8 bytes of those planes, stored as longs.
     */
    private static void bitunshuffleWide(int ts, int nrow, int qEnd, byte[] src, int sOff, byte[] dst, int dOff, boolean vector) {
        long[] a = new long[64];
        // the Vector API transposes several matrices side by side where it runs (see Simd)
        int from = vector ? SimdShuffle.bitunshuffleVector(ts, nrow, qEnd, src, sOff, dst, dOff) : 0;
        for (int g = 0; g < ts; g += 8) {
            int planeBase = sOff + g * 8 * nrow;
            for (int q = from; q < qEnd; q += 8) {
                int base = planeBase + q;
                for (int r = 0; r < 64; r++) a[r] = (long) LONG.get(src, base + r * nrow);
                transpose64(a);
                int o = dOff + 8 * q * ts + g;
                for (int e = 0; e < 64; e++) LONG.set(dst, o + e * ts, a[e]);
            }
        }
    }

    /** Transposes a 64x64 bit matrix, bit c of a[r] to bit r of a[c], by swapping ever smaller blocks. */
    static void transpose64(long[] a) {
        swapBlocks(a, 32, 0x00000000FFFFFFFFL);
        swapBlocks(a, 16, 0x0000FFFF0000FFFFL);
        swapBlocks(a, 8, 0x00FF00FF00FF00FFL);
        swapBlocks(a, 4, 0x0F0F0F0F0F0F0F0FL);
        swapBlocks(a, 2, 0x3333333333333333L);
        swapBlocks(a, 1, 0x5555555555555555L);
    }

    private static void swapBlocks(long[] a, int j, long m) {
        for (int b = 0; b < 64; b += 2 * j) {
            for (int k = b; k < b + j; k++) {
                long x = a[k];
                long y = a[k + j];
                long t = ((x >>> j) ^ y) & m;
                a[k] = x ^ (t << j);
                a[k + j] = y ^ t;
            }
        }
    }

    /** Byte m of {@code x} is byte {@code jj} of element {@code 8q+m}. */
    private static void putBits(byte[] dst, int dOff, int typesize, int jj, int q, long x) {
        if (typesize == 1) {
            LONG.set(dst, dOff + 8 * q, x);
            return;
        }
        int o = dOff + 8 * q * typesize + jj;
        for (int m = 0; m < 8; m++) dst[o + m * typesize] = (byte) (x >>> (8 * m));
    }

    /** Transposes an 8x8 bit matrix held as bytes (rows) of a long, bit c of row r to bit r of row c. */
    static long bitTranspose(long x) {
        long t;
        t = (x ^ (x >>> 7)) & 0x00AA00AA00AA00AAL; x ^= t ^ (t << 7);
        t = (x ^ (x >>> 14)) & 0x0000CCCC0000CCCCL; x ^= t ^ (t << 14);
        t = (x ^ (x >>> 28)) & 0x00000000F0F0F0F0L; x ^= t ^ (t << 28);
        return x;
    }
}
