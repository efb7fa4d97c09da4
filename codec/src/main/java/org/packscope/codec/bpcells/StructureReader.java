package org.packscope.codec.bpcells;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.packscope.codec.bpcells.bp128.Bp128;
import org.packscope.codec.bpcells.bp128.Bp128Layout;
import org.packscope.codec.bpcells.bp128.Bp128Rules;
import org.packscope.codec.bpcells.bp128.Bp128Variant;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.MemoryBudget;
import org.packscope.codec.read.ReadProblem;

/**
 * Reads and checks the structure of a matrix once: version, array presence and types,
 * shape, storage order, names, idxptr (made monotone and clamped), and the BP128
 * bookkeeping of packed streams. Every claim is checked against what the store holds
 * before anything is allocated for it. Each problem becomes two diagnostics: one for the
 * matrix node, placed in words ({@code idxptr[3] (byte 32): ...}), and one for the node of
 * the array it is in, at the element's bytes when the array is addressable.
 */
final class StructureReader {

    /**
     * What {@link #read} found: the checked structure, immutable. {@code ptr} is idxptr
     * made monotone and clamped to the entries that can be located; {@code diagnostics}
     * are for the matrix node, {@code arrayDiagnostics} the same problems by array.
     */
    record Structure(ArrayStore store, String versionString, MatrixVersion version, boolean readable, StorageOrder order,
                     long rows, long cols, long[] ptr, long storedNnz, long nnz, PackedStream indexStream, PackedStream valueStream,
                     List<String> rowNames, List<String> colNames,
                     List<Diagnostic> diagnostics, Map<String, List<Diagnostic>> arrayDiagnostics) { }

    private final ArrayStore store;
    private final String versionString;
    private final List<Diagnostic> diagnostics = new ArrayList<>();
    private final Map<String, List<Diagnostic>> arrayDiagnostics = new HashMap<>();
    /** The array being read, so a {@link ReadProblem} from the store can be placed in it. */
    private String reading;
    private MatrixVersion version;
    private boolean readable = true;
    private StorageOrder order = StorageOrder.COL;
    private long rows;
    private long cols;
    private long[] ptr = {0};
    private long storedNnz;
    private long nnz;
    private PackedStream indexStream;
    private PackedStream valueStream;
    private List<String> rowNames = List.of();
    private List<String> colNames = List.of();

    private StructureReader(ArrayStore store, String versionString) {
        this.store = store;
        this.versionString = versionString;
    }

    /**
     * Reads and checks the structure of the matrix in {@code store}. Never throws: a matrix
     * too broken to decode is not {@code readable} and its diagnostics say why.
     */
    static Structure read(ArrayStore store, String versionString) {
        StructureReader b = new StructureReader(store, versionString);
        try {
            b.build();
        } catch (ReadProblem e) {
            b.unreadable(Severity.ERROR, b.reading, e);
            b.fail();
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            // what slips through here is a reader bug (it trusted bad input): say so
            b.issue(Severity.ERROR, null, -1, -1, 0, SharedRules.INTERNAL_ERROR, "matrix could not be read: " + e);
            b.fail();
        }
        Map<String, List<Diagnostic>> byArray = new HashMap<>();
        b.arrayDiagnostics.forEach((k, v) -> byArray.put(k, List.copyOf(v)));
        return new Structure(store, versionString, b.version, b.readable, b.order, b.rows, b.cols, b.ptr, b.storedNnz, b.nnz,
                b.indexStream, b.valueStream, b.rowNames, b.colNames, List.copyOf(b.diagnostics), Map.copyOf(byArray));
    }

    /**
     * A problem in {@code array} (null: the matrix as a whole) at {@code element} (-1: the
     * whole array), {@code width} bytes at {@code byteOffset} of the array's own source
     * (-1: not addressable).
     */
    private void issue(Severity s, String array, long element, long byteOffset, int width, Rule rule, String message) {
        diagnostics.add(diagnostic(s, null, rule, where(array, element, byteOffset, message)));
        if (array == null) return;
        ArrayInfo info = store.info(array);
        boolean addressable = byteOffset >= 0 && info != null && info.location() != null;
        arrayDiagnostics.computeIfAbsent(array, k -> new ArrayList<>()).add(diagnostic(s,
                addressable ? Span.bytes(byteOffset, width) : null, rule, (element >= 0 ? "element " + element + ": " : "") + message));
    }

