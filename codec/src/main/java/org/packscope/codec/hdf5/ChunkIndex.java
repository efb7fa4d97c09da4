package org.packscope.codec.hdf5;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import io.jhdf.AbstractNode;
import io.jhdf.api.dataset.ChunkedDataset;
import io.jhdf.dataset.chunked.Chunk;
import io.jhdf.dataset.chunked.ChunkOffset;
import io.jhdf.object.message.DataLayoutMessage;

import org.packscope.codec.io.ByteSource;

/**
 * The written chunks of a chunked dataset, in the order of their origins, each read from
 * the file when asked for and not kept: a dataset of a million chunks costs a few bytes
 * per B-tree leaf, not an object per chunk for as long as the file is open (jhdf's own
 * index is a map of every chunk). Version 1 B-trees (the chunk index of layout versions
 * 1-3, what HDF5 writes unless asked for the newest format) are walked here; the newer
 * indexes (layout version 4) come from jhdf's map.
 */
abstract class ChunkIndex {
    /** One written chunk: its first element, its place in the file (absolute), its stored size and its filter mask. */
    record Entry(long[] origin, long address, long size, BitSet mask) { }

    /** An address HDF5 leaves undefined (all bits set). */
    static final long UNDEFINED = -1;

    private static final Map<ChunkedDataset, ChunkIndex> MADE = java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

    /** Number of written chunks. */
    abstract long count();

    /** Written chunk {@code i}, in the order of the origins. */
    abstract Entry get(long i);

    /** The written chunk starting at {@code origin}, or null when it was never written. */
    abstract Entry find(long[] origin);

    /** Bytes all written chunks take in the file. */
    abstract long storedBytes();

    /**
     * The dataset's index, made once per jhdf dataset object (its chunk nodes and its
     * values share it). Throws {@link Hdf5Problem} when the index cannot be walked.
     */
    static ChunkIndex of(ChunkedDataset d, ByteSource file, long base) {
        ChunkIndex known = MADE.get(d);
        if (known != null) return known;
        ChunkIndex made = make(d, file, base);
        MADE.put(d, made);
        return made;
    }

    private static ChunkIndex make(ChunkedDataset d, ByteSource file, long base) {
        if (d instanceof AbstractNode a && a.getHeader().hasMessageOfType(DataLayoutMessage.ChunkedDataLayoutMessage.class)) {
            long root = a.getHeader().getMessageOfType(DataLayoutMessage.ChunkedDataLayoutMessage.class).getBTreeAddress();
            int sizeOfOffsets = a.getHdfFile().getHdfBackingStorage().getSizeOfOffsets();
            return new ChunkBTree(file, base, root, sizeOfOffsets, d.getDimensionsAsLong(), d.getChunkDimensions(), d.getPath());
        }
        return new FromJhdf(d, base);
    }

    /** jhdf's map of every chunk, sorted once: the newer chunk indexes, which this reader does not walk itself. */
    private static final class FromJhdf extends ChunkIndex {
        private final List<Chunk> chunks;
        private final Map<ChunkOffset, Chunk> byOrigin;
        private final long base;

        FromJhdf(ChunkedDataset d, long base) {
            this.base = base;
            Map<ChunkOffset, Chunk> map = StoredElements.lookup(d, d.getPath());
            // a fixed or extensible array lists every chunk of the grid; one never written has an undefined address
            Map<ChunkOffset, Chunk> written = new java.util.HashMap<>();
            if (map != null) for (var e : map.entrySet()) if (e.getValue().getAddress() != UNDEFINED) written.put(e.getKey(), e.getValue());
            byOrigin = written;
            chunks = new ArrayList<>(byOrigin.values());
            chunks.sort(Comparator.comparing(Chunk::getChunkOffset, Arrays::compare));
        }

        @Override long count() { return chunks.size(); }

        @Override Entry get(long i) { return entry(chunks.get((int) i)); }

        @Override Entry find(long[] origin) {
            Chunk c = byOrigin.get(new ChunkOffset(origin));
            return c == null ? null : entry(c);
        }

        @Override long storedBytes() {
            long sum = 0;
            for (Chunk c : chunks) sum += c.getSize();
            return sum;
        }

        private Entry entry(Chunk c) {
            return new Entry(c.getChunkOffset(), base + c.getAddress(), c.getSize(), c.getFilterMask());
        }
    }
}
