package org.packscope.codec.bpcells;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.packscope.codec.bpcells.bp128.Bp128Layout;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;

/** The matrix node's summary, fields and tables. */
final class MatrixFacts {
    /** Per-column statistics need a full decode; above this many entries they are left out of the node. */
    static final long STATS_ENTRY_LIMIT = 50_000_000L;
    static final int STATS_COLUMN_LIMIT = 100_000;

    private MatrixFacts() { }

    static String summary(BpcellsMatrix m) {
        String v = m.version().map(x -> (x.packed() ? "packed " : "unpacked ") + x.valueKind().label()).orElse("unknown version");
        if (!m.readable()) return v + " · unreadable";
        return String.format(Locale.ROOT, "%s · %,d × %,d · %,d non-zeros · %s order", v, m.rows(), m.cols(), m.storedNnz(), m.storageOrder().label());
    }

    static void fields(Node n, BpcellsMatrix m) {
        ArrayStore store = m.store();
        BpcellsDocs.field(n, "matrix.store", "store", null, store.description(), "where the named arrays live");
        BpcellsDocs.field(n, "matrix.version", "version", null, m.versionString() == null ? "(none)" : m.versionString(),
                "version marker: [packed|unpacked]-[uint|float|double]-matrix-v[1|2]");
        m.version().ifPresent(v -> {
            BpcellsDocs.field(n, "matrix.format_version", "format version", null, v.formatVersion(), v.formatVersion() == 1 ? "v1: idxptr is uint32, no *_idx_offsets" : "v2: idxptr is uint64");
            BpcellsDocs.field(n, "matrix.packed", "packed", null, v.packed(), v.packed()
                    ? (v.packedValues() ? "indices BP128-D1Z, values BP128-FOR (m1)" : "indices BP128-D1Z, values stored plainly")
                    : "plain index and val arrays");
            BpcellsDocs.field(n, "matrix.value_type", "value type", null, v.valueKind().label() + " (" + v.valueKind().valueType().label() + ")", "type of the stored values");
        });
        if (!m.readable()) return;
        BpcellsDocs.field(n, "matrix.shape", "shape", null, m.rows() + " × " + m.cols(), "rows × columns of the logical matrix (the shape array)");
        BpcellsDocs.field(n, "matrix.nnz", "nnz", null, m.storedNnz(), "stored entries: the last idxptr element" + (m.nnz() != m.storedNnz() ? "; " + m.nnz() + " can be located" : ""));
        BpcellsDocs.field(n, "matrix.storage_order", "storage order", null, m.storageOrder().label(), m.storageOrder() == StorageOrder.COL
                ? "compressed sparse column: idxptr runs over columns, index holds row numbers"
                : "compressed sparse row: the arrays describe the transpose; idxptr runs over rows, index holds column numbers");
        double cells = (double) m.rows() * m.cols();
        if (cells > 0) BpcellsDocs.field(n, "matrix.density", "density", null, String.format(Locale.ROOT, "%.4g%%", 100.0 * m.storedNnz() / cells), "stored entries per cell");
        BpcellsDocs.field(n, "matrix.row_names", "row names", null, m.rowNames().isEmpty() ? "none" : m.rowNames().size() + " (" + preview(m.rowNames()) + ")", "row_names array");
        BpcellsDocs.field(n, "matrix.col_names", "col names", null, m.colNames().isEmpty() ? "none" : m.colNames().size() + " (" + preview(m.colNames()) + ")", "col_names array");
        long nnz = Math.max(1, m.storedNnz());
        long indexBytes = m.indexStream() != null ? dataBytes(store, m.indexStream().dataName()) : dataBytes(store, ArrayNames.INDEX);
        long valueBytes = m.valueStream() != null ? dataBytes(store, m.valueStream().dataName()) : dataBytes(store, ArrayNames.VAL);
        if (indexBytes >= 0) {
            long overhead = m.indexStream() == null ? 0 : dataBytes(store, m.indexStream().idxName()) + dataBytes(store, m.indexStream().startsName())
                    + Math.max(0, dataBytes(store, m.indexStream().idxOffsetsName()));
            BpcellsDocs.field(n, "matrix.bits_per_index", "bits per index", null, String.format(Locale.ROOT, "%.2f", indexBytes * 8.0 / nnz)
                    + (overhead > 0 ? String.format(Locale.ROOT, " (%.2f with idx and starts)", (indexBytes + overhead) * 8.0 / nnz) : ""),
                    "index payload bits per stored entry");
        }
        if (valueBytes >= 0) {
            long overhead = m.valueStream() == null ? 0 : dataBytes(store, m.valueStream().idxName()) + Math.max(0, dataBytes(store, m.valueStream().idxOffsetsName()));
            BpcellsDocs.field(n, "matrix.bits_per_value", "bits per value", null, String.format(Locale.ROOT, "%.2f", valueBytes * 8.0 / nnz)
                    + (overhead > 0 ? String.format(Locale.ROOT, " (%.2f with idx)", (valueBytes + overhead) * 8.0 / nnz) : ""),
                    "value payload bits per stored entry");
        }
        long total = 0;
        for (String a : store.arrayNames()) {
            ArrayInfo i = store.info(a);
            if (i != null && i.storedBytes() > 0) total += i.storedBytes();
        }
        BpcellsDocs.field(n, "matrix.stored_bytes", "stored bytes", null, total, "all arrays as stored (headers and HDF5 chunk padding included)");
    }