    /** A problem at element {@code element} of {@code array}, with its byte offset when addressable. */
    private void at(Severity s, String array, long element, Rule rule, String message) {
        ArrayInfo info = store.info(array);
        long b = info == null || element < 0 ? -1 : info.byteOffsetOf(element);
        int w = info == null || info.type() == null ? 0 : info.type().byteWidth();
        issue(s, array, element, b, b >= 0 ? w : 0, rule, message);
    }

    /** A store's failure to deliver what was asked of {@code array}. */
    private void unreadable(Severity s, String array, ReadProblem e) {
        issue(s, array, -1, byteOffsetOf(e), 0, BpcellsRules.ARRAY_UNREADABLE, e.getMessage());
    }

    /** Where a store's {@link ReadProblem} is in the array's own source, or -1. */
    static long byteOffsetOf(ReadProblem e) {
        Span s = e.diagnostic().span();
        return s == null ? -1 : s.byteOffset();
    }

    /** {@code message} placed in words for the matrix node: {@code idxptr[3] (byte 32): message}. */
    static String where(String array, long element, long byteOffset, String message) {
        if (array == null) return message;
        StringBuilder sb = new StringBuilder(array);
        if (element >= 0) sb.append('[').append(element).append(']');
        if (byteOffset >= 0) sb.append(" (byte ").append(byteOffset).append(')');
        return sb.append(": ").append(message).toString();
    }

    static Diagnostic diagnostic(Severity s, Span span, Rule rule, String message) {
        return switch (s) {
            case ERROR -> Diagnostic.error(span, rule, message);
            case WARNING -> Diagnostic.warning(span, rule, message);
            case INFO -> rule.at(span, message);
        };
    }

    // reads note the array they read, so a store's ReadProblem is reported in it
    private void readInts(String name, long start, int[] dst, int off, int len) {
        reading = name;
        store.readInts(name, start, dst, off, len);
    }

    private void readLongs(String name, long start, long[] dst, int off, int len) {
        reading = name;
        store.readLongs(name, start, dst, off, len);
    }

    private List<String> readStrings(String name) {
        reading = name;
        return store.readStrings(name);
    }

    private void fail() {
        readable = false;
        ptr = new long[] {0};
        nnz = 0;
        indexStream = null;
        valueStream = null;
    }

    private void build() {
        version = parseVersion();
        if (version == null) {
            fail();
            return;
        }
        if (!checkArrays()) {
            fail();
            return;
        }
        readShape();
        if (!readable) return;
        readOrder();
        readNames();
        readIdxptr();
        if (!readable) return;
        long avail = storedNnz;
        if (version.packed()) {
            indexStream = packedStream(ArrayNames.INDEX_PREFIX, Bp128Variant.D1Z);
            avail = Math.min(avail, locatable(indexStream));
        } else {
            avail = Math.min(avail, plainLength(ArrayNames.INDEX));
        }
        if (version.packedValues()) {
            valueStream = packedStream(ArrayNames.VAL_PREFIX, Bp128Variant.FOR);
            avail = Math.min(avail, locatable(valueStream));
        } else {
            avail = Math.min(avail, plainLength(ArrayNames.VAL));
        }
        if (!version.packed() && store.has(ArrayNames.INDEX) && store.has(ArrayNames.VAL)) {
            long li = store.info(ArrayNames.INDEX).length();
            long lv = store.info(ArrayNames.VAL).length();
            if (li != lv) {
                at(Severity.ERROR, ArrayNames.VAL, Math.min(li, lv), BpcellsRules.ARRAY_LENGTH_MISMATCH,
                        "val has " + lv + " elements but index has " + li + "; they must be equal");
            }
        }
        nnz = Math.max(0, avail);
        if (nnz < storedNnz) {
            at(Severity.ERROR, ArrayNames.IDXPTR, ptr.length - 1, BpcellsRules.ENTRIES_MISSING, "idxptr claims " + storedNnz
                    + " entries but only " + nnz + " can be located; columns are cut at entry " + nnz);
            for (int j = 0; j < ptr.length; j++) ptr[j] = Math.min(ptr[j], nnz);
        }
    }

