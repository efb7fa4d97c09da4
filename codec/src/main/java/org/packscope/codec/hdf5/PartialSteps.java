package org.packscope.codec.hdf5;

import java.util.BitSet;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

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
     * {@code cap} bytes. A stream that stops before its end (the chunk cut by the end of
     * the file) gives what it inflated so far, padded with zeros to {@code expected}, the
     * padding lost; an invalid stream is damage at the input byte where zlib stopped.
     */
    static Step inflate(byte[] in, long expected, long cap) {
        Inflater z = new Inflater();
        try {
            z.setInput(in);
            byte[] out = new byte[(int) Math.max(0, Math.min(cap, Math.max(expected, 64)))];
            int n = 0;
            while (!z.finished()) {
                if (n == out.length) {
                    if (out.length >= cap) {
                        throw new FilterDamage(z.getBytesRead(), "the deflate stream decodes to more than the " + cap + " bytes the chunk holds");
                    }
                    out = java.util.Arrays.copyOf(out, (int) Math.min(cap, Math.max(64, 2L * out.length)));
                }
                int k = z.inflate(out, n, out.length - n);
                n += k;
                if (k == 0 && (z.needsInput() || z.needsDictionary())) {
                    if (z.needsDictionary()) throw new FilterDamage(z.getBytesRead(), "the deflate stream asks for a preset dictionary");
                    long stop = z.getBytesRead();
                    int size = (int) Math.max(n, Math.min(expected, cap));
                    BitSet lost = new BitSet();
                    lost.set(n, size);
                    return new Step(java.util.Arrays.copyOf(out, size), lost,
                            new FilterDamage(stop, "the deflate stream stops after " + stop + " bytes, before its end, having given " + n + " bytes"));
                }
            }
            return new Step(n == out.length ? out : java.util.Arrays.copyOf(out, n), null, null);
        } catch (DataFormatException e) {
            throw new FilterDamage(z.getBytesRead(), "the deflate stream is invalid here (zlib: " + e.getMessage() + ")");
        } finally {
            z.end();
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
