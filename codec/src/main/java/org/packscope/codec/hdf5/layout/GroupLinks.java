package org.packscope.codec.hdf5.layout;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.packscope.codec.hdf5.Hdf5Rules;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.ReadProblem;

/**
 * A group's members from its own structures, in all three ways HDF5 stores them: a
 * symbol table (version 1 B-tree of symbol table nodes, names in a local heap), link
 * messages in the object header, or dense storage (link messages in a fractal heap,
 * indexed by name hash in a version 2 B-tree). Damage loses the members it hides.
 */
public final class GroupLinks {
    private GroupLinks() { }

    /** The links of the group whose header is {@code h}, in storage order. */
    public static List<Messages.Link> of(FileContext c, ObjectHeader h, int leafK, int internalK, Consumer<Diagnostic> problems, String what) {
        List<Messages.Link> links = new ArrayList<>();
        for (ObjectHeader.Message m : h.messages()) {
            try {
                Object v = m.type() == Messages.LINK || m.type() == Messages.SYMBOL_TABLE || m.type() == Messages.LINK_INFO
                        ? h.decode(c, m, null) : null;
                if (v instanceof Messages.Link l) links.add(l);
                if (v instanceof Messages.SymbolTable t) symbolTable(c, t, leafK, internalK, links, problems, what);
                if (v instanceof Messages.LinkInfo i && i.heap() != FileContext.UNDEFINED) dense(c, i, links, problems, what);
            } catch (ReadProblem p) {
                problems.accept(p.diagnostic());
            }
        }
        return links;
    }

    static void symbolTable(FileContext c, Messages.SymbolTable t, int leafK, int internalK, List<Messages.Link> out,
                            Consumer<Diagnostic> problems, String what) {
        LocalHeap heap;
        try {
            heap = LocalHeap.read(c, t.heap(), null, what);
        } catch (ReadProblem p) {
            // the names are lost, not the nodes: they are still read, for their own damage
            problems.accept(p.diagnostic());
            heap = null;
        }
        List<Long> nodes = new ArrayList<>();
        BTree1.walk(c, t.btree(), BTree1.GROUP, 0, internalK, ch -> nodes.add(ch.address()), problems, what);
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (long at : nodes) {
            try {
                if (!seen.add(at)) throw ReadProblem.atByte(Hdf5Rules.CYCLE, c.abs(at), what + ": the symbol table node at byte " + c.abs(at) + " is listed twice");
                SymbolNode s = SymbolNode.read(c, at, leafK, null, what);
                if (heap == null) continue;
                for (SymbolNode.Entry e : s.entries()) {
                    String name = heap.name(c, e.nameOffset(), Span.bytes(e.nameOffsetAt(), c.lengthSize()));
                    out.add(new Messages.Link(name, 0, e.header(), null));
                }
            } catch (ReadProblem p) {
                problems.accept(p.diagnostic());
            }
        }
    }

    static void dense(FileContext c, Messages.LinkInfo info, List<Messages.Link> out, Consumer<Diagnostic> problems, String what) {
        FractalHeap heap = heapOrNull(c, info.heap(), problems, what);
        BTree2 names = BTree2.read(c, info.nameIndex(), null, problems, what);
        if (names.type() != BTree2.LINK_NAME) {
            throw ReadProblem.atByte(StructureRules.BAD_BTREE, c.abs(names.address()) + 5, what + ": the link name index is a version 2 B-tree of type " + names.type());
        }
        names.walkCounted(c, rec -> {
            if (heap == null) return; // the names are lost; the index is still read, for its own damage
            try {
                FractalHeap.Located o = heap.locate(c, rec + 4, what);
                FieldReader r = new FieldReader(c.source(), o.at() * 8, (o.at() + o.length()) * 8, null);
                out.add(Messages.link(c, r));
            } catch (ReadProblem p) {
                problems.accept(p.diagnostic());
            }
        }, problems, what);
    }

    private static FractalHeap heapOrNull(FileContext c, long address, Consumer<Diagnostic> problems, String what) {
        try {
            return FractalHeap.read(c, address, null, problems, what);
        } catch (ReadProblem p) {
            problems.accept(p.diagnostic());
            return null;
        }
    }
}
