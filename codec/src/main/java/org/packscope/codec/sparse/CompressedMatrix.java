package org.packscope.codec.sparse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.inspect.StoredEntries;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.store.MajorRanges;

/**
 * A compressed sparse matrix (CSR or CSC) stored as three HDF5 datasets, the layout
 * AnnData and 10x Genomics share: {@code indptr} (one more element than stored rows or
 * columns), {@code indices} (the other coordinate of each entry) and {@code data}.
 * The structure is checked before anything is sized by it: the shape may claim 2^40
 * columns, but only {@code indptr} (whose length is real) is held in memory, and
 * values are read in pages through the HDF5 package, so zooming into a corner reads that corner's
 * stored rows or columns only.
 */
public final class CompressedMatrix implements StoredEntries {
    /** indptr elements held at most (a stored row or column each; 512 MB of longs). */
    static final long MAX_MAJORS = 1L << 26;
    static final int PAGE = 1 << 16;
    /** indptr elements read at once while checking it. */
    static final int INDPTR_PAGE = 1 << 18;
    /** Entries one band of the (column, row) reordering of CSR storage holds. */
    static final int BAND_BUDGET = 1 << 23;

    /** What the opener knows: the three datasets, the shape, names, and whether the values are counts. */
    public record Spec(H5Vector data, H5Vector indices, H5Vector indptr, long rows, long cols, boolean rowMajor,
                       List<String> rowNames, List<String> colNames, boolean counts, String shapeWhere,
                       Span rowsShapeSpan, Span colsShapeSpan) { }

    private final Spec spec;
    private final List<Diagnostic> problems = new ArrayList<>();
    private MajorOffsets ptr = MajorOffsets.zeros(1);
    private long nnz;
    private boolean readable;

    private CompressedMatrix(Spec spec) {
        this.spec = spec;
    }

    /** Opens and checks the structure; never throws for bad content (see {@link #readable}). */
    public static CompressedMatrix open(Spec spec) {
        CompressedMatrix m = new CompressedMatrix(spec);
        m.checkStructure();
        return m;
    }

