package org.packscope.codec.binjson;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.analysis.TextExport;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.NodeRecorder;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.read.Recorder;

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

    /** The kind of the file node (the root value's node, which also holds the header). */
    static final String FILE_KIND = "bj-file";

    static Node file(ByteSource src, String name) {
        return Node.lazy(name, FILE_KIND, n -> loadFile(n, src));
    }

    /**
     * The fields a value node's reader records, held until its head has been read: a node
     * whose head fails shows its key and type byte, not the bits read before the problem.
     */
    private static final class Pending implements Recorder {
        private final List<Field> fields = new ArrayList<>();

        @Override
        public void field(String key, int index, String label, long bit, long bits, Object value, String meaning) {
            fields.add(new Field(key, index, label, Span.bits(bit, bits), String.valueOf(value), meaning));
        }

        /** Moves the fields recorded so far to {@code n} (only those of {@code keys}, when given). */
        void addTo(Node n, String... keys) {
            for (Field f : fields) if (keys.length == 0 || Arrays.asList(keys).contains(f.key())) n.addField(f);
            fields.clear();
        }
    }

    /** A keyed field over data bits (an N-D array's data, planes, elements). */
    private static void field(Node n, String key, int index, String label, Span span, Object value, String meaning) {
        n.addField(new Field(key, index, label, span, String.valueOf(value), meaning));
    }

    /** A field with no bits of its own (worked out from others), keyed for its documentation. */
    private static void derived(Node n, String key, String label, Object value, String meaning) {
        n.addField(new Field(key, -1, label, null, String.valueOf(value), meaning));
    }

    // ------------------------------------------------------------------ file

    static void loadFile(Node n, ByteSource src) {
        n.source(src).span(Span.bytes(0, src.size())).facet(FieldExplainer.class, BinaryJsonDocs.DOCS);
        Header h;
        try {
            h = new BjReader(src, n::diagnose, new NodeRecorder(n)).readHeader();
        } catch (ReadProblem f) {
            n.diagnose(f.diagnostic()).summary("not readable as binary JSON: " + f.diagnostic().message());
            return;
        }
        Node strNode = Node.of(STRINGS_NODE, "bj-string-table").source(src).facet(FieldExplainer.class, BinaryJsonDocs.DOCS);
        // string-table problems belong to the file; its fields to the table's node
        BjReader sr = new BjReader(src, n::diagnose, new NodeRecorder(strNode));
        sr.header = h;
        StringTable t = sr.at(h.end()).readStrings();
        describeStrings(strNode, src, t);
        if (!t.complete()) {
            n.children(List.of(strNode));
            n.summary(h.magic() + " v1 · string table unreadable");
            return;
        }
        Document doc = new Document(src, h, t);
        Pending fields = new Pending();
        BjReader r = new BjReader(doc, n::diagnose, fields);
        n.facet(TextExport.class, new JsonExport(src));
        n.facet(BulkDecoder.class, (progress, threads) -> BinaryJson.countValues(src));
        n.facet(Verifier.class, (sink, progress) -> BinaryJson.verifyLargeContainers(src, sink, progress));
        String prefix = h.magic() + " v1 · c=" + h.floatComp() + " · " + t.count() + " strings · ";
        fillValue(n, doc, r, fields, t.end(), -1, strNode, true, prefix, 0);
    }

    /** The string table's node: its fields were recorded while it was read; here come the rest. */
    private static void describeStrings(Node s, ByteSource src, StringTable t) {
        long end = t.end();
        s.span(Span.bytes(t.start(), end - t.start()));
        s.summary(t.count() + " strings" + (t.complete() ? "" : " (only " + t.parsed() + " readable)"));
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
            long dataEnd = t.entryPos()[i + 1];
            Node e = Node.of(Integer.toString(i), "bj-string").source(src).span(Span.bytes(p, dataEnd - p))
                    .facet(FieldExplainer.class, BinaryJsonDocs.DOCS)
                    .summary(BjReader.quote(t.get(i)));
            BjReader r = new BjReader(src, d -> { }, new NodeRecorder(e)).at(p);
            r.uflex("entry.length", "length", "length of string " + i, "byte length (uflex)");
            r.record("entry.utf8", -1, "utf8", r.pos(), dataEnd, t.get(i), "the string's UTF-8 bytes");
            return e;
        });
    }

    // ------------------------------------------------------------------ values

    private static Node valueNode(Document doc, String name, long keyPos, long pos, int depth) {
        ByteSource src = doc.source();
        String kind = pos < src.size() ? kindName(src.u8(pos)) : "bj-value";
        Node node = Node.lazy(name, kind, n -> {
            n.source(src).facet(FieldExplainer.class, BinaryJsonDocs.DOCS);
            Pending fields = new Pending();
            BjReader r = new BjReader(doc, n::diagnose, fields);
            if (keyPos >= 0) {
                // the key belongs to the parent map, which reports its problems
                long idx = r.at(keyPos).uflexQuietly("key");
                r.record("key", -1, "key", keyPos, r.pos(), idx, "string index of the key "
                        + (doc.strings().has(idx) ? BjReader.quote(doc.strings().get(idx)) : "(out of range)"));
            }
            fillValue(n, doc, r, fields, pos, keyPos, null, false, "", depth);
        });
        // known before loading, so a walk that asks first does not load what it will not visit
        if (kind.equals("bj-ndarray") || largeContainer(doc, pos)) node.drillDown(true);
        return node;
    }

    private static boolean largeContainer(Document doc, long pos) {
        try {
            BjReader r = BjReader.silent(doc);
            Head.Kind k = Head.kindOf(r.u8(pos));
            if (k != Head.Kind.MAP && k != Head.Kind.LIST) return false;
            return r.skipHeadCount(pos) > BjReader.LARGE_CONTAINER;
        } catch (ReadProblem f) {
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
            this.quiet = BjReader.silent(doc);
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
            quiet.at(start).uflex("key");
            return quiet.pos();
        }

        synchronized String name(int i, long start) {
            return map ? quiet.at(start).readKey(null) : Integer.toString(i);
        }
    }

    private static void fillValue(Node n, Document doc, BjReader r, Pending fields, long pos, long keyPos, Node strNode,
                                  boolean root, String summaryPrefix, int depth) {
        long start = keyPos >= 0 ? keyPos : pos;
        List<Node> fixed = strNode == null ? List.of() : List.of(strNode);
        n.span(Span.bytes(start, 1));
        if (depth > BjReader.MAX_DEPTH) {
            // every path stops here: the decoder, the verifier's skip and the tree alike
            if (pos < r.size) r.at(pos).typeByte();
            fields.addTo(n);
            n.diagnose(BjReader.tooDeep(pos).diagnostic()).summary(summaryPrefix + "nested too deep: not read");
            n.children(fixed);
            return;
        }
        Head h;
        try {
            h = r.at(pos).readHead();
        } catch (ReadProblem f) {
            // of a head that cannot be read, only its key and type byte are shown, not the bits before the problem
            fields.addTo(n, "key", "type_byte");
            n.diagnose(f.diagnostic()).summary(summaryPrefix + "unreadable: " + f.diagnostic().message());
            n.children(fixed);
            return;
        }
        fields.addTo(n);
        describeHead(n, doc, h);
        if (!root) n.facet(TextExport.class, new ValueExport(doc, pos));
        long end = h.end().orElse(-1);
        switch (h.kind()) {
            case MAP, LIST -> {
                Body body = scan(n, doc, r, h, depth);
                if (body.complete()) {
                    end = body.end();
                    r.checkSjLength(h, end);
                }
                String what = h.kind() == Head.Kind.MAP ? "map · " + h.count() + " entries" : "list · " + h.count() + " elements";
                if (!body.complete()) what += " (" + body.n() + " readable)";
                n.summary(summaryPrefix + what);
                n.table(entriesTable(r, h, body));
                // a walk does not visit so many children; the file's verifier checks them
                if (h.count() > BjReader.LARGE_CONTAINER) n.drillDown(true);
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
                    if (h.nd().strings()) end = r.scanNdStrings(h);
                } catch (ReadProblem f) {
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
                r.error(end, BinaryJsonRules.TRAILING_BYTES, BinaryJson.trailingText(r.size - end));
            }
        }
    }

    private static Body scan(Node n, Document doc, BjReader r, Head h, int depth) {
        int cap = (int) Math.min(h.count(), Integer.MAX_VALUE - 16);
        boolean map = h.kind() == Head.Kind.MAP;
        long[] marks = new long[(int) Math.min((cap + Body.STEP - 1) / Body.STEP, 1 << 12)];
        Set<String> keys = map && h.count() > 1 ? new HashSet<>() : null;
        long q = h.bodyStart();
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
                    r.at(q).readKey(keys);
                } catch (ReadProblem f) {
                    n.diagnose(f.diagnostic());
                    complete = false;
                    break;
                }
                q = r.pos();
            }
            try {
                q = r.skip(q, depth + 1);
            } catch (ReadProblem f) {
                // the child reports this itself when it is read
                i++;
                complete = false;
                break;
            }
        }
        if (cap < h.count()) complete = false;
        return new Body(doc, i, map, marks, complete, q, depth);
    }

    private static DataTable entriesTable(BjReader r, Head h, Body body) {
        boolean map = h.kind() == Head.Kind.MAP;
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

    /**
     * The head's derived fields: what its recorded bits and bytes add up to (a float's bit
     * pattern and value, an int's zigzag and value, a string's index and text, a count).
     */
    private static void describeHead(Node n, Document doc, Head h) {
        switch (h.kind()) {
            case FLOAT -> {
                derived(n, "float.bits", "bits", String.format("0x%016X", h.bits()), "IEEE-754 binary64 pattern (removed bits are 0)");
                derived(n, "float.value", "value", JsonFloats.format(h.floatValue()), "decoded float");
            }
            case F32 -> derived(n, "f32.value", "value", JsonFloats.format(h.floatValue()), "decoded float (exact, never truncated)");
            case NULL, FALSE, TRUE -> derived(n, "constant.value", "value", h.kind().name().toLowerCase(java.util.Locale.ROOT), "constant");
            case NDARRAY -> derived(n, "nd.count", "count", h.count(), "elements (product of the dimensions)");
            case INT -> {
                derived(n, "zigzag", "zigzag", Long.toUnsignedString(h.flex()), "inline flex value z");
                derived(n, "int.value", "value", Long.toString(Head.unzigzag(h.flex())), "n = (z >>> 1) ^ -(z & 1)");
            }
            case FLOAT_AS_INT -> {
                derived(n, "zigzag", "zigzag", Long.toUnsignedString(h.flex()), "inline flex value z");
                derived(n, "fai.value", "value", JsonFloats.format(h.floatValue()), "the float n (float-ness is kept)");
            }
            case STRING -> {
                derived(n, "string.index", "string index", Long.toUnsignedString(h.flex()), "index into the string table");
                if (!h.badIndex()) derived(n, "string.value", "value", BjReader.quote(doc.strings().get(h.flex())), "the string");
            }
            case MAP -> derived(n, "map.count", "count", Long.toUnsignedString(h.flex()), "entries");
            case LIST -> derived(n, "list.count", "count", Long.toUnsignedString(h.flex()), "elements");
        }
    }

    static String scalarText(Document doc, Head h) {
        return switch (h.kind()) {
            case NULL -> "null";
            case FALSE -> "false";
            case TRUE -> "true";
            case INT -> Long.toString(Head.unzigzag(h.flex()));
            case FLOAT -> JsonFloats.format(h.floatValue()) + " (f64" + (doc.header().floatComp() > 0
                    ? ", " + doc.header().removedBits() + " bits removed)" : ")");
            case F32 -> JsonFloats.format(h.floatValue()) + " (f32)";
            case FLOAT_AS_INT -> JsonFloats.format(h.floatValue()) + " (float-as-int)";
            case STRING -> h.badIndex() ? "string index " + Long.toUnsignedString(h.flex()) + " (out of range)"
                    : BjReader.quote(doc.strings().get(h.flex()));
            default -> "";
        };
    }

    // ------------------------------------------------------------------ N-D arrays

    private static void describeNd(Node n, Document doc, Head h, long end, String prefix, List<Node> fixed) {
        String type = Head.ELEMENT_TYPES[h.nd().elemType()];
        if (h.nd().elemType() == 2) type = "i" + h.nd().width() * 8;
        n.summary(prefix + type + " N-D array " + BjReader.dimsText(h.nd().dims()));
        if (end >= 0) {
            field(n, "nd.data", -1, "data", Span.bytes(h.bodyStart(), end - h.bodyStart()), (end - h.bodyStart()) + (end - h.bodyStart() == 1 ? " byte" : " bytes"), switch (h.nd().elemType()) {
                case 0 -> "one uflex string index per element, row-major";
                case 1 -> "bits, element i in bit i mod 8 of byte i / 8";
                case 2 -> "little-endian two's-complement ints, row-major";
                default -> "byte planes: byte 0 of every element, then byte 1, ...";
            });
        }
        int planes = doc.header().planes();
        if (h.nd().elemType() == 3 && h.count() > 0) {
            for (int j = 0; j < planes; j++) {
                field(n, "nd.plane", j, "plane " + j, Span.bytes(h.bodyStart() + j * h.count(), h.count()), h.count() + " bytes",
                        "byte " + j + " (most significant first) of every element"
                                + (j == planes - 1 && doc.header().keptBits() % 8 == 4 ? "; low nibble is padding" : ""));
            }
        }
        NdStrings strIndex = h.nd().elemType() == 0 && end >= 0 ? new NdStrings(doc, h) : null;
        if (h.nd().elemType() != 0 || strIndex != null) {
            n.facet(ValueColumn.class, new NdColumn(n.name(), doc, h, 0, h.count(), strIndex));
            n.facet(ValueTracer.class, new NdTracer(doc, h, 0, h.count(), strIndex));
        }
        n.drillDown(true);
        if (h.nd().elemType() == 0 && strIndex == null) {
            n.children(fixed);
            return;
        }
        int extra = fixed.size();
        n.lazyChildren((int) Math.min(h.nd().dims()[0], Integer.MAX_VALUE - 16) + extra,
                i -> i < extra ? fixed.get(i) : slice(doc, h, strIndex, 1, (i - extra), i - extra));
    }

    /** Sub-array (or element) i along dimension level-1, starting at flat element first. */
    private static Node slice(Document doc, Head h, NdStrings strIndex, int level, long index, long flatIndex) {
        long inner = 1;
        for (int k = level; k < h.nd().dims().length; k++) inner *= h.nd().dims()[k];
        long first = flatIndex * inner;
        String name = Long.toString(index);
        if (level == h.nd().dims().length) return element(doc, h, strIndex, name, first);
        long innerCount = inner;
        return Node.lazy(name, "bj-ndarray-slice", n -> {
            n.source(doc.source());
            long[] rest = Arrays.copyOfRange(h.nd().dims(), level, h.nd().dims().length);
            n.summary(Head.ELEMENT_TYPES[h.nd().elemType()] + " " + BjReader.dimsText(rest));
            derived(n, "slice.first_element", "first element", first, "flat (row-major) index of this slice's first element");
            n.facet(ValueColumn.class, new NdColumn(name, doc, h, first, innerCount, strIndex));
            n.facet(ValueTracer.class, new NdTracer(doc, h, first, innerCount, strIndex));
            n.facet(FieldExplainer.class, BinaryJsonDocs.DOCS);
            n.drillDown(true);
            n.lazyChildren((int) Math.min(h.nd().dims()[level], Integer.MAX_VALUE - 16),
                    i -> slice(doc, h, strIndex, level + 1, i, flatIndex * h.nd().dims()[level] + i));
        });
    }

    private static Node element(Document doc, Head h, NdStrings strIndex, String name, long i) {
        Node n = Node.of(name, "bj-element").source(doc.source()).facet(FieldExplainer.class, BinaryJsonDocs.DOCS);
        // a column of one, so a selected element can be traced like a whole array
        n.facet(ValueColumn.class, new NdColumn(name, doc, h, i, 1, strIndex));
        n.facet(ValueTracer.class, new NdTracer(doc, h, i, 1, strIndex));
        BjReader r = new BjReader(doc, d -> { }, new NodeRecorder(n));
        switch (h.nd().elemType()) {
            case 0 -> {
                long p = strIndex.offset(i);
                long idx = r.at(p).uflex("element");
                String s = doc.strings().has(idx) ? doc.strings().get(idx) : null;
                n.span(Span.bytes(p, r.pos() - p)).summary(s == null ? "index " + idx + " (out of range)" : BjReader.quote(s));
                r.record("element.string_index", -1, "string index", p, r.pos(), idx, "uflex index into the string table");
            }
            case 1 -> {
                boolean b = r.ndBool(h, i);
                Span bit = Span.bits(h.bodyStart() * 8 + i, 1);
                n.span(bit).summary(Boolean.toString(b));
                field(n, "element.bit", -1, "bit", bit, b ? 1 : 0, "bit " + (i % 8) + " of data byte " + (i / 8));
            }
            case 2 -> {
                Span s = Span.bytes(h.bodyStart() + i * h.nd().width(), h.nd().width());
                long v = r.ndInt(h, i);
                n.span(s).summary(Long.toString(v));
                field(n, "element.int", -1, "value", s, v, h.nd().width() + "-byte little-endian int");
            }
            default -> {
                int planes = doc.header().planes();
                for (int j = 0; j < planes; j++) {
                    long at = h.bodyStart() + j * h.count() + i;
                    field(n, "element.plane", j, "plane " + j, Span.bytes(at, 1), String.format("%02X", r.u8(at)),
                            "bits " + (63 - 8 * j) + ".." + Math.max(56 - 8 * j, 0) + " of the pattern");
                }
                long bits = r.ndFloatBits(h, i);
                n.span(Span.bytes(h.bodyStart() + i, 1)).summary(JsonFloats.format(Double.longBitsToDouble(bits)));
                derived(n, "element.bits", "bits", String.format("0x%016X", bits), "IEEE-754 pattern (removed bits are 0)");
                derived(n, "element.float", "value", JsonFloats.format(Double.longBitsToDouble(bits)), "decoded float");
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
                new StreamDecoder(BjReader.silent(doc)).decode(pos, new JsonTextWriter(out), 0);
            } catch (ReadProblem f) {
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
