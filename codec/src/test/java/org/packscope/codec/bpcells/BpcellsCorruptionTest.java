package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.packscope.codec.export.MatrixMarket;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.testing.Fixtures;

/** Damaged copies of real fixtures: precise diagnostics, and what is still decodable decodes. */
class BpcellsCorruptionTest {
    @TempDir Path tmp;

    Path copy(String fixture) throws IOException {
        Path src = Fixtures.resource("fixtures/bpcells/" + fixture);
        Path dst = tmp.resolve(fixture);
        Files.createDirectories(dst);
        try (Stream<Path> s = Files.list(src)) {
            for (Path p : s.toList()) Files.copy(p, dst.resolve(p.getFileName()));
        }
        return dst;
    }

    static void putU64(Path file, long element, long value) throws IOException {
        byte[] b = Files.readAllBytes(file);
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(8 + (int) element * 8, value);
        Files.write(file, b);
    }

    static void putU32(Path file, long element, int value) throws IOException {
        byte[] b = Files.readAllBytes(file);
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(8 + (int) element * 4, value);
        Files.write(file, b);
    }

    static void truncate(Path file, int drop) throws IOException {
        byte[] b = Files.readAllBytes(file);
        Files.write(file, java.util.Arrays.copyOf(b, b.length - drop));
    }

    static BpcellsMatrix open(Path dir) {
        FolderArrayStore s = new FolderArrayStore(dir);
        return BpcellsMatrix.open(s, s.readVersion());
    }

    /** The matrix node's diagnostic of {@code rule} (placed in words: {@code idxptr[3] (byte 32): ...}). */
    static Diagnostic issue(BpcellsMatrix m, String rule) {
        for (Diagnostic d : m.diagnostics()) if (d.rule().equals(rule)) return d;
        throw new AssertionError("no issue " + rule + " in " + m.diagnostics());
    }

    /** The diagnostic of {@code rule} for the node of {@code array}: proves the problem is placed in that array. */
    static Diagnostic inArray(BpcellsMatrix m, String array, String rule) {
        for (Diagnostic d : m.diagnosticsOf(array)) if (d.rule().equals(rule)) return d;
        throw new AssertionError("no issue " + rule + " in " + array + ": " + m.diagnosticsOf(array));
    }

    static List<long[]> entries(SparseMatrix m) {
        List<long[]> out = new ArrayList<>();
        m.forEachEntry((r, c, v) -> out.add(new long[] {r, c, v}), Progress.NONE);
        return out;
    }

    static List<Diagnostic> verify(BpcellsMatrix m) {
        List<Diagnostic> d = new ArrayList<>();
        m.verify(d::add, Progress.NONE);
        return d;
    }

    @Test
    void idxptrNotMonotoneNamesElementAndByte() throws IOException {
        Path d = copy("tiny_unpacked_uint_col_dir_names");
        putU64(d.resolve("idxptr"), 3, 1); // [0,2,2,1,6]
        BpcellsMatrix m = open(d);
        Diagnostic i = issue(m, "idxptr_not_monotone");
        assertEquals(Severity.ERROR, i.severity());
        assertTrue(i.message().startsWith("idxptr[3] (byte 32): "), i.message());
        Diagnostic a = inArray(m, "idxptr", "idxptr_not_monotone");
        assertTrue(a.message().startsWith("element 3: "), a.message());
        assertEquals(Span.bytes(8 + 3 * 8, 8), a.span());
        // column 2's entries go to the earlier column; everything still decodes
        List<long[]> e = entries(m);
        assertEquals(6, e.size());
        // the array node carries the diagnostic with a span on the element's bytes
        Node n = FormatRegistry.standard().open(d);
        Node idxptr = n.child("idxptr");
        Diagnostic ad = idxptr.diagnostics().stream().filter(x -> x.rule().equals("idxptr_not_monotone")).findFirst().orElseThrow();
        assertEquals(Span.bytes(32, 8), ad.span());
    }

