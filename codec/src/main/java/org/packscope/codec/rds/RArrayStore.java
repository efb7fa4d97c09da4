package org.packscope.codec.rds;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.packscope.codec.bpcells.ArrayInfo;
import org.packscope.codec.bpcells.ArrayNames;
import org.packscope.codec.bpcells.ArrayStore;
import org.packscope.codec.bpcells.ElementType;
import org.packscope.codec.bpcells.MatrixVersion;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.ReadProblem;

/**
 * The named arrays of a BPCells matrix kept as an R S4 object (write_matrix_memory):
 * each array is a slot, except that shape, storage_order and row/col names live in
 * R's own dim, transpose and dimnames slots. Types are those BPCells means: uint32
 * and float32 come bit-for-bit out of R integer vectors (so 0x80000000, R's NA, is
 * 2147483648), uint64 out of the exact values of R doubles.
 *
 * <p>Slots are checked once when the store is made; {@link #problems()} lists what is
 * wrong with their R types and lengths, with spans in the decompressed stream. Decoded
 * arrays are cached as primitive arrays; reads are thread-safe.
 */
public final class RArrayStore implements ArrayStore {
    public static final String SHAPE_SLOT = "dim", ORDER_SLOT = "transpose", NAMES_SLOT = "dimnames",
            VERSION_SLOT = "version", CLASS_SLOT = "class";
    private static final double TWO_63 = 9.223372036854775808E18;

    /** How one BPCells array comes out of its R item. */
    private enum Conversion { INT_BITS, DOUBLE_BITS, DOUBLE_VALUE, DOUBLE_TO_UINT32, NAMES, ORDER, NONE }

    private record Slot(String array, String slot, RItem.Cell cell, RItem value, ElementType type, long length,
                        Conversion conversion, String problem) { }

    private final RItem.S4 object;
    private final ByteSource data;
    private final String description;
    private final MatrixVersion version;
    private final Map<String, Slot> slots = new LinkedHashMap<>();
    /** Items as they sit in the stream, for values that came out of an ALTREP expansion. */
    private final Map<RItem, RItem.Altrep> expandedFrom = new java.util.IdentityHashMap<>();
    private final List<Diagnostic> problems = new ArrayList<>();
    private final Map<String, int[]> intCache = new ConcurrentHashMap<>();
    private final Map<String, long[]> longCache = new ConcurrentHashMap<>();

    public RArrayStore(RItem.S4 object, ByteSource data, String description) {
        this.object = object;
        this.data = data;
        this.description = description;
        this.version = MatrixVersion.parse(versionString()).orElse(null);
        build();
    }

    /** The version slot's string, or null when absent or not a character vector. */
    public String versionString() {
        List<String> v = RItem.strings(RItem.resolve(object.attribute(VERSION_SLOT)));
        return v == null || v.isEmpty() ? null : v.get(0);
    }

    /** What is wrong with the R slots (types, lengths), spans in the decompressed stream. */
    public List<Diagnostic> problems() { return Collections.unmodifiableList(problems); }

    // ------------------------------------------------------------------ slot checks

    private void build() {
        if (!(object.attributes() instanceof RItem.PairList pl)) return;
        for (RItem.Cell c : pl.cells()) {
            String name = c.tagName();
            if (name == null || c.car() == null) continue;
            RItem v = resolve(c.car());
            switch (name) {
                case CLASS_SLOT -> { }
                case VERSION_SLOT -> checkVersion(c, v);
                case SHAPE_SLOT -> shape(c, v);
                case ORDER_SLOT -> order(c, v);
                case NAMES_SLOT -> names(c, v);
                default -> numeric(name, c, v);
            }
        }
    }

    private void checkVersion(RItem.Cell c, RItem v) {
        List<String> s = RItem.strings(v);
        if (s == null || s.size() != 1 || s.get(0) == null) {
            problem(v, RdsRules.BPCELLS_SLOT_TYPE, "slot version should be one string (character of length 1), found " + describe(v));
        }
    }