    private MatrixVersion parseVersion() {
        Optional<MatrixVersion> v = MatrixVersion.parse(versionString);
        if (v.isPresent()) return v.get();
        String shown = versionString == null ? null : versionString.strip();
        if (versionString == null) {
            issue(Severity.ERROR, ArrayNames.VERSION, -1, -1, 0, BpcellsRules.MISSING_VERSION, "no version marker: not a BPCells matrix, or the marker was lost");
        } else if (MatrixVersion.looksLikeMatrixVersion(versionString)) {
            issue(Severity.ERROR, ArrayNames.VERSION, -1, -1, 0, BpcellsRules.UNKNOWN_VERSION,
                    "version \"" + shown + "\" is not one PackScope reads (packed|unpacked-uint|float|double-matrix-v1|v2)");
        } else {
            issue(Severity.ERROR, ArrayNames.VERSION, -1, -1, 0, BpcellsRules.BAD_VERSION,
                    "version \"" + FolderArrayStore.printable(shown.length() > 60 ? shown.substring(0, 60) + "…" : shown)
                            + "\" is not a BPCells matrix version");
        }
        MatrixVersion guess = inferVersion();
        if (guess != null) {
            issue(Severity.WARNING, ArrayNames.VERSION, -1, -1, 0, BpcellsRules.VERSION_INFERRED,
                    "reading as " + guess + ", the layout the arrays present suggest");
        }
        return guess;
    }

    private MatrixVersion inferVersion() {
        boolean packed = store.has(ArrayNames.data(ArrayNames.INDEX_PREFIX));
        MatrixVersion.ValueKind kind;
        ArrayInfo val = store.info(ArrayNames.VAL);
        if (store.has(ArrayNames.data(ArrayNames.VAL_PREFIX))) kind = MatrixVersion.ValueKind.UINT;
        else if (val != null && val.type() == ElementType.FLOAT32) kind = MatrixVersion.ValueKind.FLOAT;
        else if (val != null && val.type() == ElementType.FLOAT64) kind = MatrixVersion.ValueKind.DOUBLE;
        else if (val != null && val.type() == ElementType.UINT32) kind = MatrixVersion.ValueKind.UINT;
        else return null;
        if (!packed && !store.has(ArrayNames.INDEX)) return null;
        ArrayInfo p = store.info(ArrayNames.IDXPTR);
        if (p == null) return null;
        int fv = p.type() == ElementType.UINT32 ? 1 : 2;
        return new MatrixVersion(packed, kind, fv);
    }

    /** Presence and types; false when a needed array is unusable. */
    private boolean checkArrays() {
        boolean ok = true;
        for (String name : ArrayNames.required(version)) {
            ArrayInfo info = store.info(name);
            boolean optional = name.equals(ArrayNames.ROW_NAMES) || name.equals(ArrayNames.COL_NAMES);
            if (info == null) {
                issue(optional ? Severity.WARNING : Severity.ERROR, name, -1, -1, 0, SharedRules.MISSING_ARRAY,
                        "array " + name + " is missing from " + store.description());
                if (!optional && !name.equals(ArrayNames.STORAGE_ORDER)) ok = false;
                continue;
            }
            ElementType expected = ArrayNames.expectedType(name, version);
            if (info.type() == null) {
                Rule rule = FolderArrayStore.NOT_REGULAR.equals(info.problem()) ? SharedRules.NOT_REGULAR_FILE : BpcellsRules.BAD_ARRAY_TYPE;
                issue(Severity.ERROR, name, -1, info.location() == null ? -1 : 0, 0, rule, name + ": " + info.problem());
                if (!optional && !name.equals(ArrayNames.STORAGE_ORDER)) ok = false;
                continue;
            }
            if (info.problem() != null) {
                issue(Severity.WARNING, name, -1, -1, 0, BpcellsRules.ARRAY_PROBLEM, name + ": " + info.problem());
            }
            if (info.type() != expected) {
                boolean tolerated = name.equals(ArrayNames.IDXPTR) && info.type() != ElementType.STRING
                        && info.type() != ElementType.FLOAT32 && info.type() != ElementType.FLOAT64;
                issue(tolerated ? Severity.WARNING : Severity.ERROR, name, -1, info.location() == null ? -1 : 0, 0, BpcellsRules.ARRAY_TYPE_MISMATCH,
                        name + " holds " + info.type().label() + " but " + version + " stores " + expected.label()
                                + (tolerated ? "; read as stored" : ""));
                if (!tolerated && !optional && !name.equals(ArrayNames.STORAGE_ORDER)) ok = false;
            }
        }
        return ok;
    }

    private void readShape() {
        ArrayInfo info = store.info(ArrayNames.SHAPE);
        if (info.length() != 2) {
            at(Severity.ERROR, ArrayNames.SHAPE, Math.min(info.length(), 2), BpcellsRules.SHAPE_LENGTH, "shape has " + info.length() + " elements, must be 2 (rows, cols)");
            if (info.length() < 2) {
                fail();
                return;
            }
        }
        int[] s = new int[2];
        readInts(ArrayNames.SHAPE, 0, s, 0, 2);
        rows = s[0] & 0xffffffffL;
        cols = s[1] & 0xffffffffL;
    }