    @Test
    void idxptrNotEndingAtNnz() throws IOException {
        Path d = copy("tiny_unpacked_uint_col_dir_names");
        putU64(d.resolve("idxptr"), 4, 9);
        BpcellsMatrix m = open(d);
        Diagnostic i = issue(m, "nnz_mismatch");
        assertTrue(i.message().startsWith("index[6] (byte " + (8 + 6 * 4) + "): "), i.message());
        assertEquals(Span.bytes(8 + 6 * 4, 4), inArray(m, "index", "nnz_mismatch").span());
        assertEquals(9, m.storedNnz());
        assertEquals(6, m.nnz());
        inArray(m, "idxptr", "entries_missing");
        assertEquals(6, entries(m).size());
    }

    @Test
    void indexBeyondRowsIsSkippedAndReported() throws IOException {
        Path d = copy("tiny_unpacked_uint_col_dir_names");
        putU32(d.resolve("index"), 1, 99);
        BpcellsMatrix m = open(d);
        assertEquals(List.of(), m.diagnostics());
        assertEquals(5, entries(m).size());
        Diagnostic v = verify(m).stream().filter(x -> x.rule().equals("index_out_of_range")).findFirst().orElseThrow();
        assertTrue(v.message().contains("entry 1 has index 99"), v.message());
        assertTrue(v.message().contains("index[1] at byte 12"), v.message());
    }

    @Test
    void packedIndexBeyondRowsNamesChunkLaneAndBit() throws IOException {
        Path d = copy("tiny_packed_uint_col_dir_names");
        putU32(d.resolve("index_data"), 1, 0x7); // lane 1, slot 0: zz 7 -> delta -4 -> index -4
        BpcellsMatrix m = open(d);
        Diagnostic v = verify(m).stream().filter(x -> x.rule().equals("index_out_of_range")).findFirst().orElseThrow();
        assertTrue(v.message().contains("chunk 0 value 1 (lane 1, slot 0, word 1 at byte 12, bit 0)"), v.message());
    }

    @Test
    void arrayLengthsDisagree() throws IOException {
        Path d = copy("tiny_unpacked_uint_col_dir_names");
        truncate(d.resolve("val"), 4);
        BpcellsMatrix m = open(d);
        Diagnostic i = issue(m, "array_length_mismatch");
        assertTrue(i.message().startsWith("val[5] (byte " + (8 + 5 * 4) + "): "), i.message());
        assertEquals(Span.bytes(8 + 5 * 4, 4), inArray(m, "val", "array_length_mismatch").span());
        assertEquals(5, m.nnz());
        assertEquals(5, entries(m).size());
    }

    @Test
    void partialElementAtFileEndIsAWarning() throws IOException {
        Path d = copy("tiny_unpacked_uint_col_dir_names");
        truncate(d.resolve("val"), 1);
        BpcellsMatrix m = open(d);
        Diagnostic i = issue(m, "array_problem");
        assertEquals(Severity.WARNING, i.severity());
        assertTrue(i.message().contains("3 bytes after the last whole uint32 element"), i.message());
    }

    @Test
    void idxInconsistentWithData() throws IOException {
        Path d = copy("edge_nnz256_packed_uint_col_dir");
        // two chunks; make chunk 0 claim 6 words (not a multiple of 4)
        putU32(d.resolve("index_idx"), 1, 6);
        BpcellsMatrix m = open(d);
        Diagnostic i = issue(m, "bp128_bad_chunk_width");
        assertTrue(i.message().startsWith("index_idx[1] (byte 12): "), i.message());
        assertEquals(Span.bytes(8 + 4, 4), inArray(m, "index_idx", "bp128_bad_chunk_width").span());
        // chunk 1 has 128 undecodable entries too (it starts at word 6, a bad width follows): only whole valid chunks decode
        List<long[]> e = entries(m);
        assertTrue(e.size() < 256);
        Diagnostic v = verify(m).stream().filter(x -> x.rule().equals("entries_undecodable")).findFirst().orElseThrow();
        assertTrue(v.message().startsWith("128 entries") || v.message().startsWith("256 entries"), v.message());
    }

