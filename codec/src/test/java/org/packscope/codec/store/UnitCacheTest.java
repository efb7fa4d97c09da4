package org.packscope.codec.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.testing.Fixtures;

/**
 * One cache for every format: each cache keeps its own bounds, and all caches together
 * keep within the shared budget, the entry used longest ago going first wherever it is.
 */
class UnitCacheTest {
    private final long budgetBefore = UnitCache.budget();

    @AfterEach
    void restoreBudget() {
        UnitCache.budget(budgetBefore);
    }

    @Test
    void eachCacheKeepsItsBoundsInEntriesAndBytesAndTheNewestEntry() {
        UnitCache<Long, byte[]> c = UnitCache.ofBytes(3, 10_000);
        for (long k = 0; k < 5; k++) c.put(k, new byte[100]);
        assertEquals(3, c.size());
        assertNull(c.get(0L));
        assertEquals(3 * (UnitCache.ENTRY_BYTES + 100), c.heldBytes());
        c.get(2L); // now 3 is the eldest
        c.put(9L, new byte[100]);
        assertNull(c.get(3L));
        assertEquals(100, c.get(2L).length);
        // one entry past the byte bound stays: the cache holds what it was just given
        c.put(10L, new byte[20_000]);
        assertEquals(1, c.size());
        assertEquals(UnitCache.ENTRY_BYTES + 20_000, c.heldBytes());
    }

    @Test
    void aNullValueIsKeptAndToldApartFromAbsence() {
        UnitCache<Long, byte[]> c = UnitCache.ofBytes(4, 1 << 20);
        c.put(1L, null);
        assertNull(c.get(1L));
        assertTrue(c.contains(1L));
        assertTrue(!c.contains(2L));
        assertEquals(UnitCache.ENTRY_BYTES, c.heldBytes());
    }

    @Test
    void theSharedBudgetDropsTheEntryUsedLongestAgoInAnyCache() {
        // what earlier tests' caches hold goes first (it is older): a budget of nothing leaves one empty entry
        UnitCache<Long, byte[]> marker = UnitCache.ofBytes(1, 0);
        UnitCache.budget(0);
        marker.put(0L, null);
        assertEquals(UnitCache.ENTRY_BYTES, UnitCache.heldByAll());
        UnitCache<Long, byte[]> a = UnitCache.ofBytes(100, Long.MAX_VALUE);
        UnitCache<String, long[]> b = new UnitCache<>(100, Long.MAX_VALUE, v -> 8L * v.length);
        UnitCache.budget(UnitCache.heldByAll() + 10 * (UnitCache.ENTRY_BYTES + 1000));
        for (long k = 0; k < 5; k++) a.put(k, new byte[1000]);
        for (int k = 0; k < 5; k++) b.put("k" + k, new long[125]);
        assertEquals(5, a.size());
        a.get(0L); // a's first entry used again: a's entry 1 is now the oldest anywhere
        b.put("k5", new long[125]);
        assertTrue(a.contains(0L));
        assertTrue(!a.contains(1L), "the oldest entry of all, though another cache was put to");
        assertEquals(4, a.size());
        assertEquals(6, b.size());
        assertTrue(UnitCache.heldByAll() <= UnitCache.budget());
    }

    /**
     * Pco numbers, bcolz and Blosc chunks, HDF5 chunks and Zarr chunks, read whole one
     * file after the other: with the budget unbounded their caches hold more than a small
     * budget; with the small budget all of them together never pass it.
     */
    @Test
    void theBudgetHoldsAcrossFormats() {
        long small = 1L << 20;
        UnitCache.budget(Long.MAX_VALUE);
        long before = UnitCache.heldByAll();
        List<Node> open = openAll(); // kept reachable: their caches count until they are collected
        long[] peak = {0};
        readEverything(open, () -> peak[0] = Math.max(peak[0], UnitCache.heldByAll() - before));
        assertTrue(peak[0] > 2 * small, "the formats' caches hold " + peak[0] + " bytes when unbounded");

        UnitCache.budget(small);
        List<Node> again = openAll();
        long[] values = {0};
        readEverything(again, () -> {
            values[0]++;
            assertTrue(UnitCache.heldByAll() <= small, UnitCache.heldByAll() + " bytes held, budget " + small);
        });
        assertTrue(values[0] > 10, "columns read: " + values[0]);
        assertEquals(open.size(), again.size());
    }

    private static List<Node> openAll() {
        FormatRegistry registry = FormatRegistry.standard();
        return List.of(
                "fixtures/pco/v1_0/multichunk_u16_300k.pco",
                "fixtures/bcolz/carray_int64_lz4_c1_shuffle_multiblock",
                "fixtures/bcolz/carray_uint16_lz4hc_c1_bitshuffle",
                "fixtures/hdf5-filters/blosc.h5",
                "fixtures/hdf5-filters/lz4.h5",
                "fixtures/zarr/v2.zarr").stream().map(r -> registry.open(Fixtures.resource(r))).toList();
    }

    /** Reads every value column a few levels down, calling {@code afterEach} after each. */
    private static void readEverything(List<Node> roots, Runnable afterEach) {
        for (Node r : roots) read(r, 0, afterEach);
    }

    private static void read(Node n, int depth, Runnable afterEach) {
        ValueColumn col = n.values();
        if (col != null && col.count() > 0 && col.type().numeric()) {
            long[] buf = new long[4096];
            for (long at = 0; at < col.count(); at += buf.length) {
                int len = (int) Math.min(buf.length, col.count() - at);
                col.read(at, buf, 0, len);
            }
            long[] again = new long[1];
            col.read(0, again, 0, 1); // the first chunk again, after the last: decoded anew or kept, the same
            long[] first = new long[1];
            col.read(0, first, 0, 1);
            assertArrayEquals(first, again);
            afterEach.run();
        }
        if (depth < 4) for (Node c : n.children()) read(c, depth + 1, afterEach);
    }
}
