package org.packscope.codec.bpcells;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import org.packscope.codec.bpcells.bp128.Bp128;
import org.packscope.codec.bpcells.bp128.Bp128Layout;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.StoredEntries;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.store.MajorRanges;

/**
 * A BPCells matrix read from any {@link ArrayStore}: the structure (version, shape,
 * storage order, idxptr, BP128 layouts) is read and checked once at {@link #open};
 * entries are decoded on demand, one column (row for row-major) at a time or streamed.
 * Problems become diagnostics and the decodable part stays readable: broken chunks
 * and out-of-range indices are skipped, never thrown. Immutable and thread-safe.
 */
public final class BpcellsMatrix implements StoredEntries {
    /** Entries decoded per block when streaming (a multiple of 128). */
    static final int BLOCK = 1 << 16;
    /** Entries held at once when reordering row-major storage into column order. */
    static final long MAX_MAJOR = Integer.MAX_VALUE - 16;

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
    private final List<Diagnostic> diagnostics;
    private final Map<String, List<Diagnostic>> arrayDiagnostics;

    private BpcellsMatrix(StructureReader.Structure s) {
        this.store = s.store();
        this.versionString = s.versionString();
        this.version = s.version();
        this.readable = s.readable();
        this.order = s.order();
        this.rows = s.rows();
        this.cols = s.cols();
        this.ptr = s.ptr();
        this.storedNnz = s.storedNnz();
        this.nnz = s.nnz();
        this.indexStream = s.indexStream();
        this.valueStream = s.valueStream();
        this.rowNames = s.rowNames();
        this.colNames = s.colNames();
        this.diagnostics = s.diagnostics();
        this.arrayDiagnostics = s.arrayDiagnostics();
    }

    /**
     * Reads and checks the structure of the matrix in {@code store}. Never throws: a matrix
     * too broken to decode has {@link #readable()} false and says why in {@link #diagnostics()}.
     * {@code versionString} is the version marker as stored (null when absent).
     */
    public static BpcellsMatrix open(ArrayStore store, String versionString) {
        return new BpcellsMatrix(StructureReader.read(store, versionString));
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

    /** The major holding entry {@code e} (0 &lt;= e &lt; nnz): the j with start(j) &lt;= e &lt; end(j). */
    int majorOf(long e) {
        int lo = 0;
        int hi = majorCount() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (ptr[mid] <= e) lo = mid; else hi = mid - 1;
        }
        while (lo + 1 < majorCount() && ptr[lo + 1] <= e) lo++;
        return Math.max(lo, 0);
    }

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

    /**
     * The structure's problems found at {@link #open}, for the matrix node: each placed in
     * words ({@code idxptr[3] (byte 32): ...}), without a span (the arrays have their own sources).
     */
    public List<Diagnostic> diagnostics() { return diagnostics; }

    /**
     * The same problems that lie in {@code array}, for its own node: at the element's bytes
     * when the array is addressable, the message starting {@code element k: } when one is meant.
     */
    public List<Diagnostic> diagnosticsOf(String array) { return arrayDiagnostics.getOrDefault(array, List.of()); }

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

    @Override public long storedCount() { return nnz; }

    /**
     * Entry readers not in use: a reader is a cursor, so each caller takes its own, and
     * callers reading in parallel (exports paging ahead) do not wait for one another.
     */
    private final java.util.concurrent.ConcurrentLinkedQueue<EntryReader> idleReaders = new java.util.concurrent.ConcurrentLinkedQueue<>();

    /** Stored entries by position, for the entries table (undecodable ones have index 2^32-1). */
    @Override
    public void readStored(long start, int len, long[] row, long[] col, long[] value) {
        int[] minor = new int[len];
        EntryReader reader = idleReaders.poll();
        if (reader == null) reader = new EntryReader(this);
        try {
            readEntries(reader, start, len, minor, value);
        } finally {
            idleReaders.offer(reader);
        }
        boolean rowMajor = order == StorageOrder.ROW;
        int j = majorOf(start);
        for (int i = 0; i < len; i++) {
            while (j + 1 < majorCount() && majorEnd(j) <= start + i) j++;
            long m = minor[i] & 0xffffffffL;
            row[i] = rowMajor ? j : m;
            col[i] = rowMajor ? m : j;
        }
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
        return scan(0, nnz, sink, withValues, progress);
    }

