package org.packscope.codec.bpcells.bp128;

/**
 * Encoding of single BP128 chunks as BPCells' C++ encodes them ({@code simd/bp128}): the
 * variant's transform, the width BPCells chooses (the bit length of the OR of the
 * transformed values, so the narrowest width that holds them all), and the 4-lane
 * interleaved packing {@link Bp128#position} describes. A chunk of width 32 holds the
 * input values verbatim, untransformed, as BPCells memcpy's it (so an m1 chunk with a 0
 * in it, whose 0 - 1 needs 32 bits, is stored as it is). The inverse of
 * {@link Bp128#decode(Bp128Variant, int, int, int[], int, int[], int)}.
 */
public final class Bp128Encoder {
    private Bp128Encoder() { }

    /**
     * Writes into {@code t[0..128)} what the variant packs for the 128 values at
     * {@code in[off..]}: the values (vanilla), the values minus 1 (FOR, m1), the differences
     * from the value before, the first from {@code start} (D1), those zigzag-coded (D1Z).
     * Returns the OR of them, whose bit length is the chunk's width.
     */
    public static int transform(Bp128Variant variant, int start, int[] in, int off, int[] t) {
        int or = 0;
        switch (variant) {
            case VANILLA -> {
                for (int k = 0; k < Bp128.CHUNK; k++) or |= t[k] = in[off + k];
            }
            case FOR -> {
                for (int k = 0; k < Bp128.CHUNK; k++) or |= t[k] = in[off + k] - 1;
            }
            case D1 -> {
                int prev = start;
                for (int k = 0; k < Bp128.CHUNK; k++) {
                    int v = in[off + k];
                    or |= t[k] = v - prev;
                    prev = v;
                }
            }
            case D1Z -> {
                int prev = start;
                for (int k = 0; k < Bp128.CHUNK; k++) {
                    int v = in[off + k];
                    or |= t[k] = zigzag(v - prev);
                    prev = v;
                }
            }
        }
        return or;
    }

    /** The width BPCells chooses for a chunk whose transformed values OR to {@code or}. */
    public static int bits(int or) { return 32 - Integer.numberOfLeadingZeros(or); }

    /** The width BPCells chooses for the 128 values at {@code in[off..]} ({@code start}: D1/D1Z's chunk start). */
    public static int maxBits(Bp128Variant variant, int start, int[] in, int off) {
        return bits(transform(variant, start, in, off, new int[Bp128.CHUNK]));
    }

    /** zz(x) = (x << 1) ^ (x >> 31): 0, -1, 1, -2, ... to 0, 1, 2, 3, ... */
    public static int zigzag(int x) { return (x << 1) ^ (x >> 31); }

    /**
     * Packs one chunk: the transformed values {@code t[0..128)} at {@code bits} bits each
     * into {@code 4*bits} words at {@code out[o..]} (overwritten), or, at width 32, the
     * untransformed values {@code in[off..off+128)} verbatim. Returns the words written.
     */
    public static int pack(int bits, int[] t, int[] in, int off, int[] out, int o) {
        if (bits == 32) {
            System.arraycopy(in, off, out, o, Bp128.CHUNK);
            return Bp128.CHUNK;
        }
        if (bits == 0) return 0;
        // lane by lane: the 32 slots of a lane fill its words (lane, lane+4, ...) LSB first
        for (int lane = 0; lane < Bp128.LANES; lane++) {
            int w = o + lane;
            int acc = 0;
            int shift = 0;
            for (int slot = 0; slot < 32; slot++) {
                int v = t[(slot << 2) | lane];
                acc |= v << shift;
                shift += bits;
                if (shift >= 32) {
                    out[w] = acc;
                    w += Bp128.LANES;
                    shift -= 32;
                    // the bits that did not fit go to the lane's next word (none when it ended exactly)
                    acc = shift == 0 ? 0 : v >>> (bits - shift);
                }
            }
        }
        return Bp128.LANES * bits;
    }
}
