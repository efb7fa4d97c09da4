package org.packscope.codec.hdf5.layout;

import java.util.function.Consumer;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.read.ReadProblem;

/**
 * A chunked dataset's chunks as its index lists them, whatever the index: version 1
 * B-tree, single chunk, implicit, fixed array, extensible array or version 2 B-tree. Each
 * stored chunk comes with its first element's coordinates, its address (relative), its
 * stored size and filter mask; chunks never written are not listed.
 */
public final class ChunkIndex {
    private ChunkIndex() { }

    public record StoredChunk(long[] offset, long address, long size, long filterMask) { }

    /**
     * Hands every stored chunk to {@code out}; damage loses what it hides (a B-tree node its
     * subtree), reported to {@code problems} with its address, and the walk goes on.
     * {@code filtered}: the dataset has a filter pipeline (its entries then carry sizes).
     */
    public static void walk(FileContext c, Messages.Layout layout, Messages.Dataspace space, boolean filtered, int chunkK,
                            Consumer<StoredChunk> out, Consumer<Diagnostic> problems, String what) {
        int rank = layout.rank();
        long chunkBytes = layout.chunkElements() * layout.elementSize();
        if (layout.address() == FileContext.UNDEFINED) return;
        Consumer<StoredChunk> checked = ch -> {
            if (!c.inFile(ch.address(), ch.size())) {
                problems.accept(Diagnostic.errorAtByte(c.placeInFile(ch.address()), StructureRules.ADDRESS_OUT_OF_FILE,
                        what + ": the chunk at " + java.util.Arrays.toString(ch.offset()) + " is said to be at byte " + Long.toUnsignedString(c.abs(ch.address()))
                                + " (" + ch.size() + " bytes), outside the file (" + c.source().size() + " bytes)"));
            }
            out.accept(ch);
        };
        long[] grid = grid(layout, space);
        switch (layout.indexType()) {
            case Messages.BTREE_V1_INDEX -> BTree1.walk(c, layout.address(), BTree1.CHUNK, rank + 1, chunkK,
                    ch -> checked.accept(new StoredChunk(java.util.Arrays.copyOf(ch.key().offset(), rank), ch.address(), ch.key().size(), ch.key().filterMask())),
                    problems, what);
            case Messages.SINGLE_CHUNK -> checked.accept(new StoredChunk(new long[rank], layout.address(),
                    layout.filteredSingle() ? layout.filteredSize() : chunkBytes, layout.filterMask()));
            case Messages.IMPLICIT -> {
                long n = count(grid);
                // the chunks lie back to back: all of them must be in the file before any is listed
                if (n < 0 || (chunkBytes > 0 && n > c.source().size() / chunkBytes) || !c.inFile(layout.address(), n * chunkBytes)) {
                    throw ReadProblem.at(StructureRules.ADDRESS_OUT_OF_FILE, null, what + ": " + n + " implicitly indexed chunks of " + chunkBytes
                            + " bytes at byte " + c.abs(layout.address()) + " do not fit in the file (" + c.source().size() + " bytes)");
                }
                for (long i = 0; i < n; i++) checked.accept(new StoredChunk(coords(i, grid, layout, -1), layout.address() + i * chunkBytes, chunkBytes, 0));
            }
            case Messages.FIXED_ARRAY -> {
                ChunkArrays.FixedArray h = ChunkArrays.fixedHeader(c, layout.address(), null, problems, what);
                ChunkArrays.fixedData(c, h, null, problems, (i, at) -> entry(c, h.entrySize(), h.client() == 1, i, at, grid, layout, -1, chunkBytes, checked), what);
            }
            case Messages.EXTENSIBLE_ARRAY -> {
                ChunkArrays.ExtensibleArray h = ChunkArrays.extensibleHeader(c, layout.address(), null, problems, what);
                int unlimited = unlimitedDim(space);
                ChunkArrays.extensibleData(c, h, null, problems, (i, at) -> entry(c, h.elementSize(), h.client() == 1, i, at, grid, layout, unlimited, chunkBytes, checked), what);
            }
            case Messages.BTREE_V2_INDEX -> {
                BTree2 t = BTree2.read(c, layout.address(), null, problems, what);
                boolean f = t.type() == BTree2.FILTERED_CHUNK;
                int sizeLen = f ? t.recordSize() - c.offsetSize() - 4 - 8 * rank : 0;
                if (t.recordSize() != c.offsetSize() + 8 * rank + (f ? sizeLen + 4 : 0) || sizeLen < 0 || sizeLen > 8) {
                    throw ReadProblem.at(StructureRules.BAD_COUNT, Span.bytes(c.abs(t.address()) + 10, 2), what + ": chunk records of " + t.recordSize()
                            + " bytes do not fit a rank-" + rank + " dataset");
                }
                var s = c.source();
                t.walk(c, at -> {
                    long addr = FileContext.uintAt(s, at, c.offsetSize());
                    long p = at + c.offsetSize();
                    long size = chunkBytes;
                    long mask = 0;
                    if (f) {
                        size = FileContext.uintAt(s, p, sizeLen);
                        mask = s.u32le(p + sizeLen);
                        p += sizeLen + 4;
                    }
                    long[] off = new long[rank];
                    for (int d = 0; d < rank; d++) off[d] = s.i64le(p + 8L * d) * layout.chunk()[d];
                    checked.accept(new StoredChunk(off, addr, size, mask));
                }, problems, what);
            }
            default -> throw ReadProblem.at(StructureRules.BAD_MESSAGE, null, what + ": chunk index type " + layout.indexType());
        }
    }

