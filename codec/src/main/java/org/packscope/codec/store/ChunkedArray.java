package org.packscope.codec.store;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.read.ReadProblem;

/**
 * The bytes of an N-dimensional chunked array in C order, decoded chunk by chunk on
 * demand: Zarr arrays, and any container with a regular chunk grid. A chunk that is
 * missing reads as the fill value; one that cannot be decoded reads as the fill value
 * and is reported by {@link #failure}, and so are the elements of a chunk decoded in part
 * (a damaged Blosc block): only they, the rest of the chunk reads as decoded. A few decoded chunks are cached (by bytes), so
 * paging through a slice decodes each chunk it crosses once.
 */
public final class ChunkedArray implements ByteStore {

    /** Where chunks come from and how they are decoded. */
    public interface Chunks {
        /**
         * The decoded bytes of the chunk at {@code coords}: the full chunk shape in C order
         * within the chunk, {@code chunkElements × itemSize} bytes; null when the chunk is
         * not stored (it holds the fill value). Damage throws a {@link ReadProblem}.
         */
        byte[] decode(long[] coords);

        /** Whether the chunk is stored, without decoding it (for listings and progress). */
        boolean exists(long[] coords);

        /**
         * The chunk decoded as far as it can be: sources that can lose part of a chunk (a
         * Blosc block) say which elements; the default decodes it whole or not at all.
         */
        default Decoded decodePartly(long[] coords) {
            byte[] b = decode(coords);
            return b == null ? null : new Decoded(b, null, null);
        }

        /**
         * The first chunk number ≥ {@code k} (C order) that may be stored, or the grid's chunk
         * count when none is: the chunks between read as the fill value without a look. A
         * source that does not know its stored chunks answers {@code k}.
         */
        default long nextStored(long k) { return k; }
    }

    /**
     * A decoded chunk: its bytes (full chunk shape, C order) and the elements, by index in
     * the chunk, that could not be decoded ({@code lost}, null when none) and {@code why}.
     */
    public record Decoded(byte[] bytes, BitSet lost, String why) { }

    private final ChunkGrid grid;
    private final int itemSize;
    private final byte[] fill;
    private final Chunks chunks;
    private final UnitCache<Long, byte[]> cache;
    private final Map<Long, String> failures = new ConcurrentHashMap<>();
    /** Chunks decoded in part, by chunk index: which of their elements are lost. Kept beside the cache (a bit per element). */
    private final Map<Long, Decoded> partial = new ConcurrentHashMap<>();
    /** Cache markers: a chunk that is not stored, and one that cannot be decoded. */
    private static final byte[] MISSING = new byte[0];
    /** Chunks of one read decoded side by side, at most: enough to keep a remote store's requests in flight. */
    private static final int MAX_AHEAD = 8;
    private static final ExecutorService AHEAD = Executors.newFixedThreadPool(MAX_AHEAD, r -> {
        Thread t = new Thread(r, "packscope-chunk");
        t.setDaemon(true);
        return t;
    });
    /** Decodings under way, by chunk: a chunk that two readers want at once is decoded once. */
    private final Map<Long, CompletableFuture<byte[]>> decoding = new ConcurrentHashMap<>();
    /**
     * Chunks handed to the read-ahead threads and not yet done: a page read while they wait
     * for a thread does not queue them again.
     */
    private final java.util.Set<Long> queued = ConcurrentHashMap.newKeySet();
    /** Read-ahead tasks this array has queued, for tests. */
    private final java.util.concurrent.atomic.LongAdder aheadTasks = new java.util.concurrent.atomic.LongAdder();
    private final int aheadMax;
    /**
     * How many chunks' worth of elements a sequential reader looks ahead: twice what may be
     * under way, so the next row of chunks is asked for while this one arrives (a remote
     * store's link then stays busy instead of idling between rows). Bounded by the cache,
     * which must hold them until the reader gets there.
     */
    private final int aheadSpan;
    private static final byte[] FAILED = new byte[0];
    /** A read-ahead's answer for a chunk the reader had passed: not decoded (see {@link #chunk(long, boolean)}). */
    private static final byte[] PASSED = new byte[0];
    /**
     * The first dimension from which on a chunk covers the array's whole extent (the rank
     * when none does): inside one chunk, whole rows of these dimensions lie one after
     * another, so a run can cross them (a table chunked by rows is one run per chunk).
     */
    private final int spanFrom;
    /** Elements in one row of dimensions {@code spanFrom…} (1 when {@code spanFrom} is the rank). */
    private final long spanRow;
    /** Reads of one sequential pass that may be under way at once (page readers on several threads). */
    private static final int NEAR_READS = 4;
    /** Where the last read stopped: a read that starts there is sequential, and looks further ahead. */
    private volatile long lastStop = -1;
    /**
     * Chunks a sequential reader has used, by the C-order index of their last element: once
     * the reader is a read's length past that, it will not come back, and the chunk leaves
     * the cache. An export would otherwise keep the cache full of chunks it is done with,
     * and every young collection would copy them.
     */
    private final java.util.concurrent.ConcurrentSkipListMap<Long, Long> usedUntil = new java.util.concurrent.ConcurrentSkipListMap<>();
    /** How far a sequential reader's read-ahead has looked (an element index): the next read looks on from there. */
    private volatile long aheadWalked = -1;
    /** Chunks wholly before this element were dropped as passed: a read-ahead that starts late leaves them alone. */
    private volatile long droppedBelow = -1;

