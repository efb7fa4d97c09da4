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
            try {
                b = undo(i, b, Math.min(i == innermost ? expected : expected + expected / 8 + 4096, FilterBytes.MAX_CHUNK));
            } catch (FilterDamage e) {
                long at = first ? address + e.offset : address;
                throw Hdf5Failure.problem(Hdf5Rules.FILTER_DAMAGED, "chunk filter " + name(i) + ": " + e.getMessage()
                        + (first ? ", byte " + at + " of the file" : ""), at);
            }
            first = false;
        }
        return b;
    }

    /** Filter {@code i} undone on {@code b}, its output bounded by {@code cap} where the filter allows. */
    private byte[] undo(int i, byte[] b, long cap) {
        BoundedFilter bounded = BoundedFilter.of(filters.get(i).getId());
        return bounded != null ? bounded.decode(b, filters.get(i).getData(), cap) : step(i).decode(b);
    }

    /** A chunk decoded as far as it goes: bytes, the bytes lost (null: none) and why. */
    record Partly(byte[] bytes, BitSet lost, ReadProblem why) { }

    /**
     * Like {@link #decode}, but a step that can undo part of its input does: a damaged Blosc
     * block loses only its own bytes, a deflate stream cut short only the bytes after the
     * cut, and a shuffle undone after such a loss carries each lost byte to its element.
     * Any other step given a chunk with lost bytes fails the chunk, as in {@code decode}.
     * {@code cut}: {@code stored} ends early, at the end of the file.
     */
    Partly decodePartly(byte[] stored, boolean cut, BitSet mask, long address, long expected) {
        int innermost = -1;
        for (int i = 0; i < filters.size() && innermost < 0; i++) if (mask == null || !mask.get(i)) innermost = i;
        byte[] b = stored;
        BitSet lost = null;
        ReadProblem why = null;
        boolean first = true;
        for (int i = filters.size() - 1; i >= 0; i--) {
            if (mask != null && mask.get(i)) continue;
            int id = filters.get(i).getId();
            long cap = Math.min(i == innermost ? expected : expected + expected / 8 + 4096, FilterBytes.MAX_CHUNK);
            try {
                PartialSteps.Step step;
                if (lost != null) {
                    // a filter cannot be undone on bytes partly unknown, except one that only moves them
                    if (id != PartialSteps.SHUFFLE) throw why;
                    step = PartialSteps.unshuffle(b, lost, shuffleSize(i));
                } else if (id == BloscFilter.ID) {
                    BloscFilter.Partly p = BloscFilter.decodePartly(b, FilterBytes.MAX_CHUNK, first && cut);
                    step = new PartialSteps.Step(p.bytes(), p.lost(), p.why());
                } else if (id == PartialSteps.DEFLATE) {
                    step = PartialSteps.inflate(b, expected, cap);
                } else if (first && cut) {
                    throw Hdf5Failure.problem(Hdf5Rules.CHUNK_BEYOND_FILE, "the chunk's stored bytes run past the end of the file, at byte "
                            + (address + b.length) + "; its filter " + name(i) + " cannot be undone in part", address + b.length);
                } else {
                    step = new PartialSteps.Step(undo(i, b, cap), null, null);
                }
                b = step.bytes();
                if (step.lost() != null) {
                    lost = step.lost();
                    if (step.why() != null && why == null) why = problem(step.why(), i, first, cut, address);
                }
            } catch (FilterDamage e) {
                throw problem(e, i, first, cut, address);
            }
            first = false;
        }
        return new Partly(b, lost, why);
    }

    private String name(int filter) {
        return Hdf5Filters.name(filters.get(filter).getId(), filters.get(filter).getName());
    }

    /** The element size a shuffle filter was given (its first parameter), 1 when it has none. */
    private int shuffleSize(int filter) {
        int[] cd = filters.get(filter).getData();
        return cd != null && cd.length > 0 && cd[0] > 0 ? cd[0] : 1;
    }

    private ReadProblem problem(FilterDamage e, int filter, boolean first, boolean cut, long address) {
        long at = first ? address + e.offset : address;
        return Hdf5Failure.problem(first && cut ? Hdf5Rules.CHUNK_BEYOND_FILE : Hdf5Rules.FILTER_DAMAGED, (first && cut
                ? "the chunk's stored bytes run past the end of the file, which ends at byte " + at + "; " : "")
                + "chunk filter " + name(filter) + ": " + e.getMessage() + (first ? ", byte " + at + " of the file" : ""), at);
    }

    private synchronized FilterPipeline step(int i) {
        // PackScope's filters are in jhdf's registry: the file this dataset came from was opened by Hdf5Format
        if (steps[i] == null) steps[i] = FilterManager.getPipeline(List.of(filters.get(i)));
        return steps[i];
    }
}
