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
 * previous one fetches ahead, doubling up to {@link #MAX_READ_AHEAD} blocks. A block being
 * fetched for one reader is awaited by the others, never asked for twice.
 */
final class RemoteObject {
    static final int CONCURRENCY = 16;
    static final int GAP_BLOCKS = 1;
    static final int MAX_READ_AHEAD = 32;
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
    private volatile long lastBlock = -2;
    private volatile int readAhead;

    private RemoteObject(ObjectStore store, String key, long size, String version, BlockCache cache, LongConsumer readWhole) {
        this.store = store;
        this.key = key;
        this.size = size;
        this.version = version;
        this.cacheId = store.describe(key) + "#" + version;
        this.cache = cache;
        this.readWhole = readWhole;
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

    private void fetch(long b0, long b1) throws IOException {
        List<Request> requests = new ArrayList<>();
        List<CompletableFuture<Void>> awaited = new ArrayList<>();
        synchronized (this) {
            long lastOfObject = size == 0 ? 0 : (size - 1) / BlockCache.BLOCK;
            boolean sequential = b0 == lastBlock || b0 == lastBlock + 1;
            readAhead = sequential ? Math.min(MAX_READ_AHEAD, Math.max(1, readAhead * 2)) : 0;
            long end = Math.min(lastOfObject, b1 + readAhead);
            lastBlock = end;
            // the missing blocks as runs; a gap of up to GAP_BLOCKS cached blocks is fetched again
            // rather than split, a block already on its way ends a run and is awaited instead
            List<long[]> runs = new ArrayList<>();
            long runStart = -1;
            long runEnd = -1;
            for (long b = b0; b <= end; b++) {
                CompletableFuture<Void> coming = arriving.get(b);
                if (coming != null) {
                    if (b <= b1 && !awaited.contains(coming)) awaited.add(coming);
                    if (runStart >= 0) runs.add(new long[] {runStart, runEnd});
                    runStart = -1;
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
                    requests.add(req);
                }
            }
        }
        List<Future<Void>> pending = new ArrayList<>();
        for (int i = 1; i < requests.size(); i++) {
            Request r = requests.get(i);
            pending.add(FETCHERS.submit(() -> { fetchArriving(r); return null; }));
        }
        try {
            if (!requests.isEmpty()) fetchArriving(requests.get(0));
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
                if (pending.get(i).cancel(true)) abandon(requests.get(i + 1), e);
            }
            throw e;
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
