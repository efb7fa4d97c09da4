package org.packscope.codec.bpcells;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.packscope.codec.bpcells.bp128.Bp128;
import org.packscope.codec.bpcells.bp128.Bp128Layout;
import org.packscope.codec.bpcells.bp128.Bp128Variant;
import org.packscope.codec.inspect.EntriesColumn;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.OutOfRangeException;
import org.packscope.codec.read.ReadProblem;

/**
 * How one value of a BPCells matrix came to be: entry k → its column through idxptr →
 * its index chunk (idx, idx_offsets, starts) → lane, slot and bit range in index_data →
 * zigzag and delta prefix → row; and its value, from a FOR chunk of val_data (+1) or an
 * element of val. Every step reads through the {@link ArrayStore}, like the fast path,
 * and points at the bytes it read: in the array's own file when addressable, else in a
 * small copy of the elements as the store delivered them. The BP128 steps are worded from
 * what the decoder itself reports through {@link Bp128.ValueHook}: the tracer does not
 * redo the unpack or the transforms.
 *
 * <p>Only the arrays' elements needed for the value are read. A problem (an array too
 * short, a chunk whose bookkeeping is broken) ends the trace with a step saying so.
 */
final class BpcellsTracer {
    private BpcellsTracer() { }

    /** Tracer of the entries' {@code part} column (matrix node, entries node and its leaves). */
    static ValueTracer entries(BpcellsMatrix m, EntriesColumn.Part part) {
        return (k, progress) -> {
            Steps s = new Steps();
            try {
                entry(s, m, part, k);
            } catch (Stop | ReadProblem | OutOfRangeException e) {
                s.fail(e.getMessage());
            }
            return s.trace(k);
        };
    }

    /** Tracer of the values (or the minor indices) of stored column (row) {@code j}. */
    static ValueTracer major(BpcellsMatrix m, int j, boolean minorPart) {
        return (i, progress) -> {
            Steps s = new Steps();
            try {
                long from = m.majorStart(j);
                long count = m.majorEnd(j) - from;
                boolean rowMajor = m.storageOrder() == StorageOrder.ROW;
                String major = rowMajor ? "row" : "column";
                if (i < 0 || i >= count) throw new Stop(major + " " + j + " has " + count + " entries; there is no value " + i);
                s.add("value " + i + " of " + major + " " + j, "entry " + (from + i),
                        "The entries of " + major + " " + j + " are entries idxptr[" + j + "] = " + from + " .. idxptr[" + (j + 1) + "] − 1 = "
                                + (from + count - 1) + " of the matrix, so value " + i + " here is entry " + from + " + " + i + " = " + (from + i) + ".",
                        null, null);
                EntriesColumn.Part part = !minorPart ? EntriesColumn.Part.VALUE : rowMajor ? EntriesColumn.Part.COL : EntriesColumn.Part.ROW;
                entry(s, m, part, from + i);
            } catch (Stop | ReadProblem | OutOfRangeException e) {
                s.fail(e.getMessage());
            }
            return s.trace(i);
        };
    }

    /** Tracer of value {@code v} of chunk {@code k} of a BP128 stream (the chunk drill-down node). */
    static ValueTracer chunk(BpcellsMatrix m, PackedStream stream, int k) {
        return (v, progress) -> {
            Steps s = new Steps();
            try {
                int values = stream.layout().valuesIn(k);
                if (v < 0 || v >= values) throw new Stop("chunk " + k + " holds " + values + " values; there is no value " + v);
                s.add("value " + v + " of chunk " + k, "entry " + ((long) k * Bp128.CHUNK + v),
                        "Chunk " + k + " of " + stream.dataName() + " holds the values of entries " + k + "·128 .. " + k + "·128 + 127; value "
                                + v + " belongs to entry " + ((long) k * Bp128.CHUNK + v) + ".", null, null);
                chunkValue(s, m.store(), m.version().map(MatrixVersion::hasIdxOffsets).orElse(false), stream, k, (int) v);
            } catch (Stop | ReadProblem | OutOfRangeException e) {
                s.fail(e.getMessage());
            }
            return s.trace(v);
        };
    }

