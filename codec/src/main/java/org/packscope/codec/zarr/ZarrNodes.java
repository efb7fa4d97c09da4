package org.packscope.codec.zarr;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.packscope.codec.blosc.BloscChunk;
import org.packscope.codec.blosc.ChunkNodes;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.analysis.CfConventions;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.NamedChild;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.FileNames;
import org.packscope.codec.io.NotRegularFileException;
import org.packscope.codec.io.RegularFiles;
import org.packscope.codec.io.SourceFileSystem;
import org.packscope.codec.json.Json;
import org.packscope.codec.json.JsonMembers;
import org.packscope.codec.pco.PcoFile;
import org.packscope.codec.pco.PcoNodes;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.store.ArraySlices;
import org.packscope.codec.store.ByteStore;
import org.packscope.codec.store.CfValues;
import org.packscope.codec.store.ChunkUnits;
import org.packscope.codec.store.ChunkedSlices;
import org.packscope.codec.store.StoreColumn;

/**
 * The inspection tree of a Zarr store: groups, arrays (metadata fields with their spans
 * in {@code .zarray} or {@code zarr.json}), and each array's chunks by grid coordinate,
 * every stored chunk opening as its codec's own inspection: a Blosc chunk, a Pco file, a
 * shard with its index and inner chunks, or the raw bytes of the other codecs.
 */
final class ZarrNodes {
    private ZarrNodes() { }

    /** Arrays with more chunks than this are not walked chunk by chunk by check; their own verifier decodes them all. */
    static final int WALKED_CHUNKS = 10_000;

    // ------------------------------------------------------------------ metadata files

    /** Top-level members of a zarr.json that are only located when it is parsed: user attributes can be any size. */
    private static final Set<String> LOCATED_ONLY = Set.of("attributes");

    /** A metadata file's bytes and its JSON (attributes located, not read). */
    record Parsed(byte[] bytes, Json json) { }

    /**
     * A metadata file read through the store's checks (inside the store, a regular file,
     * within the size limit) into the node it describes (source, span), or null after a
     * diagnostic naming the file.
     */
    static Parsed readJson(ZarrStore store, Path file, Node n, boolean setSource) {
        byte[] bytes = readBytes(store, file, n);
        if (bytes == null) return null;
        if (setSource) n.source(ByteSource.of(bytes, file.toString())).span(Span.bytes(0, bytes.length));
        try {
            Json j = Json.parse(bytes, LOCATED_ONLY);
            if (j == null || !j.isObject()) {
                n.diagnose(ZarrRules.METADATA_UNREADABLE.at(Span.bytes(0, bytes.length), FileNames.of(file) + " does not hold a JSON object"));
                return null;
            }
            return new Parsed(bytes, j);
        } catch (IOException e) {
            n.diagnose(notJson(file, bytes, e, setSource));
            return null;
        }
    }

    private static byte[] readBytes(ZarrStore store, Path file, Node n) {
        try {
            return store.readMetadata(file);
        } catch (ZarrStore.MetadataUnreadable e) {
            n.diagnose(e.rule.at(null, e.getMessage()));
            return null;
        }
    }

    private static Diagnostic notJson(Path file, byte[] bytes, IOException e, boolean withSpan) {
        long at = 0;
        String why = e.getMessage();
        if (e instanceof JsonProcessingException j) {
            at = j.getLocation() == null ? 0 : Math.max(0, j.getLocation().getByteOffset());
            why = j.getOriginalMessage();
        }
        return ZarrRules.METADATA_UNREADABLE.at(withSpan ? Span.bytes(Math.min(at, bytes.length), 0) : null,
                FileNames.of(file) + " is not valid JSON: " + why);
    }

    /** The members of the object at {@code [from, to)} of {@code bytes}, or null after a diagnostic. */
    private static JsonMembers members(Path file, byte[] bytes, long from, long to, Node n) {
        try {
            return JsonMembers.of(bytes, from, to, FOUND_BY_NAME);
        } catch (IOException e) {
            n.diagnose(notJson(file, bytes, e, true));
            return null;
        }
    }

    /** Members looked up by name in side files: xarray's dimension names, a consolidated file's documents. */
    private static final Set<String> FOUND_BY_NAME = found();

