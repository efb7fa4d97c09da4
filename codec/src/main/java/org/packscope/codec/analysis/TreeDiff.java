package org.packscope.codec.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.packscope.codec.inspect.ChildBytes;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;

/**
 * A structure-level comparison of two inspection trees of the same format: fields
 * whose values differ, children present on one side only, and decoded values that
 * differ, each with the nodes and spans on both sides so a view can show them.
 */
public final class TreeDiff {
    private static final int PAGE = 4096;
    /** Node pairs compared at most; what lies beyond is reported as not compared, never as the same. */
    public static final int MAX_NODES = 1_000_000;
    /** The {@link Difference#what} of the last entry when a comparison stopped before the end. */
    public static final String STOPPED = "not compared";

    /** One difference; nodes and spans are null on the side that lacks the thing. */
    public record Difference(String path, String what, String left, String right,
                             Node leftNode, Span leftSpan, Node rightNode, Span rightSpan) { }

    /**
     * Limits that keep a diff of two huge files bounded: differences listed, differing
     * values listed per node, and levels of nesting followed.
     */
    public record Limits(int maxDifferences, int maxValueDifferences, int maxDepth) {
        public static final Limits DEFAULT = new Limits(10_000, 100, 1 << 20);

        public Limits {
            if (maxDifferences < 0 || maxValueDifferences < 0 || maxDepth < 0) {
                throw new IllegalArgumentException("limits cannot be negative");
            }
        }
    }

    /**
     * What a comparison found. {@code stoppedAt} is null when both trees were compared to
     * the end; otherwise it names where the comparison stopped and {@code why}, and the
     * trees may differ beyond that point.
     */
    public record Result(List<Difference> differences, long found, String stoppedAt, String why, long valuesDiffering) {
        public Result(List<Difference> differences, long found, String stoppedAt, String why) {
            this(differences, found, stoppedAt, why, 0);
        }

        public boolean complete() { return stoppedAt == null; }

        public boolean same() { return complete() && found == 0; }

        /** "6 differences" or "1,006 differences: 6 in the structure, 1,000 values" (what differs, counted). */
        public String headline() {
            String n = String.format(java.util.Locale.ROOT, "%,d", found) + (found == 1 ? " difference" : " differences");
            if (valuesDiffering == 0) return n;
            long structural = found - valuesDiffering;
            return n + String.format(java.util.Locale.ROOT, ": %,d in the structure, %,d value%s", structural, valuesDiffering,
                    valuesDiffering == 1 ? "" : "s");
        }
    }

    /** Whether a difference is about decoded values rather than the structure (fields, children, kinds, types, counts). */
    public static boolean isValueDifference(Difference d) {
        return d.what().startsWith("value ") && !d.what().equals("value type") && !d.what().equals("value count")
                || d.what().equals("more values differ") || d.what().startsWith("values from ");
    }

    private final Limits limits;
    private final Progress progress;
    private final List<Difference> out = new ArrayList<>();
    private long found;
    /** Values found differing, all counted (only {@link Limits#maxValueDifferences} per node are listed). */
    private long valuesDiffering;
    private String stoppedAt;
    private String why;

    private TreeDiff(Limits limits, Progress progress) {
        this.limits = limits;
        this.progress = progress;
    }

    /**
     * The differences, and when the comparison stopped early a last entry whose
     * {@link Difference#what} is {@link #STOPPED}, saying where and why.
     */
    public static List<Difference> diff(Node left, Node right, Limits limits, Progress progress) {
        return withStop(compare(left, right, limits, progress));
    }

    /** The differences, and for a comparison that stopped early a last {@link #STOPPED} entry. */
    public static List<Difference> withStop(Result r) {
        if (r.complete()) return r.differences();
        List<Difference> all = new ArrayList<>(r.differences());
        all.add(new Difference(r.stoppedAt(), STOPPED, r.why(), r.why(), null, null, null, null));
        return all;
    }

    public static Result compare(Node left, Node right, Limits limits, Progress progress) {
        TreeDiff d = new TreeDiff(limits, progress);
        d.walk(left, right);
        // the structure first: a changed header field explains the values that follow it
        List<Difference> ordered = new ArrayList<>(d.out.size());
        for (Difference x : d.out) if (!isValueDifference(x)) ordered.add(x);
        for (Difference x : d.out) if (isValueDifference(x)) ordered.add(x);
        return new Result(ordered, d.found, d.stoppedAt, d.why, d.valuesDiffering);
    }

    /** Stops when more differences were found than may be listed: the answer (they differ) is known. */
    private boolean full() { return overflowed; }

