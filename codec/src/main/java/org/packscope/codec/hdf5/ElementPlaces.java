package org.packscope.codec.hdf5;

import java.util.BitSet;
import java.util.List;
import java.util.Map;

import io.jhdf.api.Dataset;
import io.jhdf.api.dataset.ChunkedDataset;
import io.jhdf.api.dataset.ContiguousDataset;
import io.jhdf.dataset.chunked.Chunk;
import io.jhdf.dataset.chunked.ChunkOffset;
import io.jhdf.filter.PipelineFilterWithData;

import org.packscope.codec.inspect.Span;

/**
 * Where one element of a dataset lies in the file, from the dataset's layout: a contiguous
 * element at its address plus index × size; an element of a chunk stored as written (no
 * filter applied) at the chunk's address plus its offset inside the chunk; an element of a
 * compressed chunk has no byte of its own, so its place is the whole stored chunk.
 */
public final class ElementPlaces {

    /** The element's bytes (or its compressed chunk's) and, in words, what they are. */
    public record Place(Span span, boolean wholeChunk, String words) { }

    private final Dataset dataset;
    private final int size;
    private final long contiguousAt;
    private Map<ChunkOffset, Chunk> chunks;
    private boolean looked;

    public ElementPlaces(Dataset dataset) {
        this.dataset = dataset;
        int w;
        try {
            w = dataset.getDataType().getSize();
        } catch (RuntimeException e) {
            w = 0;
        }
        this.size = w;
        long at = -1;
        if (dataset instanceof ContiguousDataset c) {
            try {
                at = c.getDataAddress();
            } catch (RuntimeException e) {
                at = -1;
            }
        }
        this.contiguousAt = at;
    }

    /** Where a contiguous dataset's data starts in the file, or -1 for other layouts. */
    public long contiguousAddress() { return contiguousAt; }

    /** The place of the element at {@code index} (one coordinate per dimension), or null when the layout does not say. */
    public Place of(long... index) {
        if (size <= 0) return null;
        long[] dims;
        try {
            dims = dataset.getDimensionsAsLong();
        } catch (RuntimeException e) {
            return null;
        }
        if (index.length != dims.length) return null;
        for (int d = 0; d < dims.length; d++) if (index[d] < 0 || index[d] >= dims[d]) return null;
        if (contiguousAt >= 0) {
            long at = contiguousAt + rowMajor(index, dims) * size;
            return new Place(Span.bytes(at, size), false, "at byte " + at);
        }
        if (!(dataset instanceof ChunkedDataset c)) return null;
        return chunked(c, index);
    }

    private Place chunked(ChunkedDataset c, long[] index) {
        int[] cd;
        List<PipelineFilterWithData> filters;
        try {
            cd = c.getChunkDimensions();
            filters = c.getFilters();
        } catch (RuntimeException e) {
            return null;
        }
        if (cd.length != index.length) return null;
        Map<ChunkOffset, Chunk> written = written(c);
        if (written == null) return null;
        long[] origin = new long[index.length];
        long[] inner = new long[index.length];
        long[] extent = new long[index.length];
        for (int d = 0; d < index.length; d++) {
            if (cd[d] <= 0) return null;
            origin[d] = index[d] / cd[d] * cd[d];
            inner[d] = index[d] - origin[d];
            extent[d] = cd[d];
        }
        Chunk chunk = written.get(new ChunkOffset(origin));
        String which = "chunk " + java.util.Arrays.toString(origin);
        if (chunk == null) return null; // never written: it reads as the fill value and has no bytes
        long at = chunk.getAddress();
        if (filtered(filters, chunk.getFilterMask())) {
            return new Place(Span.bytes(at, chunk.getSize()), true, "in the compressed " + which + ", bytes " + at + "–"
                    + (at + chunk.getSize() - 1) + " (its element " + rowMajor(inner, extent) + " once decompressed)");
        }
        long offset = rowMajor(inner, extent) * size;
        return new Place(Span.bytes(at + offset, size), false, "at byte " + (at + offset) + " (" + which + " at byte " + at
                + ", byte " + offset + " in it)");
    }

    private synchronized Map<ChunkOffset, Chunk> written(ChunkedDataset c) {
        if (!looked) {
            looked = true;
            try {
                chunks = StoredElements.lookup(c, dataset.getPath());
            } catch (RuntimeException e) {
                chunks = null;
            }
        }
        return chunks;
    }

    private static boolean filtered(List<PipelineFilterWithData> filters, BitSet mask) {
        for (int i = 0; i < filters.size(); i++) if (!mask.get(i)) return true;
        return false;
    }

    private static long rowMajor(long[] index, long[] dims) {
        long k = 0;
        for (int d = 0; d < dims.length; d++) k = k * dims[d] + index[d];
        return k;
    }
}
