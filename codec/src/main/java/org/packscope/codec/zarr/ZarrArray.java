package org.packscope.codec.zarr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.store.ChunkGrid;
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

    final Path folder;
    final ArrayMeta meta;
    final ChunkGrid grid;
    /** Null when the chunks cannot be decoded (unknown codec, bad metadata). */
    final ChunkedArray data;

    private ZarrArray(Path folder, ArrayMeta meta, ChunkGrid grid, ChunkedArray data) {
        this.folder = folder;
        this.meta = meta;
        this.grid = grid;
        this.data = data;
    }

    /** The array, or null when the metadata does not give a chunk grid; a grid too large to address gives a diagnostic. */
    static ZarrArray of(Path folder, ArrayMeta meta, Consumer<Diagnostic> problems) {
        if (!meta.usable) return null;
        ChunkGrid grid;
        try {
            grid = new ChunkGrid(meta.shape, meta.chunks);
        } catch (IllegalArgumentException e) {
            problems.accept(ZarrRules.METADATA_INVALID.at(null, "the chunk grid cannot be used: " + e.getMessage()));
            return null;
        }
        ZarrArray a = new ZarrArray(folder, meta, grid, null);
        if (meta.pipeline == null) return a;
        try {
            ChunkedArray data = new ChunkedArray(grid, meta.dtype.itemSize(), meta.fill, a, CACHE_BYTES);
            return new ZarrArray(folder, meta, grid, data);
        } catch (IllegalArgumentException e) {
            problems.accept(ZarrRules.CHUNK_TOO_LARGE.at(null, e.getMessage()));
            return a;
        }
    }

    Path chunkPath(long[] c) { return folder.resolve(meta.chunkKey(c)); }

    @Override
    public boolean exists(long[] coords) { return Files.isRegularFile(chunkPath(coords)); }

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
        Path p = chunkPath(coords);
        try {
            if (!Files.isRegularFile(p)) return null;
            long size = Files.size(p);
            if (size > Integer.MAX_VALUE - 16) {
                throw ReadProblem.at(ZarrRules.CHUNK_TOO_LARGE, null, meta.chunkKey(coords) + " holds " + size + " bytes");
            }
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw ReadProblem.at(ZarrRules.CHUNK_UNREADABLE, null, meta.chunkKey(coords) + " cannot be read: " + e.getMessage());
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
        for (long k = 0; k < n; k++) {
            progress.checkCancelled();
            long[] c = grid.chunkCoords(k);
            String key = meta.chunkKey(c);
            List<Diagnostic> found = new ArrayList<>();
            try {
                byte[] stored = read(c);
                if (stored == null) continue;
                ChunkedArray.Decoded d = meta.pipeline.decodePartly(stored, 0, found::add);
                done += d.lost() == null ? d.bytes().length : (long) (grid.chunkElements() - d.lost().cardinality()) * meta.dtype.itemSize();
            } catch (ReadProblem e) {
                found.add(e.diagnostic());
            }
            for (Diagnostic d : found) {
                String where = d.span() == null ? "" : " (byte " + d.span().offsetText() + ")";
                sink.accept(new Diagnostic(d.severity(), null, d.rule(), key + where + ": " + d.message()));
            }
            progress.update((k + 1) / (double) n, "chunk " + (k + 1) + " of " + n);
        }
        return done;
    }

    /** Whether the values are the stored bytes of one numeric type (so a chunk's own column can be typed as the array's). */
    boolean plainNumeric() {
        Pipeline p = meta.pipeline;
        return p != null && p.arrayCodecs.isEmpty() && !meta.dtype.complex() && meta.dtype.valueType().numeric()
                && p.arrayBytes instanceof Pipeline.Bytes b && !b.bigEndian();
    }

    ValueType type() { return meta.dtype.columnType(); }
}
