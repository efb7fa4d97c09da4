package org.packscope.codec.bpcells;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import org.packscope.codec.bpcells.bp128.Bp128;
import org.packscope.codec.bpcells.bp128.Bp128Layout;
import org.packscope.codec.bpcells.bp128.Bp128Variant;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.ValueType;

/**
 * A BPCells matrix read from any {@link ArrayStore}: the structure (version, shape,
 * storage order, idxptr, BP128 layouts) is read and checked once at {@link #open};
 * entries are decoded on demand, one column (row for row-major) at a time or streamed.
 * Problems become {@link Issue}s and the decodable part stays readable: broken chunks
 * and out-of-range indices are skipped, never thrown. Immutable and thread-safe.
 */
public final class BpcellsMatrix implements SparseMatrix {
    /** Entries decoded per block when streaming (a multiple of 128). */
    static final int BLOCK = 1 << 16;
    /** Entries held at once when reordering row-major storage into column order. */
    private static final long MAX_MAJOR = Integer.MAX_VALUE - 16;

    private final ArrayStore store;
    private final String versionString;
    private final MatrixVersion version;
    private final boolean readable;
    private final StorageOrder order;
    private final long rows;
    private final long cols;
    private final long[] ptr;
    private final long storedNnz;
    private final long nnz;
    private final PackedStream indexStream;
    private final PackedStream valueStream;
    private final List<String> rowNames;
    private final List<String> colNames;
    private final List<Issue> issues;

    private BpcellsMatrix(Builder b) {
        this.store = b.store;
        this.versionString = b.versionString;
        this.version = b.version;
        this.readable = b.readable;
        this.order = b.order;
        this.rows = b.rows;
        this.cols = b.cols;
        this.ptr = b.ptr;
        this.storedNnz = b.storedNnz;
        this.nnz = b.nnz;
        this.indexStream = b.indexStream;
        this.valueStream = b.valueStream;
        this.rowNames = b.rowNames;
        this.colNames = b.colNames;
        this.issues = Collections.unmodifiableList(new ArrayList<>(b.issues));
    }

    /**
     * Reads and checks the structure of the matrix in {@code store}. Never throws: a matrix
     * too broken to decode has {@link #readable()} false and says why in {@link #issues()}.
     * {@code versionString} is the version marker as stored (null when absent).
     */
    public static BpcellsMatrix open(ArrayStore store, String versionString) {
        Builder b = new Builder(store, versionString);
        try {
            b.build();
        } catch (ArrayReadException e) {
            b.issue(Severity.ERROR, e.array(), -1, e.byteOffset(), 0, "array_unreadable", e.getMessage());
            b.fail();
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            // what slips through here is a reader bug (it trusted bad input): say so
            b.issue(Severity.ERROR, null, -1, -1, 0, "internal_error", "matrix could not be read: " + e);
            b.fail();
        }
        return new BpcellsMatrix(b);
    }

    // ------------------------------------------------------------------ structure

    public ArrayStore store() { return store; }

    /** The version marker as stored, or null. */
    public String versionString() { return versionString; }

    /** The version, parsed or (with a warning) inferred from the arrays present. */
    public Optional<MatrixVersion> version() { return Optional.ofNullable(version); }

    /** False when the structure is too broken to decode any entry. */
    public boolean readable() { return readable; }

    public StorageOrder storageOrder() { return order; }

    @Override public long rows() { return rows; }

    @Override public long cols() { return cols; }

    /** Entries that can be located (may be fewer than {@link #storedNnz()} in a damaged matrix). */
    @Override public long nnz() { return nnz; }

    /** The last idxptr entry: entries the matrix claims to have. */
    public long storedNnz() { return storedNnz; }

    /** Number of stored columns (col order) or rows (row order): what idxptr runs over. */
    public int majorCount() { return ptr.length == 0 ? 0 : ptr.length - 1; }

    /** Extent of the index axis: rows for col order, columns for row order. */
    public long minorDim() { return order == StorageOrder.ROW ? cols : rows; }