    private void checkStructure() {
        H5Vector indptr = spec.indptr(), indices = spec.indices(), data = spec.data();
        if (indptr == null || indices == null || data == null) {
            problems.add(Diagnostic.error(null, SharedRules.MISSING_ARRAY, "a compressed sparse matrix needs numeric 1-D datasets data, indices and indptr; missing or not numeric: "
                    + String.join(", ", missingNames())));
            return;
        }
        long rows = spec.rows(), cols = spec.cols();
        if (rows < 0 || cols < 0 || rows > Integer.MAX_VALUE || cols > Integer.MAX_VALUE) {
            problems.add(Diagnostic.error(spec.rowsShapeSpan(), SparseRules.SHAPE_INVALID, "the shape " + rows + " × " + cols + " (" + spec.shapeWhere()
                    + ") is negative or beyond 2^31 rows or columns; the matrix is not read"));
            return;
        }
        long majors = spec.rowMajor() ? rows : cols;
        if (indptr.length() < 1 || indptr.length() > MAX_MAJORS) {
            problems.add(Diagnostic.error(null, SparseRules.INDPTR_LENGTH_MISMATCH, indptr.path() + " has " + indptr.length()
                    + " elements; it needs one more than the " + majors + (spec.rowMajor() ? " rows" : " columns") + " and at most " + MAX_MAJORS));
            return;
        }
        if (indptr.length() != majors + 1) {
            long at = Math.min(indptr.length(), majors + 1) - 1;
            problems.add(diagnostic(true, indptr, at, SparseRules.INDPTR_LENGTH_MISMATCH, indptr.path() + " has " + indptr.length() + " elements but the shape "
                    + rows + " × " + cols + " needs " + (majors + 1) + " (one per stored " + majorWord() + ", plus one); only the first "
                    + (Math.min(indptr.length() - 1, majors)) + " " + majorWord() + "s are read"));
        }
        int count = (int) Math.min(indptr.length() - 1, majors);
        long stored = Math.min(indices.length(), data.length());
        if (indices.length() != data.length()) {
            H5Vector longer = indices.length() > data.length() ? indices : data;
            H5Vector shorter = longer == indices ? data : indices;
            problems.add(diagnostic(true, longer, stored, SparseRules.DATA_INDICES_LENGTH_MISMATCH, data.path() + " has " + data.length() + " values but "
                    + indices.path() + " has " + indices.length() + " indices; from " + longer.where(stored) + " on, "
                    + longer.name() + " has no partner in " + shorter.name() + " (those entries are left out)"));
        }
        // indptr is read a page at a time and kept packed (30 million empty rows are one value per block),
        // clamped to a monotonic sequence inside the stored entries, so reading never leaves the arrays
        MajorOffsets.Builder offsets = new MajorOffsets.Builder(count + 1);
        long[] page = new long[(int) Math.min(INDPTR_PAGE, count + 1)];
        long badAt = -1, badValue = 0, badBefore = 0, prevRaw = 0, prev = 0;
        for (long from = 0; from <= count; from += page.length) {
            int len = (int) Math.min(page.length, count + 1 - from);
            indptr.read(from, page, 0, len);
            for (int i = 0; i < len; i++) {
                long j = from + i, raw = indptr.asLong(page[i]);
                if (j == 0 && raw != 0) {
                    problems.add(diagnostic(true, indptr, 0, SparseRules.INDPTR_NOT_MONOTONIC, indptr.where(0) + " is " + raw + ", not 0"));
                }
                if (j > 0 && raw < prevRaw && badAt < 0) {
                    badAt = j;
                    badValue = raw;
                    badBefore = prevRaw;
                }
                prevRaw = raw;
                prev = Math.max(prev, Math.min(Math.max(0, raw), stored));
                offsets.add(prev);
            }
        }
        ptr = offsets.build();
        if (badAt >= 0) {
            problems.add(diagnostic(true, indptr, badAt, SparseRules.INDPTR_NOT_MONOTONIC, indptr.where(badAt) + " = " + badValue
                    + " is less than the element before it (" + badBefore + "): " + majorWord() + " " + (badAt - 1)
                    + " would end before it starts; it is read as empty"));
        }
        long lastAt = indptr.length() - 1;
        long[] one = new long[1];
        indptr.read(lastAt, one, 0, 1);
        long last = indptr.asLong(one[0]);
        if (last != indices.length()) {
            problems.add(diagnostic(true, indptr, lastAt, SparseRules.INDPTR_END_MISMATCH, indptr.where(lastAt) + " = " + last
                    + " but " + indices.path() + " holds " + indices.length() + " entries: the last element of indptr must be the number of stored entries"));
        }
        nnz = ptr.get(count);
        checkNames(spec.rowNames(), rows, "row", spec.rowsShapeSpan());
        checkNames(spec.colNames(), cols, "column", spec.colsShapeSpan());
        readable = true;
    }

    private List<String> missingNames() {
        List<String> out = new ArrayList<>();
        if (spec.data() == null) out.add("data");
        if (spec.indices() == null) out.add("indices");
        if (spec.indptr() == null) out.add("indptr");
        return out;
    }

    private void checkNames(List<String> names, long count, String what, Span shapeSpan) {
        if (names.isEmpty() || names.size() == count) return;
        problems.add(Diagnostic.error(shapeSpan, SparseRules.SHAPE_NAMES_MISMATCH, "the shape (" + spec.shapeWhere() + ") says " + count + " " + what + "s but there are "
                + names.size() + " " + what + " names; names are shown only where both agree"));
    }

    private String majorWord() { return spec.rowMajor() ? "row" : "column"; }

    /** A diagnostic at an element: its bytes when the dataset is contiguous, else a place in words in the message. */
    static Diagnostic diagnostic(boolean error, H5Vector v, long element, Rule rule, String message) {
        Span s = v.place(element);
        Span at = s == null ? null : Span.bytes(s.byteOffset(), s.byteLength());
        return error ? Diagnostic.error(at, rule, message) : Diagnostic.warning(at, rule, message);
    }

    // ------------------------------------------------------------------ facts

    public Spec spec() { return spec; }

    public boolean readable() { return readable; }

    /** Problems found at open (structure and names). */
    public List<Diagnostic> problems() { return problems; }

    public boolean rowMajor() { return spec.rowMajor(); }

    public int majorCount() { return ptr.size() - 1; }

    public long majorStart(int j) { return ptr.get(j); }

    public long majorEnd(int j) { return ptr.get(j + 1); }

    public long minorDim() { return spec.rowMajor() ? spec.cols() : spec.rows(); }

    @Override public long rows() { return readable ? spec.rows() : 0; }

    @Override public long cols() { return readable ? spec.cols() : 0; }

    @Override public long nnz() { return nnz; }

    @Override public long storedCount() { return nnz; }

