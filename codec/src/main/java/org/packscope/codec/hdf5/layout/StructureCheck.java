package org.packscope.codec.hdf5.layout;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Consumer;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.ReadProblem;

/**
 * {@code check}'s reading of the file structure: the structures the "file structure"
 * view shows, read by the same readers but without recording and without nodes, each
 * once (an object reached by a second hard link, a B-tree node or heap block listed
 * twice is not read again), so a file of 50,000 groups or a million chunks costs a pass
 * over its metadata and a set of addresses, never a tree. Objects past
 * {@link #MAX_OBJECTS} are not read (a {@code walk_limit} note says so); B-tree and heap
 * walks have their own bounds.
 */
final class StructureCheck {
    /** Objects read at most; a file with more is checked up to here. */
    static final int MAX_OBJECTS = 1_000_000;

    private final ByteSource src;
    private final Consumer<Diagnostic> sink;
    private final Progress progress;

    private StructureCheck(ByteSource src, Consumer<Diagnostic> sink, Progress progress) {
        this.src = src;
        this.sink = sink;
        this.progress = progress;
    }

    /** Reports every damage the structure view would show, to {@code sink}. */
    static void run(ByteSource src, Consumer<Diagnostic> sink, Progress progress) {
        new StructureCheck(src, sink, progress).run();
    }

    /** An object to read: its header's relative address and its path (for messages). */
    private record Pending(long address, String path) { }

    private void run() {
        // the superblock is read once with a throwaway node: its truncation and checksum reports go there
        Node scratch = Node.of("superblock", "hdf5-superblock");
        Superblock sb;
        try {
            sb = Superblock.read(src, scratch);
        } catch (ReadProblem p) {
            sink.accept(p.diagnostic());
            return;
        }
        scratch.diagnostics().forEach(sink);
        FileContext c = sb.context(src);
        if (sb.extension() != FileContext.UNDEFINED) extension(c, sb.extension());
        Set<Long> seen = new HashSet<>();
        Deque<Pending> todo = new ArrayDeque<>();
        todo.push(new Pending(sb.rootHeader(), "/"));
        while (!todo.isEmpty()) {
            Pending o = todo.pop();
            if (!seen.add(o.address())) continue; // a second hard link to an object already read: allowed, and read once
            if (seen.size() > MAX_OBJECTS) {
                sink.accept(SharedRules.WALK_LIMIT.at(null, "the file structure was checked up to " + MAX_OBJECTS + " objects; the rest was not read"));
                return;
            }
            if ((seen.size() & 255) == 0) progress.checkCancelled();
            object(c, sb, o, todo);
        }
    }

    private void extension(FileContext c, long address) {
        try {
            ObjectHeader h = ObjectHeader.read(c, address, null, sink, "the superblock extension");
            decodeAll(c, h);
            ObjectHeader.Message m = h.first(Messages.FILE_SPACE_INFO);
            if (m == null || !(h.decode(c, m, null) instanceof Messages.FileSpaceInfo info)) return;
            for (long a : info.managers()) {
                try {
                    FreeSpaceManager.read(c, a, null, sink, "the file");
                } catch (ReadProblem p) {
                    sink.accept(p.diagnostic());
                }
            }
        } catch (ReadProblem p) {
            sink.accept(p.diagnostic());
        }
    }

    /** Every message of the header decoded, as the view's message nodes do. */
    private void decodeAll(FileContext c, ObjectHeader h) {
        for (ObjectHeader.Message m : h.messages()) {
            try {
                h.decode(c, m, null);
            } catch (ReadProblem p) {
                sink.accept(p.diagnostic());
            }
        }
    }

    private void object(FileContext c, Superblock sb, Pending o, Deque<Pending> todo) {
        ObjectHeader h;
        try {
            h = ObjectHeader.read(c, o.address(), null, sink, o.path());
        } catch (ReadProblem p) {
            sink.accept(p.diagnostic());
            return;
        }
        decodeAll(c, h);
        if (h.first(Messages.LAYOUT) != null) {
            DatasetStorage.check(c, h, sb.chunkK(), sink, o.path());
        } else if (StructureNodes.isGroup(h, o.path())) {
            heaps(c, h, o.path());
            for (Messages.Link l : GroupLinks.of(c, h, sb.groupLeafK(), sb.groupInternalK(), sink, o.path())) {
                if (l.hard()) todo.push(new Pending(l.address(), o.path().endsWith("/") ? o.path() + l.name() : o.path() + "/" + l.name()));
            }
        }
    }

    /** The dense storage heaps and name indexes of a group's links and attributes, every block and node of them. */
    private void heaps(FileContext c, ObjectHeader h, String path) {
        for (ObjectHeader.Message m : h.messages()) {
            try {
                Object v = m.type() == Messages.LINK_INFO || m.type() == Messages.ATTRIBUTE_INFO ? h.decode(c, m, null) : null;
                // the link name index is walked by GroupLinks already, to list the members
                if (v instanceof Messages.LinkInfo li && li.heap() != FileContext.UNDEFINED) dense(c, li.heap(), FileContext.UNDEFINED, path);
                if (v instanceof Messages.AttributeInfo ai && ai.heap() != FileContext.UNDEFINED) dense(c, ai.heap(), ai.nameIndex(), path);
            } catch (ReadProblem p) {
                sink.accept(p.diagnostic());
            }
        }
    }

    private void dense(FileContext c, long heap, long nameIndex, String path) {
        try {
            FractalHeap.read(c, heap, null, sink, path).walkBlocks(c, sink, path);
        } catch (ReadProblem p) {
            sink.accept(p.diagnostic());
        }
        if (nameIndex == FileContext.UNDEFINED) return;
        try {
            BTree2.read(c, nameIndex, null, sink, path).walkCounted(c, r -> { }, sink, path);
        } catch (ReadProblem p) {
            sink.accept(p.diagnostic());
        }
    }
}
