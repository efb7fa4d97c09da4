package org.packscope.codec.rds;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.NodeRecorder;

/**
 * Inspection nodes for R items: every node carries the item's flags split into bit
 * fields, its lengths and payload spans in the decompressed stream, and its attributes
 * (for S4 objects: its slots) as children named the way R names them.
 */
public final class RNodes {
    /** Vectors of items longer than this are drill-down nodes. */
    private static final int DRILL_DOWN_ABOVE = 64;
    private static final int PREVIEW = 6;
    /** Distinct names compared within one hash value before the rest are named by place (bounds crafted collisions). */
    private static final int MAX_SAME_HASH = 16;

    private RNodes() { }

    /** A node for {@code item}, named {@code name}, with byte spans in {@code data}. */
    public static Node item(String name, RItem item, ByteSource data) {
        return item(name, item, data, true);
    }

    /**
     * As {@link #item(String, RItem, ByteSource)}; {@code matrixChild} false leaves out the
     * "matrix" child of a BPCells matrix object (when the file node itself is the matrix).
     */
    public static Node item(String name, RItem item, ByteSource data, boolean matrixChild) {
        return item(name, item, data, matrixChild, Origin.NONE);
    }

    /** As above, with where the stream came from (for value traces). */
    static Node item(String name, RItem item, ByteSource data, boolean matrixChild, Origin origin) {
        Node n = Node.of(name, kind(item)).source(data).span(span(item)).summary(summary(item));
        n.facet(FieldExplainer.class, RdsDocs.DOCS);
        describe(n, item, data, origin);
        if (matrixChild && BpcellsRds.isMatrix(item)) BpcellsRds.addMatrixChild(n, (RItem.S4) item, data);
        return n;
    }

    static String kind(RItem item) {
        if (item instanceof RItem.Broken) return "r-unreadable";
        return "r-" + RFlags.rTypeName(item.type()).toLowerCase(java.util.Locale.ROOT);
    }

    static Span span(RItem item) {
        return Span.bytes(item.offset(), Math.max(0, item.end() - item.offset()));
    }

    // ------------------------------------------------------------------ fields

    /**
     * Reads the flags word at the reader's position and records it and its bit fields;
     * {@code key} and {@code label} prefix a pairlist cell's own ("cell.", "cell ").
     */
    static RFlags readFlags(FieldReader in, String key, String label) {
        long off = in.byteOffset();
        RFlags f = new RFlags(in.i32be("flags"));
        in.recordSpan(key + "flags", -1, label + "flags", off, off + 4, f.hex(), "item flags word (big-endian int32)");
        // the word is big-endian: its low byte (the type) is its last, flag bit b is in byte 3 - b / 8
        bits(in, key + "type", label + "type", Span.bytes(off + 3, 1), f.type() + " " + f.typeName(), "SEXPTYPE = flags & 0xFF");
        if (f.type() == RFlags.REFSXP) {
            bits(in, key + "ref_index", label + "reference index", Span.bytes(off, 3), f.packedRefIndex(),
                    "flags >> 8: 1-based index into the reference table (0 = the index follows as an int32)");
            return f;
        }
        bits(in, key + "is_object", label + "is-object", RFlags.bitSpan(off, 8), f.isObject(), "bit 8: the object has a class attribute");
        bits(in, key + "has_attributes", label + "has-attributes", RFlags.bitSpan(off, 9), f.hasAttributes(),
                "bit 9: an attribute pairlist is stored");
        bits(in, key + "has_tag", label + "has-tag", RFlags.bitSpan(off, 10), f.hasTag(), "bit 10: a tag (name) is stored (pairlist cells)");
        bits(in, key + "levels", label + "levels", Span.bytes(off, 3), String.format("0x%04x", f.levels()),
                "gp field = flags >> 12 (bits 12–27, spread over these bytes)");
        if (f.type() == RFlags.CHARSXP) {
            bits(in, key + "bytes_bit", label + "bytes bit", RFlags.bitSpan(off, 13), (f.levels() & RFlags.BYTES_MASK) != 0,
                    "levels & 2: raw bytes encoding");
            bits(in, key + "latin1_bit", label + "latin1 bit", RFlags.bitSpan(off, 14), (f.levels() & RFlags.LATIN1_MASK) != 0,
                    "levels & 4: latin1");
            bits(in, key + "utf8_bit", label + "UTF-8 bit", RFlags.bitSpan(off, 15), (f.levels() & RFlags.UTF8_MASK) != 0,
                    "levels & 8: UTF-8");
            bits(in, key + "ascii_bit", label + "ASCII bit", RFlags.bitSpan(off, 18), (f.levels() & RFlags.ASCII_MASK) != 0,
                    "levels & 64: ASCII only");
        } else if (f.isS4() || f.type() == RFlags.S4SXP) {
            bits(in, key + "s4_bit", label + "S4 bit", RFlags.bitSpan(off, 16), f.isS4(), "levels & 16: an S4 object");
        }
        return f;
    }