    private void shape(RItem.Cell c, RItem v) {
        if (v instanceof RItem.Vector vec && (vec.type() == RFlags.INTSXP || vec.type() == RFlags.REALSXP)) {
            if (vec.length() != 2) problem(v, RdsRules.BPCELLS_SLOT_LENGTH, "slot dim should hold 2 numbers (rows, columns), found " + vec.length());
            Conversion conv = vec.type() == RFlags.INTSXP ? Conversion.INT_BITS : Conversion.DOUBLE_TO_UINT32;
            if (conv == Conversion.DOUBLE_TO_UINT32 && !wholeNumbers(SHAPE_SLOT, vec, 4294967296.0)) {
                put(new Slot(ArrayNames.SHAPE, SHAPE_SLOT, c, v, null, vec.length(), Conversion.NONE,
                        "slot dim holds a double that is not a uint32 value"));
                return;
            }
            put(new Slot(ArrayNames.SHAPE, SHAPE_SLOT, c, v, ElementType.UINT32, vec.length(), conv, null));
        } else {
            bad(ArrayNames.SHAPE, SHAPE_SLOT, c, v, "integer");
        }
    }

    private void order(RItem.Cell c, RItem v) {
        if (v instanceof RItem.Vector vec && vec.type() == RFlags.LGLSXP && vec.length() == 1 && vec.intAt(0) != Integer.MIN_VALUE) {
            put(new Slot(ArrayNames.STORAGE_ORDER, ORDER_SLOT, c, v, ElementType.STRING, 1, Conversion.ORDER, null));
        } else {
            bad(ArrayNames.STORAGE_ORDER, ORDER_SLOT, c, v, "logical of length 1 (TRUE or FALSE)");
        }
    }

    private void names(RItem.Cell c, RItem v) {
        String[] arrays = {ArrayNames.ROW_NAMES, ArrayNames.COL_NAMES};
        if (!(v instanceof RItem.Elements list) || list.type() != RFlags.VECSXP || list.length() != 2) {
            String msg = "slot dimnames should be R list of 2 (row names, column names) but is " + describe(v);
            problem(v, RdsRules.BPCELLS_SLOT_TYPE, msg);
            for (String a : arrays) put(new Slot(a, NAMES_SLOT, c, v, null, 0, Conversion.NONE, msg));
            return;
        }
        for (int i = 0; i < 2; i++) {
            String where = "dimnames[[" + (i + 1) + "]]";
            if (i >= list.elements().size() || list.elements().get(i) instanceof RItem.Broken) {
                // reading stopped inside dimnames: the stream's own diagnostic says where
                RItem at = i < list.elements().size() ? list.elements().get(i) : v;
                put(new Slot(arrays[i], NAMES_SLOT, c, at, null, 0, Conversion.NONE, where + " could not be read"));
                continue;
            }
            RItem e = resolve(list.elements().get(i));
            List<String> s = readableStrings(e);
            if (e.type() == RFlags.NILVALUE_SXP) {
                put(new Slot(arrays[i], NAMES_SLOT, c, e, ElementType.STRING, 0, Conversion.NAMES, null));
            } else if (s != null) {
                if (s.contains(null)) problem(e, RdsRules.BPCELLS_NA_NAME, where + " holds NA; it is shown as \"NA\"");
                put(new Slot(arrays[i], NAMES_SLOT, c, e, ElementType.STRING, s.size(), Conversion.NAMES, null));
            } else {
                String msg = where + " should be NULL or R character but is " + describe(e);
                problem(e, RdsRules.BPCELLS_SLOT_TYPE, msg);
                put(new Slot(arrays[i], NAMES_SLOT, c, e, null, 0, Conversion.NONE, msg));
            }
        }
    }

    /** Follows references and ALTREP expansions, remembering where an expansion came from. */
    private RItem resolve(RItem item) {
        RItem r = RItem.resolve(item);
        if (item instanceof RItem.Altrep a && r != item) expandedFrom.put(r, a);
        return r;
    }

