package org.packscope.codec.fuzz;

import java.util.List;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;

/** The Blosc and bcolz targets' extra checks: drill into a few blocks and trace a few values. */
final class BloscFuzzSupport {
    private BloscFuzzSupport() { }

    /** Walks {@code node} as FuzzFiles does, then traces values and opens the first blocks of every chunk. */
    static void exercise(Node node) {
        FuzzFiles.walk(node);
        visit(node, 0);
    }

    private static void visit(Node n, int depth) {
        for (Diagnostic d : n.diagnostics()) {
            if (d.rule().equals("internal_error")) throw new AssertionError(n.path() + ": " + d.message());
        }
        n.fields();
        trace(n);
        if (depth > 6) return;
        List<Node> kids = n.children();
        int limit = n.isDrillDown() ? Math.min(2, kids.size()) : Math.min(16, kids.size());
        for (int i = 0; i < limit; i++) visit(kids.get(i), depth + 1);
    }

    private static void trace(Node n) {
        ValueTracer tracer = n.facet(ValueTracer.class);
        ValueColumn col = n.values();
        if (tracer == null || col == null || col.count() == 0) return;
        for (long k : new long[] {0, col.count() / 2, col.count() - 1}) {
            Trace t;
            try {
                t = tracer.trace(k, Progress.NONE);
            } catch (RuntimeException e) {
                if (FuzzFiles.isBug(e)) throw e;
                continue;
            }
            for (Trace.Step s : t.steps()) {
                Span sp = s.span();
                if (sp != null && (s.source() == null || sp.endBit() > s.source().size() * 8)) {
                    throw new AssertionError(n.path() + " value " + k + ": step '" + s.title() + "' span " + sp + " lies outside its source");
                }
            }
        }
    }
}
