package org.packscope.codec.zarr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.packscope.codec.compress.CodecId;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.json.Json;

/**
 * An array's metadata, from a v2 {@code .zarray} or a v3 {@code zarr.json}: shape,
 * chunk shape, data type, fill value, chunk key encoding and the codec chain. Reading it
 * records every field on the array's node with its span in the metadata file, and every
 * problem as a diagnostic at the offending value; {@link #pipeline} is null when the
 * chunks cannot be decoded (an unknown codec, a missing data type), though the rest of
 * the metadata is still shown.
 */
final class ArrayMeta {
    int zarrFormat;
    long[] shape;
    int[] chunks;
    DataType dtype;
    byte[] fill;
    String fillText = "";
    boolean fOrder;
    /** v2 separator or v3 chunk_key_encoding separator. */
    String separator = ".";
    /** v3 "default" encoding: keys start with "c". */
    boolean defaultKeys;
    Pipeline pipeline;
    List<String> dimensionNames = List.of();
    /** False when shape, chunks or data type are missing or invalid: nothing about the chunks is known. */
    boolean usable = true;

    private final Node node;
    /** Codecs met so far in this array's chains, nested ones included. */
    private int codecsSeen;

    /** The largest element PackScope holds ({@code |S2147483647} would be 2 GB an element). */
    static final int MAX_ITEM_BYTES = 1 << 20;

    private ArrayMeta(Node node) { this.node = node; }

    private static Span member(Json v) { return Span.bytes(v.memberStart(), v.end() - v.memberStart()); }

    private static Span value(Json v) { return Span.bytes(v.start(), v.end() - v.start()); }

    private void field(String key, Json v, Object shown, String meaning) {
        node.addField(new Field(key, -1, key, member(v), String.valueOf(shown), meaning));
    }

    private void problem(Rule rule, Span span, String message) {
        node.diagnose(Diagnostic.error(span, rule, message));
    }

    /** The member, or null after a diagnostic that it is missing (at the whole object). */
    private Json required(Json obj, String key, String file) {
        Json v = obj.get(key);
        if (v == null) {
            problem(ZarrRules.METADATA_KEY_MISSING, value(obj), file + " has no \"" + key + "\", which the spec requires");
            usable = false;
        }
        return v;
    }

    // ------------------------------------------------------------------ v2

    static ArrayMeta v2(Json a, Node node) {
        ArrayMeta m = new ArrayMeta(node);
        m.zarrFormat = 2;
        m.readV2(a);
        return m;
    }