    /** Tracer of element k of a named array, read as it is stored. */
    static ValueTracer array(ArrayStore store, ArrayInfo info, List<String> strings) {
        return (k, progress) -> {
            Steps s = new Steps();
            try {
                String name = info.name();
                if (k < 0 || k >= info.length()) throw new Stop(name + " has " + info.length() + " elements; there is no element " + k);
                if (info.type() == ElementType.STRING) {
                    if (strings == null || k >= strings.size()) throw new Stop(name + " cannot be read as text");
                    String text = strings.get((int) k);
                    Span line = store instanceof FolderArrayStore f ? f.lineSpan(name, k) : null;
                    ByteSource src = line == null ? null : ((FolderArrayStore) store).fileSource(name);
                    s.add(name + "[" + k + "]", text, line != null
                            ? "String arrays are text files, one element per line: element " + k + " is line " + (k + 1) + ", bytes "
                                    + line.byteOffset() + ".." + (line.byteEnd() - 1) + " of the file (its line end is not part of it)."
                            : "Element " + k + " of the string array, as the store delivers it (an HDF5 variable-length string, an R character vector).",
                            src, line);
                } else {
                    ElementBytes b = ElementBytes.of(store, name, k, 1);
                    ValueType t = ArrayColumn.valueType(info.type());
                    s.add(name + "[" + k + "]", t.format(b.values()[0]), "Element " + k + " of " + name + ": " + b.width() + " little-endian bytes ("
                            + info.type().label() + "), " + b.where(0) + elementNote(info, k) + ".", b.source(), b.span());
                }
            } catch (Stop | ReadProblem | OutOfRangeException e) {
                s.fail(e.getMessage());
            }
            return s.trace(k);
        };
    }

    private static String elementNote(ArrayInfo info, long k) {
        if (info.location() == null || info.location().headerLength() == 0) return "";
        return " (" + info.location().headerLength() + "-byte type header + " + k + " × " + info.type().byteWidth() + ")";
    }

    // ---------------------------------------------------------------- entries

    private static void entry(Steps s, BpcellsMatrix m, EntriesColumn.Part part, long e) throws Stop {
        if (!m.readable()) throw new Stop("the matrix structure is unreadable; no entry can be traced");
        if (e < 0 || e >= m.nnz()) throw new Stop("the matrix has " + m.nnz() + " entries that can be located; there is no entry " + e);
        boolean rowMajor = m.storageOrder() == StorageOrder.ROW;
        s.add("entry " + e, "entry " + e, "Entry " + e + " of " + m.nnz() + ", counting in stored order: " + (rowMajor
                ? "row by row (storage order row), and within a row by column."
                : "column by column (storage order col), and within a column by row."), null, null);
        EntriesColumn.Part majorPart = rowMajor ? EntriesColumn.Part.ROW : EntriesColumn.Part.COL;
        EntriesColumn.Part majorName = rowMajor ? EntriesColumn.Part.ROW_NAME : EntriesColumn.Part.COL_NAME;
        switch (part) {
            case VALUE -> {
                major(s, m, e);
                minor(s, m, e);
                value(s, m, e);
            }
            default -> {
                boolean wantMajor = part == majorPart || part == majorName;
                long at;
                if (wantMajor) {
                    minor(s, m, e);
                    at = major(s, m, e);
                } else {
                    major(s, m, e);
                    at = minor(s, m, e);
                    droppedForItsValue(m, e);
                }
                if (part == EntriesColumn.Part.ROW_NAME || part == EntriesColumn.Part.COL_NAME) name(s, m, part, at);
            }
        }
    }

    /**
     * An entry whose value chunk cannot be decoded is left out of the matrix, index and
     * all: its index columns read 4294967295 (no index) there, though the index decodes.
     */
    private static void droppedForItsValue(BpcellsMatrix m, long e) throws Stop {
        PackedStream values = m.valueStream();
        int k = (int) (e >>> 7);
        if (values != null && !values.decodable(k, (int) (e & 127))) {
            throw new Stop("the index decodes, but chunk " + k + " of " + values.dataName() + " (this entry's value) cannot be decoded"
                    + " (see the diagnostics), so the matrix leaves the entry out: its index reads 4294967295, meaning none");
        }
    }

