package org.packscope.codec.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.packscope.codec.export.MatrixMarket;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.analysis.TreeDiff;
import org.packscope.codec.inspect.ValueType;

/**
 * Compares two matrices entry by entry, whatever holds them (a BPCells matrix against
 * the AnnData or 10x file it was converted from): shape, row and column names, then
 * every cell that either side stores. Values of different stored types are compared as
 * numbers (u32 3 equals f32 3.0); a side stored as the other's transpose (genes × cells
 * against cells × genes) is compared transposed. Entries are gathered in bands of
 * columns of at most {@link #BAND_ENTRIES} per side, so memory stays bounded.
 */
public final class MatrixCompare {
    static final int BAND_ENTRIES = 1 << 24;
    /** Direct children looked at when a whole file is given (a file whose root holds one matrix). */
    static final int CHILDREN_LOOKED_AT = 64;

    private final Node leftNode, rightNode;
    private final SparseMatrix a, b;
    private final boolean transposed;
    private final int max;
    private final List<TreeDiff.Difference> out = new ArrayList<>();

    private MatrixCompare(Node leftNode, Node rightNode, int max) {
        this.leftNode = leftNode;
        this.rightNode = rightNode;
        this.a = leftNode.facet(SparseMatrix.class);
        this.b = rightNode.facet(SparseMatrix.class);
        this.transposed = (a.rows() != b.rows() || a.cols() != b.cols()) && a.rows() == b.cols() && a.cols() == b.rows();
        this.max = max;
    }

    /**
     * The node holding the matrix a node stands for: the node itself, or for a file its
     * {@code X} (AnnData) or its only matrix among the top-level members; null when none.
     */
    public static Node matrixNode(Node n) {
        if (n == null) return null;
        if (n.facet(SparseMatrix.class) != null) return n;
        if (n.childCount() > CHILDREN_LOOKED_AT) return null;
        Node x = n.child("X");
        if (x != null && x.facet(SparseMatrix.class) != null) return x;
        Node found = null;
        for (Node c : n.children()) {
            if (c.facet(SparseMatrix.class) == null) continue;
            if (found != null) return null;
            found = c;
        }
        return found;
    }

    /**
     * True when two nodes should be compared as matrices: both stand for a matrix (named
     * directly, or a file holding one) and the matrices are of different formats, the
     * check after a conversion. Two matrices of one format keep the structural diff,
     * which also shows where their bytes differ.
     */
    public static boolean applies(Node left, Node right) {
        Node a = matrixNode(left), b = matrixNode(right);
        return a != null && b != null && !a.kind().equals(b.kind());
    }

    /** Differences between the matrices {@code left} and {@code right} stand for (see {@link #matrixNode}). */
    public static List<TreeDiff.Difference> diff(Node left, Node right, int maxDifferences, Progress progress) {
        MatrixCompare c = new MatrixCompare(matrixNode(left), matrixNode(right), maxDifferences);
        c.run(progress);
        return c.out;
    }

    /** One line saying what was compared with what, for a person. */
    public static String heading(Node left, Node right) {
        Node a = matrixNode(left), b = matrixNode(right);
        SparseMatrix x = a.facet(SparseMatrix.class), y = b.facet(SparseMatrix.class);
        boolean t = (x.rows() != y.rows() || x.cols() != y.cols()) && x.rows() == y.cols() && x.cols() == y.rows();
        return String.format(Locale.ROOT, "comparing matrices entry by entry: %s %s (%,d × %,d, %s) with %s %s (%,d × %,d, %s)%s",
                a.kind(), a.path().isEmpty() ? a.name() : a.path(), x.rows(), x.cols(), x.valueType().label(),
                b.kind(), b.path().isEmpty() ? b.name() : b.path(), y.rows(), y.cols(), y.valueType().label(),
                t ? "; the right one transposed" : "");
    }

    private boolean full() { return out.size() >= max; }

    private void add(String where, String what, String left, String right) {
        if (!full()) out.add(new TreeDiff.Difference(where, what, left, right, leftNode, null, rightNode, null));
    }

    private void run(Progress progress) {
        long rows = a.rows(), cols = a.cols();
        if (!transposed && (b.rows() != rows || b.cols() != cols)) {
            add("shape", "matrices differ in shape", rows + " × " + cols, b.rows() + " × " + b.cols());
            return;
        }
        damage("left", leftNode);
        damage("right", rightNode);
        names("row", a.rowNames(), transposed ? b.colNames() : b.rowNames());
        names("column", a.colNames(), transposed ? b.rowNames() : b.colNames());
        long leftSeen = 0, rightSeen = 0;
        long most = Math.max(1, Math.max(a.nnz(), b.nnz()));
        long bands = Math.max(1, Math.min(cols, (most + BAND_ENTRIES - 1) / BAND_ENTRIES));
        for (long k = 0; k < bands && !full(); k++) {
            long c0 = k * cols / bands, c1 = (k + 1) * cols / bands;
            Band left = new Band(), right = new Band();
            a.forEachEntryIn(0, rows, c0, c1, left::add, progress);
            if (transposed) b.forEachEntryIn(c0, c1, 0, rows, (r, c, v) -> right.add(c, r, v), progress);
            else b.forEachEntryIn(0, rows, c0, c1, right::add, progress);
            leftSeen += left.n;
            rightSeen += right.n;
            left.sort(rows);
            right.sort(rows);
            merge(left, right, rows);
        }
        if (!full()) {
            skipped("left", leftSeen, a.nnz());
            skipped("right", rightSeen, b.nnz());
        }
    }

