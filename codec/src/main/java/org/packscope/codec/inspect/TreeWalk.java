package org.packscope.codec.inspect;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

/**
 * Walks a tree the way {@code check} does: every node, but not into the children of
 * drill-down nodes, running each node's {@link Verifier}. Diagnostics come back with
 * the node that holds them, sorted by place.
 */
public final class TreeWalk {

    /** A diagnostic and the node it belongs to (whose source its span refers to). */
    public record Located(Node node, Diagnostic diagnostic) {
        public long offsetBits() {
            Span s = diagnostic.span() != null ? diagnostic.span() : node.span();
            return s == null ? 0 : s.startBit();
        }
    }

    private TreeWalk() { }

    public static List<Located> diagnostics(Node root, boolean runVerifiers, int maxNodes, Progress progress) {
        List<Located> out = new ArrayList<>();
        Deque<Node> todo = new ArrayDeque<>();
        todo.push(root);
        int visited = 0;
        while (!todo.isEmpty() && visited < maxNodes) {
            progress.checkCancelled();
            Node n = todo.pop();
            visited++;
            for (Diagnostic d : n.diagnostics()) out.add(new Located(n, d));
            if (runVerifiers) {
                Verifier v = n.facet(Verifier.class);
                if (v != null) {
                    try {
                        v.verify(d -> out.add(new Located(n, d)), progress);
                    } catch (Progress.CancelledException e) {
                        throw e;
                    } catch (RuntimeException | StackOverflowError e) {
                        out.add(new Located(n, Diagnostic.error(n.span(), Node.isBug(e) ? "internal_error" : "unreadable",
                                "verification failed: " + Node.describe(e))));
                    }
                }
            }
            if (!n.isDrillDown()) {
                List<Node> kids = n.children();
                for (int i = kids.size() - 1; i >= 0; i--) todo.push(kids.get(i));
            }
            if (visited % 64 == 0) progress.update(-1, "checked " + visited + " nodes");
        }
        if (!todo.isEmpty()) {
            out.add(new Located(root, new Diagnostic(Severity.INFO, null, "walk_limit",
                    "stopped after " + maxNodes + " nodes; the rest was not checked")));
        }
        List<Located> unique = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Located l : out) {
            String key = System.identityHashCode(l.node.source()) + "|" + l.offsetBits() + "|" + l.diagnostic.rule() + "|" + l.diagnostic.message();
            if (seen.add(key)) unique.add(l);
        }
        unique.sort(Comparator.comparing((Located l) -> l.node.source() == null ? "" : l.node.source().name())
                .thenComparingLong(Located::offsetBits));
        return unique;
    }
}