    /** First entry of major {@code j} (checked, monotone, clamped idxptr). */
    public long majorStart(int j) { return ptr[j]; }

    public long majorEnd(int j) { return ptr[j + 1]; }

    public ElementType valueElementType() {
        return version == null ? ElementType.UINT32 : version.valueKind().elementType();
    }

    @Override
    public ValueType valueType() { return version == null ? ValueType.U32 : version.valueKind().valueType(); }

    @Override public List<String> rowNames() { return rowNames; }

    @Override public List<String> colNames() { return colNames; }

    /** The BP128-D1Z index stream of a packed matrix, or null. */
    public PackedStream indexStream() { return indexStream; }

    /** The BP128-FOR value stream of a packed uint matrix, or null. */
    public PackedStream valueStream() { return valueStream; }

    public List<Issue> issues() { return issues; }

    /** Issues as diagnostics for the matrix node. */
    public List<Diagnostic> diagnostics() {
        List<Diagnostic> d = new ArrayList<>();
        for (Issue i : issues) d.add(i.matrixDiagnostic());
        return d;
    }

    // ------------------------------------------------------------------ decoding

    /** One stored column (row for row-major): minor indices and raw value bits. */
    public record MajorSlice(int major, long firstEntry, int[] minor, long[] values) {
        public int size() { return minor.length; }
    }

    /** Decodes only major {@code j}; undecodable entries have minor index -1. */
    public MajorSlice readMajor(int j) {
        if (!readable || j < 0 || j >= majorCount()) return new MajorSlice(j, 0, new int[0], new long[0]);
        long from = ptr[j];
        int n = (int) Math.min(ptr[j + 1] - from, Integer.MAX_VALUE - 16);
        int[] minor = new int[n];
        long[] values = new long[n];
        readEntries(new EntryReader(this), from, n, minor, values);
        return new MajorSlice(j, from, minor, values);
    }

    /** Entries {@code [from, from+n)} with values widened to raw bits. */
    void readEntries(EntryReader r, long from, int n, int[] minor, long[] values) {
        for (int done = 0; done < n; ) {
            int len = Math.min(BLOCK, n - done);
            if (r.wide()) {
                r.read(from + done, len, minor, null, values, done);
            } else {
                int[] v32 = new int[len];
                int[] idx = new int[len];
                r.read(from + done, len, idx, v32, null, 0);
                System.arraycopy(idx, 0, minor, done, len);
                for (int i = 0; i < len; i++) values[done + i] = v32[i] & 0xffffffffL;
            }
            done += len;
        }
    }

    /** Receives decoded blocks in stored order. */
    interface BlockSink {
        void block(long firstEntry, int len, int[] minor, int[] v32, long[] v64);
    }

    /** Decodes entries {@code [0, nnz)} block by block; returns the read errors met. */
    ReadErrors scan(BlockSink sink, boolean withValues, Progress progress) {
        EntryReader r = new EntryReader(this);
        if (!readable) return r.errors;
        int[] minor = new int[BLOCK];
        int[] v32 = withValues && !r.wide() ? new int[BLOCK] : null;
        long[] v64 = withValues && r.wide() ? new long[BLOCK] : null;
        for (long at = 0; at < nnz; at += BLOCK) {
            if (((at / BLOCK) & 15) == 0) {
                progress.checkCancelled();
                progress.update((double) at / nnz, "decoding entries");
            }
            int len = (int) Math.min(BLOCK, nnz - at);
            r.read(at, len, minor, v32, v64, 0);
            sink.block(at, len, minor, v32, v64);
        }
        return r.errors;
    }

    /** The whole matrix decoded and discarded: what {@code bench} times. Returns entries decoded. */
    public long decodeAll(Progress progress) {
        long[] acc = new long[1];
        scan((first, len, minor, v32, v64) -> {
            long s = 0;
            if (v64 != null) {
                for (int i = 0; i < len; i++) s += minor[i] + v64[i];
            } else {
                for (int i = 0; i < len; i++) s += minor[i] + v32[i];
            }
            acc[0] += s;
        }, true, progress);
        checksum = acc[0];
        return nnz;
    }

