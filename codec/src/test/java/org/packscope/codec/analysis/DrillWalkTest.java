package org.packscope.codec.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.inspect.Verifier;

/** The deep walk finds a reader's bug where check never looks: inside drill-down children. */
class DrillWalkTest {

    /** A drill-down list of {@code n} children; child {@code bad} fails the way a careless reader would. */
    private static Node listWithBug(int n, int bad, RuntimeException bug) {
        Node root = Node.of("f", "file");
        Node list = Node.of("blocks", "blosc-blocks").drillDown(true);
        list.lazyChildren(n, i -> Node.lazy("block " + i, "blosc-block", node -> {
            if (i == bad) throw bug;
            node.field("i", null, i, "");
        }));
        root.add(list);
        return root;
    }

    private static List<String> internalErrors(List<TreeWalk.Located> found) {
        return found.stream().filter(l -> l.diagnostic().rule().equals("internal_error"))
                .map(l -> l.node().name() + ": " + l.diagnostic().message()).toList();
    }

    @Test
    void aNullPointerExceptionInADrillDownChildIsFound() {
        Node root = listWithBug(10, 7, new NullPointerException("injected"));
        // check's walk does not open drill-down children: it cannot see the bug
        assertEquals(List.of(), internalErrors(TreeWalk.diagnostics(root, true, 1000, Progress.NONE)));
        List<String> found = internalErrors(DrillWalk.run(root, 1000));
        assertEquals(1, found.size(), found.toString());
        assertTrue(found.get(0).startsWith("block 7: "), found.toString());
        assertTrue(!found.get(0).contains("NullPointerException"), "told in PackScope's words: " + found);
    }

    @Test
    void theLastOfALongListIsOpened() {
        Node root = listWithBug(1_000_000, 999_999, new IndexOutOfBoundsException("injected"));
        assertEquals(1, internalErrors(DrillWalk.run(root, 1000)).size());
    }

    @Test
    void aFailingValueColumnOrVerifierIsFound() {
        Node n = Node.of("v", "values");
        n.facet(ValueColumn.class, new ValueColumn() {
            public String name() { return "v"; }
            public ValueType type() { return ValueType.I32; }
            public long count() { return 100; }
            public void read(long start, long[] dst, int off, int len) {
                if (start + len == 100) throw new ArrayIndexOutOfBoundsException(100);
            }
        });
        assertEquals(1, internalErrors(DrillWalk.run(n, 10)).size());
        Node m = Node.of("m", "matrix");
        m.facet(Verifier.class, (sink, p) -> { throw new NullPointerException(); });
        assertEquals(1, internalErrors(DrillWalk.run(m, 10)).size());
    }
}
