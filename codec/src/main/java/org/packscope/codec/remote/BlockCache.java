package org.packscope.codec.remote;

import org.packscope.codec.io.MemoryBudget;
import org.packscope.codec.store.UnitCache;

/**
 * Fixed-size blocks of remote objects, shared by every open remote file, least recently
 * used first out. Its bound follows the memory budget: twice what one decoded unit may
 * hold, so the cache never takes more of the heap than two units do.
 */
final class BlockCache {
    static final int BLOCK = 256 << 10;
    /** The shared cache's bound, in bytes: what read-ahead plans against. */
    static final long SHARED_BYTES = Math.max(8L * BLOCK, 2 * MemoryBudget.unitBytes());
    static final BlockCache SHARED = new BlockCache(SHARED_BYTES);

    /** A block: an object (its address and version, so two versions never mix) and its index. */
    record Key(String object, long block) { }

    private final UnitCache<Key, byte[]> blocks;

    BlockCache(long budget) {
        this.blocks = new UnitCache<>(Integer.MAX_VALUE, budget, b -> b.length);
    }

    byte[] get(Key key) {
        return blocks.get(key);
    }

    void put(Key key, byte[] block) {
        blocks.put(key, block);
    }

    long heldBytes() { return blocks.heldBytes(); }
}