    /** Records a field over bits of the flags word just read. */
    private static void bits(FieldReader in, String key, String label, Span span, Object value, String meaning) {
        in.recorder().field(key, -1, label, span.startBit(), span.bitLength(), value, meaning);
    }

    /** A field with no bits of its own (worked out from others), keyed for its documentation. */
    private static void derived(Node n, String key, String label, Object value, String meaning) {
        n.addField(new Field(key, -1, label, null, String.valueOf(value), meaning));
    }

    /** A keyed field over an item's bytes (a name, the end of a pairlist). */
    private static void field(Node n, String key, String label, Span span, Object value, String meaning) {
        n.addField(new Field(key, -1, label, span, String.valueOf(value), meaning));
    }

    private static Node item(String name, RItem item, ByteSource data, Origin origin) {
        return item(name, item, data, true, origin);
    }

    /**
     * The item's fields, read again from its flags word on by a reader that records them
     * into {@code n} (the parser read them with nothing recorded), and its children.
     */
    private static void describe(Node n, RItem item, ByteSource data, Origin at) {
        Origin origin = at.plain();
        FieldReader in = new FieldReader(data, item.offset(), new NodeRecorder(n));
        if (item.flags() != null) readFlags(in, "", "");
        if (item instanceof RItem.Chars c) {
            long lenAt = in.byteOffset();
            in.i32be("length");
            in.recordSpan("chars.length", -1, "length", lenAt, lenAt + 4, c.length(), "bytes that follow (-1 = NA_character_)");
            if (c.value() != null) {
                long bytesAt = in.byteOffset();
                in.skipBytes(c.length(), "bytes");
                in.recordSpan("chars.bytes", -1, "bytes", bytesAt, bytesAt + c.length(), quote(c.value()),
                        "string bytes, encoding " + c.encoding());
            }
            derived(n, "chars.encoding", "encoding", c.encoding(), "from the levels bits; 'native' means the header's native encoding");
            attributes(n, c, data, origin);
        } else if (item instanceof RItem.Symbol s) {
            field(n, "symbol.name", "name", span(s.name()), s.text(), "CHARSXP with the symbol's name");
            derived(n, "symbol.reference", "reference", "#" + s.refIndex(), "its place in the reference table (later uses are REFSXP)");
        } else if (item instanceof RItem.Ref r) {
            if (r.indexOffset() != r.offset()) {
                long idxAt = in.byteOffset();
                in.i32be("index");
                in.recordSpan("ref.index", -1, "index", idxAt, idxAt + 4, r.index(), "reference index (int32)");
            }
            derived(n, "ref.target", "target", r.target() == null ? "(none: bad index)" : targetText(r.target()), "the item it repeats");
        } else if (item instanceof RItem.Vector v) {
            long lenAt = in.byteOffset();
            if (in.i32be("length") == -1) {
                in.i32be("length, high word");
                in.i32be("length, low word");
            }
            String type = RdsDocs.typeKey(v.type());
            in.recordSpan(type + ".length", -1, "length", lenAt, in.byteOffset(), v.length(),
                    "number of elements (int32; -1 then two int32 for a long vector)");
            long dataAt = in.byteOffset();
            in.recordSpan(type + ".data", -1, "data", dataAt, dataAt + v.count() * (v.type() == RFlags.CPLXSXP ? 8 : v.elementSize()),
                    preview(v), elementMeaning(v.type()));
            n.facet(ValueColumn.class, new VectorColumn(n.name(), v));
            n.facet(ValueTracer.class, RdsTracer.vector(v, at));
            attributes(n, v, data, origin);
        } else if (item instanceof RItem.Elements e) {
            long lenAt = in.byteOffset();
            in.i32be("length");
            in.recordSpan("elements.length", -1, "length", lenAt, lenAt + 4, e.length(), "number of elements (int32)");
            List<RItem> els = e.elements();
            List<String> childNames = childNames(els.size(), RItem.lazyStrings(e.attribute("names")));
            if (els.size() > DRILL_DOWN_ABOVE) n.drillDown(true);
            if (e.type() == RFlags.STRSXP) {
                n.facet(ValueColumn.class, new StringColumn(n.name(), els));
                n.facet(ValueTracer.class, RdsTracer.strings(e, data, at));
            }
            Node attrs = attributesNode(e, data, origin);
            int extra = attrs == null ? 0 : 1;
            n.lazyChildren(els.size() + extra, i -> i < els.size()
                    ? item(childNames.get(i), els.get(i), data, origin) : attrs);
        } else if (item instanceof RItem.PairList p) {
            pairList(n, p, data, false, origin);
        } else if (item instanceof RItem.S4 s) {
            if (s.attributes() instanceof RItem.PairList pl) {
                field(n, "s4.slots", "slots", span(pl), pl.cells().size(), "an S4 object's slots are its attribute pairlist");
                pairList(n, pl, data, true, origin);
                n.table(slotTable(pl));
            }
        } else if (item instanceof RItem.Environment env) {
            long lockedAt = in.byteOffset();
            in.i32be("locked");
            in.recordSpan("env.locked", -1, "locked", lockedAt, lockedAt + 4, env.locked(), "1 when the environment is locked");
            String[] names = {"enclosure", "frame", "hashtab"};
            for (int i = 0; i < env.parts().size(); i++) append(n, item(names[i], env.parts().get(i), data, origin));
            if (env.attributes() != null) append(n, item("attributes", env.attributes(), data, origin));
        } else if (item instanceof RItem.Composite c) {
            if (c.text() != null) {
                in.i32be("name length");
                long nameAt = in.byteOffset();
                in.recordSpan("primitive.name", -1, "name", nameAt, nameAt + c.text().length(), c.text(), "primitive's name");
            }
            boolean byteCode = c.type() == RFlags.BCODESXP;
            if (byteCode) derived(n, "constants", "constants", c.parts().size() - 1, "the constant pool of the compiled code (after the code itself)");
            for (int i = 0; i < c.parts().size(); i++) {
                String partName = !byteCode ? "[" + (i + 1) + "]" : i == 0 ? "code" : "constant " + i;
                append(n, item(partName, c.parts().get(i), data, origin));
            }
            attributes(n, c, data, origin);
        } else if (item instanceof RItem.Altrep a) {
            derived(n, "altrep.class", "class", a.className(), a.expanded() == null ? "ALTREP class (values are not expanded)"
                    : "ALTREP class; the 'expanded' child holds the values it stands for");
            if (a.expanded() != null) {
                append(n, item("expanded", a.expanded(), a.expandedSource(), origin.expandedFrom(a, data)));
            }
            if (a.info() != null) append(n, item("info", a.info(), data, origin));
            if (a.state() != null) append(n, item("state", a.state(), data, origin));
            if (a.attributes() != null) append(n, item("attributes", a.attributes(), data, origin));
        } else if (item instanceof RItem.Broken b) {
            derived(n, "problem", "problem", b.rule(), "reading stopped here; see the diagnostics");
        }
    }