    /** Decodes entries {@code [from, to)} block by block; returns the read errors met. */
    ReadErrors scan(long from, long to, BlockSink sink, boolean withValues, Progress progress) {
        EntryReader r = new EntryReader(this);
        if (!readable || from >= to) return r.errors;
        int[] minor = new int[(int) Math.min(BLOCK, to - from)];
        int[] v32 = withValues && !r.wide() ? new int[minor.length] : null;
        long[] v64 = withValues && r.wide() ? new long[minor.length] : null;
        for (long at = from; at < to; at += BLOCK) {
            if ((((at - from) / BLOCK) & 15) == 0) {
                progress.checkCancelled();
                progress.update((double) (at - from) / (to - from), "decoding entries");
            }
            int len = (int) Math.min(BLOCK, to - at);
            r.read(at, len, minor, v32, v64, 0);
            sink.block(at, len, minor, v32, v64);
        }
        return r.errors;
    }

    /** The whole matrix decoded and discarded on the caller's thread. */
    public long decodeAll(Progress progress) {
        return decodeAll(progress, 1);
    }

    /**
     * The whole matrix decoded and discarded: what {@code bench} times. Entry ranges run on
     * up to {@code threads} threads, each with its own reader (see {@link BulkRead}).
     * Returns entries decoded.
     */
    public long decodeAll(Progress progress, int threads) {
        if (!readable || nnz <= 0) return nnz;
        token = BulkRead.run(this, progress == null ? Progress.NONE : progress, threads, false);
        return nnz;
    }

    /** Keeps the JIT from dropping the bulk decode as dead code. */
    private volatile long token;

    /**
     * Sum of minor indices and values (unsigned) over all entries, decoded the way
     * {@link #decodeAll} decodes them, on {@code threads} threads: the same on any number.
     */
    long checksum(int threads) {
        return !readable || nnz <= 0 ? 0 : BulkRead.run(this, Progress.NONE, threads, true);
    }

    /** Visits every decodable entry whose index is in range, in stored order. */
    public void forEachStored(EntryVisitor visitor, Progress progress) {
        forEachEntryIn(0, rows, 0, cols, visitor, progress);
    }

    /** The stored columns (rows for row-major) a rectangle crosses, as {@code [first, end)} majors. */
    private int[] majorsCrossing(long r0, long r1, long c0, long c1) {
        boolean colMajor = order != StorageOrder.ROW;
        long lo = Math.max(0, colMajor ? c0 : r0), hi = Math.min(majorCount(), colMajor ? c1 : r1);
        return hi <= lo ? new int[] {0, 0} : new int[] {(int) lo, (int) hi};
    }

    @Override
    public long entriesToScan(long r0, long r1, long c0, long c1) {
        int[] m = majorsCrossing(r0, r1, c0, c1);
        return m[1] == m[0] ? 0 : Math.min(ptr[m[1]], nnz) - Math.min(ptr[m[0]], nnz);
    }

