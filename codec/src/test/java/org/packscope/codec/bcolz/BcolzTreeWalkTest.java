package org.packscope.codec.bcolz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;

/** Walks each fixture's tree the way {@code check}/{@code inspect} do: every loader succeeds, every field's span lies in its node's source. */
class BcolzTreeWalkTest {

    static java.util.stream.Stream<String> all() throws Exception {
        List<String> out = new ArrayList<>();
        BcolzFixtureTest.manifest().get("fixtures").forEach(f -> out.add(f.get("name").asText()));
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("all")
    void wholeTreeLoadsCleanly(String name) {
        Node root = FormatRegistry.standard().open(BcolzFixtureTest.DIR.resolve(name));
        List<Diagnostic> found = new ArrayList<>();
        int nodes = walk(root, found);
        assertEquals(List.of(), found);
        assertTrue(nodes > 3, "nodes " + nodes);
    }

    static int walk(Node n, List<Diagnostic> found) {
        found.addAll(n.diagnostics());
        for (Field f : n.fields()) {
            if (f.span() != null) {
                assertTrue(n.source() != null && f.span().byteEnd() <= n.source().size(), n.path() + " " + f);
            }
        }
        int count = 1;
        if (n.isDrillDown()) {
            // look at the first unit anyway: it must load cleanly too
            if (n.childCount() > 0) count += walk(n.children().get(0), found);
            return count;
        }
        for (Node c : n.children()) count += walk(c, found);
        return count;
    }
}
