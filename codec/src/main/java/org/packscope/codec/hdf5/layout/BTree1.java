package org.packscope.codec.hdf5.layout;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import org.packscope.codec.hdf5.Hdf5Rules;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.ReadProblem;

/**
 * A version 1 B-tree node ("TREE", format specification III.A.1): type 0 indexes an
 * old-style group's symbol table nodes by name, type 1 a dataset's chunks by their
 * offsets. Children are nodes one level down, or at level 0 the symbol table nodes or
 * chunks themselves.
 */
public record BTree1(long address, int type, int level, List<Long> children, List<ChunkKey> chunkKeys) {
    public static final int GROUP = 0;
    public static final int CHUNK = 1;

    /** A chunk node's key: the stored chunk's size, filter mask and offset (in elements, per dimension). */
    public record ChunkKey(long size, long filterMask, long[] offset) { }

    /** A chunk reached through a walk: its key and address (relative). */
    public record Chunk(ChunkKey key, long address) { }

    /**
     * Reads the node at relative {@code address}; {@code dimensionality} is the layout's
     * (rank + 1) for chunk nodes. {@code expectType}/{@code expectLevel} (-1: any) are what
     * the parent says it must be.
     */
    public static BTree1 read(FileContext c, long address, int expectType, int expectLevel, int dimensionality, int k, Node n, String what) {
        c.requireInFile(address, 8 + 2L * c.offsetSize(), null, "a B-tree node of " + what);
        FieldReader r = c.reader(address, n);
        FileContext.signature(r, "TREE", "tree.signature", "version 1 B-tree node");
        long typeAt = r.byteOffset();
        int type = r.u8("tree.type", "node type", "0: group nodes (symbol tables), 1: raw data chunks");
        int level = r.u8("tree.level", "node level", "0 for leaves; parents are one level up");
        long entriesAt = r.byteOffset();
        int entries = r.u16le("tree.entries", "entries used", "children in this node (at most 2K)");
        c.address(r, "tree.left", "left sibling address", "the node to the left at this level (undefined: none)");
        c.address(r, "tree.right", "right sibling address", "the node to the right at this level (undefined: none)");
        if (type != expectType) {
            throw ReadProblem.at(StructureRules.BAD_BTREE, Span.bytes(typeAt, 1), what + ": the B-tree node at byte " + c.abs(address)
                    + " is of type " + type + " but " + (expectType == GROUP ? "a group's" : "a chunk") + " index needs type " + expectType);
        }
        if (expectLevel >= 0 && level != expectLevel) {
            throw ReadProblem.at(StructureRules.BAD_BTREE, Span.bytes(typeAt + 1, 1), what + ": the B-tree node at byte " + c.abs(address)
                    + " is at level " + level + " but its parent is at level " + (expectLevel + 1));
        }
        long keySize = type == GROUP ? c.lengthSize() : 8 + 8L * dimensionality;
        if (entries > 2 * Math.max(k, 1) || !c.inFile(address + 8 + 2L * c.offsetSize(), (entries + 1) * keySize + (long) entries * c.offsetSize())) {
            throw ReadProblem.at(StructureRules.BAD_COUNT, Span.bytes(entriesAt, 2), what + ": the B-tree node at byte " + c.abs(address)
                    + " claims " + entries + " entries (at most " + 2 * k + ", and the file must hold them)");
        }
        List<Long> children = new ArrayList<>(entries);
        List<ChunkKey> keys = new ArrayList<>(entries + 1);
        if (!r.recording()) {
            // a walk over a million chunks: keys and children straight from the bytes (their room was checked above)
            readUnrecorded(c, r.byteOffset(), type, entries, keySize, dimensionality, children, keys);
            return new BTree1(address, type, level, List.copyOf(children), List.copyOf(keys));
        }
        for (int i = 0; i <= entries; i++) {
            if (type == GROUP) {
                FileContext.uint(r, c.lengthSize(), "tree.key", i, "key " + i, "heap offset of the largest name to its left");
            } else {
                long size = r.u32le("tree.chunk_size", i, "key " + i + " chunk size", "bytes the stored (filtered) chunk takes");
                long mask = r.u32le("tree.filter_mask", i, "key " + i + " filter mask", "bit i set: filter i was skipped for this chunk");
                long[] offset = new long[dimensionality];
                for (int d = 0; d < dimensionality; d++) offset[d] = r.uintLe(8, "chunk offset");
                if (r.recording()) {
                    long end = r.byteOffset();
                    r.recordSpan("tree.chunk_offset", i, "key " + i + " offset", end - 8L * dimensionality, end,
                            java.util.Arrays.toString(java.util.Arrays.copyOf(offset, dimensionality - 1)), "the chunk's first element, per dimension");
                }
                keys.add(new ChunkKey(size, mask, offset));
            }
            if (i < entries) {
                long child = c.address(r, "tree.child", i, "child " + i, level == 0 ? (type == GROUP ? "a symbol table node" : "a chunk") : "a node one level down");
                children.add(child);
            }
        }
        return new BTree1(address, type, level, List.copyOf(children), List.copyOf(keys));
    }

