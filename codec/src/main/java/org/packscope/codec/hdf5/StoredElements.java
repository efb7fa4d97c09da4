package org.packscope.codec.hdf5;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.jhdf.api.Dataset;
import io.jhdf.api.dataset.ChunkedDataset;
import io.jhdf.api.dataset.ContiguousDataset;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.store.ChunkGrid;
import org.packscope.codec.store.ChunkUnits;
import org.packscope.codec.store.ChunkedArray;

/**
 * The stored bytes of a dataset's elements in row-major order, whatever the layout:
 * contiguous data is read straight from the file, chunked data through the shared chunked
 * store ({@link ChunkedArray}: a bounded cache, each chunk decoded once, the chunks ahead
 * of a sequential reader decoded side by side). Storage never written (unallocated
 * contiguous data, missing chunks) reads as the fill value, as HDF5 itself returns it.
 */
final class StoredElements {
    /** Decoded chunks kept per dataset; a person paging through values reuses them. */
    private static final long CACHE_BYTES = 64L << 20;

    private final Dataset dataset;
    private final int size;
    private final long count;
    private final long[] dims;
    private final byte[] fill;

    private final ByteSource file;
    private final long contiguousAt;
    private final ByteBuffer compact;

    private final ChunkedDataset chunked;
    private final int[] chunkDims;
    private final long[] gridStride;
    private final long chunkElements;
    /** Chunks in the grid (0 when not chunked). */
    private final long gridChunks;
    /** The written chunks, read from the file's chunk index when first needed. */
    private ChunkIndex written;
    private final ChunkFilters filters;
    private final long base;
    /** The chunked data as the shared chunked store reads it (null when not chunked). */
    private final ChunkedArray grid;
    /** The written chunks' grid positions in ascending order, once asked for; null until then. */
    private long[] stored;
    /** Chunks that could not be decoded, by chunk index: their values are gaps, and this says why. */
    private final Map<Long, ReadProblem> damaged = new java.util.concurrent.ConcurrentHashMap<>();
    /**
     * Of a damaged chunk that still decoded in part (a Blosc block lost): the elements lost,
     * by index in the chunk; its other elements are values, its problem stays in {@link #damaged}.
     */
    private final Map<Long, java.util.BitSet> lostIn = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * {@code fill} is one element's fill value (as stored), {@code base} where the HDF5
     * addresses count from in {@code file} (the user block's size).
     */
    StoredElements(Dataset d, int size, long count, long[] dims, byte[] fill, ByteSource file, long base) {
        this.dataset = d;
        this.size = size;
        this.count = count;
        this.dims = dims.length == 0 ? new long[] {count} : dims;
        this.fill = fill;
        this.file = file;
        this.base = base;
        long at = -1;
        ByteBuffer small = null;
        ChunkedDataset ch = null;
        if (d instanceof ChunkedDataset c) {
            ch = c;
        } else if (d instanceof ContiguousDataset c) {
            if (!d.isEmpty()) {
                at = base + c.getDataAddress();
                if (Math.multiplyHigh(count, size) != 0 || !file.has(at, count * size)) {
                    throw Hdf5Failure.problem("the data of " + d.getPath() + " (" + count * size + " bytes at byte " + at
                            + ") runs past the end of the file", at);
                }
            }
        } else if (count > 0) {
            small = ((io.jhdf.dataset.DatasetBase) d).getDataBuffer();
            if (small.remaining() < count * size) throw Hdf5Failure.problem("the compact data of " + d.getPath() + " is shorter than its shape says", -1);
        }
        this.contiguousAt = at;
        this.compact = small;
        this.chunked = ch;
        this.filters = ch != null ? ChunkFilters.of(d) : null;
        if (ch != null) {
            int[] cd = ch.getChunkDimensions();
            if (cd.length != this.dims.length) {
                throw Hdf5Failure.problem("chunks of " + d.getPath() + " have " + cd.length + " dimensions, the dataset " + this.dims.length, -1);
            }
            chunkDims = cd;
            long e = 1;
            for (int x : cd) {
                if (x <= 0) throw Hdf5Failure.problem("a chunk dimension of " + d.getPath() + " is " + x, -1);
                e = Math.multiplyExact(e, x);
            }
            if (e > (Integer.MAX_VALUE - 8) / size) throw Hdf5Failure.problem("chunks of " + d.getPath() + " hold " + e * size + " bytes, more than PackScope reads at once", -1);
            chunkElements = e;
            gridStride = new long[cd.length];
            long s = 1;
            for (int i = cd.length - 1; i >= 0; i--) {
                gridStride[i] = s;
                // a grid of more than 2^62 chunks is damage (the chunk index cannot address them)
                s = Math.multiplyExact(s, (this.dims[i] + cd[i] - 1) / cd[i]);
            }
            gridChunks = s;
            try {
                grid = count == 0 ? null : new ChunkedArray(new ChunkGrid(this.dims, cd), size, fill, new WrittenChunks(), CACHE_BYTES);
            } catch (IllegalArgumentException tooLarge) {
                throw Hdf5Failure.problem(d.getPath() + " has more elements than can be addressed in bytes: " + tooLarge.getMessage(), -1);
            }
        } else {
            chunkDims = null;
            gridStride = null;
            chunkElements = 0;
            gridChunks = 0;
            grid = null;
        }
    }

    long count() { return count; }

    int size() { return size; }

    /** Copies elements {@code [start, start+n)} as stored into {@code dst[off..]}. */
    void read(long start, int n, byte[] dst, int off) {
        if (start < 0 || n < 0 || start + n > count) throw new IndexOutOfBoundsException(start + "+" + n + " of " + count);
        if (n == 0) return;
        if (chunked != null) {
            readChunked(start, n, dst, off);
        } else if (contiguousAt >= 0) {
            file.read(contiguousAt + start * size, dst, off, n * size);
        } else if (compact != null) {
            compact.duplicate().position((int) (start * size)).get(dst, off, n * size);
        } else {
            fillRun(dst, off, n);
        }
    }

    private void fillRun(byte[] dst, int off, int n) {
        for (int i = 0; i < n; i++) System.arraycopy(fill, 0, dst, off + i * size, size);
    }

    // ---------------------------------------------------------------- chunked

    /** Calls {@code run(chunkIndex, offsetInChunk, length)} for each run of the range that lies in one chunk. */
    private interface Runs {
        void run(long chunk, long inChunk, int length, int done);
    }

    /**
     * Runs are as long as the layout allows: where a chunk spans every later dimension in
     * full (a table chunked by rows), consecutive rows of one chunk are consecutive in it
     * too, so one run covers them all rather than one run per row.
     */
    private void forEachRun(long start, int n, Runs runs) {
        int rank = dims.length;
        int d = rank - 1;
        long rowElements = 1;
        while (d > 0 && chunkDims[d] == dims[d]) {
            rowElements *= dims[d];
            d--;
        }
        long[] coord = new long[rank];
        int done = 0;
        while (done < n) {
            long flat = start + done;
            for (int i = rank - 1; i >= 0; i--) {
                coord[i] = flat % dims[i];
                flat /= dims[i];
            }
            long chunk = 0, inChunk = 0, inStride = 1;
            for (int i = rank - 1; i >= 0; i--) {
                chunk += coord[i] / chunkDims[i] * gridStride[i];
                inChunk += coord[i] % chunkDims[i] * inStride;
                inStride *= chunkDims[i];
            }
            long rows = Math.min(chunkDims[d] - coord[d] % chunkDims[d], dims[d] - coord[d]);
            long intoRow = (start + done) % rowElements;
            int len = (int) Math.min(n - done, rows * rowElements - intoRow);
            runs.run(chunk, inChunk, len, done);
            done += len;
        }
    }

    private void readChunked(long start, int n, byte[] dst, int off) {
        grid.read(start * size, dst, off, n * size);
    }

    /** True when some chunk may fail to decode (a chunked dataset), so its values may have gaps. */
    boolean mayHaveGaps() {
        return chunked != null;
    }

    /** Marks elements {@code [start, start+n)} that lie in chunks that could not be decoded. */
    void gaps(long start, int n, byte[] dst, int off) {
        java.util.Arrays.fill(dst, off, off + n, ValueColumn.PRESENT);
        if (chunked == null || n == 0) return;
        TreeSet<Long> needed = new TreeSet<>();
        forEachRun(start, n, (chunk, in, len, done) -> needed.add(chunk));
        decodeAll(needed);
        if (damaged.isEmpty()) return;
        forEachRun(start, n, (chunk, in, len, done) -> {
            if (!damaged.containsKey(chunk)) return;
            java.util.BitSet lost = lostIn.get(chunk);
            if (lost == null) {
                java.util.Arrays.fill(dst, off + done, off + done + len, ValueColumn.UNDECODABLE);
                return;
            }
            for (int t = 0; t < len; t++) if (lost.get((int) (in + t))) dst[off + done + t] = ValueColumn.UNDECODABLE;
        });
    }

    /** Why element {@code index} is a gap, in words for a person, or null when it is not. */
    String gapReason(long index) {
        ReadProblem p = damageAt(index);
        return p == null ? null : "its chunk could not be decoded: " + p.getMessage();
    }

    /** Why element {@code index} is a gap, or null when its chunk decoded (or was never decoded). */
    ReadProblem damageAt(long index) {
        if (chunked == null || damaged.isEmpty()) return null;
        long[] chunk = {-1, -1};
        forEachRun(index, 1, (c, in, len, done) -> {
            chunk[0] = c;
            chunk[1] = in;
        });
        java.util.BitSet lost = lostIn.get(chunk[0]);
        // of a chunk decoded in part, only the lost elements are gaps
        return lost != null && !lost.get((int) chunk[1]) ? null : damaged.get(chunk[0]);
    }

    /**
     * Decodes every chunk (a batch at a time, in parallel) and reports each that cannot be
     * decoded, at its byte of the file where the damage is known.
     */
    void verify(java.util.function.Consumer<Diagnostic> sink,
                Progress progress, String what) {
        if (chunked == null || count == 0) return;
        ChunkIndex have;
        try {
            have = written();
        } catch (ReadProblem e) {
            return; // the dataset's node reports its unreadable index; every value is a gap
        }
        // the chunks written, in the index's order (a damaged shape can claim a grid of billions;
        // the index lists what is there), a batch at a time so that nothing per chunk is kept
        int batch = Math.max(1, (int) Math.min(64, CACHE_BYTES / 4 / Math.max(1, chunkElements * size)));
        long total = have.count();
        TreeSet<Long> some = new TreeSet<>();
        for (long i = 0; i < total; i++) {
            if ((i & 1023) == 0) progress.checkCancelled();
            long k = gridKey(have.get(i).origin());
            if (k >= 0) some.add(k);
            if (some.size() < batch && i + 1 < total) continue;
            decodeAll(some);
            for (Long c : some) {
                ReadProblem p = damaged.get(c);
                if (p != null) sink.accept(Hdf5Failure.diagnostic(what + ", chunk at " + java.util.Arrays.toString(origin(c)), p));
            }
            some.clear();
        }
    }

    /**
     * The written chunks as units of work a distributed check spreads, each checked as
     * {@link #verify} checks it and its problem said as {@link #verify} says it ({@code what}
     * names the dataset): by grid position (C order), in the file's bytes.
     */
    ChunkUnits units(String what) {
        return new ChunkUnits() {
            @Override public long chunkCount() { return gridChunks; }

            @Override public long[] storedChunks() { return storedKeys(); }

            @Override public List<Diagnostic> listingProblems() { return List.of(); }

            @Override public String key(long chunk) { return java.util.Arrays.toString(origin(chunk)); }

            // the dataset's "chunks" node lists them by origin (DatasetChunks)
            @Override public List<String> nodeNames(long chunk) { return List.of("chunks", "chunk " + key(chunk)); }

            @Override public java.nio.file.Path chunkFile(long chunk) {
                try {
                    return java.nio.file.Path.of(file.name());
                } catch (java.nio.file.InvalidPathException e) {
                    return java.nio.file.Path.of("");
                }
            }

            @Override public long chunkValues() { return chunkElements; }

            @Override public ChunkUnits.ChunkCheck check(long chunk) {
                long[] o = origin(chunk);
                ChunkIndex.Entry e;
                try {
                    e = written().find(o);
                } catch (ReadProblem p) {
                    e = null;
                }
                if (e == null) return new ChunkCheck(false, 0, 0, List.of());
                grid.chunkFailure(chunk);
                ReadProblem p = damaged.get(chunk);
                java.util.BitSet lost = lostIn.get(chunk);
                long values = p == null ? chunkElements : lost == null ? 0 : chunkElements - lost.cardinality();
                return new ChunkCheck(true, e.size(), values, p == null ? List.of()
                        : List.of(Hdf5Failure.diagnostic(what + ", chunk at " + java.util.Arrays.toString(o), p)));
            }

            @Override public Diagnostic asVerified(long chunk, Diagnostic problem) {
                return problem; // already said in the file's bytes, as the verifier says it
            }
        };
    }

    /** The grid position of a chunk origin, or -1 when it is not one of this dataset's chunks. */
    private long gridKey(long[] at) {
        if (at.length != dims.length) return -1;
        long k = 0;
        for (int i = 0; i < at.length; i++) {
            if (at[i] < 0 || at[i] >= dims[i] || at[i] % chunkDims[i] != 0) return -1;
            k += at[i] / chunkDims[i] * gridStride[i];
        }
        return k;
    }

    /**
     * Decodes the chunks not decoded yet, side by side (a check walks every chunk this way);
     * what each holds, or why it cannot be decoded, is then in the store and in {@link #damaged}.
     */
    private void decodeAll(java.util.Collection<Long> wanted) {
        wanted.parallelStream().forEach(grid::chunkFailure);
    }

    /**
     * The chunks as the shared chunked store asks for them: by grid coordinates, found in
     * the file's chunk index (or by jhdf when PackScope does not undo the filters itself),
     * decoded as far as they decode; a chunk's problem is kept with its byte of the file.
     */
    private final class WrittenChunks implements ChunkedArray.Chunks {
        @Override public byte[] decode(long[] coords) {
            ChunkedArray.Decoded d = decodePartly(coords);
            return d == null ? null : d.bytes();
        }

        @Override public boolean exists(long[] coords) {
            long k = 0;
            for (int i = 0; i < coords.length; i++) k += coords[i] * gridStride[i];
            return java.util.Arrays.binarySearch(storedKeys(), k) >= 0;
        }

        @Override public ChunkedArray.Decoded decodePartly(long[] coords) {
            long[] origin = new long[coords.length];
            long k = 0;
            for (int i = 0; i < coords.length; i++) {
                origin[i] = coords[i] * chunkDims[i];
                k += coords[i] * gridStride[i];
            }
            ChunkIndex.Entry c = null;
            try {
                if (filters == null) {
                    byte[] b = StoredElements.this.decode(origin);
                    return b == null ? null : new ChunkedArray.Decoded(exact(b), null, null);
                }
                c = written().find(origin);
                if (c == null) return null;
                ChunkFilters.Partly p = StoredElements.this.decodePartly(origin, c);
                if (p.lost() == null) {
                    damaged.remove(k);
                    lostIn.remove(k);
                    return new ChunkedArray.Decoded(exact(p.bytes()), null, null);
                }
                java.util.BitSet lost = elementsOf(p.lost());
                lostIn.put(k, lost);
                damaged.put(k, p.why());
                return new ChunkedArray.Decoded(exact(p.bytes()), lost, p.why().getMessage());
            } catch (ReadProblem e) {
                // this chunk's values become gaps; the others still decode
                damaged.put(k, e);
                throw e;
            } catch (OutOfMemoryError e) {
                // said at the chunk's own bytes when the index gave them
                ReadProblem p = Hdf5Failure.problem(SharedRules.TOO_LARGE_TO_HOLD, "the chunk at "
                        + java.util.Arrays.toString(origin) + " of " + dataset.getPath() + " decodes to more than PackScope can hold",
                        c == null ? -1 : c.address());
                damaged.put(k, p);
                throw p;
            }
        }

        @Override public long nextStored(long k) {
            long[] keys = storedKeysIfKnown();
            if (keys == null) return k;
            int at = java.util.Arrays.binarySearch(keys, k);
            if (at >= 0) return k;
            at = -at - 1;
            return at < keys.length ? keys[at] : gridChunks;
        }
    }

    /** A decoded chunk at exactly its size (a filter may hand back a longer buffer; never a shorter one, see {@link #checked}). */
    private byte[] exact(byte[] chunk) {
        long want = chunkElements * size;
        return chunk.length == want ? chunk : java.util.Arrays.copyOf(chunk, (int) want);
    }

    /**
     * The written chunks' grid positions, ascending, read from the chunk index once; empty
     * when the index cannot be read (the dataset's node reports why).
     */
    private synchronized long[] storedKeys() {
        if (stored != null) return stored;
        TreeSet<Long> keys = new TreeSet<>();
        try {
            ChunkIndex have = written();
            for (long i = 0; i < have.count(); i++) {
                long k = gridKey(have.get(i).origin());
                if (k >= 0) keys.add(k);
            }
        } catch (ReadProblem e) {
            // nothing can be found chunk by chunk; each read of a chunk says why
        }
        stored = keys.stream().mapToLong(Long::longValue).toArray();
        return stored;
    }

    /**
     * The written chunks' positions when PackScope reads the chunk index itself (then
     * unwritten chunks are fill without a look); null when jhdf finds the chunks.
     */
    private long[] storedKeysIfKnown() {
        if (filters == null) return null;
        try {
            written();
        } catch (ReadProblem e) {
            return null; // each chunk's read then says why it cannot be found
        }
        return storedKeys();
    }

    private long[] origin(long chunk) {
        long[] o = new long[dims.length];
        for (int i = 0; i < o.length; i++) {
            o[i] = chunk / gridStride[i] * chunkDims[i];
            chunk %= gridStride[i];
        }
        return o;
    }

    /** The elements (by index in the chunk) any of whose bytes are in {@code bytes}. */
    private java.util.BitSet elementsOf(java.util.BitSet bytes) {
        java.util.BitSet e = new java.util.BitSet();
        for (int from = bytes.nextSetBit(0); from >= 0; ) {
            int to = bytes.nextClearBit(from);
            e.set(from / size, (to - 1) / size + 1);
            from = bytes.nextSetBit(to);
        }
        return e;
    }

    /**
     * A written chunk as far as it decodes: a damaged Blosc block or a deflate stream cut
     * by the end of the file loses only its own elements (see {@link ChunkFilters#decodePartly}).
     */
    private ChunkFilters.Partly decodePartly(long[] origin, ChunkIndex.Entry chunk) {
        long at = chunk.address();
        long stored = chunk.size();
        // a chunk the end of the file cuts (a copy that stopped mid-write) gives what its bytes hold
        boolean cut = stored > 0 && at >= 0 && at < file.size() && !file.has(at, stored);
        if (stored < 0 || at < 0 || (!cut && !file.has(at, stored))) return new ChunkFilters.Partly(decode(origin, chunk), null, null);
        ChunkFilters.Partly p;
        try {
            p = filters.decodePartly(file.bytes(at, (int) (cut ? file.size() - at : stored)), cut, chunk.mask(), at, chunkElements * size);
        } catch (ReadProblem e) {
            throw Hdf5Failure.placed(e, at);
        } catch (RuntimeException e) {
            throw Hdf5Failure.problem("the chunk at " + java.util.Arrays.toString(origin) + " of " + dataset.getPath()
                    + " could not be read: " + Hdf5Failure.words(e), at);
        }
        if (p.lost() == null) return new ChunkFilters.Partly(checked(origin, p.bytes(), at), null, null);
        checked(origin, p.bytes(), at);
        Diagnostic d = p.why().diagnostic();
        ReadProblem why = new ReadProblem(new Diagnostic(d.severity(), d.span(), d.rule(), "the chunk at "
                + java.util.Arrays.toString(origin) + " of " + dataset.getPath() + " decoded in part (" + p.lost().cardinality() + " of its "
                + chunkElements * size + " bytes lost): " + d.message()));
        return new ChunkFilters.Partly(p.bytes(), p.lost(), why);
    }

    /** A written chunk, read from the file and its filters undone as its filter mask says. */
    private byte[] decode(long[] origin, ChunkIndex.Entry chunk) {
        long at = chunk.address();
        long stored = chunk.size();
        if (stored < 0 || at < 0 || !file.has(at, stored)) {
            throw Hdf5Failure.problem("the chunk at " + java.util.Arrays.toString(origin) + " of " + dataset.getPath()
                    + " (" + stored + " bytes at byte " + at + ") runs past the end of the file", Math.max(0, Math.min(at, file.size())));
        }
        byte[] c;
        try {
            c = filters.decode(file.bytes(at, (int) stored), chunk.mask(), at, chunkElements * size);
        } catch (ReadProblem e) {
            throw Hdf5Failure.placed(e, at); // at least the chunk's own bytes
        } catch (RuntimeException e) {
            throw Hdf5Failure.problem("the chunk at " + java.util.Arrays.toString(origin) + " of " + dataset.getPath()
                    + " could not be read: " + Hdf5Failure.words(e), at);
        }
        return checked(origin, c, at);
    }

    private byte[] decode(long[] origin) {
        int[] at = new int[origin.length];
        byte[] c;
        try {
            for (int i = 0; i < at.length; i++) at[i] = Math.toIntExact(origin[i]);
            c = chunked.getDecompressedChunk(at);
        } catch (StackOverflowError e) {
            throw Hdf5Failure.problem(Hdf5Rules.CYCLE, "the chunk index (B-tree) of " + dataset.getPath()
                    + " refers back to itself or nests too deep to follow", -1);
        } catch (RuntimeException e) {
            if (String.valueOf(e.getMessage()).startsWith("No chunk with offset")) return null;
            throw Hdf5Failure.problem("the chunk at " + java.util.Arrays.toString(origin) + " of " + dataset.getPath()
                    + " could not be read: " + Hdf5Failure.words(e), -1);
        }
        return checked(origin, c, -1);
    }

    private byte[] checked(long[] origin, byte[] c, long at) {
        if (c.length < chunkElements * size) {
            throw Hdf5Failure.problem("the chunk at " + java.util.Arrays.toString(origin) + " of " + dataset.getPath()
                    + " decodes to " + c.length + " bytes, fewer than the " + chunkElements * size + " it holds", at);
        }
        return c;
    }

    /** The written chunks; throws {@link ReadProblem} when the chunk index cannot be read. */
    private synchronized ChunkIndex written() {
        if (written == null) written = ChunkIndex.of(chunked, file, base);
        return written;
    }
}
