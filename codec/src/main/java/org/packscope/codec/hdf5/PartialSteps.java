package org.packscope.codec.hdf5;

import java.util.Arrays;
import java.util.BitSet;

import org.packscope.codec.compress.ChunkCodecs;
import org.packscope.codec.compress.CodecException;
import org.packscope.codec.compress.CodecId;

/**
 * The filter steps that can undo part of a chunk and say which bytes they could not:
 * deflate (a stream cut short gives the bytes before the cut) and HDF5's byte shuffle
 * (which moves known and lost bytes alike, so a loss before it follows each byte to its
 * element). Blosc's own blocks are in {@link BloscFilter#decodePartly}.
 */
final class PartialSteps {
    static final int DEFLATE = 1;
    static final int SHUFFLE = 2;

    private PartialSteps() { }

    /** What a step made: the bytes, and those lost (null: none) with why. */
    record Step(byte[] bytes, BitSet lost, FilterDamage why) { }

    /**
     * Inflates {@code in} (a zlib stream, as HDF5's deflate filter writes it) to at most
     * {@code cap} bytes, through {@link ChunkCodecs}. A stream that stops before its end
     * (the chunk cut by the end of the file) gives what it inflated so far, padded with
     * zeros to {@code expected}, the padding lost; an invalid stream is damage at the input
     * byte where zlib stopped.
     */
    static Step inflate(byte[] in, long expected, long cap) {
        byte[] out = new byte[(int) Math.max(0, cap)];
        try {
            int n = ChunkCodecs.local().decode(CodecId.ZLIB, in, 0, in.length, out, 0, out.length);
            return new Step(n == out.length ? out : Arrays.copyOf(out, n), null, null);
        } catch (CodecException e) {
            if (e.produced() < 0) throw new FilterDamage(Math.max(0, e.inputOffset()), "the deflate stream cannot be decoded: " + e.getMessage());
            int n = e.produced();
            int size = (int) Math.max(n, Math.min(expected, cap));
            BitSet lost = new BitSet();
            lost.set(n, size);
            return new Step(Arrays.copyOf(out, size), lost, new FilterDamage(e.inputOffset(),
                    "the deflate stream stops after " + e.inputOffset() + " bytes, before its end, having given " + n + " bytes"));
        }
    }

    /**
     * Undoes HDF5's shuffle of {@code size}-byte elements: byte {@code k} of element
     * {@code i} was stored at {@code k·n + i}; bytes past the last whole element stay put.
     * Each lost byte is lost at its new place.
     */
    static Step unshuffle(byte[] in, BitSet lost, int size) {
        if (size <= 1) return new Step(in, lost, null);
        int n = in.length / size;
        byte[] out = in.clone();
        BitSet moved = lost == null ? null : new BitSet();
        for (int k = 0; k < size; k++) {
            for (int i = 0; i < n; i++) {
                int from = k * n + i, to = i * size + k;
                out[to] = in[from];
                if (lost != null && lost.get(from)) moved.set(to);
            }
        }
        if (lost != null) for (int b = lost.nextSetBit(n * size); b >= 0; b = lost.nextSetBit(b + 1)) moved.set(b);
        return new Step(out, moved, null);
    }
}
