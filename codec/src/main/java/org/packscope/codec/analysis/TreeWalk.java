package org.packscope.codec.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.RuleCap;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Verifier;

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

    /** The key repeated reports are counted under: one node's one rule (nodes compare by identity). */
    private record NodeRule(Node node, String rule) { }

    /**
     * A container often repeats a problem of one of its parts as a summary (a matrix
     * naming its damaged array, a dataset naming its damaged chunk file). When the part
     * reports the same rule itself, with a place, the part's report is the one to keep:
     * a report is an echo when a strict descendant of its node holds the same rule with
     * a span, and the report has no span itself, its node no source, or the two spans
     * start at the same bit. Linear in the reports times the tree's depth: each
     * ancestor is marked once per rule (and once per rule and start).
     */
    static List<Located> dropEchoes(List<Located> all) {
        Map<String, Set<Node>> ruleBelow = new HashMap<>();
        Map<String, Set<Node>> placeBelow = new HashMap<>();
        for (Located l : all) {
            Span s = l.diagnostic.span();
            if (s == null) continue;
            markAncestors(ruleBelow.computeIfAbsent(l.diagnostic.rule(), k -> identitySet()), l.node);
            markAncestors(placeBelow.computeIfAbsent(l.diagnostic.rule() + "@" + s.startBit(), k -> identitySet()), l.node);
        }
        List<Located> kept = new ArrayList<>(all.size());
        for (Located l : all) {
            Set<Node> below = ruleBelow.get(l.diagnostic.rule());
            boolean echo = false;
            if (below != null && below.contains(l.node)) {
                Span mine = l.diagnostic.span();
                if (mine == null || l.node.source() == null) {
                    echo = true;
                } else {
                    Set<Node> same = placeBelow.get(l.diagnostic.rule() + "@" + mine.startBit());
                    echo = same != null && same.contains(l.node);
                }
            }
            if (!echo) kept.add(l);
        }
        return kept;
    }

    private static Set<Node> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }

    /** Adds the strict ancestors of {@code n}, stopping at the first one already there (its own are too). */
    private static void markAncestors(Set<Node> marked, Node n) {
        for (Node p = n.parent(); p != null; p = p.parent()) if (!marked.add(p)) return;
    }

    public static List<Located> diagnostics(Node root, boolean runVerifiers, int maxNodes, Progress progress) {
        return diagnostics(root, n -> runVerifiers, maxNodes, progress);
    }

    /** As above, running the verifiers only of the nodes {@code verify} accepts. */
    public static List<Located> diagnostics(Node root, java.util.function.Predicate<Node> verify, int maxNodes, Progress progress) {
        List<Located> out = new ArrayList<>();
        // a verifier may report the same rule once per value: keep the first of each rule per node, count the rest
        RuleCap<NodeRule> repeats = new RuleCap<>();
        java.util.function.Consumer<Located> add = l -> {
            if (repeats.admit(new NodeRule(l.node, l.diagnostic.rule()), l.diagnostic)) out.add(l);
        };
        // each level's children are taken one at a time: a node of 300,000 children made on demand holds one at a time
        Deque<Iterator<Node>> todo = new ArrayDeque<>();
        todo.push(List.of(root).iterator());
        int visited = 0;
        while (!todo.isEmpty() && visited < maxNodes) {
            progress.checkCancelled();
            if (!todo.peek().hasNext()) {
                todo.pop();
                continue;
            }
            Node n = todo.peek().next();
            visited++;
            for (Diagnostic d : n.diagnostics()) add.accept(new Located(n, d));
            if (verify.test(n)) {
                Verifier v = n.facet(Verifier.class);
                if (v != null) {
                    try {
                        v.verify(d -> add.accept(new Located(n, d)), progress);
                    } catch (Progress.CancelledException e) {
                        throw e;
                    } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                        add.accept(new Located(n, Diagnostic.error(n.span(), Node.isBug(e) ? SharedRules.INTERNAL_ERROR : SharedRules.UNREADABLE,
                                "verification failed: " + Node.describe(e))));
                    }
                }
            }
            if (!n.isDrillDown()) {
                List<Node> kids = n.checkedChildren();
                if (!kids.isEmpty()) todo.push(kids.iterator());
            }
            if (visited % 64 == 0) progress.update(-1, "checked " + visited + " nodes");
        }
        repeats.forEachSummary((key, d) -> out.add(new Located(key.node(), d)));
        if (todo.stream().anyMatch(Iterator::hasNext)) {
            out.add(new Located(root, SharedRules.WALK_LIMIT.at(null,
                    "stopped after " + maxNodes + " nodes; the rest was not checked")));
        }
        List<Located> unique = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        Map<String, Node> reportedBy = new HashMap<>();
        for (Located l : dropEchoes(out)) {
            // the same report twice about the same bytes (a node and its verifier) is shown once
            Object place = l.node.source() != null ? l.node.source() : l.node;
            String at = System.identityHashCode(place) + "|" + l.offsetBits() + "|" + l.diagnostic.rule();
            if (!seen.add(at + "|" + l.diagnostic.message())) continue;
            // two nodes with one rule at one byte of a file are two views of one problem (an HDF5
            // object and the file-structure view of its B-tree): the first reached says it
            Node first = l.node.source() != null && l.diagnostic.span() != null ? reportedBy.putIfAbsent(at, l.node) : null;
            if (first != null && first != l.node) continue;
            unique.add(l);
        }
        unique.sort(Comparator.comparing((Located l) -> l.node.source() == null ? "" : l.node.source().name())
                .thenComparingLong(Located::offsetBits));
        return unique;
    }
}