    private void readV2(Json a) {
        String file = ".zarray";
        Json zf = a.get("zarr_format");
        if (zf != null) field("zarr_format", zf, zf, "metadata format version (2)");
        Json sh = required(a, "shape", file);
        if (sh != null) {
            shape = longs(sh, "shape", false);
            if (shape != null) field("shape", sh, Arrays.toString(shape), "length of each dimension");
        }
        Json ch = required(a, "chunks", file);
        if (ch != null) {
            long[] c = longs(ch, "chunks", true);
            if (c != null) {
                chunks = new int[c.length];
                for (int d = 0; d < c.length; d++) chunks[d] = (int) Math.min(Integer.MAX_VALUE, c[d]);
                field("chunks", ch, Arrays.toString(chunks), "the chunk shape: each chunk file holds this many elements per dimension");
            }
        }
        Json dt = required(a, "dtype", file);
        if (dt != null) {
            dtype = dt.isTextual() ? DataType.v2(dt.asText()) : null;
            field("dtype", dt, dt.asText(), dtype == null ? "not a data type PackScope decodes" : dtype.label() + ", " + dtype.itemSize() + " bytes per element");
            if (dtype == null) {
                problem(ZarrRules.UNSUPPORTED_DTYPE, value(dt), "data type " + dt + " is not one PackScope decodes");
                usable = false;
            } else if (dtype.itemSize() > MAX_ITEM_BYTES) {
                problem(ZarrRules.CHUNK_TOO_LARGE, value(dt), "one element of " + dt + " takes " + dtype.itemSize() + " bytes, more than the "
                        + MAX_ITEM_BYTES + " PackScope holds per element; not decoded");
                dtype = null;
                usable = false;
            }
        }
        Json comp = required(a, "compressor", file);
        if (comp != null) field("compressor", comp, comp, comp.isNull() ? "none: chunks are stored as raw bytes" : "the codec applied to each chunk after the filters");
        Json fl = required(a, "fill_value", file);
        Json order = required(a, "order", file);
        if (order != null) {
            if (order.isTextual() && (order.asText().equals("C") || order.asText().equals("F"))) {
                fOrder = order.asText().equals("F");
                field("order", order, order.asText(), fOrder ? "column-major inside each chunk (the first index varies fastest)" : "row-major inside each chunk");
            } else {
                problem(ZarrRules.METADATA_INVALID, value(order), "order must be \"C\" or \"F\", not " + order);
            }
        }
        Json filters = required(a, "filters", file);
        if (filters != null) field("filters", filters, filters, filters.isNull() || filters.isEmpty() ? "none" : "codecs applied before the compressor, in this order");
        Json sep = a.get("dimension_separator");
        if (sep != null) {
            if (sep.isTextual() && (sep.asText().equals(".") || sep.asText().equals("/"))) {
                separator = sep.asText();
                field("dimension_separator", sep, sep.asText(), "joins chunk coordinates into a chunk key" + (separator.equals("/") ? ": nested folders" : ""));
            } else {
                problem(ZarrRules.KEY_INVALID, value(sep), "dimension_separator must be \".\" or \"/\", not " + ZarrStore.printable(sep.asText())
                        + "; no chunk is read");
                usable = false;
            }
        }
        checkRanks();
        if (!usable || dtype == null) {
            pipeline = null;
            return;
        }
        if (fl != null) readFill(fl);
        List<Pipeline.ArrayCodec> array = new ArrayList<>();
        if (fOrder) array.add(new Pipeline.Transpose(reversed(chunks.length)));
        List<Pipeline.BytesCodec> bytes = new ArrayList<>();
        Pipeline.ArrayBytes ab = null;
        boolean ok = true;
        DataType current = dtype;
        if (filters != null && filters.isArray() && filters.size() + 2 > Pipeline.MAX_CODECS) {
            problem(ZarrRules.CODEC_CHAIN_TOO_LONG, value(filters), filters.size() + " filters, more than the " + (Pipeline.MAX_CODECS - 2)
                    + " PackScope runs on one chunk; the chunks are not decoded");
            ok = false;
        } else if (filters != null && filters.isArray()) {
            for (Json f : filters.elements()) {
                Json id = f.get("id");
                String name = id == null ? "" : id.asText();
                switch (name) {
                    case "delta" -> {
                        Json as = f.get("astype");
                        DataType astype = as == null ? current : DataType.v2(as.asText());
                        if (astype == null || astype.complex() || current.complex()) {
                            problem(ZarrRules.UNSUPPORTED_DTYPE, value(as == null ? f : as), "delta filter type " + (as == null ? "?" : as.asText()) + " is not supported");
                            ok = false;
                        } else {
                            array.add(new Pipeline.Delta(current, astype));
                            current = astype;
                        }
                    }
                    case "shuffle" -> {
                        Json es = f.get("elementsize");
                        bytes.add(new Pipeline.Shuffle(es != null && es.canConvertToLong() ? (int) es.asLong() : current.itemSize()));
                    }
                    default -> {
                        problem(ZarrRules.UNKNOWN_CODEC, value(id == null ? f : id), "filter " + (id == null ? f : id) + " is not one PackScope decodes; the chunks cannot be decoded");
                        ok = false;
                    }
                }
            }
        }
        if (comp != null && comp.isObject()) {
            Json id = comp.get("id");
            String name = id == null ? "" : id.asText();
            switch (name) {
                case "blosc" -> bytes.add(new Pipeline.Blosc());
                case "zstd" -> bytes.add(new Pipeline.Compress(CodecId.ZSTD, false, "zstd"));
                case "lz4" -> bytes.add(new Pipeline.Compress(CodecId.LZ4, true, "lz4"));
                case "gzip" -> bytes.add(new Pipeline.Compress(CodecId.GZIP, false, "gzip"));
                case "zlib" -> bytes.add(new Pipeline.Compress(CodecId.ZLIB, false, "zlib"));
                case "bz2" -> bytes.add(new Pipeline.Compress(CodecId.BZIP2, false, "bz2"));
                case "pcodec" -> ab = new Pipeline.Pcodec();
                default -> {
                    problem(ZarrRules.UNKNOWN_CODEC, value(id == null ? comp : id), "compressor " + (id == null ? comp : id) + " is not one PackScope decodes; the chunks cannot be decoded");
                    ok = false;
                }
            }
        } else if (comp != null && !comp.isNull()) {
            problem(ZarrRules.METADATA_INVALID, value(comp), "compressor must be an object or null");
            ok = false;
        }
        if (ab instanceof Pipeline.Pcodec && !bytes.isEmpty()) {
            problem(ZarrRules.UNKNOWN_CODEC, value(comp), "a shuffle filter before pcodec is not supported");
            ok = false;
        }
        if (ab == null) ab = new Pipeline.Bytes(current.bigEndian());
        pipeline = ok ? new Pipeline(chunks, dtype.withBigEndian(false), fill, array, ab, bytes) : null;
    }