    private static void attributes(Node n, RItem item, ByteSource data, Origin origin) {
        Node attrs = attributesNode(item, data, origin);
        if (attrs != null) append(n, attrs);
    }

    private static Node attributesNode(RItem item, ByteSource data, Origin origin) {
        RItem a = item instanceof RItem.PairList ? null : item.attributes();
        return a == null ? null : item("attributes", a, data, origin);
    }

    /**
     * A pairlist's cells as children, each named by its tag and showing the cell's own
     * flags and tag before its value's fields.
     */
    /** Cells of a pairlist whose nodes are kept once made; longer pairlists make them on each request. */
    static final int CELL_NODES_KEPT = 10_000;

    private static void pairList(Node n, RItem.PairList p, ByteSource data, boolean slots, Origin origin) {
        List<RItem.Cell> cells = p.cells();
        // a compact cell list answers a tag without making its cell
        List<String> tags = cells instanceof ItemLists.Cells compact ? new java.util.AbstractList<>() {
            @Override public String get(int i) { return compact.tagName(i); }

            @Override public int size() { return compact.size(); }
        } : cells.stream().map(RItem.Cell::tagName).toList();
        List<String> names = childNames(cells.size(), tags);
        RItem tail = p.tail();
        boolean cdr = tail != null && tail.type() != RFlags.NILVALUE_SXP;
        if (tail != null && !cdr) {
            field(n, slots ? "s4.slots_end" : "pairlist.end", slots ? "slots end" : "end", span(tail), "NILVALUE_SXP",
                    "NULL ends the pairlist");
        }
        // made on demand: language objects nest deeply, and a long pairlist costs nothing until opened;
        // a pairlist of millions of cells makes them again when asked rather than keep each one made
        java.util.function.IntFunction<Node> child = i -> i < cells.size()
                ? cell(names.get(i), cells.get(i), data, origin) : item("CDR", tail, data, origin);
        if (cells.size() > CELL_NODES_KEPT) {
            n.childrenNotKept(cells.size() + (cdr ? 1 : 0), child);
            // cells of one plain vector each carry no diagnostic of their own (the parser reported
            // all of the stream's): a walk for problems need not make millions of them
            if (!cdr && cells instanceof ItemLists.Cells compact && compact.allPlain()) n.drillDown(true);
        } else {
            n.lazyChildren(cells.size() + (cdr ? 1 : 0), child);
        }
    }

