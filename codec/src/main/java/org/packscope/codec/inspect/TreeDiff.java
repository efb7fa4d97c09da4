package org.packscope.codec.inspect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A structure-level comparison of two inspection trees of the same format: fields
 * whose values differ, children present on one side only, and decoded values that
 * differ, each with the nodes and spans on both sides so a view can show them.
 */
public final class TreeDiff {
    private static final int PAGE = 4096;

    /** One difference; nodes and spans are null on the side that lacks the thing. */
    public record Difference(String path, String what, String left, String right,
                             Node leftNode, Span leftSpan, Node rightNode, Span rightSpan) { }

    /** Limits that keep a diff of two huge files bounded. */
    public record Limits(int maxDifferences, int maxValueDifferences, int maxDepth) {
        public static final Limits DEFAULT = new Limits(10_000, 100, 64);
    }

    private final Limits limits;
    private final Progress progress;
    private final List<Difference> out = new ArrayList<>();

    private TreeDiff(Limits limits, Progress progress) {
        this.limits = limits;
        this.progress = progress;
    }

    public static List<Difference> diff(Node left, Node right, Limits limits, Progress progress) {
        TreeDiff d = new TreeDiff(limits, progress);
        d.compare("", left, right, 0);
        return d.out;
    }

    private boolean full() { return out.size() >= limits.maxDifferences(); }

    private void add(Difference d) { if (!full()) out.add(d); }

    private void compare(String path, Node a, Node b, int depth) {
        progress.checkCancelled();
        if (full()) return;
        String here = path.isEmpty() ? "(root)" : path;
        if (!a.kind().equals(b.kind())) {
            add(new Difference(here, "kind", a.kind(), b.kind(), a, a.span(), b, b.span()));
            return;
        }
        int before = out.size();
        compareFields(here, a, b);
        // a scalar's one value is already its field: do not say the same difference twice
        boolean scalarAlreadyDiffers = out.size() > before && a.values() != null && a.values().count() == 1;
        if (!scalarAlreadyDiffers) compareValues(here, a, b);
        if (depth >= limits.maxDepth() || a.isDrillDown() || b.isDrillDown()) return;
        Map<String, Node> left = byName(a.children());
        Map<String, Node> right = byName(b.children());
        for (Map.Entry<String, Node> e : left.entrySet()) {
            Node other = right.get(e.getKey());
            String childPath = path.isEmpty() ? e.getKey() : path + "/" + e.getKey();
            if (other == null) {
                add(new Difference(childPath, "only on the left", e.getValue().kind(), "", e.getValue(), e.getValue().span(), null, null));
            } else {
                compare(childPath, e.getValue(), other, depth + 1);
            }
        }
        for (Map.Entry<String, Node> e : right.entrySet()) {
            if (!left.containsKey(e.getKey())) {
                String childPath = path.isEmpty() ? e.getKey() : path + "/" + e.getKey();
                add(new Difference(childPath, "only on the right", "", e.getValue().kind(), null, null, e.getValue(), e.getValue().span()));
            }
        }
    }

    /** Fields are matched by name and, for repeated names, by occurrence. */
    private void compareFields(String path, Node a, Node b) {
        Map<String, Field> left = fieldsByKey(a.fields());
        Map<String, Field> right = fieldsByKey(b.fields());
        for (Map.Entry<String, Field> e : left.entrySet()) {
            Field fb = right.get(e.getKey());
            Field fa = e.getValue();
            if (fb == null) {
                add(new Difference(path, "field " + fa.name() + " only on the left", fa.value(), "", a, fa.span(), b, null));
            } else if (!Objects.equals(fa.value(), fb.value())) {
                add(new Difference(path, "field " + fa.name(), fa.value(), fb.value(), a, fa.span(), b, fb.span()));
            }
        }
        for (Map.Entry<String, Field> e : right.entrySet()) {
            if (!left.containsKey(e.getKey())) {
                Field fb = e.getValue();
                add(new Difference(path, "field " + fb.name() + " only on the right", "", fb.value(), a, null, b, fb.span()));
            }
        }
    }

    private void compareValues(String path, Node a, Node b) {
        ValueColumn ca = a.values(), cb = b.values();
        if (ca == null || cb == null) return;
        if (!ca.type().equals(cb.type())) {
            add(new Difference(path, "value type", ca.type().label(), cb.type().label(), a, null, b, null));
            return;
        }
        if (ca.count() != cb.count()) {
            add(new Difference(path, "value count", Long.toString(ca.count()), Long.toString(cb.count()), a, null, b, null));
        }
        long n = Math.min(ca.count(), cb.count());
        int found = 0;
        long[] pa = new long[PAGE], pb = new long[PAGE];
        byte[] ga = new byte[PAGE], gb = new byte[PAGE];
        for (long start = 0; start < n && found < limits.maxValueDifferences() && !full(); start += PAGE) {
            progress.checkCancelled();
            int len = (int) Math.min(PAGE, n - start);
            if (ca.type().numeric()) {
                try {
                    ca.read(start, pa, 0, len);
                    cb.read(start, pb, 0, len);
                    ca.gaps(start, ga, 0, len);
                    cb.gaps(start, gb, 0, len);
                } catch (RuntimeException e) {
                    add(new Difference(path, "values from " + start, "unreadable", Node.describe(e), a, null, b, null));
                    return;
                }
                for (int i = 0; i < len && found < limits.maxValueDifferences(); i++) {
                    // a gap (undecodable or missing) differs from any value, whatever bits stand in for it
                    if (ga[i] != gb[i] || ga[i] == ValueColumn.PRESENT && pa[i] != pb[i]) {
                        found++;
                        add(new Difference(path, "value " + (start + i), shown(ca, pa[i], ga[i]), shown(cb, pb[i], gb[i]), a, null, b, null));
                    }
                }
            } else {
                for (int i = 0; i < len && found < limits.maxValueDifferences(); i++) {
                    String va = ca.text(start + i), vb = cb.text(start + i);
                    if (!va.equals(vb)) {
                        found++;
                        add(new Difference(path, "value " + (start + i), va, vb, a, null, b, null));
                    }
                }
            }
        }
    }

    private static String shown(ValueColumn c, long raw, byte gap) {
        return gap == ValueColumn.UNDECODABLE ? "undecodable" : gap == ValueColumn.MISSING ? "missing" : c.type().format(raw);
    }

    private static Map<String, Node> byName(List<Node> nodes) {
        Map<String, Node> out = new LinkedHashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        for (Node n : nodes) {
            int k = seen.merge(n.name(), 1, Integer::sum);
            out.put(k == 1 ? n.name() : n.name() + " #" + k, n);
        }
        return out;
    }

    private static Map<String, Field> fieldsByKey(List<Field> fields) {
        Map<String, Field> out = new LinkedHashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        for (Field f : fields) {
            int k = seen.merge(f.name(), 1, Integer::sum);
            out.put(k == 1 ? f.name() : f.name() + " #" + k, f);
        }
        return out;
    }
}