    private static int[] reversed(int n) {
        int[] o = new int[n];
        for (int i = 0; i < n; i++) o[i] = n - 1 - i;
        return o;
    }

    private void checkRanks() {
        if (shape != null && chunks != null && shape.length != chunks.length) {
            problem(ZarrRules.METADATA_INVALID, null, "shape has " + shape.length + " dimensions but the chunk shape " + chunks.length);
            usable = false;
        }
        if (shape == null || chunks == null) usable = false;
    }

    private void readFill(Json fl) {
        try {
            fill = FillValue.bytes(fl, dtype);
            fillText = fl.isNull() ? "null" : fl.toString();
            field("fill_value", fl, fillText, fl.isNull() ? "none given: missing chunks read as zeros" : "the value of every element of a chunk that is not stored");
        } catch (FillValue.Invalid e) {
            field("fill_value", fl, fl, "not a valid fill value for " + dtype.label());
            problem(ZarrRules.METADATA_INVALID, value(fl), "fill_value " + fl + ": " + e.getMessage() + "; missing chunks read as zeros");
        }
    }

    private long[] longs(Json v, String key, boolean positive) {
        if (!v.isArray()) {
            problem(ZarrRules.METADATA_INVALID, value(v), key + " must be a list of integers");
            usable = false;
            return null;
        }
        long[] out = new long[v.size()];
        for (int i = 0; i < out.length; i++) {
            Json e = v.get(i);
            if (!e.isIntegralNumber() || !e.canConvertToLong() || e.asLong() < (positive ? 1 : 0) || positive && e.asLong() > Integer.MAX_VALUE) {
                problem(ZarrRules.METADATA_INVALID, value(e), key + "[" + i + "] is " + e + ", not " + (positive ? "a positive" : "a non-negative") + " integer");
                usable = false;
                return null;
            }
            out[i] = e.asLong();
        }
        return out;
    }

    // ------------------------------------------------------------------ v3

    static ArrayMeta v3(Json a, Node node) {
        ArrayMeta m = new ArrayMeta(node);
        m.zarrFormat = 3;
        m.readV3(a);
        return m;
    }

