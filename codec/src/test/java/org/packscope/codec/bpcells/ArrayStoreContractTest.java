package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.jhdf.HdfFile;
import org.packscope.codec.hdf5.Hdf5Group;
import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.testing.Fixtures;

/**
 * The ArrayStore seam as another container (an R object) would use it: a store that
 * is not addressable and may lack arrays still gives a decoded matrix and a node tree.
 */
class ArrayStoreContractTest {

    /** Wraps a store, hiding some arrays and every location (as an R-object store would). */
    record Hiding(ArrayStore base, Set<String> hidden) implements ArrayStore {
        public String description() { return "hiding " + base.description(); }
        public List<String> arrayNames() { return base.arrayNames().stream().filter(n -> !hidden.contains(n)).toList(); }
        public ArrayInfo info(String name) {
            if (hidden.contains(name)) return null;
            ArrayInfo i = base.info(name);
            return i == null ? null : new ArrayInfo(i.name(), i.type(), i.length(), -1, null, i.problem());
        }
        public void readInts(String name, long start, int[] dst, int off, int len) {
            if (hidden.contains(name)) throw ArrayStore.unreadable(-1, "hidden");
            base.readInts(name, start, dst, off, len);
        }
        public void readLongs(String name, long start, long[] dst, int off, int len) {
            if (hidden.contains(name)) throw ArrayStore.unreadable(-1, "hidden");
            base.readLongs(name, start, dst, off, len);
        }
        public List<String> readStrings(String name) { return base.readStrings(name); }
    }

    static List<long[]> entries(SparseMatrix m) {
        List<long[]> out = new ArrayList<>();
        m.forEachEntry((r, c, v) -> out.add(new long[] {r, c, v}), Progress.NONE);
        return out;
    }

    @Test
    void hdf5StoreBehindTheInterface() throws Exception {
        Path file = Fixtures.resource("fixtures/bpcells/small_packed_uint_col_hdf5.h5");
        try (HdfFile h = new HdfFile(file)) {
            Hdf5Group g = (Hdf5Group) Hdf5Group.rootOf(h).at("/data/sub/matrix");
            Hdf5ArrayStore store = new Hdf5ArrayStore(g, "x", null);
            assertEquals("packed-uint-matrix-v2", Hdf5ArrayStore.readVersion(g));
            assertEquals(ElementType.UINT64, store.info("idxptr").type());
            assertEquals(51, store.info("idxptr").length());
            assertNull(store.info("nothing"));
            assertThrows(ReadProblem.class, () -> store.readInts("idxptr", 0, new int[1], 0, 1));
            ReadProblem e = assertThrows(ReadProblem.class, () -> store.readLongs("idxptr", 50, new long[2], 0, 2));
            assertEquals("array_unreadable", e.rule());
            assertTrue(e.getMessage().startsWith("idxptr has 51 elements"), e.getMessage());

            BpcellsMatrix full = BpcellsMatrix.open(store, Hdf5ArrayStore.readVersion(g));
            List<long[]> expected = entries(full);
            assertEquals(500, expected.size());

            BpcellsMatrix unaddressable = BpcellsMatrix.open(new Hiding(store, Set.of()), "packed-uint-matrix-v2");
            assertEquals(List.of(), unaddressable.diagnostics());
            List<long[]> got = entries(unaddressable);
            for (int i = 0; i < got.size(); i++) assertTrue(java.util.Arrays.equals(expected.get(i), got.get(i)));

            BpcellsMatrix missing = BpcellsMatrix.open(new Hiding(store, Set.of("index_starts")), "packed-uint-matrix-v2");
            assertFalse(missing.readable());
            assertEquals("missing_array", missing.diagnostics().get(0).rule());
            assertEquals("missing_array", missing.diagnosticsOf("index_starts").get(0).rule());

            Node n = BpcellsNodes.matrixNode("m", new Hiding(store, Set.of()), "packed-uint-matrix-v2");
            assertEquals("bpcells-matrix", n.kind());
            assertEquals(List.of(), n.diagnostics());
            Node chunk = n.find("index_data/chunk_0");
            assertNull(chunk.span());
            assertEquals(500, n.values().count());
        }
    }

    @Test
    void expectedTypesByName() {
        MatrixVersion v1 = MatrixVersion.parse("packed-float-matrix-v1").orElseThrow();
        assertEquals(ElementType.UINT32, ArrayNames.expectedType("idxptr", v1));
        assertEquals(ElementType.FLOAT32, ArrayNames.expectedType("val", v1));
        assertEquals(List.of("val", "index_data", "index_idx", "index_starts", "idxptr", "shape", "row_names", "col_names", "storage_order"),
                ArrayNames.required(v1));
        MatrixVersion v2 = MatrixVersion.parse(" packed-uint-matrix-v2\n").orElseThrow();
        assertEquals(ElementType.UINT64, ArrayNames.expectedType("idxptr", v2));
        assertEquals(ElementType.UINT64, ArrayNames.expectedType("val_idx_offsets", v2));
        assertTrue(MatrixVersion.parse("packed-uint-matrix-v3").isEmpty());
        assertTrue(MatrixVersion.looksLikeMatrixVersion("packed-uint-matrix-v3"));
        assertTrue(MatrixVersion.parse("packed-int-matrix-v2").isEmpty());
    }
}
