package org.packscope.codec.hdf5;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.Set;

import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.ReadProblem;

/**
 * A chunk index kept as a version 1 B-tree (node type 1), walked once down to its leaves
 * without reading their entries: what stays is each leaf's address, entry count and first
 * chunk, a few bytes per 32-64 chunks. A chunk's entry is read from its leaf when asked
 * for. Every node is visited once: a node listed twice (a cycle, or a DAG whose paths
 * multiply: 64 parents of one child, four levels deep, are 16 million paths) is damage,
 * reported at once at that node.
 */
final class ChunkBTree extends ChunkIndex {
    private static final int SIGNATURE = 0x45455254; // "TREE", little-endian

    private final ByteSource file;
    private final long base;
    private final int so;
    private final long[] dims;
    private final int[] chunkDims;
    private final long[] gridStride;
    private final String path;
    /** Bytes of one key: chunk size, filter mask, one 8-byte offset per dimension and one for the element. */
    private final int keySize;

    private long[] leafAt = new long[16];
    private int[] leafEntries = new int[16];
    /** Written chunks before each leaf (one more element than leaves). */
    private long[] before = new long[17];
    /** Grid position of each leaf's first chunk (an empty leaf: the one before it's). */
    private long[] leafFirst = new long[16];
    private int leaves;
    /** Leaves listed in the order of their chunks, so a chunk is found by binary search. */
    private boolean ordered = true;
    private long storedBytes = -1;
    /** The leaf read last (chunks are mostly asked for in order). */
    private volatile Leaf recent;

    /** The entries of one leaf, read together. */
    private record Leaf(int index, long[] grid, long[][] origins, long[] address, long[] size, int[] mask) { }

    ChunkBTree(ByteSource file, long base, long root, int sizeOfOffsets, long[] dims, int[] chunkDims, String path) {
        this.file = file;
        this.base = base;
        this.so = sizeOfOffsets;
        this.dims = dims;
        this.chunkDims = chunkDims;
        this.path = path;
        this.keySize = 8 + 8 * (dims.length + 1);
        this.gridStride = new long[dims.length];
        long s = 1;
        for (int i = dims.length - 1; i >= 0; i--) {
            gridStride[i] = s;
            long across = chunkDims.length == dims.length && chunkDims[i] > 0 ? (dims[i] + chunkDims[i] - 1) / chunkDims[i] : 1;
            s = multiplySaturated(s, Math.max(1, across));
        }
        if (root != UNDEFINED) walk(root);
    }

    private static long multiplySaturated(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        return hi != 0 || a * b < 0 ? Long.MAX_VALUE : a * b;
    }

    /** Lists the leaves, left to right, each node once; anything damaged stops the walk with its address. */
    private void walk(long root) {
        Set<Long> seen = new HashSet<>();
        ArrayDeque<long[]> todo = new ArrayDeque<>(); // {address, expected level or -1}
        todo.push(new long[] {root, -1});
        while (!todo.isEmpty()) {
            long[] next = todo.pop();
            long rel = next[0];
            long at = base + rel;
            if (!seen.add(rel)) {
                throw Hdf5Failure.problem(Hdf5Rules.CYCLE, "the chunk index (B-tree) of " + path + ": the node at byte " + at
                        + " is reached a second time (listed by two parents, or by itself or a node below it); the index is not followed", at);
            }
            int header = 8 + 2 * so;
            if (rel < 0 || at < 0 || !file.has(at, header)) {
                throw problem(at, "a node is said to start at byte " + at + ", past the end of the file (" + file.size() + " bytes)");
            }
            if (file.i32le(at) != SIGNATURE) throw problem(at, "no TREE signature at byte " + at);
            int type = file.u8(at + 4), level = file.u8(at + 5), entries = file.u16le(at + 6);
            if (type != 1) throw problem(at + 4, "the node at byte " + at + " is of type " + type + ", not a chunk index node (1)");
            if (next[1] >= 0 && level != next[1]) {
                throw problem(at + 5, "the node at byte " + at + " is at level " + level + " but its parent expects level " + next[1]);
            }
            long body = (long) entries * (keySize + so) + keySize;
            if (!file.has(at + header, body)) {
                throw problem(at + 6, "the node at byte " + at + " lists " + entries + " entries (" + body
                        + " bytes), past the end of the file (" + file.size() + " bytes)");
            }
            if (level == 0) {
                addLeaf(rel, entries);
                continue;
            }
            for (int i = entries - 1; i >= 0; i--) {
                todo.push(new long[] {address(at + header + (long) i * (keySize + so) + keySize), level - 1});
            }
        }
    }