    private void readOrder() {
        ArrayInfo info = store.info(ArrayNames.STORAGE_ORDER);
        if (info == null || info.type() != ElementType.STRING) return; // reported; col assumed
        List<String> s = readStrings(ArrayNames.STORAGE_ORDER);
        StorageOrder o = s.isEmpty() ? null : StorageOrder.parse(s.get(0));
        if (s.size() != 1 || o == null) {
            at(Severity.ERROR, ArrayNames.STORAGE_ORDER, 0, BpcellsRules.BAD_STORAGE_ORDER,
                    "storage_order is " + s + ", expected [col] or [row]; reading as col");
        }
        if (o != null) order = o;
    }

    private void readNames() {
        rowNames = names(ArrayNames.ROW_NAMES, rows);
        colNames = names(ArrayNames.COL_NAMES, cols);
    }

    private List<String> names(String name, long expected) {
        ArrayInfo info = store.info(name);
        if (info == null || info.type() != ElementType.STRING) return List.of();
        try {
            List<String> s = readStrings(name);
            if (!s.isEmpty() && s.size() != expected) {
                at(Severity.WARNING, name, Math.min(s.size(), expected), BpcellsRules.NAMES_LENGTH,
                        name + " has " + s.size() + " names for " + expected + (name.equals(ArrayNames.ROW_NAMES) ? " rows" : " columns") + "; names are ignored");
                return List.of();
            }
            return s;
        } catch (ReadProblem e) {
            unreadable(Severity.WARNING, name, e);
            return List.of();
        }
    }

    private void readIdxptr() {
        long major = order == StorageOrder.ROW ? rows : cols;
        ArrayInfo info = store.info(ArrayNames.IDXPTR);
        if (major > BpcellsMatrix.MAX_MAJOR) {
            at(Severity.ERROR, ArrayNames.SHAPE, order == StorageOrder.ROW ? 0 : 1, BpcellsRules.SHAPE_TOO_LARGE,
                    major + (order == StorageOrder.ROW ? " rows" : " columns") + " are more than PackScope indexes");
            fail();
            return;
        }
        int want = (int) major + 1;
        if (!MemoryBudget.fits(want, Long.BYTES)) {
            at(Severity.ERROR, ArrayNames.SHAPE, order == StorageOrder.ROW ? 0 : 1, SharedRules.TOO_LARGE_TO_HOLD, MemoryBudget.tooLarge(
                    "idxptr of " + major + (order == StorageOrder.ROW ? " rows" : " columns"), (long) want * Long.BYTES)
                    + "; the arrays can still be browsed");
            fail();
            return;
        }
        if (want > info.length() + 1 && want > (1 << 24)) {
            at(Severity.ERROR, ArrayNames.IDXPTR, info.length(), BpcellsRules.IDXPTR_LENGTH, "shape claims " + major
                    + (order == StorageOrder.ROW ? " rows" : " columns") + " but idxptr has only " + info.length()
                    + " elements; the matrix is not decoded");
            fail();
            return;
        }
        if (info.length() != want) {
            at(Severity.ERROR, ArrayNames.IDXPTR, Math.min(info.length(), want), BpcellsRules.IDXPTR_LENGTH, "idxptr has " + info.length()
                    + " elements but " + major + (order == StorageOrder.ROW ? " rows" : " columns") + " need " + want
                    + (info.length() < want ? "; the missing ones are read as empty" : "; the extra ones are ignored"));
        }
        int have = (int) Math.min(info.length(), want);
        // read straight into the one array kept (no second copy of up to millions of entries)
        long[] raw = new long[want];
        if (info.type().is64Bit()) {
            readLongs(ArrayNames.IDXPTR, 0, raw, 0, have);
        } else {
            int[] r32 = new int[Math.min(have, 1 << 16)];
            for (int from = 0; from < have; from += r32.length) {
                int len = Math.min(r32.length, have - from);
                readInts(ArrayNames.IDXPTR, from, r32, 0, len);
                for (int i = 0; i < len; i++) raw[from + i] = r32[i] & 0xffffffffL;
            }
        }
        long[] p = raw;
        int reported = 0;
        if (have > 0 && raw[0] != 0) {
            at(Severity.ERROR, ArrayNames.IDXPTR, 0, BpcellsRules.IDXPTR_START, "idxptr starts at " + Long.toUnsignedString(raw[0]) + ", must start at 0");
        }
        long last = 0;
        for (int j = 0; j < want; j++) {
            long v = j < have ? raw[j] : last;
            if (j == 0) v = 0;
            if (v < 0 || v < last) {
                if (reported++ < 5) {
                    at(Severity.ERROR, ArrayNames.IDXPTR, j, BpcellsRules.IDXPTR_NOT_MONOTONE, "idxptr decreases from " + last + " to "
                            + Long.toUnsignedString(v) + "; entries are attributed to the earlier column");
                }
                v = last;
            }
            p[j] = v;
            last = v;
        }
        if (reported > 5) {
            at(Severity.ERROR, ArrayNames.IDXPTR, -1, BpcellsRules.IDXPTR_NOT_MONOTONE, (reported - 5) + " more decreases in idxptr");
        }
        ptr = p;
        storedNnz = p[want - 1];
    }