    /** The item as it sits in the decompressed stream. */
    private RItem inStream(RItem v) {
        RItem.Altrep a = expandedFrom.get(v);
        return a == null ? v : a;
    }

    /** A character vector's strings up to where reading stopped (null for NA), or null when not one. */
    private static List<String> readableStrings(RItem item) {
        if (!(item instanceof RItem.Elements e) || e.type() != RFlags.STRSXP) return null;
        List<RItem> els = e.elements();
        int readable = 0;
        while (readable < els.size() && els.get(readable) instanceof RItem.Chars) readable++;
        int size = readable;
        // a view: millions of names stay offsets into the stream until one is asked for
        return new java.util.AbstractList<>() {
            @Override public int size() { return size; }

            @Override public String get(int i) { return ((RItem.Chars) els.get(i)).value(); }
        };
    }

    private void numeric(String name, RItem.Cell c, RItem v) {
        ElementType want = version != null ? ArrayNames.expectedType(name, version) : guess(name, v);
        if (want == null || want == ElementType.STRING) {
            long len = v instanceof RItem.Vector vec ? vec.length() : 0;
            put(new Slot(name, name, c, v, null, len, Conversion.NONE, "slot " + name + " is not part of the BPCells matrix layout"));
            return;
        }
        int rtype = v.type();
        Conversion conv = switch (want) {
            case UINT32, FLOAT32 -> rtype == RFlags.INTSXP ? Conversion.INT_BITS : null;
            case UINT64 -> rtype == RFlags.REALSXP ? Conversion.DOUBLE_VALUE : null;
            case FLOAT64 -> rtype == RFlags.REALSXP ? Conversion.DOUBLE_BITS : null;
            default -> null;
        };
        if (conv == null || !(v instanceof RItem.Vector vec)) {
            bad(name, name, c, v, want == ElementType.UINT64 || want == ElementType.FLOAT64 ? "double" : "integer");
            return;
        }
        if (conv == Conversion.DOUBLE_VALUE && !wholeNumbers(name, vec, TWO_63)) {
            put(new Slot(name, name, c, v, null, vec.length(), Conversion.NONE,
                    "slot " + name + " holds a double that is not a uint64 value"));
            return;
        }
        put(new Slot(name, name, c, v, want, vec.length(), conv, null));
    }

    /**
     * Whether every element of a double vector is a whole number in [0, limit); the first
     * one that is not is reported at its own 8 bytes. Checked once here so that reads never fail.
     */
    private boolean wholeNumbers(String slot, RItem.Vector vec, double limit) {
        if (vec.data() != data) return true; // an ALTREP expansion: made of whole numbers by construction
        long[] bits = vec.doubleBits();
        for (int i = 0; i < bits.length; i++) {
            double d = Double.longBitsToDouble(bits[i]);
            if (!(d >= 0 && d < limit && d == Math.floor(d))) {
                long at = vec.dataOffset() + 8L * i;
                problems.add(Diagnostic.error(Span.bytes(at, 8), RdsRules.BPCELLS_BAD_INTEGER_VALUE, slot + "[" + (i + 1) + "] is "
                        + RNodes.realText(bits[i]) + ", not a whole number from 0 to " + (limit == TWO_63 ? "2^63" : "2^32")
                        + " (an unsigned integer kept in an R double) (byte " + at + ")"));
                return false;
            }
        }
        return true;
    }

    /** Without a usable version string: what the R type suggests. */
    private static ElementType guess(String name, RItem v) {
        ElementType t = ArrayNames.expectedType(name, new MatrixVersion(true, MatrixVersion.ValueKind.UINT, 2));
        if (!name.equals(ArrayNames.VAL)) return t;
        return v.type() == RFlags.REALSXP ? ElementType.FLOAT64 : ElementType.UINT32;
    }

    private void bad(String array, String slot, RItem.Cell c, RItem v, String wanted) {
        String msg = "slot " + slot + " should be R " + wanted + " but is " + describe(v);
        problem(v, RdsRules.BPCELLS_SLOT_TYPE, msg);
        put(new Slot(array, slot, c, v, null, 0, Conversion.NONE, msg));
    }

