package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.app.plot.NumberText;
import org.packscope.app.plot.Recount;
import org.packscope.app.plot.Series;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.ValueColumn;

/**
 * The plot oracle for {@code plot}: in the PNG, every pixel column of the line plot is
 * filled exactly from the row of the largest to the row of the smallest value mapped to
 * it, as recounted here from the decoded values (±1 px), and every histogram bar is as
 * tall as a recount of its bin says.
 */
class PlotOracleTest {
    private static final int MARGIN = 60, FRAME = 0xcbd2d9;

    /** Where the plot area starts: just right of the frame's left edge, found on the middle row. */
    static int plotLeft(BufferedImage img) {
        for (int x = 0; x < img.getWidth(); x++) {
            if ((img.getRGB(x, img.getHeight() / 2) & 0xffffff) == FRAME) return x + 1;
        }
        throw new AssertionError("no frame");
    }

    private static boolean drawn(int rgb) {
        rgb &= 0xffffff;
        return rgb == (PlotCommand.BAND.getRGB() & 0xffffff) || rgb == (PlotCommand.LINE.getRGB() & 0xffffff);
    }

    /** Checks every column of a line plot of {@code c}; returns what went wrong, one line per column (empty: none). */
    static List<String> lineMismatches(BufferedImage img, ValueColumn c) {
        int left = plotLeft(img), w = img.getWidth() - MARGIN - left, rows = img.getHeight() - 2 * MARGIN;
        long n = c.count();
        Recount r = Recount.columns(c, 0, n, w, i -> (int) (i * w / n));
        double lo = r.lowest, hi = r.highest;
        List<String> wrong = new ArrayList<>();
        for (int x = 0; x < w; x++) {
            int top = -1, bottom = -1, filled = 0;
            for (int y = MARGIN; y < MARGIN + rows; y++) {
                if (!drawn(img.getRGB(left + x, y))) continue;
                if (top < 0) top = y;
                bottom = y;
                filled++;
            }
            if (Double.isNaN(r.min[x])) {
                if (top >= 0) wrong.add("column " + x + ": drawn " + top + "–" + bottom + " where no value falls");
                continue;
            }
            int wantTop = row(r.max[x], lo, hi, rows), wantBottom = row(r.min[x], lo, hi, rows);
            if (top < 0 || Math.abs(top - wantTop) > 1 || Math.abs(bottom - wantBottom) > 1) {
                wrong.add("column " + x + ": drawn rows " + top + "–" + bottom + ", values " + r.min[x] + "–" + r.max[x]
                        + " lie on rows " + wantTop + "–" + wantBottom);
            } else if (filled != bottom - top + 1) {
                wrong.add("column " + x + ": the band has holes (" + filled + " of " + (bottom - top + 1) + " rows)");
            }
        }
        return wrong;
    }

    /** The documented value-to-row mapping: the maximum on the first row, the minimum on the last, a constant in the middle. */
    private static int row(double v, double lo, double hi, int rows) {
        if (!(hi > lo)) return MARGIN + (rows - 1) / 2;
        return MARGIN + (int) Math.floor((rows - 1) * ((hi - v) / (hi - lo)));
    }

    private static BufferedImage draw(ValueColumn c, String kind, int width, int height) {
        PlotCommand p = new PlotCommand();
        p.kind = kind;
        p.width = width;
        p.height = height;
        return p.draw(c);
    }

    @Test
    void everyColumnOfEveryShapeAtEverySizeIsItsValuesExtent() {
        for (ValueColumn c : Series.all()) {
            List<String> wrong = lineMismatches(draw(c, "line", 1200, 500), c);
            assertEquals(List.of(), wrong.subList(0, Math.min(5, wrong.size())), c.name() + ": " + wrong.size() + " columns wrong");
        }
    }

    @Test
    void anOddSizedPlotToo() {
        ValueColumn c = Series.spikes(1_000_003);
        List<String> wrong = lineMismatches(draw(c, "line", 777, 333), c);
        assertEquals(List.of(), wrong.subList(0, Math.min(5, wrong.size())), wrong.size() + " columns wrong");
    }

