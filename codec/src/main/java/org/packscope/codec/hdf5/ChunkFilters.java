package org.packscope.codec.hdf5;

import java.util.BitSet;
import java.util.List;

import io.jhdf.AbstractNode;
import io.jhdf.api.Dataset;
import io.jhdf.filter.FilterManager;
import io.jhdf.filter.FilterPipeline;
import io.jhdf.object.message.FilterPipelineMessage.FilterInfo;
import io.jhdf.object.message.FilterPipelineMessage;

import org.packscope.codec.read.ReadProblem;

/**
 * Undoes a chunked dataset's filters the way HDF5 does: last filter first, skipping each
 * filter the chunk's filter mask says was not applied. HDF5 marks szip and deflate as
 * optional, and stores a chunk they cannot shrink (random bits) as it is with that mask
 * bit set; jhdf ignores the mask and decodes such a chunk anyway, into wrong values. A
 * filter no reader here knows fails only the chunks that use it.
 */
final class ChunkFilters {
    private final List<FilterInfo> filters;
    /** One single-filter jhdf pipeline per filter, made on first use (null until then). */
    private final FilterPipeline[] steps;

    private ChunkFilters(List<FilterInfo> filters) {
        this.filters = filters;
        this.steps = new FilterPipeline[filters.size()];
    }

    /** The dataset's filters, or null when jhdf does not expose its object header. */
    static ChunkFilters of(Dataset d) {
        if (!(d instanceof AbstractNode a)) return null;
        var oh = a.getHeader();
        List<FilterInfo> fs = oh.hasMessageOfType(FilterPipelineMessage.class)
                ? oh.getMessageOfType(FilterPipelineMessage.class).getFilters() : List.of();
        return new ChunkFilters(fs);
    }

    /**
     * The chunk's decoded bytes. {@code stored} is the chunk as stored at file byte
     * {@code address}; damage the first filter undone finds there is reported at its byte
     * of the file, damage later in the pipeline at the chunk. {@code expected} is what the
     * chunk decodes to (its elements times their size): a filter that bounds its output
     * stops there (the last one undone) or a little beyond (one inside the pipeline, whose
     * output is another filter's compressed input), so a bomb costs no more than the chunk.
     */
    byte[] decode(byte[] stored, BitSet mask, long address, long expected) {
        byte[] b = stored;
        boolean first = true;
        int innermost = -1;
        for (int i = 0; i < filters.size() && innermost < 0; i++) if (mask == null || !mask.get(i)) innermost = i;
        for (int i = filters.size() - 1; i >= 0; i--) {
            if (mask != null && mask.get(i)) continue;
            BoundedFilter bounded = BoundedFilter.of(filters.get(i).getId());
            try {
                if (bounded != null) {
                    long cap = i == innermost ? expected : expected + expected / 8 + 4096;
                    b = bounded.decode(b, filters.get(i).getData(), Math.min(cap, FilterBytes.MAX_CHUNK));
                } else {
                    b = step(i).decode(b);
                }
            } catch (FilterDamage e) {
                long at = first ? address + e.offset : address;
                throw Hdf5Failure.problem(Hdf5Rules.FILTER_DAMAGED, "chunk filter " + filters.get(i).getName() + ": " + e.getMessage()
                        + (first ? ", byte " + at + " of the file" : ""), at);
            }
            first = false;
        }
        return b;
    }

    /** A chunk decoded as far as it goes: bytes, the bytes lost (null: none) and why. */
    record Partly(byte[] bytes, BitSet lost, ReadProblem why) { }

    /**
     * Like {@link #decode}, but when Blosc is the last filter undone (its output is the
     * elements' bytes) a damaged Blosc block loses only its own bytes: the rest of the chunk
     * is still the chunk's. Anything else that fails fails the chunk, as in {@code decode}.
     */
    Partly decodePartly(byte[] stored, BitSet mask, long address, long expected) {
        int innermost = -1, outermost = -1;
        for (int i = 0; i < filters.size(); i++) {
            if (mask != null && mask.get(i)) continue;
            if (innermost < 0) innermost = i;
            outermost = i;
        }
        if (innermost < 0 || filters.get(innermost).getId() != BloscFilter.ID) return new Partly(decode(stored, mask, address, expected), null, null);
        // every filter but the innermost Blosc undone as decode does, then Blosc block by block
        BitSet outer = mask == null ? new BitSet() : (BitSet) mask.clone();
        outer.set(innermost);
        byte[] b = innermost == outermost ? stored : decode(stored, outer, address, expected + expected / 8 + 4096);
        boolean first = innermost == outermost;
        try {
            BloscFilter.Partly p = BloscFilter.decodePartly(b, FilterBytes.MAX_CHUNK);
            ReadProblem why = p.why() == null ? null : problem(p.why(), innermost, first, address);
            return new Partly(p.bytes(), p.lost(), why);
        } catch (FilterDamage e) {
            throw problem(e, innermost, first, address);
        }
    }

    private ReadProblem problem(FilterDamage e, int filter, boolean first, long address) {
        long at = first ? address + e.offset : address;
        return Hdf5Failure.problem(Hdf5Rules.FILTER_DAMAGED, "chunk filter " + filters.get(filter).getName() + ": " + e.getMessage()
                + (first ? ", byte " + at + " of the file" : ""), at);
    }

    private synchronized FilterPipeline step(int i) {
        if (steps[i] == null) steps[i] = FilterManager.getPipeline(List.of(filters.get(i)));
        return steps[i];
    }
}