    /** Keeps the JIT from dropping the bulk decode as dead code. */
    @SuppressWarnings("unused")
    private volatile long checksum;

    /** Visits every decodable entry whose index is in range, in stored order. */
    public void forEachStored(EntryVisitor visitor, Progress progress) {
        boolean colMajor = order != StorageOrder.ROW;
        long minorDim = minorDim();
        int[] major = {0};
        scan((first, len, minor, v32, v64) -> {
            int j = major[0];
            for (int i = 0; i < len; i++) {
                long e = first + i;
                while (ptr[j + 1] <= e) j++;
                long m = minor[i] & 0xffffffffL;
                if (m >= minorDim) continue;
                long v = v64 != null ? v64[i] : v32[i] & 0xffffffffL;
                if (colMajor) visitor.entry(m, j, v); else visitor.entry(j, m, v);
            }
            major[0] = j;
        }, true, progress);
    }

    /**
     * Every entry ordered by (column, row) of the logical matrix. Row-major storage is
     * reordered in column bands of bounded size (see {@link Transposer}), so memory stays
     * bounded whatever the shape claims.
     */
    @Override
    public void forEachEntry(EntryVisitor visitor, Progress progress) {
        if (order != StorageOrder.ROW) {
            forEachStored(visitor, progress);
            return;
        }
        if (!readable || nnz == 0 || cols == 0) return;
        new Transposer(this, visitor, progress).emitRange(0, cols);
    }

    /** Visits the stored entries whose minor index is in {@code [lo, hi)}, with the major index, in stored order. */
    interface MinorRangeVisitor {
        void entry(int major, long minor, long value);
    }

    void scanMinorRange(long lo, long hi, MinorRangeVisitor v, boolean withValues, Progress progress) {
        int[] majorAt = {0};
        scan((first, len, minor, v32, v64) -> {
            int j = majorAt[0];
            for (int i = 0; i < len; i++) {
                long e = first + i;
                while (ptr[j + 1] <= e) j++;
                long m = minor[i] & 0xffffffffL;
                if (m < lo || m >= hi) continue;
                v.entry(j, m, v64 != null ? v64[i] : v32 == null ? 0 : v32[i] & 0xffffffffL);
            }
            majorAt[0] = j;
        }, withValues, progress);
    }

    /** Columns {@link #columnStats} covers at most (a damaged shape may claim billions). */
    public static final int STATS_MAX_COLUMNS = 1 << 22;

    /** Per logical column (the first {@link #STATS_MAX_COLUMNS}): stored entries and the sum of their values. */
    public record ColumnStats(long[] nnz, double[] sum) { }

    public ColumnStats columnStats(Progress progress) {
        int ncols = (int) Math.min(cols, STATS_MAX_COLUMNS);
        long[] n = new long[ncols];
        double[] s = new double[ncols];
        ValueType vt = valueType();
        forEachStored((r, c, v) -> {
            if (c < ncols) {
                n[(int) c]++;
                s[(int) c] += vt.toDouble(v);
            }
        }, progress);
        return new ColumnStats(n, s);
    }

    /**
     * A spy-plot overview: the fraction of cells holding a stored entry, for a grid of
     * {@code gridRows x gridCols} blocks covering the matrix (fewer when the matrix is smaller).
     */
    public double[][] density(int gridRows, int gridCols) {
        int gr = (int) Math.max(1, Math.min(gridRows, rows));
        int gc = (int) Math.max(1, Math.min(gridCols, cols));
        double[][] d = new double[gr][gc];
        if (rows == 0 || cols == 0) return d;
        forEachStored((r, c, v) -> d[(int) (r * gr / rows)][(int) (c * gc / cols)]++, Progress.NONE);
        for (int i = 0; i < gr; i++) {
            long h = (long) ((i + 1) * rows / gr) - (long) (i * rows / gr);
            for (int k = 0; k < gc; k++) {
                long w = (long) ((k + 1) * cols / gc) - (long) (k * cols / gc);
                d[i][k] = h * w == 0 ? 0 : d[i][k] / ((double) h * w);
            }
        }
        return d;
    }

