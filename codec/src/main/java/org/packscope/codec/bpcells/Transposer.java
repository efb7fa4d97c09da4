package org.packscope.codec.bpcells;

import java.util.Arrays;

import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix.EntryVisitor;

/**
 * Puts row-major (CSR) entries into (column, row) order without a per-column array the
 * size of the shape's claim: a histogram over at most 65,536 column buckets splits the
 * columns into bands of at most {@link #BUDGET} entries; each band is collected in one
 * pass (stored order, so rows ascend within a column) and sorted stably by column.
 * A bucket that alone exceeds the budget is refined recursively; a single column is
 * streamed straight through.
 */
final class Transposer {
    static final int BUDGET = 1 << 23;
    private static final int BUCKETS = 1 << 16;

    private final BpcellsMatrix m;
    private final EntryVisitor visitor;
    private final Progress progress;
    private final int budget;

    Transposer(BpcellsMatrix m, EntryVisitor visitor, Progress progress) {
        this(m, visitor, progress, BUDGET);
    }

    /** {@code budget}: entries held at once (tests use tiny ones to reach every path). */
    Transposer(BpcellsMatrix m, EntryVisitor visitor, Progress progress, int budget) {
        this.m = m;
        this.visitor = visitor;
        this.progress = progress;
        this.budget = budget;
    }

    /** Emits every entry with column in {@code [lo, hi)}, in (column, row) order. */
    void emitRange(long lo, long hi) {
        long span = hi - lo;
        if (span == 1) {
            m.scanMinorRange(lo, hi, (j, c, v) -> visitor.entry(j, c, v), true, progress);
            return;
        }
        int nb = (int) Math.min(BUCKETS, span);
        long[] hist = new long[nb];
        m.scanMinorRange(lo, hi, (j, c, v) -> hist[(int) ((c - lo) * nb / span)]++, false, progress);
        int b = 0;
        while (b < nb) {
            int b1 = b;
            long total = 0;
            while (b1 < nb && (b1 == b || total + hist[b1] <= budget)) total += hist[b1++];
            long bandLo = lo + ceilDiv((long) b * span, nb);
            long bandHi = lo + ceilDiv((long) b1 * span, nb);
            if (total > budget) emitRange(bandLo, bandHi);
            else if (total > 0) emitBand(bandLo, bandHi, (int) total);
            b = b1;
        }
    }

    private static long ceilDiv(long a, long b) { return (a + b - 1) / b; }

    private void emitBand(long lo, long hi, int total) {
        int[] rowOf = new int[total];
        int[] colOf = new int[total];
        long[] valueOf = new long[total];
        int[] n = {0};
        m.scanMinorRange(lo, hi, (j, c, v) -> {
            int i = n[0]++;
            rowOf[i] = j;
            colOf[i] = (int) (c - lo);
            valueOf[i] = v;
        }, true, progress);
        int count = n[0];
        long width = hi - lo;
        if (width <= 2L * count + BUCKETS) {
            // counting sort by column: stable, so rows stay ascending
            int[] start = new int[(int) width + 1];
            for (int i = 0; i < count; i++) start[colOf[i] + 1]++;
            for (int c = 0; c < width; c++) start[c + 1] += start[c];
            int[] order = new int[count];
            for (int i = 0; i < count; i++) order[start[colOf[i]]++] = i;
            for (int i : order) visitor.entry(rowOf[i], lo + (colOf[i] & 0xffffffffL), valueOf[i]);
        } else {
            // few entries over a wide column range: sort (column, position) keys
            long[] keys = new long[count];
            for (int i = 0; i < count; i++) keys[i] = (colOf[i] & 0xffffffffL) << 31 | i;
            Arrays.sort(keys);
            for (long k : keys) {
                int i = (int) (k & 0x7fffffffL);
                visitor.entry(rowOf[i], lo + (colOf[i] & 0xffffffffL), valueOf[i]);
            }
        }
    }
}