    private long plainLength(String name) {
        ArrayInfo info = store.info(name);
        long len = info == null ? 0 : info.length();
        if (len != storedNnz) {
            at(Severity.ERROR, name, Math.min(len, storedNnz), BpcellsRules.NNZ_MISMATCH, name + " has " + len + " elements but idxptr ends at "
                    + storedNnz + (len < storedNnz ? "; entries beyond " + len + " are missing" : "; the extra elements are ignored"));
        }
        return len;
    }

    private long locatable(PackedStream s) {
        return Math.min(storedNnz, (long) s.layout().chunks() * Bp128.CHUNK);
    }

    private PackedStream packedStream(String prefix, Bp128Variant variant) {
        long chunksNeeded = Bp128Layout.chunksFor(storedNnz);
        String idxName = ArrayNames.idx(prefix);
        ArrayInfo idxInfo = store.info(idxName);
        // read one more than needed, so an over-long idx is noticed without reading all of a huge one
        int idxRead = (int) Math.min(idxInfo.length(), Math.min(chunksNeeded + 2, Integer.MAX_VALUE - 16));
        int[] idx = new int[idxRead];
        readInts(idxName, 0, idx, 0, idxRead);
        if (idxInfo.length() > idxRead) idx = java.util.Arrays.copyOf(idx, idxRead); // length compare happens in resolve
        long[] offsets = null;
        if (version.hasIdxOffsets()) {
            String offName = ArrayNames.idxOffsets(prefix);
            ArrayInfo oi = store.info(offName);
            int n = (int) Math.min(oi.length(), Math.min(chunksNeeded + 3, Integer.MAX_VALUE - 16));
            offsets = new long[n];
            readLongs(offName, 0, offsets, 0, n);
            if (oi.length() > n) {
                at(Severity.ERROR, offName, n, Bp128Rules.IDX_OFFSETS_LENGTH, offName + " has " + oi.length() + " entries, more than the " + n + " possible");
            }
        }
        ArrayInfo dataInfo = store.info(ArrayNames.data(prefix));
        Bp128Layout layout = Bp128Layout.resolve(idx, offsets, dataInfo.length(), storedNnz);
        if (idxInfo.length() > idxRead && idxRead == chunksNeeded + 2) {
            at(Severity.ERROR, idxName, chunksNeeded + 1, Bp128Rules.IDX_LENGTH, idxName + " has " + idxInfo.length()
                    + " entries but " + chunksNeeded + " chunks need " + (chunksNeeded + 1));
        }
        for (Bp128Layout.Problem p : layout.problems()) {
            if (p.rule() == Bp128Rules.IDX_LENGTH && idxInfo.length() > idxRead) continue;
            String array = switch (p.array()) {
                case "idx" -> idxName;
                case "idx_offsets" -> ArrayNames.idxOffsets(prefix);
                default -> ArrayNames.data(prefix);
            };
            at(p.rule().severity(), array, p.element(), p.rule(), p.message());
        }
        int[] starts = new int[0];
        if (variant.usesStarts()) {
            String sName = ArrayNames.starts(prefix);
            ArrayInfo si = store.info(sName);
            int n = (int) Math.min(si.length(), chunksNeeded);
            starts = new int[n];
            readInts(sName, 0, starts, 0, n);
            if (si.length() != chunksNeeded) {
                at(Severity.ERROR, sName, n, Bp128Rules.STARTS_LENGTH, sName + " has " + si.length() + " entries but there are "
                        + chunksNeeded + " chunks" + (si.length() < chunksNeeded ? "; chunks without a start cannot be decoded" : ""));
            }
        }
        return new PackedStream(prefix, variant, layout, starts);
    }
}
