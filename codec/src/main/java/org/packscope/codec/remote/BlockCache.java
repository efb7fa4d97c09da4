package org.packscope.codec.remote;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

import org.packscope.codec.io.MemoryBudget;

/**
 * Fixed-size blocks of remote objects, shared by every open remote file, least recently
 * used first out. Its bound follows the memory budget: twice what one decoded unit may
 * hold, so the cache never takes more of the heap than two units do.
 */
final class BlockCache {
    static final int BLOCK = 256 << 10;
    static final BlockCache SHARED = new BlockCache(Math.max(8L * BLOCK, 2 * MemoryBudget.unitBytes()));

    /** A block: an object (its address and version, so two versions never mix) and its index. */
    record Key(String object, long block) { }

    private final long budget;
    private long held;
    private final LinkedHashMap<Key, byte[]> blocks = new LinkedHashMap<>(64, 0.75f, true);

    BlockCache(long budget) {
        this.budget = budget;
    }

    synchronized byte[] get(Key key) {
        return blocks.get(key);
    }

    synchronized void put(Key key, byte[] block) {
        byte[] old = blocks.put(key, block);
        held += block.length - (old == null ? 0 : old.length);
        for (Iterator<Map.Entry<Key, byte[]>> it = blocks.entrySet().iterator(); held > budget && it.hasNext(); ) {
            Map.Entry<Key, byte[]> e = it.next();
            if (e.getKey().equals(key)) continue;
            held -= e.getValue().length;
            it.remove();
        }
    }

    synchronized long heldBytes() { return held; }
}