    @Test
    void dataShorterThanIdxClaims() throws IOException {
        Path d = copy("edge_nnz256_packed_uint_col_dir");
        truncate(d.resolve("val_data"), 16);
        BpcellsMatrix m = open(d);
        Diagnostic i = inArray(m, "val_data", "bp128_data_short");
        assertTrue(i.message().matches("element \\d+: chunk 1: .*"), i.message());
        // chunk 0, and chunk 1 up to the values whose bits the cut took (BpcellsPartialChunkTest recounts them)
        assertEquals(232, entries(m).size(), "chunk 0 and most of chunk 1 still decode");
    }

    @Test
    void unknownVersionIsInferredAndStillDecodes() throws IOException {
        Path d = copy("tiny_packed_uint_col_dir_names");
        Files.writeString(d.resolve("version"), "packed-uint-matrix-v3\n");
        assertEquals(100, new BpcellsFolderFormat().probe(org.packscope.codec.format.Probe.of(d)));
        BpcellsMatrix m = open(d);
        assertEquals("unknown_version", m.diagnostics().get(0).rule());
        assertEquals("version_inferred", m.diagnostics().get(1).rule());
        assertEquals(Severity.WARNING, m.diagnostics().get(1).severity());
        assertEquals(6, entries(m).size());
    }

    @Test
    void garbageVersion() throws IOException {
        Path d = copy("tiny_unpacked_double_col_dir_names");
        Files.writeString(d.resolve("version"), "hello\u0001\n");
        BpcellsMatrix m = open(d);
        assertEquals("bad_version", m.diagnostics().get(0).rule());
        assertTrue(m.diagnostics().get(0).message().contains("hello\\x01"), m.diagnostics().get(0).message());
        assertEquals(new MatrixVersion(false, MatrixVersion.ValueKind.DOUBLE, 2), m.version().orElseThrow());
    }

    @Test
    void headerNotMatchingTheFileType() throws IOException {
        Path d = copy("tiny_unpacked_uint_col_dir_names");
        byte[] b = Files.readAllBytes(d.resolve("val"));
        System.arraycopy("FLOATSv1".getBytes(StandardCharsets.US_ASCII), 0, b, 0, 8);
        Files.write(d.resolve("val"), b);
        BpcellsMatrix m = open(d);
        Diagnostic i = issue(m, "array_type_mismatch");
        assertTrue(i.message().startsWith("val (byte 0): "), i.message());
        assertEquals(Span.bytes(0, 0), inArray(m, "val", "array_type_mismatch").span());
        assertTrue(i.message().contains("val holds float32 but unpacked-uint-matrix-v2 stores uint32"), i.message());
        assertFalse(m.readable());
        assertEquals(List.of(), entries(m));
    }

    @Test
    void unrecognisedHeader() throws IOException {
        Path d = copy("tiny_unpacked_uint_col_dir_names");
        byte[] b = Files.readAllBytes(d.resolve("index"));
        System.arraycopy("GARBAGE!".getBytes(StandardCharsets.US_ASCII), 0, b, 0, 8);
        Files.write(d.resolve("index"), b);
        BpcellsMatrix m = open(d);
        Diagnostic i = inArray(m, "index", "bad_array_type");
        assertTrue(i.message().contains("\"GARBAGE!\""), i.message());
        Node n = FormatRegistry.standard().open(d);
        assertNotNull(n.child("index"));
        assertTrue(n.child("index").fields().stream().anyMatch(f -> f.name().equals("header") && f.span().equals(Span.bytes(0, 8))));
    }

