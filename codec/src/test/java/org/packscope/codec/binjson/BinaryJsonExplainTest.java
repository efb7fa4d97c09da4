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
        assertTrue(e.specSection().startsWith(BjExplainer.SPEC), where);
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
        for (Map.Entry<String, Explanation> e : BjExplainer.all().entrySet()) {
            String section = e.getValue().specSection().substring(BjExplainer.SPEC.length());
            assertTrue(headings.contains(section), e.getKey() + ": no heading '" + section + "' in " + new TreeSet<>(headings));
            checkExplanation(e.getValue(), e.getKey());
        }
    }

    @Test
    void sameFieldNameIsExplainedPerKind() {
        var root = BinaryJsonTeaching.explain("{\"m\": {\"a\": 1}, \"l\": [1, \"x\"], \"n\": [1.5, 2.5]}", true, 3).node();
        Field count = new Field("count", null, "1", "");
        Explanation map = root.child("m").facet(FieldExplainer.class).explain(count);
        Explanation list = root.child("l").facet(FieldExplainer.class).explain(count);
        Explanation nd = root.child("n").facet(FieldExplainer.class).explain(count);
        assertEquals("Entry count", map.title());
        assertEquals("Element count", list.title());
        assertTrue(nd.formula().contains("Π"));
        Explanation plane = root.child("n").facet(FieldExplainer.class).explain(new Field("plane 4", null, "", ""));
        assertEquals("Byte plane", plane.title());
        assertEquals(BjExplainer.S44, plane.specSection());
        // the root map's node also carries the header
        assertEquals(BjExplainer.S1, root.facet(FieldExplainer.class).explain(new Field("floatcomp", null, "3", "")).specSection());
    }

    @Test
    void theFixturesHoldEveryNodeKind() {
        Set<String> seen = new HashSet<>();
        all().forEach(f -> BjTesting.visitAll(BjTesting.open(f), n -> seen.add(n.kind())));
        Set<String> want = new HashSet<>(Set.of("binjson-file", "bj-string-table", "bj-string", "bj-null", "bj-bool", "bj-float",
                "bj-int", "bj-f32", "bj-float-as-int", "bj-map", "bj-list", "bj-ndarray", "bj-ndarray-slice", "bj-element"));
        want.removeAll(seen);
        assertEquals(Set.of(), want, "node kinds never visited");
    }
}