    private void put(Slot s) {
        slots.put(s.array(), s);
    }

    private void problem(RItem value, Rule rule, String message) {
        RItem v = inStream(value);
        Span at = v.flags() == null ? Span.bytes(v.offset(), 0) : Span.bytes(v.offset(), 4);
        problems.add(Diagnostic.error(at, rule, message + " (byte " + v.offset() + ")"));
    }

    private static String describe(RItem v) {
        if (v == null || v.flags() == null) return "unreadable";
        long len = v instanceof RItem.Vector vec ? vec.length() : v instanceof RItem.Elements e ? e.length() : -1;
        return RFlags.rTypeName(v.type()) + (len >= 0 ? " of length " + len : "");
    }

    // ------------------------------------------------------------------ ArrayStore

    @Override public String description() { return description; }

    @Override
    public List<String> arrayNames() { return List.copyOf(slots.keySet()); }

    @Override
    public ArrayInfo info(String name) {
        Slot s = slots.get(name);
        if (s == null) return null;
        RItem v = inStream(s.value());
        long stored = v.end() - v.offset();
        return new ArrayInfo(name, s.type(), s.length(), stored, null, s.problem());
    }

    @Override
    public void readInts(String name, long start, int[] dst, int off, int len) {
        Slot s = need(name, start, len);
        if (s.type() == null || !s.type().is32Bit()) throw notOf(s, "32-bit");
        System.arraycopy(ints(s), (int) start, dst, off, len);
    }

    @Override
    public void readLongs(String name, long start, long[] dst, int off, int len) {
        Slot s = need(name, start, len);
        if (s.type() == null || !s.type().is64Bit()) throw notOf(s, "64-bit");
        System.arraycopy(longs(s), (int) start, dst, off, len);
    }

    @Override
    public List<String> readStrings(String name) {
        if (name.equals(ArrayNames.VERSION)) {
            String v = versionString();
            if (v == null) throw ArrayStore.unreadable(-1, "slot version is missing");
            return List.of(v);
        }
        Slot s = slots.get(name);
        if (s == null) throw ArrayStore.unreadable(-1, "slot for " + name + " is missing");
        if (s.conversion() == Conversion.ORDER) {
            return List.of(((RItem.Vector) s.value()).intAt(0) != 0 ? "row" : "col");
        }
        if (s.conversion() != Conversion.NAMES) throw notOf(s, "string");
        List<String> strings = readableStrings(s.value());
        if (strings == null) return List.of();
        return new java.util.AbstractList<>() {
            @Override public int size() { return strings.size(); }

            @Override public String get(int i) { return strings.get(i) == null ? "NA" : strings.get(i); }
        };
    }

    @Override
    public void describe(String name, Node node) {
        Slot s = slots.get(name);
        if (s == null) return;
        RItem v = s.value();
        RItem stored = inStream(v);
        node.source(data).span(RNodes.span(stored));
        node.field("R slot", s.cell() != null && s.cell().tag() != null ? RNodes.span(s.cell().tag()) : null,
                s.slot() + (s.conversion() == Conversion.NAMES ? "[[" + (name.equals(ArrayNames.ROW_NAMES) ? 1 : 2) + "]]" : ""),
                "where the array lives in the S4 object");
        if (stored != v) {
            node.field("R type", Span.bytes(stored.offset() + 3, 1), "ALTREP " + ((RItem.Altrep) stored).className()
                    + " → " + RFlags.rTypeName(v.type()), "a compact R vector, expanded from its state");
            node.field("conversion", null, conversionText(s), "how BPCells reads this R vector");
            return;
        }
        if (v.flags() != null) {
            node.field("R type", Span.bytes(v.offset() + 3, 1), RFlags.rTypeName(v.type()) + " (" + v.flags().typeName() + ")",
                    "SEXPTYPE byte of the vector's flags");
        }
        if (v instanceof RItem.Vector vec) {
            node.field("R length", Span.bytes(vec.lengthOffset(), vec.dataOffset() - vec.lengthOffset()), vec.length(), "int32 element count");
            node.field("R data", Span.bytes(vec.dataOffset(), vec.length() * vec.elementSize()), RNodes.preview(vec),
                    "big-endian " + (vec.elementSize() == 8 ? "float64" : "int32") + " elements");
        } else if (v instanceof RItem.Elements e) {
            node.field("R length", Span.bytes(e.lengthOffset(), 4), e.length(), "int32 element count");
        }
        node.field("conversion", null, conversionText(s), "how BPCells reads this R vector");
    }