    /** idxptr: the column (row) holding entry e. */
    private static long major(Steps s, BpcellsMatrix m, long e) {
        boolean rowMajor = m.storageOrder() == StorageOrder.ROW;
        String what = rowMajor ? "row" : "column";
        int j = m.majorOf(e);
        long a = m.majorStart(j);
        long b = m.majorEnd(j);
        ArrayInfo info = m.store().info(ArrayNames.IDXPTR);
        int n = info == null ? 0 : (int) Math.max(0, Math.min(2, info.length() - j));
        String explain = "idxptr[" + j + "] = " + a + " ≤ " + e + " < idxptr[" + (j + 1) + "] = " + b + ": entry " + e + " is entry "
                + (e - a) + " of " + what + " " + j + " (a binary search over the " + (m.majorCount() + 1) + " idxptr elements finds it).";
        if (n == 0) {
            s.add(what + " (idxptr)", Integer.toString(j), explain + " idxptr has no stored element here; it was extended when the matrix was opened.", null, null);
            return j;
        }
        ElementBytes eb = ElementBytes.of(m.store(), ArrayNames.IDXPTR, j, n);
        boolean corrected = eb.values()[0] != a || (n == 2 && eb.values()[1] != b);
        String stored = "idxptr is " + info.type().label() + "; element" + (n == 2 ? "s " + j + " and " + (j + 1) + " are" : " " + j + " is")
                + " bytes " + eb.span().byteOffset() + ".." + (eb.span().byteEnd() - 1) + " of " + eb.source().name();
        s.add(what + " (idxptr)", Integer.toString(j), explain + " " + stored + "."
                + (corrected ? " The stored elements read " + Long.toUnsignedString(eb.values()[0]) + (n == 2 ? ", " + Long.toUnsignedString(eb.values()[1]) : "")
                        + ": idxptr was made monotone and clamped when the matrix was opened." : ""),
                eb.source(), eb.span());
        return j;
    }

    /** index / index_data: the row (column for row order) of entry e. */
    private static long minor(Steps s, BpcellsMatrix m, long e) throws Stop {
        boolean rowMajor = m.storageOrder() == StorageOrder.ROW;
        String what = rowMajor ? "column" : "row";
        PackedStream st = m.indexStream();
        if (st == null) {
            ElementBytes b = ElementBytes.of(m.store(), ArrayNames.INDEX, e, 1);
            s.add(what + " (index[" + e + "])", Long.toString(b.values()[0]), "An unpacked matrix keeps the " + what
                    + " of every entry in index, in stored order: element " + e + " is the uint32 at " + b.where(0) + ".", b.source(), b.span());
            return b.values()[0];
        }
        int k = (int) (e >>> 7);
        int v = (int) (e & 127);
        s.add("index chunk", "chunk " + k + ", value " + v, "Indices are BP128-D1Z packed 128 to a chunk: entry " + e + " is value "
                + e + " mod 128 = " + v + " of chunk ⌊" + e + " / 128⌋ = " + k + " of " + st.dataName() + ".", null, null);
        return chunkValue(s, m.store(), hasOffsets(m), st, k, v);
    }

    /** val / val_data: the value of entry e. */
    private static void value(Steps s, BpcellsMatrix m, long e) throws Stop {
        PackedStream st = m.valueStream();
        if (st == null) {
            ElementBytes b = ElementBytes.of(m.store(), ArrayNames.VAL, e, 1);
            ValueType t = m.valueType();
            long raw = b.values()[0];
            String bits = t == ValueType.F32 ? String.format(Locale.ROOT, " (IEEE-754 bits 0x%08x)", raw)
                    : t == ValueType.F64 ? String.format(Locale.ROOT, " (IEEE-754 bits 0x%016x)", raw) : "";
            s.add("value (val[" + e + "])", t.format(raw), "Values are stored plainly in val, in stored order: element " + e + " is the "
                    + m.valueElementType().label() + " at " + b.where(0) + bits + ".", b.source(), b.span());
            return;
        }
        int k = (int) (e >>> 7);
        int v = (int) (e & 127);
        s.add("value chunk", "chunk " + k + ", value " + v, "Values are BP128-FOR packed 128 to a chunk, aligned with the index chunks: entry "
                + e + " is value " + v + " of chunk " + k + " of " + st.dataName() + ".", null, null);
        chunkValue(s, m.store(), hasOffsets(m), st, k, v);
    }