    private static Set<String> found() {
        Set<String> names = new java.util.HashSet<>(CfConventions.NAMES);
        names.add("_ARRAY_DIMENSIONS");
        names.add("metadata");
        return Set.copyOf(names);
    }

    /** A side file's bytes and members, read once for both the array (its dimension names) and the file's own node. */
    record SideRead(byte[] bytes, JsonMembers members, List<Diagnostic> problems) {
        static SideRead of(ZarrStore store, Path file, boolean consolidated) {
            Node probe = Node.of(FileNames.of(file), "probe");
            byte[] bytes = readBytes(store, file, probe);
            JsonMembers m = bytes == null ? null : ZarrNodes.members(file, bytes, 0, bytes.length, probe);
            int md = consolidated && m != null ? m.indexOf("metadata") : -1;
            if (md >= 0) m = ZarrNodes.members(file, bytes, m.valueStart(md), m.end(md), probe);
            return new SideRead(bytes, m, probe.diagnostics());
        }
    }

    /**
     * A side file (.zattrs, .zmetadata) as its own node, its members as fields with spans
     * (paged when there are many); members are located, never all read. {@code read}: the
     * file as already read, or null to read it when the node is opened.
     */
    static Node sideFile(ZarrStore store, Path file, String kind, String key, SideRead read) {
        return Node.lazy(FileNames.of(file), kind, n -> {
            n.facet(FieldExplainer.class, ZarrDocs.DOCS);
            boolean consolidated = kind.equals("zarr-consolidated");
            SideRead r = read != null ? read : SideRead.of(store, file, consolidated);
            r.problems().forEach(n::diagnose);
            if (r.bytes() == null) return;
            n.source(ByteSource.of(r.bytes(), file.toString())).span(Span.bytes(0, r.bytes().length));
            JsonMembers m = r.members();
            if (m == null) return;
            Node all = Attributes.show(n, m, key, "", consolidated ? "a copy of this metadata file, consolidated" : "user attribute");
            if (all != null) n.children(List.of(all));
            n.summary(m.size() + (consolidated ? " metadata documents" : m.size() == 1 ? " attribute" : " attributes"));
        });
    }

    /** A zarr.json's user attributes as fields of {@code n}; the paging node when there are many, else null. */
    private static Node attributes(Path file, Parsed p, Node n) {
        Json attrs = p.json().get("attributes");
        if (attrs == null) return null;
        JsonMembers m = members(file, p.bytes(), attrs.start(), attrs.end(), n);
        return m == null ? null : Attributes.show(n, m, "attribute", "attributes.", "user attribute");
    }

    // ------------------------------------------------------------------ groups

    /** Whether something named {@code name} is in {@code folder} (a link counts, whatever it leads to: reading it checks). */
    private static boolean present(Path folder, String name) {
        return Files.exists(folder.resolve(name), LinkOption.NOFOLLOW_LINKS);
    }

    /** The store's root folder as a group or an array. */
    static Node open(Path root, String name) {
        return open(ZarrStore.at(root), root, name);
    }

    /** A group folder (v2 .zgroup or v3 zarr.json with node_type group), or an array folder. */
    static Node open(ZarrStore store, Path folder, String name) {
        if (present(folder, ".zarray")) return v2Array(store, folder, name);
        Path z3 = folder.resolve("zarr.json");
        if (present(folder, "zarr.json")) {
            String type = nodeType(store, z3);
            if ("array".equals(type)) return v3Array(store, folder, name);
            return v3Group(store, folder, name);
        }
        return v2Group(store, folder, name);
    }

    private static String nodeType(ZarrStore store, Path zarrJson) {
        try {
            Json j = Json.parse(store.readMetadata(zarrJson), LOCATED_ONLY);
            Json t = j == null ? null : j.get("node_type");
            return t == null ? null : t.asText();
        } catch (IOException | ZarrStore.MetadataUnreadable | RuntimeException e) {
            return null;
        }
    }

