package org.packscope.codec.bcolz;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.packscope.codec.blosc.BloscFormat;
import org.packscope.codec.blosc.ChunkHeader;
import org.packscope.codec.blosc.ChunkNodes;
import org.packscope.codec.blosc.Superchunk;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.FileNames;
import org.packscope.codec.io.NotRegularFileException;
import org.packscope.codec.json.Json;
import org.packscope.codec.numpy.Dtype;
import org.packscope.codec.store.StoreColumn;

/** Records a bcolz carray folder into inspection nodes. */
public final class CarrayNodes {
    private CarrayNodes() { }

    /** A lazily loaded carray node named {@code name} (the folder name, or a ctable column name). */
    public static Node node(String name, Path root) {
        return Node.lazy(name, "bcolz-carray", n -> fill(n, Carray.open(root), name));
    }

    static void fill(Node n, Carray c, String name) {
        c.problems.forEach(n::diagnose);
        n.addField(derived("carray.path", "path", c.root.toAbsolutePath(), "carray folder"));
        n.facet(FieldExplainer.class, BcolzDocs.DOCS);
        // Node.add cannot start from an empty child list, so children are set as lists
        List<Node> kids = new ArrayList<>();
        Node meta = Node.of("meta", "folder").summary("sizes and storage (JSON)");
        meta.children(List.of(metaNode("sizes", c.sizes, "shape, nbytes and cbytes of the array"),
                metaNode("storage", c.storage, "dtype, compression parameters, chunklen")));
        kids.add(meta);
        if (c.attrs != null) kids.add(metaNode("__attrs__", c.attrs, "user attributes"));
        if (c.shape != null) {
            n.addField(derived("carray.shape", "shape", shapeText(c.shape), "meta/sizes shape: rows first; chunks split the rows"));
        }
        Json st = c.storage.json();
        if (st != null) {
            n.addField(derived("carray.dtype", "dtype", text(st.get("dtype")), "meta/storage dtype: numpy's name of the element type"));
            Json cp = st.get("cparams");
            if (cp != null) {
                n.addField(derived("carray.cparams.cname", "cparams.cname", text(cp.get("cname")), "codec Blosc used"));
                n.addField(derived("carray.cparams.clevel", "cparams.clevel", text(cp.get("clevel")), "compression level 0-9 (0: chunks stored memcpyed)"));
                n.addField(derived("carray.cparams.shuffle", "cparams.shuffle", text(cp.get("shuffle")), "0 none, 1 byte shuffle, 2 bit shuffle"));
            }
            n.addField(derived("carray.chunklen", "chunklen", text(st.get("chunklen")), "rows per chunk file"));
            n.addField(derived("carray.expectedlen", "expectedlen", text(st.get("expectedlen")), "length hint bcolz used to choose chunklen"));
        }
        Json sz = c.sizes.json();
        if (sz != null) {
            n.addField(derived("carray.nbytes", "nbytes", text(sz.get("nbytes")), "meta/sizes: uncompressed bytes"));
            n.addField(derived("carray.cbytes", "cbytes", text(sz.get("cbytes")), "meta/sizes: compressed full chunks plus the in-memory leftover buffer (not the size on disk)"));
        }
        if (c.dtype != null && c.shape != null && c.chunklen > 0) {
            n.addField(derived("carray.rowsize", "rowsize", c.atomsize, "bytes per row (atomsize): itemsize × product of shape[1:]"));
            n.addField(derived("carray.nchunks", "nchunks", c.nchunks(), "shape[0] / chunklen, plus one chunk for leftover rows"));
            n.addField(derived("carray.leftover", "leftover", c.leftoverRows, "rows in the last, shorter chunk (not padded)"));
            n.addField(derived("carray.blosc_typesize", "blosc typesize", c.dtype.bloscTypesize(), "typesize bcolz gives Blosc: itemsize, 1 for |S, 4 for <U"));
        }
        Node data = Node.of("data", "folder");
        // a chunk file's node is made when looked at: arrays of 200k chunk files exist; the
        // array's verifier decodes every chunk, so a walk need not open each file as a node
        long[] indexes = new long[c.files.size()];
        Path[] paths = new Path[indexes.length];
        int at = 0;
        for (Map.Entry<Long, Path> e : c.files.entrySet()) {
            indexes[at] = e.getKey();
            paths[at++] = e.getValue();
        }
        data.lazyChildren(indexes.length, i -> chunkFileNode(paths[i], c.decodable && indexes[i] >= c.nchunks(), c.dtype))
                .summary(c.files.size() + " chunk files");
        if (indexes.length > EAGER_CHUNK_MAP) data.drillDown(true);
        kids.add(data);
        // the chunk map reads every chunk file's header: for big arrays it waits until asked
        // for, so the array's own header shows at once
        boolean eagerMap = c.decodable && c.nchunks() <= EAGER_CHUNK_MAP;
        if (c.decodable && !eagerMap) {
            kids.add(Node.lazy("chunk map", "bcolz-chunk-map", m -> {
                m.table(chunkTable(c, m));
                m.summary(c.nchunks() + " chunks: sizes and ratios");
            }));
        }
        n.children(kids);
        if (c.decodable) {
            if (eagerMap) n.table(chunkTable(c, n));
            CarrayStore store = new CarrayStore(c);
            StoreColumn col = new StoreColumn(name, c.dtype.valueType(), c.count(), store);
            n.facet(ValueColumn.class, col);
            n.facet(ValueTracer.class, new CarrayTracer(c, store, col.type(), col.count()));
            n.facet(Verifier.class, (sink, progress) -> store.verify(sink, progress));
            n.facet(BulkDecoder.class, (progress, threads) -> store.bulk(progress, threads) / c.dtype.itemsize());
            Json cp = st == null ? null : st.get("cparams");
            n.summary(c.dtype.words() + " · shape " + shapeText(c.shape) + " · " + c.nchunks() + " chunks"
                    + (cp == null ? "" : " · " + text(cp.get("cname"))));
        } else {
            n.summary("bcolz carray · unreadable metadata");
        }
    }

