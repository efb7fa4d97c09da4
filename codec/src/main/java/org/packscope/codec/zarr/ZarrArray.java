package org.packscope.codec.zarr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.packscope.codec.analysis.ParallelTasks;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.NotRegularFileException;
import org.packscope.codec.io.RegularFiles;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.store.ChunkGrid;
import org.packscope.codec.store.ChunkScratch;
import org.packscope.codec.store.ChunkUnits;
import org.packscope.codec.store.ChunkedArray;
import org.packscope.codec.store.StoreColumn;

/**
 * A Zarr array's chunks on disk: where each chunk file is, and its decoded elements
 * through the array's {@link Pipeline}, assembled into the array in C order by a
 * {@link ChunkedArray} (missing chunks read as the fill value).
 */
final class ZarrArray implements ChunkedArray.Chunks {
    /** Decoded chunks kept for paging through values and slices. */
    static final long CACHE_BYTES = 256L << 20;

    final ZarrStore store;
    final Path folder;
    final ArrayMeta meta;
    final ChunkGrid grid;
    /** Null when the chunks cannot be decoded (unknown codec, bad metadata); set once, by {@link #of}. */
    ChunkedArray data;
    private StoredChunks stored;

    private ZarrArray(ZarrStore store, Path folder, ArrayMeta meta, ChunkGrid grid) {
        this.store = store;
        this.folder = folder;
        this.meta = meta;
        this.grid = grid;
    }

    /** The array, or null when the metadata does not give a chunk grid; a grid too large to address gives a diagnostic. */
    static ZarrArray of(ZarrStore store, Path folder, ArrayMeta meta, Consumer<Diagnostic> problems) {
        if (!meta.usable) return null;
        ChunkGrid grid;
        try {
            grid = new ChunkGrid(meta.shape, meta.chunks);
        } catch (IllegalArgumentException e) {
            problems.accept(ZarrRules.METADATA_INVALID.at(null, "the chunk grid cannot be used: " + e.getMessage()));
            return null;
        }
        ZarrArray a = new ZarrArray(store, folder, meta, grid);
        if (meta.pipeline == null) return a;
        try {
            a.data = new ChunkedArray(grid, meta.dtype.itemSize(), meta.fill, a, CACHE_BYTES);
            return a;
        } catch (IllegalArgumentException e) {
            problems.accept(ZarrRules.CHUNK_TOO_LARGE.at(null, e.getMessage()));
            return a;
        }
    }

    /** The chunk file of grid coordinates {@code c}, checked to stay in the store (a bad key or path throws a {@link ReadProblem}). */
    Path chunkPath(long[] c) { return store.resolve(folder, meta.chunkKey(c)); }

    /** The chunks the array's folder holds, listed on first use. */
    synchronized StoredChunks stored() {
        if (stored == null) stored = StoredChunks.list(store, folder, meta, grid);
        return stored;
    }

    @Override
    public long nextStored(long k) { return stored().nextStored(k, grid.chunkCount()); }

    @Override
    public boolean exists(long[] coords) {
        if (!stored().contains(grid.chunkIndex(coords))) return false;
        try {
            return Files.exists(chunkPath(coords), LinkOption.NOFOLLOW_LINKS);
        } catch (ReadProblem e) {
            return true; // there, but not to be read: decoding it reports why
        }
    }

    @Override
    public byte[] decode(long[] coords) {
        byte[] stored = read(coords);
        return stored == null ? null : meta.pipeline.decode(stored, 0, d -> { });
    }

    @Override
    public ChunkedArray.Decoded decodePartly(long[] coords) {
        byte[] stored = read(coords);
        return stored == null ? null : meta.pipeline.decodePartly(stored, 0, d -> { });
    }

    /** The stored bytes of a chunk, null when it is not stored. */
    byte[] read(long[] coords) {
        return readStored(coords, RegularFiles::readAll);
    }

    /** How a stored chunk's file is read, once its size has been checked. */
    private interface FileRead<T> {
        T read(Path file, long maxBytes) throws IOException;
    }

