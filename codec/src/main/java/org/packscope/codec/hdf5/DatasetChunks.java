package org.packscope.codec.hdf5;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

import io.jhdf.api.dataset.ChunkedDataset;
import io.jhdf.filter.PipelineFilterWithData;

import org.packscope.codec.blosc.BloscChunk;
import org.packscope.codec.blosc.ChunkNodes;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;

/**
 * The stored chunks of a chunked dataset, one node each, made on demand: where the chunk
 * lies in the file and how many bytes it takes, which filters were applied to it (its
 * filter mask), and, when Blosc is the last filter applied, the Blosc chunk's own
 * inspection. (A deep check of the dataset decodes every chunk; the chunk nodes only
 * show where each is.)
 */
final class DatasetChunks {
    /** Datasets with more chunks than this have their chunk nodes made only when looked at, not walked by a check. */
    static final int MANY_CHUNKS = 64;

    private DatasetChunks() { }

    /** The "chunks" node of a dataset, or null when jhdf does not give the chunk index. */
    static Node node(ChunkedDataset d, ByteSource file, long base, long chunkBytes) {
        ChunkIndex index = ChunkIndex.of(d, file, base);
        long count = index.count();
        List<PipelineFilterWithData> filters = d.getFilters();
        Node n = Node.of("chunks", "hdf5-chunks")
                .summary(String.format(java.util.Locale.ROOT, "%,d written", count));
        n.field("chunk shape", null, Arrays.toString(d.getChunkDimensions()), "extent of each stored chunk");
        n.field("written chunks", null, count, "chunks with storage; the others read as the fill value");
        // each chunk's node is made from its index entry when opened, and holds nothing else
        n.lazyChildren((int) Math.min(count, Integer.MAX_VALUE), i -> chunk(index.get(i), filters, file, chunkBytes));
        // a check does not walk a million chunk nodes (each would stay made); the dataset's verifier reads every chunk instead
        if (count > MANY_CHUNKS) n.drillDown(true);
        return n;
    }

    /** Whether the filters applied before {@code upTo} keep the data's size (only the byte shuffle does), so its input is the chunk's bytes. */
    private static boolean sizePreservedBelow(List<PipelineFilterWithData> filters, BitSet mask, int upTo) {
        for (int i = 0; i < upTo; i++) if (!mask.get(i) && filters.get(i).getId() != 2) return false;
        return true;
    }

    private static Node chunk(ChunkIndex.Entry c, List<PipelineFilterWithData> filters, ByteSource file, long chunkBytes) {
        long[] origin = c.origin();
        String name = "chunk " + Arrays.toString(origin);
        return Node.lazy(name, "hdf5-chunk", n -> {
            long at = c.address();
            long size = c.size();
            n.source(file);
            if (at < 0 || !file.has(at, size)) {
                n.diagnose(Diagnostic.errorAtByte(Math.max(0, Math.min(at, file.size())), Hdf5Rules.CHUNK_BEYOND_FILE,
                        name + " is said to take " + size + " bytes at byte " + at + ", beyond the end of the file (" + file.size() + " bytes)"));
                return;
            }
            Span stored = Span.bytes(at, size);
            n.span(stored);
            n.field("origin", null, Arrays.toString(origin), "the chunk's first element in the dataset");
            n.field("stored bytes", stored, size + " bytes at " + at, "the chunk as written, after its filters");
            BitSet mask = c.mask();
            n.field("filter mask", null, mask.isEmpty() ? "0 (every filter applied)" : mask.toString(),
                    "bit i set: filter i of the pipeline was skipped for this chunk, which then holds that filter's input");
            int outermost = -1;
            for (int i = 0; i < filters.size(); i++) {
                PipelineFilterWithData f = filters.get(i);
                boolean applied = !mask.get(i);
                n.field("filter " + i, null, f.getName() + " (id " + f.getId() + ")" + (applied ? "" : " — skipped"),
                        applied ? "applied when writing, undone when reading, in reverse order" : "not applied to this chunk");
                if (applied) outermost = i;
            }
            n.summary(String.format(java.util.Locale.ROOT, "%,d bytes at %,d", size, at));
            if (outermost >= 0 && filters.get(outermost).getId() == BloscFilter.ID) {
                // read in place, so its fields and problems point at bytes of the file itself
                BloscChunk blosc = BloscChunk.read(file, at, size);
                n.add(Node.lazy("Blosc chunk", "blosc-chunk", b -> ChunkNodes.fill(b, blosc, name)));
                if (blosc.header() != null && sizePreservedBelow(filters, mask, outermost) && blosc.header().nbytes() != chunkBytes) {
                    n.diagnose(Diagnostic.error(Span.bytes(at + 4, 4), Hdf5Rules.CHUNK_SIZE_MISMATCH, "the Blosc chunk says it holds "
                            + blosc.header().nbytes() + " bytes (nbytes) but the chunk's shape and type call for " + chunkBytes));
                }
            }
        });
    }
}
