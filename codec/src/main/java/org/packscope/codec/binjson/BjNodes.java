package org.packscope.codec.binjson;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.TextExport;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;

/**
 * The inspection tree. The file node is the root value: map entries are children named
 * by key, list elements by index, so {@code file.sj::a/b/3} finds a value; a first
 * child {@code (strings)} shows the string table. Every value node loads on first
 * look: it reads its own head and, for a container, walks its body only far enough to
 * know where each child starts (SJ lengths let it jump over child containers without
 * reading them). Each problem is reported once, by the node that owns the bytes:
 * a container reports its head, keys and length; a child reports its own; header and
 * string-table problems sit on the file node. N-D arrays and containers of more than
 * {@link BjReader#LARGE_CONTAINER} children are drill-down nodes; what lies inside
 * the latter is reported by the file node's {@link Verifier} instead.
 */
final class BjNodes {
    private BjNodes() { }

    static final String STRINGS_NODE = "(strings)";
    private static final int TABLE_ROWS = 1000;

    static Node file(ByteSource src, String name) {
        return Node.lazy(name, "binjson-file", n -> loadFile(n, src));
    }

    // ------------------------------------------------------------------ file

    static void loadFile(Node n, ByteSource src) {
        n.source(src).span(Span.bytes(0, src.size())).facet(FieldExplainer.class, BjExplainer.VALUE);
        BjReader r = new BjReader(src, n::diagnose);
        Header h;
        try {
            h = r.readHeader();
        } catch (BjFatal f) {
            n.diagnose(f.diagnostic()).summary("not readable as binary JSON: " + f.diagnostic().message());
            if (src.size() >= 2) n.field("magic", Span.bytes(0, 2), magicText(src), "file identifier, must be BJ or SJ");
            return;
        }
        n.field("magic", Span.bytes(0, 2), h.magic(), h.seekable()
                ? "SJ: seekable binary JSON (containers carry byte lengths, strings an index)"
                : "BJ: plain binary JSON");
        n.field("version", Span.bytes(2, h.floatCompPos() - 2), h.version(), "protocol version (uflex), must be 1");
        n.field("floatcomp", Span.bytes(h.floatCompPos(), h.end() - h.floatCompPos()), h.floatComp(),
                "float compression c: removes r(c) = " + h.removedBits() + " low bits of every f64, keeping K = "
                        + h.keptBits());
        Node strNode = Node.of(STRINGS_NODE, "bj-string-table").source(src).facet(FieldExplainer.class, BjExplainer.STRING_TABLE);
        BjReader sr = new BjReader(src, n::diagnose); // string-table problems belong to the file
        sr.header = h;
        StringTable t = sr.readStrings(h.end());
        describeStrings(strNode, src, h, t);
        if (!t.complete()) {
            n.children(List.of(strNode));
            n.summary(h.magic() + " v1 · string table unreadable");
            return;
        }
        Document doc = new Document(src, h, t);
        r.header = h;
        r.strings = t;
        n.facet(TextExport.class, new JsonExport(src));
        n.facet(BulkDecoder.class, (progress, threads) -> BinaryJson.countValues(src));
        n.facet(Verifier.class, (sink, progress) -> BinaryJson.verifyLargeContainers(src, sink, progress));
        String prefix = h.magic() + " v1 · c=" + h.floatComp() + " · " + t.count() + " strings · ";
        fillValue(n, doc, r, t.end(), -1, strNode, true, prefix, 0);
    }

