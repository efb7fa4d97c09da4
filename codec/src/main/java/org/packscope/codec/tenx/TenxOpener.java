package org.packscope.codec.tenx;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.hdf5.Hdf5Dataset;
import org.packscope.codec.hdf5.Hdf5Group;
import org.packscope.codec.hdf5.Hdf5GroupOpener;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.sparse.CompressedMatrix;
import org.packscope.codec.sparse.H5Text;
import org.packscope.codec.sparse.H5Vector;
import org.packscope.codec.sparse.MatrixNodes;

/**
 * 10x Genomics feature-barcode matrices (CellRanger / SpaceRanger HDF5): a group with
 * {@code data}, {@code indices}, {@code indptr}, {@code shape} and {@code barcodes},
 * stored CSC with features as rows and barcodes as columns. Version 3 keeps the
 * features in a {@code features} group (id, name, feature_type, genome); version 2
 * has one such group per genome with {@code genes} and {@code gene_names}.
 */
public final class TenxOpener implements Hdf5GroupOpener {
    /** Feature rows the features table shows at most. */
    static final int TABLE_ROWS = 10_000;

    @Override public String displayName() { return "10x Genomics feature-barcode matrix (CellRanger / SpaceRanger)"; }

    @Override
    public boolean accepts(Hdf5Group group) {
        for (String k : List.of("data", "indices", "indptr", "shape", "barcodes")) {
            if (!(H5Text.child(group, k) instanceof Hdf5Dataset)) return false;
        }
        return H5Text.child(group, "features") instanceof Hdf5Group || H5Text.child(group, "genes") instanceof Hdf5Dataset
                || H5Text.child(group, "gene_names") instanceof Hdf5Dataset;
    }

    @Override
    public Node open(Hdf5Group group, Path file) {
        return Node.lazy(group.name(), "tenx-matrix", n -> fill(n, group, file));
    }

    /** Fills a node with the matrix group's matrix views, features table and barcodes. */
    public void fill(Node n, Hdf5Group group, Path file) {
        Hdf5Group v3features = group.group("features");
        boolean v3 = v3features != null;
        Hdf5Group features = v3 ? v3features : group;
        List<String> names = H5Text.strings(H5Text.child(features, v3 ? "name" : "gene_names"), null);
        List<String> ids = H5Text.strings(H5Text.child(features, v3 ? "id" : "genes"), null);
        if (names.isEmpty()) names = ids;
        List<String> barcodes = H5Text.strings(H5Text.child(group, "barcodes"), null);
        H5Vector shape = H5Vector.of(H5Text.child(group, "shape"));
        long[] dims = shape != null && shape.length() == 2 ? shape.readAll() : new long[] {-1, -1};
        CompressedMatrix m = CompressedMatrix.open(new CompressedMatrix.Spec(
                H5Vector.of(H5Text.child(group, "data")), H5Vector.of(H5Text.child(group, "indices")), H5Vector.of(H5Text.child(group, "indptr")),
                shape == null ? -1 : shape.asLong(dims[0]), shape == null ? -1 : shape.asLong(dims[1]), false, names, barcodes, true,
                "the shape dataset " + H5Text.path(group) + "/shape", place(shape, 0), place(shape, 1)));
        MatrixNodes.fill(n, m, v3 ? "10x Genomics v3 (features × barcodes)" : "10x Genomics v2 (genes × barcodes)", MatrixNodes.fileSource(file));
        n.field("barcodes", null, barcodes.size(), "column names: one per cell barcode");
        if (v3) n.table(featureTable(features));
    }

    private static Span place(H5Vector v, int i) {
        if (v == null) return null;
        Span s = v.place(i);
        return s == null ? null : Span.bytes(s.byteOffset(), s.byteLength());
    }

    private static DataTable featureTable(Hdf5Group features) {
        List<String> header = new ArrayList<>();
        List<List<String>> cols = new ArrayList<>();
        for (String k : List.of("id", "name", "feature_type", "genome")) {
            List<String> c = H5Text.strings(H5Text.child(features, k), null);
            if (c.isEmpty()) continue;
            header.add(k);
            cols.add(c);
        }
        List<List<Object>> rows = new ArrayList<>();
        int n = cols.isEmpty() ? 0 : Math.min(TABLE_ROWS, cols.get(0).size());
        for (int i = 0; i < n; i++) {
            List<Object> row = new ArrayList<>();
            for (List<String> c : cols) row.add(i < c.size() ? c.get(i) : "");
            rows.add(row);
        }
        return DataTable.of("features", header, rows);
    }
}