    private static Node chunkFileNode(Path p, boolean stale, Dtype dtype) {
        String fname = FileNames.of(p);
        return Node.lazy(fname, "bcolz-superchunk", n -> {
            ByteSource src;
            try {
                src = ByteSource.open(p);
            } catch (NotRegularFileException e) {
                n.summary("not a regular file").diagnose(Diagnostic.error(null, NotRegularFileException.RULE, e.getMessage()));
                return;
            }
            Superchunk s = Superchunk.read(src);
            BloscFormat.fillSuperchunk(n, s, fname);
            // the chunk's values are the carray's dtype (float64, not u64 bit patterns), in its trace too;
            // bcolz writes one chunk per file, and that chunk is the file's values
            if (dtype != null && !dtype.bigEndian() && dtype.valueType().numeric() && s.chunkCount() > 0 && n.childCount() > 0) {
                Node first = n.children().get(0);
                ChunkNodes.typeAs(first, s.chunk(0), dtype.valueType(), fname);
                if (first.values() != null) {
                    n.facet(ValueColumn.class, first.values());
                    n.facet(ValueTracer.class, first.facet(ValueTracer.class));
                }
            }
            if (stale) {
                n.diagnose(Diagnostic.warning(null, BcolzRules.STALE_CHUNK_FILE, fname + " lies beyond the array's chunks; bcolz ignores it"));
                n.summary("stale, ignored · " + n.summary());
            }
        });
    }

    /** Chunk files whose headers the chunk map reads. */
    static final int MAP_ROWS = 4096;

    /** Arrays with more chunks than this get their chunk map as a child read on demand. */
    static final int EAGER_CHUNK_MAP = 64;

