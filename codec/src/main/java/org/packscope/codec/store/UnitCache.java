package org.packscope.codec.store;

import java.lang.ref.Cleaner;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToLongFunction;

import org.packscope.codec.io.MemoryBudget;

/**
 * The one cache of recently decoded things (units, chunks, a Pco chunk's numbers, heaps,
 * chunk maps), least recently used first out. Each cache has its own bound in entries and
 * bytes; all caches together stay within {@link MemoryBudget#cacheBytes()}: when a put
 * goes past it, the entries used longest ago are dropped from whichever cache holds them,
 * so a file opened beside another cannot make the two hold twice the budget.
 *
 * <p>Values may be null (a chunk never written). The entry being put is never dropped by
 * its own put, so a cache always holds what it was just given, even past the bounds.
 */
public final class UnitCache<K, V> {
    /** What an entry costs beyond its value: a map entry, a boxed key, an array header. */
    public static final long ENTRY_BYTES = 112;

    /** Bytes held by every cache alive. */
    private static final AtomicLong HELD = new AtomicLong();
    /** Ticks of use, across caches, so the entry used longest ago anywhere can be found. */
    private static final AtomicLong CLOCK = new AtomicLong();
    private static final List<WeakReference<UnitCache<?, ?>>> ALL = new ArrayList<>();
    /** Gives back the bytes of a cache collected with its owner (a file no longer open). */
    private static final Cleaner CLEANER = Cleaner.create();
    private static volatile long budget = MemoryBudget.cacheBytes();

    private static final class Entry<V> {
        final V value;
        final long weight;
        long tick;

        Entry(V value, long weight) {
            this.value = value;
            this.weight = weight;
            this.tick = CLOCK.incrementAndGet();
        }
    }

    private final int maxEntries;
    private final long maxBytes;
    private final ToLongFunction<V> weigher;
    /** This cache's bytes; shared with its cleaner, which must not reach the cache. */
    private final AtomicLong held = new AtomicLong();
    private final LinkedHashMap<K, Entry<V>> map = new LinkedHashMap<>(16, 0.75f, true);

    /**
     * @param maxEntries entries kept at most
     * @param maxBytes bytes kept at most, as {@code weigher} counts them plus {@link #ENTRY_BYTES} an entry
     * @param weigher the bytes a value holds (called with null for a null value)
     */
    public UnitCache(int maxEntries, long maxBytes, ToLongFunction<V> weigher) {
        this.maxEntries = maxEntries;
        this.maxBytes = maxBytes;
        this.weigher = weigher;
        AtomicLong mine = held;
        CLEANER.register(this, () -> HELD.addAndGet(-mine.getAndSet(0)));
        synchronized (ALL) {
            ALL.add(new WeakReference<>(this));
        }
    }

    /** A cache of byte arrays keyed by unit index, weighed by their length. */
    public static UnitCache<Long, byte[]> ofBytes(int maxEntries, long maxBytes) {
        return new UnitCache<>(maxEntries, maxBytes, b -> b == null ? 0 : b.length);
    }

    /** The value kept for {@code key}, or null (absent, or kept as null: see {@link #contains}). */
    public synchronized V get(K key) {
        Entry<V> e = map.get(key);
        if (e == null) return null;
        e.tick = CLOCK.incrementAndGet();
        return e.value;
    }

    public synchronized boolean contains(K key) {
        return map.containsKey(key);
    }

    /** Forgets the value kept for {@code key}, if any. */
    public synchronized void remove(K key) {
        Entry<V> old = map.remove(key);
        if (old != null) add(-old.weight);
    }

    /** Keeps {@code value}, dropping what this cache's bounds and then the shared budget ask. */
    public void put(K key, V value) {
        synchronized (this) {
            Entry<V> e = new Entry<>(value, ENTRY_BYTES + weigher.applyAsLong(value));
            Entry<V> old = map.put(key, e);
            add(e.weight - (old == null ? 0 : old.weight));
            Iterator<Map.Entry<K, Entry<V>>> it = map.entrySet().iterator();
            while ((map.size() > maxEntries || held.get() > maxBytes) && map.size() > 1 && it.hasNext()) {
                Map.Entry<K, Entry<V>> eldest = it.next();
                if (eldest.getValue() == e) continue;
                add(-eldest.getValue().weight);
                it.remove();
            }
        }
        // one cache locked at a time, this one released first: two puts cannot deadlock
        while (HELD.get() > budget && dropOldest(this, key)) {
            // each round drops the entry used longest ago, in any cache
        }
    }

    public synchronized int size() { return map.size(); }

    /** Bytes this cache holds, entries' own cost included. */
    public long heldBytes() { return held.get(); }

    /** Bytes all caches alive hold together. */
    public static long heldByAll() { return HELD.get(); }

    /** The bytes all caches together may hold. */
    public static long budget() { return budget; }

    /** Sets the bytes all caches together may hold (a smaller heap, a test); returns the previous budget. */
    public static long budget(long bytes) {
        long before = budget;
        budget = bytes;
        return before;
    }

    private void add(long bytes) {
        held.addAndGet(bytes);
        HELD.addAndGet(bytes);
    }

    /**
     * Drops the entry used longest ago across all caches, never {@code keep} of {@code
     * owner} (the entry just put); false when nothing else is left to drop.
     */
    private static boolean dropOldest(UnitCache<?, ?> owner, Object keep) {
        UnitCache<?, ?> oldest = null;
        long oldestTick = Long.MAX_VALUE;
        for (UnitCache<?, ?> c : alive()) {
            long t = c.eldestTick(c == owner ? keep : null);
            if (t < oldestTick) {
                oldestTick = t;
                oldest = c;
            }
        }
        return oldest != null && oldest.dropEldest(oldest == owner ? keep : null);
    }

    private static List<UnitCache<?, ?>> alive() {
        List<UnitCache<?, ?>> out = new ArrayList<>();
        synchronized (ALL) {
            for (Iterator<WeakReference<UnitCache<?, ?>>> it = ALL.iterator(); it.hasNext();) {
                UnitCache<?, ?> c = it.next().get();
                if (c == null) it.remove();
                else out.add(c);
            }
        }
        return out;
    }

    /** The tick of the entry used longest ago, other than {@code keep}; MAX_VALUE when none. */
    private synchronized long eldestTick(Object keep) {
        for (Map.Entry<K, Entry<V>> e : map.entrySet()) {
            if (keep == null || !keep.equals(e.getKey())) return e.getValue().tick;
        }
        return Long.MAX_VALUE;
    }

    private synchronized boolean dropEldest(Object keep) {
        for (Iterator<Map.Entry<K, Entry<V>>> it = map.entrySet().iterator(); it.hasNext();) {
            Map.Entry<K, Entry<V>> e = it.next();
            if (keep != null && keep.equals(e.getKey())) continue;
            add(-e.getValue().weight);
            it.remove();
            return true;
        }
        return false;
    }
}
