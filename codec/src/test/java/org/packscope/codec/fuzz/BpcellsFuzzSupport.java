package org.packscope.codec.fuzz;

import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.inspect.Explanation;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;

/**
 * What the BPCells fuzz targets do with a tree beyond {@link FuzzFiles#walk}: for every
 * matrix, stream all entries, open a few columns and BP128 chunks (drill-downs the walk
 * skips), explain their fields and trace a few values of every value column met.
 */
final class BpcellsFuzzSupport {
    private BpcellsFuzzSupport() { }

    static void exercise(Node root) {
        FuzzFiles.walk(root);
        List<Node> matrices = new ArrayList<>();
        collect(root, matrices, 0);
        for (Node m : matrices) matrix(m);
    }

    private static void collect(Node n, List<Node> out, int depth) {
        if (n.kind().equals("bpcells-matrix")) {
            out.add(n);
            return;
        }
        if (depth > 6 || n.isDrillDown()) return;
        List<Node> kids = n.children();
        for (int i = 0; i < Math.min(kids.size(), 32); i++) collect(kids.get(i), out, depth + 1);
    }

    private static void matrix(Node m) {
        node(m);
        SparseMatrix sm = m.facet(SparseMatrix.class);
        if (sm != null && sm.nnz() < 1_000_000) {
            long[] count = {0};
            sm.forEachEntry((r, c, v) -> count[0]++, Progress.NONE);
        }
        for (Node k : m.children()) {
            node(k);
            List<Node> sub = k.children();
            int n = sub.size();
            for (int i : new int[] {0, 1, n / 2, n - 1}) {
                if (i < 0 || i >= n) continue;
                Node c = sub.get(i);
                node(c);
                for (Node leaf : c.children()) node(leaf);
            }
        }
    }

    /** Fields explained, a few values read and traced; a trace must end where the column is. */
    private static void node(Node n) {
        FieldExplainer ex = n.facet(FieldExplainer.class);
        if (ex != null) {
            for (Field f : n.fields()) {
                Explanation e = ex.explain(f);
                if (e != null && e.text() == null) throw new AssertionError("explanation without text: " + f.name());
            }
        }
        ValueColumn c = n.values();
        ValueTracer t = n.facet(ValueTracer.class);
        if (c == null || t == null) return;
        long count = c.count();
        for (long k : new long[] {0, count / 2, count - 1, count}) {
            if (k < 0) continue;
            Trace tr = t.trace(k, Progress.NONE);
            if (tr == null || tr.steps().isEmpty()) throw new AssertionError(n.path() + ": empty trace for " + k);
            for (Trace.Step s : tr.steps()) {
                if (s.span() != null && (s.source() == null || s.span().endBit() > s.source().size() * 8)) {
                    throw new AssertionError(n.path() + ": trace step '" + s.title() + "' points outside its source");
                }
            }
            if (k < count) {
                try {
                    c.text(k);
                } catch (RuntimeException e) {
                    if (FuzzFiles.isBug(e)) throw e;
                }
            }
        }
    }
}