    private static String magicText(ByteSource src) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 2; i++) {
            int b = src.u8(i);
            sb.append(b >= 0x20 && b < 0x7f ? String.valueOf((char) b) : String.format("\\x%02X", b));
        }
        return sb.toString();
    }

    private static void describeStrings(Node s, ByteSource src, Header h, StringTable t) {
        long end = t.end();
        s.span(Span.bytes(t.countPos(), end - t.countPos()));
        s.summary(t.count() + " strings" + (t.complete() ? "" : " (only " + t.parsed() + " readable)"));
        BjReader r = new BjReader(src, d -> { });
        if (t.parsed() > 0 || t.entriesStart() >= 0) {
            s.field("count", Span.bytes(t.countPos(), r.uflexLength(t.countPos())), t.count(), "number of strings (uflex)");
        }
        if (t.lengthPos() >= 0) {
            s.field("length", Span.bytes(t.lengthPos(), r.uflexLength(t.lengthPos())), t.declaredLength(),
                    "SJ: byte length of the entries (uflex)");
            long entries = StringTable.indexEntries(t.count());
            if (t.entriesStart() >= 0) {
                s.field("index", Span.bytes(t.indexPos(), entries * 4), entries + " × i32",
                        "SJ: offset of every 16th string's entry from the start of the entries");
                for (long k = 0; k < Math.min(entries, 64); k++) {
                    s.field("index " + k, Span.bytes(t.indexPos() + 4 * k, 4), src.u32le(t.indexPos() + 4 * k),
                            "offset of string " + 16 * k);
                }
            }
        }
        if (t.entriesStart() >= 0) {
            s.field("entries", Span.bytes(t.entriesStart(), end - t.entriesStart()), (end - t.entriesStart()) + " bytes",
                    "each string: uflex byte length, then UTF-8 bytes");
        }
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < Math.min(t.parsed(), TABLE_ROWS); i++) {
            long p = t.entryPos()[i];
            rows.add(List.of(i, p, t.entryPos()[i + 1] - p, t.get(i)));
        }
        s.table(DataTable.of("Strings" + (t.parsed() > TABLE_ROWS ? " (first " + TABLE_ROWS + ")" : ""),
                List.of("index", "offset", "entry bytes", "text"), rows));
        s.drillDown(true);
        s.lazyChildren(t.parsed(), i -> {
            long p = t.entryPos()[i];
            int lenBytes = r.uflexLength(p);
            long dataEnd = t.entryPos()[i + 1];
            return Node.of(Integer.toString(i), "bj-string").source(src).span(Span.bytes(p, dataEnd - p))
                    .facet(FieldExplainer.class, BjExplainer.STRING_ENTRY)
                    .summary(BjReader.quote(t.get(i)))
                    .field("length", Span.bytes(p, lenBytes), dataEnd - p - lenBytes, "byte length (uflex)")
                    .field("utf8", Span.bytes(p + lenBytes, dataEnd - p - lenBytes), t.get(i), "the string's UTF-8 bytes");
        });
    }

    // ------------------------------------------------------------------ values

    private static Node valueNode(Document doc, String name, long keyPos, long pos, int depth) {
        ByteSource src = doc.source();
        String kind = pos < src.size() ? kindName(src.u8(pos)) : "bj-value";
        Node node = Node.lazy(name, kind, n -> {
            n.source(src).facet(FieldExplainer.class, BjExplainer.VALUE);
            BjReader r = new BjReader(doc, n::diagnose);
            if (keyPos >= 0) {
                // the key belongs to the parent map, which reports its problems
                long idx = new BjReader(doc, d -> { }).uflex(keyPos, "key");
                n.field("key", Span.bytes(keyPos, pos - keyPos), idx,
                        "string index of the key " + (doc.strings().has(idx) ? BjReader.quote(doc.strings().get(idx)) : "(out of range)"));
            }
            fillValue(n, doc, r, pos, keyPos, null, false, "", depth);
        });
        // known before loading, so a walk that asks first does not load what it will not visit
        if (kind.equals("bj-ndarray") || largeContainer(doc, pos)) node.drillDown(true);
        return node;
    }

    private static boolean largeContainer(Document doc, long pos) {
        try {
            BjReader r = new BjReader(doc, d -> { });
            Head.Kind k = Head.kindOf(r.u8(pos));
            if (k != Head.Kind.MAP && k != Head.Kind.LIST) return false;
            return r.skipHeadCount(pos) > BjReader.LARGE_CONTAINER;
        } catch (BjFatal f) {
            return false;
        }
    }

    static String kindName(int t) {
        Head.Kind k = Head.kindOf(t);
        if (k == null) return "bj-reserved";
        return switch (k) {
            case NULL -> "bj-null";
            case FALSE, TRUE -> "bj-bool";
            case FLOAT -> "bj-float";
            case INT -> "bj-int";
            case STRING -> "bj-string";
            case F32 -> "bj-f32";
            case FLOAT_AS_INT -> "bj-float-as-int";
            case MAP -> "bj-map";
            case LIST -> "bj-list";
            case NDARRAY -> "bj-ndarray";
        };
    }

    /**
     * Scanned body of a container. A list of ten million nulls is ten megabytes on disk:
     * where each child starts is kept only for every {@link #STEP}-th one, and the others
     * are found by skipping from there, so the index costs a byte per 2 children, and names
     * are made when a child is.
     */
    private static final class Body {
        static final int STEP = 16;
        final int n;
        final boolean map;
        final long[] marks;
        final boolean complete;
        final long end;
        final int depth;
        private final BjReader quiet;

        Body(Document doc, int n, boolean map, long[] marks, boolean complete, long end, int depth) {
            this.n = n;
            this.map = map;
            this.marks = marks;
            this.complete = complete;
            this.end = end;
            this.depth = depth;
            this.quiet = new BjReader(doc, d -> { });
        }

        int n() { return n; }
        boolean complete() { return complete; }
        long end() { return end; }

        /** Where child {@code i} starts: its key for a map entry, its value for a list element. */
        synchronized long start(int i) {
            long p = marks[i / STEP];
            for (int k = i % STEP; k > 0; k--) p = quiet.skip(valueOf(p), depth + 1);
            return p;
        }

        /** The value of the child starting at {@code start}. */
        synchronized long valueOf(long start) {
            if (!map) return start;
            quiet.uflex(start, "key");
            return quiet.next;
        }

        synchronized String name(int i, long start) {
            return map ? quiet.readKey(start, null) : Integer.toString(i);
        }
    }

    private static void fillValue(Node n, Document doc, BjReader r, long pos, long keyPos, Node strNode,
                                  boolean root, String summaryPrefix, int depth) {
        long start = keyPos >= 0 ? keyPos : pos;
        List<Node> fixed = strNode == null ? List.of() : List.of(strNode);
        n.span(Span.bytes(start, 1));
        if (pos < r.size) {
            n.field("type byte", Span.bytes(pos, 1), String.format("0x%02X", r.u8(pos)), describeType(r.u8(pos)));
        }
        if (depth > BjReader.MAX_DEPTH) {
            // every path stops here: the decoder, the verifier's skip and the tree alike
            n.diagnose(BjReader.tooDeep(pos).diagnostic()).summary(summaryPrefix + "nested too deep: not read");
            n.children(fixed);
            return;
        }
        Head h;
        try {
            h = r.readHead(pos);
        } catch (BjFatal f) {
            n.diagnose(f.diagnostic()).summary(summaryPrefix + "unreadable: " + f.diagnostic().message());
            n.children(fixed);
            return;
        }
        describeHead(n, doc, r, h);
        n.facet(FieldExplainer.class, BjExplainer.value(h.kind));
        if (!root) n.facet(TextExport.class, new ValueExport(doc, pos));
        long end = h.end;
        switch (h.kind) {
            case MAP, LIST -> {
                Body body = scan(n, doc, r, h, depth);
                if (body.complete()) {
                    end = body.end();
                    r.checkSjLength(h, end);
                } else if (h.lengthPos < 0) {
                    end = -1;
                }
                String what = h.kind == Head.Kind.MAP ? "map · " + h.count + " entries" : "list · " + h.count + " elements";
                if (!body.complete()) what += " (" + body.n() + " readable)";
                n.summary(summaryPrefix + what);
                n.table(entriesTable(r, h, body));
                // a walk does not visit so many children; the file's verifier checks them
                if (h.count > BjReader.LARGE_CONTAINER) n.drillDown(true);
                int extra = fixed.size();
                n.lazyChildren(body.n() + extra, i -> {
                    if (i < extra) return fixed.get(i);
                    long at = body.start(i - extra);
                    long value = body.valueOf(at);
                    return valueNode(doc, body.name(i - extra, at), body.map ? at : -1, value, depth + 1);
                });
            }
            case NDARRAY -> {
                try {
                    r.checkNdPadding(h);
                    if (h.elemType == 0) end = r.scanNdStrings(h);
                } catch (BjFatal f) {
                    n.diagnose(f.diagnostic());
                    end = -1;
                }
                describeNd(n, doc, h, end, summaryPrefix, fixed);
            }
            default -> {
                n.summary(summaryPrefix + scalarText(doc, h));
                // a column of one so the values table (and its trace action) works on scalars too
                n.facet(ValueColumn.class, new ScalarColumn(root ? "value" : n.name(), doc, h));
                n.facet(ValueTracer.class, new ScalarTracer(doc, h));
                n.children(fixed);
            }
        }
        if (end >= 0) {
            n.span(Span.bytes(start, end - start));
            if (root && end < r.size) {
                r.error(end, Rules.TRAILING_BYTES, BinaryJson.trailingText(r.size - end));
            }
        }
    }

    private static Body scan(Node n, Document doc, BjReader r, Head h, int depth) {
        int cap = (int) Math.min(h.count, Integer.MAX_VALUE - 16);
        boolean map = h.kind == Head.Kind.MAP;
        long[] marks = new long[(int) Math.min((cap + Body.STEP - 1) / Body.STEP, 1 << 12)];
        Set<String> keys = map && h.count > 1 ? new HashSet<>() : null;
        long q = h.bodyStart;
        int i = 0;
        boolean complete = true;
        for (; i < cap; i++) {
            if (i % Body.STEP == 0) {
                int m = i / Body.STEP;
                if (m == marks.length) marks = Arrays.copyOf(marks, (int) Math.min((cap + Body.STEP - 1) / Body.STEP, (long) m * 2));
                marks[m] = q;
            }
            if (map) {
                try {
                    r.readKey(q, keys);
                } catch (BjFatal f) {
                    n.diagnose(f.diagnostic());
                    complete = false;
                    break;
                }
                q = r.next;
            }
            try {
                q = r.skip(q, depth + 1);
            } catch (BjFatal f) {
                // the child reports this itself when it is read
                i++;
                complete = false;
                break;
            }
        }
        if (cap < h.count) complete = false;
        return new Body(doc, i, map, marks, complete, q, depth);
    }

    private static DataTable entriesTable(BjReader r, Head h, Body body) {
        boolean map = h.kind == Head.Kind.MAP;
        List<List<Object>> rows = new ArrayList<>();
        int shown = Math.min(body.n(), TABLE_ROWS);
        long start = shown > 0 ? body.start(0) : -1;
        for (int i = 0; i < shown; i++) {
            long value = body.valueOf(start);
            long next = i + 1 < body.n() ? (i + 1) % Body.STEP == 0 ? body.start(i + 1) : r.skip(value, body.depth + 1)
                    : (body.complete() ? body.end() : -1);
            int t = value < r.size ? r.u8(value) : -1;
            rows.add(List.of(i, body.name(i, start), t < 0 ? "?" : kindName(t).substring(3), start, next < 0 ? -1L : next - start));
            start = next;
        }
        String title = (map ? "Entries" : "Elements") + (body.n() > shown ? " (first " + shown + ")" : "");
        String label = map ? "key" : "name";
        return new DataTable(title, List.of("index", label, "type", "offset", "bytes"), rows,
                body.complete() ? label : null, body.complete() ? "bytes" : null);
    }

    // ------------------------------------------------------------------ fields

    static String describeType(int t) {
        Head.Kind k = Head.kindOf(t);
        if (k == null) return "reserved type byte (0x01, 0x04..0x0F): corruption";
        return switch (k) {
            case NULL -> "null";
            case FALSE -> "false";
            case TRUE -> "true";
            case FLOAT -> "0001 hhhh: float, truncated binary64";
            case INT -> "001 C pppp: int, inline flex of zigzag(n)";
            case STRING -> "010 C pppp: string, inline flex of the string index";
            case F32 -> "0110 0000: float stored as binary32";
            case FLOAT_AS_INT -> "0111 C ppp: float-as-int, inline flex of zigzag(n)";
            case MAP -> "100 C pppp: map, inline flex of the entry count";
            case LIST -> "101 C pppp: inhomogeneous list, inline flex of the element count";
            case NDARRAY -> "11 tt dddd: homogeneous N-D array";
        };
    }

    private static String bin(int v, int bits) {
        StringBuilder sb = new StringBuilder();
        for (int i = bits - 1; i >= 0; i--) sb.append((v >> i) & 1);
        return sb.toString();
    }

    private static void describeHead(Node n, Document doc, BjReader r, Head h) {
        long bit0 = h.offset * 8;
        int t = h.typeByte;
        switch (h.kind) {
            case FLOAT -> {
                n.field("tag", Span.bits(bit0 + 4, 4), "0001", "float");
                n.field("hhhh", Span.bits(bit0, 4), bin(t & 15, 4), doc.header().floatComp() == 0
                        ? "must be 0000 with float compression 0" : "the 4 most significant bits (sign, top exponent bits)");
                int nb = doc.header().scalarFloatBytes();
                n.field("payload", Span.bytes(h.offset + 1, nb), hex(r, h.offset + 1, nb), doc.header().floatComp() == 0
                        ? "the binary64, big-endian" : "the next " + (nb * 8) + " bits, most significant first; "
                        + doc.header().removedBits() + " low bits were removed");
                n.field("bits", null, String.format("0x%016X", h.bits), "IEEE-754 binary64 pattern (removed bits are 0)");
                n.field("value", null, JsonFloats.format(h.floatValue()), "decoded float");
            }
            case F32 -> {
                n.field("tag", Span.bits(bit0 + 4, 4), "0110", "float stored as binary32");
                n.field("nibble", Span.bits(bit0, 4), bin(t & 15, 4), "must be 0000");
                n.field("binary32", Span.bytes(h.offset + 1, 4), String.format("0x%08X", h.bits), "big-endian binary32");
                n.field("value", null, JsonFloats.format(h.floatValue()), "decoded float (exact, never truncated)");
            }
            case NULL, FALSE, TRUE -> n.field("value", null, h.kind.name().toLowerCase(java.util.Locale.ROOT), "constant");
            case NDARRAY -> {
                n.field("tag", Span.bits(bit0 + 6, 2), "11", "homogeneous N-D array");
                n.field("tt", Span.bits(bit0 + 4, 2), bin(h.elemType, 2), "element type: " + Head.ELEMENT_TYPES[h.elemType]);
                n.field("dddd", Span.bits(bit0, 4), h.dims.length, "number of dimensions");
                for (int k = 0; k < h.dims.length; k++) {
                    n.field("dim " + k, Span.bytes(h.dimPos[k], r.uflexLength(h.dimPos[k])), Long.toUnsignedString(h.dims[k]),
                            "size of dimension " + k + " (uflex)");
                }
                n.field("count", null, h.count, "elements (product of the dimensions)");
                sjField(n, r, h);
                if (h.widthPos >= 0) n.field("width", Span.bytes(h.widthPos, 1), h.width, "bytes per int (1, 2, 4 or 8)");
            }
            default -> {
                int vb = h.flexValueBits();
                int tb = h.tagBits;
                n.field("tag", Span.bits(bit0 + 8 - tb, tb), bin(t >> (8 - tb), tb), describeType(t));
                n.field("C", Span.bits(bit0 + vb, 1), (t >> vb) & 1, "continuation flag: 1 = a uflex with the high bits follows");
                n.field("low bits", Span.bits(bit0, vb), bin(t & ((1 << vb) - 1), vb), "low " + vb + " bits of the inline flex");
                if (h.contPos >= 0) {
                    n.field("continuation", Span.bytes(h.contPos, h.contEnd - h.contPos), Long.toUnsignedString(h.flex >>> vb),
                            "uflex: the value shifted right by " + vb);
                }
                switch (h.kind) {
                    case INT, FLOAT_AS_INT -> {
                        n.field("zigzag", null, Long.toUnsignedString(h.flex), "inline flex value z");
                        n.field("value", null, h.kind == Head.Kind.INT ? Long.toString(Head.unzigzag(h.flex))
                                : JsonFloats.format(h.floatValue()), h.kind == Head.Kind.INT ? "n = (z >>> 1) ^ -(z & 1)"
                                : "the float n (float-ness is kept)");
                    }
                    case STRING -> {
                        n.field("string index", null, Long.toUnsignedString(h.flex), "index into the string table");
                        if (!h.badIndex) n.field("value", null, BjReader.quote(doc.strings().get(h.flex)), "the string");
                    }
                    default -> {
                        n.field("count", null, Long.toUnsignedString(h.flex), h.kind == Head.Kind.MAP ? "entries" : "elements");
                        sjField(n, r, h);
                    }
                }
            }
        }
    }

    private static void sjField(Node n, BjReader r, Head h) {
        if (h.lengthPos >= 0) {
            n.field("body length", Span.bytes(h.lengthPos, h.lengthEnd - h.lengthPos), Long.toUnsignedString(h.length),
                    "SJ: bytes of the body after this field (uflex)");
        }
    }

    private static String hex(BjReader r, long p, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) sb.append(' ');
            sb.append(String.format("%02X", r.u8(p + i)));
        }
        return sb.toString();
    }

    static String scalarText(Document doc, Head h) {
        return switch (h.kind) {
            case NULL -> "null";
            case FALSE -> "false";
            case TRUE -> "true";
            case INT -> Long.toString(Head.unzigzag(h.flex));
            case FLOAT -> JsonFloats.format(h.floatValue()) + " (f64" + (doc.header().floatComp() > 0
                    ? ", " + doc.header().removedBits() + " bits removed)" : ")");
            case F32 -> JsonFloats.format(h.floatValue()) + " (f32)";
            case FLOAT_AS_INT -> JsonFloats.format(h.floatValue()) + " (float-as-int)";
            case STRING -> h.badIndex ? "string index " + Long.toUnsignedString(h.flex) + " (out of range)"
                    : BjReader.quote(doc.strings().get(h.flex));
            default -> "";
        };
    }

    // ------------------------------------------------------------------ N-D arrays

    private static void describeNd(Node n, Document doc, Head h, long end, String prefix, List<Node> fixed) {
        String type = Head.ELEMENT_TYPES[h.elemType];
        if (h.elemType == 2) type = "i" + h.width * 8;
        n.summary(prefix + type + " N-D array " + BjReader.dimsText(h.dims));
        if (end >= 0) {
            n.field("data", Span.bytes(h.bodyStart, end - h.bodyStart), (end - h.bodyStart) + " bytes", switch (h.elemType) {
                case 0 -> "one uflex string index per element, row-major";
                case 1 -> "bits, element i in bit i mod 8 of byte i / 8";
                case 2 -> "little-endian two's-complement ints, row-major";
                default -> "byte planes: byte 0 of every element, then byte 1, ...";
            });
        }
        int planes = doc.header().planes();
        if (h.elemType == 3 && h.count > 0) {
            for (int j = 0; j < planes; j++) {
                n.field("plane " + j, Span.bytes(h.bodyStart + j * h.count, h.count), h.count + " bytes",
                        "byte " + j + " (most significant first) of every element"
                                + (j == planes - 1 && doc.header().keptBits() % 8 == 4 ? "; low nibble is padding" : ""));
            }
        }
        NdStrings strIndex = h.elemType == 0 && end >= 0 ? new NdStrings(doc, h) : null;
        if (h.elemType != 0 || strIndex != null) {
            n.facet(ValueColumn.class, new NdColumn(n.name(), doc, h, 0, h.count, strIndex));
            n.facet(ValueTracer.class, new NdTracer(doc, h, 0, h.count, strIndex));
        }
        n.drillDown(true);
        if (h.elemType == 0 && strIndex == null) {
            n.children(fixed);
            return;
        }
        int extra = fixed.size();
        n.lazyChildren((int) Math.min(h.dims[0], Integer.MAX_VALUE - 16) + extra,
                i -> i < extra ? fixed.get(i) : slice(doc, h, strIndex, 1, (i - extra), i - extra));
    }

    /** Sub-array (or element) i along dimension level-1, starting at flat element first. */
    private static Node slice(Document doc, Head h, NdStrings strIndex, int level, long index, long flatIndex) {
        long inner = 1;
        for (int k = level; k < h.dims.length; k++) inner *= h.dims[k];
        long first = flatIndex * inner;
        String name = Long.toString(index);
        if (level == h.dims.length) return element(doc, h, strIndex, name, first);
        long innerCount = inner;
        return Node.lazy(name, "bj-ndarray-slice", n -> {
            n.source(doc.source());
            long[] rest = Arrays.copyOfRange(h.dims, level, h.dims.length);
            n.summary(Head.ELEMENT_TYPES[h.elemType] + " " + BjReader.dimsText(rest));
            n.field("first element", null, first, "flat (row-major) index of this slice's first element");
            n.facet(ValueColumn.class, new NdColumn(name, doc, h, first, innerCount, strIndex));
            n.facet(ValueTracer.class, new NdTracer(doc, h, first, innerCount, strIndex));
            n.facet(FieldExplainer.class, BjExplainer.SLICE);
            n.drillDown(true);
            n.lazyChildren((int) Math.min(h.dims[level], Integer.MAX_VALUE - 16),
                    i -> slice(doc, h, strIndex, level + 1, i, flatIndex * h.dims[level] + i));
        });
    }

    private static Node element(Document doc, Head h, NdStrings strIndex, String name, long i) {
        Node n = Node.of(name, "bj-element").source(doc.source()).facet(FieldExplainer.class, BjExplainer.element(h.elemType));
        // a column of one, so a selected element can be traced like a whole array
        n.facet(ValueColumn.class, new NdColumn(name, doc, h, i, 1, strIndex));
        n.facet(ValueTracer.class, new NdTracer(doc, h, i, 1, strIndex));
        BjReader r = new BjReader(doc, d -> { });
        switch (h.elemType) {
            case 0 -> {
                long p = strIndex.offset(i);
                long idx = r.uflex(p, "element");
                String s = doc.strings().has(idx) ? doc.strings().get(idx) : null;
                n.span(Span.bytes(p, r.next - p)).summary(s == null ? "index " + idx + " (out of range)" : BjReader.quote(s))
                        .field("string index", Span.bytes(p, r.next - p), idx, "uflex index into the string table");
            }
            case 1 -> {
                boolean b = r.ndBool(h, i);
                Span bit = Span.bits(h.bodyStart * 8 + i, 1);
                n.span(bit).summary(Boolean.toString(b)).field("bit", bit, b ? 1 : 0, "bit " + (i % 8) + " of data byte " + (i / 8));
            }
            case 2 -> {
                Span s = Span.bytes(h.bodyStart + i * h.width, h.width);
                long v = r.ndInt(h, i);
                n.span(s).summary(Long.toString(v)).field("value", s, v, h.width + "-byte little-endian int");
            }
            default -> {
                int planes = doc.header().planes();
                for (int j = 0; j < planes; j++) {
                    long at = h.bodyStart + j * h.count + i;
                    n.field("plane " + j, Span.bytes(at, 1), String.format("%02X", r.u8(at)),
                            "bits " + (63 - 8 * j) + ".." + Math.max(56 - 8 * j, 0) + " of the pattern");
                }
                long bits = r.ndFloatBits(h, i);
                n.span(Span.bytes(h.bodyStart + i, 1)).summary(JsonFloats.format(Double.longBitsToDouble(bits)))
                        .field("bits", null, String.format("0x%016X", bits), "IEEE-754 pattern (removed bits are 0)")
                        .field("value", null, JsonFloats.format(Double.longBitsToDouble(bits)), "decoded float");
            }
        }
        return n;
    }

    // ------------------------------------------------------------------ facets

    /** One value (and everything inside it) as JSON text. */
    private record ValueExport(Document doc, long pos) implements TextExport {
        @Override public List<String> formats() { return List.of("json"); }

        @Override
        public void export(String format, Appendable out, Progress progress) throws IOException {
            if (!"json".equals(format)) throw new IOException("binary JSON exports only json, not " + format);
            try {
                new StreamDecoder(new BjReader(doc, d -> { })).decode(pos, new JsonTextWriter(out), 0);
            } catch (BjFatal f) {
                throw new IOException("decoding stopped early (output is incomplete): " + f.diagnostic().rule()
                        + " at byte " + f.diagnostic().span().offsetText() + ": " + f.getMessage());
            } catch (java.io.UncheckedIOException e) {
                throw e.getCause();
            }
        }
    }

    /** The file as JSON text. */
    private record JsonExport(ByteSource src) implements TextExport {
        @Override public List<String> formats() { return List.of("json"); }

        @Override
        public void export(String format, Appendable out, Progress progress) throws IOException {
            if (!"json".equals(format)) throw new IOException("binary JSON exports only json, not " + format);
            BinaryJson.DecodeResult res = BinaryJson.decodeToJson(src, out, progress);
            if (!res.complete()) {
                throw new IOException("decoding stopped early (output is incomplete): " + res.firstError());
            }
        }
    }
}
