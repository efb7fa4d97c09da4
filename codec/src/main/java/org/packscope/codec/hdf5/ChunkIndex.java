package org.packscope.codec.hdf5;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import io.jhdf.api.dataset.ChunkedDataset;
import io.jhdf.dataset.chunked.Chunk;
import io.jhdf.dataset.chunked.ChunkOffset;
import io.jhdf.dataset.chunked.ChunkedDatasetBase;

/**
 * The chunks a chunked dataset has written: where each is in the file, its stored size,
 * its filter mask and its place in the dataset. jhdf keeps this index to itself (a
 * protected lookup), so it is reached by reflection; when that fails the index is
 * unknown (null), and readers find missing chunks on reading instead.
 */
final class ChunkIndex {
    private static final Method LOOKUP = lookup();

    private ChunkIndex() { }

    private static Method lookup() {
        try {
            Method m = ChunkedDatasetBase.class.getDeclaredMethod("getChunkLookup");
            m.setAccessible(true);
            return m;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** The dataset's chunk index by chunk origin, or null when jhdf does not give it. */
    static Map<ChunkOffset, Chunk> of(ChunkedDataset d, String path) {
        if (LOOKUP == null || !(d instanceof ChunkedDatasetBase)) return null;
        try {
            @SuppressWarnings("unchecked")
            Map<ChunkOffset, Chunk> m = (Map<ChunkOffset, Chunk>) LOOKUP.invoke(d);
            return m;
        } catch (ReflectiveOperationException | RuntimeException e) {
            if (e.getCause() instanceof StackOverflowError) {
                throw new Hdf5Problem(Hdf5Rules.CYCLE, "the chunk index (B-tree) of " + path
                        + " refers back to itself or nests too deep to follow", -1);
            }
            return null;
        }
    }

    /** The written chunks in row-major order of their origins. */
    static List<Chunk> sorted(Map<ChunkOffset, Chunk> index) {
        List<Chunk> chunks = new ArrayList<>(index.values());
        chunks.sort(Comparator.comparing(Chunk::getChunkOffset, java.util.Arrays::compare));
        return chunks;
    }
}
