package org.packscope.codec.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.testing.FloatColumns;

/**
 * The heat map's per-cell summaries against an independent recount: every element of the
 * window visited once, its cell found from the grid's definition, min, max, sum and counts
 * kept separately; at a tiny size, at the 2000 × 3000 size of a real overview, and on a
 * transposed slice.
 */
class SliceOverviewTest {

    static void checkAgainstRecount(Slice2D s, float[] v, boolean[] gap, boolean transposed, long cols, int h, int w) {
        SliceOverview o = SliceOverview.of(s, 0, s.rows(), 0, s.columns(), h, w, Progress.NONE);
        int gh = o.height(), gw = o.width();
        double[] min = new double[gh * gw], max = new double[gh * gw], sum = new double[gh * gw];
        long[] n = new long[gh * gw], g = new long[gh * gw];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        Arrays.fill(max, Double.NEGATIVE_INFINITY);
        for (long r = 0; r < s.rows(); r++) {
            for (long c = 0; c < s.columns(); c++) {
                int k = (int) (transposed ? c * cols + r : r * cols + c);
                int cell = (int) (Math.floorDiv(r * gh, s.rows()) * gw + Math.floorDiv(c * gw, s.columns()));
                if (gap[k] || Float.isNaN(v[k])) {
                    g[cell]++;
                    continue;
                }
                n[cell]++;
                min[cell] = Math.min(min[cell], v[k]);
                max[cell] = Math.max(max[cell], v[k]);
                sum[cell] += v[k];
            }
        }
        for (int i = 0; i < gh; i++) {
            for (int j = 0; j < gw; j++) {
                int cell = i * gw + j;
                assertEquals(n[cell], o.count(i, j), "count of cell " + i + "," + j);
                assertEquals(g[cell], o.gaps(i, j), "gaps of cell " + i + "," + j);
                if (n[cell] > 0) {
                    assertEquals(min[cell], o.min(i, j), 0, "min of cell " + i + "," + j);
                    assertEquals(max[cell], o.max(i, j), 0, "max of cell " + i + "," + j);
                    assertEquals(sum[cell] / n[cell], o.mean(i, j), 1e-9 * Math.max(1, Math.abs(sum[cell] / n[cell])));
                } else {
                    assertTrue(Double.isNaN(o.mean(i, j)));
                }
                // the cell's element range is the one the recount used
                for (long r = o.cellRow(i); r < o.cellRowEnd(i); r++) assertEquals(i, Math.floorDiv(r * gh, s.rows()));
            }
        }
        assertFalse(o.sampled());
    }

    @Test
    void tinySliceOnAnUnevenGrid() {
        int rows = 7, cols = 5;
        float[] v = new float[rows * cols];
        boolean[] gap = new boolean[v.length];
        for (int i = 0; i < v.length; i++) v[i] = (i * 37 % 11) - 5;
        gap[3] = true;
        v[17] = Float.NaN;
        Slice2D s = new Slice2D(new ColumnSlices(new long[] {rows, cols}, FloatColumns.of(v, gap), List.of()), 0, 1, new long[2]);
        checkAgainstRecount(s, v, gap, false, cols, 3, 2);
        checkAgainstRecount(s, v, gap, false, cols, 100, 100); // never finer than one cell per element
        Slice2D t = new Slice2D(new ColumnSlices(new long[] {rows, cols}, FloatColumns.of(v, gap), List.of()), 1, 0, new long[2]);
        checkAgainstRecount(t, v, gap, true, cols, 4, 3);
    }

    @Test
    void fullSizeOverviewWithSpikesGapsAndAnOutlier() {
        int rows = 2000, cols = 3000;
        float[] v = new float[rows * cols];
        boolean[] gap = new boolean[v.length];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) v[r * cols + c] = (float) (Math.sin(r / 90.0) * Math.cos(c / 140.0) * 100);
        }
        v[1234 * cols + 2345] = 1e9f;             // one outlier
        for (int c = 0; c < cols; c += 97) v[777 * cols + c] = -5000f; // spikes along a row
        for (int i = 0; i < 250_000; i++) gap[4_000_000 + i] = true;   // a damaged chunk's worth
        Slice2D s = new Slice2D(new ColumnSlices(new long[] {rows, cols}, FloatColumns.of(v, gap), List.of()), 0, 1, new long[2]);
        checkAgainstRecount(s, v, gap, false, cols, 700, 1100);
        SliceOverview o = SliceOverview.of(s, 0, rows, 0, cols, 700, 1100, Progress.NONE);
        assertEquals(1e9, o.highest(), 0);
        assertEquals(-5000, o.lowest(), 0);
        assertEquals(6_000_000 - 250_000, o.values());
        assertTrue(o.percentile(99) < 200, "the outlier does not set the 99th percentile");
        // the heat map's 1st–99th percentile scale: its ends rank at 1 % and 99 % of all 5,750,000 values
        // (±0.2 %: above a million values the overview ranks every k-th one), by a recount of every value
        float[] kept = new float[(int) o.values()];
        int n = 0;
        for (int i = 0; i < v.length; i++) if (!gap[i]) kept[n++] = v[i];
        for (double p : new double[] {1, 99}) {
            double x = o.percentile(p);
            long below = 0, equal = 0;
            for (float f : kept) {
                if (f < x) below++;
                else if (f == x) equal++;
            }
            assertEquals(p / 100, (below + equal / 2.0) / n, 0.002, "percentile " + p + " = " + x);
        }
    }
}
