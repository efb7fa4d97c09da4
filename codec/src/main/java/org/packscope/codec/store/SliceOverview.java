package org.packscope.codec.store;

import java.util.Arrays;

import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * A window of a 2-D slice summarised on a grid of cells (a heat map's screen pixels): for
 * each cell the minimum, maximum and mean of the elements it covers, how many there are and
 * how many are gaps (undecodable, missing or NaN). Up to {@link #EXACT_LIMIT} elements every
 * one is read, in windows of at most {@link #WINDOW} elements that follow the rows, so each
 * chunk is decoded about once; past that each cell shows the one element at its centre and
 * the summary says it is {@link #sampled()}.
 *
 * <p>Cell {@code (i, j)} of an {@code h × w} grid covers rows
 * {@code [row0 + i·nRows/h, row0 + (i+1)·nRows/h)} and the like for columns (integer
 * division), so every element belongs to exactly one cell; a grid is never finer than the
 * window (at most one cell per element).
 */
public final class SliceOverview {
    /** Windows read whole: about 8 MiB of bit patterns. */
    static final int WINDOW = 1 << 20;
    /** Slices up to this many elements are summarised from every element. */
    public static final long EXACT_LIMIT = 64L << 20;
    /** At most this many values are kept for the percentiles. */
    static final int SAMPLE = 1 << 20;

    private final long row0, nRows, col0, nCols;
    private final int height, width;
    private final double[] min, max, sum;
    private final long[] count, gaps;
    private final boolean sampled;
    private double lowest = Double.POSITIVE_INFINITY, highest = Double.NEGATIVE_INFINITY;
    private long values, gapTotal;
    private double[] sample = new double[0];
    private int sampleSize;
    private long sampleStride = 1;

    private SliceOverview(long row0, long nRows, long col0, long nCols, int height, int width, boolean sampled) {
        this.row0 = row0;
        this.nRows = nRows;
        this.col0 = col0;
        this.nCols = nCols;
        this.height = height;
        this.width = width;
        this.sampled = sampled;
        int cells = height * width;
        min = new double[cells];
        max = new double[cells];
        sum = new double[cells];
        count = new long[cells];
        gaps = new long[cells];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        Arrays.fill(max, Double.NEGATIVE_INFINITY);
    }

    /**
     * Summarises rows {@code [row0, row0+nRows)} × columns {@code [col0, col0+nCols)} of
     * {@code slice} on a grid of at most {@code maxHeight × maxWidth} cells.
     */
    public static SliceOverview of(Slice2D slice, long row0, long nRows, long col0, long nCols,
                                   int maxHeight, int maxWidth, Progress progress) {
        if (row0 < 0 || col0 < 0 || nRows < 1 || nCols < 1 || row0 > slice.rows() - nRows || col0 > slice.columns() - nCols) {
            throw new IndexOutOfBoundsException("window outside the " + slice.rows() + " × " + slice.columns() + " slice");
        }
        int h = (int) Math.max(1, Math.min(maxHeight, nRows));
        int w = (int) Math.max(1, Math.min(maxWidth, nCols));
        boolean exact = nRows <= EXACT_LIMIT / nCols;
        SliceOverview o = new SliceOverview(row0, nRows, col0, nCols, h, w, !exact);
        if (exact) o.readAll(slice, progress);
        else o.readCentres(slice, progress);
        return o;
    }

    private void readAll(Slice2D slice, Progress progress) {
        long total = nRows * nCols;
        sampleStride = Math.max(1, (total + SAMPLE - 1) / SAMPLE);
        sample = new double[(int) Math.min(SAMPLE, total)];
        // a band of whole window rows, or one row in column pieces when a row alone is too wide
        int bandCols = (int) Math.min(nCols, WINDOW);
        int bandRows = (int) Math.max(1, Math.min(nRows, WINDOW / bandCols));
        long[] raw = new long[bandRows * bandCols];
        byte[] marks = new byte[raw.length];
        int[] cellOfCol = new int[bandCols];
        ValueType type = slice.type();
        long done = 0;
        for (long r = 0; r < nRows; r += bandRows) {
            int nr = (int) Math.min(bandRows, nRows - r);
            for (long c = 0; c < nCols; c += bandCols) {
                int nc = (int) Math.min(bandCols, nCols - c);
                Arrays.fill(marks, 0, nr * nc, ValueColumn.PRESENT);
                slice.read(row0 + r, nr, col0 + c, nc, raw, marks);
                for (int j = 0; j < nc; j++) cellOfCol[j] = (int) ((c + j) * width / nCols);
                for (int i = 0; i < nr; i++) {
                    int cellRow = (int) ((r + i) * height / nRows) * width;
                    int base = i * nc;
                    long index = (r + i) * nCols + c;
                    for (int j = 0; j < nc; j++) {
                        boolean gap = marks[base + j] != ValueColumn.PRESENT;
                        double v = gap || !type.numeric() ? Double.NaN : type.toDouble(raw[base + j]);
                        add(cellRow + cellOfCol[j], v);
                        if ((index + j) % sampleStride == 0 && sampleSize < sample.length && !Double.isNaN(v)) sample[sampleSize++] = v;
                    }
                }
                done += (long) nr * nc;
                if (progress.cancelled()) return;
                progress.update((double) done / total, null);
            }
        }
    }

    private void readCentres(Slice2D slice, Progress progress) {
        sample = new double[height * width];
        long[] raw = new long[1];
        byte[] mark = new byte[1];
        ValueType type = slice.type();
        for (int i = 0; i < height; i++) {
            long r = row0 + ((2L * i + 1) * nRows) / (2L * height);
            for (int j = 0; j < width; j++) {
                long c = col0 + ((2L * j + 1) * nCols) / (2L * width);
                mark[0] = ValueColumn.PRESENT;
                slice.read(r, 1, c, 1, raw, mark);
                double v = mark[0] != ValueColumn.PRESENT || !type.numeric() ? Double.NaN : type.toDouble(raw[0]);
                add(i * width + j, v);
                if (!Double.isNaN(v)) sample[sampleSize++] = v;
            }
            if (progress.cancelled()) return;
            progress.update((double) (i + 1) / height, null);
        }
    }

    private void add(int cell, double v) {
        if (Double.isNaN(v)) {
            gaps[cell]++;
            gapTotal++;
            return;
        }
        count[cell]++;
        values++;
        if (v < min[cell]) min[cell] = v;
        if (v > max[cell]) max[cell] = v;
        sum[cell] += v;
        if (v < lowest) lowest = v;
        if (v > highest) highest = v;
    }

    public int height() { return height; }

    public int width() { return width; }

    public long row0() { return row0; }

    public long rows() { return nRows; }

    public long col0() { return col0; }

    public long columns() { return nCols; }

    /** True when each cell shows only the element at its centre (the window was too large to read whole). */
    public boolean sampled() { return sampled; }

    /** The first row of cell row {@code i} (relative to the slice). */
    public long cellRow(int i) { return row0 + (i * nRows + height - 1) / height; }

    /** The first column of cell column {@code j} (relative to the slice). */
    public long cellCol(int j) { return col0 + (j * nCols + width - 1) / width; }

    /** Rows covered by cell row {@code i}: {@code [cellRow(i), cellRow(i+1))}. */
    public long cellRowEnd(int i) { return i + 1 >= height ? row0 + nRows : cellRow(i + 1); }

    public long cellColEnd(int j) { return j + 1 >= width ? col0 + nCols : cellCol(j + 1); }

    /** Values seen in a cell (gaps excluded). */
    public long count(int i, int j) { return count[i * width + j]; }

    public long gaps(int i, int j) { return gaps[i * width + j]; }

    /** NaN for a cell without values. */
    public double min(int i, int j) { return count[i * width + j] == 0 ? Double.NaN : min[i * width + j]; }

    public double max(int i, int j) { return count[i * width + j] == 0 ? Double.NaN : max[i * width + j]; }

    public double mean(int i, int j) { int k = i * width + j; return count[k] == 0 ? Double.NaN : sum[k] / count[k]; }

    /** The smallest value read (NaN when none). */
    public double lowest() { return values == 0 ? Double.NaN : lowest; }

    public double highest() { return values == 0 ? Double.NaN : highest; }

    /** Values read, gaps excluded. */
    public long values() { return values; }

    public long gapTotal() { return gapTotal; }

    /**
     * The {@code p}-th percentile (0-100) of the values, from every value when at most
     * {@link #SAMPLE} were read, else from every k-th one; NaN when there are none.
     */
    public double percentile(double p) {
        if (sampleSize == 0) return Double.NaN;
        double[] sorted = Arrays.copyOf(sample, sampleSize);
        Arrays.sort(sorted);
        int k = (int) Math.min(sampleSize - 1, Math.max(0, Math.round(p / 100.0 * (sampleSize - 1))));
        return sorted[k];
    }

    /** True when the percentiles come from every value read. */
    public boolean percentilesExact() { return !sampled && sampleStride == 1; }
}