    /** Sub-folders that hold Zarr metadata, by name; those that lead outside the store go to {@code outside}. */
    private static List<Path> members(ZarrStore store, Path folder, List<Node> outside) {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(folder)) {
            for (Path p : ds) {
                if (!Files.isDirectory(p)) continue;
                if (!present(p, ".zarray") && !present(p, ".zgroup") && !present(p, "zarr.json")) continue;
                String name = FileNames.of(p);
                String bad = ZarrStore.keyProblem(name);
                try {
                    if (bad != null) throw ReadProblem.at(ZarrRules.KEY_INVALID, null, bad);
                    store.requireInside(p, name);
                    out.add(p);
                } catch (ReadProblem e) {
                    outside.add(Node.of(PlainText.escape(name), "zarr-refused").summary("not opened").diagnose(e.diagnostic()));
                }
            }
        } catch (IOException | RuntimeException e) {
            return out;
        }
        out.sort((a, b) -> FileNames.of(a).compareTo(FileNames.of(b)));
        return out;
    }

    private static Node v2Group(ZarrStore store, Path folder, String name) {
        return Node.lazy(name, "zarr-group", n -> {
            n.facet(FieldExplainer.class, ZarrDocs.DOCS);
            Path zg = folder.resolve(".zgroup");
            List<Node> extra = new ArrayList<>();
            if (present(folder, ".zgroup")) {
                Parsed p = readJson(store, zg, n, true);
                if (p != null) {
                    Json j = p.json();
                    Json zf = j.get("zarr_format");
                    if (zf == null) {
                        n.diagnose(ZarrRules.METADATA_KEY_MISSING.at(Span.bytes(j.start(), j.end() - j.start()), ".zgroup has no \"zarr_format\""));
                    } else {
                        n.addField(new Field("zarr_format", -1, "zarr_format", Span.bytes(zf.memberStart(), zf.end() - zf.memberStart()), zf.toString(), "metadata format version (2)"));
                    }
                }
            } else {
                n.field("note", null, "no .zgroup", "a folder of Zarr arrays without group metadata");
            }
            if (present(folder, ".zattrs")) extra.add(sideFile(store, folder.resolve(".zattrs"), "zarr-attributes", "attribute", null));
            if (present(folder, ".zmetadata")) extra.add(sideFile(store, folder.resolve(".zmetadata"), "zarr-consolidated", "consolidated", null));
            groupChildren(store, n, folder, extra, "Zarr v2 group");
        });
    }

    private static Node v3Group(ZarrStore store, Path folder, String name) {
        return Node.lazy(name, "zarr-group", n -> {
            n.facet(FieldExplainer.class, ZarrDocs.DOCS);
            Path file = folder.resolve("zarr.json");
            Parsed p = readJson(store, file, n, true);
            List<Node> extra = new ArrayList<>();
            if (p != null) {
                Json j = p.json();
                for (String k : List.of("zarr_format", "node_type")) {
                    Json v = j.get(k);
                    if (v == null) {
                        n.diagnose(ZarrRules.METADATA_KEY_MISSING.at(Span.bytes(j.start(), j.end() - j.start()), "zarr.json has no \"" + k + "\""));
                    } else {
                        n.addField(new Field(k, -1, k, Span.bytes(v.memberStart(), v.end() - v.memberStart()), v.asText(), k.equals("zarr_format") ? "metadata format version (3)" : "array or group"));
                    }
                }
                Node all = attributes(file, p, n);
                if (all != null) extra.add(all);
            }
            groupChildren(store, n, folder, extra, "Zarr v3 group");
        });
    }

    private static void groupChildren(ZarrStore store, Node n, Path folder, List<Node> extra, String what) {
        List<Node> refused = new ArrayList<>();
        List<Path> members = members(store, folder, refused);
        extra.addAll(refused);
        int arrays = 0;
        for (Path p : members) if (present(p, ".zarray") || "array".equals(nodeType(store, p.resolve("zarr.json")))) arrays++;
        n.field("members", null, members.size(), "arrays and groups inside");
        n.summary(what + " · " + (members.size() - arrays) + (members.size() - arrays == 1 ? " group · " : " groups · ")
                + arrays + (arrays == 1 ? " array" : " arrays"));
        int fixed = extra.size();
        n.lazyChildren(fixed + members.size(), i -> i < fixed ? extra.get(i) : open(store, members.get(i - fixed), FileNames.of(members.get(i - fixed))));
        // a folder that cannot be listed (over HTTP, without consolidated metadata) still answers by name
        n.facet(NamedChild.class, name -> {
            if (ZarrStore.keyProblem(name) != null) return null;
            Path p = folder.resolve(name);
            try {
                store.requireInside(p, name);
            } catch (ReadProblem e) {
                return null;
            }
            boolean member = present(p, ".zarray") || present(p, ".zgroup") || present(p, "zarr.json");
            return member ? open(store, p, name) : null;
        });
    }

    // ------------------------------------------------------------------ arrays

    private static Node v2Array(ZarrStore store, Path folder, String name) {
        return Node.lazy(name, "zarr-array", n -> {
            Parsed p = readJson(store, folder.resolve(".zarray"), n, true);
            List<Node> extra = new ArrayList<>();
            SideRead attrs = present(folder, ".zattrs") ? SideRead.of(store, folder.resolve(".zattrs"), false) : null;
            if (attrs != null) extra.add(sideFile(store, folder.resolve(".zattrs"), "zarr-attributes", "attribute", attrs));
            n.facet(FieldExplainer.class, ZarrDocs.DOCS);
            if (p == null) {
                n.children(extra);
                return;
            }
            ArrayMeta m = ArrayMeta.v2(p.json(), n);
            if (m.dimensionNames.isEmpty() && m.shape != null && attrs != null) m.dimensionNames = xarrayDimensions(attrs, m.shape.length);
            fillArray(store, n, folder, m, extra, attrs == null ? null : attrs.members());
        });
    }

    /**
     * The dimension names xarray keeps in a v2 array's {@code .zattrs} ({@code _ARRAY_DIMENSIONS},
     * v2 has no field for them), or none. Problems of the file are reported by its own node.
     */
    private static List<String> xarrayDimensions(SideRead attrs, int rank) {
        Json dims;
        try {
            dims = attrs.members() == null ? null : attrs.members().value("_ARRAY_DIMENSIONS");
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        if (dims == null || !dims.isArray() || dims.size() != rank) return List.of();
        List<String> names = new ArrayList<>();
        for (Json d : dims.elements()) {
            if (!d.isTextual()) return List.of();
            names.add(d.asText());
        }
        return names;
    }

    private static Node v3Array(ZarrStore store, Path folder, String name) {
        return Node.lazy(name, "zarr-array", n -> {
            Path file = folder.resolve("zarr.json");
            Parsed p = readJson(store, file, n, true);
            n.facet(FieldExplainer.class, ZarrDocs.DOCS);
            if (p == null) return;
            ArrayMeta m = ArrayMeta.v3(p.json(), n);
            List<Node> extra = new ArrayList<>();
            Node all = attributes(file, p, n);
            if (all != null) extra.add(all);
            Json attrs = p.json().get("attributes");
            JsonMembers cf = attrs == null || !attrs.isObject() ? null : members(file, p.bytes(), attrs.start(), attrs.end(), Node.of("attributes", "probe"));
            fillArray(store, n, folder, m, extra, cf);
        });
    }

    /** @param attrs the array's user attributes (for their CF conventions), or null */
    private static void fillArray(ZarrStore store, Node n, Path folder, ArrayMeta m, List<Node> extra, JsonMembers attrs) {
        ZarrArray a = ZarrArray.of(store, folder, m, n::diagnose);
        if (a == null) {
            n.summary("Zarr v" + m.zarrFormat + " array · metadata incomplete");
            n.children(extra);
            return;
        }
        long count = a.grid.chunkCount();
        n.field("chunk grid", null, Arrays.toString(a.grid.gridShape()) + " = " + count + (count == 1 ? " chunk" : " chunks"), "chunks along each dimension: ceil(shape / chunk shape)");
        if (m.pipeline != null) {
            n.field("codec chain", null, String.join(" → ", m.pipeline.labels()), "how a chunk's elements become its stored bytes, in encode order");
            n.field("decoded chunk size", null, m.pipeline.decodedBytes(), "bytes of a decoded chunk: chunk elements × item size (edge chunks are stored at full size)");
        }
        if (m.fill == null && m.dtype != null) n.field("fill element", null, "zeros", "missing chunks read as zeros");
        String codecs = m.pipeline == null ? "chunks not decodable" : String.join(" → ", m.pipeline.labels());
        n.summary((m.dtype == null ? "?" : m.dtype.label()) + " · " + Arrays.toString(m.shape) + " · chunks " + Arrays.toString(m.chunks)
                + " · " + count + (count == 1 ? " chunk" : " chunks") + " · " + codecs);
        if (a.data != null) {
            StoreColumn col = a.column(n.name());
            n.facet(ValueColumn.class, col);
            if (m.dtype.valueType().numeric() && !m.dtype.complex()) {
                n.facet(ArraySlices.class, new ChunkedSlices(a.data, m.dtype.valueType(), m.dimensionNames));
            }
            n.facet(BulkDecoder.class, a::decodeAll);
            CfValues.attach(n, CfAttributes.of(attrs, m));
        }
        int fixed = extra.size();
        if (count > WALKED_CHUNKS) {
            n.drillDown(true);
            if (a.data != null) {
                n.facet(Verifier.class, (sink, progress) -> a.verify(sink, progress));
                n.facet(ChunkUnits.class, a.units());
            }
        }
        if (count > Integer.MAX_VALUE - 1 - fixed && a.stored().known()) {
            // a grid too large to list cell by cell: its stored chunks are the children, the rest is the fill value
            StoredChunks s = a.stored();
            n.field("chunks listed", null, s.count() + " stored of " + count, "only stored chunks are listed: every other chunk is the fill value");
            ChunksAhead ahead = new ChunksAhead(a, s.count(), j -> s.get((int) j));
            n.lazyChildren(fixed + s.count(), i -> i < fixed ? extra.get(i) : chunk(a, a.grid.chunkCoords(ahead.before(i - fixed))));
            return;
        }
        int shown = (int) Math.min(count, Integer.MAX_VALUE - 1 - fixed);
        if (shown < count) n.diagnose(Diagnostic.warning(null, ZarrRules.CHUNK_TOO_LARGE, "only the first " + shown + " of " + count + " chunks are listed"));
        ChunksAhead ahead = new ChunksAhead(a, shown, j -> j);
        n.lazyChildren(fixed + shown, i -> i < fixed ? extra.get(i) : chunk(a, a.grid.chunkCoords(ahead.before(i - fixed))));
    }

    /**
     * Chunk nodes are made one by one as a view or a walk asks for them, and each opens its
     * chunk's file; in a remote store each open is a round trip. The first node asked for in
     * a block of 64 opens the block's stored chunks side by side, so showing 200 chunk nodes
     * takes a few round trips instead of 200.
     */
    private static final class ChunksAhead {
        private static final int BLOCK = 64;
        private final ZarrArray array;
        private final long count;
        private final java.util.function.LongUnaryOperator chunkAt;
        private final boolean remote;
        private final java.util.Set<Long> opened = java.util.concurrent.ConcurrentHashMap.newKeySet();

        ChunksAhead(ZarrArray array, long count, java.util.function.LongUnaryOperator chunkAt) {
            this.array = array;
            this.count = count;
            this.chunkAt = chunkAt;
            this.remote = array.folder.getFileSystem() instanceof SourceFileSystem;
        }

        /** The chunk number of child {@code j}, after opening its block's chunk files side by side. */
        long before(long j) {
            long k = chunkAt.applyAsLong(j);
            if (!remote || !opened.add(j / BLOCK)) return k;
            List<Path> files = new ArrayList<>(BLOCK);
            for (long i = j / BLOCK * BLOCK; i < Math.min(count, (j / BLOCK + 1) * BLOCK); i++) {
                long[] c = array.grid.chunkCoords(chunkAt.applyAsLong(i));
                try {
                    // not asked whether it exists: over HTTP that is itself a request; a missing one is remembered so
                    files.add(array.chunkPath(c));
                } catch (ReadProblem e) {
                    // the chunk's own node says why it is not opened
                }
            }
            if (!files.isEmpty()) SourceFileSystem.openAhead(files.get(0), files);
            return k;
        }
    }

    /** The node of the chunk at grid coordinates {@code c}: its codec's own inspection, or "missing → fill value". */
    static Node chunk(ZarrArray a, long[] c) {
        String name = Pipeline.key(c);
        String key = a.meta.chunkKey(c);
        Path p;
        try {
            p = a.chunkPath(c);
        } catch (ReadProblem e) {
            return Node.of(name, "zarr-chunk").summary("not opened").diagnose(e.diagnostic());
        }
        if (!a.exists(c) || !Files.exists(p)) {
            return Node.of(name, "zarr-chunk-missing").summary("missing → fill value " + (a.meta.fill == null ? "0" : a.meta.fillText))
                    .field("key", null, key, "the chunk's file name in the array folder: no such file, so every element is the fill value");
        }
        long size;
        try {
            size = RegularFiles.require(p).size();
        } catch (IOException e) {
            return Node.of(name, "zarr-chunk").summary("not opened").diagnose(e instanceof NotRegularFileException
                    ? SharedRules.NOT_REGULAR_FILE.at(null, key + " is not a regular file; it is not opened")
                    : ZarrRules.CHUNK_UNREADABLE.at(null, key + " cannot be read"));
        }
        if (a.meta.pipeline != null && a.data != null) {
            long most = a.meta.pipeline.maxStoredBytes();
            if (size > most || size > Pipeline.limit()) {
                Diagnostic d = size > most
                        ? ZarrRules.CHUNK_SIZE.at(null, key + " holds " + size + " bytes, more than a chunk of this array can take (" + most + " bytes at most); not read")
                        : ZarrRules.CHUNK_TOO_LARGE.at(null, key + " holds " + size + " bytes, more than the " + Pipeline.limit() + " PackScope reads of one chunk here; not read");
                return Node.of(name, "zarr-chunk").summary(FileNames.size(size) + " · not read").diagnose(d);
            }
        }
        if (a.meta.pipeline == null || a.data == null) {
            return Node.lazy(name, "zarr-chunk", n -> {
                ByteSource src = ByteSource.open(p);
                n.source(src).span(Span.bytes(0, src.size()));
                n.field("key", null, key, "the chunk's file name in the array folder");
                n.field("stored bytes", Span.bytes(0, src.size()), src.size(), "not decodable: the array's codecs are not known");
                n.summary(FileNames.size(src.size()) + " · codecs unknown, not decoded");
            });
        }
        try {
            ByteSource src = ByteSource.open(p);
            return stored(name, key, src, 0, src.size(), a.meta.pipeline, a);
        } catch (IOException e) {
            return Node.of(name, "zarr-chunk").diagnose(ZarrRules.CHUNK_UNREADABLE.at(null, key + " cannot be read"));
        }
    }

    /**
     * A stored chunk (a chunk file, or an inner chunk of a shard at {@code off}) as its codec's
     * inspection, with the Zarr facts (key, crc32c) added.
     */
    static Node stored(String name, String key, ByteSource src, long off, long len, Pipeline p, ZarrArray a) {
        List<Pipeline.BytesCodec> bc = p.bytesCodecs;
        int crcs = 0;
        while (crcs < bc.size() && bc.get(bc.size() - 1 - crcs) instanceof Pipeline.Crc32c) crcs++;
        long body = Math.max(0, len - 4L * crcs);
        List<Pipeline.BytesCodec> inner = bc.subList(0, bc.size() - crcs);
        Node n;
        if (!inner.isEmpty() && inner.get(inner.size() - 1) instanceof Pipeline.Blosc) {
            // the stored bytes are a Blosc chunk whatever filters ran before it
            BloscChunk b = BloscChunk.read(src, off, body);
            n = ChunkNodes.fill(Node.of(name, "blosc-chunk"), b, name);
            n.span(Span.bytes(off, len));
            if (b.header() != null && p.encodedBytes() >= 0 && b.header().nbytes() != p.encodedBytes()) {
                n.diagnose(Diagnostic.error(Span.bytes(off + 4, 4), ZarrRules.CHUNK_SIZE, "the Blosc header says nbytes " + b.header().nbytes()
                        + ", the chunk needs " + p.encodedBytes() + " bytes"));
            }
            if (a != null && a.plainNumeric() && bc.size() == 1) ChunkNodes.typeAs(n, b, a.type(), name);
        } else if (inner.isEmpty() && p.arrayBytes instanceof Pipeline.Pcodec && crcs == 0) {
            ByteSource pco = off == 0 && len == src.size() ? src : src.slice(off, len);
            n = PcoNodes.file(name, pco);
            // the Pco file's own checks come with its node; whether it holds one chunk's worth of numbers is Zarr's
            try {
                long numbers = PcoFile.open(pco).totalN();
                if (numbers != p.elements) {
                    n.diagnose(ZarrRules.CHUNK_SIZE.at(null, key + ": the Pco file holds " + numbers + " numbers, the chunk shape "
                            + Arrays.toString(p.chunkShape) + " has " + p.elements + " elements"));
                }
            } catch (RuntimeException e) {
                // a Pco file that cannot be read at all is reported by its own node
            }
        } else if (inner.isEmpty() && p.arrayBytes instanceof Pipeline.Sharding) {
            n = shard(name, key, src, off, len, p, crcs);
        } else {
            n = raw(name, key, src, off, len, p);
        }
        n.field("key", null, key, "where the chunk is stored: its file name in the array folder, or its place in a shard");
        n.field("codec chain", null, String.join(" → ", p.labels()), "the codecs this chunk went through, in encode order");
        if (crcs > 0 && len >= 4) {
            byte[] bytes = src.bytes(off, (int) len);
            for (int i = 0; i < crcs; i++) {
                int end = (int) len - 4 * i;
                long stored = Pipeline.u32le(bytes, end - 4);
                long actual = Pipeline.crc32c(bytes, 0, end - 4);
                n.addField(new Field("crc32c", -1, "crc32c", Span.bytes(off + end - 4, 4), String.format("0x%08x", stored),
                        stored == actual ? "matches the bytes before it" : String.format("MISMATCH: the bytes before it give 0x%08x", actual)));
                if (stored != actual) {
                    n.diagnose(Diagnostic.error(Span.bytes(off + end - 4, 4), ZarrRules.CRC32C_MISMATCH, String.format(
                            "stored crc32c 0x%08x, the %d bytes before it give 0x%08x", stored, end - 4, actual)));
                }
            }
        }
        return n;
    }

    /** Chunk bytes of a general-purpose codec (or none): codec, sizes and span; values decoded on first look. */
    private static Node raw(String name, String key, ByteSource src, long off, long len, Pipeline p) {
        Node n = Node.of(name, "zarr-chunk").source(src).span(Span.bytes(off, len));
        n.facet(FieldExplainer.class, ZarrDocs.DOCS);
        n.field("stored bytes", Span.bytes(off, len), len, "bytes in the store");
        n.field("decoded bytes", null, p.decodedBytes(), "chunk elements × item size");
        if (len > 0) n.field("ratio", null, String.format(java.util.Locale.ROOT, "%.3f", p.decodedBytes() / (double) len), "decoded / stored bytes");
        n.summary(String.join(" → ", p.labels()) + " · " + FileNames.size(p.decodedBytes()) + " → " + FileNames.size(len));
        Decoded d = new Decoded(src, off, len, p);
        n.facet(ValueColumn.class, new StoreColumn(name, p.dtype.columnType(), p.elements * p.dtype.columnPerElement(), d));
        // what the node already reports (checked when it was made) is not repeated by its verifier
        n.facet(Verifier.class, (sink, progress) -> d.verify(x -> { if (!n.diagnostics().contains(x)) sink.accept(x); }, progress));
        if (p.bytesCodecs.stream().allMatch(b -> b instanceof Pipeline.Crc32c) && p.arrayBytes instanceof Pipeline.Bytes) {
            // no compression: the size check costs nothing, so a short chunk shows before any deep check
            d.verify(x -> { if (!x.rule().equals(ZarrRules.CRC32C_MISMATCH.id())) n.diagnose(x); }, Progress.NONE);
        }
        return n;
    }

    /** A shard: its index entries as fields, each inner chunk a child (empty ones read as the fill value). */
    private static Node shard(String name, String key, ByteSource src, long off, long len, Pipeline p, int crcs) {
        Node n = Node.of(name, "zarr-shard").source(src).span(Span.bytes(off, len));
        n.facet(FieldExplainer.class, ZarrDocs.DOCS);
        Pipeline.Sharding s = (Pipeline.Sharding) p.arrayBytes;
        long body = len - 4L * crcs;
        int[] grid = p.innerGrid();
        n.field("inner chunks", null, Arrays.toString(grid) + " of " + Arrays.toString(s.inner().chunkShape), "inner chunks per dimension, and their shape");
        n.field("index_location", null, s.indexAtStart() ? "start" : "end", "where the shard index is");
        byte[] bytes;
        List<Pipeline.IndexEntry> index;
        List<Diagnostic> notes = new ArrayList<>();
        if (body > Pipeline.limit()) {
            n.diagnose(ZarrRules.CHUNK_TOO_LARGE.at(Span.bytes(off, 0), "the shard's " + body + " bytes are more than PackScope holds at once"));
            n.summary("shard · too large to read");
            return n;
        }
        try {
            bytes = src.bytes(off, (int) body);
            index = p.readIndex(bytes, off, notes::add);
        } catch (ReadProblem e) {
            n.diagnose(e.diagnostic());
            n.summary("shard · index unreadable");
            return n;
        }
        notes.forEach(n::diagnose);
        long idx = p.indexAt(body);
        n.field("index", Span.bytes(off + idx, p.indexSize()), index.size() + " entries", "(offset, nbytes) of each inner chunk in C order, uint64 each"
                + (s.indexCrc() ? ", then a crc32c of the entries" : ""));
        int empty = 0;
        long[] c = new long[grid.length];
        List<Node> kids = new ArrayList<>(index.size());
        for (int j = 0; j < index.size(); j++) {
            Pipeline.IndexEntry e = index.get(j);
            for (int d = grid.length - 1, r = j; d >= 0; d--) {
                c[d] = r % grid[d];
                r /= grid[d];
            }
            String inner = Pipeline.key(c);
            Span entry = Span.bytes(off + e.entryAt(), 16);
            String problem = Pipeline.entryProblem(e, body);
            n.addField(new Field("index entry", j, "index[" + inner + "]", entry,
                    e.empty() ? "empty" : Long.toUnsignedString(e.offset()) + ", " + Long.toUnsignedString(e.nbytes()),
                    e.empty() ? "2^64-1 twice: no inner chunk, every element is the fill value" : problem != null ? problem : "offset and size of the inner chunk in the shard"));
            if (e.empty()) {
                empty++;
                kids.add(Node.of(inner, "zarr-chunk-missing").summary("empty → fill value"));
            } else if (problem != null) {
                n.diagnose(Diagnostic.error(entry, ZarrRules.SHARD_INDEX, "inner chunk " + inner + ": " + problem + "; it reads as the fill value"));
                kids.add(Node.of(inner, "zarr-chunk").source(src).span(entry).summary("index entry points outside the shard")
                        .diagnose(Diagnostic.error(entry, ZarrRules.SHARD_INDEX, "inner chunk " + inner + ": " + problem)));
            } else {
                kids.add(stored(inner, key + " [" + inner + "]", src, off + e.offset(), e.nbytes(), s.inner(), null));
            }
        }
        n.children(kids);
        n.summary("shard · " + index.size() + " inner chunks (" + empty + " empty) · index at the " + (s.indexAtStart() ? "start" : "end")
                + " · " + FileNames.size(len));
        return n;
    }

    /** One chunk's decoded bytes, decoded on first read. */
    private static final class Decoded implements ByteStore {
        private final ByteSource src;
        private final long off, len;
        private final Pipeline p;
        private byte[] bytes;
        private String failure;

        Decoded(ByteSource src, long off, long len, Pipeline p) {
            this.src = src;
            this.off = off;
            this.len = len;
            this.p = p;
        }

        private synchronized byte[] get(Consumer<Diagnostic> sink) {
            if (bytes == null && p.decodedBytes() > Pipeline.limit()) {
                failure = "the chunk is too large to hold";
                bytes = new byte[0];
            }
            if (bytes == null) {
                try {
                    byte[] b = p.decode(src.bytes(off, (int) len), off, sink);
                    bytes = b.length == p.decodedBytes() ? b : Arrays.copyOf(b, (int) p.decodedBytes());
                } catch (ReadProblem e) {
                    sink.accept(e.diagnostic());
                    failure = e.getMessage();
                    bytes = new byte[(int) p.decodedBytes()];
                    Pipeline.fillWith(bytes, p.fill, p.dtype.itemSize());
                }
            }
            return bytes;
        }

        @Override public long size() { return p.decodedBytes(); }

        @Override
        public void read(long pos, byte[] dst, int o, int n) {
            byte[] b = get(d -> { });
            if (b.length == 0) Arrays.fill(dst, o, o + n, (byte) 0); else System.arraycopy(b, (int) pos, dst, o, n);
        }

        @Override public synchronized String failure(long pos) { get(d -> { }); return failure; }

        @Override public boolean mayFail() { return true; }

        @Override
        public long verify(Consumer<Diagnostic> sink, Progress progress) {
            try {
                return p.decode(src.bytes(off, (int) len), off, sink).length;
            } catch (ReadProblem e) {
                sink.accept(e.diagnostic());
                return 0;
            }
        }
    }
}