    /**
     * @param fill one element's fill bytes ({@code itemSize} long), or null for zeros
     * @param cacheBytes decoded chunks kept, in bytes (at least one chunk is kept)
     */
    public ChunkedArray(ChunkGrid grid, int itemSize, byte[] fill, Chunks chunks, long cacheBytes) {
        if (itemSize <= 0) throw new IllegalArgumentException("item size " + itemSize);
        if (fill != null && fill.length != itemSize) throw new IllegalArgumentException("fill of " + fill.length + " bytes for items of " + itemSize);
        if (grid.elements() > Long.MAX_VALUE / itemSize || grid.chunkElements() * itemSize > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("the array or one chunk is too large to address in bytes");
        }
        this.grid = grid;
        this.itemSize = itemSize;
        this.fill = fill;
        this.chunks = chunks;
        this.cache = UnitCache.ofBytes(1 << 16, cacheBytes);
        // chunks decoded ahead must still be cached when the reader gets to them
        long cacheable = cacheBytes / Math.max(1, grid.chunkElements() * itemSize) - 1;
        this.aheadMax = (int) Math.max(0, Math.min(MAX_AHEAD, cacheable));
        this.aheadSpan = (int) Math.max(0, Math.min(2 * MAX_AHEAD, cacheable));
        int from = grid.rank();
        long row = 1;
        while (from > 1 && grid.chunkExtent(from - 1) == grid.extent(from - 1)) {
            from--;
            row *= grid.extent(from);
        }
        this.spanFrom = from;
        this.spanRow = row;
    }

    /**
     * The run of elements from {@code element} (at coordinates {@code e}) to at most {@code
     * stop} that lies contiguously in one chunk: along the last dimension, or across whole
     * rows where the chunk covers every later dimension. Sets {@code c} to the chunk's grid
     * coordinates.
     */
    private long runAt(long element, long[] e, long[] c, long stop) {
        int rank = grid.rank();
        for (int d = 0; d < rank; d++) c[d] = e[d] / grid.chunkExtent(d);
        if (spanFrom == rank) {
            int last = rank - 1;
            long runEnd = Math.min((c[last] + 1) * grid.chunkExtent(last), grid.extent(last));
            return Math.min(runEnd - e[last], stop - element);
        }
        // rows of dimension spanFrom-1 left in this chunk, each spanRow elements long
        int d = spanFrom - 1;
        long rows = Math.min((c[d] + 1) * grid.chunkExtent(d), grid.extent(d)) - e[d];
        long intoRow = element % spanRow;
        return Math.min(rows * spanRow - intoRow, stop - element);
    }

    /** Drops from the cache the chunks a sequential reader used whose last element lies before {@code element}. */
    private void dropPassed(long element) {
        if (element > droppedBelow) droppedBelow = element;
        for (var it = usedUntil.headMap(element).entrySet().iterator(); it.hasNext(); ) {
            cache.remove(it.next().getValue());
            it.remove();
        }
    }

