package org.packscope.codec.hdf5;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.Set;
import java.util.TreeSet;

import io.jhdf.api.Dataset;
import io.jhdf.api.dataset.ChunkedDataset;
import io.jhdf.api.dataset.ContiguousDataset;
import io.jhdf.dataset.chunked.ChunkOffset;

import org.packscope.codec.io.ByteSource;

/**
 * The stored bytes of a dataset's elements in row-major order, whatever the layout:
 * contiguous data is read straight from the file, chunked data a whole chunk at a time
 * through a bounded cache (each chunk is inflated once, not once per request), and the
 * chunks a request needs are decoded in parallel. Storage never written (unallocated
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
    private Map<ChunkOffset, io.jhdf.dataset.chunked.Chunk> present;
    private final Map<Long, byte[]> cache = new LinkedHashMap<>(16, 0.75f, true);
    /** Chunks being decoded by some reader right now (under this object's lock). */
    private final Map<Long, CompletableFuture<byte[]>> loading = new java.util.HashMap<>();
    private long cachedBytes;

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
        long at = -1;
        ByteBuffer small = null;
        ChunkedDataset ch = null;
        if (d instanceof ChunkedDataset c) {
            ch = c;
        } else if (d instanceof ContiguousDataset c) {
            if (!d.isEmpty()) {
                at = base + c.getDataAddress();
                if (Math.multiplyHigh(count, size) != 0 || !file.has(at, count * size)) {
                    throw new Hdf5Problem("the data of " + d.getPath() + " (" + count * size + " bytes at byte " + at
                            + ") runs past the end of the file", at);
                }
            }
        } else if (count > 0) {
            small = ((io.jhdf.dataset.DatasetBase) d).getDataBuffer();
            if (small.remaining() < count * size) throw new Hdf5Problem("the compact data of " + d.getPath() + " is shorter than its shape says", -1);
        }
        this.contiguousAt = at;
        this.compact = small;
        this.chunked = ch;
        if (ch != null) {
            int[] cd = ch.getChunkDimensions();
            if (cd.length != this.dims.length) {
                throw new Hdf5Problem("chunks of " + d.getPath() + " have " + cd.length + " dimensions, the dataset " + this.dims.length, -1);
            }
            chunkDims = cd;
            long e = 1;
            for (int x : cd) {
                if (x <= 0) throw new Hdf5Problem("a chunk dimension of " + d.getPath() + " is " + x, -1);
                e = Math.multiplyExact(e, x);
            }
            if (e > (Integer.MAX_VALUE - 8) / size) throw new Hdf5Problem("chunks of " + d.getPath() + " hold " + e * size + " bytes, more than PackScope reads at once", -1);
            chunkElements = e;
            gridStride = new long[cd.length];
            long s = 1;
            for (int i = cd.length - 1; i >= 0; i--) {
                gridStride[i] = s;
                // a grid of more than 2^62 chunks is damage (the chunk index cannot address them)
                s = Math.multiplyExact(s, (this.dims[i] + cd[i] - 1) / cd[i]);
            }
        } else {
            chunkDims = null;
            gridStride = null;
            chunkElements = 0;
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

    private void forEachRun(long start, int n, Runs runs) {
        int rank = dims.length;
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
            long last = coord[rank - 1];
            int len = (int) Math.min(n - done, Math.min(chunkDims[rank - 1] - last % chunkDims[rank - 1], dims[rank - 1] - last));
            runs.run(chunk, inChunk, len, done);
            done += len;
        }
    }

    private void readChunked(long start, int n, byte[] dst, int off) {
        // the chunks this request needs, and as many again beyond it (read ahead for sequential export)
        TreeSet<Long> needed = new TreeSet<>();
        forEachRun(start, n, (chunk, in, len, done) -> needed.add(chunk));
        long ahead = Math.min(count - (start + n), n);
        if (ahead > 0) forEachRun(start + n, (int) ahead, (chunk, in, len, done) -> needed.add(chunk));
        Map<Long, byte[]> chunks = chunks(needed);
        forEachRun(start, n, (chunk, in, len, done) -> {
            byte[] c = chunks.get(chunk);
            int at = off + done * size;
            if (c == null) fillRun(dst, at, len);
            else System.arraycopy(c, (int) (in * size), dst, at, len * size);
        });
    }

    /**
     * The decoded chunks, null for chunks never written; missing ones are decoded in parallel.
     * A chunk another reader is already decoding is waited for, not decoded again: readers
     * paging ahead in parallel (exports, plots) ask for overlapping chunks, and the lock is
     * held only to look up and file chunks, never while decoding.
     */
    private Map<Long, byte[]> chunks(Set<Long> wanted) {
        Map<Long, byte[]> out = new java.util.HashMap<>();
        List<Long> missing = new ArrayList<>();
        List<CompletableFuture<byte[]>> mine = new ArrayList<>();
        Map<Long, CompletableFuture<byte[]>> theirs = new java.util.HashMap<>();
        synchronized (this) {
            for (Long k : wanted) {
                byte[] c = cache.get(k);
                if (c != null || cache.containsKey(k)) {
                    out.put(k, c);
                } else if (loading.containsKey(k)) {
                    theirs.put(k, loading.get(k));
                } else {
                    CompletableFuture<byte[]> f = new CompletableFuture<>();
                    loading.put(k, f);
                    missing.add(k);
                    mine.add(f);
                }
            }
        }
        if (!missing.isEmpty()) decodeMissing(missing, mine, out);
        for (Map.Entry<Long, CompletableFuture<byte[]>> e : theirs.entrySet()) {
            try {
                out.put(e.getKey(), e.getValue().join());
            } catch (java.util.concurrent.CompletionException x) {
                if (x.getCause() instanceof RuntimeException r) throw r;
                if (x.getCause() instanceof Error r) throw r;
                throw x;
            }
        }
        return out;
    }

    /** Decodes the chunks this reader took on, files them in the cache and tells readers waiting for them. */
    private void decodeMissing(List<Long> missing, List<CompletableFuture<byte[]>> futures, Map<Long, byte[]> out) {
        byte[][] decoded = new byte[missing.size()][];
        try {
            Map<ChunkOffset, io.jhdf.dataset.chunked.Chunk> have = present();
            java.util.stream.IntStream.range(0, missing.size()).parallel().forEach(i -> {
                long[] origin = origin(missing.get(i));
                if (have != null && !have.containsKey(new ChunkOffset(origin))) return;
                decoded[i] = decode(origin);
            });
        } catch (RuntimeException | Error e) {
            synchronized (this) {
                for (int i = 0; i < missing.size(); i++) loading.remove(missing.get(i));
            }
            for (CompletableFuture<byte[]> f : futures) f.completeExceptionally(e);
            throw e;
        }
        synchronized (this) {
            for (int i = 0; i < missing.size(); i++) {
                byte[] c = decoded[i];
                out.put(missing.get(i), c);
                cache.put(missing.get(i), c);
                loading.remove(missing.get(i));
                cachedBytes += c == null ? 0 : c.length;
            }
            var it = cache.entrySet().iterator();
            while (cachedBytes > CACHE_BYTES && it.hasNext()) {
                byte[] c = it.next().getValue();
                cachedBytes -= c == null ? 0 : c.length;
                it.remove();
            }
        }
        for (int i = 0; i < missing.size(); i++) futures.get(i).complete(decoded[i]);
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }

    private long[] origin(long chunk) {
        long[] o = new long[dims.length];
        for (int i = 0; i < o.length; i++) {
            o[i] = chunk / gridStride[i] * chunkDims[i];
            chunk %= gridStride[i];
        }
        return o;
    }

    private byte[] decode(long[] origin) {
        int[] at = new int[origin.length];
        byte[] c;
        try {
            for (int i = 0; i < at.length; i++) at[i] = Math.toIntExact(origin[i]);
            Map<ChunkOffset, io.jhdf.dataset.chunked.Chunk> index = present();
            io.jhdf.dataset.chunked.Chunk stored = index == null ? null : index.get(new ChunkOffset(origin));
            c = stored == null ? chunked.getDecompressedChunk(at)
                    : ChunkFilters.undo(bytes(chunked.getRawChunkBuffer(at)), dataset.getFilters(), stored.getFilterMask());
        } catch (StackOverflowError e) {
            throw new Hdf5Problem("hdf5_cycle", "the chunk index (B-tree) of " + dataset.getPath()
                    + " refers back to itself or nests too deep to follow", -1);
        } catch (RuntimeException e) {
            if (present == null && String.valueOf(e.getMessage()).startsWith("No chunk with offset")) return null;
            throw new Hdf5Problem("the chunk at " + java.util.Arrays.toString(origin) + " of " + dataset.getPath()
                    + " could not be read: " + Hdf5Problem.words(e), -1);
        }
        if (c.length < chunkElements * size) {
            throw new Hdf5Problem("the chunk at " + java.util.Arrays.toString(origin) + " of " + dataset.getPath()
                    + " decodes to " + c.length + " bytes, fewer than the " + chunkElements * size + " it holds", -1);
        }
        return c;
    }

    /** Which chunks were written, or null when jhdf does not say (then a missing one is found on reading). */
    private synchronized Map<ChunkOffset, io.jhdf.dataset.chunked.Chunk> present() {
        if (present == null) present = ChunkIndex.of(chunked, dataset.getPath());
        return present;
    }
}