    private void addLeaf(long rel, int entries) {
        if (leaves == leafAt.length) {
            int n = leaves * 2;
            leafAt = Arrays.copyOf(leafAt, n);
            leafEntries = Arrays.copyOf(leafEntries, n);
            leafFirst = Arrays.copyOf(leafFirst, n);
            before = Arrays.copyOf(before, n + 1);
        }
        long previous = leaves == 0 ? Long.MIN_VALUE : leafFirst[leaves - 1];
        long first = previous; // an empty leaf sorts with the one before it
        if (entries > 0) {
            first = grid(base + rel + 8 + 2L * so + 8);
            if (first < 0 || first <= previous) ordered = false;
        }
        leafAt[leaves] = rel;
        leafEntries[leaves] = entries;
        leafFirst[leaves] = first;
        before[leaves + 1] = before[leaves] + entries;
        leaves++;
    }

    private long address(long at) {
        return so == 8 ? file.i64le(at) : so == 4 ? file.u32le(at) : so == 2 ? file.u16le(at) : file.u8(at);
    }

    /** The grid position of the chunk whose offsets start at file byte {@code at}, or -1 when they are not a chunk origin of the grid. */
    private long grid(long at) {
        if (chunkDims.length != dims.length) return -1;
        long k = 0;
        for (int i = 0; i < dims.length; i++) {
            long o = file.i64le(at + 8L * i);
            if (o < 0 || o >= dims[i] || o % chunkDims[i] != 0) return -1;
            k += o / chunkDims[i] * gridStride[i];
        }
        return k;
    }

    private long grid(long[] origin) {
        if (origin.length != dims.length || chunkDims.length != dims.length) return -1;
        long k = 0;
        for (int i = 0; i < dims.length; i++) {
            if (origin[i] < 0 || origin[i] >= dims[i] || origin[i] % chunkDims[i] != 0) return -1;
            k += origin[i] / chunkDims[i] * gridStride[i];
        }
        return k;
    }

    private ReadProblem problem(long at, String message) {
        return Hdf5Failure.problem("B-tree node: the chunk index of " + path + ": " + message, at);
    }

    @Override long count() { return before[leaves]; }

    @Override
    Entry get(long i) {
        if (i < 0 || i >= count()) throw new IndexOutOfBoundsException(i + " of " + count());
        int lo = 0, hi = leaves - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (before[mid] <= i) lo = mid; else hi = mid - 1;
        }
        return entry(leaf(lo), (int) (i - before[lo]));
    }

    @Override
    Entry find(long[] origin) {
        long k = grid(origin);
        if (k < 0) return null;
        if (!ordered) {
            for (int l = 0; l < leaves; l++) {
                Entry e = findIn(leaf(l), k);
                if (e != null) return e;
            }
            return null;
        }
        int lo = -1, hi = leaves - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (leafFirst[mid] <= k) lo = mid; else hi = mid - 1;
        }
        while (lo >= 0 && leafEntries[lo] == 0) lo--;
        return lo < 0 ? null : findIn(leaf(lo), k);
    }

    private Entry findIn(Leaf leaf, long k) {
        int i = Arrays.binarySearch(leaf.grid, k);
        if (i < 0) {
            for (int j = 0; j < leaf.grid.length; j++) if (leaf.grid[j] == k) return entry(leaf, j); // entries out of order
            return null;
        }
        return entry(leaf, i);
    }

    @Override
    synchronized long storedBytes() {
        if (storedBytes < 0) {
            long sum = 0;
            for (int l = 0; l < leaves; l++) {
                long at = base + leafAt[l] + 8 + 2L * so;
                for (int i = 0; i < leafEntries[l]; i++) sum += file.u32le(at + (long) i * (keySize + so));
            }
            storedBytes = sum;
        }
        return storedBytes;
    }

    private Entry entry(Leaf leaf, int i) {
        BitSet mask = BitSet.valueOf(new long[] {leaf.mask[i] & 0xffffffffL});
        return new Entry(leaf.origins[i].clone(), leaf.address[i], leaf.size[i], mask);
    }

    private Leaf leaf(int l) {
        Leaf r = recent;
        if (r != null && r.index == l) return r;
        int n = leafEntries[l];
        long at = base + leafAt[l] + 8 + 2L * so;
        long[] grid = new long[n], address = new long[n], size = new long[n];
        int[] mask = new int[n];
        long[][] origins = new long[n][];
        for (int i = 0; i < n; i++) {
            long key = at + (long) i * (keySize + so);
            size[i] = file.u32le(key);
            mask[i] = file.i32le(key + 4);
            long[] o = new long[dims.length];
            for (int d = 0; d < o.length; d++) o[d] = file.i64le(key + 8 + 8L * d);
            origins[i] = o;
            grid[i] = grid(o);
            address[i] = base + address(key + keySize);
        }
        Leaf made = new Leaf(l, grid, origins, address, size, mask);
        recent = made;
        return made;
    }
}
