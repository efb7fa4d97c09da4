package org.packscope.codec.bpcells;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Explanation;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;

/** Every field of every node kind in the fixtures has an explanation tied to a spec section. */
class BpcellsExplainerTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.packscope.codec.bpcells.BpcellsFixturesTest#fixtures")
    void everyFieldIsExplained(String name, JsonNode f) {
        Set<String> kinds = new TreeSet<>();
        visit(BpcellsFixturesTest.open(f), kinds);
        assertTrue(kinds.contains("bpcells-matrix"));
        assertTrue(kinds.contains("bpcells-array"));
        if (f.get("nnz").asLong() > 0 && f.get("packed").asBoolean()) assertTrue(kinds.contains("bp128-chunk"), kinds.toString());
        if (f.get("layout").asText().equals("dir")) assertTrue(kinds.contains("bpcells-version"), kinds.toString());
    }

    static void visit(Node n, Set<String> kinds) {
        if (!n.fields().isEmpty()) {
            FieldExplainer ex = n.facet(FieldExplainer.class);
            assertNotNull(ex, n.kind() + " " + n.path() + " has fields but no explainer");
            kinds.add(n.kind());
            for (Field fl : n.fields()) {
                Explanation e = ex.explain(fl);
                assertNotNull(e, n.kind() + " field '" + fl.name() + "'");
                assertEquals(fl.name(), e.title());
                assertFalse(e.text().isBlank(), fl.name());
                assertTrue(e.specSection().startsWith("bpcells-matrix-format.txt, "), fl.name() + ": " + e.specSection());
            }
        }
        var kids = n.children();
        int first = kids.size() <= 20 ? kids.size() : 3;
        for (int i = 0; i < first; i++) visit(kids.get(i), kinds);
        if (kids.size() > first) visit(kids.get(kids.size() - 1), kinds);
    }

    @Test
    void chunkValueFieldsAreExplainedWithTheirPlace() {
        String dir = BpcellsFixturesTest.DIR.resolve("medium_packed_uint_col_dir_names").toString();
        Node chunk = FormatRegistry.standard().resolve(dir + "::index_data/chunk_1").target();
        Field v9 = chunk.fields().stream().filter(x -> x.name().equals("value 9")).findFirst().orElseThrow();
        Explanation e = chunk.facet(FieldExplainer.class).explain(v9);
        assertTrue(e.text().contains("zigzag"), e.text());
        assertTrue(e.text().contains("lane 1, slot 2"), e.text());
        assertEquals(BpcellsDocs.D1Z, e.specSection());
        Node val = FormatRegistry.standard().resolve(dir + "::val_data/chunk_0").target();
        Field bits = val.fields().stream().filter(x -> x.name().equals("bits")).findFirst().orElseThrow();
        assertEquals("b = (idx[k+1] − idx[k]) / 4", val.facet(FieldExplainer.class).explain(bits).formula());
    }

    @Test
    void unknownFieldsFallBack() {
        assertEquals(null, BpcellsDocs.DOCS.explain(new Field("no such field", null, "", "")));
    }
}
