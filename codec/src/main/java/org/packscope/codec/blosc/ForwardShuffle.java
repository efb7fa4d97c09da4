package org.packscope.codec.blosc;

/**
 * The filters an encoder applies before compressing a block, the inverses of
 * {@link Shuffle}'s: the byte shuffle (byte j of every element gathered into stream j) and
 * the bit shuffle (bit i of byte j of every element gathered into bit-row 8j+i). Both
 * leave the bytes past the last whole element (and, for the bit shuffle, a block whose
 * element count is not a multiple of 8) as they are, as c-blosc does.
 */
public final class ForwardShuffle {
    private ForwardShuffle() { }

    /** Byte-shuffles {@code bsize} bytes of {@code src} into {@code dst}. */
    public static void shuffle(int typesize, int bsize, byte[] src, int sOff, byte[] dst, int dOff) {
        int n = typesize <= 0 ? 0 : bsize / typesize;
        if (typesize <= 1 || n == 0) {
            System.arraycopy(src, sOff, dst, dOff, bsize);
            return;
        }
        for (int j = 0; j < typesize; j++) {
            int d = dOff + j * n;
            int s = sOff + j;
            for (int i = 0; i < n; i++, s += typesize) dst[d + i] = src[s];
        }
        int tail = bsize - n * typesize;
        if (tail > 0) System.arraycopy(src, sOff + n * typesize, dst, dOff + n * typesize, tail);
    }

    /**
     * Bit-shuffles {@code bsize} bytes of {@code src} into {@code dst}: bit-row 8j+i holds
     * bit i of byte j of every element, element e at bit e%8 of the row's byte e/8. A block
     * whose element count is not a multiple of 8 is copied as it is.
     */
    public static void bitshuffle(int typesize, int bsize, byte[] src, int sOff, byte[] dst, int dOff) {
        int n = typesize <= 0 ? 0 : bsize / typesize;
        if (n % 8 != 0 || n == 0) {
            System.arraycopy(src, sOff, dst, dOff, bsize);
            return;
        }
        int nrow = n / 8;
        for (int j = 0; j < typesize; j++) {
            int rowBase = dOff + j * 8 * nrow;
            for (int q = 0; q < nrow; q++) {
                // byte m of x: byte j of element 8q+m; transposed, byte i is bit-row i's byte q
                int s = sOff + 8 * q * typesize + j;
                long x = 0;
                for (int m = 0; m < 8; m++) x |= (src[s + m * typesize] & 0xffL) << (8 * m);
                x = Shuffle.bitTranspose(x);
                for (int i = 0; i < 8; i++) dst[rowBase + i * nrow + q] = (byte) (x >>> (8 * i));
            }
        }
        int tail = bsize - n * typesize;
        if (tail > 0) System.arraycopy(src, sOff + n * typesize, dst, dOff + n * typesize, tail);
    }
}
