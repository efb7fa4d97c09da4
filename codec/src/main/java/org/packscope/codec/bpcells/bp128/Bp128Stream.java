package org.packscope.codec.bpcells.bp128;

import java.util.Arrays;

/**
 * A whole BP128 stream as BPCells' {@code BP128UIntWriter} family writes it: the packed
 * {@code data} words, {@code idx} (the word where each chunk starts, modulo the offset
 * increment, one more entry than chunks, starting at 0), {@code idxOffsets} (0, the
 * chunk indices at which idx wrapped, then the sentinel chunks + 1) and, for D1 and D1Z,
 * {@code starts} (each chunk's first value). A last partial chunk is padded by repeating
 * its last value, as BPCells pads it; no values, no chunks.
 */
public record Bp128Stream(int[] data, int[] idx, long[] idxOffsets, int[] starts) {

    /** BPCells' OFFSET_INCREMENT: idx entries are word offsets modulo 2^32. */
    public static final long OFFSET_INCREMENT = 1L << 32;

    /** Encodes {@code values[0..n)} as BPCells does. */
    public static Bp128Stream encode(Bp128Variant variant, int[] values, int n) {
        return encode(variant, values, n, OFFSET_INCREMENT);
    }

    /**
     * Encodes with another offset increment (BPCells' {@code setOffsetIncrement}, which
     * its tests use to make idx wrap without 16 GiB of data).
     */
    public static Bp128Stream encode(Bp128Variant variant, int[] values, int n, long offsetIncrement) {
        if (n < 0 || n > values.length) throw new IllegalArgumentException("count " + n + " of " + values.length + " values");
        if (offsetIncrement <= 0) throw new IllegalArgumentException("offset increment " + offsetIncrement);
        int chunks = (int) Bp128Layout.chunksFor(n);
        int[] idx = new int[chunks + 1];
        int[] starts = variant.usesStarts() ? new int[chunks] : null;
        long[] offsets = new long[4];
        int offsetCount = 1; // offsets[0] = 0
        // most chunks of real data are far narrower than 32 bits: grow rather than reserve n words
        int[] data = new int[Math.max(Bp128.CHUNK, Math.min(n, 1 << 16))];
        int words = 0;
        long curIdx = 0;
        int[] t = new int[Bp128.CHUNK];
        int[] last = new int[Bp128.CHUNK];
        for (int c = 0; c < chunks; c++) {
            int off = c * Bp128.CHUNK;
            int[] in = values;
            if (n - off < Bp128.CHUNK) {
                // the last partial chunk: the value before the padding repeated, as BPCells' finalize() does
                int have = n - off;
                System.arraycopy(values, off, last, 0, have);
                Arrays.fill(last, have, Bp128.CHUNK, values[n - 1]);
                in = last;
                off = 0;
            }
            int start = in[off];
            int bits = Bp128Encoder.bits(Bp128Encoder.transform(variant, start, in, off, t));
            if (words + Bp128.CHUNK > data.length) data = Arrays.copyOf(data, grow(data.length, words));
            words += Bp128Encoder.pack(bits, t, in, off, data, words);
            if (starts != null) starts[c] = start;
            curIdx += Bp128.LANES * bits;
            if (curIdx >= offsetIncrement) {
                curIdx -= offsetIncrement;
                if (offsetCount == offsets.length) offsets = Arrays.copyOf(offsets, offsetCount * 2);
                offsets[offsetCount++] = c + 1;
            }
            idx[c + 1] = (int) curIdx;
        }
        if (offsetCount == offsets.length) offsets = Arrays.copyOf(offsets, offsetCount + 1);
        offsets[offsetCount++] = chunks + 1L;
        return new Bp128Stream(Arrays.copyOf(data, words), idx, Arrays.copyOf(offsets, offsetCount), starts);
    }

    private static int grow(int length, int words) {
        long want = Math.max((long) length * 3 / 2, (long) words + Bp128.CHUNK);
        if (want > Integer.MAX_VALUE - 8) {
            if ((long) words + Bp128.CHUNK > Integer.MAX_VALUE - 8) throw new IllegalArgumentException("more than 2^31 packed words");
            want = Integer.MAX_VALUE - 8;
        }
        return (int) want;
    }

    /** Chunks in the stream. */
    public int chunks() { return idx.length - 1; }
}
