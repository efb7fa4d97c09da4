package org.packscope.codec.rds;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;

/**
 * Opens what a person can open in a tree of R nodes: every node up to a bound (of long
 * child lists the first and last), each field's explanation, and of value columns the
 * first and last values, their gaps and traces. Returns what failed: an exception or an
 * {@code internal_error} diagnostic.
 */
final class RNodeWalk {
    private RNodeWalk() { }

    static List<String> failures(Node root, int maxNodes) {
        List<String> out = new ArrayList<>();
        Deque<Node> todo = new ArrayDeque<>();
        todo.push(root);
        int seen = 0;
        while (!todo.isEmpty() && seen++ < maxNodes) {
            Node n = todo.pop();
            try {
                n.summary();
                for (Diagnostic d : n.diagnostics()) if (d.rule().equals("internal_error")) out.add(n.path() + ": " + d.message());
                FieldExplainer ex = n.facet(FieldExplainer.class);
                if (ex != null) for (Field f : n.fields()) ex.explain(f);
                ValueColumn c = n.values();
                if (c != null && c.count() > 0) values(c, n.facet(ValueTracer.class));
                List<Node> kids = n.children();
                int k = kids.size();
                if (k <= 64) for (int i = k - 1; i >= 0; i--) todo.push(kids.get(i));
                else {
                    todo.push(kids.get(k - 1));
                    todo.push(kids.get(0));
                }
            } catch (RuntimeException | StackOverflowError e) {
                out.add(n.path() + ": " + e);
            }
        }
        return out;
    }

    private static void values(ValueColumn c, ValueTracer tracer) {
        long last = c.count() - 1;
        for (long i : new long[] {0, last}) {
            c.text(i);
            byte[] mark = new byte[1];
            if (c.mayHaveGaps()) c.gaps(i, mark, 0, 1);
            c.gapReason(i);
            if (c.type().numeric()) c.read(i, new long[1], 0, 1);
            if (tracer != null) tracer.trace(i, Progress.NONE);
        }
    }
}
