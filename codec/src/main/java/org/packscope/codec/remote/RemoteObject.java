package org.packscope.codec.remote;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;

/**
 * One remote object as it was when opened: its size and version are pinned, and every
 * read goes through the shared {@link BlockCache}. Missing blocks are fetched as few
 * requests as possible: adjacent ones and ones across a gap of one cached block become one
 * range, long ranges are cut into {@link #MAX_REQUEST} pieces fetched side by side (at most
 * {@link #CONCURRENCY} requests in flight in the process), and a read that continues the
 * previous one fetches ahead, doubling up to {@link #MAX_READ_AHEAD} blocks.
 */
final class RemoteObject {
    static final int CONCURRENCY = 8;
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
    private volatile long lastBlock = -2;
    private volatile int readAhead;

    private RemoteObject(ObjectStore store, String key, long size, String version, BlockCache cache) {
        this.store = store;
        this.key = key;
        this.size = size;
        this.version = version;
        this.cacheId = store.describe(key) + "#" + version;
        this.cache = cache;
    }

    /** Opens the object with one request: its first block, which also tells its size and version. */
    static RemoteObject open(ObjectStore store, String key) throws IOException {
        ObjectStore.Fetched f = guarded(() -> store.read(key, 0, BlockCache.BLOCK, null));
        RemoteObject o = new RemoteObject(store, key, f.objectSize(), f.version(), BlockCache.SHARED);
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
    }

    /** Block {@code b}, fetching it with everything missing up to {@code last} (plus read-ahead) when it is not cached. */
    byte[] block(long b, long last) throws IOException {
        byte[] hit = cache.get(new BlockCache.Key(cacheId, b));
        if (hit != null) {
            RemoteStats.hit();
            return hit;
        }
        RemoteStats.miss();
        fetch(b, last);
        byte[] got = cache.get(new BlockCache.Key(cacheId, b));
        if (got == null) throw truncated(b);
        return got;
    }

    private void fetch(long b0, long b1) throws IOException {
        long lastOfObject = size == 0 ? 0 : (size - 1) / BlockCache.BLOCK;
        boolean sequential = b0 == lastBlock || b0 == lastBlock + 1;
        readAhead = sequential ? Math.min(MAX_READ_AHEAD, Math.max(1, readAhead * 2)) : 0;
        long end = Math.min(lastOfObject, b1 + readAhead);
        lastBlock = end;
        // the missing blocks as runs; a gap of up to GAP_BLOCKS cached blocks is fetched again rather than split
        List<long[]> runs = new ArrayList<>();
        long runStart = -1;
        long runEnd = -1;
        for (long b = b0; b <= end; b++) {
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
        List<long[]> requests = new ArrayList<>();
        int perRequest = MAX_REQUEST / BlockCache.BLOCK;
        for (long[] r : runs) {
            for (long s = r[0]; s <= r[1]; s += perRequest) requests.add(new long[] {s, Math.min(r[1], s + perRequest - 1)});
        }
        if (requests.size() == 1) {
            fetchRange(requests.get(0));
            return;
        }
        List<Future<Void>> pending = new ArrayList<>();
        for (long[] r : requests) pending.add(FETCHERS.submit(() -> { fetchRange(r); return null; }));
        for (Future<Void> f : pending) {
            try {
                f.get();
            } catch (InterruptedException e) {
                pending.forEach(p -> p.cancel(true));
                Thread.currentThread().interrupt();
                throw new CancellationException("reading " + address() + " was cancelled");
            } catch (ExecutionException e) {
                pending.forEach(p -> p.cancel(true));
                if (e.getCause() instanceof IOException io) throw io;
                if (e.getCause() instanceof RuntimeException re) throw re;
                throw new IOException(e.getCause());
            }
        }
    }

    private void fetchRange(long[] blocks) throws IOException {
        long start = blocks[0] * BlockCache.BLOCK;
        long stop = Math.min(size, (blocks[1] + 1) * BlockCache.BLOCK);
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
