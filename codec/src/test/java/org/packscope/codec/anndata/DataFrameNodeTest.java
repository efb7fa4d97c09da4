package org.packscope.codec.anndata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.testing.Fixtures;

/** obs / var dataframes: the index and columns as a table, categoricals shown as their categories. */
class DataFrameNodeTest {

    @Test
    void obsShowsCategoriesNotCodes() {
        Path h5ad = Fixtures.resource("fixtures/singlecell/pbmc_csr.h5ad");
        Node obs = FormatRegistry.standard().resolve(h5ad + "::obs").target();
        assertEquals("anndata-dataframe", obs.kind());
        assertEquals("dataframe · 100 rows · 2 columns", obs.summary());
        assertEquals(List.of(), obs.diagnostics());
        DataTable t = obs.tables().get(0);
        assertEquals(List.of("_index", "group", "n_counts"), t.columns());
        assertEquals("GENE_0001", t.rows().get(0).get(0));
        assertTrue(Set.of("T cell", "B cell", "NK").contains(t.rows().get(0).get(1)), t.rows().get(0).toString());
        Node group = obs.child("group");
        assertEquals("anndata-categorical", group.kind());
        ValueColumn values = group.values();
        assertEquals(100, values.count());
        for (int i = 0; i < 100; i++) assertTrue(Set.of("T cell", "B cell", "NK").contains(values.text(i)), values.text(i));
        assertTrue(group.summary().startsWith("categorical · 100 values · 3 categories ("), group.summary());
        Node var = FormatRegistry.standard().resolve(h5ad + "::var").target();
        assertEquals("dataframe · 50 rows · 1 column", var.summary());
        assertEquals("Gene Expression", var.child("feature_type").values().text(49));
    }

    @Test
    void anndata07KeepsCategoriesApart() {
        Path p = org.packscope.codec.sparse.SingleCellRealWorldTest.realWorld("anndata/adata-v0.7.8.h5ad");
        Node obs = FormatRegistry.standard().resolve(p + "::obs").target();
        assertEquals("anndata-dataframe", obs.kind());
        Node cat = obs.child("obs_cat");
        assertEquals("anndata-categorical", cat.kind(), cat.diagnostics().toString());
        assertEquals(List.of(), cat.diagnostics());
        assertEquals(30, cat.values().count());
    }
}
