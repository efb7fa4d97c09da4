package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.MemoryBudget;
import org.packscope.codec.testing.BoundedWalk;
import org.packscope.codec.testing.Fixtures;

/**
 * Matrices whose shape asks for more than their bytes: 30 million columns (an idxptr of
 * zeros, a sparse file), three million cell barcodes. Names are kept where they lie in the
 * file, per-column tables are never made up front, and an index too large to hold is a
 * too_large_to_hold diagnostic, all within a 256 MB heap.
 */
class BpcellsHostileSizesTest {
    static final String BARCODE = "AAACCTGAGAAACCAT-1";

    /** A copy of an empty packed matrix whose shape claims {@code cols} columns, every one empty. */
    static Path matrix(Path dir, int cols, boolean names) throws IOException {
        Path from = Fixtures.resource("fixtures/bpcells/edge_zero_nnz_packed_uint_col_dir");
        Path to = Files.createDirectories(dir.resolve("m"));
        try (Stream<Path> files = Files.list(from)) {
            for (Path p : (Iterable<Path>) files::iterator) Files.copy(p, to.resolve(p.getFileName().toString()));
        }
        ByteBuffer shape = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        shape.put("UINT32v1".getBytes(StandardCharsets.US_ASCII)).putInt(5).putInt(cols);
        Files.write(to.resolve("shape"), shape.array());
        try (RandomAccessFile f = new RandomAccessFile(to.resolve("idxptr").toFile(), "rw")) {
            f.write("UINT64v1".getBytes(StandardCharsets.US_ASCII));
            f.setLength(8 + 8L * (cols + 1)); // zeros, mostly never written to disk
        }
        if (names) {
            byte[] line = (BARCODE + "\n").getBytes(StandardCharsets.US_ASCII);
            byte[] block = new byte[line.length * 4096];
            for (int i = 0; i < 4096; i++) System.arraycopy(line, 0, block, i * line.length, line.length);
            try (OutputStream o = Files.newOutputStream(to.resolve("col_names"))) {
                for (int i = 0; i < cols / 4096; i++) o.write(block);
                for (int i = 0; i < cols % 4096; i++) o.write(line);
            }
        }
        return to;
    }

    @Test
    void thirtyMillionColumnsAreTooLargeToHoldNotAnOutOfMemoryError(@TempDir Path dir) throws Exception {
        BoundedWalk.Outcome o = BoundedWalk.run(matrix(dir, 30_000_000, false));
        o.assertWalkedCleanly();
        assertTrue(o.has(MemoryBudget.RULE), o::toString);
        assertFalse(o.has("internal_error"), o::toString);
        assertTrue(o.millis() < 5000, o::toString);
    }

    @Test
    void threeMillionNamesStayInTheFile(@TempDir Path dir) throws Exception {
        Path m = matrix(dir, 3_000_000, true);
        BoundedWalk.Outcome o = BoundedWalk.run(m);
        o.assertWalkedCleanly();
        assertFalse(o.has("internal_error"), o::toString);
        assertFalse(o.has(MemoryBudget.RULE), o::toString);
        assertTrue(o.millis() < 5000, o::toString);
        FolderArrayStore store = new FolderArrayStore(m);
        List<String> names = store.readStrings(ArrayNames.COL_NAMES);
        assertEquals(3_000_000, names.size());
        assertEquals(BARCODE, names.get(2_999_999));
        assertEquals(Span.bytes(19L * 1_234_567, 18), store.lineSpan(ArrayNames.COL_NAMES, 1_234_567));
    }

    @Test
    void linesAreSplitAsTheFormatMeans() {
        String text = "a\r\nbb\n\nccc\r\nd";
        TextLines lines = TextLines.of(ByteSource.of(text.getBytes(StandardCharsets.UTF_8), "t"));
        assertEquals(List.of("a", "bb", "", "ccc", "d"), List.copyOf(lines));
        assertTrue(lines.crlf());
        assertEquals(Span.bytes(7, 3), lines.span(3));
        assertEquals(List.of("x"), List.copyOf(TextLines.of(ByteSource.of("x\n".getBytes(StandardCharsets.UTF_8), "t"))));
        assertEquals(0, TextLines.of(ByteSource.of(new byte[0], "t")).size());
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 1000; i++) many.append("gene").append(i).append('\n');
        TextLines genes = TextLines.of(ByteSource.of(many.toString().getBytes(StandardCharsets.UTF_8), "t"));
        assertEquals(1000, genes.size());
        for (int i : new int[] {0, 15, 16, 17, 999}) assertEquals("gene" + i, genes.get(i));
        assertFalse(genes.crlf());
        assertEquals("é", TextLines.of(ByteSource.of("é\n".getBytes(StandardCharsets.UTF_8), "t")).get(0));
    }
}
