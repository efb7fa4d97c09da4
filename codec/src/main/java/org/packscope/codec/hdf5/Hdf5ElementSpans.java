package org.packscope.codec.hdf5;

import java.util.HashMap;
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
import org.packscope.codec.store.UnitCache;

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
    public record ElementPlace(String layout, Span span, boolean exact, long[] chunkOrigin, long chunkAddress, long chunkSize, long offsetInChunk, long elementSize) {
        /** Where the element is, in words: {@code at byte 4242}, or in which chunk; null when it has no bytes. */
        public String words() {
            if (span == null) return null;
            String chunk = chunkOrigin == null ? null : "chunk " + java.util.Arrays.toString(chunkOrigin);
            if (exact) {
                return "at byte " + span.byteOffset() + (chunk == null ? "" : " (" + chunk + " at byte " + chunkAddress + ", byte " + offsetInChunk + " in it)");
            }
            return "in the compressed " + chunk + ", bytes " + chunkAddress + "–" + (chunkAddress + chunkSize - 1)
                    + " (its element " + offsetInChunk / Math.max(1, elementSize) + " once decompressed)";
        }
    }

    private static final int CACHED_DATASETS = 4;
    /** What one chunk of a chunk map holds: a map entry, its origin as a list of longs, the chunk's record. */
    private static final long CHUNK_ENTRY_BYTES = 200;

    private final ByteSource source;
    private final Superblock superblock;
    private final FileContext context;
    private final UnitCache<String, Map<List<Long>, ChunkIndex.StoredChunk>> chunkMaps =
            new UnitCache<>(CACHED_DATASETS, Long.MAX_VALUE, m -> m.size() * CHUNK_ENTRY_BYTES);

    /** The storage messages of the last few datasets asked about, by object header address: a diagnostic per element reads them once. */
    private final UnitCache<Long, DatasetStorage> storages = new UnitCache<>(CACHED_DATASETS, Long.MAX_VALUE, s -> 0);

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
        return elementSpan(ObjectPaths.resolve(context, superblock, datasetPath), datasetPath, index);
    }

    /**
     * The place of element {@code index} (row-major) of the dataset whose object header is
     * at {@code header} (an HDF5 address, relative to the superblock); {@code datasetPath}
     * names it in messages and keys its chunk map.
     */
    public synchronized ElementPlace elementSpan(long header, String datasetPath, long index) {
        DatasetStorage storage = storages.get(header);
        if (storage == null) {
            ObjectHeader h = ObjectHeader.read(context, header, null, d -> { }, datasetPath);
            // a damaged message is the answer: its rule and place, not a guess from what is left
            storage = DatasetStorage.of(context, h, d -> { throw new ReadProblem(d); });
            storages.put(header, storage);
        }
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
                return new ElementPlace("compact", Span.bytes(layout.compactAt() + index * size, size), true, null, -1, 0, -1, size);
            case Messages.CONTIGUOUS:
                if (layout.address() == FileContext.UNDEFINED) return new ElementPlace("contiguous", null, false, null, -1, 0, -1, size);
                return new ElementPlace("contiguous", Span.bytes(context.abs(layout.address()) + index * size, size), true, null, -1, 0, -1, size);
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
        long[] origin = new long[rank];
        for (int d = 0; d < rank; d++) origin[d] = start[d];
        long offset = inChunk * size;
        if (ch == null) return new ElementPlace("chunked", null, false, origin, -1, 0, offset, size);
        long at = context.abs(ch.address());
        if (filtered) return new ElementPlace("chunked", Span.bytes(at, ch.size()), false, origin, at, ch.size(), offset, size);
        return new ElementPlace("chunked", Span.bytes(at + offset, size), true, origin, at, ch.size(), offset, size);
    }

    /** The file this reads. */
    public ByteSource source() { return source; }
}
