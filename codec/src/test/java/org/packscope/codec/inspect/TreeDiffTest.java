package org.packscope.codec.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.codec.io.ByteSource;

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
        assertEquals("chunk 0", diffs.get(1).path());
        assertEquals("value 2", diffs.get(1).what());
        assertEquals("-7", diffs.get(1).right());
        assertEquals("only on the right", diffs.get(2).what());
        assertTrue(diffs.get(2).path().equals("chunk 1"));
    }
}
