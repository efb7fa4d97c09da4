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
            assertNull(d.span(), "a chunked element has no byte of its own");
            assertTrue(d.message().contains(f.get("dataset").asText() + "[" + f.get("element").asLong() + "]"), d.message());
            assertTrue(d.message().contains("object header is at byte"), d.message());
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

    @Test
    void goodFixturesTriggerNoRule() throws IOException {
        for (JsonNode f : SingleCellFixturesTest.manifest().get("matrices")) {
            Node n = SingleCellFixturesTest.open(f.get("file").asText(), f.get("address").asText());
            assertEquals(List.of(), all(n), f.toString());
        }
    }
}
