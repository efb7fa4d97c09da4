package org.packscope.codec.hdf5;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.packscope.codec.hdf5.layout.ChunkIndex;
import org.packscope.codec.hdf5.layout.DatasetStorage;
import org.packscope.codec.hdf5.layout.FileContext;
import org.packscope.codec.hdf5.layout.Messages;
import org.packscope.codec.hdf5.layout.ObjectHeader;
import org.packscope.codec.hdf5.layout.ObjectPaths;
import org.packscope.codec.hdf5.layout.Superblock;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.ReadProblem;

/**
 * Where a dataset element's bytes are in the file, from HDF5's own structures (read by
 * {@code hdf5.layout}): contiguous data at address + index × size, compact data inside
 * the object header, chunked data in its chunk (found through the chunk index) at its
 * place in the decoded chunk. For diagnostics about elements (an h5ad {@code indptr} that
 * goes backwards) to select the bytes. Thread-safe; remembers the chunk maps of the last
 * few datasets asked about.
 */
public final class Hdf5ElementSpans {

    /**
     * An element's place. {@code span}: its stored bytes when they can be pointed at
     * (contiguous, compact, unfiltered chunk), the whole stored chunk when the chunk is
     * filtered, null when its chunk was never written (it reads as the fill value).
     * {@code chunkAddress} (absolute, -1 when not chunked or not written) and
     * {@code offsetInChunk} (bytes into the decoded chunk) place it in a chunk.
     */
    public record ElementPlace(String layout, Span span, boolean exact, long chunkAddress, long chunkSize, long offsetInChunk) { }

    private static final int CACHED_DATASETS = 4;

    private final ByteSource source;
    private final Superblock superblock;
    private final FileContext context;
    private final Map<String, Map<List<Long>, ChunkIndex.StoredChunk>> chunkMaps = new LinkedHashMap<>(8, 0.75f, true) {
        @Override protected boolean removeEldestEntry(Map.Entry<String, Map<List<Long>, ChunkIndex.StoredChunk>> e) {
            return size() > CACHED_DATASETS;
        }
    };

    private Hdf5ElementSpans(ByteSource source, Superblock superblock) {
        this.source = source;
        this.superblock = superblock;
        this.context = superblock.context(source);
    }

    /** Reads the superblock of the HDF5 file in {@code source}; throws a {@link ReadProblem} when it cannot. */
    public static Hdf5ElementSpans of(ByteSource source) {
        return new Hdf5ElementSpans(source, Superblock.read(source, null));
    }

    /**
     * The place of element {@code index} (row-major) of the dataset at {@code datasetPath}.
     * Throws a {@link ReadProblem} when the path, the dataset's header or its index is
     * damaged, or the index is outside the dataset.
     */
    public synchronized ElementPlace elementSpan(String datasetPath, long index) {
        long header = ObjectPaths.resolve(context, superblock, datasetPath);
        ObjectHeader h = ObjectHeader.read(context, header, null, d -> { }, datasetPath);
        // a damaged message is the answer: its rule and place, not a guess from what is left
        DatasetStorage storage = DatasetStorage.of(context, h, d -> { throw new ReadProblem(d); });
        Messages.Dataspace space = storage.space();
        Messages.Layout layout = storage.layout();
        Messages.Datatype type = storage.type();
        boolean filtered = storage.filtered();
        if (space == null || layout == null || type == null || (layout.cls() == Messages.CHUNKED && layout.rank() != space.rank())) {
            throw ReadProblem.atByte(Hdf5Rules.UNREADABLE, context.abs(header), datasetPath + " is not a dataset PackScope can place elements of");
        }
        long count = space.count();
        if (index < 0 || index >= count) {
            throw ReadProblem.atByte(Hdf5Rules.UNREADABLE, context.abs(header), "element " + index + " is outside " + datasetPath + " (" + count + " elements)");
        }
        long size = type.size();
        switch (layout.cls()) {
            case Messages.COMPACT:
                return new ElementPlace("compact", Span.bytes(layout.compactAt() + index * size, size), true, -1, 0, -1);
            case Messages.CONTIGUOUS:
                if (layout.address() == FileContext.UNDEFINED) return new ElementPlace("contiguous", null, false, -1, 0, -1);
                return new ElementPlace("contiguous", Span.bytes(context.abs(layout.address()) + index * size, size), true, -1, 0, -1);
            case Messages.CHUNKED:
                return chunked(datasetPath, index, space, layout, size, filtered);
            default:
                throw ReadProblem.atByte(Hdf5Rules.UNREADABLE, context.abs(header), datasetPath + " is a virtual dataset");
        }
    }

    private ElementPlace chunked(String path, long index, Messages.Dataspace space, Messages.Layout layout, long size, boolean filtered) {
        int rank = layout.rank();
        long[] coords = new long[rank];
        long rest = index;
        for (int d = rank - 1; d >= 0; d--) {
            long dim = Math.max(1, space.dims()[d]);
            coords[d] = rest % dim;
            rest /= dim;
        }
        Long[] start = new Long[rank];
        long inChunk = 0;
        for (int d = 0; d < rank; d++) {
            long ch = layout.chunk()[d];
            start[d] = coords[d] / ch * ch;
            inChunk = inChunk * ch + (coords[d] - start[d]);
        }
        Map<List<Long>, ChunkIndex.StoredChunk> chunks = chunkMaps.get(path);
        if (chunks == null) {
            Map<List<Long>, ChunkIndex.StoredChunk> made = new HashMap<>();
            List<ReadProblem> damage = new java.util.ArrayList<>();
            ChunkIndex.walk(context, layout, space, filtered, superblock.chunkK(), ch -> {
                Long[] key = new Long[rank];
                for (int d = 0; d < rank; d++) key[d] = ch.offset()[d];
                made.put(List.of(key), ch);
            }, d -> damage.add(new ReadProblem(d)), path);
            chunks = made;
            chunkMaps.put(path, chunks);
        }
        ChunkIndex.StoredChunk ch = chunks.get(List.of(start));
        long offset = inChunk * size;
        if (ch == null) return new ElementPlace("chunked", null, false, -1, 0, offset);
        long at = context.abs(ch.address());
        if (filtered) return new ElementPlace("chunked", Span.bytes(at, ch.size()), false, at, ch.size(), offset);
        return new ElementPlace("chunked", Span.bytes(at + offset, size), true, at, ch.size(), offset);
    }

    /** The file this reads. */
    public ByteSource source() { return source; }
}
