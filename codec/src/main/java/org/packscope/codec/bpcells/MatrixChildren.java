package org.packscope.codec.bpcells;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.EntriesColumn;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.read.ReadProblem;

/**
 * Children of a matrix node: one per named array (addressable as {@code mat::idxptr}),
 * BP128 chunks under their data arrays, {@code columns} (or {@code rows}) with one
 * drill-down node per stored column, and {@code entries} with the (row, col, value)
 * triplets as value columns.
 */
final class MatrixChildren {
    private MatrixChildren() { }

    static void add(Node n, BpcellsMatrix m) {
        List<Node> kids = new ArrayList<>();
        for (String name : m.store().arrayNames()) kids.add(arrayNode(m, name));
        if (m.readable()) {
            kids.add(majorsNode(m));
            kids.add(entriesNode(m));
        }
        n.children(kids);
    }

    static Node arrayNode(BpcellsMatrix m, String name) {
        ArrayStore store = m.store();
        // set before loading: whole-tree walks ask before they look inside
        boolean chunked = streamOf(m, name) != null;
        return Node.lazy(name, "bpcells-array", a -> {
            a.facet(FieldExplainer.class, BpcellsDocs.DOCS);
            ArrayInfo info = store.info(name);
            if (info == null) {
                a.diagnose(Diagnostic.error(null, SharedRules.MISSING_ARRAY, "array " + name + " is missing"));
                return;
            }
            ArrayLocation loc = info.location();
            if (loc != null) {
                a.source(loc.source());
                long bytes = info.type() == null ? 0 : info.length() * info.type().byteWidth();
                a.span(Span.bytes(loc.dataOffset(), bytes));
            } else if (store instanceof FolderArrayStore f && f.fileSource(name) != null) {
                a.source(f.fileSource(name)).span(Span.bytes(0, f.fileSource(name).size()));
            }
            String type = info.type() == null ? "?" : info.type().label();
            a.summary(type + " · " + PlainText.count(info.length(), info.type() == ElementType.STRING ? "string" : "element"));
            BpcellsDocs.field(a, BpcellsDocs.typeKey(name), "type", null, type, meaningOf(name));
            BpcellsDocs.field(a, "array.length", "length", null, info.length(), "elements");
            BpcellsDocs.field(a, "array.stored_bytes", "stored bytes", null, info.storedBytes() < 0 ? "unknown" : info.storedBytes(), "bytes the array takes in its container");
            if (loc != null) BpcellsDocs.field(a, "array.element_0", "element 0", Span.bytes(loc.dataOffset(), 0), "byte " + loc.dataOffset(), "where the little-endian elements start");
            if (info.problem() != null) BpcellsDocs.field(a, "array.problem", "problem", null, info.problem(), "container-level problem");
            store.describe(name, a);
            for (Diagnostic d : m.diagnosticsOf(name)) a.diagnose(d);
            if (info.type() == ElementType.STRING) {
                try {
                    List<String> strings = store.readStrings(name);
                    a.facet(ValueColumn.class, ArrayColumn.strings(name, strings));
                    a.facet(ValueTracer.class, BpcellsTracer.array(store, info, strings));
                } catch (ReadProblem e) {
                    a.diagnose(Diagnostic.error(null, BpcellsRules.ARRAY_UNREADABLE, e.getMessage()));
                }
            } else if (info.type() != null) {
                a.facet(ValueColumn.class, new ArrayColumn(store, info));
                a.facet(ValueTracer.class, BpcellsTracer.array(store, info, null));
            }
            PackedStream s = streamOf(m, name);
            if (s != null) {
                a.table(MatrixFacts.widthTable("bit widths", "chunks", s.layout()));
                BpcellsDocs.field(a, "array.chunks", "chunks", null, s.layout().chunks(), s.variant().label() + " chunks of 128 values: " + s.variant().meaning());
                a.lazyChildren(s.layout().chunks(), k -> ChunkNodes.chunk(m, s, k));
            }
        }).drillDown(chunked);
    }

    static PackedStream streamOf(BpcellsMatrix m, String arrayName) {
        if (m.indexStream() != null && m.indexStream().dataName().equals(arrayName)) return m.indexStream();
        if (m.valueStream() != null && m.valueStream().dataName().equals(arrayName)) return m.valueStream();
        return null;
    }

    static String meaningOf(String name) {
        return switch (name) {
            case ArrayNames.VAL -> "values of the stored entries, in stored order";
            case ArrayNames.INDEX -> "row (col order) or column (row order) of each entry, 0-based";
            case ArrayNames.IDXPTR -> "entries of column j are idxptr[j] .. idxptr[j+1]-1 (rows for row order)";
            case ArrayNames.SHAPE -> "rows, columns";
            case ArrayNames.ROW_NAMES -> "row names (empty when absent)";
            case ArrayNames.COL_NAMES -> "column names (empty when absent)";
            case ArrayNames.STORAGE_ORDER -> "col (CSC) or row (CSR)";
            case "val_data" -> "BP128-FOR (m1) packed values, 4*bits words per 128-value chunk";
            case "val_idx" -> "first data word of each value chunk, modulo 2^32 (one more entry than chunks)";
            case "val_idx_offsets" -> "chunk numbers from which val_idx gets another 2^32 added, then a sentinel";
            case "index_data" -> "BP128-D1Z packed indices, 4*bits words per 128-value chunk";
            case "index_idx" -> "first data word of each index chunk, modulo 2^32 (one more entry than chunks)";
            case "index_idx_offsets" -> "chunk numbers from which index_idx gets another 2^32 added, then a sentinel";
            case "index_starts" -> "first decoded index of each chunk (the D1 base)";
            default -> "array not defined by the BPCells matrix layout";
        };
    }

