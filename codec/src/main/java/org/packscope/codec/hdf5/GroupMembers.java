package org.packscope.codec.hdf5;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import io.jhdf.CommittedDatatype;
import io.jhdf.FractalHeap;
import io.jhdf.GroupSymbolTableNode;
import io.jhdf.HdfFile;
import io.jhdf.ObjectHeader;
import io.jhdf.SymbolTableEntry;
import io.jhdf.Utils;
import io.jhdf.api.Group;
import io.jhdf.api.Node;
import io.jhdf.btree.BTreeV2;
import io.jhdf.btree.record.LinkNameForIndexedGroupRecord;
import io.jhdf.dataset.DatasetLoader;
import io.jhdf.links.ExternalLink;
import io.jhdf.links.SoftLink;
import io.jhdf.object.message.DataSpaceMessage;
import io.jhdf.object.message.DataTypeMessage;
import io.jhdf.object.message.LinkInfoMessage;
import io.jhdf.object.message.LinkMessage;
import io.jhdf.object.message.Message;
import io.jhdf.object.message.SymbolTableMessage;
import io.jhdf.storage.HdfBackingStorage;

import org.packscope.codec.read.ReadProblem;

/**
 * A group's members, each made only when asked for. jhdf reads every member's object
 * header while listing a group, so one member it cannot parse makes the whole group
 * (often the root) unreadable; this lists the links by name first, so that member's
 * failure stays on that member and its siblings are shown.
 */
final class GroupMembers {
    /**
     * One member: its name, its object header's address (relative; -1 for a soft or
     * external link) and how to make jhdf's object for it (which may fail).
     */
    record Member(String name, long address, Supplier<Node> object) { }

    private GroupMembers() { }

    /**
     * The group's members by name; throws when even the list of names cannot be read. A
     * group PackScope made ({@link MemberGroup}) keeps its list, so recognising it (each
     * format asks for a few members) and showing it read its index once.
     */
    static List<Member> of(Group g, HdfFile file) {
        return g instanceof MemberGroup mg ? mg.listing(() -> list(g, file)) : list(g, file);
    }

    /** The group's wrapper-free listing, or jhdf's own (all members or none) when this reader does not know the group's index. */
    static List<Member> orJhdfs(Group group, HdfFile file) {
        try {
            return of(group, file);
        } catch (ReadProblem e) {
            throw e;
        } catch (RuntimeException e) {
            List<Member> kids = new ArrayList<>();
            for (var k : group.getChildren().entrySet()) {
                Node object = k.getValue();
                kids.add(new Member(k.getKey(), object.getAddress(), () -> object));
            }
            return kids;
        }
    }

    private static List<Member> list(Group g, HdfFile file) {
        HdfBackingStorage st = file.getHdfBackingStorage();
        ObjectHeader oh = header(g, st);
        List<Member> out = new ArrayList<>();
        SymbolTableMessage stm = message(oh, SymbolTableMessage.class);
        if (stm != null) {
            ByteBuffer names = localHeapNames(st, stm.getLocalHeapAddress());
            for (long node : symbolTableNodes(st, stm.getBTreeAddress())) {
                for (SymbolTableEntry e : new GroupSymbolTableNode(st, node).getSymbolTableEntries()) {
                    String name = name(names, e.getLinkNameOffset());
                    if (e.getCacheType() == 2) {
                        String target = name(names, e.getLinkValueOffset());
                        out.add(new Member(name, -1, () -> new SoftLink(target, name, g)));
                    } else {
                        long at = e.getObjectHeaderAddress();
                        out.add(new Member(name, at, () -> object(st, at, name, g)));
                    }
                }
            }
            return out;
        }
        List<LinkMessage> links;
        LinkInfoMessage info = message(oh, LinkInfoMessage.class);
        if (info == null || info.getBTreeNameIndexAddress() == -1L) {
            links = oh.getMessagesOfType(LinkMessage.class);
        } else {
            BTreeV2<LinkNameForIndexedGroupRecord> tree = new BTreeV2<>(st, info.getBTreeNameIndexAddress());
            FractalHeap heap = new FractalHeap(st, info.getFractalHeapAddress());
            links = new ArrayList<>();
            for (LinkNameForIndexedGroupRecord r : tree.getRecords()) {
                links.add(LinkMessage.fromBuffer(heap.getId(r.getId()), st.getSuperblock()));
            }
        }
        for (LinkMessage l : links) {
            String name = l.getLinkName();
            switch (l.getLinkType()) {
                case HARD -> {
                    long at = l.getHardLinkAddress();
                    out.add(new Member(name, at, () -> object(st, at, name, g)));
                }
                case SOFT -> {
                    String target = l.getSoftLink();
                    out.add(new Member(name, -1, () -> new SoftLink(target, name, g)));
                }
                case EXTERNAL -> {
                    String f = l.getExternalFile(), p = l.getExternalPath();
                    out.add(new Member(name, -1, () -> new ExternalLink(f, p, name, g)));
                }
            }
        }
        return out;
    }