    private void readV3(Json a) {
        String file = "zarr.json";
        Json zf = a.get("zarr_format");
        if (zf != null) field("zarr_format", zf, zf, "metadata format version (3)");
        Json nt = a.get("node_type");
        if (nt != null) field("node_type", nt, nt.asText(), "array or group");
        Json sh = required(a, "shape", file);
        if (sh != null) {
            shape = longs(sh, "shape", false);
            if (shape != null) field("shape", sh, Arrays.toString(shape), "length of each dimension");
        }
        Json dt = required(a, "data_type", file);
        if (dt != null) {
            dtype = dt.isTextual() ? DataType.v3(dt.asText()) : null;
            field("data_type", dt, dt.asText(), dtype == null ? "not a data type PackScope decodes" : dtype.label() + ", " + dtype.itemSize() + " bytes per element");
            if (dtype == null) {
                problem(ZarrRules.UNSUPPORTED_DTYPE, value(dt), "data type " + dt + " is not one PackScope decodes");
                usable = false;
            }
        }
        Json grid = required(a, "chunk_grid", file);
        if (grid != null) {
            Json name = grid.get("name");
            Json cs = grid.get("configuration") == null ? null : grid.get("configuration").get("chunk_shape");
            if (name == null || !"regular".equals(name.asText()) || cs == null) {
                problem(ZarrRules.METADATA_INVALID, value(grid), "chunk_grid must be {\"name\": \"regular\", \"configuration\": {\"chunk_shape\": [...]}}");
                usable = false;
            } else {
                long[] c = longs(cs, "chunk_shape", true);
                if (c != null) {
                    chunks = new int[c.length];
                    for (int d = 0; d < c.length; d++) chunks[d] = (int) c[d];
                    field("chunk_grid", grid, "regular " + Arrays.toString(chunks), "every chunk (or shard) holds this many elements per dimension");
                }
            }
        }
        Json kenc = required(a, "chunk_key_encoding", file);
        if (kenc != null) {
            Json name = kenc.get("name");
            Json cfg = kenc.get("configuration");
            Json sep = cfg == null ? null : cfg.get("separator");
            String n = name == null ? "" : name.asText();
            if ((n.equals("default") || n.equals("v2")) && sep != null && !(sep.isTextual() && (sep.asText().equals("/") || sep.asText().equals(".")))) {
                // a separator is what joins key parts into a path: anything but the two the spec allows could lead anywhere
                problem(ZarrRules.KEY_INVALID, value(sep), "the chunk key separator must be \"/\" or \".\", not "
                        + ZarrStore.printable(sep.asText()) + "; no chunk is read");
                usable = false;
            } else if (n.equals("default") || n.equals("v2")) {
                defaultKeys = n.equals("default");
                separator = sep != null ? sep.asText() : defaultKeys ? "/" : ".";
                field("chunk_key_encoding", kenc, n + " (separator '" + separator + "')", defaultKeys ? "keys are c/i/j/..." : "keys are i.j... as in Zarr v2");
            } else {
                problem(ZarrRules.METADATA_INVALID, value(kenc), "chunk_key_encoding " + kenc + " is not default or v2");
                usable = false;
            }
        }
        Json fl = required(a, "fill_value", file);
        Json codecs = required(a, "codecs", file);
        Json dn = a.get("dimension_names");
        if (dn != null && dn.isArray()) {
            List<String> names = new ArrayList<>();
            for (Json e : dn.elements()) names.add(e.isNull() ? "" : e.asText());
            dimensionNames = names;
            field("dimension_names", dn, dn, "a name for each dimension");
        }
        checkRanks();
        if (!usable || dtype == null) return;
        if (fl != null) readFill(fl);
        if (codecs != null) {
            if (codecs.isArray()) {
                int i = 0;
                for (Json c : codecs.elements()) {
                    if (i > Pipeline.MAX_CODECS) break;
                    Json n = c.get("name");
                    node.addField(new Field("codecs", i, "codecs[" + i + "]", value(c), n == null ? c.toString() : n.asText() + (c.get("configuration") == null ? "" : " " + c.get("configuration")),
                            "codec " + i + " of the chain, in encode order"));
                    i++;
                }
                pipeline = chain(codecs, chunks, dtype);
            } else {
                problem(ZarrRules.METADATA_INVALID, value(codecs), "codecs must be a list");
            }
        }
    }

    /** A v3 codec list as a pipeline for chunks of {@code shape}; null after a diagnostic when it cannot decode. */
    private Pipeline chain(Json codecs, int[] shape, DataType t) {
        codecsSeen += codecs.size();
        if (codecsSeen > Pipeline.MAX_CODECS) {
            problem(ZarrRules.CODEC_CHAIN_TOO_LONG, value(codecs), codecsSeen + " codecs (inner chains of shards included), more than the "
                    + Pipeline.MAX_CODECS + " PackScope runs on one chunk; the chunks are not decoded");
            return null;
        }
        List<Pipeline.ArrayCodec> array = new ArrayList<>();
        Pipeline.ArrayBytes ab = null;
        List<Pipeline.BytesCodec> bytes = new ArrayList<>();
        int[] cur = shape.clone();
        for (Json c : codecs.elements()) {
            Json nameJson = c.get("name");
            String name = nameJson == null ? "" : nameJson.asText();
            Json cfg = c.get("configuration");
            Span at = value(nameJson == null ? c : nameJson);
            switch (name) {
                case "transpose" -> {
                    int[] order = order(cfg == null ? null : cfg.get("order"), cur.length);
                    if (order == null || ab != null) {
                        problem(ZarrRules.METADATA_INVALID, value(c), ab != null ? "transpose after the array → bytes codec" : "transpose order must be a permutation of 0.." + (cur.length - 1));
                        return null;
                    }
                    array.add(new Pipeline.Transpose(order));
                    int[] next = new int[cur.length];
                    for (int d = 0; d < cur.length; d++) next[d] = cur[order[d]];
                    cur = next;
                }
                case "bytes", "endian" -> {
                    Json e = cfg == null ? null : cfg.get("endian");
                    ab = new Pipeline.Bytes(e != null && "big".equals(e.asText()));
                }
                case "numcodecs.pcodec", "pcodec" -> ab = new Pipeline.Pcodec();
                case "sharding_indexed" -> {
                    ab = sharding(c, cfg, cur, t);
                    if (ab == null) return null;
                }
                case "crc32c", "numcodecs.crc32c" -> bytes.add(new Pipeline.Crc32c());
                case "blosc", "numcodecs.blosc" -> bytes.add(new Pipeline.Blosc());
                case "gzip", "numcodecs.gzip" -> bytes.add(new Pipeline.Compress(CodecId.GZIP, false, "gzip"));
                case "zstd", "numcodecs.zstd" -> bytes.add(new Pipeline.Compress(CodecId.ZSTD, false, "zstd"));
                case "numcodecs.zlib" -> bytes.add(new Pipeline.Compress(CodecId.ZLIB, false, "zlib"));
                case "numcodecs.bz2" -> bytes.add(new Pipeline.Compress(CodecId.BZIP2, false, "bz2"));
                case "numcodecs.lz4" -> bytes.add(new Pipeline.Compress(CodecId.LZ4, true, "lz4"));
                default -> {
                    problem(ZarrRules.UNKNOWN_CODEC, at, "codec " + (nameJson == null ? c : nameJson) + " is not one PackScope decodes; the chunks cannot be decoded");
                    return null;
                }
            }
        }
        if (ab == null) {
            problem(ZarrRules.METADATA_INVALID, value(codecs), "the codecs have no array → bytes codec (bytes, sharding_indexed or a pcodec)");
            return null;
        }
        return new Pipeline(shape, t, fill, array, ab, bytes);
    }