    static Node majorsNode(BpcellsMatrix m) {
        boolean rowMajor = m.storageOrder() == StorageOrder.ROW;
        String what = rowMajor ? "rows" : "columns";
        Node n = Node.of(what, "bpcells-" + what);
        n.summary(String.format(Locale.ROOT, "%,d stored %s, each decoded on its own", m.majorCount(), what));
        BpcellsDocs.field(n, "majors.count", "count", null, m.majorCount(), "idxptr intervals");
        n.facet(FieldExplainer.class, BpcellsDocs.DOCS);
        n.lazyChildren(m.majorCount(), j -> majorNode(m, j));
        n.drillDown(true);
        return n;
    }

    static Node majorNode(BpcellsMatrix m, int j) {
        boolean rowMajor = m.storageOrder() == StorageOrder.ROW;
        return Node.lazy(Integer.toString(j), rowMajor ? "bpcells-row" : "bpcells-column", c -> {
            c.facet(FieldExplainer.class, BpcellsDocs.DOCS);
            List<String> names = rowMajor ? m.rowNames() : m.colNames();
            long from = m.majorStart(j);
            long to = m.majorEnd(j);
            c.summary((names.isEmpty() ? "" : names.get(j) + " · ") + PlainText.count(to - from, "entry"));
            if (!names.isEmpty()) BpcellsDocs.field(c, "major.name", "name", null, names.get(j), rowMajor ? "row name" : "column name");
            BpcellsDocs.field(c, "major.entries", "entries", null, from + " .. " + (to - 1), "idxptr[" + j + "] .. idxptr[" + (j + 1) + "]-1");
            BpcellsMatrix.MajorSlice s = m.readMajor(j);
            long bad = 0;
            for (int v : s.minor()) if ((v & 0xffffffffL) >= m.minorDim()) bad++;
            if (bad > 0) {
                c.diagnose(Diagnostic.error(null, SharedRules.INDEX_OUT_OF_RANGE, bad + " entries of this " + (rowMajor ? "row" : "column")
                        + " have an index beyond " + m.minorDim() + " or cannot be decoded (first at " + m.entryPlace(from + firstBad(s, m)) + ")"));
            }
            long[] idx = new long[s.size()];
            for (int i = 0; i < idx.length; i++) idx[i] = s.minor()[i] & 0xffffffffL;
            c.facet(ValueColumn.class, fixed("value", m.valueType(), s.values()));
            c.facet(ValueTracer.class, BpcellsTracer.major(m, j, false));
            c.children(List.of(leaf(rowMajor ? "col" : "row", fixed(rowMajor ? "col" : "row", ValueType.U32, idx),
                            BpcellsTracer.major(m, j, true)),
                    leaf("value", fixed("value", m.valueType(), s.values()), BpcellsTracer.major(m, j, false))));
        });
    }

    private static int firstBad(BpcellsMatrix.MajorSlice s, BpcellsMatrix m) {
        for (int i = 0; i < s.size(); i++) if ((s.minor()[i] & 0xffffffffL) >= m.minorDim()) return i;
        return 0;
    }

    static Node leaf(String name, ValueColumn col, ValueTracer tracer) {
        return Node.of(name, "bpcells-values").summary(col.type().label() + " · " + PlainText.count(col.count(), "value"))
                .facet(ValueColumn.class, col).facet(ValueTracer.class, tracer);
    }

    static ValueColumn fixed(String name, ValueType type, long[] values) {
        return new ValueColumn() {
            @Override public String name() { return name; }
            @Override public ValueType type() { return type; }
            @Override public long count() { return values.length; }
            @Override public void read(long start, long[] dst, int off, int len) {
                System.arraycopy(values, (int) start, dst, off, len);
            }
        };
    }

    static Node entriesNode(BpcellsMatrix m) {
        Node n = Node.of("entries", "bpcells-entries");
        boolean rowMajor = m.storageOrder() == StorageOrder.ROW;
        n.summary(String.format(Locale.ROOT, "%,d (row, col, value) triplets in stored order%s", m.nnz(), rowMajor ? " (row by row)" : ""));
        n.facet(FieldExplainer.class, BpcellsDocs.DOCS);
        BpcellsDocs.field(n, "entries.order", "order", null, rowMajor ? "row, then column" : "column, then row", "order of the triplets: as stored");
        n.facet(ValueColumn.class, new EntriesColumn(m, EntriesColumn.Part.VALUE));
        n.facet(ValueTracer.class, BpcellsTracer.entries(m, EntriesColumn.Part.VALUE));
        List<Node> kids = new ArrayList<>();
        kids.add(leaf("row", new EntriesColumn(m, EntriesColumn.Part.ROW), BpcellsTracer.entries(m, EntriesColumn.Part.ROW)));
        kids.add(leaf("col", new EntriesColumn(m, EntriesColumn.Part.COL), BpcellsTracer.entries(m, EntriesColumn.Part.COL)));
        kids.add(leaf("value", new EntriesColumn(m, EntriesColumn.Part.VALUE), BpcellsTracer.entries(m, EntriesColumn.Part.VALUE)));
        if (!m.rowNames().isEmpty()) kids.add(leaf("row_name", new EntriesColumn(m, EntriesColumn.Part.ROW_NAME), BpcellsTracer.entries(m, EntriesColumn.Part.ROW_NAME)));
        if (!m.colNames().isEmpty()) kids.add(leaf("col_name", new EntriesColumn(m, EntriesColumn.Part.COL_NAME), BpcellsTracer.entries(m, EntriesColumn.Part.COL_NAME)));
        n.children(kids);
        return n;
    }
}