    private static String conversionText(Slot s) {
        return switch (s.conversion()) {
            case INT_BITS -> s.type() == ElementType.FLOAT32
                    ? "R integer bits reinterpreted as IEEE float32"
                    : "R integer bits read as uint32 (negative numbers are values ≥ 2^31; NA_integer_ is 2147483648)";
            case DOUBLE_BITS -> "R double is the float64 value";
            case DOUBLE_VALUE -> "R double holds the uint64 value exactly (whole numbers up to 2^53)";
            case DOUBLE_TO_UINT32 -> "R double holds the uint32 value";
            case NAMES -> "character vector (NULL = no names)";
            case ORDER -> "transpose FALSE = col (CSC), TRUE = row (CSR)";
            case NONE -> "not readable as a BPCells array";
        };
    }

    // ------------------------------------------------------------------ decoding

    private Slot need(String name, long start, int len) {
        Slot s = slots.get(name);
        if (s == null) throw ArrayStore.unreadable(-1, "slot for " + name + " is missing");
        if (s.type() == null) throw ArrayStore.unreadable(s.value().offset(), s.problem());
        if (start < 0 || len < 0 || start + len > s.length()) {
            throw ArrayStore.unreadable(s.value().end(), name + " has " + s.length() + " elements; elements "
                    + start + ".." + (start + len) + " were asked for");
        }
        return s;
    }

    private static ReadProblem notOf(Slot s, String what) {
        return ArrayStore.unreadable(s.value().offset(), s.array() + " (slot " + s.slot() + ") is not a " + what + " array");
    }

    private int[] ints(Slot s) {
        int[] a = intCache.get(s.array());
        if (a != null) return a;
        RItem.Vector v = (RItem.Vector) s.value();
        if (s.conversion() == Conversion.INT_BITS) {
            a = v.ints();
        } else {
            a = new int[(int) v.length()];
            for (int i = 0; i < a.length; i++) {
                double d = v.doubleAt(i);
                if (!(d >= 0 && d <= 0xffffffffL && d == Math.floor(d))) {
                    throw ArrayStore.unreadable(v.dataOffset() + 8L * i, s.slot() + "[" + (i + 1) + "] is "
                            + RNodes.realText(v.longBitsAt(i)) + ", not a whole number from 0 to 2^32-1");
                }
                a[i] = (int) (long) d;
            }
        }
        intCache.putIfAbsent(s.array(), a);
        return a;
    }

    private long[] longs(Slot s) {
        long[] a = longCache.get(s.array());
        if (a != null) return a;
        RItem.Vector v = (RItem.Vector) s.value();
        a = v.doubleBits();
        if (s.conversion() == Conversion.DOUBLE_VALUE) {
            for (int i = 0; i < a.length; i++) {
                double d = Double.longBitsToDouble(a[i]);
                if (!(d >= 0 && d < TWO_63 && d == Math.floor(d))) {
                    throw ArrayStore.unreadable(v.dataOffset() + 8L * i, s.slot() + "[" + (i + 1) + "] is "
                            + RNodes.realText(a[i]) + ", not a whole number ≥ 0 (a uint64 kept in an R double)");
                }
                a[i] = (long) d;
            }
        }
        longCache.putIfAbsent(s.array(), a);
        return a;
    }
}