    /** The chunk map; chunks whose header disagrees with the metadata are also reported on {@code n}. */
    static DataTable chunkTable(Carray c, Node owner) {
        List<List<Object>> rows = new ArrayList<>();
        // each row opens a chunk file: the map shows the first few thousand, the verifier checks all
        long n = Math.min(c.nchunks(), MAP_ROWS);
        for (long k = 0; k < n; k++) {
            byte[] head = c.headBytes(k);
            if (head == null || head.length < 32) {
                rows.add(List.of(k, k * c.chunklen, c.chunkBytes(k), 0L, 0.0, head == null ? "missing" : "truncated"));
                continue;
            }
            ChunkHeader h = ChunkHeader.read(ByteSource.of(head, "data/__" + k + ".blp"), Superchunk.HEADER_SIZE);
            long cbytes = c.fileSize(k);
            if (h.nbytes() != c.chunkBytes(k)) {
                owner.diagnose(Diagnostic.error(null, BcolzRules.CHUNK_NBYTES_MISMATCH, "data/__" + k + ".blp holds " + h.nbytes()
                        + " bytes but shape and chunklen call for " + c.chunkBytes(k) + "; its rows read as zeros"));
            } else if (h.typesize() != c.dtype.bloscTypesize()) {
                owner.diagnose(Diagnostic.warning(null, BcolzRules.TYPESIZE_MISMATCH, "data/__" + k + ".blp has Blosc typesize " + h.typesize()
                        + "; bcolz uses " + c.dtype.bloscTypesize() + " for " + c.dtype.text()));
            }
            String note = h.nbytes() != c.chunkBytes(k) ? "nbytes " + h.nbytes() + " ≠ " + c.chunkBytes(k)
                    : h.memcpyed() ? "memcpyed" : "";
            double ratio = cbytes <= 0 ? 0 : Math.round(1000.0 * h.nbytes() / cbytes) / 1000.0;
            rows.add(List.of(k, k * c.chunklen, h.nbytes(), cbytes, ratio, note));
        }
        return new DataTable(n < c.nchunks() ? "Chunks (first " + n + " of " + c.nchunks() + ")" : "Chunks", List.of("chunk", "first row", "nbytes", "file bytes", "ratio", "note"), rows, "chunk", "ratio");
    }

    static Node metaNode(String name, Meta m, String meaning) {
        Node n = Node.of(name, "json");
        n.facet(FieldExplainer.class, BcolzDocs.DOCS);
        ByteSource src = ByteSource.of(m.bytes(), m.path().toString());
        n.source(src).span(Span.bytes(0, m.bytes().length));
        if (m.problem() != null) n.diagnose(m.problem());
        if (m.json() != null) {
            // each member is shown where the file has it: from its quoted name to the end of its value
            for (Map.Entry<String, Json> e : m.json().members().entrySet()) {
                Json v = e.getValue();
                n.addField(new Field(memberKey(name, e.getKey()), -1, e.getKey(), Span.bytes(v.memberStart(), v.end() - v.memberStart()),
                        v.toString(), meaning));
            }
            n.summary(m.bytes().length + " bytes of JSON · " + meaning);
        } else {
            n.summary(meaning + " · unreadable");
        }
        return n;
    }

    /** The documentation key of member {@code member} of the metadata file {@code file}. */
    static String memberKey(String file, String member) {
        return switch (file) {
            case "sizes" -> BcolzDocs.SIZES_MEMBERS.contains(member) ? "sizes." + member : "sizes.unknown";
            case "storage" -> BcolzDocs.STORAGE_MEMBERS.contains(member) ? "storage." + member : "storage.unknown";
            default -> "attrs.attribute";
        };
    }

    /** A field taken from metadata files or computed from them: no bits of this node's own. */
    static Field derived(String key, String label, Object value, String meaning) {
        return new Field(key, -1, label, null, String.valueOf(value), meaning);
    }

    static String shapeText(long[] shape) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) {
            if (i > 0) sb.append(", ");
            sb.append(shape[i]);
        }
        if (shape.length == 1) sb.append(',');
        return sb.append(')').toString();
    }

    static String text(Json j) {
        return j == null ? "(absent)" : j.isTextual() ? j.asText() : j.toString();
    }

    static String lower(String s) { return s.toLowerCase(Locale.ROOT); }
}