    /** A difference was found with the list already full. */
    private boolean overflowed;

    private void add(Difference d) {
        found++;
        if (out.size() < limits.maxDifferences()) out.add(d);
        else overflowed = true;
    }

    /** A place in both trees; its path is built only when it is shown (a 100,000-deep path is not built at every level). */
    private record Place(Place parent, String name, int depth) {
        String path() {
            if (parent == null) return "(root)";
            List<String> parts = new ArrayList<>();
            for (Place p = this; p.parent != null; p = p.parent) parts.add(p.name);
            java.util.Collections.reverse(parts);
            if (parts.size() > 24) {
                List<String> shortened = new ArrayList<>(parts.subList(0, 8));
                shortened.add("…" + (parts.size() - 16) + " levels…");
                shortened.addAll(parts.subList(parts.size() - 8, parts.size()));
                parts = shortened;
            }
            return String.join("/", parts);
        }

        Place child(String childName) { return new Place(this, childName, depth + 1); }
    }

    /**
     * One step of the walk: compare two nodes, or report a child present on one side only.
     * {@code valuesAbove}: the parents' values were compared (a drill-down list below them,
     * such as an HDF5 dataset's million chunk nodes, re-presents those values).
     */
    private record Step(Place place, Node left, Node right, boolean valuesAbove) { }

    /**
     * Children {@code next..} of two parents with the same names in the same order, paired by
     * index one at a time: two files of 300,000 chunks would otherwise hold 600,000 nodes at once.
     */
    private record Pairs(Place place, Node left, Node right, int next, boolean valuesAbove) { }

    /** Children of each side above which pairs are made one at a time (when their names match in order). */
    static final int PAIRED_ONE_BY_ONE = 10_000;

    /** Depth first, in the order a recursive walk would take, but on an explicit stack: nesting depth is up to the input. */
    private void walk(Node left, Node right) {
        Deque<Object> todo = new ArrayDeque<>();
        todo.push(new Step(new Place(null, "", 0), left, right, false));
        long nodes = 0;
        while (!todo.isEmpty()) {
            progress.checkCancelled();
            Object item = todo.pop();
            if (item instanceof Pairs p) {
                if (p.next + 1 < p.left.childCount()) todo.push(new Pairs(p.place, p.left, p.right, p.next + 1, p.valuesAbove));
                if (p.valuesAbove && sameBytes(p.left, p.right, p.next)) continue;
                Node a = p.left.children().get(p.next), b = p.right.children().get(p.next);
                todo.push(new Step(p.place.child(a.name()), a, b, p.valuesAbove));
                continue;
            }
            Step s = (Step) item;
            if (full()) {
                stop(s.place, "listing stopped after " + limits.maxDifferences() + " differences (--max)");
                return;
            }
            if (s.right == null) {
                add(new Difference(s.place.path(), "only on the left", s.left.kind(), "", s.left, s.left.span(), null, null));
                continue;
            }
            if (s.left == null) {
                add(new Difference(s.place.path(), "only on the right", "", s.right.kind(), null, null, s.right, s.right.span()));
                continue;
            }
            if (++nodes > MAX_NODES) {
                stop(s.place, "stopped after comparing " + MAX_NODES + " nodes");
                return;
            }
            compareNode(s, todo);
        }
        // the walk reached the end: everything was compared, even if not every difference is listed
    }

    private void stop(Place at, String reason) {
        stoppedAt = at.path();
        why = reason + "; what follows was not compared";
    }

    private void compareNode(Step s, Deque<Object> todo) {
        Node a = s.left, b = s.right;
        Place here = s.place;
        if (!a.kind().equals(b.kind())) {
            add(new Difference(here.path(), "kind", a.kind(), b.kind(), a, a.span(), b, b.span()));
            return;
        }
        long before = found;
        compareFields(here, a, b);
        // a scalar's one value is already its field: do not say the same difference twice
        boolean scalarAlreadyDiffers = found > before && a.values() != null && a.values().count() == 1;
        boolean valuesCompared = a.values() != null && b.values() != null;
        if (!scalarAlreadyDiffers) compareValues(here, a, b);
        // drill-down children re-present values at finer grain: when the values were compared, they were too
        if ((a.isDrillDown() || b.isDrillDown()) && (valuesCompared || s.valuesAbove)) return;
        if (a.childCount() == 0 && b.childCount() == 0) return;
        if (s.place.depth >= limits.maxDepth()) {
            stop(s.place, "nesting deeper than " + limits.maxDepth() + " levels");
            todo.clear();
            return;
        }
        if (sameNamesInOrder(a, b)) {
            todo.push(new Pairs(s.place, a, b, 0, valuesCompared));
            return;
        }
        Map<String, Node> left = byName(a.children());
        Map<String, Node> right = byName(b.children());
        List<Step> next = new ArrayList<>(left.size() + 4);
        for (Map.Entry<String, Node> e : left.entrySet()) {
            next.add(new Step(s.place.child(e.getKey()), e.getValue(), right.get(e.getKey()), valuesCompared));
        }
        for (Map.Entry<String, Node> e : right.entrySet()) {
            if (!left.containsKey(e.getKey())) next.add(new Step(s.place.child(e.getKey()), null, e.getValue(), valuesCompared));
        }
        for (int i = next.size() - 1; i >= 0; i--) todo.push(next.get(i));
    }