    @Test
    void missingFiles() throws IOException {
        Path d = copy("tiny_packed_uint_col_dir_names");
        Files.delete(d.resolve("index_starts"));
        Files.delete(d.resolve("row_names"));
        BpcellsMatrix m = open(d);
        Diagnostic starts = m.diagnosticsOf("index_starts").get(0);
        assertEquals("missing_array", starts.rule());
        assertEquals(Severity.ERROR, starts.severity());
        Diagnostic names = m.diagnosticsOf("row_names").get(0);
        assertEquals(Severity.WARNING, names.severity());
        assertFalse(m.readable());
        Node n = FormatRegistry.standard().open(d);
        assertEquals("bpcells-matrix", n.kind());
        assertTrue(n.diagnostics().stream().anyMatch(x -> x.rule().equals("missing_array")));
    }

    @Test
    void missingIdxOffsetsInV2() throws IOException {
        Path d = copy("tiny_packed_uint_col_dir_names");
        Files.delete(d.resolve("val_idx_offsets"));
        BpcellsMatrix m = open(d);
        assertEquals("missing_array", issue(m, "missing_array").rule());
        inArray(m, "val_idx_offsets", "missing_array");
    }

    @Test
    void badIdxOffsetsSentinel() throws IOException {
        Path d = copy("tiny_packed_uint_col_dir_names");
        putU64(d.resolve("index_idx_offsets"), 1, 5);
        BpcellsMatrix m = open(d);
        Diagnostic i = issue(m, "bp128_idx_offsets_sentinel");
        assertTrue(i.message().startsWith("index_idx_offsets[1] (byte 16): "), i.message());
        assertEquals(Span.bytes(16, 8), inArray(m, "index_idx_offsets", "bp128_idx_offsets_sentinel").span());
        assertEquals(6, entries(m).size());
    }

    @Test
    void shortStartsMakesOnlyThoseChunksUndecodable() throws IOException {
        Path d = copy("edge_nnz256_packed_uint_col_dir");
        truncate(d.resolve("index_starts"), 4);
        BpcellsMatrix m = open(d);
        Diagnostic i = inArray(m, "index_starts", "bp128_starts_length");
        assertTrue(i.message().startsWith("element 1: "), i.message());
        assertEquals(128, entries(m).size());
    }

    @Test
    void badStorageOrderFallsBackToCol() throws IOException {
        Path d = copy("tiny_unpacked_uint_col_dir_names");
        Files.writeString(d.resolve("storage_order"), "diagonal\n");
        BpcellsMatrix m = open(d);
        assertEquals("bad_storage_order", issue(m, "bad_storage_order").rule());
        assertEquals(6, entries(m).size());
    }

    @Test
    void crlfTextFiles() throws IOException {
        Path d = copy("tiny_unpacked_uint_col_dir_names");
        Files.writeString(d.resolve("version"), "unpacked-uint-matrix-v2\r\n");
        Files.writeString(d.resolve("row_names"), "r1\r\nr2\r\nr3\r\n");
        Files.writeString(d.resolve("storage_order"), "col\r\n");
        BpcellsMatrix m = open(d);
        assertEquals(List.of(), m.diagnostics());
        assertEquals(List.of("r1", "r2", "r3"), m.rowNames());
        Node version = FormatRegistry.standard().open(d).child("version");
        assertEquals("CRLF", version.fields().stream().filter(f -> f.name().equals("line end")).findFirst().orElseThrow().value());
        assertEquals(Span.bytes(0, 23), version.fields().get(0).span());
    }

    @Test
    void wrongNamesCountIsAWarning() throws IOException {
        Path d = copy("tiny_unpacked_uint_col_dir_names");
        Files.writeString(d.resolve("col_names"), "a\nb\n");
        BpcellsMatrix m = open(d);
        Diagnostic i = issue(m, "names_length");
        assertEquals(Severity.WARNING, i.severity());
        assertEquals(List.of(), m.colNames());
    }

