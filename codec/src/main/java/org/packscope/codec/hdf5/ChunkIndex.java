package org.packscope.codec.hdf5;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import io.jhdf.AbstractNode;
import io.jhdf.api.dataset.ChunkedDataset;
import io.jhdf.object.message.DataLayoutMessage;

import org.packscope.codec.hdf5.layout.DatasetStorage;
import org.packscope.codec.hdf5.layout.FileContext;
import org.packscope.codec.hdf5.layout.ObjectHeader;
import org.packscope.codec.hdf5.layout.Superblock;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.ReadProblem;

/**
 * The written chunks of a chunked dataset, in the order of their origins, each read from
 * the file when asked for and not kept: a dataset of a million chunks costs a few bytes
 * per B-tree leaf, not an object per chunk for as long as the file is open (jhdf's own
 * index is a map of every chunk). Version 1 B-trees (the chunk index of layout versions
 * 1-3, what HDF5 writes unless asked for the newest format) are walked here; the newer
 * indexes (layout version 4) by {@code hdf5.layout}'s reader.
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
     * values share it). Throws {@link ReadProblem} when the index cannot be walked.
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
        return new FromLayout(d, file, d.getAddress());
    }

    /**
     * The newer chunk indexes (single chunk, implicit, fixed and extensible arrays, version 2
     * B-trees), walked by {@code hdf5.layout} and sorted once by origin.
     */
    private static final class FromLayout extends ChunkIndex {
        private final List<Entry> chunks = new ArrayList<>();
        private final Map<List<Long>, Entry> byOrigin = new java.util.HashMap<>();

        FromLayout(ChunkedDataset d, ByteSource file, long header) {
            Superblock sb = Superblock.read(file, null);
            FileContext c = sb.context(file);
            String path = d.getPath();
            ObjectHeader h = ObjectHeader.read(c, header, null, p -> { }, path);
            DatasetStorage storage = DatasetStorage.of(c, h, p -> { throw new ReadProblem(p); });
            if (storage.layout() == null || storage.space() == null) {
                throw Hdf5Failure.problem("the chunk index of " + path + " cannot be found: its layout or dataspace message is missing", c.abs(header));
            }
            List<ReadProblem> damage = new ArrayList<>();
            org.packscope.codec.hdf5.layout.ChunkIndex.walk(c, storage.layout(), storage.space(), storage.filtered(), sb.chunkK(), ch -> {
                BitSet mask = BitSet.valueOf(new long[] {ch.filterMask()});
                Entry e = new Entry(ch.offset().clone(), c.abs(ch.address()), ch.size(), mask);
                if (byOrigin.put(key(e.origin()), e) == null) chunks.add(e);
            }, p -> damage.add(new ReadProblem(p)), path);
            // a damaged index is the dataset's problem, as a damaged version 1 B-tree is
            if (!damage.isEmpty()) throw damage.get(0);
            chunks.sort(Comparator.comparing(Entry::origin, Arrays::compare));
        }

        private static List<Long> key(long[] origin) {
            List<Long> k = new ArrayList<>(origin.length);
            for (long x : origin) k.add(x);
            return k;
        }

        @Override long count() { return chunks.size(); }

        @Override Entry get(long i) { return chunks.get((int) i); }

        @Override Entry find(long[] origin) { return byOrigin.get(key(origin)); }

        @Override long storedBytes() {
            long sum = 0;
            for (Entry e : chunks) sum += e.size();
            return sum;
        }
    }
}