    /**
     * Full-decode checks: undecodable chunks, indices out of range, indices not
     * increasing within a column. Structure problems found at open are reported too.
     */
    public void verify(Consumer<Diagnostic> sink, Progress progress) {
        for (Issue i : issues) sink.accept(i.matrixDiagnostic());
        if (!readable) return;
        long minorDim = minorDim();
        long[] outOfRange = {0, -1, 0};
        long[] unsorted = {0, -1};
        long[] undecodable = {0, -1};
        int[] major = {0};
        long[] prev = {-1};
        ReadErrors errors = scan((first, len, minor, v32, v64) -> {
            int j = major[0];
            for (int i = 0; i < len; i++) {
                long e = first + i;
                while (ptr[j + 1] <= e) {
                    j++;
                    prev[0] = -1;
                }
                long m = minor[i] & 0xffffffffL;
                if (minor[i] == -1 && (indexStream != null || valueStream != null) && !decodableEntry(e)) {
                    if (undecodable[0]++ == 0) undecodable[1] = e;
                    continue;
                }
                if (m >= minorDim) {
                    if (outOfRange[0]++ == 0) {
                        outOfRange[1] = e;
                        outOfRange[2] = m;
                    }
                    continue;
                }
                if (m <= prev[0] && unsorted[0]++ == 0) unsorted[1] = e;
                prev[0] = m;
            }
            major[0] = j;
        }, true, progress);
        for (ArrayReadException e : errors.kept()) {
            sink.accept(new Issue(Severity.ERROR, e.array(), -1, e.byteOffset(), 0, "array_unreadable", e.getMessage()).matrixDiagnostic());
        }
        String indexName = indexStream != null ? indexStream.dataName() : ArrayNames.INDEX;
        if (undecodable[0] > 0) {
            sink.accept(Diagnostic.error(null, "entries_undecodable", undecodable[0] + " entries lie in chunks that cannot be decoded (first: entry "
                    + undecodable[1] + ", " + entryPlace(undecodable[1]) + "); they are skipped"));
        }
        if (outOfRange[0] > 0) {
            sink.accept(Diagnostic.error(null, "index_out_of_range", outOfRange[0] + " entries have an index beyond the "
                    + (order == StorageOrder.ROW ? "column" : "row") + " count " + minorDim + " (first: entry " + outOfRange[1]
                    + " has index " + outOfRange[2] + ", " + entryPlace(outOfRange[1]) + " of " + indexName + "); they are skipped"));
        }
        if (unsorted[0] > 0) {
            sink.accept(Diagnostic.warning(null, "index_not_increasing", unsorted[0] + " entries do not increase the index within their "
                    + (order == StorageOrder.ROW ? "row" : "column") + " (first: entry " + unsorted[1] + ", " + entryPlace(unsorted[1]) + ")"));
        }
    }

    private boolean decodableEntry(long e) {
        int k = (int) (e >>> 7);
        return (indexStream == null || indexStream.decodable(k)) && (valueStream == null || valueStream.decodable(k));
    }

    /** Where entry {@code e}'s index lives: an element of index, or a bit range of a chunk of index_data. */
    public String entryPlace(long e) {
        if (indexStream == null) {
            ArrayInfo info = store.info(ArrayNames.INDEX);
            long b = info == null ? -1 : info.byteOffsetOf(e);
            return ArrayNames.INDEX + "[" + e + "]" + (b >= 0 ? " at byte " + b : "");
        }
        int k = (int) (e >>> 7);
        int in = (int) (e & 127);
        Bp128Layout l = indexStream.layout();
        if (!l.usable(k)) return "chunk " + k + " value " + in;
        Bp128.Position p = Bp128.position(in, l.bits(k));
        ArrayInfo info = store.info(indexStream.dataName());
        long wordIndex = l.wordStart(k) + p.word();
        long b = info == null ? -1 : info.byteOffsetOf(wordIndex);
        return "chunk " + k + " value " + in + " (lane " + p.lane() + ", slot " + p.slot() + ", word " + wordIndex
                + (b >= 0 ? " at byte " + b : "") + ", bit " + p.bit() + ")";
    }

