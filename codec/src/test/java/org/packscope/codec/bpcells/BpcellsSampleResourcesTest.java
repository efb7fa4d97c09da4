package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;

/** The samples the app opens (repo-root resources/bpcells): good ones are clean, the damaged one is diagnosed. */
class BpcellsSampleResourcesTest {
    static final Path DIR = Path.of("../resources/bpcells");

    @Test
    void samples() {
        Assumptions.assumeTrue(Files.isDirectory(DIR));
        for (String good : List.of("tiny_packed_uint_col_dir_names", "small_packed_float_row_dir_rownames")) {
            Node n = FormatRegistry.standard().open(DIR.resolve(good));
            assertEquals("bpcells-matrix", n.kind());
            assertEquals(List.of(), n.diagnostics());
        }
        Node multi = FormatRegistry.standard().open(DIR.resolve("multi.h5"));
        assertEquals("bpcells-matrix", multi.find("mats/a").kind());

        Node damaged = FormatRegistry.standard().open(DIR.resolve("medium_packed_uint_col_dir_names-damaged"));
        Set<String> rules = damaged.diagnostics().stream().map(Diagnostic::rule).collect(Collectors.toSet());
        assertEquals(Set.of("idxptr_not_monotone", "bp128_bad_chunk_width"), rules);
        Diagnostic d = damaged.diagnostics().stream().filter(x -> x.rule().equals("idxptr_not_monotone")).findFirst().orElseThrow();
        assertTrue(d.message().startsWith("idxptr[100] (byte 808): "), d.message());
        SparseMatrix m = damaged.facet(SparseMatrix.class);
        long[] n = {0};
        m.forEachEntry((r, c, v) -> n[0]++, Progress.NONE);
        assertEquals(30000 - 2 * 128, n[0], "the two chunks around the broken idx entry are skipped, the rest decodes");
        List<Diagnostic> found = new ArrayList<>();
        ((BpcellsMatrix) m).verify(found::add, Progress.NONE);
        assertTrue(found.stream().anyMatch(x -> x.rule().equals("entries_undecodable") && x.message().startsWith("256 entries")), found.toString());
    }
}
