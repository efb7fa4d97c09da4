package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jhdf.HdfFile;
import io.jhdf.api.Attribute;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import io.jhdf.object.datatype.DataType;
import io.jhdf.object.datatype.FixedPoint;
import io.jhdf.object.datatype.FloatingPoint;
import io.jhdf.object.datatype.VariableLength;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import org.packscope.codec.bpcells.MatrixVersion.ValueKind;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.testing.Fixtures;
import org.packscope.codec.testing.Python3;

/**
 * Every BPCells-written HDF5 matrix group, read by PackScope and written again by
 * {@link BpcellsHdf5Writer}, (a) reads back through jhdf to the same arrays (so the same
 * entries, bit for bit, names, order and version) with no diagnostic, and its datasets
 * have the names, types (variable-length UTF-8 strings included), shapes and version
 * attribute h5py recorded for BPCells' group; (b) where h5py is installed, h5py's dump of
 * the written group — values included — equals that recorded dump. A 2.4M-entry matrix
 * with 120k row names (several global heap collections) checks the same at size.
 */
class BpcellsHdf5WriterTest {
    static final Path DIR = BpcellsFixturesTest.DIR;
    static final Path H5WRITE = Fixtures.resource("fixtures/bpcells-h5write");
    static final ObjectMapper JSON = new ObjectMapper();

    static Stream<Arguments> groups() throws IOException {
        List<Arguments> out = new ArrayList<>();
        for (JsonNode f : JSON.readTree(DIR.resolve("MANIFEST.json").toFile()).get("fixtures")) {
            if (f.get("layout").asText().equals("hdf5")) out.add(Arguments.of(f.get("name").asText(), f));
        }
        return out.stream();
    }

    static JsonNode reference(String name) throws IOException {
        JsonNode d = JSON.readTree(H5WRITE.resolve("reference-h5py-dump.json").toFile()).get(name);
        assertNotNull(d, "recorded h5py dump of " + name);
        return d;
    }

    /** The fixture's matrix as PackScope reads it, written to {@code out} under the fixture's group. */
    static Path rewrite(JsonNode f, Path out) throws Exception {
        BpcellsMatrix m = matrix(BpcellsFixturesTest.open(f));
        MatrixVersion v = MatrixVersion.parse(m.versionString()).orElseThrow();
        BpcellsHdf5Writer.write(arrays(m), v.packed(), v.formatVersion(), out, f.get("hdf5_group").asText());
        return out;
    }

    static BpcellsMatrix matrix(Node n) {
        assertEquals(List.of(), n.diagnostics());
        BpcellsMatrix m = (BpcellsMatrix) n.facet(SparseMatrix.class);
        assertNotNull(m);
        return m;
    }

