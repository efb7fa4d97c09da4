package org.packscope.codec.rds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;

/** Hand-built BPCells objects: what a user-built matrix may contain beyond the fixtures. */
class BpcellsRdsSyntheticTest {
    @TempDir
    Path tmp;

    /** UnpackedMatrixMem_uint32_t, 2 x 3, with the given dimnames writer. */
    private static XdrWriter matrix(java.util.function.Consumer<XdrWriter> dimnames, String version, String idxptrType) {
        XdrWriter w = XdrWriter.v3().i32(0x00010319);
        w.cell().sym("val").ints(1, 0x80000000, 7);
        w.cell().sym("index").ints(0, 1, 1);
        w.cell().sym("idxptr");
        if (idxptrType.equals("double")) w.reals(0, 1, 2, 3); else w.ints(0, 1, 2, 3);
        w.cell().sym("version").strings(version);
        w.cell().sym("dim").ints(2, 3);
        w.cell().sym("transpose").i32(RFlags.LGLSXP).i32(1).i32(0);
        w.cell().sym("dimnames");
        dimnames.accept(w);
        w.cell().sym("class").flags(RFlags.STRSXP, false, true, false, 0).i32(1).ascii("UnpackedMatrixMem_uint32_t")
                .cell().sym("package").strings("BPCells").nil();
        return w.nil();
    }

    private Node open(XdrWriter w) throws IOException {
        Path p = tmp.resolve("m.rds");
        Files.write(p, w.gzip());
        return FormatRegistry.standard().open(p);
    }

    private static List<long[]> entries(SparseMatrix m) {
        List<long[]> out = new ArrayList<>();
        m.forEachEntry((r, c, v) -> out.add(new long[] {r, c, v}), Progress.NONE);
        return out;
    }

    @Test
    void altrepColumnNamesAndTheNaBitPattern() throws IOException {
        Node root = open(matrix(w -> {
            w.i32(RFlags.VECSXP).i32(2).nil();
            w.i32(RFlags.ALTREP_SXP).i32(RFlags.LISTSXP).sym("deferred_string").i32(RFlags.LISTSXP).sym("base")
                    .i32(RFlags.LISTSXP).ints(RFlags.STRSXP).nil();
            w.i32(RFlags.LISTSXP).i32(RFlags.ALTREP_SXP).i32(RFlags.LISTSXP).sym("compact_intseq")
                    .i32(RFlags.LISTSXP).ref(9).i32(RFlags.LISTSXP).ints(RFlags.INTSXP).nil()
                    .reals(3, 1, 1).nil();
            w.ints(0).nil();
        }, "unpacked-uint-matrix-v2", "double"));
        SparseMatrix m = root.facet(SparseMatrix.class);
        assertNotNull(m, () -> root.diagnostics() + " " + root.child("object").diagnostics());
        assertEquals(List.of(), m.rowNames());
        assertEquals(List.of("1", "2", "3"), m.colNames());
        List<long[]> e = entries(m);
        assertEquals(3, e.size());
        assertEquals(List.of(1L, 1L, 2147483648L), List.of(e.get(1)[0], e.get(1)[1], e.get(1)[2]));
        assertEquals(7L, e.get(2)[2]);
        Node colNames = root.child("col_names");
        assertTrue(RdsFixturesTest.field(colNames, "R type").value().startsWith("ALTREP deferred_string"));
        assertEquals(List.of("altrep_expanded", "altrep_expanded"),
                root.child("object").diagnostics().stream().map(Diagnostic::rule).toList());
    }

    @Test
    void wrongIdxptrTypeIsASlotProblem() throws IOException {
        XdrWriter w = matrix(x -> x.i32(RFlags.VECSXP).i32(2).nil().nil(), "unpacked-uint-matrix-v2", "integer");
        Node root = open(w);
        Diagnostic d = root.child("object").diagnostics().get(0);
        assertEquals("bpcells_slot_type", d.rule());
        assertTrue(d.message().contains("slot idxptr should be R double but is integer of length 4"), d.message());
        assertNull(root.facet(SparseMatrix.class));
    }

    @Test
    void versionOneKeepsIdxptrInIntegers() throws IOException {
        Node root = open(matrix(x -> x.i32(RFlags.VECSXP).i32(2).nil().nil(), "unpacked-uint-matrix-v1", "integer"));
        assertEquals(List.of(), root.child("object").diagnostics());
        assertEquals(3, entries(root.facet(SparseMatrix.class)).size());
    }

    @Test
    void classAndVersionDisagree() throws IOException {
        Node root = open(matrix(x -> x.i32(RFlags.VECSXP).i32(2).nil().nil(), "unpacked-double-matrix-v2", "double"));
        List<String> rules = root.child("object").diagnostics().stream().map(Diagnostic::rule).toList();
        assertTrue(rules.contains("bpcells_class_version_mismatch"), rules.toString());
        assertTrue(rules.contains("bpcells_slot_type"), rules.toString()); // val is integer, double needs double
    }
}
