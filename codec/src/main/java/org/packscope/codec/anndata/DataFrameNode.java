package org.packscope.codec.anndata;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.packscope.codec.hdf5.Hdf5Dataset;
import org.packscope.codec.hdf5.Hdf5Group;
import org.packscope.codec.hdf5.Hdf5Object;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.sparse.H5Text;
import org.packscope.codec.sparse.H5Vector;
import org.packscope.codec.sparse.MatrixNodes;

/**
 * An AnnData dataframe (obs, var): its index and columns as one table, and each column
 * as a child with its values. A categorical column shows its categories, not its codes:
 * anndata ≥ 0.8 stores it as a group of {@code codes} and {@code categories}, 0.7 as a
 * code dataset with the categories in {@code __categories/<column>}.
 */
final class DataFrameNode {
    /** Rows the table shows at most; the column children hold every value. */
    static final int TABLE_ROWS = 10_000;

    private DataFrameNode() { }

    static void fill(Node n, Hdf5Group g, Path file) {
        n.source(MatrixNodes.fileSource(file));
        String indexName = H5Text.attr(g, "_index");
        if (indexName == null) indexName = "_index";
        List<String> index = H5Text.strings(H5Text.child(g, indexName), null);
        Map<String, List<String>> cols = new LinkedHashMap<>();
        List<Node> kids = new ArrayList<>();
        kids.add(Node.of(indexName, "anndata-column").summary(String.format(Locale.ROOT, "index · %,d names", index.size()))
                .facet(ValueColumn.class, ValueColumn.texts(indexName, index)));
        for (String name : columnOrder(g, indexName)) {
            Hdf5Object member = H5Text.child(g, name);
            if (member == null) {
                n.diagnose(Diagnostic.warning(null, AnndataRules.DATAFRAME_COLUMN_MISSING, "column-order names " + name + " but the group has no such member"));
                continue;
            }
            Node col = column(g, name, member);
            if (col == null) continue;
            ValueColumn values = col.values();
            if (values != null && values.count() != index.size()) {
                n.diagnose(Diagnostic.error(null, AnndataRules.DATAFRAME_LENGTH_MISMATCH, "column " + name + " has " + values.count()
                        + " values but the index has " + index.size() + " names"));
            }
            if (values != null) cols.put(name, texts(values, TABLE_ROWS));
            if (member instanceof Hdf5Dataset codes && col.kind().equals("anndata-categorical")) {
                // an older categorical is a dataset of codes: the table shows the categories, the
                // column keeps the dataset's own values, as every HDF5 reader reads them
                H5Vector v = H5Vector.of(codes);
                if (v != null) col.facet(ValueColumn.class, v.column());
            }
            kids.add(col);
        }
        n.summary(String.format(Locale.ROOT, "dataframe · %,d rows · %d column%s", index.size(), cols.size(), cols.size() == 1 ? "" : "s"));
        n.field("index", null, indexName + " · " + index.size() + " names", "the _index attribute names the dataset holding the row names");
        n.field("columns", null, String.join(", ", cols.keySet()), "in column-order");
        n.table(table(indexName, index, cols));
        n.children(kids);
    }

    /** The columns in the order the {@code column-order} attribute gives, else every member but the index. */
    private static List<String> columnOrder(Hdf5Group g, String indexName) {
        List<String> out = new ArrayList<>(g.attributeStrings("column-order"));
        if (out.isEmpty()) {
            for (String k : g.members().keySet()) if (!k.equals(indexName) && !k.equals("__categories")) out.add(k);
        }
        return out;
    }

    /** One column as a node: numeric values, strings, or a categorical's categories per row. */
    private static Node column(Hdf5Group df, String name, Hdf5Object member) {
        if (member instanceof Hdf5Group cat && "categorical".equals(H5Text.attr(cat, "encoding-type"))) {
            return categorical(name, H5Vector.of(H5Text.child(cat, "codes")), H5Text.strings(H5Text.child(cat, "categories"), null));
        }
        if (H5Text.isText(member)) {
            List<String> s = H5Text.strings(member, null);
            return Node.of(name, "anndata-column").summary(String.format(Locale.ROOT, "text · %,d values", s.size()))
                    .facet(ValueColumn.class, ValueColumn.texts(name, s));
        }
        H5Vector v = H5Vector.of(member);
        if (v == null) return null;
        Hdf5Object cats = H5Text.child(df, "__categories");
        if (cats instanceof Hdf5Group cg && H5Text.child(cg, name) instanceof Hdf5Dataset) {
            return categorical(name, v, H5Text.strings(H5Text.child(cg, name), null));
        }
        return Node.of(name, "anndata-column").summary(String.format(Locale.ROOT, "%s · %,d values", v.type().label(), v.length()))
                .facet(ValueColumn.class, v.column());
    }

    private static Node categorical(String name, H5Vector codes, List<String> categories) {
        Node n = Node.of(name, "anndata-categorical");
        if (codes == null || codes.length() > H5Text.MAX_NAMES) {
            return n.diagnose(Diagnostic.error(null, AnndataRules.CATEGORICAL_UNREADABLE, "categorical column " + name + " has no readable codes"));
        }
        long[] raw = codes.readAll();
        List<String> values = new ArrayList<>(raw.length);
        long bad = 0;
        for (long r : raw) {
            long c = codes.asLong(r);
            if (c == -1) values.add("");
            else if (c < 0 || c >= categories.size()) {
                values.add("?" + c);
                bad++;
            } else values.add(categories.get((int) c));
        }
        if (bad > 0) n.diagnose(Diagnostic.error(null, AnndataRules.CATEGORY_CODE_OUT_OF_RANGE, bad + " codes of " + codes.path()
                + " are not a category number 0.." + (categories.size() - 1) + " (or -1 for missing)"));
        n.summary(String.format(Locale.ROOT, "categorical · %,d values · %s (%s)", raw.length, PlainText.count(categories.size(), "category"),
                String.join(", ", categories.subList(0, Math.min(5, categories.size()))) + (categories.size() > 5 ? ", …" : "")));
        n.field("codes", null, codes.path() + " · " + codes.type().label(), "category number per row; -1 means missing");
        n.field("categories", null, categories.size(), "the values the codes stand for");
        return n.facet(ValueColumn.class, ValueColumn.texts(name, values));
    }

    private static List<String> texts(ValueColumn c, int max) {
        int n = (int) Math.min(max, c.count());
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) out.add(c.text(i));
        return out;
    }

    private static DataTable table(String indexName, List<String> index, Map<String, List<String>> cols) {
        List<String> header = new ArrayList<>();
        header.add(indexName);
        header.addAll(cols.keySet());
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < Math.min(TABLE_ROWS, index.size()); i++) {
            List<Object> row = new ArrayList<>();
            row.add(index.get(i));
            for (List<String> c : cols.values()) row.add(i < c.size() ? c.get(i) : "");
            rows.add(row);
        }
        return DataTable.of("dataframe", header, rows);
    }
}
