package org.packscope.codec.sparse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.testing.Fixtures;

/** Real AnnData and 10x files by others (shared/realworld, read in place; skipped without it) open as matrices. */
public class SingleCellRealWorldTest {

    /** A file under shared/realworld/hdf5; the test is skipped when the shared folder is absent. */
    public static Path realWorld(String relative) {
        Path p = Fixtures.shared().map(s -> s.resolve("realworld/hdf5").resolve(relative)).orElse(null);
        Assumptions.assumeTrue(p != null && Files.isRegularFile(p), "shared/realworld not present beside the checkout");
        return p;
    }

    @ParameterizedTest(name = "{0}::{1}")
    @CsvSource({
            "anndata/adata-v0.5.0.h5ad, X, 700, 765, anndata-matrix, true",
            "anndata/adata-v0.5.0.h5ad, raw.X, 700, 765, anndata-matrix, true",
            "anndata/adata-v0.7.0.h5ad, X, 30, 20, anndata-matrix, true",
            "anndata/adata-v0.7.0.h5ad, layers/array, 30, 20, anndata-matrix, true",
            "anndata/adata-v0.7.0.h5ad, raw/X, 30, 40, anndata-matrix, true",
            "anndata/adata-v0.7.8.h5ad, X, 30, 20, anndata-matrix, true",
            "anndata/adata-v0.7.8.h5ad, obsm/sparse, 30, 100, anndata-matrix, false",
            "scanpy/10x_data_1.2.0_filtered_gene_bc_matrices_h5.h5, hg19_chr21, 343, 12, tenx-matrix, true",
            "scanpy/10x_data_1.2.0_multiple_genomes.h5, another_genome, 343, 12, tenx-matrix, true",
            "scanpy/10x_data_3.0.0_filtered_feature_bc_matrix.h5, matrix, 507, 1107, tenx-matrix, true",
            "scanpy/visium_data_1.0.0_filtered_feature_bc_matrix.h5, matrix, 100, 100, tenx-matrix, true",
            "scanpy/visium_data_2.1.0_raw_probe_bc_matrix.h5, matrix, 1000, 4987, tenx-matrix, true",
    })
    void opensAsMatrix(String file, String address, long rows, long cols, String kind, boolean colNames) {
        Path p = realWorld(file);
        Node n = FormatRegistry.standard().resolve(p + "::" + address).target();
        assertNotNull(n);
        assertEquals(kind, n.kind());
        SparseMatrix m = n.facet(SparseMatrix.class);
        assertNotNull(m, n.diagnostics().toString());
        assertEquals(rows, m.rows());
        assertEquals(cols, m.cols());
        assertEquals(rows, m.rowNames().size(), "row names");
        assertEquals(colNames ? cols : 0, m.colNames().size(), "column names");
        List<Diagnostic> errors = n.diagnostics().stream().filter(d -> d.severity() == org.packscope.codec.inspect.Severity.ERROR).toList();
        assertEquals(List.of(), errors);
        long[] count = {0};
        long[] prev = {-1, -1};
        boolean[] ordered = {true};
        m.forEachEntry((r, c, v) -> {
            // (column, row) order even where the file stores a column's rows in any order (CellRanger, anndata 0.5)
            if (c < prev[0] || c == prev[0] && r <= prev[1]) ordered[0] = false;
            prev[0] = c;
            prev[1] = r;
            count[0]++;
        }, Progress.NONE);
        assertTrue(ordered[0], "entries in (column, row) order");
        assertEquals(m.nnz(), count[0]);
        assertTrue(count[0] > 0);
    }
}