    /**
     * Visits the entries inside rows {@code [r0, r1)} and columns {@code [c0, c1)}, in stored
     * order, decoding only the stored columns (rows for row-major storage) that cross the
     * rectangle: zooming into a corner of a large matrix reads that corner's share of it.
     */
    @Override
    public long forEachEntryIn(long r0, long r1, long c0, long c1, EntryVisitor visitor, Progress progress) {
        int[] m = majorsCrossing(r0, r1, c0, c1);
        boolean colMajor = order != StorageOrder.ROW;
        long minorLo = Math.max(0, colMajor ? r0 : c0), minorHi = Math.min(minorDim(), colMajor ? r1 : c1);
        return scanMajors(m[0], m[1], minorLo, minorHi, (j, k, v) -> {
            if (colMajor) visitor.entry(k, j, v); else visitor.entry(j, k, v);
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
        scanMajors(0, majorCount(), lo, hi, v, withValues, progress);
    }

    /**
     * Decodes only the entries of stored columns (rows) {@code [m0, m1)} and visits those
     * whose minor index is in {@code [lo, hi)}, in stored order; returns the entries decoded.
     */
    private long scanMajors(int m0, int m1, long lo, long hi, MinorRangeVisitor v, boolean withValues, Progress progress) {
        if (!readable || m1 <= m0) return 0;
        long from = Math.min(ptr[m0], nnz), to = Math.min(ptr[m1], nnz);
        int[] majorAt = {m0};
        scan(from, to, (first, len, minor, v32, v64) -> {
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
        return to - from;
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
        for (Diagnostic d : diagnostics) sink.accept(d);
        if (!readable) return;
        MajorRanges ranges = ranges();
        if (ranges == null) verifyMajors(0, majorCount(), "", sink, progress);
        else ranges.checkAll(sink, progress);
    }

    /**
     * The ranges of whole columns (rows for row order) this matrix is checked by, and said
     * by, when it is big; null when it is checked whole.
     */
    public MajorRanges ranges() {
        if (!readable) return null;
        // an entry's index and value at their unpacked widths (a packed matrix stores fewer)
        long bytes = 4 + (version == null ? 4 : version.valueKind().elementType().byteWidth());
        return MajorRanges.of(majorCount(), j -> Math.min(ptr[j], nnz), order == StorageOrder.ROW, null, bytes,
                (from, to, prefix, sink) -> verifyMajors(from, to, prefix, sink, Progress.NONE));
    }

    /** The checks of {@link #verify} over the entries of majors {@code [m0, m1)}, each message led by {@code prefix}; the entries read. */
    private long verifyMajors(int m0, int m1, String prefix, Consumer<Diagnostic> sink, Progress progress) {
        long from = Math.min(ptr[m0], nnz), to = m1 == majorCount() ? nnz : Math.min(ptr[m1], nnz);
        long minorDim = minorDim();
        long[] outOfRange = {0, -1, 0};
        long[] unsorted = {0, -1};
        long[] undecodable = {0, -1};
        int[] major = {m0};
        long[] prev = {-1};
        ReadErrors errors = scan(from, to, (first, len, minor, v32, v64) -> {
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
        for (Diagnostic d : errors.kept()) sink.accept(prefix.isEmpty() ? d : new Diagnostic(d.severity(), d.span(), d.rule(), prefix + d.message()));
        String indexName = indexStream != null ? indexStream.dataName() : ArrayNames.INDEX;
        if (undecodable[0] > 0) {
            sink.accept(Diagnostic.error(null, BpcellsRules.ENTRIES_UNDECODABLE, prefix + undecodable[0] + " entries lie in chunks that cannot be decoded (first: entry "
                    + undecodable[1] + ", " + entryPlace(undecodable[1]) + "); they are skipped"));
        }
        if (outOfRange[0] > 0) {
            sink.accept(Diagnostic.error(null, SharedRules.INDEX_OUT_OF_RANGE, prefix + outOfRange[0] + " entries have an index beyond the "
                    + (order == StorageOrder.ROW ? "column" : "row") + " count " + minorDim + " (first: entry " + outOfRange[1]
                    + " has index " + outOfRange[2] + ", " + entryPlace(outOfRange[1]) + " of " + indexName + "); they are skipped"));
        }
        if (unsorted[0] > 0) {
            sink.accept(Diagnostic.warning(null, BpcellsRules.INDEX_NOT_INCREASING, prefix + unsorted[0] + " entries do not increase the index within their "
                    + (order == StorageOrder.ROW ? "row" : "column") + " (first: entry " + unsorted[1] + ", " + entryPlace(unsorted[1]) + ")"));
        }
        return to - from;
    }

    private boolean decodableEntry(long e) {
        int k = (int) (e >>> 7), in = (int) (e & 127);
        return (indexStream == null || indexStream.decodable(k, in)) && (valueStream == null || valueStream.decodable(k, in));
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
        Bp128Layout.Cut cut = l.cut() != null && l.cut().chunk() == k ? l.cut() : null;
        if (!l.usable(k) && cut == null) return "chunk " + k + " value " + in;
        Bp128.Position p = Bp128.position(in, cut != null ? cut.bits() : l.bits(k));
        ArrayInfo info = store.info(indexStream.dataName());
        long wordIndex = l.wordStart(k) + p.word();
        long b = info == null ? -1 : info.byteOffsetOf(wordIndex);
        return "chunk " + k + " value " + in + " (lane " + p.lane() + ", slot " + p.slot() + ", word " + wordIndex
                + (b >= 0 ? " at byte " + b : "") + ", bit " + p.bit() + ")";
    }
}
