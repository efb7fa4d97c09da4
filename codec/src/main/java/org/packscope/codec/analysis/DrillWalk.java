package org.packscope.codec.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.Verifier;

/**
 * A walk that goes where {@link TreeWalk} (and so {@code check}) does not: into the
 * children of drill-down nodes, the way a person clicking through the window would.
 * Of each drill-down node it opens the first and last children and every child when
 * there are few, reads each node's fields, tables, summary and the first and last
 * values of its column, and runs its verifier. A reader that trusts bad input fails
 * here as an {@code internal_error} even where the whole-file walk never looks.
 */
public final class DrillWalk {
    /** Drill-down nodes with at most this many children have all of them opened (damaged ones included). */
    static final int OPEN_ALL_BELOW = 1024;
    /** Children opened at each end of a longer drill-down list. */
    static final int ENDS = 4;

    private DrillWalk() { }

    /** Every diagnostic of the nodes visited (at most {@code maxNodes}), each with its node. */
    public static List<TreeWalk.Located> run(Node root, int maxNodes) {
        List<TreeWalk.Located> out = new ArrayList<>();
        Deque<Node> todo = new ArrayDeque<>();
        todo.push(root);
        int visited = 0;
        while (!todo.isEmpty() && visited < maxNodes) {
            Node n = todo.pop();
            visited++;
            try {
                touch(n, out);
                List<Node> kids = n.children();
                int count = kids.size();
                for (int i = count - 1; i >= 0; i--) {
                    boolean open = !n.isDrillDown() || count <= OPEN_ALL_BELOW || i < ENDS || i >= count - ENDS;
                    if (open) todo.push(kids.get(i));
                }
            } catch (Progress.CancelledException e) {
                throw e;
            } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                out.add(new TreeWalk.Located(n, Diagnostic.error(null, Node.isBug(e) ? SharedRules.INTERNAL_ERROR : SharedRules.UNREADABLE,
                        "looking at " + n.kind() + " " + n.name() + " failed: " + Node.describe(e))));
            }
        }
        return out;
    }

    /** Everything a view would ask of one node. */
    private static void touch(Node n, List<TreeWalk.Located> out) {
        n.summary();
        n.span();
        n.fields();
        n.tables();
        for (Diagnostic d : n.diagnostics()) out.add(new TreeWalk.Located(n, d));
        ValueColumn c = n.values();
        if (c != null && c.count() > 0) {
            long[] page = new long[(int) Math.min(16, c.count())];
            if (c.type().numeric()) {
                c.read(0, page, 0, page.length);
                c.read(c.count() - page.length, page, 0, page.length);
            } else {
                c.text(0);
                c.text(c.count() - 1);
            }
        }
        Verifier v = n.facet(Verifier.class);
        if (v != null) {
            v.verify(d -> out.add(new TreeWalk.Located(n, d)), Progress.NONE);
        }
    }
}
