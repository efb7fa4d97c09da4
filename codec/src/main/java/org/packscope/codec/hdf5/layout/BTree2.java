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
 * A version 2 B-tree (format specification III.A.2): its header ("BTHD") and its
 * internal ("BTIN") and leaf ("BTLF") nodes, each checksummed. Records are fixed-size
 * byte strings whose meaning depends on the tree's type (5: link names, 8: attribute
 * names, 10/11: chunks); a record is handed on as its absolute place.
 */
public record BTree2(long address, int type, int nodeSize, int recordSize, int depth, long root, int rootRecords, long totalRecords,
                     int offsetSize) {

    /** Record types PackScope reads. */
    public static final int LINK_NAME = 5;
    public static final int ATTRIBUTE_NAME = 8;
    public static final int CHUNK = 10;
    public static final int FILTERED_CHUNK = 11;

    /** A child pointer of an internal node: its address and record count. */
    public record Child(long address, int records) { }

    public static BTree2 read(FileContext c, long address, Node n, Consumer<Diagnostic> problems, String what) {
        c.requireInFile(address, 16 + c.offsetSize() + c.lengthSize(), null, "the version 2 B-tree header of " + what);
        FieldReader r = c.reader(address, n);
        FileContext.signature(r, "BTHD", "bthd.signature", "version 2 B-tree header");
        FileContext.version(r, "bthd.version", "version 2 B-tree header", 0);
        int type = r.u8("bthd.type", "type", "5 link names, 6 link creation order, 8 attribute names, 9 attribute creation order, 10 chunks, 11 filtered chunks");
        long sizeAt = r.byteOffset();
        long nodeSize = r.u32le("bthd.node_size", "node size", "bytes of every node");
        int recordSize = r.u16le("bthd.record_size", "record size", "bytes of every record");
        int depth = r.u16le("bthd.depth", "depth", "levels below the root (0: the root is a leaf)");
        r.u8("bthd.split", "split percent", "fullness at which a node splits");
        r.u8("bthd.merge", "merge percent", "emptiness at which nodes merge");
        long root = c.address(r, "bthd.root", "root node address", "the root node (undefined: empty tree)");
        int rootRecords = r.u16le("bthd.root_records", "records in root node", "records the root holds");
        long total = c.length(r, "bthd.total_records", "total records", "records in the whole tree");
        FileContext.checksum(r, c.abs(address), "bthd.checksum", problems, "the version 2 B-tree header of " + what);
        if (nodeSize < 16 || nodeSize > (1 << 24) || recordSize < 1 || recordSize > nodeSize || depth > 64) {
            throw ReadProblem.at(StructureRules.BAD_COUNT, Span.bytes(sizeAt, 8), what + ": a version 2 B-tree with nodes of " + nodeSize
                    + " bytes, records of " + recordSize + " and depth " + depth + " is impossible");
        }
        return new BTree2(address, type, (int) nodeSize, recordSize, depth, root, rootRecords, total, c.offsetSize());
    }

    /** Records a leaf can hold. */
    int maxLeafRecords() { return (nodeSize - 10) / recordSize; }

    /** Bytes of the "records in child" field: enough for a leaf's maximum. */
    int recordCountSize() { return encodedSize(maxLeafRecords()); }

    /** Bytes of the "total records in child" field of an internal node at {@code depth} (0 when depth is 1). */
    int totalCountSize(int nodeDepth) {
        if (nodeDepth <= 1) return 0;
        return encodedSize(cumulativeMax(nodeDepth - 1));
    }

    private long cumulativeMax(int d) {
        long cum = maxLeafRecords();
        for (int u = 1; u <= d; u++) {
            long max = maxInternalRecords(u);
            cum = (max + 1) * cum + max;
            if (cum < 0 || cum > (1L << 48)) return 1L << 48;
        }
        return cum;
    }

    private long maxInternalRecords(int d) {
        int pointer = offsetSize + recordCountSize() + totalCountSize(d);
        return (nodeSize - (10 + pointer)) / (recordSize + pointer);
    }

    private static int encodedSize(long max) { return (63 - Long.numberOfLeadingZeros(Math.max(1, max))) / 8 + 1; }

    /**
     * Reads one node (leaf when {@code nodeDepth} is 0) holding {@code records} records,
     * recording its fields on {@code n}; returns its records' absolute places and, for an
     * internal node, its children.
     */
    public List<Child> readNode(FileContext c, long at, int nodeDepth, int records, List<Long> recordsOut, Node n,
                                Consumer<Diagnostic> problems, String what) {
        c.requireInFile(at, nodeSize, null, "a version 2 B-tree node of " + what);
        FieldReader r = c.reader(at, n);
        boolean leaf = nodeDepth == 0;
        FileContext.signature(r, leaf ? "BTLF" : "BTIN", leaf ? "btlf.signature" : "btin.signature", leaf ? "version 2 B-tree leaf node" : "version 2 B-tree internal node");
        FileContext.version(r, "btnode.version", "version 2 B-tree node", 0);
        long typeAt = r.byteOffset();
        int t = r.u8("btnode.type", "type", "must match the header's type");
        if (t != type) {
            throw ReadProblem.at(StructureRules.BAD_BTREE, Span.bytes(typeAt, 1), what + ": the B-tree node at byte " + c.abs(at)
                    + " is of type " + t + " but its header says " + type);
        }
        int pointer = c.offsetSize() + recordCountSize() + totalCountSize(nodeDepth);
        long need = 10 + (long) records * recordSize + (leaf ? 0 : (records + 1L) * pointer);
        if (records < 0 || need > nodeSize) {
            throw ReadProblem.at(StructureRules.BAD_COUNT, Span.bytes(c.abs(at), 4), what + ": a version 2 B-tree node of " + nodeSize
                    + " bytes cannot hold " + records + " records");
        }
        for (int i = 0; i < records; i++) {
            long rec = r.byteOffset();
            recordsOut.add(rec);
            r.skipBytes(recordSize, "record");
            if (r.recording()) r.recordSpan("btnode.record", i, "record " + i, rec, rec + recordSize, recordText(c, rec), "one record (" + typeName() + ")");
        }
        List<Child> children = new ArrayList<>();
        if (!leaf) {
            for (int i = 0; i <= records; i++) {
                long child = c.address(r, "btin.child", i, "child " + i + " address", "a node one level down");
                int nrec = (int) FileContext.uint(r, recordCountSize(), "btin.child_records", i, "child " + i + " records", "records in that node");
                if (totalCountSize(nodeDepth) > 0) {
                    FileContext.uint(r, totalCountSize(nodeDepth), "btin.child_total", i, "child " + i + " total records", "records in that node's subtree");
                }
                children.add(new Child(child, nrec));
            }
        }
        FileContext.checksum(r, c.abs(at), "btnode.checksum", problems, "the version 2 B-tree node of " + what);
        return children;
    }

    private String typeName() {
        return switch (type) {
            case LINK_NAME -> "link name hash and heap ID";
            case 6 -> "creation order and heap ID";
            case ATTRIBUTE_NAME -> "attribute heap ID, flags, creation order, name hash";
            case 9 -> "attribute heap ID, flags, creation order";
            case CHUNK -> "chunk address and scaled offsets";
            case FILTERED_CHUNK -> "chunk address, size, filter mask and scaled offsets";
            default -> "type " + type;
        };
    }

    private String recordText(FileContext c, long rec) {
        var s = c.source();
        return switch (type) {
            case LINK_NAME -> "hash " + Integer.toUnsignedString(s.i32le(rec));
            case CHUNK, FILTERED_CHUNK -> "chunk at " + s.i64le(rec);
            default -> recordSize + " bytes";
        };
    }

    /**
     * Every record's absolute place, in key order, without recording; a node that cannot be
     * read loses its subtree (reported to {@code problems}), a node reached twice is not read again.
     */
    public void walk(FileContext c, Consumer<Long> record, Consumer<Diagnostic> problems, String what) {
        if (root == FileContext.UNDEFINED) return;
        Set<Long> seen = new HashSet<>();
        Deque<Step> todo = new ArrayDeque<>();
        boolean shared = false; // only the first node reached twice is reported (a DAG repeats it)
        todo.push(new Step(root, depth, rootRecords, false));
        while (!todo.isEmpty()) {
            Step at = todo.pop();
            if (at.record) {
                record.accept(at.at);
                continue;
            }
            if (!seen.add(at.at)) {
                if (shared) continue;
                shared = true;
                problems.accept(Diagnostic.errorAtByte(c.abs(at.at), Hdf5Rules.CYCLE, what + ": the version 2 B-tree node at byte " + c.abs(at.at)
                        + " is reached a second time; it is not read again"));
                continue;
            }
            List<Long> recs = new ArrayList<>();
            List<Child> kids;
            try {
                kids = readNode(c, at.at, at.depth, at.records, recs, null, problems, what);
            } catch (ReadProblem p) {
                problems.accept(p.diagnostic());
                continue;
            }
            if (kids.isEmpty()) {
                recs.forEach(record);
                continue;
            }
            // in key order: child 0, record 0, child 1, ...; pushed in reverse
            for (int i = kids.size() - 1; i >= 0; i--) {
                todo.push(new Step(kids.get(i).address(), at.depth - 1, kids.get(i).records(), false));
                if (i > 0) todo.push(new Step(recs.get(i - 1), 0, 0, true));
            }
        }
    }

    /** Walks every node, and reports a record count in the header that its nodes do not hold. */
    public void walkCounted(FileContext c, Consumer<Long> record, Consumer<Diagnostic> problems, String what) {
        long[] seen = {0};
        walk(c, r -> {
            seen[0]++;
            record.accept(r);
        }, problems, what);
        if (seen[0] != totalRecords) {
            problems.accept(Diagnostic.error(Span.bytes(c.abs(address), 4), StructureRules.BAD_COUNT, what + ": the version 2 B-tree at byte "
                    + c.abs(address) + " says it holds " + totalRecords + " records; its nodes hold " + seen[0]));
        }
    }

    /** A node to read, or (record) a record to hand on, in a walk. */
    private record Step(long at, int depth, int records, boolean record) { }
}