    private static void readUnrecorded(FileContext c, long at, int type, int entries, long keySize, int dimensionality,
                                       List<Long> children, List<ChunkKey> keys) {
        var s = c.source();
        for (int i = 0; i <= entries; i++) {
            if (type == CHUNK) {
                long[] offset = new long[dimensionality];
                for (int d = 0; d < dimensionality; d++) offset[d] = s.i64le(at + 8 + 8L * d);
                keys.add(new ChunkKey(s.u32le(at), s.u32le(at + 4), offset));
            }
            at += keySize;
            if (i < entries) {
                children.add(c.addressAt(at));
                at += c.offsetSize();
            }
        }
    }

    /** Nodes a walk visits before it stops (a real index of millions of chunks has tens of thousands). */
    static final int MAX_NODES = 1_000_000;

    /**
     * Walks the whole tree from {@code root} without recording, handing each leaf child
     * (symbol table node address, or chunk with its key) to {@code leaf}. A node that
     * cannot be read loses its subtree, reported to {@code problems} with its address; a
     * node reached twice is a cycle (or shared subtree) and is not read again. Only the
     * first node reached twice is reported: in a DAG whose paths multiply the others are
     * the same damage seen again.
     */
    public static void walk(FileContext c, long root, int type, int dimensionality, int k, Consumer<Chunk> leaf,
                            Consumer<Diagnostic> problems, String what) {
        Set<Long> seen = new HashSet<>();
        Deque<long[]> todo = new ArrayDeque<>();
        boolean shared = false;
        todo.push(new long[] {root, -1});
        while (!todo.isEmpty()) {
            long[] at = todo.pop();
            if (!seen.add(at[0])) {
                if (!shared) {
                    problems.accept(Diagnostic.errorAtByte(c.abs(at[0]), Hdf5Rules.CYCLE, what + ": the B-tree node at byte " + c.abs(at[0])
                            + " is reached a second time; it is not read again"));
                }
                shared = true;
                continue;
            }
            if (seen.size() > MAX_NODES) {
                problems.accept(Diagnostic.errorAtByte(c.abs(at[0]), StructureRules.BAD_COUNT, what + ": more than " + MAX_NODES + " B-tree nodes"));
                return;
            }
            BTree1 node;
            try {
                node = read(c, at[0], type, (int) at[1], dimensionality, k, null, what);
            } catch (ReadProblem p) {
                problems.accept(p.diagnostic());
                continue;
            }
            for (int i = node.children.size() - 1; i >= 0; i--) {
                long child = node.children.get(i);
                if (node.level == 0) {
                    leaf.accept(new Chunk(type == CHUNK ? node.chunkKeys.get(i) : null, child));
                } else {
                    todo.push(new long[] {child, node.level - 1});
                }
            }
        }
    }
}
