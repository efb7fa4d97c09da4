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

    /**
     * A container often repeats a problem of one of its parts as a summary (a matrix
     * naming its damaged array, a dataset naming its damaged chunk file). When the part
     * reports the same rule itself, with a place, the part's report is the one to keep.
     */
    static List<Located> dropEchoes(List<Located> all) {
        java.util.Map<String, List<Located>> byRule = new java.util.HashMap<>();
        for (Located l : all) byRule.computeIfAbsent(l.diagnostic.rule(), k -> new ArrayList<>()).add(l);
        List<Located> kept = new ArrayList<>();
        for (Located l : all) {
            boolean echo = false;
            for (Located other : byRule.get(l.diagnostic.rule())) {
                if (other == l || other.diagnostic.span() == null || !isAncestor(l.node, other.node)) continue;
                Span mine = l.diagnostic.span();
                if (mine == null || mine.startBit() == other.diagnostic.span().startBit() || l.node.source() == null) {
                    echo = true;
                    break;
                }
            }
            if (!echo) kept.add(l);
        }
        return kept;
    }

    private static boolean isAncestor(Node a, Node b) {
        for (Node p = b.parent(); p != null; p = p.parent()) if (p == a) return true;
        return false;
    }

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
        for (Located l : dropEchoes(out)) {
            // the same report twice about the same bytes (a node and its verifier) is shown once
            Object place = l.node.source() != null ? l.node.source() : l.node;
            String key = System.identityHashCode(place) + "|" + l.offsetBits() + "|" + l.diagnostic.rule() + "|" + l.diagnostic.message();
            if (seen.add(key)) unique.add(l);
        }
        unique.sort(Comparator.comparing((Located l) -> l.node.source() == null ? "" : l.node.source().name())
                .thenComparingLong(Located::offsetBits));
        return unique;
    }
}