    /** The group's object header: the one jhdf read already (and keeps) when it has one, else read now. */
    private static ObjectHeader header(Group g, HdfBackingStorage st) {
        return g instanceof io.jhdf.AbstractNode a ? a.getHeader() : ObjectHeader.readObjectHeader(st, g.getAddress());
    }

    /** Nodes of a group B-tree deeper than this are damage, not data (each level multiplies the fan-out). */
    private static final int MAX_LEVEL = 64;

    /**
     * The symbol table nodes a group's version 1 B-tree lists, walked iteratively with
     * each node visited once: a node that lists itself or an ancestor as its child is a
     * cycle, reported at that node's address (jhdf recursed until the stack overflowed).
     */
    static List<Long> symbolTableNodes(HdfBackingStorage st, long root) {
        int so = st.getSuperblock().getSizeOfOffsets(), sl = st.getSuperblock().getSizeOfLengths();
        List<Long> leaves = new ArrayList<>();
        java.util.Set<Long> seen = new java.util.HashSet<>();
        java.util.ArrayDeque<Long> todo = new java.util.ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            long at = todo.pop();
            if (!seen.add(at)) {
                throw Hdf5Failure.problem(Hdf5Rules.CYCLE, "B-tree node: the group index node at byte " + at
                        + " is reached twice (a node lists itself or an ancestor as its child); the cycle is not followed", at);
            }
            ByteBuffer b = st.readBufferFromAddress(at, 8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            if (b.getInt(0) != 0x45455254) throw Hdf5Failure.problem("B-tree node: no TREE signature at byte " + at, at);
            int level = b.get(5) & 0xff;
            int entries = b.getShort(6) & 0xffff;
            if (level > MAX_LEVEL) throw Hdf5Failure.problem("B-tree node at byte " + at + " claims level " + level, at);
            int header = 8 + 2 * so;
            ByteBuffer n = st.readBufferFromAddress(at, header + entries * (sl + so) + sl).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            List<Long> children = new ArrayList<>(entries);
            for (int i = 0; i < entries; i++) {
                int p = header + sl + i * (sl + so);
                children.add(so == 8 ? n.getLong(p) : n.getInt(p) & 0xffffffffL);
            }
            if (level == 0) {
                leaves.addAll(children);
            } else {
                for (int i = children.size() - 1; i >= 0; i--) todo.push(children.get(i));
            }
        }
        return leaves;
    }