    /** Flipped and truncated bytes anywhere: never an exception, from open to full decode and the node tree. */
    @Test
    void randomDamageNeverThrows() throws IOException {
        Random rnd = new Random(42);
        String[] fixtures = {"tiny_packed_uint_col_dir_names", "small_packed_float_row_dir_rownames", "edge_uint_max_packed_uint_col_dir",
                "v1_packed_uint_col_dir", "small_unpacked_uint_row_dir_rownames"};
        int round = 0;
        for (String f : fixtures) {
            for (int r = 0; r < 12; r++) {
                Path d = copy(f);
                Path target = tmp.resolve("r" + round++);
                Files.move(d, target);
                List<Path> files;
                try (Stream<Path> s = Files.list(target)) {
                    files = s.filter(p -> !p.getFileName().toString().equals("version")).toList();
                }
                Path victim = files.get(rnd.nextInt(files.size()));
                byte[] b = Files.readAllBytes(victim);
                if (b.length > 0) {
                    if (rnd.nextBoolean()) {
                        for (int k = 0; k < 3; k++) b[rnd.nextInt(b.length)] ^= (byte) (1 << rnd.nextInt(8));
                    } else {
                        b = java.util.Arrays.copyOf(b, rnd.nextInt(b.length));
                    }
                    Files.write(victim, b);
                }
                Node n = FormatRegistry.standard().open(target);
                walk(n, 0);
                SparseMatrix m = n.facet(SparseMatrix.class);
                if (m != null) {
                    entries(m);
                    StringBuilder sb = new StringBuilder();
                    MatrixMarket.write(m, sb);
                }
                Verifier v = n.facet(Verifier.class);
                if (v != null) v.verify(x -> { }, Progress.NONE);
                assertTrue(n.diagnostics().stream().noneMatch(x -> x.rule().equals("unreadable") || x.rule().equals("internal_error")), victim + ": " + n.diagnostics());
            }
        }
    }

    /** Damaged .h5 files: whatever jhdf makes of them, the BPCells nodes never fail with a reader bug. */
    @Test
    void damagedHdf5NeverBreaksTheMatrixReader() throws IOException {
        Random rnd = new Random(20261121L);
        for (String f : List.of("small_packed_uint_col_hdf5.h5", "hdf5_gzip4_packed_uint_col.h5", "small_unpacked_float_row_hdf5_colnames.h5")) {
            byte[] original = Files.readAllBytes(Fixtures.resource("fixtures/bpcells/" + f));
            for (int r = 0; r < 25; r++) {
                byte[] b = original.clone();
                if (r % 3 == 0) b = java.util.Arrays.copyOf(b, rnd.nextInt(b.length));
                else for (int k = 0; k < 1 + r % 16; k++) b[rnd.nextInt(b.length)] ^= (byte) (1 << rnd.nextInt(8));
                Path target = tmp.resolve("h" + r + "_" + f);
                Files.write(target, b);
                walkBpcells(FormatRegistry.standard().open(target), 0);
            }
        }
    }

    static void walkBpcells(Node n, int depth) {
        boolean mine = n.kind().startsWith("bpcells") || n.kind().startsWith("bp128");
        for (Diagnostic d : n.diagnostics()) {
            assertFalse(d.rule().equals("internal_error") || mine && d.rule().equals("unreadable"), n.path() + ": " + d);
        }
        Verifier v = n.facet(Verifier.class);
        if (v != null) v.verify(d -> assertFalse(d.rule().equals("internal_error"), d.toString()), Progress.NONE);
        SparseMatrix m = n.facet(SparseMatrix.class);
        if (m != null) entries(m);
        if (depth > 4) return;
        List<Node> kids = n.children();
        for (int i = 0; i < Math.min(kids.size(), 6); i++) walkBpcells(kids.get(i), depth + 1);
    }

    static void walk(Node n, int depth) {
        n.fields();
        for (Diagnostic d : n.diagnostics()) assertFalse(d.rule().equals("unreadable") || d.rule().equals("internal_error"), n.path() + ": " + d);
        if (depth > 3) return;
        List<Node> kids = n.children();
        for (int i = 0; i < Math.min(kids.size(), 4); i++) walk(kids.get(i), depth + 1);
    }
}