    private static void name(Steps s, BpcellsMatrix m, EntriesColumn.Part part, long at) {
        boolean row = part == EntriesColumn.Part.ROW_NAME;
        String array = row ? ArrayNames.ROW_NAMES : ArrayNames.COL_NAMES;
        List<String> names = row ? m.rowNames() : m.colNames();
        String text = at >= 0 && at < names.size() ? names.get((int) at) : "";
        Span line = m.store() instanceof FolderArrayStore f ? f.lineSpan(array, at) : null;
        ByteSource src = line == null ? null : ((FolderArrayStore) m.store()).fileSource(array);
        s.add(array + "[" + at + "]", text, "The name of " + (row ? "row " : "column ") + at + " is element " + at + " of " + array
                + (line != null ? ": line " + (at + 1) + " of its text file." : "."), src, line);
    }

    private static boolean hasOffsets(BpcellsMatrix m) {
        return m.version().map(MatrixVersion::hasIdxOffsets).orElse(false);
    }

    // ---------------------------------------------------------------- one BP128 value

    /** Value v of chunk k: bookkeeping, bits, transform. Returns the decoded value, unsigned. */
    private static long chunkValue(Steps s, ArrayStore store, boolean offsets, PackedStream st, int k, int v) throws Stop {
        Bp128Layout l = st.layout();
        if (k >= l.chunks()) throw new Stop("chunk " + k + " cannot be located: " + st.idxName() + " is too short (see the diagnostics)");
        Bp128Layout.Cut cut = l.cut() != null && l.cut().chunk() == k ? l.cut() : null;
        if (!l.usable(k) && cut == null) throw new Stop("chunk " + k + " cannot be decoded: its bookkeeping in " + st.idxName() + " is inconsistent (see the diagnostics)");
        long ws = l.wordStart(k);
        long we = l.wordStart(k + 1);
        int bits = cut != null ? cut.bits() : l.bits(k);
        ElementBytes ib = ElementBytes.of(store, st.idxName(), k, 2);
        long high = ws - ib.values()[0];
        s.add(st.idxName() + "[" + k + "], [" + (k + 1) + "]", bits + " bits", st.idxName() + "[" + k + "] = " + ib.values()[0] + " and "
                + st.idxName() + "[" + (k + 1) + "] = " + ib.values()[1] + (high != 0 ? " (+ " + (high >>> 32) + "·2^32)" : "")
                + ": the chunk is words " + ws + " .. " + (we - 1) + " of " + st.dataName() + ". A chunk of b-bit values takes 4·b words, so b = ("
                + we + " − " + ws + ") / 4 = " + bits + ".", ib.source(), ib.span());
        if (offsets) offsetsStep(s, store, st, k, high);
        int start = 0;
        if (st.variant().usesStarts()) {
            if (k >= st.starts().length) throw new Stop(st.startsName() + " has no element " + k + "; the chunk has no base");
            ElementBytes sb = ElementBytes.of(store, st.startsName(), k, 1);
            start = (int) sb.values()[0];
            s.add(st.startsName() + "[" + k + "]", Integer.toUnsignedString(start), "The decoded value of the chunk's first entry (entry "
                    + (long) k * Bp128.CHUNK + "): the base the zigzag deltas are added to. At " + sb.where(0) + ".", sb.source(), sb.span());
        }
        int words = Bp128.words(bits);
        // a chunk the end of the data cuts: only its words before the end are read, the missing ones taken as 0
        int present = cut == null ? words : (int) Math.max(0, Math.min(words, l.dataWords() - ws));
        ElementBytes cw = ElementBytes.of(store, st.dataName(), ws, present);
        if (cut != null) cutStep(s, st, k, v, cut, cw, ws, we, present);
        int[] in = new int[words];
        for (int i = 0; i < present; i++) in[i] = (int) cw.values()[i];
        Derivation d = Derivation.of(st, bits, start, in, v);
        Bp128.Position p = d.at();
        long packed = Integer.toUnsignedLong(d.packed());
        if (bits == 0) {
            s.add("lane " + p.lane() + ", slot " + p.slot(), "0", "A 0-bit chunk stores no words at all: every packed value in it is 0.", null, null);
        } else {
            long low = Integer.toUnsignedLong(d.low());
            long laneBit = (long) p.slot() * bits;
            s.add("lane " + p.lane() + ", slot " + p.slot(), Long.toString(low), String.format(Locale.ROOT,
                    "Value %d sits in lane %d mod 4 = %d, slot ⌊%d / 4⌋ = %d. Lane %d owns words %d, %d, %d, … of the chunk; slot %d starts %d·%d = %d bits "
                            + "into the lane: bit %d of lane word %d, which is chunk word %d (%s word %d, 0x%08x). "
                            + "Its %d bits, read LSB-first: (0x%08x >>> %d) & 0x%x = %d.",
                    v, v, p.lane(), v, p.slot(), p.lane(), p.lane(), p.lane() + 4, p.lane() + 8, p.slot(), p.slot(), bits, laneBit,
                    p.bit(), laneBit >>> 5, p.word(), st.dataName(), ws + p.word(), in[p.word()],
                    p.lowBits(), in[p.word()], p.bit(), mask(p.lowBits()), low), cw.source(), cw.bits(p.word(), p.bit(), p.lowBits()));
            if (p.straddles()) {
                long hi = Integer.toUnsignedLong(d.high());
                s.add("high bits (chunk word " + p.nextWord() + ")", Long.toString(packed), String.format(Locale.ROOT,
                        "The slot runs past the end of its word: its other %d bits are the lowest bits of the lane's next word, chunk word %d "
                                + "(0x%08x & 0x%x = %d). Packed value = %d | %d << %d = %d.",
                        p.highBits(), p.nextWord(), in[p.nextWord()], mask(p.highBits()), hi, low, hi, p.lowBits(), packed),
                        cw.source(), cw.bits(p.nextWord(), 0, p.highBits()));
            }
        }
        if (bits == 32) {
            s.add("verbatim", Long.toString(packed), "A 32-bit chunk is stored as it is (BPCells copies the 128 values): there is no "
                    + (st.variant().usesStarts() ? "zigzag or delta" : "+1") + " to undo.", null, null);
            return packed;
        }
        long value = Integer.toUnsignedLong(d.value());
        switch (st.variant()) {
            case FOR -> {
                s.add("+1 (FOR m1)", Long.toString(value), "Values are stored minus 1 (frame of reference with base 1, BPCells' \"m1\"): "
                        + packed + " + 1 = " + value + ".", null, null);
                return value;
            }
            case D1Z, D1 -> {
                int delta = d.delta();
                if (st.variant() == Bp128Variant.D1Z) {
                    s.add("zigzag⁻¹", Integer.toString(delta), "Zigzag turns signed deltas into small unsigned numbers (0, −1, 1, −2, … → 0, 1, 2, 3, …); "
                            + "undone: (p >>> 1) XOR −(p AND 1) = (" + packed + " >>> 1) XOR −" + (packed & 1) + " = " + delta + ".", null, null);
                }
                String sum = v == 0
                        ? "value 0 is the base " + st.startsName() + "[" + k + "] = " + Integer.toUnsignedString(start) + " plus its delta " + delta
                        : "value " + (v - 1) + " decodes to " + Integer.toUnsignedString(d.before()) + " (" + st.startsName() + "[" + k + "] = "
                                + Integer.toUnsignedString(start) + " plus the deltas of values 0.." + (v - 1) + "), plus this delta " + delta;
                s.add("delta prefix sum", Long.toString(value), "Each value is the one before plus its delta: " + sum + " = "
                        + value + " (modulo 2^32). Deltas run on across column boundaries inside a chunk.",
                        cw.source(), cw.span());
                return value;
            }
            default -> {
                return packed;
            }
        }
    }

