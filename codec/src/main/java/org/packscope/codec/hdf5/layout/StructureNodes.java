package org.packscope.codec.hdf5.layout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.packscope.codec.hdf5.Hdf5Rules;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.ReadProblem;

/**
 * The "file structure" view of an HDF5 file as PackScope reads it itself: the superblock,
 * then per object (from the root group down) its object header with every message, its
 * group storage (symbol table, B-tree, local heap; or fractal heap and name index) and,
 * for chunked datasets, its chunk index. Every node is made when opened; opening one
 * validates what it reads (h5check-style) and reports damage there, with its address.
 */
public final class StructureNodes {
    private final ByteSource src;
    private final Superblock sb;
    private final FileContext c;

    private StructureNodes(ByteSource src, Superblock sb) {
        this.src = src;
        this.sb = sb;
        this.c = sb.context(src);
    }

    /** The "file structure" node of the HDF5 file in {@code src}. */
    public static Node fileStructure(ByteSource src) {
        // a second view of the file's bytes: check runs the streaming StructureCheck instead of walking
        // (and keeping) a node per group, chunk-index node and heap block; diff compares the objects themselves
        return Node.lazy("file structure", "hdf5-structure", n -> {
            n.source(src).span(Span.bytes(0, src.size())).facet(FieldExplainer.class, StructureDocs.DOCS);
            n.facet(Verifier.class, (sink, progress) -> StructureCheck.run(src, sink, progress));
            Superblock sb;
            try {
                sb = Superblock.read(src, null);
            } catch (ReadProblem p) {
                n.diagnose(p.diagnostic());
                return;
            }
            StructureNodes s = new StructureNodes(src, sb);
            n.summary("superblock version " + sb.version() + ", " + sb.offsetSize() + "-byte addresses");
            n.add(s.superblock());
            if (sb.extension() != FileContext.UNDEFINED) {
                n.add(s.headerOnly("superblock extension", sb.extension()));
                s.freeSpaceManagers(n);
            }
            n.add(s.object("/", "/", sb.rootHeader(), List.of()));
        }).drillDown(true).layoutView(true);
    }

    private Node superblock() {
        return Node.lazy("superblock", "hdf5-superblock", n -> {
            explained(n);
            try {
                Superblock s = Superblock.read(src, n);
                long end = s.version() < 2 ? 0 : 0;
                n.span(Span.bytes(s.at(), Math.max(end, 1))).summary("version " + s.version());
            } catch (ReadProblem p) {
                n.diagnose(p.diagnostic());
            }
        });
    }

    /** The free-space managers the superblock extension's file space info message lists. */
    private void freeSpaceManagers(Node n) {
        try {
            ObjectHeader h = ObjectHeader.read(c, sb.extension(), null, d -> { }, "the superblock extension");
            ObjectHeader.Message m = h.first(Messages.FILE_SPACE_INFO);
            if (m == null || !(h.decode(c, m, null) instanceof Messages.FileSpaceInfo info)) return;
            for (long a : info.managers()) {
                n.add(Node.lazy("free-space manager at " + c.abs(a), "hdf5-free-space", f -> {
                    explained(f).span(Span.bytes(c.placeInFile(a), 0));
                    try {
                        FreeSpaceManager fs = FreeSpaceManager.read(c, a, f, f::diagnose, "the file");
                        f.span(Span.bytes(c.abs(a), 4)).summary(fs.tracked() + " bytes free in " + fs.sections() + " sections");
                    } catch (ReadProblem p) {
                        f.diagnose(p.diagnostic());
                    }
                }));
            }
        } catch (ReadProblem p) {
            // the extension's own node reports its damage
        }
    }

    private Node explained(Node n) {
        return n.source(src).facet(FieldExplainer.class, StructureDocs.DOCS);
    }

    private Node headerOnly(String name, long address) {
        return Node.lazy(name, "hdf5-object-header", n -> {
            explained(n);
            try {
                fillHeader(n, ObjectHeader.read(c, address, n, n::diagnose, name), name);
            } catch (ReadProblem p) {
                n.diagnose(p.diagnostic());
            }
        });
    }

