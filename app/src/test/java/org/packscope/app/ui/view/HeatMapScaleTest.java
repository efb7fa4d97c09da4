package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.store.ColumnSlices;
import org.packscope.codec.store.Slice2D;
import org.packscope.codec.store.SliceOverview;
import org.packscope.codec.testing.FloatColumns;

/**
 * The heat map's three colour scales against a recount of every value of a slice: min–max
 * is the lowest and highest value, symmetric is ± the largest magnitude (so 0 falls on the
 * ramp's middle step), and the percentile scale's ends rank at 1 % and 99 %. Gaps (NaN, a
 * damaged chunk's elements) count for none of them.
 */
class HeatMapScaleTest {

    @Test
    void eachScaleIsWhatARecountOfTheSliceSays() {
        int rows = 600, cols = 900;
        float[] v = new float[rows * cols];
        boolean[] gap = new boolean[v.length];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) v[r * cols + c] = (float) (Math.sin(r / 40.0) * 30 + c / 100.0 - 2);
        }
        v[123 * cols + 456] = -750f;                       // one outlier, below: it sets the symmetric scale
        v[10] = Float.NaN;                                  // a gap by value
        for (int i = 100_000; i < 110_000; i++) gap[i] = true; // a gap by damage
        gap[200_000] = true;
        v[200_000] = 1e6f;                                  // a huge value under a gap counts for nothing
        Slice2D s = new Slice2D(new ColumnSlices(new long[] {rows, cols}, FloatColumns.of(v, gap), List.of()), 0, 1, new long[2]);
        SliceOverview o = SliceOverview.of(s, 0, rows, 0, cols, 300, 450, Progress.NONE);

        float[] kept = new float[v.length];
        int n = 0;
        for (int i = 0; i < v.length; i++) if (!gap[i] && !Float.isNaN(v[i])) kept[n++] = v[i];
        kept = Arrays.copyOf(kept, n);
        float lowest = Float.POSITIVE_INFINITY, highest = Float.NEGATIVE_INFINITY;
        for (float f : kept) {
            lowest = Math.min(lowest, f);
            highest = Math.max(highest, f);
        }
        assertEquals(n, o.values());

        double[] minMax = HeatMapView.scaleOf(o, HeatMapView.Scale.MIN_MAX);
        assertEquals(lowest, minMax[0], 0);
        assertEquals(highest, minMax[1], 0);

        double[] symmetric = HeatMapView.scaleOf(o, HeatMapView.Scale.SYMMETRIC);
        double most = Math.max(Math.abs(lowest), Math.abs(highest));
        assertEquals(-most, symmetric[0], 0);
        assertEquals(most, symmetric[1], 0);
        assertEquals(750, most, 0, "the outlier below sets it; the value under a gap does not");

        double[] percentiles = HeatMapView.scaleOf(o, HeatMapView.Scale.PERCENTILES);
        for (int end = 0; end < 2; end++) {
            double x = percentiles[end];
            long below = 0, equal = 0;
            for (float f : kept) {
                if (f < x) below++;
                else if (f == x) equal++;
            }
            assertEquals(end == 0 ? 0.01 : 0.99, (below + equal / 2.0) / n, 0.002, "percentile end " + end + " = " + x);
        }
        assertTrue(percentiles[0] > lowest && percentiles[1] < highest, "the outlier does not set the percentile scale");
    }

    @Test
    void anEmptySliceHasAUnitScale() {
        float[] v = new float[12];
        boolean[] gap = new boolean[12];
        Arrays.fill(gap, true);
        Slice2D s = new Slice2D(new ColumnSlices(new long[] {3, 4}, FloatColumns.of(v, gap), List.of()), 0, 1, new long[2]);
        SliceOverview o = SliceOverview.of(s, 0, 3, 0, 4, 3, 4, Progress.NONE);
        for (HeatMapView.Scale sc : HeatMapView.Scale.values()) {
            double[] ends = HeatMapView.scaleOf(o, sc);
            assertEquals(0, ends[0], 0, sc.name());
            assertEquals(1, ends[1], 0, sc.name());
        }
    }
}