    @Override public ValueType valueType() { return spec.data() == null ? ValueType.F32 : spec.data().type(); }

    @Override public List<String> rowNames() { return spec.rowNames().size() == rows() ? spec.rowNames() : List.of(); }

    @Override public List<String> colNames() { return spec.colNames().size() == cols() ? spec.colNames() : List.of(); }

    // ------------------------------------------------------------------ reading

    /** Visits stored entries {@code [from, to)} page by page: the major of the first entry, the minor indices and values. */
    interface PageVisitor {
        void page(long first, int len, int firstMajor, long[] minor, long[] values);
    }

    private int majorOf(long e) {
        int lo = 0, hi = majorCount() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (ptr.get(mid) <= e) lo = mid; else hi = mid - 1;
        }
        return lo;
    }

    void scan(long from, long to, boolean withValues, PageVisitor v, Progress progress) {
        long[] minor = new long[(int) Math.min(PAGE, Math.max(1, to - from))];
        long[] values = withValues ? new long[minor.length] : null;
        H5Vector idx = spec.indices();
        for (long s = from; s < to; s += minor.length) {
            progress.checkCancelled();
            int len = (int) Math.min(minor.length, to - s);
            idx.read(s, minor, 0, len);
            if (withValues) spec.data().read(s, values, 0, len);
            v.page(s, len, majorOf(s), minor, values);
        }
    }

    /** Visits entries of stored majors {@code [m0, m1)} whose minor index is in {@code [lo, hi)}; returns entries read. */
    private long scanMajors(int m0, int m1, long lo, long hi, MajorVisitor v, boolean withValues, Progress progress) {
        if (!readable || m1 <= m0) return 0;
        long from = ptr.get(m0), to = ptr.get(m1);
        H5Vector idx = spec.indices();
        scan(from, to, withValues, (first, len, firstMajor, minor, values) -> {
            int j = firstMajor;
            for (int i = 0; i < len; i++) {
                long e = first + i;
                while (ptr.get(j + 1) <= e) j++;
                long m = idx.asLong(minor[i]);
                if (m < lo || m >= hi) continue;
                v.entry(j, m, values == null ? 0 : values[i]);
            }
        }, progress);
        return to - from;
    }

    interface MajorVisitor {
        void entry(int major, long minor, long value);
    }

    @Override
    public long entriesToScan(long r0, long r1, long c0, long c1) {
        if (!readable) return 0;
        long lo = Math.max(0, spec.rowMajor() ? r0 : c0), hi = Math.min(majorCount(), spec.rowMajor() ? r1 : c1);
        return hi <= lo ? 0 : ptr.get((int) hi) - ptr.get((int) lo);
    }

    @Override
    public long forEachEntryIn(long r0, long r1, long c0, long c1, EntryVisitor visitor, Progress progress) {
        if (!readable) return 0;
        boolean rowMajor = spec.rowMajor();
        int m0 = (int) Math.max(0, Math.min(majorCount(), rowMajor ? r0 : c0));
        int m1 = (int) Math.max(m0, Math.min(majorCount(), rowMajor ? r1 : c1));
        long lo = Math.max(0, rowMajor ? c0 : r0), hi = Math.min(minorDim(), rowMajor ? c1 : r1);
        return scanMajors(m0, m1, lo, hi, (j, k, v) -> {
            if (rowMajor) visitor.entry(j, k, v); else visitor.entry(k, j, v);
        }, true, progress);
    }

    /**
     * Every located entry in (column, row) order. CSC storage is that order already; CSR
     * is reordered in bands of columns holding at most {@link #BAND_BUDGET} entries each,
     * so memory stays bounded whatever the shape claims.
     */
    @Override
    public void forEachEntry(EntryVisitor visitor, Progress progress) {
        forEachEntry(visitor, progress, BAND_BUDGET);
    }

    void forEachEntry(EntryVisitor visitor, Progress progress, int budget) {
        if (!readable || nnz == 0) return;
        if (!spec.rowMajor()) {
            ColumnSorter sorter = new ColumnSorter(visitor);
            scanMajors(0, majorCount(), 0, minorDim(), sorter, true, progress);
            sorter.flush();
            return;
        }
        long cols = cols();
        int buckets = (int) Math.max(1, Math.min(1 << 16, cols));
        long[] hist = new long[buckets];
        scanMajors(0, majorCount(), 0, cols, (j, c, v) -> hist[(int) (c * buckets / cols)]++, false, progress);
        int b = 0;
        while (b < buckets) {
            int b1 = b;
            long total = 0;
            while (b1 < buckets && (b1 == b || total + hist[b1] <= budget)) total += hist[b1++];
            long lo = ceilDiv((long) b * cols, buckets), hi = ceilDiv((long) b1 * cols, buckets);
            if (total > 0) emitBand(lo, hi, (int) Math.min(Integer.MAX_VALUE - 8, total), visitor, progress);
            b = b1;
        }
    }

    /**
     * Emits CSC entries column by column with rows ascending: real files (CellRanger,
     * old anndata) store a column's indices in any order, which scipy allows.
     */
    private static final class ColumnSorter implements MajorVisitor {
        private final EntryVisitor out;
        private int column = -1;
        private int n;
        private long[] rows = new long[64], values = new long[64];
        private boolean sorted = true;

        ColumnSorter(EntryVisitor out) { this.out = out; }

        @Override
        public void entry(int major, long minor, long value) {
            if (major != column) {
                flush();
                column = major;
            }
            if (n == rows.length) {
                rows = Arrays.copyOf(rows, n * 2);
                values = Arrays.copyOf(values, n * 2);
            }
            if (n > 0 && minor < rows[n - 1]) sorted = false;
            rows[n] = minor;
            values[n++] = value;
        }

        void flush() {
            if (sorted) {
                for (int i = 0; i < n; i++) out.entry(rows[i], column, values[i]);
            } else {
                // rows are below 2^31 and positions below 2^32: one long key each, sorted stably by row
                long[] keys = new long[n];
                for (int i = 0; i < n; i++) keys[i] = rows[i] << 32 | i;
                Arrays.sort(keys);
                for (long k : keys) {
                    int i = (int) (k & 0xffffffffL);
                    out.entry(rows[i], column, values[i]);
                }
            }
            n = 0;
            sorted = true;
        }
    }

    private static long ceilDiv(long a, long b) { return (a + b - 1) / b; }

    private void emitBand(long lo, long hi, int total, EntryVisitor visitor, Progress progress) {
        int[] rowOf = new int[total];
        int[] colOf = new int[total];
        long[] valueOf = new long[total];
        int[] n = {0};
        scanMajors(0, majorCount(), lo, hi, (j, c, v) -> {
            int i = n[0]++;
            rowOf[i] = j;
            colOf[i] = (int) (c - lo);
            valueOf[i] = v;
        }, true, progress);
        int width = (int) (hi - lo);
        // counting sort by column: stable, so rows stay ascending within a column
        int[] start = new int[width + 1];
        for (int i = 0; i < n[0]; i++) start[colOf[i] + 1]++;
        for (int c = 0; c < width; c++) start[c + 1] += start[c];
        int[] order = new int[n[0]];
        for (int i = 0; i < n[0]; i++) order[start[colOf[i]]++] = i;
        for (int i : order) visitor.entry(rowOf[i], lo + colOf[i], valueOf[i]);
    }

    @Override
    public void readStored(long start, int len, long[] row, long[] col, long[] value) {
        long[] minor = new long[len];
        spec.indices().read(start, minor, 0, len);
        spec.data().read(start, value, 0, len);
        int j = majorOf(start);
        for (int i = 0; i < len; i++) {
            while (j + 1 < majorCount() && ptr.get(j + 1) <= start + i) j++;
            long m = spec.indices().asLong(minor[i]);
            if (spec.rowMajor()) {
                row[i] = j;
                col[i] = m;
            } else {
                row[i] = m;
                col[i] = j;
            }
        }
    }

    /** Everything decoded and discarded: what {@code bench} times. */
    public long decodeAll(Progress progress) {
        long[] acc = {0};
        scan(0, nnz, true, (first, len, fm, minor, values) -> {
            long s = 0;
            for (int i = 0; i < len; i++) s += minor[i] + values[i];
            acc[0] += s;
        }, progress);
        checksum = acc[0];
        return nnz;
    }

    @SuppressWarnings("unused")
    private volatile long checksum;

    // ------------------------------------------------------------------ full checks

    /**
     * The checks that read every entry: indices out of range, unsorted or repeated within
     * a row (column), and for count matrices values that are not whole or are negative.
     * Each reports how many and the first offending element's place.
     */
    public void verify(Consumer<Diagnostic> sink, Progress progress) {
        for (Diagnostic d : problems) sink.accept(d);
        if (!readable) return;
        MajorRanges ranges = ranges();
        if (ranges == null) verifyMajors(0, majorCount(), "", sink, progress);
        else ranges.checkAll(sink, progress);
    }

    /**
     * The ranges of whole rows (CSR) or columns (CSC) this matrix is checked by, and said by,
     * when it is big; null when it is checked whole.
     */
    public MajorRanges ranges() {
        if (!readable) return null;
        long bytes = spec.indices().type().byteWidth() + (spec.counts() ? spec.data().type().byteWidth() : 0);
        return MajorRanges.of(majorCount(), ptr::get, spec.rowMajor(), null, bytes, this::verifyRange);
    }

    /** Checks the entries of majors {@code [from, to)}, each problem said of that range; the entries read. */
    private long verifyRange(int from, int to, String prefix, Consumer<Diagnostic> sink) {
        try {
            verifyMajors(from, to, prefix, sink, Progress.NONE);
        } catch (ReadProblem e) {
            // a stored chunk of indices or values that does not decode: this range's damage
            Diagnostic d = e.diagnostic();
            sink.accept(new Diagnostic(d.severity(), d.span(), d.rule(), prefix + d.message()));
        }
        return ptr.get(to) - ptr.get(from);
    }

    /**
     * The checks that read every entry of majors {@code [m0, m1)}: indices out of range,
     * unsorted or repeated within a row (column), and for count matrices values that are not
     * whole or are negative. Each reports how many and the first offending element's place.
     */
    private void verifyMajors(int m0, int m1, String prefix, Consumer<Diagnostic> sink, Progress progress) {
        H5Vector idx = spec.indices(), data = spec.data();
        long minorDim = minorDim();
        boolean floats = data.type().kind() == ValueType.Kind.FLOAT;
        boolean signed = data.type().kind() != ValueType.Kind.UINT;
        long[] first = {-1, -1, -1, -1, -1};
        long[] count = new long[5];
        long[] prev = {-1};
        int[] major = {m0};
        scan(ptr.get(m0), ptr.get(m1), spec.counts(), (s, len, fm, minor, values) -> {
            int j = Math.max(major[0], fm);
            for (int i = 0; i < len; i++) {
                long e = s + i;
                while (ptr.get(j + 1) <= e) {
                    j++;
                    prev[0] = -1;
                }
                long m = idx.asLong(minor[i]);
                if (m < 0 || m >= minorDim) {
                    note(0, e, first, count);
                } else {
                    if (m < prev[0]) note(1, e, first, count);
                    else if (m == prev[0]) note(2, e, first, count);
                    prev[0] = Math.max(prev[0], m);
                }
                if (values != null) {
                    double v = data.type().toDouble(values[i]);
                    if (floats && v != Math.rint(v)) note(3, e, first, count);
                    if (signed && v < 0) note(4, e, first, count);
                }
            }
            major[0] = j;
        }, progress);
        String within = spec.rowMajor() ? "row" : "column";
        if (count[0] > 0) sink.accept(diagnostic(true, idx, first[0], SharedRules.INDEX_OUT_OF_RANGE, prefix + count[0] + " entries have a "
                + (spec.rowMajor() ? "column" : "row") + " index outside 0.." + (minorDim - 1) + " (first: " + idx.where(first[0]) + "); they are left out"));
        if (count[1] > 0) sink.accept(diagnostic(false, idx, first[1], SparseRules.INDEX_UNSORTED, prefix + count[1] + " indices are smaller than the one before them in their "
                + within + " (first: " + idx.where(first[1]) + "); scipy allows this, but BPCells and readers that binary-search a " + within + " need them ascending"));
        if (count[2] > 0) sink.accept(diagnostic(true, idx, first[2], SparseRules.INDEX_DUPLICATE, prefix + count[2] + " indices repeat the one before them in their "
                + within + " (first: " + idx.where(first[2]) + "): two values for one cell"));
        if (count[3] > 0) sink.accept(diagnostic(false, data, first[3], SparseRules.NON_INTEGER_COUNTS, prefix + count[3] + " count values are not whole numbers (first: "
                + data.where(first[3]) + "); the matrix may hold normalised values rather than counts"));
        if (count[4] > 0) sink.accept(diagnostic(false, data, first[4], SparseRules.NEGATIVE_COUNTS, prefix + count[4] + " count values are negative (first: "
                + data.where(first[4]) + ")"));
    }

    private static void note(int rule, long e, long[] first, long[] count) {
        if (count[rule]++ == 0) first[rule] = e;
    }
}
