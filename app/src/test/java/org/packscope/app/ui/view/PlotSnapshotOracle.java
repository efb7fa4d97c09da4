package org.packscope.app.ui.view;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.geometry.Point2D;
import javafx.scene.canvas.Canvas;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import org.packscope.app.plot.Recount;
import org.packscope.codec.analysis.Overview;
import org.packscope.codec.inspect.ValueColumn;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The plot oracle for the window: a snapshot of the scene, and for every pixel column of
 * the line chart's plot area the rows drawn in the band's or the line's colour, against
 * the extent of the values the chart's own axes map to that column, recounted from the
 * decoded values (±1 px), and every row between a column's ends drawn (the band is solid).
 */
final class PlotSnapshotOracle {
    private PlotSnapshotOracle() { }

    /**
     * Waits until every value of {@code c} is read and drawn and stays so: a plot whose axis
     * labels grew narrows its plot area, and then reads its values again for the new columns.
     * Returns when ({@link System#nanoTime}) the plot was last found fully drawn.
     */
    static long waitDrawn(PlotView plot, ValueColumn c, int seconds) throws Exception {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (true) {
            try {
                WaitForAsyncUtils.waitFor(Math.max(1, (deadline - System.nanoTime()) / 1_000_000), TimeUnit.MILLISECONDS, () -> drawn(plot, c));
            } catch (java.util.concurrent.TimeoutException e) {
                throw new AssertionError(c.name() + " not drawn in " + seconds + " s: " + state(plot), e);
            }
            Overview o = plot.overview();
            WaitForAsyncUtils.waitForFxEvents();
            long drawnAt = System.nanoTime();
            WaitForAsyncUtils.asyncFx(() -> plot.lineChart().layout()).get();
            // longer than the plot waits for a resize to settle before reading again
            Thread.sleep(400);
            WaitForAsyncUtils.waitForFxEvents();
            if (plot.overview() == o && drawn(plot, c)) return drawnAt;
        }
    }

