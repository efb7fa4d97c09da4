package org.packscope.codec.inspect;

import java.util.List;

import org.packscope.codec.io.ByteSource;

/**
 * The derivation of one decoded value, step by step, each step tied to the exact bits
 * it reads: for Pco the batch, tANS state and symbol, bin, offset bits, latent, delta
 * and mode join; for BP128 the chunk, lane, slot and bit range; for Blosc the chunk,
 * block, stream, codec and shuffle position; for binary JSON the type byte, payload and
 * string-table entry.
 */
public record Trace(long index, String value, List<Step> steps) {

    public Trace {
        steps = List.copyOf(steps);
    }

    /**
     * One step: what it is, the value it yields (as text), a sentence on how, and where
     * its bits are ({@code source} may differ between steps, e.g. a decompressed block;
     * {@code span} is null for a pure computation).
     */
    public record Step(String title, String value, String explanation, ByteSource source, Span span) { }
}
