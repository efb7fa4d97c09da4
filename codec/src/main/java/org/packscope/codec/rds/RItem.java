package org.packscope.codec.rds;

import java.util.List;

import org.packscope.codec.io.ByteSource;

/**
 * One item of an R serialization stream, as read: where it starts (its flags word)
 * and ends (after its attributes) in the decompressed stream, its flags and its
 * contents. Vector payloads are not copied: {@link Vector} reads them from the stream
 * on demand.
 */
public sealed interface RItem {

    /** Offset of the flags word. */
    long offset();

    /** First byte after the item, attributes included. */
    long end();

    /** Null only for a {@link Broken} item whose flags could not be read. */
    RFlags flags();

    /** The attribute pairlist (a {@link PairList}), or null. */
    default RItem attributes() { return null; }

    default int type() { return flags() == null ? -1 : flags().type(); }

    /** The attribute (or S4 slot) with this name, or null. */
    default RItem attribute(String name) {
        return attributes() instanceof PairList pl ? pl.get(name) : null;
    }

    /** NULL and the other payload-free markers (global env, missing arg, ...). */
    record Singleton(long offset, long end, RFlags flags) implements RItem { }

    /** CHARSXP: {@code value} is null for NA_character_. */
    record Chars(long offset, long end, RFlags flags, int length, String value, String encoding,
                 RItem attributes) implements RItem {
        public boolean isNA() { return value == null; }
    }

    /** SYMSXP; {@code refIndex} is its 1-based place in the reference table. */
    record Symbol(long offset, long end, RFlags flags, RItem name, int refIndex) implements RItem {
        public String text() { return name instanceof Chars c && c.value() != null ? c.value() : "?"; }
    }

    /**
     * REFSXP: a repeat of an earlier symbol/environment, looked up in the stream's reference
     * table when asked, since an environment may refer to itself from inside (its entry is
     * made before its contents are read, and filled after).
     */
    record Ref(long offset, long end, RFlags flags, long indexOffset, int index, List<RItem> table) implements RItem {
        /** What the reference names; null when the index is bad. */
        public RItem target() { return index >= 1 && index <= table.size() ? table.get(index - 1) : null; }
    }

    /**
     * LGLSXP, INTSXP, REALSXP, CPLXSXP or RAWSXP: {@code length} elements stored big-endian
     * from {@code dataOffset} in {@code data}.
     */
    record Vector(long offset, long end, RFlags flags, long lengthOffset, long length, long dataOffset,
                  ByteSource data, RItem attributes) implements RItem {

        /** Bytes per stored element. */
        public int elementSize() { return elementSize(flags.type()); }

        /** Number of stored scalars (two doubles per complex element). */
        public long count() { return flags.type() == RFlags.CPLXSXP ? 2 * length : length; }

        static int elementSize(int type) {
            return switch (type) {
                case RFlags.RAWSXP -> 1;
                case RFlags.REALSXP -> 8;
                case RFlags.CPLXSXP -> 16;
                default -> 4;
            };
        }

        public int intAt(long i) {
            long p = dataOffset + 4 * i;
            data.check(p, 4);
            return (data.get(p) & 0xff) << 24 | (data.get(p + 1) & 0xff) << 16 | (data.get(p + 2) & 0xff) << 8 | data.get(p + 3) & 0xff;
        }

        public long longBitsAt(long i) {
            long p = dataOffset + 8 * i;
            return (intAtOffset(p) & 0xffffffffL) << 32 | intAtOffset(p + 4) & 0xffffffffL;
        }

        public double doubleAt(long i) { return Double.longBitsToDouble(longBitsAt(i)); }

        private int intAtOffset(long p) {
            data.check(p, 4);
            return (data.get(p) & 0xff) << 24 | (data.get(p + 1) & 0xff) << 16 | (data.get(p + 2) & 0xff) << 8 | data.get(p + 3) & 0xff;
        }

        /** All elements of an INTSXP/LGLSXP as int (bit patterns kept). */
        public int[] ints() { return XdrArrays.ints(data, dataOffset, Math.toIntExact(length)); }

        /** All elements of a REALSXP as IEEE bit patterns. */
        public long[] doubleBits() { return XdrArrays.longs(data, dataOffset, Math.toIntExact(count())); }
    }

    /** STRSXP, VECSXP or EXPRSXP: a vector of items. */
    record Elements(long offset, long end, RFlags flags, long lengthOffset, long length, List<RItem> elements,
                    RItem attributes) implements RItem { }