    /** What {@code how} read of the chunk's file, or null when the chunk is not stored. */
    private <T> T readStored(long[] coords, FileRead<T> how) {
        if (!stored().contains(grid.chunkIndex(coords))) return null;
        Path p = chunkPath(coords);
        String key = meta.chunkKey(coords);
        try {
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS) || !Files.exists(p)) return null;
            long size = RegularFiles.require(p).size();
            long most = meta.pipeline.maxStoredBytes();
            if (size > most) {
                throw ReadProblem.at(ZarrRules.CHUNK_SIZE, null, key + " holds " + size + " bytes, more than a chunk of this array can take ("
                        + most + " bytes at most); not read");
            }
            if (size > Pipeline.limit()) {
                throw ReadProblem.at(ZarrRules.CHUNK_TOO_LARGE, null, key + " holds " + size + " bytes, more than the " + Pipeline.limit()
                        + " PackScope reads of one chunk here; not read");
            }
            return how.read(p, size);
        } catch (NotRegularFileException e) {
            throw ReadProblem.at(SharedRules.NOT_REGULAR_FILE, null, key + " is not a regular file; it is not opened");
        } catch (IOException e) {
            throw ReadProblem.at(ZarrRules.CHUNK_UNREADABLE, null, key + " cannot be read (it changed or vanished while read)");
        }
    }

    /** The values in C order: complex numbers as their two floats, interleaved. */
    StoreColumn column(String name) {
        if (data == null) return null;
        DataType t = meta.dtype;
        long count = grid.elements() * t.columnPerElement();
        return new StoreColumn(name, t.columnType(), count, data);
    }

    /**
     * Decodes every stored chunk, reporting each problem (spans dropped: they count in the
     * chunk file, named in the message); returns the decoded bytes.
     */
    long verify(Consumer<Diagnostic> sink, Progress progress) {
        if (data == null) return 0;
        long done = 0, n = grid.chunkCount();
        StoredChunks listed = stored();
        for (Diagnostic d : listed.problems) sink.accept(d);
        // only what is stored is visited: the rest of the grid is the fill value
        for (long k = nextStored(0); k < n; k = nextStored(k + 1)) {
            progress.checkCancelled();
            ChunkUnits.ChunkCheck c = check(k);
            done += c.values() * meta.dtype.itemSize();
            String key = meta.chunkKey(grid.chunkCoords(k));
            for (Diagnostic d : c.problems()) sink.accept(ChunkUnits.reported(key, d));
            progress.update((k + 1) / (double) n, "chunk " + (k + 1) + " of " + n);
        }
        return done;
    }

    /**
     * Decodes every stored chunk on up to {@code threads} threads, problems unreported (the
     * bulk decode of a benchmark); returns the decoded values. One thread, or a folder whose
     * chunks are not listed (each looked up on its own, along the grid), is {@link #verify}.
     */
    long decodeAll(Progress progress, int threads) {
        int size = Math.max(1, meta.dtype.itemSize());
        StoredChunks listed = data == null ? null : stored();
        if (listed == null || threads <= 1 || !listed.known()) return verify(d -> { }, progress) / size;
        long n = grid.chunkCount();
        return ParallelTasks.sum(listed.count(), threads, progress, worker -> i -> {
            long k = listed.get(i);
            return k < n ? check(k).values() : 0;
        });
    }

    /** Reads and decodes one chunk: whether it is stored, its size, the values it gives and its problems (in its own bytes). */
    ChunkUnits.ChunkCheck check(long k) {
        long[] c = grid.chunkCoords(k);
        List<Diagnostic> found = new ArrayList<>();
        try {
            // the bytes are counted and dropped: read and decoded in the thread's own buffers
            ChunkScratch scratch = ChunkScratch.local();
            Integer length = readStored(c, scratch::readFile);
            if (length == null) return new ChunkUnits.ChunkCheck(false, 0, 0, List.of());
            ChunkedArray.Decoded d = meta.pipeline.decodePartly(scratch.stored(), length, 0, found::add, scratch);
            long values = d.lost() == null ? d.bytes().length / Math.max(1, meta.dtype.itemSize())
                    : grid.chunkElements() - d.lost().cardinality();
            return new ChunkUnits.ChunkCheck(true, length, values, found);
        } catch (ReadProblem e) {
            found.add(e.diagnostic());
            return new ChunkUnits.ChunkCheck(true, -1, 0, found);
        }
    }

    /** This array's chunks as units a distributed check can spread. */
    ChunkUnits units() {
        return new ChunkUnits() {
            @Override public long chunkCount() { return grid.chunkCount(); }

            @Override public long[] storedChunks() {
                StoredChunks s = stored();
                if (!s.known()) return null;
                long[] out = new long[s.count()];
                for (int i = 0; i < out.length; i++) out[i] = s.get(i);
                return out;
            }

            @Override public List<Diagnostic> listingProblems() { return stored().problems; }

            @Override public String key(long chunk) { return meta.chunkKey(grid.chunkCoords(chunk)); }

            @Override public Path chunkFile(long chunk) { return chunkPath(grid.chunkCoords(chunk)); }

            @Override public long chunkValues() { return grid.chunkElements(); }

            @Override public ChunkCheck check(long chunk) { return ZarrArray.this.check(chunk); }
        };
    }

    /** Whether the values are the stored bytes of one numeric type (so a chunk's own column can be typed as the array's). */
    boolean plainNumeric() {
        Pipeline p = meta.pipeline;
        return p != null && p.arrayCodecs.isEmpty() && !meta.dtype.complex() && meta.dtype.valueType().numeric()
                && p.arrayBytes instanceof Pipeline.Bytes b && !b.bigEndian();
    }

    ValueType type() { return meta.dtype.columnType(); }
}
