package org.packscope.app.plot;

import java.util.function.DoubleUnaryOperator;

/**
 * The pixels a line plot fills in each of its columns, from each column's minimum and
 * maximum: the band from the row of the maximum down to the row of the minimum, and the
 * line through the middle, which joins its neighbours only inside the column's own band.
 * So a column's drawn extent is exactly its values' extent, which a plot oracle can check
 * pixel by pixel, and a jump between columns whose bands do not meet is a break in the
 * line, as it is in the data. Rows grow downwards; shared by the window and {@code plot}.
 *
 * @param top        per column, the band's first row (that of the maximum); {@link #ABSENT} when the column has no value
 * @param bottom     the band's last row (that of the minimum), inclusive
 * @param lineTop    the line's first row in the column, inside the band
 * @param lineBottom the line's last row, inclusive
 */
public record Envelope(int[] top, int[] bottom, int[] lineTop, int[] lineBottom) {

    /** The rows of a column without values. */
    public static final int ABSENT = Integer.MIN_VALUE;

    public int columns() { return top.length; }

    public boolean present(int column) { return top[column] != ABSENT; }

    /**
     * @param min per column, the smallest value (NaN when none)
     * @param max per column, the largest
     * @param row where a value lies, in pixel rows from the top (floored to a row)
     */
    public static Envelope of(double[] min, double[] max, DoubleUnaryOperator row) {
        int w = min.length;
        int[] top = new int[w], bottom = new int[w], mid = new int[w], lineTop = new int[w], lineBottom = new int[w];
        for (int c = 0; c < w; c++) {
            if (Double.isNaN(min[c])) {
                top[c] = bottom[c] = mid[c] = ABSENT;
                continue;
            }
            top[c] = rowOf(row, max[c]);
            bottom[c] = Math.max(top[c], rowOf(row, min[c]));
            double middle = min[c] == max[c] ? min[c] : min[c] / 2 + max[c] / 2;
            mid[c] = Math.min(bottom[c], Math.max(top[c], rowOf(row, middle)));
        }
        for (int c = 0; c < w; c++) {
            if (top[c] == ABSENT) {
                lineTop[c] = lineBottom[c] = ABSENT;
                continue;
            }
            int lo = mid[c], hi = mid[c];
            for (int n = c - 1; n <= c + 1; n += 2) {
                if (n < 0 || n >= w || top[n] == ABSENT) continue;
                int towards = Math.min(bottom[c], Math.max(top[c], mid[n]));
                lo = Math.min(lo, towards);
                hi = Math.max(hi, towards);
            }
            lineTop[c] = lo;
            lineBottom[c] = hi;
        }
        return new Envelope(top, bottom, lineTop, lineBottom);
    }

    /** Floors a pixel position to a row; positions beyond any screen are held at ±2^30. */
    private static int rowOf(DoubleUnaryOperator row, double v) {
        double r = Math.floor(row.applyAsDouble(v));
        return (int) Math.max(-(1 << 30), Math.min(1 << 30, r));
    }
}