    /**
     * How the decoder derived value {@code v} of a chunk: Bp128's own inspection path decodes the
     * whole chunk (a D1/D1Z value needs every value before it) and reports each value; this
     * keeps value {@code v}'s report. The tracer only words what the decoder did.
     */
    private record Derivation(Bp128.Position at, int low, int high, int packed, int delta, int before, int value) {
        static Derivation of(PackedStream st, int bits, int start, int[] in, int v) {
            Derivation[] kept = new Derivation[1];
            Bp128.decode(st.variant(), bits, start, in, 0, new int[Bp128.CHUNK], 0, (k, at, low, high, packed, delta, before, value) -> {
                if (k == v) kept[0] = new Derivation(at, low, high, packed, delta, before, value);
            });
            return kept[0];
        }
    }

    /**
     * The chunk the end of {@code data} cuts through: a value whose bits all lie in the words
     * kept is traced on (later values need no words past it, earlier ones fill the delta sum);
     * any other stops here, saying where the data ends.
     */
    private static void cutStep(Steps s, PackedStream st, int k, int v, Bp128Layout.Cut cut, ElementBytes cw, long ws, long we, int present) throws Stop {
        String end = cw.source() != null && cw.span().byteEnd() <= cw.source().size() && cw.source().name().endsWith(st.dataName())
                ? "byte " + cw.span().byteEnd() + " of " + cw.source().name() : "word " + (ws + present) + " of " + st.dataName();
        String kept = st.dataName() + " ends at " + end + ", inside chunk " + k + ": of its words " + ws + " .. " + (we - 1) + " only "
                + present + " are stored, and the bits of its first " + cut.values() + " values lie wholly in them.";
        if (v >= cut.values()) {
            throw new Stop(kept + " Value " + v + " has bits at or past the end (the data is cut at " + end + "), so it is lost; "
                    + "values 0 .. " + (cut.values() - 1) + " of the chunk still decode.");
        }
        s.add("cut by the end of " + st.dataName(), "value " + v + " of " + cut.values() + " kept", kept + " Value " + v
                + " is one of them: the missing words are read as 0, which none of these values uses.", cw.source(), cw.span());
    }