    /**
     * A side whose reader reported damage (an indptr that goes back, indices of another
     * length) is read as the reader repairs it: say so, so that agreeing entries never
     * read as "no differences" for a damaged file.
     */
    private void damage(String side, Node n) {
        List<Diagnostic> errors = new ArrayList<>();
        for (var d : n.diagnostics()) if (d.severity() == Severity.ERROR) errors.add(d);
        if (errors.isEmpty()) return;
        var first = errors.get(0);
        add(side + " matrix", "damaged, compared as read", first.rule() + ": " + first.message()
                + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more)" : ""), null);
    }

    /** Entries a side stores but did not deliver (an index out of range or negative, a chunk that failed) were not compared. */
    private void skipped(String side, long seen, long stored) {
        if (seen >= stored) return;
        add(side + " matrix", "entries not compared", String.format(Locale.ROOT, "%,d of %,d stored entries could not be read"
                + " or lie outside the matrix", stored - seen, stored), null);
    }

    private void names(String what, List<String> left, List<String> right) {
        if (left.isEmpty() || right.isEmpty() || left.equals(right)) return;
        for (int i = 0; i < Math.min(left.size(), right.size()) && !full(); i++) {
            if (!left.get(i).equals(right.get(i))) add(what + " name " + i, what + " names differ", left.get(i), right.get(i));
        }
    }

    private void merge(Band l, Band r, long rows) {
        int i = 0, j = 0;
        ValueType lt = a.valueType(), rt = b.valueType();
        while ((i < l.n || j < r.n) && !full()) {
            long lk = i < l.n ? l.key[i] : Long.MAX_VALUE, rk = j < r.n ? r.key[j] : Long.MAX_VALUE;
            if (lk == rk) {
                if (!sameValue(lt, l.value[i], rt, r.value[j])) {
                    add(cell(lk, rows), "values differ", MatrixMarket.format(lt, l.value[i]), MatrixMarket.format(rt, r.value[j]));
                }
                i++;
                j++;
            } else if (lk < rk) {
                add(cell(lk, rows), "stored on the left only", MatrixMarket.format(lt, l.value[i]), null);
                i++;
            } else {
                add(cell(rk, rows), "stored on the right only", null, MatrixMarket.format(rt, r.value[j]));
                j++;
            }
        }
    }

    /** Same stored type: same bits. Different types: the same number (NaN equals NaN). */
    static boolean sameValue(ValueType lt, long lv, ValueType rt, long rv) {
        if (lt.equals(rt)) return lv == rv;
        double x = lt.toDouble(lv), y = rt.toDouble(rv);
        return x == y || Double.isNaN(x) && Double.isNaN(y);
    }

    private String cell(long key, long rows) {
        long c = key / Math.max(1, rows), r = key % Math.max(1, rows);
        return "entry (row " + r + name(a.rowNames(), r) + ", col " + c + name(a.colNames(), c) + ")";
    }

    private static String name(List<String> names, long i) {
        return i < names.size() ? " " + names.get((int) i) : "";
    }

    /** One side's entries of a band: after {@link #sort}, keys (column × rows + row) ascending with their values. */
    private static final class Band {
        long[] key = new long[1024];
        long[] value = new long[1024];
        int n;

        void add(long r, long c, long v) {
            if (n == key.length) {
                key = java.util.Arrays.copyOf(key, n * 2);
                value = java.util.Arrays.copyOf(value, n * 2);
            }
            // rows and columns are below 2^31: the pair fits one long until the band is sorted
            key[n] = c << 31 | r;
            value[n++] = v;
        }

        void sort(long rows) {
            long[] position = new long[n];
            for (int i = 0; i < n; i++) {
                position[i] = i;
                key[i] = (key[i] >>> 31) * rows + (key[i] & 0x7fffffffL);
            }
            sortBy(key, position, 0, n);
            long[] sorted = new long[n];
            for (int i = 0; i < n; i++) sorted[i] = value[(int) position[i]];
            value = sorted;
        }
    }

    /** Sorts {@code keys[from, to)} ascending, moving {@code with} alongside (a plain quicksort with insertion sort for small runs). */
    static void sortBy(long[] keys, long[] with, int from, int to) {
        while (to - from > 16) {
            long pivot = keys[(from + to) >>> 1];
            int i = from, j = to - 1;
            while (i <= j) {
                while (keys[i] < pivot) i++;
                while (keys[j] > pivot) j--;
                if (i <= j) {
                    swap(keys, with, i++, j--);
                }
            }
            if (j - from < to - i) {
                sortBy(keys, with, from, j + 1);
                from = i;
            } else {
                sortBy(keys, with, i, to);
                to = j + 1;
            }
        }
        for (int i = from + 1; i < to; i++) {
            for (int j = i; j > from && keys[j - 1] > keys[j]; j--) swap(keys, with, j, j - 1);
        }
    }

    private static void swap(long[] k, long[] w, int i, int j) {
        long t = k[i];
        k[i] = k[j];
        k[j] = t;
        t = w[i];
        w[i] = w[j];
        w[j] = t;
    }
}