    /** Fields are matched by name and, for repeated names, by occurrence. */
    private void compareFields(Place place, Node a, Node b) {
        Map<String, Field> left = fieldsByKey(a.fields());
        Map<String, Field> right = fieldsByKey(b.fields());
        for (Map.Entry<String, Field> e : left.entrySet()) {
            Field fb = right.get(e.getKey());
            Field fa = e.getValue();
            if (fb == null) {
                add(new Difference(place.path(), "field " + fa.name() + " only on the left", fa.value(), "", a, fa.span(), b, null));
            } else if (!Objects.equals(fa.value(), fb.value())) {
                add(new Difference(place.path(), "field " + fa.name(), fa.value(), fb.value(), a, fa.span(), b, fb.span()));
            }
        }
        for (Map.Entry<String, Field> e : right.entrySet()) {
            if (!left.containsKey(e.getKey())) {
                Field fb = e.getValue();
                add(new Difference(place.path(), "field " + fb.name() + " only on the right", "", fb.value(), a, null, b, fb.span()));
            }
        }
    }

    private void compareValues(Place place, Node a, Node b) {
        ValueColumn ca = a.values(), cb = b.values();
        if (ca == null || cb == null) return;
        if (!ca.type().equals(cb.type())) {
            add(new Difference(place.path(), "value type", ca.type().label(), cb.type().label(), a, null, b, null));
            return;
        }
        if (ca.count() != cb.count()) {
            add(new Difference(place.path(), "value count", Long.toString(ca.count()), Long.toString(cb.count()), a, null, b, null));
        }
        long n = Math.min(ca.count(), cb.count());
        // pages no longer than the values: 300,000 one-number chunks are not 300,000 full pages to clear
        int page = (int) Math.max(1, Math.min(PAGE, n));
        long[] pa = new long[page], pb = new long[page];
        long[] differing = {0, -1};
        byte[] ga = new byte[page], gb = new byte[page];
        for (long start = 0, step; start < n && !full(); start += step) {
            progress.checkCancelled();
            int len = (int) Math.min(PAGE, n - start);
            step = len;
            long uniform = Math.min(ca.uniformEnd(start), cb.uniformEnd(start));
            if (uniform - start > SAME_CHECK && ca.type().numeric() && valuesEqual(ca, cb, start, pa, pb, ga, gb)) {
                // both sides repeat one element there without a stored byte (Zarr chunks not written): equal throughout
                step = uniform - start;
                continue;
            }
            if (ca.type().numeric()) {
                try {
                    readBoth(ca, cb, start, len, pa, pb, ga, gb);
                } catch (RuntimeException e) {
                    add(new Difference(place.path(), "values from " + start, "unreadable", Node.describe(e), a, null, b, null));
                    return;
                }
                for (int i = 0; i < len; i++) {
                    // a gap (undecodable or missing) differs from any value, whatever bits stand in for it
                    if ((ga[i] != gb[i] || ga[i] == ValueColumn.PRESENT && pa[i] != pb[i])
                            && !valueDiffers(place, a, b, start + i, shown(ca, pa[i], ga[i]), shown(cb, pb[i], gb[i]), differing)) return;
                }
            } else {
                ca.gaps(start, ga, 0, len);
                cb.gaps(start, gb, 0, len);
                for (int i = 0; i < len; i++) {
                    String va = ga[i] == ValueColumn.PRESENT ? ca.text(start + i) : shown(ca, 0, ga[i]);
                    String vb = gb[i] == ValueColumn.PRESENT ? cb.text(start + i) : shown(cb, 0, gb[i]);
                    // R's NA and the string "NA" are told apart by their marks, not their text
                    if ((ga[i] != gb[i] || !va.equals(vb)) && !valueDiffers(place, a, b, start + i, va, vb, differing)) return;
                }
            }
        }
        unlistedValues(place, a, b, differing);
    }