    /** One row per slot: where it is, its R type and length, and the bytes it takes. */
    private static DataTable slotTable(RItem.PairList pl) {
        List<List<Object>> rows = new ArrayList<>();
        for (RItem.Cell c : pl.cells()) {
            RItem v = c.car();
            long len = v instanceof RItem.Vector vec ? vec.length() : v instanceof RItem.Elements e ? e.length() : -1;
            rows.add(List.of(c.tagName() == null ? "?" : c.tagName(),
                    v == null || v.flags() == null ? "?" : RFlags.rTypeName(v.type()),
                    len, c.offset(), c.end() - c.offset()));
        }
        return new DataTable("slots", List.of("slot", "R type", "length", "offset", "bytes"), rows, "slot", "bytes");
    }

    private static Node cell(String name, RItem.Cell c, ByteSource data, Origin origin) {
        RItem car = c.car();
        String kind = car == null ? "r-cell" : kind(car);
        Node n = Node.of(name, kind).source(data).span(Span.bytes(c.offset(), c.end() - c.offset()))
                .summary(car == null ? "(unread)" : summary(car));
        n.facet(FieldExplainer.class, RdsDocs.DOCS);
        readFlags(new FieldReader(data, c.offset(), new NodeRecorder(n)), "cell.", "cell ");
        if (c.tag() != null) field(n, "tag", "tag", span(c.tag()), c.tagName(), "the cell's tag: a SYMSXP (or REFSXP to one)");
        if (car != null) describe(n, car, data, origin);
        if (c.attributes() != null) append(n, item("cell attributes", c.attributes(), data, origin));
        if (BpcellsRds.isMatrix(car)) BpcellsRds.addMatrixChild(n, (RItem.S4) car, data);
        return n;
    }

