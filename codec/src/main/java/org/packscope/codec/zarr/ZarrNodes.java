package org.packscope.codec.zarr;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.packscope.codec.blosc.BloscChunk;
import org.packscope.codec.blosc.ChunkNodes;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.FileNames;
import org.packscope.codec.json.Json;
import org.packscope.codec.pco.PcoNodes;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.store.ArraySlices;
import org.packscope.codec.store.ByteStore;
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

    /** A metadata file read into the node it describes (source, span), or null after a diagnostic. */
    static Json readJson(Path file, Node n, boolean setSource) {
        ByteSource src;
        byte[] bytes;
        try {
            src = ByteSource.open(file);
            bytes = src.bytes(0, (int) Math.min(src.size(), Integer.MAX_VALUE - 16));
        } catch (IOException | RuntimeException e) {
            n.diagnose(ZarrRules.METADATA_UNREADABLE.at(null, FileNames.of(file) + " cannot be read: " + e.getMessage()));
            return null;
        }
        if (setSource) n.source(src).span(Span.bytes(0, src.size()));
        try {
            Json j = Json.parse(bytes);
            if (j == null || !j.isObject()) {
                n.diagnose(ZarrRules.METADATA_UNREADABLE.at(Span.bytes(0, bytes.length), FileNames.of(file) + " does not hold a JSON object"));
                return null;
            }
            return j;
        } catch (JsonProcessingException e) {
            long at = e.getLocation() == null ? 0 : Math.max(0, e.getLocation().getByteOffset());
            n.diagnose(ZarrRules.METADATA_UNREADABLE.at(setSource ? Span.bytes(Math.min(at, bytes.length), 0) : null,
                    FileNames.of(file) + " is not valid JSON: " + e.getOriginalMessage()));
            return null;
        } catch (IOException e) {
            n.diagnose(ZarrRules.METADATA_UNREADABLE.at(null, FileNames.of(file) + " is not valid JSON: " + e.getMessage()));
            return null;
        }
    }

    /** A side file (.zattrs, .zmetadata) as its own node, its members as fields with spans. */
    static Node sideFile(Path file, String kind, String key) {
        return Node.lazy(FileNames.of(file), kind, n -> {
            Json j = readJson(file, n, true);
            n.facet(FieldExplainer.class, ZarrDocs.DOCS);
            if (j == null) return;
            Json md = kind.equals("zarr-consolidated") ? j.get("metadata") : j;
            if (md == null) md = j;
            for (Map.Entry<String, Json> e : md.members().entrySet()) {
                Json v = e.getValue();
                n.addField(new Field(key, -1, e.getKey(), Span.bytes(v.memberStart(), v.end() - v.memberStart()), v.toString(),
                        kind.equals("zarr-consolidated") ? "a copy of this metadata file, consolidated" : "user attribute"));
            }
            n.summary(md.size() + (kind.equals("zarr-consolidated") ? " metadata documents" : md.size() == 1 ? " attribute" : " attributes"));
        });
    }

    // ------------------------------------------------------------------ groups

    /** A group folder (v2 .zgroup or v3 zarr.json with node_type group), or an array folder. */
    static Node open(Path folder, String name) {
        if (Files.isRegularFile(folder.resolve(".zarray"))) return v2Array(folder, name);
        Path z3 = folder.resolve("zarr.json");
        if (Files.isRegularFile(z3)) {
            String type = nodeType(z3);
            if ("array".equals(type)) return v3Array(folder, name);
            return v3Group(folder, name);
        }
        return v2Group(folder, name);
    }

    private static String nodeType(Path zarrJson) {
        try {
            Json j = Json.parse(Files.readAllBytes(zarrJson));
            Json t = j == null ? null : j.get("node_type");
            return t == null ? null : t.asText();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Sub-folders that hold Zarr metadata, by name. */
    private static List<Path> members(Path folder) {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(folder)) {
            for (Path p : ds) {
                if (!Files.isDirectory(p)) continue;
                if (Files.isRegularFile(p.resolve(".zarray")) || Files.isRegularFile(p.resolve(".zgroup"))
                        || Files.isRegularFile(p.resolve("zarr.json"))) out.add(p);
            }
        } catch (IOException | RuntimeException e) {
            return out;
        }
        out.sort((a, b) -> FileNames.of(a).compareTo(FileNames.of(b)));
        return out;
    }

    private static Node v2Group(Path folder, String name) {
        return Node.lazy(name, "zarr-group", n -> {
            n.facet(FieldExplainer.class, ZarrDocs.DOCS);
            Path zg = folder.resolve(".zgroup");
            List<Node> extra = new ArrayList<>();
            if (Files.isRegularFile(zg)) {
                Json j = readJson(zg, n, true);
                if (j != null) {
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
            if (Files.isRegularFile(folder.resolve(".zattrs"))) extra.add(sideFile(folder.resolve(".zattrs"), "zarr-attributes", "attribute"));
            if (Files.isRegularFile(folder.resolve(".zmetadata"))) extra.add(sideFile(folder.resolve(".zmetadata"), "zarr-consolidated", "consolidated"));
            groupChildren(n, folder, extra, "Zarr v2 group");
        });
    }

    private static Node v3Group(Path folder, String name) {
        return Node.lazy(name, "zarr-group", n -> {
            n.facet(FieldExplainer.class, ZarrDocs.DOCS);
            Json j = readJson(folder.resolve("zarr.json"), n, true);
            if (j != null) {
                for (String k : List.of("zarr_format", "node_type")) {
                    Json v = j.get(k);
                    if (v == null) {
                        n.diagnose(ZarrRules.METADATA_KEY_MISSING.at(Span.bytes(j.start(), j.end() - j.start()), "zarr.json has no \"" + k + "\""));
                    } else {
                        n.addField(new Field(k, -1, k, Span.bytes(v.memberStart(), v.end() - v.memberStart()), v.asText(), k.equals("zarr_format") ? "metadata format version (3)" : "array or group"));
                    }
                }
                Json attrs = j.get("attributes");
                if (attrs != null) {
                    for (Map.Entry<String, Json> e : attrs.members().entrySet()) {
                        Json v = e.getValue();
                        n.addField(new Field("attributes", -1, "attributes." + e.getKey(), Span.bytes(v.memberStart(), v.end() - v.memberStart()), v.toString(), "user attribute"));
                    }
                }
            }
            groupChildren(n, folder, new ArrayList<>(), "Zarr v3 group");
        });
    }

    private static void groupChildren(Node n, Path folder, List<Node> extra, String what) {
        List<Path> members = members(folder);
        int arrays = 0;
        for (Path p : members) if (Files.isRegularFile(p.resolve(".zarray")) || "array".equals(nodeType(p.resolve("zarr.json")))) arrays++;
        n.field("members", null, members.size(), "arrays and groups inside");
        n.summary(what + " · " + (members.size() - arrays) + (members.size() - arrays == 1 ? " group · " : " groups · ")
                + arrays + (arrays == 1 ? " array" : " arrays"));
        int fixed = extra.size();
        n.lazyChildren(fixed + members.size(), i -> i < fixed ? extra.get(i) : open(members.get(i - fixed), FileNames.of(members.get(i - fixed))));
    }

    // ------------------------------------------------------------------ arrays

    private static Node v2Array(Path folder, String name) {
        return Node.lazy(name, "zarr-array", n -> {
            Json j = readJson(folder.resolve(".zarray"), n, true);
            List<Node> extra = new ArrayList<>();
            if (Files.isRegularFile(folder.resolve(".zattrs"))) extra.add(sideFile(folder.resolve(".zattrs"), "zarr-attributes", "attribute"));
            n.facet(FieldExplainer.class, ZarrDocs.DOCS);
            if (j == null) {
                n.children(extra);
                return;
            }
            ArrayMeta m = ArrayMeta.v2(j, n);
            if (m.dimensionNames.isEmpty() && m.shape != null) m.dimensionNames = xarrayDimensions(folder, m.shape.length);
            fillArray(n, folder, m, extra);
        });
    }

    /**
     * The dimension names xarray keeps in a v2 array's {@code .zattrs} ({@code _ARRAY_DIMENSIONS},
     * v2 has no field for them), or none. Problems of the file are reported by its own node.
     */
    private static List<String> xarrayDimensions(Path folder, int rank) {
        Path attrs = folder.resolve(".zattrs");
        if (!Files.isRegularFile(attrs)) return List.of();
        Json j = readJson(attrs, Node.of(".zattrs", "probe"), false);
        Json dims = j == null ? null : j.get("_ARRAY_DIMENSIONS");
        if (dims == null || !dims.isArray() || dims.size() != rank) return List.of();
        List<String> names = new ArrayList<>();
        for (Json d : dims.elements()) {
            if (!d.isTextual()) return List.of();
            names.add(d.asText());
        }
        return names;
    }

    private static Node v3Array(Path folder, String name) {
        return Node.lazy(name, "zarr-array", n -> {
            Json j = readJson(folder.resolve("zarr.json"), n, true);
            n.facet(FieldExplainer.class, ZarrDocs.DOCS);
            if (j == null) return;
            fillArray(n, folder, ArrayMeta.v3(j, n), new ArrayList<>());
        });
    }

    private static void fillArray(Node n, Path folder, ArrayMeta m, List<Node> extra) {
        ZarrArray a = ZarrArray.of(folder, m, n::diagnose);
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
            n.facet(BulkDecoder.class, (progress, threads) -> a.verify(d -> { }, progress) / Math.max(1, m.dtype.itemSize()));
        }
        int fixed = extra.size();
        int shown = (int) Math.min(count, Integer.MAX_VALUE - 1 - fixed);
        if (shown < count) n.diagnose(Diagnostic.warning(null, ZarrRules.CHUNK_TOO_LARGE, "only the first " + shown + " of " + count + " chunks are listed"));
        if (count > WALKED_CHUNKS) {
            n.drillDown(true);
            if (a.data != null) n.facet(Verifier.class, (sink, progress) -> a.verify(sink, progress));
        }
        n.lazyChildren(fixed + shown, i -> i < fixed ? extra.get(i) : chunk(a, a.grid.chunkCoords(i - fixed)));
    }

    /** The node of the chunk at grid coordinates {@code c}: its codec's own inspection, or "missing → fill value". */
    static Node chunk(ZarrArray a, long[] c) {
        String name = Pipeline.key(c);
        String key = a.meta.chunkKey(c);
        Path p = a.chunkPath(c);
        if (!Files.isRegularFile(p)) {
            return Node.of(name, "zarr-chunk-missing").summary("missing → fill value " + (a.meta.fill == null ? "0" : a.meta.fillText))
                    .field("key", null, key, "the chunk's file name in the array folder: no such file, so every element is the fill value");
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
            return Node.of(name, "zarr-chunk").diagnose(ZarrRules.CHUNK_UNREADABLE.at(null, key + " cannot be read: " + e.getMessage()));
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
                long numbers = org.packscope.codec.pco.PcoFile.open(pco).totalN();
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
