package org.packscope.codec.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

class TreeDiffTest {

    private static Node tree(int version, long lastValue, boolean extraChild) {
        ByteSource src = ByteSource.of(new byte[16], "t");
        Node root = Node.of("f", "file").source(src).field("version", Span.bytes(0, 1), version, "v")
                .field("magic", Span.bytes(1, 2), "AB", "m");
        Node chunk = Node.of("chunk 0", "chunk").source(src).field("n", Span.bytes(4, 4), 3, "count");
        chunk.facet(ValueColumn.class, new ValueColumn() {
            public String name() { return "v"; }
            public ValueType type() { return ValueType.I32; }
            public long count() { return 3; }
            public void read(long start, long[] dst, int off, int len) {
                for (int i = 0; i < len; i++) dst[off + i] = start + i == 2 ? lastValue : start + i;
            }
        });
        root.add(chunk);
        if (extraChild) root.add(Node.of("chunk 1", "chunk"));
        return root;
    }

    @Test
    void identicalTreesHaveNoDifferences() {
        assertEquals(List.of(), TreeDiff.diff(tree(1, 2, false), tree(1, 2, false), TreeDiff.Limits.DEFAULT, Progress.NONE));
    }

    @Test
    void listsFieldsValuesAndChildrenThatDiffer() {
        var diffs = TreeDiff.diff(tree(1, 2, false), tree(2, -7, true), TreeDiff.Limits.DEFAULT, Progress.NONE);
        assertEquals(3, diffs.size());
        assertEquals("field version", diffs.get(0).what());
        assertEquals("1", diffs.get(0).left());
        assertEquals("2", diffs.get(0).right());
        assertEquals(0, diffs.get(0).rightSpan().byteOffset());
        // the structure before the values
        assertEquals("only on the right", diffs.get(1).what());
        assertTrue(diffs.get(1).path().equals("chunk 1"));
        assertEquals("chunk 0", diffs.get(2).path());
        assertEquals("value 2", diffs.get(2).what());
        assertEquals("-7", diffs.get(2).right());
    }

    @Test
    void aLayoutViewIsNotCompared() {
        // the same content, laid out at different addresses: only the layout views differ, and they are left out
        Node left = tree(1, 2, false), right = tree(1, 2, false);
        left.add(Node.of("file structure", "layout").field("root at", null, 96, "address").layoutView(true));
        right.add(Node.of("file structure", "layout").field("root at", null, 800, "address").layoutView(true));
        assertEquals(List.of(), TreeDiff.diff(left, right, TreeDiff.Limits.DEFAULT, Progress.NONE));
        // without the flag the address is a difference (the test can fail)
        Node plain = tree(1, 2, false).add(Node.of("file structure", "layout").field("root at", null, 800, "address"));
        Node other = tree(1, 2, false).add(Node.of("file structure", "layout").field("root at", null, 96, "address"));
        assertEquals(1, TreeDiff.diff(plain, other, TreeDiff.Limits.DEFAULT, Progress.NONE).size());
    }

    /** Two columns of n values, every value differing, under a header field that differs too. */
    private static Node column(int n, int version, long add) {
        ByteSource src = ByteSource.of(new byte[16], "t");
        Node root = Node.of("f", "file").source(src).field("version", Span.bytes(0, 1), version, "v");
        Node data = Node.of("data", "chunk").source(src);
        data.facet(ValueColumn.class, new ValueColumn() {
            public String name() { return "v"; }
            public ValueType type() { return ValueType.I64; }
            public long count() { return n; }
            public void read(long start, long[] dst, int off, int len) {
                for (int i = 0; i < len; i++) dst[off + i] = start + i + add;
            }
        });
        root.add(data);
        return root;
    }

    /** The headline counts every differing value (a recount: n of n), not the rows listed; the header field comes first. */
    @Test
    void theCountIsOfWhatDiffersAndTheStructureComesFirst() {
        for (int n : new int[] {1, 100, 1_000, 200_000}) {
            TreeDiff.Result r = TreeDiff.compare(column(n, 1, 0), column(n, 2, 1), TreeDiff.Limits.DEFAULT, Progress.NONE);
            assertEquals(n + 1, r.found());
            assertEquals(n, r.valuesDiffering());
            assertEquals("field version", r.differences().get(0).what(), "the header field first");
            assertEquals(String.format(java.util.Locale.ROOT, "%,d differences: 1 in the structure, %,d value%s", n + 1, n, n == 1 ? "" : "s"),
                    r.headline());
            long listedValues = r.differences().stream().filter(d -> d.what().startsWith("value ")).count();
            assertEquals(Math.min(n, TreeDiff.Limits.DEFAULT.maxValueDifferences()), listedValues);
            if (n > TreeDiff.Limits.DEFAULT.maxValueDifferences()) {
                TreeDiff.Difference last = r.differences().get(r.differences().size() - 1);
                assertEquals("more values differ", last.what());
                assertTrue(last.left().startsWith(String.format(java.util.Locale.ROOT, "%,d more from value 100", n - 100)), last.left());
            }
        }
    }
}
