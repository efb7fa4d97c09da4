package org.packscope.codec.remote;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * One remote object as it was when opened: its size and version are pinned, and every
 * read goes through the shared {@link BlockCache}. Missing blocks are fetched as few
 * requests as possible: adjacent ones and ones across a gap of one cached block become one
 * range, long ranges are cut into {@link #MAX_REQUEST} pieces fetched side by side (at most
 * {@link #CONCURRENCY} requests in flight in the process), and a read that continues the
 * previous one has the next blocks fetched ahead in the background, doubling up to
 * {@link #MAX_READ_AHEAD} blocks, so a sequential decode overlaps with the transfer. A block
 * being fetched for one reader is awaited by the others, never asked for twice.
 */
final class RemoteObject {
    static final int CONCURRENCY = 16;
    static final int GAP_BLOCKS = 1;
    /** Sequential readers of one object followed at once (the decoding threads, and a few more). */
    static final int STREAMS = 4;
    /**
     * Blocks fetched ahead of one sequential reader, at most: 16 MiB keeps a 200 MB/s link
     * busy while the reader decodes (8 MiB left it idle a tenth of the time), but the
     * streams' read-ahead together stays within half the block cache, so what came ahead is
     * still there when the reader gets to it (at a 256 MB heap, 8 MiB).
     */
    static final int MAX_READ_AHEAD = (int) Math.max(8, Math.min(64, BlockCache.SHARED_BYTES / BlockCache.BLOCK / (2 * STREAMS)));
    static final int MAX_REQUEST = 32 * BlockCache.BLOCK;
    private static final Semaphore IN_FLIGHT = new Semaphore(CONCURRENCY);
    private static final ExecutorService FETCHERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "packscope-remote-fetch");
        t.setDaemon(true);
        return t;
    });

    private final ObjectStore store;
    private final String key;
    private final long size;
    private final String version;
    private final String cacheId;
    private final BlockCache cache;
    private final LongConsumer readWhole;
    /** Blocks on their way, each with the request that brings it; guarded by {@code this}. */
    private final Map<Long, CompletableFuture<Void>> arriving = new HashMap<>();
    private final AtomicLong bytesRead = new AtomicLong();
    /** The sequential readers followed, at most {@link #STREAMS}; guarded by {@code this}. */
    private final Stream[] streams = new Stream[STREAMS];
    private long uses;

    private RemoteObject(ObjectStore store, String key, long size, String version, BlockCache cache, LongConsumer readWhole) {
        this.store = store;
        this.key = key;
        this.size = size;
        this.version = version;
        this.cacheId = store.describe(key) + "#" + version;
        this.cache = cache;
        this.readWhole = readWhole;
        for (int i = 0; i < STREAMS; i++) streams[i] = new Stream();
    }

    /**
     * Opens the object with one request for its first {@code firstBytes} (a whole number of
     * blocks), which also tells its size and version. {@code readWhole} hears the size of the
     * object once it has been read to its end, so its neighbours can be opened in one request.
     */
    static RemoteObject open(ObjectStore store, String key, int firstBytes, LongConsumer readWhole) throws IOException {
        int first = Math.max(BlockCache.BLOCK, firstBytes / BlockCache.BLOCK * BlockCache.BLOCK);
        ObjectStore.Fetched f = guarded(() -> store.read(key, 0, first, null));
        RemoteObject o = new RemoteObject(store, key, f.objectSize(), f.version(), BlockCache.SHARED, readWhole);
        o.keep(f);
        return o;
    }

    long size() { return size; }

    String version() { return version; }

    String address() { return store.describe(key); }

    /** Copies {@code len} bytes at {@code pos}; the range lies inside the object. */
    void read(long pos, byte[] dst, int off, int len) throws IOException {
        if (len == 0) return;
        long b0 = pos / BlockCache.BLOCK;
        long b1 = (pos + len - 1) / BlockCache.BLOCK;
        for (long b = b0; b <= b1; b++) {
            byte[] block = block(b, b1);
            long blockStart = b * BlockCache.BLOCK;
            long from = Math.max(pos, blockStart);
            long to = Math.min(pos + len, blockStart + block.length);
            if (to <= from) throw truncated(b);
            System.arraycopy(block, (int) (from - blockStart), dst, off + (int) (from - pos), (int) (to - from));
        }
        if (bytesRead.addAndGet(len) >= size && pos + len == size) readWhole.accept(size);
    }

    /** Block {@code b}, fetching it with everything missing up to {@code last} (plus read-ahead) when it is not cached. */
    byte[] block(long b, long last) throws IOException {
        BlockCache.Key k = new BlockCache.Key(cacheId, b);
        byte[] hit = cache.get(k);
        if (hit != null) {
            RemoteStats.hit();
            keepAhead(b);
            return hit;
        }
        RemoteStats.miss();
        // a second round covers a block that another reader's failed request was to bring
        for (int round = 0; round < 2; round++) {
            fetch(b, last);
            byte[] got = cache.get(k);
            if (got != null) return got;
        }
        throw truncated(b);
    }

    /**
     * Fetches the missing blocks {@code b0..b1} and waits for them. A read that continues
     * the ones before (it starts inside or just after a reader's window) also asks
     * for the next blocks, doubling up to {@link #MAX_READ_AHEAD}, without waiting for them:
     * they arrive while the reader decodes what it has.
     */
    private void fetch(long b0, long b1) throws IOException {
        List<Request> needed = new ArrayList<>();
        List<Request> ahead = new ArrayList<>();
        List<CompletableFuture<Void>> awaited = new ArrayList<>();
        synchronized (this) {
            Stream s = streamAt(b0);
            if (s == null) {
                s = oldestStream();
                s.start = b0;
                s.last = -2;
                s.ahead = 0;
            } else {
                s.ahead = Math.min(MAX_READ_AHEAD, Math.max(1, s.ahead * 2));
            }
            s.used = ++uses;
            long end = Math.min(lastOfObject(), b1 + s.ahead);
            plan(b0, end, b1, needed, ahead, awaited);
            s.last = Math.max(s.last, end);
        }
        startAhead(ahead);
        List<Future<Void>> pending = new ArrayList<>();
        for (int i = 1; i < needed.size(); i++) {
            Request r = needed.get(i);
            pending.add(FETCHERS.submit(() -> { fetchArriving(r); return null; }));
        }
        try {
            if (!needed.isEmpty()) fetchArriving(needed.get(0));
            for (Future<Void> f : pending) await(f);
            // another reader's failure is its own to report; this reader only needs the blocks
            for (CompletableFuture<Void> f : awaited) {
                try {
                    await(f);
                } catch (IOException | RuntimeException e) {
                    // the block stays missing, and block() asks for it once more
                }
            }
        } catch (IOException | RuntimeException e) {
            for (int i = 0; i < pending.size(); i++) {
                // a request cancelled before it ran must still release the readers awaiting it
                if (pending.get(i).cancel(true)) abandon(needed.get(i + 1), e);
            }
            throw e;
        }
    }

    /**
     * A sequential reader that reaches the second half of what was fetched ahead has the
     * next stretch (twice as long, up to {@link #MAX_READ_AHEAD}) asked for now, so that the data keeps arriving ahead of it rather than
     * when it runs out.
     */
    private void keepAhead(long b) {
        List<Request> ahead = new ArrayList<>();
        synchronized (this) {
            Stream s = streamAt(b);
            if (s == null || s.ahead == 0 || b + s.ahead / 2 < s.last || s.last >= lastOfObject()) return;
            // reading on into what came ahead is as sequential as a miss: the stretch doubles
            s.ahead = Math.min(MAX_READ_AHEAD, s.ahead * 2);
            s.used = ++uses;
            long end = Math.min(lastOfObject(), s.last + s.ahead);
            plan(s.last + 1, end, -1, new ArrayList<>(), ahead, new ArrayList<>());
            s.last = end;
        }
        startAhead(ahead);
    }

    /** The stream whose window holds block {@code b} or ends just before it, or null; caller holds the lock. */
    private Stream streamAt(long b) {
        for (Stream s : streams) if (b >= s.start && b <= s.last + 1) return s;
        return null;
    }

    /** The stream used longest ago, to follow a new reader; caller holds the lock. */
    private Stream oldestStream() {
        Stream oldest = streams[0];
        for (Stream s : streams) if (s.used < oldest.used) oldest = s;
        return oldest;
    }

    /**
     * One sequential reader's window: the block it started at, the last block asked for
     * and how far ahead it is fetched. Several are followed at once, since parallel
     * decoding reads one object from several places, each front to back.
     */
    private static final class Stream {
        long start = -2;
        long last = -2;
        int ahead;
        long used;
    }

    private long lastOfObject() { return size == 0 ? 0 : (size - 1) / BlockCache.BLOCK; }

    /**
     * Plans requests for the missing blocks of {@code b0..end}: those up to {@code need}
     * into {@code needed}, the rest into {@code ahead}, a request never crossing {@code need};
     * blocks already on their way up to {@code need} go into {@code awaited}. A gap of up to
     * GAP_BLOCKS cached blocks is fetched again rather than split a run. Caller holds the lock.
     */
    private void plan(long b0, long end, long need, List<Request> needed, List<Request> ahead, List<CompletableFuture<Void>> awaited) {
        List<long[]> runs = new ArrayList<>();
        long runStart = -1;
        long runEnd = -1;
        for (long b = b0; b <= end; b++) {
            CompletableFuture<Void> coming = arriving.get(b);
            boolean cut = b == need + 1;
            if (coming != null || cut) {
                if (runStart >= 0) runs.add(new long[] {runStart, runEnd});
                runStart = -1;
            }
            if (coming != null) {
                if (b <= need && !awaited.contains(coming)) awaited.add(coming);
                continue;
            }
            if (cache.get(new BlockCache.Key(cacheId, b)) != null) continue;
            if (runStart >= 0 && b - runEnd - 1 <= GAP_BLOCKS) {
                runEnd = b;
            } else {
                if (runStart >= 0) runs.add(new long[] {runStart, runEnd});
                runStart = b;
                runEnd = b;
            }
        }
        if (runStart >= 0) runs.add(new long[] {runStart, runEnd});
        int perRequest = MAX_REQUEST / BlockCache.BLOCK;
        for (long[] r : runs) {
            for (long s = r[0]; s <= r[1]; s += perRequest) {
                Request req = new Request(s, Math.min(r[1], s + perRequest - 1), new CompletableFuture<>());
                for (long b = req.first; b <= req.last; b++) arriving.put(b, req.done);
                (req.first <= need ? needed : ahead).add(req);
            }
        }
    }

    /** Sends read-ahead requests off without waiting: whoever reaches their blocks awaits them then. */
    private void startAhead(List<Request> ahead) {
        for (Request r : ahead) {
            FETCHERS.submit(() -> {
                try {
                    fetchArriving(r);
                } catch (IOException | RuntimeException e) {
                    // a reader that reaches these blocks asks for them again and reports what fails then
                }
            });
        }
    }

    /** Ends a request's wait for whoever awaits it (a no-op once it has arrived) and forgets it. */
    private synchronized void abandon(Request r, Exception why) {
        r.done.completeExceptionally(why);
        for (long b = r.first; b <= r.last; b++) arriving.remove(b, r.done);
    }

    /** Blocks {@code first} to {@code last} in one request, and who awaits them. */
    private record Request(long first, long last, CompletableFuture<Void> done) { }

    /** What {@code f} gives, its failure rethrown as it was, an interruption as a cancellation. */
    static <T> T await(Future<T> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("reading was cancelled");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) throw io;
            if (e.getCause() instanceof RuntimeException re) throw re;
            throw new IOException(e.getCause());
        }
    }

    /** Fetches one request's blocks and tells whoever awaits them, whatever the outcome. */
    private void fetchArriving(Request r) throws IOException {
        try {
            fetchRange(r.first, r.last);
            r.done.complete(null);
        } catch (IOException | RuntimeException e) {
            r.done.completeExceptionally(e);
            throw e;
        } finally {
            abandon(r, new CancellationException("reading was cancelled"));
        }
    }

    private void fetchRange(long fromBlock, long toBlock) throws IOException {
        long start = fromBlock * BlockCache.BLOCK;
        long stop = Math.min(size, (toBlock + 1) * BlockCache.BLOCK);
        if (stop <= start) return;
        ObjectStore.Fetched f = guarded(() -> store.read(key, start, (int) (stop - start), version));
        if (f.objectSize() != size) {
            throw new RemoteProblem(RemoteRules.REMOTE_CHANGED, address(), 0,
                    "the object is now " + f.objectSize() + " bytes, it was " + size + " when opened");
        }
        keep(f);
    }

    /** Files fetched bytes as blocks; only whole blocks (or the object's last one) go into the cache. */
    private void keep(ObjectStore.Fetched f) {
        byte[] bytes = f.bytes();
        long start = f.start();
        long end = start + bytes.length;
        for (long b = (start + BlockCache.BLOCK - 1) / BlockCache.BLOCK; b * BlockCache.BLOCK < end; b++) {
            long bs = b * BlockCache.BLOCK;
            long be = Math.min(bs + BlockCache.BLOCK, f.objectSize());
            if (be > end) break;
            byte[] block = new byte[(int) (be - bs)];
            System.arraycopy(bytes, (int) (bs - start), block, 0, block.length);
            cache.put(new BlockCache.Key(cacheId, b), block);
        }
    }

    private static ObjectStore.Fetched guarded(Retries.Call<ObjectStore.Fetched> call) throws IOException {
        try {
            IN_FLIGHT.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("cancelled while waiting for a connection");
        }
        try {
            return call.run();
        } finally {
            IN_FLIGHT.release();
        }
    }

    private RemoteProblem truncated(long block) {
        return new RemoteProblem(RemoteRules.REMOTE_TRUNCATED, address(), 0,
                "block " + block + " (bytes from " + block * BlockCache.BLOCK + ") did not arrive whole");
    }
}