    private static void readBoth(ValueColumn ca, ValueColumn cb, long start, int len, long[] pa, long[] pb, byte[] ga, byte[] gb) {
        ca.read(start, pa, 0, len);
        cb.read(start, pb, 0, len);
        ca.gaps(start, ga, 0, len);
        cb.gaps(start, gb, 0, len);
    }

    /** Values compared before a uniform stretch is skipped: a whole number of elements of any width (complex ones too). */
    private static final int SAME_CHECK = 64;

    /** Whether values {@code [start, start + SAME_CHECK)} are present and equal on both sides. */
    private static boolean valuesEqual(ValueColumn ca, ValueColumn cb, long start, long[] pa, long[] pb, byte[] ga, byte[] gb) {
        try {
            readBoth(ca, cb, start, SAME_CHECK, pa, pb, ga, gb);
        } catch (RuntimeException e) {
            return false;
        }
        for (int i = 0; i < SAME_CHECK; i++) if (ga[i] != ValueColumn.PRESENT || gb[i] != ValueColumn.PRESENT || pa[i] != pb[i]) return false;
        return true;
    }

    /**
     * Lists a differing value, or once more than the per-node limit differ, says so and
     * returns false: the node is known to differ, the rest of its values need not be read.
     */
    private boolean valueDiffers(Place place, Node a, Node b, long index, String va, String vb, long[] differing) {
        valuesDiffering++;
        if (++differing[0] <= limits.maxValueDifferences()) {
            add(new Difference(place.path(), "value " + index, va, vb, a, null, b, null));
            return true;
        }
        found++; // counted, not listed: the summary after the node's values says how many
        if (differing[1] < 0) differing[1] = index;
        return true;
    }

    /** After a node's values: how many differing values were counted but not listed. */
    private void unlistedValues(Place place, Node a, Node b, long[] differing) {
        long more = differing[0] - limits.maxValueDifferences();
        if (more <= 0 || out.size() >= limits.maxDifferences()) return;
        out.add(new Difference(place.path(), "more values differ", String.format(java.util.Locale.ROOT, "%,d more from value %d", more,
                differing[1]), "(not listed: at most " + limits.maxValueDifferences() + " per node)", a, null, b, null));
    }

    private static String shown(ValueColumn c, long raw, byte gap) {
        return gap == ValueColumn.UNDECODABLE ? "undecodable" : gap == ValueColumn.MISSING ? "missing" : c.type().format(raw);
    }

    /**
     * Whether child {@code i} of both parents is the same bytes, as their parents say without
     * making the children (values above were compared, so what is left is what bytes say).
     */
    private static boolean sameBytes(Node a, Node b, int i) {
        ChildBytes ba = a.facet(ChildBytes.class), bb = b.facet(ChildBytes.class);
        if (ba == null || bb == null || a.source() == null || b.source() == null) return false;
        Span sa = ba.of(i), sb = bb.of(i);
        if (sa == null || sb == null || sa.byteLength() != sb.byteLength() || sa.byteLength() > Integer.MAX_VALUE) return false;
        int len = (int) sa.byteLength();
        byte[] x = new byte[Math.min(len, 1 << 16)], y = new byte[x.length];
        for (long off = 0; off < len; off += x.length) {
            int k = (int) Math.min(x.length, len - off);
            a.source().read(sa.byteOffset() + off, x, 0, k);
            b.source().read(sb.byteOffset() + off, y, 0, k);
            if (!java.util.Arrays.equals(x, 0, k, y, 0, k)) return false;
        }
        return true;
    }

    /**
     * Whether two long child lists can be paired by index: as many children, the same names in
     * the same order, all distinct from their neighbours' and none a layout view (names are
     * read from nodes made one at a time, which a list not kept lets go again).
     */
    private static boolean sameNamesInOrder(Node a, Node b) {
        int n = a.childCount();
        if (n <= PAIRED_ONE_BY_ONE || b.childCount() != n) return false;
        List<Node> left = a.children(), right = b.children();
        String before = null;
        for (int i = 0; i < n; i++) {
            Node x = left.get(i), y = right.get(i);
            if (x.isLayoutView() || y.isLayoutView() || !x.name().equals(y.name()) || x.name().equals(before)) return false;
            before = x.name();
        }
        return true;
    }

    private static Map<String, Node> byName(List<Node> nodes) {
        Map<String, Node> out = new LinkedHashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        for (Node n : nodes) {
            // where the content lies in the bytes is not content: equal files may lay it out differently
            if (n.isLayoutView()) continue;
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
