package org.packscope.codec.hdf5.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

import io.jhdf.HdfFile;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.testing.Python3;

/**
 * The writer's own types and shapes, read back through jhdf against the values given:
 * signed and unsigned integers of both widths with their extremes, floats by bit pattern,
 * empty datasets, a group of more links than HDF5's default compact maximum with non-ASCII
 * names, strings of several heap collections (by count and by bytes, one string larger
 * than a collection's target), and PackScope's HDF5 reader and structure check finding
 * nothing wrong.
 */
class Hdf5FileWriterTest {

    @Test
    void everyTypeReadsBackAsWritten(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("t.h5");
        int[] i32 = {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 12345};
        long[] i64 = {0, -1, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 40};
        float[] f32 = {0f, -0f, 1.5f, Float.NaN, Float.NEGATIVE_INFINITY, Float.MIN_VALUE};
        double[] f64 = {0d, -0d, Math.PI, Double.NaN, Double.POSITIVE_INFINITY, Double.MIN_VALUE};
        int[] f32bits = new int[f32.length];
        for (int i = 0; i < f32.length; i++) f32bits[i] = Float.floatToRawIntBits(f32[i]);
        long[] f64bits = new long[f64.length];
        for (int i = 0; i < f64.length; i++) f64bits[i] = Double.doubleToRawLongBits(f64[i]);
        try (Hdf5FileWriter w = Hdf5FileWriter.create(file)) {
            w.ints("a/i32", NumericType.I32, i32, i32.length);
            w.ints("a/u32", NumericType.U32, i32, 4);
            w.longs("a/i64", NumericType.I64, i64);
            w.longs("a/u64", NumericType.U64, i64);
            w.ints("b/f32", NumericType.F32, f32bits, f32bits.length);
            w.longs("b/f64", NumericType.F64, f64bits);
            w.ints("b/empty", NumericType.U32, new int[0], 0);
            w.strings("b/none", List.of());
            w.stringAttribute("", "title", "wurzel ✓");
            w.group("c/d/e");
            assertTrue(w.finish() == Files.size(file));
        }
        try (HdfFile h = new HdfFile(file)) {
            assertArrayEquals(i32, (int[]) ((Dataset) h.getByPath("a/i32")).getData());
            assertArrayEquals(i64, (long[]) ((Dataset) h.getByPath("a/i64")).getData());
            long[] u32 = (long[]) ((Dataset) h.getByPath("a/u32")).getData();   // jhdf widens uint32 to long
            for (int i = 0; i < 4; i++) assertEquals(Integer.toUnsignedLong(i32[i]), u32[i]);
            Object u64 = ((Dataset) h.getByPath("a/u64")).getData();             // as BigInteger
            for (int i = 0; i < i64.length; i++) assertEquals(Long.toUnsignedString(i64[i]), java.lang.reflect.Array.get(u64, i).toString());
            float[] f = (float[]) ((Dataset) h.getByPath("b/f32")).getData();
            for (int i = 0; i < f.length; i++) assertEquals(f32bits[i], Float.floatToRawIntBits(f[i]), "float " + i);
            double[] d = (double[]) ((Dataset) h.getByPath("b/f64")).getData();
            for (int i = 0; i < d.length; i++) assertEquals(f64bits[i], Double.doubleToRawLongBits(d[i]), "double " + i);
            assertArrayEquals(new long[] {0}, ((Dataset) h.getByPath("b/empty")).getDimensionsAsLong());
            assertArrayEquals(new long[] {0}, ((Dataset) h.getByPath("b/none")).getDimensionsAsLong());
            assertEquals("wurzel ✓", h.getAttribute("title").getData());
            assertEquals(List.of(), List.copyOf(((Group) h.getByPath("c/d/e")).getChildren().keySet()));
        }
        assertNothingWrong(file);
    }

