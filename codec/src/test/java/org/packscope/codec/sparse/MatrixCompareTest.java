package org.packscope.codec.sparse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.packscope.codec.compare.MatrixCompare;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.analysis.TreeDiff;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.testing.Fixtures;

/**
 * A BPCells matrix (written by BPCells) against the AnnData and 10x files holding the same
 * entries (written by anndata and h5py): equal matrices have no differences whatever the
 * container, stored type or orientation; one changed entry is named with its names and
 * both values.
 */
class MatrixCompareTest {
    static final Path BPCELLS = Fixtures.resource("fixtures/bpcells/hdf5_gzip4_packed_uint_col.h5");
    static final Path DIR = SingleCellFixturesTest.DIR;

    static Node at(Path file, String inner) {
        return FormatRegistry.standard().resolve(file + (inner.isEmpty() ? "" : "::" + inner)).target();
    }

    @ParameterizedTest
    @ValueSource(strings = {"pbmc_csr.h5ad::X", "pbmc_csr.h5ad::layers/counts", "pbmc_csr.h5ad::raw/X", "pbmc_csc.h5ad::X",
            "pbmc_dense.h5ad::X", "pbmc_gzip.h5ad::X", "tenx_v3.h5::matrix", "tenx_v3_lzf.h5::matrix", "tenx_v2.h5::GRCh38"})
    void equalMatricesHaveNoDifferences(String address) {
        String[] parts = address.split("::");
        Node bp = at(BPCELLS, "mat"), other = at(DIR.resolve(parts[0]), parts[1]);
        assertTrue(MatrixCompare.applies(bp, other));
        assertEquals(List.of(), MatrixCompare.diff(bp, other, 100, Progress.NONE));
    }

    @Test
    void wholeFilesOfDifferentFormatsCompareTheirMatrices() {
        Node bp = at(BPCELLS, ""), h5ad = at(DIR.resolve("pbmc_csr.h5ad"), ""), tenx = at(DIR.resolve("tenx_v3.h5"), "");
        assertTrue(MatrixCompare.applies(bp, h5ad));
        assertTrue(MatrixCompare.applies(tenx, h5ad));
        assertEquals(List.of(), MatrixCompare.diff(bp, h5ad, 100, Progress.NONE));
        assertTrue(MatrixCompare.heading(bp, h5ad).startsWith("comparing matrices entry by entry: bpcells-matrix mat (100 × 50, u32) with anndata-matrix X (100 × 50, f32)"),
                MatrixCompare.heading(bp, h5ad));
        // two files of one format stay a container comparison
        assertFalse(MatrixCompare.applies(h5ad, at(DIR.resolve("pbmc_csc.h5ad"), "")));
        assertFalse(MatrixCompare.applies(at(BPCELLS, "mat"), at(BPCELLS, "mat")), "two BPCells matrices keep the structural diff");
    }

    @Test
    void oneChangedEntryIsNamed() throws IOException {
        JsonNode change = SingleCellFixturesTest.manifest().get("changed_entry");
        List<TreeDiff.Difference> d = MatrixCompare.diff(at(BPCELLS, "mat"), at(DIR.resolve("pbmc_changed.h5ad"), "X"), 100, Progress.NONE);
        assertEquals(1, d.size(), d.toString());
        TreeDiff.Difference x = d.get(0);
        assertEquals("entry (row " + change.get("row").asInt() + " " + change.get("row_name").asText() + ", col "
                + change.get("col").asInt() + " " + change.get("col_name").asText() + ")", x.path());
        assertEquals("values differ", x.what());
        assertEquals("2", x.left());
        assertEquals("1002", x.right());
    }

    @Test
    void aTransposedSideIsComparedTransposed() {
        Node h5ad = at(DIR.resolve("pbmc_csr.h5ad"), "X");
        SparseMatrix m = h5ad.facet(SparseMatrix.class);
        Node t = Node.of("t", "test-matrix").facet(SparseMatrix.class, transpose(m, 7, 3));
        List<TreeDiff.Difference> d = MatrixCompare.diff(at(BPCELLS, "mat"), t, 100, Progress.NONE);
        assertEquals(1, d.size(), d.toString());
        assertTrue(d.get(0).path().startsWith("entry (row 3 GENE_0004, col 7 cell0008)"), d.get(0).path());
        assertTrue(d.get(0).what().startsWith("stored on the"), d.get(0).what());
    }

    @Test
    void differentShapesStopAtTheShape() {
        List<TreeDiff.Difference> d = MatrixCompare.diff(at(BPCELLS, "mat"), at(DIR.resolve("pbmc_csr.h5ad"), "obsm/X_pca"), 100, Progress.NONE);
        assertEquals(1, d.size());
        assertEquals("shape", d.get(0).path());
        assertEquals("100 × 3", d.get(0).right());
        assertNull(MatrixCompare.matrixNode(Node.of("empty", "folder")));
    }

    /** The transpose of {@code m} with cell (row r, col c) of the original toggled: dropped if stored, else added as 1. */
    static SparseMatrix transpose(SparseMatrix m, long toggleCol, long toggleRow) {
        return new SparseMatrix() {
            @Override public long rows() { return m.cols(); }
            @Override public long cols() { return m.rows(); }
            @Override public long nnz() { return m.nnz(); }
            @Override public ValueType valueType() { return m.valueType(); }
            @Override public List<String> rowNames() { return m.colNames(); }
            @Override public List<String> colNames() { return m.rowNames(); }
            @Override public void forEachEntry(EntryVisitor v, Progress p) {
                forEachEntryIn(0, rows(), 0, cols(), v, p);
            }
            @Override public long forEachEntryIn(long r0, long r1, long c0, long c1, EntryVisitor v, Progress p) {
                boolean[] seen = {false};
                m.forEachEntryIn(c0, c1, r0, r1, (r, c, x) -> {
                    if (r == toggleRow && c == toggleCol) seen[0] = true; else v.entry(c, r, x);
                }, p);
                boolean inside = toggleCol >= r0 && toggleCol < r1 && toggleRow >= c0 && toggleRow < c1;
                if (inside && !seen[0]) v.entry(toggleCol, toggleRow, Float.floatToRawIntBits(1f));
                return nnz();
            }
        };
    }
}