    /** What the plot shows now, for a failure message. */
    static String state(PlotView plot) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
            Overview o = plot.overview();
            return "overview " + (o == null ? "none" : o.from() + "–" + o.to() + " in " + o.buckets() + " columns, complete " + o.complete())
                    + ", drawn " + (plot.drawnOverview() == o ? "that" : "another") + ", canvas " + plot.lineChart().getCanvas().getWidth()
                    + " px wide, header «" + plot.statsText() + "»";
        }).get();
    }

    private static boolean drawn(PlotView plot, ValueColumn c) {
        Overview o = plot.overview();
        return o != null && o.complete() && o.from() == 0 && o.to() == c.count() && plot.drawnOverview() == o
                && o.buckets() == (int) Math.floor(plot.lineChart().getCanvas().getWidth());
    }

    private static boolean near(int argb, Color c) {
        int r = argb >> 16 & 0xff, g = argb >> 8 & 0xff, b = argb & 0xff;
        return Math.abs(r - c.getRed() * 255) <= 3 && Math.abs(g - c.getGreen() * 255) <= 3 && Math.abs(b - c.getBlue() * 255) <= 3;
    }

    /** What is wrong in the plot of {@code c} on screen, one line per column (empty: nothing). */
    static List<String> mismatches(PlotView plot, ValueColumn c) throws Exception {
        Canvas canvas = plot.lineChart().getCanvas();
        WritableImage img = WaitForAsyncUtils.asyncFx(() -> plot.getScene().snapshot(null)).get();
        Point2D origin = WaitForAsyncUtils.asyncFx(() -> canvas.localToScene(0, 0)).get();
        int ox = (int) Math.round(origin.getX()), oy = (int) Math.round(origin.getY());
        int w = (int) Math.floor(canvas.getWidth()), h = (int) Math.floor(canvas.getHeight());
        List<String> wrong = new ArrayList<>();
        if (Math.abs(origin.getX() - ox) > 1e-6 || Math.abs(origin.getY() - oy) > 1e-6) wrong.add("the plot area is not on whole pixels: " + origin);
        var x = plot.xAxis();
        var y = plot.yAxis();
        Recount r = Recount.columns(c, 0, c.count(), w, i -> (int) Math.floor(x.getDisplayPosition(i) + 1e-6));
        Color band = EnvelopeRenderer.band(Theme.current()), line = EnvelopeRenderer.line(Theme.current());
        PixelReader px = img.getPixelReader();
        for (int col = 0; col < w; col++) {
            int top = -1, bottom = -1;
            for (int row = 0; row < h; row++) {
                int argb = px.getArgb(ox + col, oy + row);
                if (!near(argb, band) && !near(argb, line)) continue;
                if (top < 0) top = row;
                bottom = row;
            }
            if (Double.isNaN(r.min[col])) {
                if (top >= 0) wrong.add("column " + col + ": drawn rows " + top + "–" + bottom + " where no value falls");
                continue;
            }
            int wantTop = clamp((int) Math.floor(y.getDisplayPosition(r.max[col])), h);
            int wantBottom = clamp((int) Math.floor(y.getDisplayPosition(r.min[col])), h);
            if (top < 0 || Math.abs(top - wantTop) > 1 || Math.abs(bottom - wantBottom) > 1) {
                wrong.add("column " + col + ": drawn rows " + top + "–" + bottom + ", values " + r.min[col] + "–" + r.max[col]
                        + " lie on rows " + wantTop + "–" + wantBottom);
                continue;
            }
            // the band is solid: every row between its ends is drawn (a grid line once cut a gap through each band)
            for (int row = top + 1; row < bottom; row++) {
                int argb = px.getArgb(ox + col, oy + row);
                if (!near(argb, band) && !near(argb, line)) {
                    wrong.add(String.format("column %d: row %d inside the band (rows %d–%d) is #%06x, not the band's colour", col, row, top, bottom, argb & 0xffffff));
                    break;
                }
            }
        }
        if (!wrong.isEmpty()) {
            // the picture beside the test's report, to see what was drawn
            java.nio.file.Path png = java.nio.file.Path.of("target", "plot-oracle-" + c.name().replace(' ', '_') + ".png");
            javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(img, null), "png", png.toFile());
            wrong.add(0, "origin " + ox + "," + oy + " size " + w + "×" + h + ", picture in " + png.toAbsolutePath());
        }
        return wrong;
    }

    /**
     * The colour of the plot area where nothing is drawn: the commonest colour of its pixels
     * that is neither the band's nor the line's.
     */
    static Color background(PlotView plot) throws Exception {
        Canvas canvas = plot.lineChart().getCanvas();
        WritableImage img = WaitForAsyncUtils.asyncFx(() -> plot.getScene().snapshot(null)).get();
        Point2D origin = WaitForAsyncUtils.asyncFx(() -> canvas.localToScene(0, 0)).get();
        int ox = (int) Math.round(origin.getX()), oy = (int) Math.round(origin.getY());
        Color band = EnvelopeRenderer.band(Theme.current()), line = EnvelopeRenderer.line(Theme.current());
        java.util.Map<Integer, Integer> counts = new java.util.HashMap<>();
        PixelReader px = img.getPixelReader();
        for (int col = 0; col < (int) canvas.getWidth(); col += 3) {
            for (int row = 0; row < (int) canvas.getHeight(); row += 3) {
                int argb = px.getArgb(ox + col, oy + row);
                if (!near(argb, band) && !near(argb, line)) counts.merge(argb, 1, Integer::sum);
            }
        }
        int commonest = counts.entrySet().stream().max(java.util.Map.Entry.comparingByValue()).orElseThrow().getKey();
        return Color.rgb(commonest >> 16 & 0xff, commonest >> 8 & 0xff, commonest & 0xff);
    }

    /** WCAG 2 contrast ratio of two colours (1 to 21). */
    static double contrast(Color a, Color b) {
        double la = luminance(a), lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    private static double linear(double v) { return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }

    private static int clamp(int row, int h) { return Math.max(0, Math.min(h - 1, row)); }
}
