package org.packscope.codec.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.CpuBound;
import org.packscope.codec.analysis.TreeWalk;

/** Filling a node one field or diagnostic at a time is linear, repeated rules are capped, and readers never see a torn list. */
class NodeScaleTest {

    @Test
    void hundredsOfThousandsOfFieldsAppendInLinearTime() {
        // a Pco chunk of 16k bins has ~5 fields a bin; with copy-on-write lists 20 such chunks took minutes
        Node n = Node.of("chunk", "pco-chunk");
        CpuBound.run(Duration.ofSeconds(5), "400,000 fields", () -> {
            for (int i = 0; i < 400_000; i++) n.field("bin " + i, Span.bytes(i, 1), i, "");
        });
        assertEquals(400_000, n.fields().size());
        assertEquals("bin 399999", n.fields().get(399_999).name());
    }

    @Test
    void repeatedDiagnosticsOfOneRuleAreCountedNotKept() {
        Node n = Node.of("strings", "binjson-strings");
        for (int i = 0; i < 30_000; i++) n.diagnose(Diagnostic.warningAtByte(10 + i, "duplicate_string", "string " + i + " repeats"));
        n.diagnose(Diagnostic.errorAtByte(5, "bad_length", "one other problem"));
        List<Diagnostic> d = n.diagnostics();
        assertEquals(RuleCap.PER_RULE + 2, d.size());
        Diagnostic summary = d.get(d.size() - 1);
        assertEquals("duplicate_string", summary.rule());
        assertEquals("and 29,900 more like this", summary.message());
        assertEquals(10 + RuleCap.PER_RULE, summary.span().byteOffset(), "placed where the first one left out is");
        assertEquals(29_900, RuleCap.hiddenCount(summary));
        assertEquals("bad_length", d.get(RuleCap.PER_RULE).rule());
    }

    @Test
    void aSummaryIsAsSevereAsTheWorstItStandsFor() {
        Node n = Node.of("x", "x");
        for (int i = 0; i < RuleCap.PER_RULE + 5; i++) n.diagnose(Diagnostic.warning(null, "r", "w"));
        n.diagnose(Diagnostic.error(null, "r", "e"));
        assertEquals(Severity.ERROR, n.diagnostics().get(RuleCap.PER_RULE).severity());
    }

    @Test
    void readersIterateWhileAWriterAppends() throws Exception {
        Node n = Node.of("x", "x");
        AtomicReference<Throwable> failure = new AtomicReference<>();
        java.util.concurrent.atomic.AtomicBoolean writing = new java.util.concurrent.atomic.AtomicBoolean(true);
        Thread reader = new Thread(() -> {
            try {
                while (writing.get()) {
                    int i = 0;
                    for (Field f : n.fields()) assertEquals("f" + i++, f.name());
                }
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        reader.start();
        for (int i = 0; i < 200_000; i++) n.field("f" + i, null, i, "");
        writing.set(false);
        reader.join();
        if (failure.get() != null) throw new AssertionError(failure.get());
    }

    @Test
    void echoesAreFoundInLinearTime() {
        // 50,000 damaged parts under one container that repeats the rule: the old pairwise search was quadratic (minutes)
        // each chunk at bytes of its own: two nodes reporting one rule at one byte are one problem
        ByteSource src = ByteSource.of(new byte[50_000], "f");
        Node root = Node.of("f", "file").source(src).span(Span.bytes(0, 50_000));
        root.diagnose(Diagnostic.error(null, "chunk_damaged", "a chunk is damaged"));
        List<Node> parts = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            Node c = Node.of("c" + i, "chunk").source(src).span(Span.bytes(i, 1));
            c.diagnose(Diagnostic.errorAtByte(i, "chunk_damaged", "chunk " + i));
            parts.add(c);
        }
        root.children(parts);
        List<TreeWalk.Located> found = CpuBound.within(Duration.ofSeconds(8), "a walk of 50,000 chunks",
                () -> TreeWalk.diagnostics(root, false, 1_000_000, Progress.NONE));
        assertTrue(found.stream().noneMatch(l -> l.node() == root), "the container's echo is dropped");
        long shown = found.stream().filter(l -> RuleCap.hiddenCount(l.diagnostic()) == 0).count();
        assertEquals(50_000, shown, "one per chunk, each its own node");
    }

    @Test
    void aVerifierReportingOneRulePerValueIsCappedInTheWalk() {
        Node n = Node.of("v", "values");
        n.facet(Verifier.class, (sink, progress) -> {
            for (int i = 0; i < 50_000; i++) sink.accept(Diagnostic.warningAtByte(i, "value_out_of_range", "value " + i));
        });
        List<TreeWalk.Located> found = TreeWalk.diagnostics(n, true, 10, Progress.NONE);
        assertEquals(RuleCap.PER_RULE + 1, found.size());
        assertEquals(50_000 - RuleCap.PER_RULE, RuleCap.hiddenCount(found.get(found.size() - 1).diagnostic()));
    }
}
