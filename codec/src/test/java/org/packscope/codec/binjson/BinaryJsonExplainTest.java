package org.packscope.codec.binjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.inspect.Explanation;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.testing.Fixtures;

/** The explain pane: every field of every node kind, in every fixture (damaged ones too), has a text. */
class BinaryJsonExplainTest {

    static Stream<BjTesting.Fixture> all() { return BjTesting.fixtures(null).stream(); }

    private static Set<String> specHeadings() throws IOException {
        return Files.readAllLines(Fixtures.resource("specs/binary-json-v1.md")).stream()
                .filter(l -> l.startsWith("#")).map(l -> l.replaceFirst("^#+\\s*", "").trim()).collect(Collectors.toSet());
    }

    private static void checkExplanation(Explanation e, String where) {
        assertNotNull(e, "no explanation for " + where);
        assertFalse(e.title().isBlank(), where);
        assertTrue(e.text().length() > 40, where + ": " + e.text());
        assertTrue(e.specSection().startsWith(BinaryJsonDocs.SPEC), where);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("all")
    void everyFieldOfEveryNodeIsExplained(BjTesting.Fixture f) {
        int[] fields = {0};
        BjTesting.visitAll(BjTesting.open(f), n -> {
            if (n.fields().isEmpty()) return;
            FieldExplainer x = n.facet(FieldExplainer.class);
            assertNotNull(x, "no explainer at " + n.path() + " (" + n.kind() + ")");
            for (Field fl : n.fields()) {
                checkExplanation(x.explain(fl), f.name() + " " + n.path() + " (" + n.kind() + ") field " + fl.name());
                fields[0]++;
            }
        });
        assertTrue(fields[0] > 0);
    }

    @Test
    void everySpecSectionNamesARealHeading() throws IOException {
        Set<String> headings = specHeadings();
        for (String key : BinaryJsonDocs.DOCS.keys()) {
            Explanation e = BinaryJsonDocs.DOCS.explain(new Field(key, null, "", ""));
            String section = e.specSection().substring(BinaryJsonDocs.SPEC.length());
            assertTrue(headings.contains(section), key + ": no heading '" + section + "' in " + new TreeSet<>(headings));
            checkExplanation(e, key);
        }
    }

    @Test
    void sameLabelIsExplainedPerKey() {
        var root = BinaryJsonTeaching.explain("{\"m\": {\"a\": 1}, \"l\": [1, \"x\"], \"n\": [1.5, 2.5]}", true, 3).node();
        Explanation map = explainField(root.child("m"), "count");
        Explanation list = explainField(root.child("l"), "count");
        Explanation nd = explainField(root.child("n"), "count");
        assertEquals("Entry count", map.title());
        assertEquals("Element count", list.title());
        assertTrue(nd.formula().contains("Π"));
        Explanation plane = explainField(root.child("n"), "plane 1");
        assertEquals("Byte plane", plane.title());
        assertEquals(BinaryJsonDocs.S44, plane.specSection());
        // the root map's node also carries the header
        assertEquals(BinaryJsonDocs.S1, explainField(root, "floatcomp").specSection());
    }

    /** The explanation of the field labelled {@code label} on {@code n}. */
    private static Explanation explainField(org.packscope.codec.inspect.Node n, String label) {
        Field f = n.fields().stream().filter(x -> x.name().equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError("no field " + label + " in " + n.fields()));
        return n.facet(FieldExplainer.class).explain(f);
    }

    @Test
    void theFixturesHoldEveryNodeKind() {
        Set<String> seen = new HashSet<>();
        all().forEach(f -> BjTesting.visitAll(BjTesting.open(f), n -> seen.add(n.kind())));
        Set<String> want = new HashSet<>(Set.of("bj-file", "bj-string-table", "bj-string", "bj-null", "bj-bool", "bj-float",
                "bj-int", "bj-f32", "bj-float-as-int", "bj-map", "bj-list", "bj-ndarray", "bj-ndarray-slice", "bj-element"));
        want.removeAll(seen);
        assertEquals(Set.of(), want, "node kinds never visited");
    }
}