    // ------------------------------------------------------------------ building

    private static final class Builder {
        final ArrayStore store;
        final String versionString;
        final List<Issue> issues = new ArrayList<>();
        MatrixVersion version;
        boolean readable = true;
        StorageOrder order = StorageOrder.COL;
        long rows;
        long cols;
        long[] ptr = {0};
        long storedNnz;
        long nnz;
        PackedStream indexStream;
        PackedStream valueStream;
        List<String> rowNames = List.of();
        List<String> colNames = List.of();

        Builder(ArrayStore store, String versionString) {
            this.store = store;
            this.versionString = versionString;
        }

        void issue(Severity s, String array, long element, long byteOffset, int width, String rule, String message) {
            issues.add(new Issue(s, array, element, byteOffset, width, rule, message));
        }

        /** An issue at element {@code element} of {@code array}, with its byte offset when addressable. */
        void at(Severity s, String array, long element, String rule, String message) {
            ArrayInfo info = store.info(array);
            long b = info == null || element < 0 ? -1 : info.byteOffsetOf(element);
            int w = info == null || info.type() == null ? 0 : info.type().byteWidth();
            issue(s, array, element, b, b >= 0 ? w : 0, rule, message);
        }

        void fail() {
            readable = false;
            ptr = new long[] {0};
            nnz = 0;
            indexStream = null;
            valueStream = null;
        }

