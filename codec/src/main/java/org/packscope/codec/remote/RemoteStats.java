package org.packscope.codec.remote;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What remote reading has cost in this process: requests sent (retries and redirects
 * included), body bytes received, and reads answered from the block cache. The status bar
 * and {@code check}/{@code bench} show these.
 */
public final class RemoteStats {
    private static final AtomicLong REQUESTS = new AtomicLong();
    private static final AtomicLong BYTES = new AtomicLong();
    private static final AtomicLong HITS = new AtomicLong();
    private static final AtomicLong MISSES = new AtomicLong();

    private RemoteStats() { }

    /** A moment's figures; subtract two to get what happened between them. */
    public record Snapshot(long requests, long bytes, long cacheHits, long cacheMisses) {
        public Snapshot minus(Snapshot before) {
            return new Snapshot(requests - before.requests, bytes - before.bytes,
                    cacheHits - before.cacheHits, cacheMisses - before.cacheMisses);
        }

        public boolean any() { return requests != 0 || cacheHits != 0; }

        /** One line: {@code requests=R bytes_fetched=B cache_hits=H}. */
        @Override public String toString() {
            return "requests=" + requests + " bytes_fetched=" + bytes + " cache_hits=" + cacheHits;
        }
    }

    public static Snapshot now() {
        return new Snapshot(REQUESTS.get(), BYTES.get(), HITS.get(), MISSES.get());
    }

    static void request() { REQUESTS.incrementAndGet(); }

    static void bytes(long n) { BYTES.addAndGet(n); }

    static void hit() { HITS.incrementAndGet(); }

    static void miss() { MISSES.incrementAndGet(); }
}