    /** An object (group, dataset, named datatype) reached by a hard link at {@code path}; {@code ancestors} are the groups above. */
    Node object(String name, String path, long address, List<Long> ancestors) {
        return Node.lazy(name, "hdf5-object-structure", n -> {
            explained(n).span(Span.bytes(c.placeInFile(address), 0));
            n.field("object header address", null, address, "where this object's header is (relative to the base address)");
            Node headerNode = explained(Node.of("object header", "hdf5-object-header"));
            ObjectHeader h;
            try {
                h = ObjectHeader.read(c, address, headerNode, headerNode::diagnose, path);
            } catch (ReadProblem p) {
                n.diagnose(p.diagnostic());
                return;
            }
            headerNode.span(Span.bytes(c.abs(address), 4));
            fillHeader(headerNode, h, path);
            n.add(headerNode);
            if (h.first(Messages.LAYOUT) != null) {
                dataset(n, h, path);
            } else if (isGroup(h, path)) {
                group(n, h, path, address, ancestors);
            } else {
                n.summary(h.first(Messages.DATATYPE) != null ? "named datatype" : "object");
            }
        });
    }

    /** An object that is not a dataset is a group when it has group storage (the root always is). */
    static boolean isGroup(ObjectHeader h, String path) {
        return h.first(Messages.SYMBOL_TABLE) != null || h.first(Messages.LINK) != null || h.first(Messages.LINK_INFO) != null || path.equals("/");
    }

    private void fillHeader(Node n, ObjectHeader h, String path) {
        n.summary("version " + h.version() + ", " + PlainText.count(h.messages().size(), "message"));
        List<ObjectHeader.Message> ms = h.messages();
        n.lazyChildren(ms.size(), i -> message(h, ms.get(i), i, path));
    }

    private Node message(ObjectHeader h, ObjectHeader.Message m, int i, String path) {
        return Node.lazy("#" + i + " " + Messages.name(m.type()), "hdf5-message", n -> {
            explained(n).span(m.span()).summary(m.size() + " bytes");
            try {
                Object v = h.decode(c, m, n);
                if (v instanceof Messages.Attribute a) n.summary("'" + a.name() + "', " + m.size() + " bytes");
                if (v instanceof Messages.Link l) n.summary("'" + l.name() + "'" + (l.hard() ? " → object at " + l.address() : " → " + l.target()));
            } catch (ReadProblem p) {
                n.diagnose(p.diagnostic());
            }
        });
    }

    private void group(Node n, ObjectHeader h, String path, long address, List<Long> ancestors) {
        List<Messages.Link> links = GroupLinks.of(c, h, sb.groupLeafK(), sb.groupInternalK(), n::diagnose, path);
        n.summary("group, " + links.size() + (links.size() == 1 ? " member" : " members"));
        for (ObjectHeader.Message m : h.messages()) {
            try {
                Object v = m.type() == Messages.SYMBOL_TABLE || m.type() == Messages.LINK_INFO || m.type() == Messages.ATTRIBUTE_INFO ? h.decode(c, m, null) : null;
                if (v instanceof Messages.SymbolTable t) {
                    n.add(localHeap(t.heap(), path));
                    n.add(btree1(t.btree(), BTree1.GROUP, -1, 0, sb.groupInternalK(), path, ConcurrentHashMap.newKeySet()));
                }
                if (v instanceof Messages.LinkInfo li && li.heap() != FileContext.UNDEFINED) {
                    n.add(fractalHeap("link heap", li.heap(), path));
                    n.add(btree2("link name index", li.nameIndex(), path));
                }
                if (v instanceof Messages.AttributeInfo ai && ai.heap() != FileContext.UNDEFINED) {
                    n.add(fractalHeap("attribute heap", ai.heap(), path));
                    n.add(btree2("attribute name index", ai.nameIndex(), path));
                }
            } catch (ReadProblem p) {
                n.diagnose(p.diagnostic());
            }
        }
        List<Long> here = new ArrayList<>(ancestors);
        here.add(address);
        // the storage nodes first, then one node per member, made when looked at: 50,000 members cost a list of links
        List<Node> storage = n.children();
        int fixed = storage.size();
        n.lazyChildren(fixed + links.size(), i -> i < fixed ? storage.get(i) : member(links.get(i - fixed), path, here));
        // a whole-tree walk (inspect, a deep check) does not open thousands of members; a person can
        if (links.size() > MANY_MEMBERS) n.drillDown(true);
    }

    /** Groups with more members than this are drill-down lists. */
    static final int MANY_MEMBERS = 1024;