    /**
     * Whether the group's member names can be read without jhdf reading more than the file
     * holds or walking a damaged B-tree's paths; formats ask jhdf for a group's children to
     * recognise it, and that must not take seconds on a damaged name heap or index (the
     * plain listing then reports it).
     */
    static boolean namesFit(Group g, HdfFile file) {
        try {
            HdfBackingStorage st = file.getHdfBackingStorage();
            ObjectHeader oh = header(g, st);
            SymbolTableMessage stm = message(oh, SymbolTableMessage.class);
            if (stm != null) {
                // the listing makes the same checks, and a group PackScope made keeps it for its view
                if (g instanceof MemberGroup) return of(g, file) != null;
                checkLocalHeap(st, stm.getLocalHeapAddress());
                // jhdf lists members by following every path of the B-tree: a DAG of 32 children per
                // node, 4 levels deep, takes seconds there; this walk visits each node once and stops at a revisit
                symbolTableNodes(st, stm.getBTreeAddress());
            }
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /**
     * A group's local heap's data segment (its member names), read with one plain read: jhdf's
     * own LocalHeap maps it, a system call and a mapping per group, which for 50,000 small
     * groups is most of the time a check spends.
     */
    private static ByteBuffer localHeapNames(HdfBackingStorage st, long at) {
        long[] segment = checkLocalHeap(st, at);
        if (segment[1] > Integer.MAX_VALUE - 8) {
            throw Hdf5Failure.problem("heap: the local heap at byte " + at + " claims " + segment[1] + " bytes of names, more than one group's names can take", at);
        }
        return st.readBufferFromAddress(segment[0], (int) segment[1]);
    }

    /**
     * Checks the size a group's local heap (its member names) claims against the file before
     * it is read: a damaged size would otherwise take seconds and memory. Returns the data
     * segment's address and size.
     */
    private static long[] checkLocalHeap(HdfBackingStorage st, long at) {
        int sl = st.getSizeOfLengths(), so = st.getSizeOfOffsets();
        ByteBuffer h = st.readBufferFromAddress(at, 8 + 2 * sl + so).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        long size = sl == 8 ? h.getLong(8) : h.getInt(8) & 0xffffffffL;
        long data = so == 8 ? h.getLong(8 + 2 * sl) : h.getInt(8 + 2 * sl) & 0xffffffffL;
        long file = st.size() - st.getUserBlockSize();
        if (size < 0 || data < 0 || data > file || size > file - data) {
            throw Hdf5Failure.problem("heap: the local heap at byte " + at + " claims " + Long.toUnsignedString(size) + " bytes of names at byte "
                    + Long.toUnsignedString(data) + ", past the end of the file", at);
        }
        return new long[] {data, size};
    }

    private static String name(ByteBuffer names, int offset) {
        ByteBuffer b = names.duplicate();
        b.position(offset);
        return Utils.readUntilNull(b);
    }

    /** jhdf's object at a hard link; a group is a {@link MemberGroup}, whose members are listed here too. */
    private static Node object(HdfBackingStorage st, long at, String name, Group parent) {
        ObjectHeader oh;
        try {
            oh = ObjectHeader.readObjectHeader(st, at);
        } catch (RuntimeException e) {
            // an array datatype of version 1 (HDF5 1.6, PyTables) that jhdf misreads: read through a view where it says 2
            HdfBackingStorage legacy = LegacyArrayTypes.patched(st, at);
            if (legacy == null) throw e;
            st = legacy;
            oh = ObjectHeader.readObjectHeader(st, at);
        }
        boolean space = false, type = false;
        for (Message m : oh.getMessages()) {
            space |= m instanceof DataSpaceMessage;
            type |= m instanceof DataTypeMessage;
        }
        if (space) return DatasetLoader.createDataset(st, oh, name, parent);
        if (type) return new CommittedDatatype(st, at, name, parent);
        return new MemberGroup(st, at, name, parent, oh);
    }

    /**
     * The header's first message of a type, or null: one pass over its messages (jhdf's
     * {@code hasMessageOfType} and {@code getMessageOfType} each build a stream and a list,
     * and a listing asks several times per group).
     */
    static <T extends Message> T message(ObjectHeader oh, Class<T> type) {
        for (Message m : oh.getMessages()) {
            if (type.isInstance(m)) return type.cast(m);
        }
        return null;
    }
}