    private static int[] order(Json o, int rank) {
        if (o == null) return null;
        int[] out = new int[rank];
        if (o.isTextual()) {
            // the early v3 drafts allowed "C" and "F"
            for (int i = 0; i < rank; i++) out[i] = o.asText().equals("F") ? rank - 1 - i : i;
            return out;
        }
        if (!o.isArray() || o.size() != rank) return null;
        boolean[] seen = new boolean[rank];
        for (int i = 0; i < rank; i++) {
            Json e = o.get(i);
            if (!e.isIntegralNumber() || e.asLong() < 0 || e.asLong() >= rank || seen[(int) e.asLong()]) return null;
            out[i] = (int) e.asLong();
            seen[out[i]] = true;
        }
        return out;
    }

    private Pipeline.Sharding sharding(Json c, Json cfg, int[] shard, DataType t) {
        Json cs = cfg == null ? null : cfg.get("chunk_shape");
        Json inner = cfg == null ? null : cfg.get("codecs");
        Json index = cfg == null ? null : cfg.get("index_codecs");
        if (cs == null || inner == null || !inner.isArray()) {
            problem(ZarrRules.METADATA_KEY_MISSING, value(c), "sharding_indexed needs chunk_shape and codecs in its configuration");
            return null;
        }
        long[] in = longs(cs, "chunk_shape", true);
        if (in == null) return null;
        if (in.length != shard.length) {
            problem(ZarrRules.METADATA_INVALID, value(cs), "the inner chunk shape has " + in.length + " dimensions, the shard " + shard.length);
            return null;
        }
        int[] innerShape = new int[in.length];
        for (int d = 0; d < in.length; d++) {
            innerShape[d] = (int) in[d];
            if (shard[d] % innerShape[d] != 0) {
                problem(ZarrRules.METADATA_INVALID, value(cs), "the inner chunk shape " + Arrays.toString(in) + " does not divide the shard shape " + Arrays.toString(shard));
                return null;
            }
        }
        Pipeline innerPipe = chain(inner, innerShape, t);
        if (innerPipe == null) return null;
        boolean big = false, crc = false;
        if (index != null && index.isArray()) {
            for (Json ic : index.elements()) {
                String n = ic.get("name") == null ? "" : ic.get("name").asText();
                if (n.equals("bytes")) {
                    Json e = ic.get("configuration") == null ? null : ic.get("configuration").get("endian");
                    big = e != null && "big".equals(e.asText());
                } else if (n.equals("crc32c")) {
                    crc = true;
                } else {
                    problem(ZarrRules.UNKNOWN_CODEC, value(ic), "index codec " + n + " is not supported (bytes and crc32c are)");
                    return null;
                }
            }
        }
        Json loc = cfg.get("index_location");
        boolean start = loc != null && "start".equals(loc.asText());
        return new Pipeline.Sharding(innerPipe, start, big, crc);
    }

    /** The stored key of the chunk at grid coordinates {@code c} (relative to the array folder). */
    String chunkKey(long[] c) {
        StringBuilder sb = new StringBuilder(defaultKeys ? "c" : "");
        for (int d = 0; d < c.length; d++) {
            if (d > 0 || defaultKeys) sb.append(separator);
            sb.append(c[d]);
        }
        if (sb.length() == 0) sb.append('0');
        return sb.toString();
    }
}
