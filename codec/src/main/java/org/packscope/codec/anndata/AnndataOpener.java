package org.packscope.codec.anndata;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.packscope.codec.hdf5.Hdf5Dataset;
import org.packscope.codec.hdf5.Hdf5Group;
import org.packscope.codec.hdf5.Hdf5GroupOpener;
import org.packscope.codec.hdf5.Hdf5Object;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.sparse.CompressedMatrix;
import org.packscope.codec.sparse.DenseMatrix;
import org.packscope.codec.sparse.H5Text;
import org.packscope.codec.sparse.H5Vector;
import org.packscope.codec.sparse.MatrixNodes;

/**
 * AnnData (.h5ad) inside the HDF5 browser: sparse matrices (groups whose
 * {@code encoding-type} is {@code csr_matrix} / {@code csc_matrix}, or the
 * {@code h5sparse_format} of files before anndata 0.7), dense 2-D matrices at the
 * places AnnData keeps them ({@code X}, {@code layers/*}, {@code obsm/*}, ...), and
 * {@code dataframe} groups (obs, var) as tables.
 */
public final class AnndataOpener implements Hdf5GroupOpener {

    @Override public String displayName() { return "AnnData (.h5ad, anndata 0.5–0.11)"; }

    @Override
    public boolean accepts(Hdf5Group group) {
        return sparseFormat(group) != null || "dataframe".equals(H5Text.attr(group, "encoding-type"));
    }

    /** "csr" or "csc", or null when the group is not an AnnData sparse matrix. */
    static String sparseFormat(Hdf5Group g) {
        String enc = H5Text.attr(g, "encoding-type");
        if ("csr_matrix".equals(enc)) return "csr";
        if ("csc_matrix".equals(enc)) return "csc";
        String old = H5Text.attr(g, "h5sparse_format");
        return "csr".equals(old) || "csc".equals(old) ? old : null;
    }

    @Override
    public Node open(Hdf5Group group, Path file) {
        return Node.lazy(group.name(), sparseFormat(group) == null ? "anndata-dataframe" : "anndata-matrix", n -> fill(n, group, file));
    }

    /** Fills a node with the group: a dataframe as a table, a sparse matrix with the matrix views. */
    public void fill(Node n, Hdf5Group group, Path file) {
        String fmt = sparseFormat(group);
        if (fmt == null) {
            DataFrameNode.fill(n, group, file);
            return;
        }
        long[] shape = H5Text.attrLongs(group, "shape");
        String shapeWhere = "shape attribute of " + H5Text.path(group);
        if (shape == null) {
            shape = H5Text.attrLongs(group, "h5sparse_shape");
            shapeWhere = "h5sparse_shape attribute of " + H5Text.path(group);
        }
        if (shape == null || shape.length != 2) shape = new long[] {-1, -1};
        List<String>[] names = names(group);
        CompressedMatrix m = CompressedMatrix.open(new CompressedMatrix.Spec(
                H5Vector.of(H5Text.child(group, "data")), H5Vector.of(H5Text.child(group, "indices")), H5Vector.of(H5Text.child(group, "indptr")),
                shape[0], shape[1], fmt.equals("csr"), names[0], names[1],
                group.name().toLowerCase(Locale.ROOT).contains("count"), shapeWhere, null, null));
        MatrixNodes.fill(n, m, "AnnData " + fmt + "_matrix", MatrixNodes.fileSource(file));
    }

    @Override
    public Node openDataset(Hdf5Dataset dataset, Path file) {
        try {
            if (dataset.dims().length != 2 || AnndataNames.frames(H5Text.path(dataset)) == null
                    || !AnndataNames.isAnndata(dataset.root())) return null;
        } catch (RuntimeException e) {
            return null;
        }
        List<String>[] names = names(dataset);
        DenseMatrix m = DenseMatrix.of(dataset, names[0], names[1]);
        if (m == null) return null;
        return Node.lazy(dataset.name(), "anndata-matrix", n -> MatrixNodes.fill(n, m, "AnnData dense array", MatrixNodes.fileSource(file)));
    }

    @SuppressWarnings("unchecked")
    private static List<String>[] names(Hdf5Object node) {
        String[] frames = AnndataNames.frames(H5Text.path(node));
        if (frames == null) return new List[] {List.of(), List.of()};
        Hdf5Group root = node.root();
        return new List[] {AnndataNames.index(root, frames[0]), AnndataNames.index(root, frames[1])};
    }
}
