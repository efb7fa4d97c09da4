package org.packscope.codec.sparse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.Verifier;

/**
 * Each damaged copy breaks one rule; the rule fires at the offending element: its byte
 * offset for a contiguous dataset, its index and dataset for a chunked one (the
 * generator took both from h5py).
 */
class SingleCellCheckRulesTest {

    static Stream<Arguments> damaged() throws IOException {
        List<Arguments> out = new ArrayList<>();
        for (JsonNode f : SingleCellFixturesTest.manifest().get("damaged")) out.add(Arguments.of(f.get("file").asText(), f));
        return out.stream();
    }

    static List<Diagnostic> all(Node n) {
        LinkedHashSet<Diagnostic> out = new LinkedHashSet<>(n.diagnostics());
        Verifier v = n.facet(Verifier.class);
        if (v != null) v.verify(out::add, Progress.NONE);
        return new ArrayList<>(out);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("damaged")
    void ruleFiresAtTheElement(String file, JsonNode f) {
        Node n = SingleCellFixturesTest.open(file, f.get("address").asText());
        List<Diagnostic> found = all(n);
        String rule = f.get("rule").asText();
        Diagnostic d = found.stream().filter(x -> x.rule().equals(rule)).findFirst().orElse(null);
        assertNotNull(d, rule + " in " + found);
        assertEquals(f.get("severity").asText().equals("error") ? Severity.ERROR : Severity.WARNING, d.severity());
        if (!f.get("offset").isNull()) {
            assertNotNull(d.span(), d.toString());
            assertEquals(f.get("offset").asLong(), d.span().byteOffset(), d.message());
            assertTrue(d.message().contains("byte " + f.get("offset").asLong()) || rule.equals("shape_names_mismatch"), d.message());
        } else if (!f.get("dataset").isNull()) {
            assertTrue(d.message().contains(f.get("dataset").asText() + "[" + f.get("element").asLong() + "]"), d.message());
            assertChunkedPlace(file, f.get("dataset").asText(), f.get("element").asLong(), d);
        } else {
            assertTrue(d.message().contains("(shape attribute of /X)"), d.message());
        }
        if (rule.equals("shape_invalid")) {
            assertNull(n.facet(SparseMatrix.class), "nothing is sized by a shape of 2^40 rows");
            return;
        }
        // the rest of the matrix still opens and decodes
        SparseMatrix m = n.facet(SparseMatrix.class);
        assertNotNull(m, "still a matrix: " + found);
        long[] count = {0};
        m.forEachEntry((r, c, v) -> count[0]++, Progress.NONE);
        assertTrue(count[0] > 0);
    }

    /**
     * A chunked element's span, checked against the file itself: an element of an unfiltered
     * chunk is the bytes that hold its value (as jhdf reads it); an element of a compressed
     * chunk points at the whole stored chunk, whose bytes inflate to a chunk holding the
     * value at the element's place in it.
     */
    static void assertChunkedPlace(String file, String dataset, long element, Diagnostic d) {
        assertNotNull(d.span(), "a chunked element has a place too: " + d);
        java.nio.file.Path path = SingleCellFixturesTest.DIR.resolve(file);
        try (io.jhdf.HdfFile h = new io.jhdf.HdfFile(path)) {
            io.jhdf.api.Dataset ds = h.getDatasetByPath(dataset);
            int w = ds.getDataType().getSize();
            long expected = ((Number) java.lang.reflect.Array.get(ds.getData(), (int) element)).longValue();
            byte[] bytes = java.nio.file.Files.readAllBytes(path);
            int at = (int) d.span().byteOffset();
            byte[] chunk;
            long inChunk;
            if (ds.getFilters().isEmpty()) {
                assertEquals(w, d.span().byteLength(), d.toString());
                chunk = java.util.Arrays.copyOfRange(bytes, at, at + w);
                inChunk = 0;
                assertTrue(d.message().contains("at byte " + at), d.message());
            } else {
                java.util.zip.Inflater inf = new java.util.zip.Inflater();
                inf.setInput(bytes, at, (int) d.span().byteLength());
                chunk = new byte[1 << 20];
                try {
                    int n = inf.inflate(chunk);
                    assertTrue(inf.finished(), "the span is exactly one deflate stream");
                    chunk = java.util.Arrays.copyOf(chunk, n);
                } catch (java.util.zip.DataFormatException e) {
                    throw new AssertionError("the span is not the compressed chunk: " + d, e);
                } finally {
                    inf.end();
                }
                int chunkLength = ((io.jhdf.api.dataset.ChunkedDataset) ds).getChunkDimensions()[0];
                inChunk = element % chunkLength;
                assertTrue(d.message().contains("in the compressed chunk [" + (element - inChunk) + "]"), d.message());
            }
            long got = 0;
            for (int i = w - 1; i >= 0; i--) got = got << 8 | (chunk[(int) (inChunk * w + i)] & 0xff);
            if (w < 8 && got >>> (8 * w - 1) == 1) got -= 1L << (8 * w); // signed
            assertEquals(expected, got, "the bytes at the diagnostic's place hold " + dataset + "[" + element + "]: " + d);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void goodFixturesTriggerNoRule() throws IOException {
        for (JsonNode f : SingleCellFixturesTest.manifest().get("matrices")) {
            Node n = SingleCellFixturesTest.open(f.get("file").asText(), f.get("address").asText());
            assertEquals(List.of(), all(n), f.toString());
        }
    }
}