    static MatrixArrays arrays(BpcellsMatrix m) throws Exception {
        return MatrixGather.gather(m, MatrixVersion.parse(m.versionString()).orElseThrow().valueKind(), m.storageOrder(), Progress.NONE);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("groups")
    void rewrittenGroupReadsBackToTheSameMatrix(String name, JsonNode f, @TempDir Path tmp) throws Exception {
        Path out = rewrite(f, tmp.resolve("out.h5"));
        BpcellsMatrix ref = matrix(BpcellsFixturesTest.open(f));
        Node back = FormatRegistry.standard().resolve(out + "::" + f.get("hdf5_group").asText()).target();
        BpcellsMatrix got = matrix(back);
        assertEquals(ref.versionString(), got.versionString());
        assertEquals(ref.storageOrder(), got.storageOrder());
        assertSameArrays(arrays(ref), arrays(got));
        List<Diagnostic> found = new ArrayList<>();
        back.facet(Verifier.class).verify(found::add, Progress.NONE);
        assertTrue(found.stream().noneMatch(d -> d.severity() != Severity.INFO), "verifier: " + found);
    }

    static void assertSameArrays(MatrixArrays want, MatrixArrays got) {
        assertEquals(want.rows(), got.rows());
        assertEquals(want.cols(), got.cols());
        assertEquals(want.kind(), got.kind());
        assertArrayEquals(want.idxptr(), got.idxptr(), "idxptr");
        assertArrayEquals(want.index(), got.index(), "index");
        assertArrayEquals(want.values32(), got.values32(), "values (float bits)");
        assertArrayEquals(want.values64(), got.values64(), "values (double bits)");
        assertEquals(want.rowNames(), got.rowNames());
        assertEquals(want.colNames(), got.colNames());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("groups")
    void jhdfSeesTheDatasetsH5pyRecordedForBpcells(String name, JsonNode f, @TempDir Path tmp) throws Exception {
        Path out = rewrite(f, tmp.resolve("out.h5"));
        JsonNode ref = reference(name);
        try (HdfFile h = new HdfFile(out)) {
            Group g = (Group) h.getByPath(f.get("hdf5_group").asText());
            assertEquals(names(ref.get("datasets")), new java.util.TreeSet<>(g.getChildren().keySet()), "dataset names");
            for (var e : g.getChildren().entrySet()) {
                Dataset d = (Dataset) e.getValue();
                JsonNode want = ref.get("datasets").get(e.getKey());
                assertEquals(want.get("type"), describe(d.getDataType()), e.getKey());
                assertEquals(want.get("shape").toString(), java.util.Arrays.toString(d.getDimensionsAsLong()).replace(" ", ""), e.getKey());
            }
            Attribute version = g.getAttribute("version");
            JsonNode wantVersion = ref.get("attributes").get("version");
            assertTrue(version.isScalar());
            assertEquals(wantVersion.get("type"), describe(version.getDataType()));
            assertEquals(wantVersion.get("value").asText(), version.getData());
            assertEquals(1, g.getAttributes().size());
        }
    }

    static java.util.TreeSet<String> names(JsonNode obj) {
        java.util.TreeSet<String> s = new java.util.TreeSet<>();
        obj.fieldNames().forEachRemaining(s::add);
        return s;
    }

    /** jhdf's view of a type in the words of h5py_dump_group.py. */
    static JsonNode describe(DataType t) {
        ObjectNode o = JSON.createObjectNode();
        if (t instanceof VariableLength v) {
            o.put("class", v.isVariableLengthString() ? "string" : "vlen");
            o.put("variable", true);
            o.put("cset", v.getEncoding().equals(StandardCharsets.UTF_8) ? "utf-8" : "ascii");
            o.put("strpad", switch (v.getPaddingType()) {
                case NULL_TERMINATED -> "nullterm";
                case NULL_PADDED -> "nullpad";
                case SPACE_PADDED -> "spacepad";
            });
        } else {
            o.put("class", "numeric");
            boolean little = t instanceof FixedPoint fp ? fp.getByteOrder() == java.nio.ByteOrder.LITTLE_ENDIAN
                    : ((FloatingPoint) t).getByteOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;
            char kind = t instanceof FixedPoint fp ? (fp.isSigned() ? 'i' : 'u') : 'f';
            o.put("dtype", (little ? "<" : ">") + kind + t.getSize());
        }
        return o;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("groups")
    void h5pyDumpsTheRewrittenGroupAsBpcellsOne(String name, JsonNode f, @TempDir Path tmp) throws Exception {
        assumeH5py();
        Path out = rewrite(f, tmp.resolve("out.h5"));
        String arg = out + "::" + f.get("hdf5_group").asText();
        assertEquals(reference(name), h5pyDump(arg).get(arg));
    }

    @Test
    void recordedDumpIsWhatH5pyReadsFromTheFixtures() throws Exception {
        assumeH5py();
        List<JsonNode> fixtures = groups().map(a -> (JsonNode) a.get()[1]).toList();
        String[] args = fixtures.stream().map(BpcellsFixturesTest::address).toArray(String[]::new);
        JsonNode live = h5pyDump(args);
        for (int i = 0; i < args.length; i++) assertEquals(reference(fixtures.get(i).get("name").asText()), live.get(args[i]), args[i]);
    }

    static void assumeH5py() throws Exception {
        Assumptions.assumeTrue(Python3.has("h5py"),
                "h5py is not installed for /usr/bin/python3: the h5py comparison is skipped; the recorded dump was checked through jhdf");
    }

    static JsonNode h5pyDump(String... args) throws Exception {
        String[] cmd = new String[args.length + 1];
        cmd[0] = H5WRITE.resolve("h5py_dump_group.py").toString();
        System.arraycopy(args, 0, cmd, 1, args.length);
        String r = Python3.run(cmd);
        assertTrue(r.startsWith("0\n"), r);
        return JSON.readTree(r.substring(2));
    }

    @Test
    void refusesAnExistingFileAndLeavesIt(@TempDir Path tmp) throws Exception {
        Path out = Files.writeString(tmp.resolve("there.h5"), "keep me");
        MatrixArrays m = large(5, 4, 2);
        assertThrows(FileAlreadyExistsException.class, () -> BpcellsHdf5Writer.write(m, true, 2, out, "matrix"));
        assertEquals("keep me", Files.readString(out));
    }

    @Test
    void nestedGroupPathsMakeTheirParents(@TempDir Path tmp) throws Exception {
        MatrixArrays m = large(50, 30, 3);
        Path out = tmp.resolve("n.h5");
        BpcellsHdf5Writer.write(m, false, 2, out, "/mats/one/m1");
        assertSameArrays(m, arrays(matrix(FormatRegistry.standard().resolve(out + "::mats/one/m1").target())));
        try (HdfFile h = new HdfFile(out)) {
            assertEquals(List.of("mats"), List.copyOf(h.getChildren().keySet()));
            assertEquals(List.of("one"), List.copyOf(((Group) h.getByPath("mats")).getChildren().keySet()));
        }
    }

    /**
     * A uint matrix, column order, {@code rows} named rows and {@code cols} named columns,
     * about one entry in {@code every} per column, values from 0 to 2^32-1.
     */
    static MatrixArrays large(int rows, int cols, int every) {
        SplittableRandom rnd = new SplittableRandom(rows * 7919L + cols);
        long[] ptr = new long[cols + 1];
        int cap = (int) ((long) rows * cols / Math.max(1, every - 1)) + cols + 1;
        int[] index = new int[cap];
        int[] vals = new int[cap];
        int n = 0;
        for (int c = 0; c < cols; c++) {
            for (int r = rnd.nextInt(every); r < rows && n < cap; r += 1 + rnd.nextInt(2 * every - 1)) {
                index[n] = r;
                vals[n++] = rnd.nextInt(10) == 0 ? rnd.nextInt() : 1 + rnd.nextInt(30);
            }
            ptr[c + 1] = n;
        }
        List<String> rowNames = new ArrayList<>();
        for (int r = 0; r < rows; r++) rowNames.add(r % 1000 == 7 ? "" : "gène_" + r);
        List<String> colNames = new ArrayList<>();
        for (int c = 0; c < cols; c++) colNames.add("cell-" + Integer.toHexString(c));
        return new MatrixArrays(rows, cols, StorageOrder.COL, ValueKind.UINT, ptr,
                java.util.Arrays.copyOf(index, n), java.util.Arrays.copyOf(vals, n), null, rowNames, colNames);
    }

    @Test
    void largeMatrixWithManyNamesReadsBackAndMatchesItsFolder(@TempDir Path tmp) throws Exception {
        MatrixArrays m = large(120_000, 1_000, 50);
        assertTrue(m.nnz() >= 2_000_000, m.nnz() + " entries");
        Path out = tmp.resolve("big.h5");
        BpcellsHdf5Writer.write(m, true, 2, out, "matrix");
        BpcellsMatrix got = matrix(FormatRegistry.standard().resolve(out + "::matrix").target());
        assertEquals("packed-uint-matrix-v2", got.versionString());
        assertSameArrays(m, arrays(got));
        assertTrue(collections(out) >= 3, "the 120000 row names need two collections, the column names one more");

        Assumptions.assumeTrue(Python3.has("h5py"), "h5py is not installed: the h5py comparison with the folder's arrays is skipped");
        Path folder = tmp.resolve("big");
        BpcellsFolderWriter.write(m, true, 2, folder);
        JsonNode dump = h5pyDump(out + "::matrix").get(out + "::matrix");
        assertEquals(folderDigests(folder), digests(dump.get("datasets")), "every dataset's values are the folder file's");
        assertEquals("packed-uint-matrix-v2", dump.get("attributes").get("version").get("value").asText());
    }

    /** How many global heap collections the file holds (every one starts at an 8-aligned "GCOL"). */
    static int collections(Path file) throws IOException {
        byte[] b = Files.readAllBytes(file);
        int n = 0;
        for (int i = 0; i + 4 <= b.length; i += 8) if (b[i] == 'G' && b[i + 1] == 'C' && b[i + 2] == 'O' && b[i + 3] == 'L') n++;
        return n;
    }

    static Map<String, String> digests(JsonNode datasets) {
        Map<String, String> out = new TreeMap<>();
        datasets.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().get("sha256").asText()));
        return out;
    }

    /** Per folder file, the SHA-256 the dump script computes: values after the 8-byte header, or each line then a zero byte. */
    static Map<String, String> folderDigests(Path folder) throws Exception {
        Map<String, String> out = new TreeMap<>();
        for (String file : BpcellsWriterConformanceTest.listing(folder)) {
            if (file.equals("version")) continue;
            byte[] b = Files.readAllBytes(folder.resolve(file));
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            if (List.of(ArrayNames.ROW_NAMES, ArrayNames.COL_NAMES, ArrayNames.STORAGE_ORDER).contains(file)) {
                String text = new String(b, StandardCharsets.UTF_8);
                for (String line : text.isEmpty() ? new String[0] : text.substring(0, text.length() - 1).split("\n", -1)) {
                    sha.update((line + "\0").getBytes(StandardCharsets.UTF_8));
                }
            } else {
                sha.update(b, 8, b.length - 8);
            }
            out.put(file, HexFormat.of().formatHex(sha.digest()));
        }
        return out;
    }
}