    /** The C-order index of the last element of the array inside chunk {@code c}. */
    private long lastElement(long[] c) {
        long flat = 0;
        for (int d = 0; d < c.length; d++) flat = flat * grid.extent(d) + Math.min((c[d] + 1) * grid.chunkExtent(d), grid.extent(d)) - 1;
        return flat;
    }

    /** Moves coordinates {@code e} on by {@code run} elements (a run {@link #runAt} gave). */
    private void advance(long[] e, long element, long run) {
        if (spanFrom == grid.rank()) {
            e[e.length - 1] += run;
            carry(e);
        } else {
            long flat = element + run;
            for (int d = e.length - 1; d >= 0; d--) {
                e[d] = flat % grid.extent(d);
                flat /= grid.extent(d);
            }
        }
    }

    public ChunkGrid grid() { return grid; }

    public int itemSize() { return itemSize; }

    @Override public long size() { return grid.elements() * itemSize; }

    @Override public boolean mayFail() { return true; }

    /** The decoded chunk (full chunk shape), {@link #MISSING} when not stored, null when it cannot be decoded. */
    private byte[] chunk(long k) { return chunk(k, false); }

    /**
     * {@code ahead}: asked by the read-ahead, which leaves alone a chunk the reader has
     * passed meanwhile (it was dropped from the cache as used, and decoding it again would
     * only fill the cache with what nobody reads).
     */
    private byte[] chunk(long k, boolean ahead) {
        byte[] b = cache.get(k);
        if (b != null) return b == FAILED ? null : b;
        CompletableFuture<byte[]> mine = new CompletableFuture<>();
        CompletableFuture<byte[]> first = decoding.putIfAbsent(k, mine);
        if (first != null) {
            try {
                b = first.join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException re) throw re;
                if (e.getCause() instanceof Error er) throw er;
                throw e;
            }
            // a read-ahead that gave up on a passed chunk: whoever still wants it decodes it
            if (b == PASSED) return chunk(k, ahead);
            return b == FAILED ? null : b;
        }
        if (ahead && lastElement(grid.chunkCoords(k)) < droppedBelow) {
            // the reader passed this chunk after the read-ahead was asked for: not decoded
            // again; the entry goes before the answer, so a retry cannot find it
            decoding.remove(k, mine);
            mine.complete(PASSED);
            return null;
        }
        try {
            // it may have been cached between the first look and now
            b = cache.get(k);
            if (b == null) {
                b = decodeChunk(k);
                cache.put(k, b);
            }
            mine.complete(b);
        } catch (RuntimeException | Error e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            decoding.remove(k, mine);
        }
        return b == FAILED ? null : b;
    }

    /** Decodes chunk {@code k}: its bytes, {@link #MISSING} or {@link #FAILED}. */
    private byte[] decodeChunk(long k) {
        byte[] b;
        long[] c = grid.chunkCoords(k);
        long expected = grid.chunkElements() * itemSize;
        try {
            Decoded d = chunks.decodePartly(c);
            b = d == null ? null : d.bytes();
            if (b == null) {
                b = MISSING;
            } else if (b.length != expected) {
                failures.put(k, "chunk " + ChunkGrid.key(c, ".") + " decodes to " + b.length + " bytes, " + expected + " expected");
                b = FAILED;
            } else if (d.lost() != null && !d.lost().isEmpty()) {
                partial.put(k, new Decoded(null, d.lost(), "chunk " + ChunkGrid.key(c, ".") + ": " + d.why()));
            } else {
                partial.remove(k);
            }
        } catch (ReadProblem e) {
            failures.put(k, "chunk " + ChunkGrid.key(c, ".") + ": " + e.getMessage());
            b = FAILED;
        }
        return b;
    }

    /**
     * Starts decoding, side by side, the chunks after the first that elements {@code
     * [element, stop)} cross and that are not cached: a page across a row of chunks then
     * waits for the slowest of them, not for their sum (remote chunks come as concurrent
     * requests, local ones on the free cores).
     */
    private void decodeAhead(long element, long stop, boolean sequential) {
        if (aheadMax == 0 || grid.rank() == 0) return;
        // a sequential reader (an export, a scan) gets the chunks after its read started too
        long horizon = Math.min(grid.elements(), stop + (sequential ? aheadSpan * grid.chunkElements() : stop - element));
        long firstChunk = -1;
        if (sequential) {
            // the stretch up to aheadWalked was looked at by an earlier read of this reader:
            // walking it again would look up its chunks once per run (thousands of lookups a read)
            firstChunk = grid.chunkIndex(chunkOf(element));
            long from = aheadWalked;
            if (from > element) element = Math.min(from, horizon);
            if (Math.max(decoding.size(), queued.size()) >= aheadMax) return;
        } else {
            aheadWalked = -1;
        }
        long[] e = grid.elementCoords(Math.min(element, grid.elements() - 1));
        long[] c = new long[grid.rank()];
        java.util.Set<Long> ahead = new java.util.LinkedHashSet<>();
        long last = -1;
        while (element < horizon && ahead.size() < aheadMax) {
            long run = runAt(element, e, c, horizon);
            long k = grid.chunkIndex(c);
            if (firstChunk < 0) firstChunk = k;
            else if (k != firstChunk && k != last && !ahead.contains(k) && cache.get(k) == null && !decoding.containsKey(k)
                    && !queued.contains(k) && chunks.nextStored(k) <= k) ahead.add(k);
            last = k;
            advance(e, element, run);
            element += run;
        }
        if (sequential) aheadWalked = element;
        startDecoding(ahead);
    }

    /** Decodes these chunks on the read-ahead threads, side by side; whoever wants one then waits for it, not for the rest. */
    private void startDecoding(java.util.Collection<Long> keys) {
        for (long k : keys) {
            if (!queued.add(k)) continue;
            aheadTasks.increment();
            AHEAD.execute(() -> {
                try {
                    // the reader may have got there first, and be done with it
                    if (lastElement(grid.chunkCoords(k)) < droppedBelow) return;
                    chunk(k, true);
                } catch (RuntimeException e2) {
                    // the reader meets it again when it gets to this chunk
                } finally {
                    queued.remove(k);
                }
            });
        }
    }

    /** Read-ahead tasks queued so far (tests). */
    long aheadTasks() { return aheadTasks.sum(); }

    @Override
    public void read(long pos, byte[] dst, int off, int len) {
        if (pos < 0 || len < 0 || pos > size() - len) throw new IndexOutOfBoundsException(pos + "+" + len + " of " + size());
        if (pos % itemSize != 0 || len % itemSize != 0) {
            // an odd byte range: read the whole elements around it
            long first = pos / itemSize, last = (pos + len - 1) / itemSize;
            byte[] whole = new byte[(int) ((last - first + 1) * itemSize)];
            read(first * itemSize, whole, 0, whole.length);
            System.arraycopy(whole, (int) (pos - first * itemSize), dst, off, len);
            return;
        }
        long element = pos / itemSize;
        long stop = element + len / itemSize;
        int rank = grid.rank();
        if (rank == 0) {
            // a 0-d array: one element, in chunk 0
            if (len == 0) return;
            byte[] b = chunk(0);
            if (b == null || b == MISSING) fillInto(dst, off, 1); else System.arraycopy(b, 0, dst, off, itemSize);
            return;
        }
        int lastDim = rank - 1;
        // pages read side by side by a few threads arrive a little out of order: a read that
        // starts within a few reads' lengths of where the last one stopped is still sequential
        long readLen = stop - element;
        long last = lastStop;
        boolean sequential = last >= 0 && element >= last - NEAR_READS * readLen && element <= last + NEAR_READS * readLen;
        lastStop = Math.max(stop, sequential ? last : -1);
        if (sequential) dropPassed(element - NEAR_READS * readLen);
        decodeAhead(element, stop, sequential);
        long[] e = grid.elementCoords(element);
        long[] c = new long[rank];
        while (element < stop) {
            int run = (int) runAt(element, e, c, stop);
            long k = grid.chunkIndex(c);
            long missingRun = missingAlongRow(k, c[lastDim]);
            if (missingRun > 1 && spanFrom == rank) {
                // chunks not stored, side by side along the row: the fill value, in bulk
                long runEnd = Math.min((c[lastDim] + missingRun) * grid.chunkExtent(lastDim), grid.extent(lastDim));
                run = (int) Math.min(runEnd - e[lastDim], stop - element);
            }
            if (missingRun > 0) {
                fillInto(dst, off, run);
            } else {
                long inChunk = 0;
                for (int d = 0; d < rank; d++) inChunk = inChunk * grid.chunkExtent(d) + (e[d] - c[d] * grid.chunkExtent(d));
                byte[] b = chunk(k);
                if (b == null || b == MISSING) fillInto(dst, off, run);
                else System.arraycopy(b, (int) (inChunk * itemSize), dst, off, run * itemSize);
                if (sequential) usedUntil.putIfAbsent(lastElement(c), k);
            }
            off += run * itemSize;
            advance(e, element, run);
            element += run;
        }
    }

    /** Moves element coordinates past the end of a row on to the next row. */
    private void carry(long[] e) {
        for (int d = e.length - 1; d > 0 && e[d] >= grid.extent(d); d--) {
            e[d] = 0;
            e[d - 1]++;
        }
    }

    /**
     * How many chunks from chunk {@code k} (at grid coordinate {@code col} along the last
     * dimension) on are known not to be stored, in the same row of chunks; 0 when chunk
     * {@code k} may be stored.
     */
    private long missingAlongRow(long k, long col) {
        long next = chunks.nextStored(k);
        if (next <= k) return 0;
        int last = grid.rank() - 1;
        long across = (grid.extent(last) - 1) / grid.chunkExtent(last) + 1;
        return Math.min(next - k, across - col);
    }

    private void fillInto(byte[] dst, int off, int count) {
        int bytes = count * itemSize;
        if (fill == null || uniformFill()) {
            Arrays.fill(dst, off, off + bytes, fill == null ? 0 : fill[0]);
            return;
        }
        if (count == 0) return;
        System.arraycopy(fill, 0, dst, off, itemSize);
        // doubling copies: a million fill elements in twenty copies
        for (int done = itemSize; done < bytes; done *= 2) System.arraycopy(dst, off, dst, off + done, Math.min(done, bytes - done));
    }

    private boolean uniformFill() {
        for (byte b : fill) if (b != fill[0]) return false;
        return true;
    }

    /**
     * The end of the stretch from byte {@code pos} (an element's first byte) that is all
     * fill value because its chunks are not stored; {@code pos} when the element's chunk
     * may be stored. Runs across rows of the array while they are fill, up to a bounded
     * number of rows per call.
     */
    @Override
    public long uniformEnd(long pos) {
        if (pos < 0 || pos >= size() || pos % itemSize != 0 || grid.rank() == 0) return pos;
        int rank = grid.rank(), last = rank - 1;
        long element = pos / itemSize;
        long[] e = grid.elementCoords(element);
        long[] c = new long[rank];
        long end = element;
        for (int rows = 0; rows < 4096 && end < grid.elements(); rows++) {
            for (int d = 0; d < rank; d++) c[d] = e[d] / grid.chunkExtent(d);
            long missing = missingAlongRow(grid.chunkIndex(c), c[last]);
            if (missing == 0) break;
            long runEnd = Math.min((c[last] + missing) * grid.chunkExtent(last), grid.extent(last));
            end += runEnd - e[last];
            if (runEnd < grid.extent(last)) break;
            e[last] = runEnd;
            carry(e);
            if (e[0] >= grid.extent(0)) break;
        }
        return end * itemSize;
    }

    @Override
    public String failure(long pos) {
        if (pos < 0 || pos >= size()) return null;
        long element = pos / itemSize;
        long k = grid.chunkIndex(chunkOf(element));
        // a chunk known not to be stored is the fill value: nothing to decode, nothing failed
        if (chunks.nextStored(k) > k) return null;
        if (chunk(k) == null) return failures.get(k);
        Decoded p = partial.get(k);
        return p != null && p.lost().get((int) inChunk(element)) ? p.why() : null;
    }

    @Override
    public long unitEnd(long pos) {
        if (grid.rank() == 0) return size();
        // a stretch of chunks not stored is one unit: none of it can fail
        long fill = uniformEnd(pos - pos % itemSize);
        if (fill > pos) return fill;
        // the end of the run along the last dimension inside the element's chunk,
        // cut where a partly decoded chunk's lost elements start or end
        long element = pos / itemSize;
        long[] e = grid.elementCoords(element);
        int last = grid.rank() - 1;
        long runEnd = Math.min((e[last] / grid.chunkExtent(last) + 1) * grid.chunkExtent(last), grid.extent(last));
        long end = element + (runEnd - e[last]);
        long k = grid.chunkIndex(chunkOf(element));
        if (chunk(k) != null) {
            Decoded p = partial.get(k);
            if (p != null) {
                int at = (int) inChunk(element);
                int change = p.lost().get(at) ? p.lost().nextClearBit(at) : p.lost().nextSetBit(at);
                if (change >= 0) end = Math.min(end, element + (change - at));
            }
        }
        return end * itemSize;
    }

    /** The element's index inside its chunk (chunk C order). */
    private long inChunk(long element) {
        long[] e = grid.elementCoords(element);
        long at = 0;
        for (int d = 0; d < e.length; d++) at = at * grid.chunkExtent(d) + e[d] % grid.chunkExtent(d);
        return at;
    }

    private long[] chunkOf(long element) {
        long[] e = grid.elementCoords(element);
        for (int d = 0; d < e.length; d++) e[d] /= grid.chunkExtent(d);
        return e;
    }

    /**
     * Copies the window {@code [row0, row0+rows) × [col0, col0+cols)} of the 2-D slice
     * through dimensions {@code rowDim} and {@code colDim} (-1: a single column), the
     * others standing at {@code fixed}, into {@code dst} row by row, {@link #itemSize}
     * bytes per element; decodes only the chunks the window crosses. {@code failed} (may be
     * null) is set to true for elements of chunks that cannot be decoded (they read as the
     * fill value). See {@link ArraySlices}.
     */
    public void readWindow(int rowDim, int colDim, long[] fixed, long row0, int rows, long col0, int cols, byte[] dst, boolean[] failed) {
        int rank = grid.rank();
        if (rowDim < 0 || rowDim >= rank || colDim >= rank || colDim == rowDim || colDim < -1) {
            throw new IllegalArgumentException("dimensions " + rowDim + " and " + colDim + " of a " + rank + "-D array");
        }
        if (colDim < 0 && (col0 != 0 || cols > 1)) throw new IndexOutOfBoundsException("a single column has only column 0");
        if (fixed.length != rank) throw new IllegalArgumentException(fixed.length + " fixed indices for " + rank + " dimensions");
        long rowExtent = grid.extent(rowDim), colExtent = colDim < 0 ? 1 : grid.extent(colDim);
        if (rows < 0 || cols < 0 || row0 < 0 || col0 < 0 || row0 > rowExtent - rows || col0 > colExtent - cols) {
            throw new IndexOutOfBoundsException("window " + row0 + "+" + rows + " × " + col0 + "+" + cols + " of " + rowExtent + " × " + colExtent);
        }
        long[] c = new long[rank];
        for (int d = 0; d < rank; d++) {
            if (d == rowDim || d == colDim) continue;
            if (fixed[d] < 0 || fixed[d] >= grid.extent(d)) throw new IndexOutOfBoundsException("index " + fixed[d] + " of dimension " + d);
            c[d] = fixed[d] / grid.chunkExtent(d);
        }
        if (rows == 0 || cols == 0) return;
        // the element's place inside its chunk: a sum over dimensions of local coordinate × chunk stride
        long[] stride = new long[rank];
        long s = 1;
        for (int d = rank - 1; d >= 0; d--) {
            stride[d] = s;
            s *= grid.chunkExtent(d);
        }
        long base = 0;
        for (int d = 0; d < rank; d++) {
            if (d != rowDim && d != colDim) base += (fixed[d] - c[d] * grid.chunkExtent(d)) * stride[d];
        }
        int rc = grid.chunkExtent(rowDim), cc = colDim < 0 ? 1 : grid.chunkExtent(colDim);
        long rowStride = stride[rowDim], colStride = colDim < 0 ? 0 : stride[colDim];
        int w = itemSize;
        // the window's chunks after the first start side by side (a remote store's requests overlap)
        java.util.Set<Long> others = new java.util.LinkedHashSet<>();
        for (long cr = row0 / rc; cr * rc < row0 + rows && others.size() < aheadMax + 1; cr++) {
            c[rowDim] = cr;
            for (long ck = col0 / cc; ck * cc < col0 + cols && others.size() < aheadMax + 1; ck++) {
                if (colDim >= 0) c[colDim] = ck;
                long k = grid.chunkIndex(c);
                if (cache.get(k) == null && !decoding.containsKey(k) && chunks.nextStored(k) <= k) others.add(k);
            }
        }
        others.remove(others.isEmpty() ? -1L : others.iterator().next());
        startDecoding(others);
        for (long cr = row0 / rc; cr * rc < row0 + rows; cr++) {
            c[rowDim] = cr;
            long r1 = Math.max(row0, cr * rc), r2 = Math.min(row0 + rows, (cr + 1) * rc);
            for (long ck = col0 / cc; ck * cc < col0 + cols; ck++) {
                if (colDim >= 0) c[colDim] = ck;
                long k1 = Math.max(col0, ck * cc), k2 = Math.min(col0 + cols, (ck + 1) * cc);
                long k = grid.chunkIndex(c);
                byte[] b = chunk(k);
                Decoded p = b == null || failed == null ? null : partial.get(k);
                for (long r = r1; r < r2; r++) {
                    int out = (int) (((r - row0) * cols + (k1 - col0)) * w);
                    long in = base + (r - cr * rc) * rowStride + (k1 - ck * cc) * colStride;
                    int n = (int) (k2 - k1);
                    if (b == null || b == MISSING) {
                        fillInto(dst, out, n);
                        if (b == null && failed != null) java.util.Arrays.fill(failed, out / w, out / w + n, true);
                    } else if (colStride == 1) {
                        System.arraycopy(b, (int) (in * w), dst, out, n * w);
                        if (p != null) for (int i = 0; i < n; i++) if (p.lost().get((int) in + i)) failed[out / w + i] = true;
                    } else {
                        for (int i = 0; i < n; i++, in += colStride, out += w) {
                            System.arraycopy(b, (int) (in * w), dst, out, w);
                            if (p != null && p.lost().get((int) in)) failed[out / w] = true;
                        }
                    }
                }
            }
        }
    }

    /** Whether the chunk at {@code coords} is stored. */
    public boolean exists(long[] coords) { return chunks.exists(coords); }

    /** Why chunk {@code k} cannot be decoded (decoding it to know), or null when it can or is missing. */
    public String chunkFailure(long k) { return chunk(k) == null ? failures.get(k) : null; }

    /** Decodes every stored chunk, handing each failure to the sink; returns the bytes decoded. */
    @Override
    public long verify(Consumer<Diagnostic> sink, Progress progress) {
        long done = 0;
        long n = grid.chunkCount();
        // only chunks that may be stored are visited: the rest of the grid is the fill value
        for (long k = chunks.nextStored(0); k < n; k = chunks.nextStored(k + 1)) {
            progress.checkCancelled();
            long[] c = grid.chunkCoords(k);
            if (!chunks.exists(c)) continue;
            byte[] b;
            try {
                b = chunks.decode(c);
            } catch (ReadProblem e) {
                sink.accept(e.diagnostic());
                continue;
            }
            long expected = grid.chunkElements() * itemSize;
            if (b != null && b.length != expected) {
                sink.accept(StoreRules.CHUNK_SIZE_MISMATCH.at(null, "chunk " + ChunkGrid.key(c, ".") + " decodes to "
                        + b.length + " bytes, " + expected + " expected (the chunk shape × item size)"));
            } else if (b != null) {
                done += b.length;
            }
            progress.update((k + 1) / (double) n, "chunk " + (k + 1) + " of " + n);
        }
        return done;
    }
}