    private static void entry(FileContext c, int entrySize, boolean filtered, long i, long at, long[] grid, Messages.Layout layout,
                              int unlimited, long chunkBytes, Consumer<StoredChunk> out) {
        var s = c.source();
        long addr = FileContext.uintAt(s, at, c.offsetSize());
        if (FileContext.allOnes(addr, c.offsetSize())) return;
        long size = chunkBytes;
        long mask = 0;
        if (filtered) {
            int sizeLen = entrySize - c.offsetSize() - 4;
            size = FileContext.uintAt(s, at + c.offsetSize(), Math.max(0, Math.min(8, sizeLen)));
            mask = s.u32le(at + c.offsetSize() + sizeLen);
        }
        out.accept(new StoredChunk(coords(i, grid, layout, unlimited), addr, size, mask));
    }

    /** Chunks per dimension over the maximum extents (the current ones where unlimited or not stored). */
    static long[] grid(Messages.Layout layout, Messages.Dataspace space) {
        int rank = layout.rank();
        long[] g = new long[rank];
        for (int d = 0; d < rank; d++) {
            long ext = d < space.dims().length ? space.dims()[d] : 0;
            if (space.max() != null && d < space.max().length && space.max()[d] != FileContext.UNDEFINED) ext = space.max()[d];
            long ch = Math.max(1, layout.chunk()[d]);
            g[d] = (ext + ch - 1) / ch;
        }
        return g;
    }

    static int unlimitedDim(Messages.Dataspace space) {
        if (space.max() == null) return -1;
        for (int d = 0; d < space.max().length; d++) if (space.max()[d] == FileContext.UNDEFINED) return d;
        return -1;
    }

    private static long count(long[] grid) {
        long n = 1;
        for (long g : grid) n *= g;
        return n;
    }

    /**
     * The first element of chunk number {@code i} in row-major chunk order; with an
     * unlimited dimension (extensible arrays) that dimension varies slowest.
     */
    static long[] coords(long i, long[] grid, Messages.Layout layout, int unlimited) {
        int rank = grid.length;
        int[] order = new int[rank];
        int k = 0;
        if (unlimited >= 0) order[k++] = unlimited;
        for (int d = 0; d < rank; d++) if (d != unlimited) order[k++] = d;
        long[] out = new long[rank];
        for (int j = rank - 1; j >= 0; j--) {
            int d = order[j];
            long g = j == 0 ? Long.MAX_VALUE : Math.max(1, grid[d]);
            out[d] = (i % g) * layout.chunk()[d];
            i /= g;
        }
        return out;
    }
}