    /** Payload bytes of an array (elements only), or -1 when absent. */
    static long dataBytes(ArrayStore store, String name) {
        ArrayInfo i = store.info(name);
        if (i == null || i.type() == null) return -1;
        return i.length() * i.type().byteWidth();
    }

    static String preview(List<String> names) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(3, names.size()); i++) sb.append(i > 0 ? ", " : "").append(names.get(i));
        if (names.size() > 3) sb.append(", …");
        return sb.toString();
    }

    static void tables(Node n, BpcellsMatrix m) {
        n.table(arraysTable(m));
        if (m.indexStream() != null) n.table(widthTable("index widths", "BP128-D1Z chunks", m.indexStream().layout()));
        if (m.valueStream() != null) n.table(widthTable("value widths", "BP128-FOR chunks", m.valueStream().layout()));
        if (m.readable() && m.nnz() <= STATS_ENTRY_LIMIT && m.cols() <= STATS_COLUMN_LIMIT) n.table(columnTable(m));
    }

    static DataTable arraysTable(BpcellsMatrix m) {
        List<List<Object>> rows = new ArrayList<>();
        for (String a : m.store().arrayNames()) {
            ArrayInfo i = m.store().info(a);
            if (i == null) continue;
            rows.add(List.of(a, i.type() == null ? "?" : i.type().label(), i.length(), i.storedBytes(),
                    i.location() == null ? "" : "byte " + i.location().dataOffset()));
        }
        return new DataTable("arrays", List.of("array", "type", "length", "stored bytes", "element 0"), rows, "array", "stored bytes");
    }

    /** Chunks per bit width; {@code chunks} names the count's column (the variant, where the title has no room for it). */
    static DataTable widthTable(String title, String chunks, Bp128Layout layout) {
        long[] h = layout.widthHistogram();
        List<List<Object>> rows = new ArrayList<>();
        for (int b = 0; b <= 32; b++) {
            if (h[b] == 0) continue;
            rows.add(List.of(b, h[b], String.format(Locale.ROOT, "%.1f%%", 100.0 * h[b] / Math.max(1, layout.chunks()))));
        }
        return new DataTable(title, List.of("bits", chunks, "share"), rows, "bits", chunks);
    }

    static DataTable columnTable(BpcellsMatrix m) {
        BpcellsMatrix.ColumnStats s = m.columnStats(Progress.NONE);
        List<List<Object>> rows = new ArrayList<>();
        List<String> names = m.colNames();
        for (int c = 0; c < s.nnz().length; c++) {
            rows.add(List.of(c, names.isEmpty() ? "" : names.get(c), s.nnz()[c], s.sum()[c]));
        }
        return new DataTable("columns", List.of("column", "name", "nnz", "sum"), rows, "column", "nnz");
    }
}