    private Node member(Messages.Link l, String path, List<Long> here) {
        String child = path.endsWith("/") ? path + l.name() : path + "/" + l.name();
        if (!l.hard()) return Node.of(l.name(), "hdf5-link").summary((l.linkType() == 1 ? "soft link → " : "external link → ") + l.target());
        if (here.contains(l.address())) {
            return Node.of(l.name(), "hdf5-link").summary("link to a group above (not followed)")
                    .diagnose(Diagnostic.warningAtByte(c.abs(l.address()), Hdf5Rules.LINK_LOOP, child + " leads back to the group at byte "
                            + c.abs(l.address()) + ", which contains it; not followed"));
        }
        if (here.size() > 64) return Node.of(l.name(), "hdf5-link").summary("nested too deep (not opened)");
        return object(l.name(), child, l.address(), here);
    }

    private void dataset(Node n, ObjectHeader h, String path) {
        DatasetStorage d = DatasetStorage.of(c, h, n::diagnose);
        if (!d.readable()) {
            n.summary("dataset (damaged)");
            return;
        }
        Messages.Layout layout = d.layout();
        n.summary(d.summary());
        if (d.contiguousData()) {
            n.addField(new Field("dataset.data", -1, "data",
                    c.inFile(layout.address(), layout.size()) ? Span.bytes(c.abs(layout.address()), layout.size()) : null,
                    layout.size() + " bytes at byte " + c.abs(layout.address()), "the values, stored contiguously in row-major order"));
            Diagnostic outside = d.dataOutsideFile(c, path);
            if (outside != null) n.diagnose(outside);
        }
        if (layout.cls() == Messages.CHUNKED) n.add(chunkIndex(layout, d.space(), d.filtered(), path));
        for (long gcol : d.vlenCollections(c)) n.add(globalHeap(gcol));
    }

    private Node globalHeap(long address) {
        return Node.lazy("global heap at " + c.abs(address), "hdf5-global-heap", n -> {
            explained(n).span(Span.bytes(c.placeInFile(address), 0));
            try {
                GlobalHeap g = GlobalHeap.read(c, address, n);
                n.summary(g.objects().size() + " objects, " + g.size() + " bytes").span(Span.bytes(c.abs(address), g.size()));
            } catch (ReadProblem p) {
                n.diagnose(p.diagnostic());
            }
        });
    }

    private Node chunkIndex(Messages.Layout layout, Messages.Dataspace space, boolean filtered, String path) {
        return Node.lazy("chunk index", "hdf5-chunk-index", n -> {
            explained(n);
            n.field("index type", null, layout.indexName(), "how the chunks are found");
            n.field("chunk shape", null, Arrays.toString(Arrays.copyOf(layout.chunk(), layout.rank())), "extent of each chunk");
            long[] count = {0, 0};
            try {
                ChunkIndex.walk(c, layout, space, filtered, sb.chunkK(), ch -> {
                    count[0]++;
                    count[1] += ch.size();
                }, n::diagnose, path);
            } catch (ReadProblem p) {
                n.diagnose(p.diagnostic());
            }
            n.field("stored chunks", null, count[0], "chunks the index lists (never-written chunks are not stored)");
            n.field("stored bytes", null, count[1], "bytes those chunks take in the file");
            n.summary(layout.indexName() + ", " + count[0] + " chunks");
            long a = layout.address();
            if (a == FileContext.UNDEFINED) return;
            switch (layout.indexType()) {
                case Messages.BTREE_V1_INDEX -> n.add(btree1(a, BTree1.CHUNK, -1, layout.rank() + 1, sb.chunkK(), path, ConcurrentHashMap.newKeySet()));
                case Messages.FIXED_ARRAY -> n.add(fixedArray(a, path));
                case Messages.EXTENSIBLE_ARRAY -> n.add(extensibleArray(a, path));
                case Messages.BTREE_V2_INDEX -> n.add(btree2("chunk B-tree", a, path));
                default -> { }
            }
        });
    }