    /**
     * Child names from R names: a name as it is, unless it is empty, NA, holds a slash or
     * repeats an earlier one (then "[i]"). Made on demand; only a hash and an index per
     * name are held while repeats are found, so a million names cost 8 MB, not a million
     * strings.
     */
    private static List<String> childNames(int n, List<String> names) {
        int known = names == null ? 0 : Math.min(n, names.size());
        // only the names present are sorted: a pairlist of millions of untagged cells has none
        int present = 0;
        for (int i = 0; i < known; i++) if (names.get(i) != null) present++;
        long[] byHash = new long[present];
        for (int i = 0, k = 0; i < known; i++) {
            String s = names.get(i);
            if (s != null) byHash[k++] = (long) s.hashCode() << 32 | i;
        }
        java.util.Arrays.sort(byHash);
        java.util.BitSet repeated = new java.util.BitSet(known);
        for (int start = 0; start < present; ) {
            int end = start + 1;
            while (end < present && byHash[end] >>> 32 == byHash[start] >>> 32) end++;
            // indices ascend within a run of equal hashes: the first of each distinct name keeps it
            List<String> distinct = new ArrayList<>();
            for (int k = start; k < end; k++) {
                int i = (int) byHash[k];
                String s = names.get(i);
                if (s == null) continue;
                if (distinct.contains(s) || distinct.size() >= MAX_SAME_HASH) {
                    repeated.set(i); // a repeat, or one of too many names crafted to share a hash: named by place
                } else {
                    distinct.add(s);
                }
            }
            start = end;
        }
        return new java.util.AbstractList<>() {
            @Override public int size() { return n; }

            @Override
            public String get(int i) {
                String s = i < known ? names.get(i) : null;
                return s == null || s.isEmpty() || s.contains("/") || repeated.get(i) ? "[" + (i + 1) + "]" : s;
            }
        };
    }

    /** Adds a child (Node.add cannot start from an empty child list). */
    static void append(Node parent, Node child) {
        List<Node> kids = new ArrayList<>(parent.children());
        kids.add(child);
        parent.children(kids);
    }

    // ------------------------------------------------------------------ text

    public static String summary(RItem item) {
        String t = RFlags.rTypeName(item.type());
        if (item instanceof RItem.Singleton s) return s.type() == RFlags.NILVALUE_SXP ? "NULL" : s.flags().typeName();
        if (item instanceof RItem.Chars c) return c.value() == null ? "NA" : quote(c.value());
        if (item instanceof RItem.Symbol s) return "symbol " + s.text();
        if (item instanceof RItem.Ref r) {
            return "reference #" + r.index() + (r.target() == null ? " (bad)" : " → " + targetText(r.target()));
        }
        if (item instanceof RItem.Vector v) {
            return t + "[" + v.length() + "]" + (v.length() > 0 ? " = " + preview(v) : "") + classSuffix(v);
        }
        if (item instanceof RItem.Elements e) {
            return t + "[" + e.length() + "]"
                    + (e.type() == RFlags.STRSXP && e.length() > 0 ? " = " + stringPreview(e) : "") + classSuffix(e);
        }
        if (item instanceof RItem.PairList p) return t + " of " + p.cells().size() + (p.cells().size() == 1 ? " cell" : " cells");
        if (item instanceof RItem.S4 s) {
            return "S4 " + (s.className() == null ? "object" : s.className())
                    + (s.attributes() instanceof RItem.PairList pl ? " · " + pl.cells().size() + " slots" : "");
        }
        if (item instanceof RItem.Environment) return "environment";
        if (item instanceof RItem.Composite c) return c.flags().typeName() + (c.text() == null ? "" : " " + c.text());
        if (item instanceof RItem.Altrep a) {
            return "ALTREP " + a.className() + (a.expanded() == null ? "" : " → " + summary(a.expanded()));
        }
        return "unreadable (" + ((RItem.Broken) item).rule() + ")";
    }

