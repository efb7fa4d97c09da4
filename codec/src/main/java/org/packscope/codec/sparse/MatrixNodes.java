package org.packscope.codec.sparse;

import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.EntriesColumn;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.StoredEntries;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.store.ChunkUnits;
import org.packscope.codec.store.MajorRanges;

/**
 * Fills the node of a matrix stored in HDF5 (AnnData, 10x): the facets every matrix view
 * uses ({@link SparseMatrix}, bulk decoding, checks, the entries as values), the summary
 * and facts, per-row and per-column counts, and children for the stored datasets and
 * the (row, col, value) triplets with names.
 */
public final class MatrixNodes {
    /** Per-row / per-column tables are left out above this many entries or this many rows (columns). */
    static final long TABLE_ENTRY_LIMIT = 50_000_000L;
    static final long TABLE_LINE_LIMIT = 100_000;
    /** Matrices with at most this many entries are fully checked when their node opens; larger ones by {@code check}. */
    static final long VERIFY_AT_OPEN_LIMIT = 5_000_000L;

    private MatrixNodes() { }

    /** The file {@code src} reads, where it names one; null when it names none (its ranges are then always checked again). */
    private static Path fileOf(ByteSource src) {
        if (src == null) return null;
        try {
            return Path.of(src.name());
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /** The file's bytes for the hex view and for diagnostics' offsets, or null when it cannot be opened. */
    public static ByteSource fileSource(Path file) {
        try {
            return ByteSource.open(file);
        } catch (IOException e) {
            return null;
        }
    }

    /** A compressed (CSR / CSC) matrix: facts, facets, and children for its datasets and entries. */
    public static void fill(Node n, CompressedMatrix m, String format, ByteSource src) {
        n.source(src);
        for (Diagnostic d : m.problems()) n.diagnose(d);
        n.field("format", null, format, "what the group's layout says it is");
        n.facet(Verifier.class, m::verify);
        if (!m.readable()) {
            n.summary(format + " · unreadable");
            return;
        }
        // a big matrix: a distributed check takes its rows (columns) a range at a time
        MajorRanges ranges = m.ranges();
        if (ranges != null) n.facet(ChunkUnits.class, ranges.heldIn(fileOf(src)));
        n.summary(summary(format, m, m.rowMajor() ? "CSR" : "CSC"));
        facts(n, m, m.rowMajor() ? "CSR: indptr runs over rows, indices hold column numbers"
                : "CSC: indptr runs over columns, indices hold row numbers");
        CompressedMatrix.Spec s = m.spec();
        for (H5Vector v : List.of(s.data(), s.indices(), s.indptr())) {
            n.field(v.name(), v.place(0), v.type().label() + " · " + v.length() + (v.length() == 1 ? " element" : " elements") + (v.contiguous() ? ", contiguous" : ", chunked"), v.path());
        }
        if (m.nnz() <= VERIFY_AT_OPEN_LIMIT) {
            // the full checks are cheap enough to show on the node itself
            m.verify(d -> { if (!m.problems().contains(d)) n.diagnose(d); }, Progress.NONE);
        }
        common(n, m, (p, threads) -> m.decodeAll(p));
        List<Node> kids = new ArrayList<>();
        for (H5Vector v : List.of(s.data(), s.indices(), s.indptr())) kids.add(arrayNode(v, src));
        kids.add(entriesNode(m));
        n.children(kids);
    }

    /** A dense 2-D dataset read as a matrix of its non-zero cells. */
    public static void fill(Node n, DenseMatrix m, String format, ByteSource src) {
        n.source(src);
        n.field("format", null, format, "a dense 2-D dataset; its non-zero cells are the entries");
        n.field("dataset", null, m.dataset().path() + " · " + m.valueType().label(), "the 2-D dataset");
        n.facet(SparseMatrix.class, m);
        n.facet(BulkDecoder.class, (p, threads) -> m.decodeAll(p));
        if (!m.counted()) {
            // counting the non-zero cells would read the whole dataset: views read only what they show
            n.field("shape", null, m.rows() + " × " + m.cols(), "rows × columns");
            n.summary(String.format(Locale.ROOT, "%s · %,d × %,d · dense (non-zeros not counted) · %s", format, m.rows(), m.cols(), m.valueType().label()));
            return;
        }
        n.summary(summary(format, m, "dense"));
        facts(n, m, "dense, row-major: every cell is stored; zeros are not listed as entries");
        common(n, m, (p, threads) -> m.decodeAll(p));
        n.children(List.of(entriesNode(m)));
    }

    private static String summary(String format, SparseMatrix m, String storage) {
        return String.format(Locale.ROOT, "%s · %,d × %,d · %,d non-zeros · %s · %s", format, m.rows(), m.cols(), m.nnz(), storage, m.valueType().label());
    }

    private static void facts(Node n, SparseMatrix m, String storage) {
        n.field("shape", null, m.rows() + " × " + m.cols(), "rows × columns");
        n.field("nnz", null, m.nnz(), "stored entries");
        n.field("storage", null, storage, "how the entries are laid out");
        n.field("value type", null, m.valueType().label(), "type of the stored values");
        double cells = (double) m.rows() * m.cols();
        if (cells > 0) n.field("density", null, String.format(Locale.ROOT, "%.4g%%", 100.0 * m.nnz() / cells), "stored entries per cell");
        n.field("row names", null, names(m.rowNames()), "obs names (AnnData) or features (10x)");
        n.field("col names", null, names(m.colNames()), "var names (AnnData) or barcodes (10x)");
    }

    private static String names(List<String> names) {
        if (names.isEmpty()) return "none";
        StringBuilder sb = new StringBuilder().append(names.size()).append(" (");
        for (int i = 0; i < Math.min(3, names.size()); i++) sb.append(i > 0 ? ", " : "").append(names.get(i));
        return sb.append(names.size() > 3 ? ", …)" : ")").toString();
    }

    private static void common(Node n, StoredEntries m, BulkDecoder bulk) {
        n.facet(SparseMatrix.class, m);
        n.facet(BulkDecoder.class, bulk);
        // a dense dataset keeps the values the HDF5 reader gave it: every cell, in row-major order
        if (n.values() == null) n.facet(ValueColumn.class, new EntriesColumn(m, EntriesColumn.Part.VALUE));
        if (m.nnz() <= TABLE_ENTRY_LIMIT) {
            DataTable[] t = countTables(m);
            for (DataTable d : t) if (d != null) n.table(d);
        }
    }

    /** Entries and value sums per column and per row (when there are not too many of either). */
    static DataTable[] countTables(SparseMatrix m) {
        boolean byCol = m.cols() <= TABLE_LINE_LIMIT, byRow = m.rows() <= TABLE_LINE_LIMIT;
        long[] cn = byCol ? new long[(int) m.cols()] : null, rn = byRow ? new long[(int) m.rows()] : null;
        double[] cs = byCol ? new double[(int) m.cols()] : null, rs = byRow ? new double[(int) m.rows()] : null;
        var t = m.valueType();
        m.forEachEntryIn(0, m.rows(), 0, m.cols(), (r, c, v) -> {
            double x = t.toDouble(v);
            if (cn != null) {
                cn[(int) c]++;
                cs[(int) c] += x;
            }
            if (rn != null) {
                rn[(int) r]++;
                rs[(int) r] += x;
            }
        }, Progress.NONE);
        return new DataTable[] {byCol ? table("columns", "column", m.colNames(), cn, cs) : null,
                byRow ? table("rows", "row", m.rowNames(), rn, rs) : null};
    }

    private static DataTable table(String title, String what, List<String> names, long[] nnz, double[] sum) {
        List<List<Object>> rows = new ArrayList<>(nnz.length);
        for (int i = 0; i < nnz.length; i++) rows.add(List.of(i, names.isEmpty() ? "" : names.get(i), nnz[i], sum[i]));
        return new DataTable(title, List.of(what, "name", "nnz", "sum"), rows, what, "nnz");
    }

    private static Node arrayNode(H5Vector v, ByteSource src) {
        Node a = Node.of(v.name(), "sparse-array");
        a.source(src);
        Span first = v.place(0);
        if (first != null) a.span(Span.bytes(first.byteOffset(), v.length() * v.type().byteWidth()));
        a.summary(v.type().label() + " · " + PlainText.count(v.length(), "element"));
        a.field("dataset", null, v.path(), "the HDF5 dataset");
        a.field("type", null, v.type().label(), "element type as stored");
        a.field("length", null, v.length(), "elements");
        a.field("layout", null, v.contiguous() ? "contiguous" : "chunked", v.contiguous()
                ? "elements at consecutive bytes" : "stored in chunks (maybe compressed); an element has no single byte offset");
        if (first != null) a.field("element 0", Span.bytes(first.byteOffset(), 0), "byte " + first.byteOffset(), "where the little-endian elements start");
        a.facet(ValueColumn.class, v.column());
        return a;
    }

    private static Node leaf(String name, ValueColumn col) {
        return Node.of(name, "sparse-values").summary(col.type().label() + " · " + PlainText.count(col.count(), "value"))
                .facet(ValueColumn.class, col);
    }

    private static Node entriesNode(StoredEntries m) {
        Node n = Node.of("entries", "sparse-entries");
        n.summary(String.format(Locale.ROOT, "%,d (row, col, value) triplets in stored order", m.storedCount()));
        n.field("order", null, "as stored", "CSR row by row, CSC column by column, dense row by row");
        // a dense dataset keeps the values the HDF5 reader gave it: every cell, in row-major order
        if (n.values() == null) n.facet(ValueColumn.class, new EntriesColumn(m, EntriesColumn.Part.VALUE));
        List<Node> kids = new ArrayList<>();
        kids.add(leaf("row", new EntriesColumn(m, EntriesColumn.Part.ROW)));
        kids.add(leaf("col", new EntriesColumn(m, EntriesColumn.Part.COL)));
        kids.add(leaf("value", new EntriesColumn(m, EntriesColumn.Part.VALUE)));
        if (!m.rowNames().isEmpty()) kids.add(leaf("row_name", new EntriesColumn(m, EntriesColumn.Part.ROW_NAME)));
        if (!m.colNames().isEmpty()) kids.add(leaf("col_name", new EntriesColumn(m, EntriesColumn.Part.COL_NAME)));
        n.children(kids);
        return n;
    }
}