    private Node btree1(long address, int type, int level, int dims, int k, String path, Set<Long> opened) {
        return Node.lazy("B-tree node at " + c.abs(address), "hdf5-btree1", n -> {
            explained(n).span(Span.bytes(c.placeInFile(address), 0));
            if (openedBefore(opened, address, n, path, "B-tree node")) return;
            try {
                BTree1 t = BTree1.read(c, address, type, level, dims, k, n, path);
                n.span(Span.bytes(c.abs(address), 4)).summary("level " + t.level() + ", " + PlainText.count(t.children().size(), "entry", "entries"));
                List<Long> kids = t.children();
                if (t.level() > 0) {
                    n.lazyChildren(kids.size(), i -> btree1(kids.get(i), type, t.level() - 1, dims, k, path, opened));
                } else if (type == BTree1.GROUP) {
                    n.lazyChildren(kids.size(), i -> symbolNode(kids.get(i), path));
                }
            } catch (ReadProblem p) {
                n.diagnose(p.diagnostic());
            }
        });
    }

    /**
     * Whether the structure at {@code address} was opened already in this tree (a cycle, or
     * a node two parents list): then {@code n} says so and shows nothing more, so opening a
     * DAG whose paths multiply makes one node per structure, not one per path.
     */
    private boolean openedBefore(Set<Long> opened, long address, Node n, String path, String what) {
        if (opened.add(address)) return false;
        n.diagnose(Diagnostic.errorAtByte(c.abs(address), Hdf5Rules.CYCLE, path + ": the " + what + " at byte " + c.abs(address)
                + " is reached a second time (a cycle, or listed by two parents); it is shown where it was first opened"));
        return true;
    }

    private Node symbolNode(long address, String path) {
        return Node.lazy("symbol table node at " + c.abs(address), "hdf5-snod", n -> {
            explained(n).span(Span.bytes(c.placeInFile(address), 0));
            try {
                SymbolNode s = SymbolNode.read(c, address, sb.groupLeafK(), n, path);
                n.span(Span.bytes(c.abs(address), 8 + s.entries().size() * (2L * c.offsetSize() + 24))).summary(PlainText.count(s.entries().size(), "entry", "entries"));
            } catch (ReadProblem p) {
                n.diagnose(p.diagnostic());
            }
        });
    }

    private Node localHeap(long address, String path) {
        return Node.lazy("local heap", "hdf5-local-heap", n -> {
            explained(n).span(Span.bytes(c.placeInFile(address), 0));
            try {
                LocalHeap h = LocalHeap.read(c, address, n, path);
                n.span(Span.bytes(c.abs(address), 8 + 2L * c.lengthSize() + c.offsetSize())).summary(h.dataSize() + " bytes of names at byte " + c.abs(h.dataAddress()));
            } catch (ReadProblem p) {
                n.diagnose(p.diagnostic());
            }
        });
    }

    private Node fractalHeap(String name, long address, String path) {
        return Node.lazy(name, "hdf5-fractal-heap", n -> {
            explained(n).span(Span.bytes(c.placeInFile(address), 0));
            try {
                FractalHeap h = FractalHeap.read(c, address, n, n::diagnose, path);
                n.span(Span.bytes(c.abs(address), 4)).summary(h.rootRows() == 0 ? "root direct block" : h.rootRows() + " rows in the root indirect block");
                if (h.root() == FileContext.UNDEFINED) return;
                if (h.rootRows() == 0) n.add(heapBlock(h, h.root(), -1, h.startBlock(), path, ConcurrentHashMap.newKeySet()));
                else n.add(heapBlock(h, h.root(), h.rootRows(), 0, path, ConcurrentHashMap.newKeySet()));
            } catch (ReadProblem p) {
                n.diagnose(p.diagnostic());
            }
        });
    }

    /** A direct block of {@code size} bytes (rows -1) or an indirect block of {@code rows} rows. */
    private Node heapBlock(FractalHeap h, long address, int rows, long size, String path, Set<Long> opened) {
        boolean direct = rows < 0;
        return Node.lazy((direct ? "direct block at " : "indirect block at ") + c.abs(address), direct ? "hdf5-heap-direct" : "hdf5-heap-indirect", n -> {
            explained(n).span(Span.bytes(c.placeInFile(address), 0));
            if (openedBefore(opened, address, n, path, "heap block")) return;
            try {
                if (direct) {
                    h.directBlock(c, address, size, n, path);
                    n.span(Span.bytes(c.abs(address), size)).summary(size + " bytes");
                    return;
                }
                List<Long> entries = h.indirectEntries(c, address, rows, n, n::diagnose, path);
                n.span(Span.bytes(c.abs(address), 4)).summary(rows + " rows");
                List<Integer> allocated = new ArrayList<>();
                for (int i = 0; i < entries.size(); i++) if (entries.get(i) != FileContext.UNDEFINED) allocated.add(i);
                n.lazyChildren(allocated.size(), k -> {
                    int i = allocated.get(k);
                    long bs = h.rowBlockSize(i / h.width());
                    return i / h.width() < h.maxDirectRows() ? heapBlock(h, entries.get(i), -1, bs, path, opened)
                            : heapBlock(h, entries.get(i), h.rowsOfIndirect(bs), 0, path, opened);
                });
            } catch (ReadProblem p) {
                n.diagnose(p.diagnostic());
            }
        });
    }

