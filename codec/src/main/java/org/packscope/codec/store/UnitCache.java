package org.packscope.codec.store;

import java.util.LinkedHashMap;
import java.util.Map;

/** A few recently decoded units, bounded by count and bytes, so paging through values stays cheap. */
public final class UnitCache {
    private final int maxEntries;
    private final long maxBytes;
    private long bytes;
    private final LinkedHashMap<Long, byte[]> map = new LinkedHashMap<>(16, 0.75f, true);

    public UnitCache(int maxEntries, long maxBytes) {
        this.maxEntries = maxEntries;
        this.maxBytes = maxBytes;
    }

    public synchronized byte[] get(long key) { return map.get(key); }

    /** Forgets the unit under {@code key}, if kept. */
    public synchronized void remove(long key) {
        byte[] old = map.remove(key);
        if (old != null) bytes -= old.length;
    }

    public synchronized void put(long key, byte[] value) {
        byte[] old = map.put(key, value);
        if (old != null) bytes -= old.length;
        bytes += value.length;
        var it = map.entrySet().iterator();
        while ((map.size() > maxEntries || bytes > maxBytes) && map.size() > 1 && it.hasNext()) {
            Map.Entry<Long, byte[]> e = it.next();
            if (e.getKey() == key) continue;
            bytes -= e.getValue().length;
            it.remove();
        }
    }
}