    /** Heights of the 100 bars, read off the picture (bar colour 0x2f6fde) below the plot's top. */
    static int[] barHeights(BufferedImage img) {
        int left = plotLeft(img), plotW = img.getWidth() - MARGIN - left, bottom = img.getHeight() - MARGIN;
        int[] h = new int[100];
        for (int i = 0; i < 100; i++) {
            int x = left + i * plotW / 100;
            for (int y = MARGIN; y < bottom; y++) {
                if ((img.getRGB(x, y) & 0xffffff) == 0x2f6fde) {
                    h[i] = bottom - y;
                    break;
                }
            }
        }
        return h;
    }

    private static void assertBarsMatchARecount(BufferedImage img, ValueColumn c) {
        long[] counts = Recount.histogram(c, 100);
        long most = 1;
        for (long k : counts) most = Math.max(most, k);
        int rows = img.getHeight() - 2 * MARGIN;
        int[] h = barHeights(img);
        for (int i = 0; i < 100; i++) {
            int want = (int) ((double) counts[i] / most * rows);
            assertTrue(Math.abs(h[i] - want) <= 1, c.name() + " bar " + i + ": " + h[i] + " px, " + counts[i] + " values of " + most + " want " + want);
        }
    }

    @Test
    void histogramBarsAreAsTallAsARecountSays() {
        // 10, 10k, 1M and 20M values, NaN and undecodable gaps, a constant, one outlier in 10M
        for (ValueColumn c : List.of(Series.spikes(10), Series.spikes(10_000), Series.gappedTimestamps(1_000_000), Series.nanGaps(1_000_000),
                Series.outlier(), Series.constant(10), Series.gappedTimestamps(20_000_000), Series.nanGaps(20_000_000))) {
            assertBarsMatchARecount(draw(c, "histogram", 1200, 500), c);
        }
    }

    @Test
    void theBenchFilesPassTheOracleThroughTheWholeCommand(@TempDir Path dir) throws Exception {
        String[] files = {"bench/pco/i64_ts_20m.pco", "bench/pco/u32_small_20m.pco", "bench/pco/f64_normal_2m.pco"};
        Assumptions.assumeTrue(PlotHistogramTest.benchFile(files[0]) != null, "../shared/bench is not beside the checkout");
        for (String f : files) {
            Path in = PlotHistogramTest.benchFile(f);
            ValueColumn c = FormatRegistry.standard().open(in).values();
            Path png = dir.resolve("line.png");
            long t0 = System.nanoTime();
            CliTest.Run run = CliTest.run("plot", in.toString(), "--kind", "line", "--out", png.toString());
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(0, run.code(), run.err());
            BufferedImage img = ImageIO.read(png.toFile());
            List<String> wrong = lineMismatches(img, c);
            assertEquals(List.of(), wrong.subList(0, Math.min(5, wrong.size())), f + ": " + wrong.size() + " columns wrong");
            // the printed statistics are the exact extremes
            Recount all = Recount.columns(c, 0, c.count(), 1, i -> 0);
            String out = run.text();
            boolean floats = c.type().kind() == org.packscope.codec.inspect.ValueType.Kind.FLOAT;
            String want = "(min " + NumberText.plain(floats ? Double.toString(all.lowest) : Long.toString(all.lowestRaw))
                    + ", max " + NumberText.plain(floats ? Double.toString(all.highest) : Long.toString(all.highestRaw));
            assertTrue(out.contains(want), out + " names " + want);
            System.out.printf("plot --kind line %s (in this JVM): %d ms%n", f, ms);
            Path hist = dir.resolve("hist.png");
            run = CliTest.run("plot", in.toString(), "--kind", "histogram", "--out", hist.toString());
            assertEquals(0, run.code(), run.err());
            assertBarsMatchARecount(ImageIO.read(hist.toFile()), c);
        }
    }
}