    private static void offsetsStep(Steps s, ArrayStore store, PackedStream st, int k, long high) {
        String name = st.idxOffsetsName();
        ArrayInfo oi = store.info(name);
        long i = high >>> 32;
        if (oi == null || oi.length() <= i) return;
        int n = (int) Math.min(2, oi.length() - i);
        ElementBytes ob = ElementBytes.of(store, name, i, n);
        String bracket = n == 2 ? name + "[" + i + "] = " + Long.toUnsignedString(ob.values()[0]) + " ≤ " + k + " < " + name + "[" + (i + 1) + "] = "
                + Long.toUnsignedString(ob.values()[1]) : name + "[" + i + "] = " + Long.toUnsignedString(ob.values()[0]) + " ≤ " + k;
        s.add(name, "+ " + i + "·2^32", bracket + ", so " + i + "·2^32 = " + high + " is added to " + st.idxName() + "[" + k
                + "] (idx holds word numbers modulo 2^32; only data past 16 GiB needs more than [0, sentinel]).", ob.source(), ob.span());
    }

    private static long mask(int bits) { return bits >= 64 ? -1L : (1L << bits) - 1; }

    // ---------------------------------------------------------------- plumbing

    /** Ends a trace early with a reason (a missing element, a broken chunk); not a bug. */
    private static final class Stop extends Exception {
        Stop(String message) { super(message, null, false, false); }
    }

    private static final class Steps {
        private final List<Trace.Step> steps = new ArrayList<>();
        private boolean failed;

        void add(String title, String value, String explanation, ByteSource source, Span span) {
            steps.add(new Trace.Step(title, value, explanation, span == null ? null : source, source == null ? null : span));
        }

        void fail(String why) {
            failed = true;
            steps.add(new Trace.Step("cannot decode", "?", why == null ? "the value cannot be decoded" : why, null, null));
        }

        Trace trace(long index) {
            String v = failed || steps.isEmpty() ? "?" : steps.get(steps.size() - 1).value();
            return new Trace(index, v, steps);
        }
    }
}