        void build() {
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
                    at(Severity.ERROR, ArrayNames.VAL, Math.min(li, lv), "array_length_mismatch",
                            "val has " + lv + " elements but index has " + li + "; they must be equal");
                }
            }
            nnz = Math.max(0, avail);
            if (nnz < storedNnz) {
                at(Severity.ERROR, ArrayNames.IDXPTR, ptr.length - 1, "entries_missing", "idxptr claims " + storedNnz
                        + " entries but only " + nnz + " can be located; columns are cut at entry " + nnz);
                for (int j = 0; j < ptr.length; j++) ptr[j] = Math.min(ptr[j], nnz);
            }
        }

        private MatrixVersion parseVersion() {
            Optional<MatrixVersion> v = MatrixVersion.parse(versionString);
            if (v.isPresent()) return v.get();
            String shown = versionString == null ? null : versionString.strip();
            if (versionString == null) {
                issue(Severity.ERROR, ArrayNames.VERSION, -1, -1, 0, "missing_version", "no version marker: not a BPCells matrix, or the marker was lost");
            } else if (MatrixVersion.looksLikeMatrixVersion(versionString)) {
                issue(Severity.ERROR, ArrayNames.VERSION, -1, -1, 0, "unknown_version",
                        "version \"" + shown + "\" is not one PackScope reads (packed|unpacked-uint|float|double-matrix-v1|v2)");
            } else {
                issue(Severity.ERROR, ArrayNames.VERSION, -1, -1, 0, "bad_version",
                        "version \"" + FolderArrayStore.printable(shown.length() > 60 ? shown.substring(0, 60) + "…" : shown)
                                + "\" is not a BPCells matrix version");
            }
            MatrixVersion guess = inferVersion();
            if (guess != null) {
                issue(Severity.WARNING, ArrayNames.VERSION, -1, -1, 0, "version_inferred",
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
                    issue(optional ? Severity.WARNING : Severity.ERROR, name, -1, -1, 0, "missing_array",
                            "array " + name + " is missing from " + store.description());
                    if (!optional && !name.equals(ArrayNames.STORAGE_ORDER)) ok = false;
                    continue;
                }
                ElementType expected = ArrayNames.expectedType(name, version);
                if (info.type() == null) {
                    issue(Severity.ERROR, name, -1, info.location() == null ? -1 : 0, 0, "bad_array_type", name + ": " + info.problem());
                    if (!optional && !name.equals(ArrayNames.STORAGE_ORDER)) ok = false;
                    continue;
                }
                if (info.problem() != null) {
                    issue(Severity.WARNING, name, -1, -1, 0, "array_problem", name + ": " + info.problem());
                }
                if (info.type() != expected) {
                    boolean tolerated = name.equals(ArrayNames.IDXPTR) && info.type() != ElementType.STRING
                            && info.type() != ElementType.FLOAT32 && info.type() != ElementType.FLOAT64;
                    issue(tolerated ? Severity.WARNING : Severity.ERROR, name, -1, info.location() == null ? -1 : 0, 0, "array_type_mismatch",
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
                at(Severity.ERROR, ArrayNames.SHAPE, Math.min(info.length(), 2), "shape_length", "shape has " + info.length() + " elements, must be 2 (rows, cols)");
                if (info.length() < 2) {
                    fail();
                    return;
                }
            }
            int[] s = new int[2];
            store.readInts(ArrayNames.SHAPE, 0, s, 0, 2);
            rows = s[0] & 0xffffffffL;
            cols = s[1] & 0xffffffffL;
        }

        private void readOrder() {
            ArrayInfo info = store.info(ArrayNames.STORAGE_ORDER);
            if (info == null || info.type() != ElementType.STRING) return; // reported; col assumed
            List<String> s = store.readStrings(ArrayNames.STORAGE_ORDER);
            StorageOrder o = s.isEmpty() ? null : StorageOrder.parse(s.get(0));
            if (s.size() != 1 || o == null) {
                at(Severity.ERROR, ArrayNames.STORAGE_ORDER, 0, "bad_storage_order",
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
                List<String> s = store.readStrings(name);
                if (!s.isEmpty() && s.size() != expected) {
                    at(Severity.WARNING, name, Math.min(s.size(), expected), "names_length",
                            name + " has " + s.size() + " names for " + expected + (name.equals(ArrayNames.ROW_NAMES) ? " rows" : " columns") + "; names are ignored");
                    return List.of();
                }
                return s;
            } catch (ArrayReadException e) {
                issue(Severity.WARNING, name, -1, e.byteOffset(), 0, "array_unreadable", e.getMessage());
                return List.of();
            }
        }

        private void readIdxptr() {
            long major = order == StorageOrder.ROW ? rows : cols;
            ArrayInfo info = store.info(ArrayNames.IDXPTR);
            if (major > MAX_MAJOR) {
                at(Severity.ERROR, ArrayNames.SHAPE, order == StorageOrder.ROW ? 0 : 1, "shape_too_large",
                        major + (order == StorageOrder.ROW ? " rows" : " columns") + " are more than PackScope indexes");
                fail();
                return;
            }
            int want = (int) major + 1;
            if (want > info.length() + 1 && want > (1 << 24)) {
                at(Severity.ERROR, ArrayNames.IDXPTR, info.length(), "idxptr_length", "shape claims " + major
                        + (order == StorageOrder.ROW ? " rows" : " columns") + " but idxptr has only " + info.length()
                        + " elements; the matrix is not decoded");
                fail();
                return;
            }
            if (info.length() != want) {
                at(Severity.ERROR, ArrayNames.IDXPTR, Math.min(info.length(), want), "idxptr_length", "idxptr has " + info.length()
                        + " elements but " + major + (order == StorageOrder.ROW ? " rows" : " columns") + " need " + want
                        + (info.length() < want ? "; the missing ones are read as empty" : "; the extra ones are ignored"));
            }
            int have = (int) Math.min(info.length(), want);
            long[] raw = new long[have];
            if (info.type().is64Bit()) {
                store.readLongs(ArrayNames.IDXPTR, 0, raw, 0, have);
            } else {
                int[] r32 = new int[have];
                store.readInts(ArrayNames.IDXPTR, 0, r32, 0, have);
                for (int i = 0; i < have; i++) raw[i] = r32[i] & 0xffffffffL;
            }
            long[] p = new long[want];
            int reported = 0;
            if (have > 0 && raw[0] != 0) {
                at(Severity.ERROR, ArrayNames.IDXPTR, 0, "idxptr_start", "idxptr starts at " + Long.toUnsignedString(raw[0]) + ", must start at 0");
            }
            long last = 0;
            for (int j = 0; j < want; j++) {
                long v = j < have ? raw[j] : last;
                if (j == 0) v = 0;
                if (v < 0 || v < last) {
                    if (reported++ < 5) {
                        at(Severity.ERROR, ArrayNames.IDXPTR, j, "idxptr_not_monotone", "idxptr decreases from " + last + " to "
                                + Long.toUnsignedString(v) + "; entries are attributed to the earlier column");
                    }
                    v = last;
                }
                p[j] = v;
                last = v;
            }
            if (reported > 5) {
                at(Severity.ERROR, ArrayNames.IDXPTR, -1, "idxptr_not_monotone", (reported - 5) + " more decreases in idxptr");
            }
            ptr = p;
            storedNnz = p[want - 1];
        }

        private long plainLength(String name) {
            ArrayInfo info = store.info(name);
            long len = info == null ? 0 : info.length();
            if (len != storedNnz) {
                at(Severity.ERROR, name, Math.min(len, storedNnz), "nnz_mismatch", name + " has " + len + " elements but idxptr ends at "
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
            store.readInts(idxName, 0, idx, 0, idxRead);
            if (idxInfo.length() > idxRead) idx = java.util.Arrays.copyOf(idx, idxRead); // length compare happens in resolve
            long[] offsets = null;
            if (version.hasIdxOffsets()) {
                String offName = ArrayNames.idxOffsets(prefix);
                ArrayInfo oi = store.info(offName);
                int n = (int) Math.min(oi.length(), Math.min(chunksNeeded + 3, Integer.MAX_VALUE - 16));
                offsets = new long[n];
                store.readLongs(offName, 0, offsets, 0, n);
                if (oi.length() > n) {
                    at(Severity.ERROR, offName, n, "bp128_idx_offsets_length", offName + " has " + oi.length() + " entries, more than the " + n + " possible");
                }
            }
            ArrayInfo dataInfo = store.info(ArrayNames.data(prefix));
            Bp128Layout layout = Bp128Layout.resolve(idx, offsets, dataInfo.length(), storedNnz);
            if (idxInfo.length() > idxRead && idxRead == chunksNeeded + 2) {
                at(Severity.ERROR, idxName, chunksNeeded + 1, "bp128_idx_length", idxName + " has " + idxInfo.length()
                        + " entries but " + chunksNeeded + " chunks need " + (chunksNeeded + 1));
            }
            for (Bp128Layout.Problem p : layout.problems()) {
                if (p.rule().equals("bp128_idx_length") && idxInfo.length() > idxRead) continue;
                String array = switch (p.array()) {
                    case "idx" -> idxName;
                    case "idx_offsets" -> ArrayNames.idxOffsets(prefix);
                    default -> ArrayNames.data(prefix);
                };
                Severity sev = p.rule().equals("bp128_data_trailing") ? Severity.WARNING : Severity.ERROR;
                at(sev, array, p.element(), p.rule(), p.message());
            }
            int[] starts = new int[0];
            if (variant.usesStarts()) {
                String sName = ArrayNames.starts(prefix);
                ArrayInfo si = store.info(sName);
                int n = (int) Math.min(si.length(), chunksNeeded);
                starts = new int[n];
                store.readInts(sName, 0, starts, 0, n);
                if (si.length() != chunksNeeded) {
                    at(Severity.ERROR, sName, n, "bp128_starts_length", sName + " has " + si.length() + " entries but there are "
                            + chunksNeeded + " chunks" + (si.length() < chunksNeeded ? "; chunks without a start cannot be decoded" : ""));
                }
            }
            return new PackedStream(prefix, variant, layout, starts);
        }
    }
}