    private static String classSuffix(RItem item) {
        String c = item.className();
        return c == null ? "" : " · class " + c;
    }

    private static String targetText(RItem target) {
        return target instanceof RItem.Symbol s ? "symbol " + s.text() : target.flags().typeName();
    }

    static String preview(RItem.Vector v) {
        StringBuilder sb = new StringBuilder();
        long n = Math.min(v.count(), PREVIEW);
        for (long i = 0; i < n; i++) {
            if (i > 0) sb.append(", ");
            sb.append(text(v, i));
        }
        if (v.count() > n) sb.append(", …");
        return sb.toString();
    }

    /** R's way of writing element {@code i}. */
    static String text(RItem.Vector v, long i) {
        return switch (v.type()) {
            case RFlags.LGLSXP -> {
                int x = v.intAt(i);
                yield x == Integer.MIN_VALUE ? "NA" : x == 0 ? "FALSE" : "TRUE";
            }
            case RFlags.INTSXP -> {
                int x = v.intAt(i);
                yield x == Integer.MIN_VALUE ? "NA" : Integer.toString(x);
            }
            case RFlags.RAWSXP -> String.format("%02x", v.data().u8(v.dataOffset() + i));
            default -> realText(v.longBitsAt(i));
        };
    }

    static String realText(long bits) {
        double d = Double.longBitsToDouble(bits);
        if (Double.isNaN(d)) return isNaReal(bits) ? "NA" : "NaN";
        if (d == Math.rint(d) && Math.abs(d) < 1e15) return bits == 0x8000000000000000L ? "-0" : Long.toString((long) d);
        return Double.toString(d);
    }

    private static String stringPreview(RItem.Elements e) {
        StringBuilder sb = new StringBuilder();
        int n = Math.min(e.elements().size(), PREVIEW);
        for (int i = 0; i < n; i++) {
            if (i > 0) sb.append(", ");
            RItem c = e.elements().get(i);
            sb.append(c instanceof RItem.Chars ch ? (ch.value() == null ? "NA" : quote(ch.value())) : "?");
        }
        if (e.length() > n) sb.append(", …");
        return sb.toString();
    }

    private static String quote(String s) {
        String shown = s.length() > 60 ? s.substring(0, 60) + "…" : s;
        return '"' + shown.replace("\n", "\\n") + '"';
    }

    private static String elementMeaning(int type) {
        return switch (type) {
            case RFlags.LGLSXP -> "big-endian int32 per element (0 FALSE, 1 TRUE, 0x80000000 NA)";
            case RFlags.INTSXP -> "big-endian int32 per element (0x80000000 = NA_integer_)";
            case RFlags.REALSXP -> "big-endian IEEE 754 float64 per element";
            case RFlags.CPLXSXP -> "big-endian float64 pairs (real, imaginary)";
            default -> "one byte per element";
        };
    }

    /** A character vector's strings as a text column ("NA" for NA_character_). */
    private record StringColumn(String name, List<RItem> elements) implements ValueColumn {
        @Override public ValueType type() { return ValueType.TEXT; }

        @Override public long count() { return elements.size(); }

        @Override
        public void read(long start, long[] dst, int off, int len) {
            throw new UnsupportedOperationException("a character vector has no numeric values");
        }

        @Override
        public void readRaw(long start, int len, byte[] dst, int off) {
            throw new UnsupportedOperationException("a character vector has no fixed-width values");
        }

        @Override
        public String text(long index) {
            RItem c = elements.get(Math.toIntExact(index));
            return c instanceof RItem.Chars ch ? (ch.value() == null ? "NA" : ch.value()) : "?";
        }

        @Override public boolean mayHaveGaps() { return true; }