    @Test
    void manyLinksAndStringsOfSeveralCollections(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("s.h5");
        SplittableRandom rnd = new SplittableRandom(5);
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 70_000; i++) many.add(i % 5000 == 0 ? "" : "n" + i + "ü".repeat(rnd.nextInt(4)));
        List<String> long1 = List.of("x".repeat(3 << 20), "short", "y".repeat(600_000), "z".repeat(600_000));
        TreeSet<String> names = new TreeSet<>();
        try (Hdf5FileWriter w = Hdf5FileWriter.create(file)) {
            for (int i = 0; i < 20; i++) {
                String name = i % 2 == 0 ? "d" + i : "Zelle_" + i + "_é";
                names.add(name);
                w.ints("g/" + name, NumericType.U32, new int[] {i}, 1);
            }
            w.strings("many", many);
            w.strings("long", long1);
            w.finish();
        }
        try (HdfFile h = new HdfFile(file)) {
            assertEquals(names, new TreeSet<>(((Group) h.getByPath("g")).getChildren().keySet()));
            assertEquals(many, List.of((String[]) ((Dataset) h.getByPath("many")).getData()));
            assertEquals(long1, List.of((String[]) ((Dataset) h.getByPath("long")).getData()));
        }
        byte[] b = Files.readAllBytes(file);
        int collections = 0;
        for (int i = 0; i + 4 <= b.length; i += 8) if (new String(b, i, 4, StandardCharsets.ISO_8859_1).equals("GCOL")) collections++;
        assertEquals(2 + 3, collections, "70,000 strings need two collections (65,535 objects at most); the long ones three (about 1 MiB each, one larger)");
        assertNothingWrong(file);
        // the HDF5 C library (through h5py, where installed) reads the same
        org.junit.jupiter.api.Assumptions.assumeTrue(Python3.has("h5py"), "h5py is not installed: the HDF5 library's reading is not checked");
        String script = "import h5py, sys, hashlib\n"
                + "f = h5py.File(sys.argv[1], 'r')\n"
                + "print('\\n'.join(sorted(f['g'].keys())))\n"
                + "for k in ('many', 'long'):\n"
                + "    print(k, hashlib.sha256('\\n'.join(s.decode() for s in f[k][()]).encode()).hexdigest())\n";
        String out = Python3.run("-c", script, file.toString());
        StringBuilder want = new StringBuilder("0\n");
        for (String n : names) want.append(n).append('\n');
        want.append("many ").append(sha256(String.join("\n", many))).append('\n');
        want.append("long ").append(sha256(String.join("\n", long1))).append('\n');
        assertEquals(want.toString(), out);
    }

    private static String sha256(String s) throws Exception {
        return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void refusesAnExistingFileAndDuplicateNames(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("x.h5"), "keep");
        assertThrows(java.nio.file.FileAlreadyExistsException.class, () -> Hdf5FileWriter.create(file));
        assertEquals("keep", Files.readString(file));
        try (Hdf5FileWriter w = Hdf5FileWriter.create(tmp.resolve("y.h5"))) {
            w.ints("a", NumericType.U32, new int[] {1}, 1);
            assertThrows(IllegalArgumentException.class, () -> w.ints("a", NumericType.U32, new int[] {1}, 1));
            assertThrows(IllegalArgumentException.class, () -> w.group("a/b"));
            assertThrows(IllegalArgumentException.class, () -> w.longs("c", NumericType.U32, new long[] {1}));
        }
    }

    /** PackScope's HDF5 reader opens the file and every node below it without a diagnostic, and its check finds none. */
    static void assertNothingWrong(Path file) {
        Node root = FormatRegistry.standard().resolve(file.toString()).target();
        List<Diagnostic> found = new ArrayList<>(root.diagnostics());
        Verifier v = root.facet(Verifier.class);
        if (v != null) v.verify(found::add, Progress.NONE);
        walk(root, found, 0);
        assertEquals(List.of(), found.stream().filter(d -> d.severity() != org.packscope.codec.inspect.Severity.INFO).toList());
    }

    private static void walk(Node n, List<Diagnostic> found, int depth) {
        if (depth > 6) return;
        for (Node c : n.children()) {
            found.addAll(c.diagnostics());
            walk(c, found, depth + 1);
        }
    }
}
