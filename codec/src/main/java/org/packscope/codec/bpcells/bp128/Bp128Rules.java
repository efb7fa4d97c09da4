package org.packscope.codec.bpcells.bp128;

import java.util.List;

import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;

/**
 * What the bookkeeping of a BP128 stream (its idx, idx_offsets and starts arrays, and the
 * data words they point into) can have wrong. Each broken chunk is undecodable on its own;
 * the chunks around it still decode.
 */
public final class Bp128Rules implements RuleCatalogue {
    public static final Rule IDX_LENGTH = Rule.error("bp128_idx_length",
            "idx does not have one entry more than the stream has 128-value chunks");
    public static final Rule IDX_START = Rule.error("bp128_idx_start",
            "idx does not start at word 0");
    public static final Rule BAD_CHUNK_WIDTH = Rule.error("bp128_bad_chunk_width",
            "neighbouring idx entries do not differ by 4 × a width of 0..32 bits, so the chunk between them cannot be decoded");
    public static final Rule DATA_SHORT = Rule.error("bp128_data_short",
            "a chunk ends past the last word of the data array");
    public static final Rule DATA_TRAILING = Rule.warning("bp128_data_trailing",
            "the data array has words after the last chunk that no chunk uses");
    public static final Rule IDX_OFFSETS_START = Rule.error("bp128_idx_offsets_start",
            "idx_offsets is empty or does not start at 0");
    public static final Rule IDX_OFFSETS_SENTINEL = Rule.error("bp128_idx_offsets_sentinel",
            "idx_offsets does not end with the length of idx");
    public static final Rule IDX_OFFSETS_ORDER = Rule.error("bp128_idx_offsets_order",
            "idx_offsets decreases");
    public static final Rule IDX_OFFSETS_LENGTH = Rule.error("bp128_idx_offsets_length",
            "idx_offsets has more entries than a stream of this many chunks can use");
    public static final Rule STARTS_LENGTH = Rule.error("bp128_starts_length",
            "the starts array does not have one entry per chunk; chunks without one cannot be decoded");

    @Override public String owner() { return "BP128 (BPCells)"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(Bp128Rules.class); }
}