        /** NA_character_ is missing (the string "NA" is a value); a non-string element is undecodable. */
        @Override
        public void gaps(long start, byte[] dst, int off, int len) {
            for (int i = 0; i < len; i++) {
                int k = Math.toIntExact(start + i);
                byte mark;
                if (elements instanceof ItemLists.Strings s) {
                    mark = !s.isString(k) ? UNDECODABLE : s.isNA(k) ? MISSING : PRESENT;
                } else {
                    RItem c = elements.get(k);
                    mark = !(c instanceof RItem.Chars ch) ? UNDECODABLE : ch.isNA() ? MISSING : PRESENT;
                }
                dst[off + i] = mark;
            }
        }

        @Override
        public String gapReason(long index) {
            RItem c = elements.get(Math.toIntExact(index));
            if (!(c instanceof RItem.Chars ch)) return "element is not a string (" + summary(c) + ")";
            return ch.isNA() ? "NA_character_ (R's missing string)" : null;
        }
    }

    /** Values of an atomic vector, decoded from big-endian on demand. */
    private record VectorColumn(String name, RItem.Vector v) implements ValueColumn {
        @Override
        public ValueType type() {
            return switch (v.type()) {
                case RFlags.REALSXP, RFlags.CPLXSXP -> ValueType.F64;
                case RFlags.RAWSXP -> ValueType.U8;
                default -> ValueType.I32;
            };
        }

        @Override public long count() { return v.count(); }

        @Override
        public void read(long start, long[] dst, int off, int len) {
            if (start < 0 || len < 0 || start + len > count()) {
                throw new IndexOutOfBoundsException("values " + start + ".." + (start + len) + " of " + count());
            }
            switch (v.type()) {
                case RFlags.REALSXP, RFlags.CPLXSXP -> System.arraycopy(
                        XdrArrays.longs(v.data(), v.dataOffset() + 8 * start, len), 0, dst, off, len);
                case RFlags.RAWSXP -> {
                    byte[] b = v.data().bytes(v.dataOffset() + start, len);
                    for (int i = 0; i < len; i++) dst[off + i] = b[i] & 0xff;
                }
                default -> {
                    int[] x = XdrArrays.ints(v.data(), v.dataOffset() + 4 * start, len);
                    for (int i = 0; i < len; i++) dst[off + i] = x[i];
                }
            }
        }

        @Override
        public String text(long index) {
            return v.type() == RFlags.CPLXSXP ? realText(v.longBitsAt(index)) : RNodes.text(v, index);
        }

        /** Raw bytes have no NA; every other atomic type has R's NA sentinel. */
        @Override public boolean mayHaveGaps() { return v.type() != RFlags.RAWSXP; }

        @Override
        public void gaps(long start, byte[] dst, int off, int len) {
            if (!mayHaveGaps()) {
                java.util.Arrays.fill(dst, off, off + len, PRESENT);
                return;
            }
            long[] page = new long[Math.min(len, 4096)];
            for (int done = 0; done < len; ) {
                int n = Math.min(page.length, len - done);
                read(start + done, page, 0, n);
                for (int i = 0; i < n; i++) dst[off + done + i] = isNA(page[i]) ? MISSING : PRESENT;
                done += n;
            }
        }

        private boolean isNA(long bits) {
            return type() == ValueType.F64 ? isNaReal(bits) : bits == Integer.MIN_VALUE;
        }

        @Override
        public String gapReason(long index) {
            long[] one = new long[1];
            read(index, one, 0, 1);
            if (!mayHaveGaps() || !isNA(one[0])) return null;
            return switch (v.type()) {
                case RFlags.LGLSXP -> "NA (R's missing logical, stored as 0x80000000)";
                case RFlags.INTSXP -> "NA_integer_ (R's missing integer, stored as -2147483648)";
                default -> "NA_real_ (R's missing number: a NaN whose low word is 1954)";
            };
        }
    }

    /** R's NA_real_: a NaN whose low 32 bits are 1954 (R_IsNA); other NaNs are values. */
    static boolean isNaReal(long bits) {
        return Double.isNaN(Double.longBitsToDouble(bits)) && (bits & 0xffffffffL) == 1954;
    }
}