    /** One cell of a pairlist (LISTSXP, LANGSXP, ...), from its flags to the end of its CAR. */
    record Cell(long offset, long end, RFlags flags, RItem attributes, RItem tag, RItem car) {
        /** The tag's symbol name, or null. */
        public String tagName() { return RItem.symbolName(tag); }
    }

    /**
     * A pairlist chain flattened: consecutive cells, then the item that ends it (normally
     * NULL; a closure body or a dotted pair's last CDR otherwise; null when reading stopped).
     */
    record PairList(long offset, long end, RFlags flags, List<Cell> cells, RItem tail) implements RItem {
        @Override public RItem attributes() { return cells.isEmpty() ? null : cells.get(0).attributes(); }

        public RItem get(String name) {
            for (Cell c : cells) if (name.equals(c.tagName())) return c.car();
            return null;
        }

        public Cell cell(String name) {
            for (Cell c : cells) if (name.equals(c.tagName())) return c;
            return null;
        }
    }

    /** S4SXP: no payload; its slots are the attributes. */
    record S4(long offset, long end, RFlags flags, RItem attributes) implements RItem { }

    /** ENVSXP: locked flag, then enclosure, frame, hash table. */
    record Environment(long offset, long end, RFlags flags, int locked, List<RItem> parts, RItem attributes,
                       int refIndex) implements RItem { }

    /**
     * Items with a small fixed layout: NAMESPACESXP/PACKAGESXP/PERSISTSXP (a string vector),
     * EXTPTRSXP (protected value, tag), WEAKREFSXP, SPECIALSXP/BUILTINSXP (a name in {@code text}).
     */
    record Composite(long offset, long end, RFlags flags, String text, List<RItem> parts, RItem attributes)
            implements RItem { }

    /**
     * ALTREP_SXP: class info pairlist, state, attributes. {@code expanded} is the ordinary
     * vector it stands for (in {@code expandedSource}) when its class allows that, else null.
     */
    record Altrep(long offset, long end, RFlags flags, RItem info, RItem state, RItem attributes,
                  RItem expanded, ByteSource expandedSource) implements RItem {
        /** The ALTREP class symbol, e.g. "compact_intseq". */
        public String className() {
            return info instanceof PairList pl && !pl.cells().isEmpty() ? symbolName(pl.cells().get(0).car()) : null;
        }
    }

    /**
     * Where reading stopped: a diagnostic with the same offset says why, and {@code rule} is
     * its rule id ({@link #NOT_READ} for items after that place, which have no diagnostic).
     */
    record Broken(long offset, long end, RFlags flags, String rule) implements RItem {
        /** Not a rule: marks an item that was not read because reading had stopped before it. */
        public static final String NOT_READ = "not_read";
    }

    /** The name of a symbol (or a reference to one), or null. */
    static String symbolName(RItem item) {
        if (item instanceof Ref r) item = r.target();
        return item instanceof Symbol s ? s.text() : null;
    }

    /** Follows a reference to what it names, and an expanded ALTREP to its values. */
    static RItem resolve(RItem item) {
        if (item instanceof Ref r && r.target() != null) return r.target();
        if (item instanceof Altrep a && a.expanded() != null) return a.expanded();
        return item;
    }

    /** Strings of a STRSXP (null for NA), or null when {@code item} is not one. */
    static List<String> strings(RItem item) {
        item = resolve(item);
        if (!(item instanceof Elements e) || e.type() != RFlags.STRSXP) return null;
        java.util.ArrayList<String> out = new java.util.ArrayList<>(e.elements().size());
        for (RItem c : e.elements()) out.add(c instanceof Chars ch ? ch.value() : null);
        return out;
    }

    /** As {@link #strings}, but each string is read when asked (for names of huge vectors). */
    static List<String> lazyStrings(RItem item) {
        item = resolve(item);
        if (!(item instanceof Elements e) || e.type() != RFlags.STRSXP) return null;
        List<RItem> els = e.elements();
        return new java.util.AbstractList<>() {
            @Override public int size() { return els.size(); }

            @Override public String get(int i) { return els.get(i) instanceof Chars ch ? ch.value() : null; }
        };
    }

    /** The first string of the class attribute, or null. */
    default String className() {
        List<String> cls = strings(attribute("class"));
        return cls == null || cls.isEmpty() ? null : cls.get(0);
    }
}