    private Node btree2(String name, long address, String path) {
        return Node.lazy(name, "hdf5-btree2", n -> {
            explained(n).span(Span.bytes(c.placeInFile(address), 0));
            try {
                BTree2 t = BTree2.read(c, address, n, n::diagnose, path);
                n.span(Span.bytes(c.abs(address), 4)).summary("type " + t.type() + ", depth " + t.depth() + ", " + PlainText.count(t.totalRecords(), "record"));
                t.walkCounted(c, r -> { }, n::diagnose, path);
                if (t.root() != FileContext.UNDEFINED) n.add(btree2Node(t, t.root(), t.depth(), t.rootRecords(), path, ConcurrentHashMap.newKeySet()));
            } catch (ReadProblem p) {
                n.diagnose(p.diagnostic());
            }
        });
    }

    private Node btree2Node(BTree2 t, long address, int depth, int records, String path, Set<Long> opened) {
        return Node.lazy((depth == 0 ? "leaf node at " : "internal node at ") + c.abs(address), "hdf5-btree2-node", n -> {
            explained(n).span(Span.bytes(c.placeInFile(address), 0));
            if (openedBefore(opened, address, n, path, "version 2 B-tree node")) return;
            try {
                List<BTree2.Child> kids = t.readNode(c, address, depth, records, new ArrayList<>(), n, n::diagnose, path);
                n.span(Span.bytes(c.abs(address), t.nodeSize())).summary(records + " records");
                n.lazyChildren(kids.size(), i -> btree2Node(t, kids.get(i).address(), depth - 1, kids.get(i).records(), path, opened));
            } catch (ReadProblem p) {
                n.diagnose(p.diagnostic());
            }
        });
    }

    private Node fixedArray(long address, String path) {
        return Node.lazy("fixed array", "hdf5-fixed-array", n -> {
            explained(n).span(Span.bytes(c.placeInFile(address), 0));
            try {
                ChunkArrays.FixedArray h = ChunkArrays.fixedHeader(c, address, n, n::diagnose, path);
                n.span(Span.bytes(c.abs(address), 4)).summary(h.entries() + " entries");
                if (h.dataBlock() == FileContext.UNDEFINED) return;
                n.add(Node.lazy("data block at " + c.abs(h.dataBlock()), "hdf5-fixed-array-block", b -> {
                    explained(b).span(Span.bytes(c.placeInFile(h.dataBlock()), 4));
                    try {
                        ChunkArrays.fixedData(c, h, b, b::diagnose, (i, at) -> { }, path);
                    } catch (ReadProblem p) {
                        b.diagnose(p.diagnostic());
                    }
                }));
            } catch (ReadProblem p) {
                n.diagnose(p.diagnostic());
            }
        });
    }

    private Node extensibleArray(long address, String path) {
        return Node.lazy("extensible array", "hdf5-extensible-array", n -> {
            explained(n).span(Span.bytes(c.placeInFile(address), 0));
            try {
                ChunkArrays.ExtensibleArray h = ChunkArrays.extensibleHeader(c, address, n, n::diagnose, path);
                n.span(Span.bytes(c.abs(address), 4)).summary("index block at " + (h.indexBlock() == FileContext.UNDEFINED ? "none" : c.abs(h.indexBlock())));
                if (h.indexBlock() == FileContext.UNDEFINED) return;
                n.add(Node.lazy("index block at " + c.abs(h.indexBlock()), "hdf5-extensible-array-block", b -> {
                    explained(b).span(Span.bytes(c.placeInFile(h.indexBlock()), 4));
                    try {
                        ChunkArrays.extensibleData(c, h, b, b::diagnose, (i, at) -> { }, path);
                    } catch (ReadProblem p) {
                        b.diagnose(p.diagnostic());
                    }
                }));
            } catch (ReadProblem p) {
                n.diagnose(p.diagnostic());
            }
        });
    }
}
