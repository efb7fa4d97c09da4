package org.packscope.codec.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.analysis.TreeWalk;

class NodeTest {

    @Test
    void lazyNodeLoadsOnceOnFirstLook() {
        AtomicInteger loads = new AtomicInteger();
        Node n = Node.lazy("x", "test", node -> {
            loads.incrementAndGet();
            node.field("a", Span.bytes(0, 1), 1, "first");
        });
        assertFalse(n.isLoaded());
        assertEquals(0, loads.get());
        assertEquals(1, n.fields().size());
        assertEquals(1, n.fields().size());
        assertTrue(n.isLoaded());
        assertEquals(1, loads.get());
    }

    @Test
    void failingLoaderLeavesADiagnosticNotAnException() {
        Node n = Node.lazy("bad", "test", node -> {
            ByteSource.of(new byte[2], "t").i64le(0);
        });
        assertEquals(1, n.diagnostics().size());
        Diagnostic d = n.diagnostics().get(0);
        assertEquals("truncated", d.rule());
        assertEquals(Severity.ERROR, d.severity());

        Node m = Node.lazy("io", "test", node -> { throw new java.io.IOException("disk gone"); });
        assertEquals("unreadable", m.diagnostics().get(0).rule());
        assertTrue(m.diagnostics().get(0).message().contains("disk gone"));

        // a reader that indexes past an array trusted its input: that is a bug, named as such
        Node bug = Node.lazy("bug", "test", node -> { int[] a = new int[1]; node.summary("" + a[2]); });
        assertEquals("internal_error", bug.diagnostics().get(0).rule());
    }

    @Test
    void lazyChildrenAreMadeOnDemandAndKnowTheirParent() {
        AtomicInteger made = new AtomicInteger();
        Node root = Node.of("root", "test").lazyChildren(1_000_000, i -> {
            made.incrementAndGet();
            return Node.of("c" + i, "chunk");
        });
        assertEquals(1_000_000, root.childCount());
        Node c = root.children().get(123_456);
        assertEquals("c123456", c.name());
        assertSame(root, c.parent());
        assertSame(c, root.children().get(123_456));
        assertEquals(1, made.get());
        assertEquals("c123456", c.path());
    }

    @Test
    void findFollowsChildNames() {
        Node root = Node.of("f", "file");
        Node group = Node.of("mats", "group");
        Node leaf = Node.of("a", "matrix");
        root.add(group);
        group.add(leaf);
        assertSame(leaf, root.find("mats/a"));
        assertSame(leaf, root.find("/mats/a/"));
        assertNull(root.find("mats/b"));
        assertEquals("mats/a", leaf.path());
    }

    @Test
    void treeWalkSkipsDrillDownChildrenAndRunsVerifiers() {
        Node root = Node.of("f", "file");
        Node chunk = Node.of("chunk", "chunk").drillDown(true);
        chunk.add(Node.of("batch", "batch").diagnose(Diagnostic.error(Span.bytes(9, 1), "never_seen", "inside a drill-down")));
        root.add(chunk);
        root.diagnose(Diagnostic.warning(Span.bits(17, 3), "w", "a warning"));
        root.facet(Verifier.class, (sink, p) -> sink.accept(Diagnostic.error(Span.bytes(4, 1), "bad_page", "decode failed")));
        var found = TreeWalk.diagnostics(root, true, 100, Progress.NONE);
        assertEquals(2, found.size());
        // sorted by place: bit 17 comes before byte 4
        assertEquals("w", found.get(0).diagnostic().rule());
        assertEquals("bad_page", found.get(1).diagnostic().rule());
        assertEquals("2.1", found.get(0).diagnostic().span().offsetText());
    }

    @Test
    void aContainersSummaryOfItsPartsProblemIsNotRepeated() {
        ByteSource file = ByteSource.of(new byte[64], "part");
        Node root = Node.of("matrix", "matrix")
                .diagnose(Diagnostic.error(null, "idxptr_not_monotone", "idxptr decreases at element 3"))
                .diagnose(Diagnostic.error(null, "other_rule", "kept: no part reports it"));
        Node part = Node.of("idxptr", "array").source(file)
                .diagnose(Diagnostic.error(Span.bytes(24, 8), "idxptr_not_monotone", "element 3 decreases"));
        root.add(part);
        var found = TreeWalk.diagnostics(root, false, 100, Progress.NONE);
        assertEquals(2, found.size());
        assertTrue(found.stream().anyMatch(l -> l.node() == part && l.diagnostic().span().byteOffset() == 24));
        assertTrue(found.stream().anyMatch(l -> l.diagnostic().rule().equals("other_rule")));
    }

    @Test
    void rawBitsShowWhatTheSpanCovers() {
        ByteSource s = ByteSource.of(new byte[] {(byte) 0xb5, 0x03, 0x10, 0x20, 0x30}, "t");
        assertEquals("0b101", RawBits.render(s, Span.bits(0, 3)));
        assertEquals("b5 03 10", RawBits.render(s, Span.bytes(0, 3)));
        assertEquals("(beyond the end)", RawBits.render(s, Span.bytes(4, 4)));
        assertEquals("0b10000000010000", RawBits.render(s, Span.bits(16, 14)));
        assertEquals("0x1003b", RawBits.render(s, Span.bits(4, 20)));
    }

    @Test
    void valueTypesFormatAndNormalise() {
        assertEquals(-1, ValueType.I16.normalize(0xffff));
        assertEquals(0xffff, ValueType.U16.normalize(-1));
        assertEquals("18446744073709551615", ValueType.U64.format(-1));
        assertEquals("-0.0", ValueType.F32.format(Float.floatToRawIntBits(-0.0f)));
        assertEquals(1.0, ValueType.F16.toDouble(0x3c00));
        assertEquals(-2.0, ValueType.F16.toDouble(0xc000));
        assertTrue(Double.isNaN(ValueType.F16.toDouble(0x7e00)));
        assertEquals("abc", ValueType.bytes(5).formatBytes(new byte[] {'a', 'b', 'c', 0, 0}, 0));
        assertEquals("hé", ValueType.unicode(3).formatBytes(new byte[] {'h', 0, 0, 0, (byte) 0xe9, 0, 0, 0, 0, 0, 0, 0}, 0));
    }
}
