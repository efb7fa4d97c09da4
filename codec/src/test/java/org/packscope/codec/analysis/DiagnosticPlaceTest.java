package org.packscope.codec.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;

/**
 * The window's Offset column says which bytes each offset counts in: a problem inside a
 * gzip-compressed .rds counts in the decompressed stream ("3103 in decompressed x.rds"),
 * one in a plain file in the file ("12 in file"), and one without a place says "none",
 * never "0". The kind is checked against where the node's bytes really come from.
 */
class DiagnosticPlaceTest {
    private static final Path SAMPLES = Path.of("../resources");

    private static List<TreeWalk.Located> problems(Path p) {
        return TreeWalk.diagnostics(FormatRegistry.standard().open(p), true, 10_000, Progress.NONE);
    }

    @Test
    void eachOffsetSaysWhichBytesItCountsIn() {
        int stream = 0, file = 0, none = 0;
        for (String sample : List.of("bpcells-rds/small_uint_packed_row-damaged.rds", "blosc/lz4_shuf_ts4_160k_mixed_c1-damaged.blosc",
                "bpcells/medium_packed_uint_col_dir_names-damaged")) {
            for (TreeWalk.Located l : problems(SAMPLES.resolve(sample))) {
                DiagnosticPlace place = DiagnosticPlace.of(l);
                String cell = place.cell();
                Span span = l.diagnostic().span() != null ? l.diagnostic().span() : l.node().span();
                var src = l.node().source();
                if (span == null || src == null) {
                    assertEquals("none", cell, sample + ": " + l.diagnostic());
                    none++;
                } else if (java.nio.file.Files.isRegularFile(Path.of(src.name()))) {
                    assertEquals(span.offsetText() + " in file", cell, sample + ": " + l.diagnostic());
                    file++;
                } else {
                    assertEquals(span.offsetText() + " in " + src.name(), cell, sample + ": " + l.diagnostic());
                    assertTrue(src.name().startsWith("decompressed "), "a stream PackScope made says so: " + src.name());
                    stream++;
                }
                assertTrue(!cell.startsWith("0 ") || span.byteOffset() == 0, "no false byte 0: " + cell);
            }
        }
        assertTrue(stream > 0 && file > 0, stream + " offsets in a stream, " + file + " in a file, " + none + " without a place");
    }
}
