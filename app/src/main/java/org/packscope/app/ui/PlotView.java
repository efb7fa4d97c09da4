package org.packscope.app.ui;

import java.util.Locale;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.AxisMode;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.plugins.Zoomer;
import io.fair_acc.chartfx.renderer.ErrorStyle;
import io.fair_acc.chartfx.renderer.LineStyle;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.DoubleDataSet;
import io.fair_acc.dataset.spi.DoubleErrorDataSet;
import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.util.Duration;
import org.packscope.codec.inspect.Histogram;
import org.packscope.codec.inspect.Overview;
import org.packscope.codec.inspect.ValueColumn;

/**
 * Line plot and histogram of a value column. The line plot draws each screen column's
 * minimum and maximum, so spikes survive any zoom; zooming in (drag a box, scroll)
 * re-reads only the visible range, in the background.
 */
final class PlotView extends BorderPane {
    private static final int BUCKETS = 1600;
    private static final int BINS = 100;

    private final TaskRunner runner;
    private final Label stats = new Label("Select a node with numeric values to plot them");
    private final ToggleButton lineButton = new ToggleButton("Line");
    private final ToggleButton histogramButton = new ToggleButton("Histogram");
    private final DefaultNumericAxis xAxis = new DefaultNumericAxis("index");
    private final DefaultNumericAxis yAxis = new DefaultNumericAxis("value");
    private final XYChart line = new XYChart(xAxis, yAxis);
    private final ErrorDataSetRenderer lineRenderer = new ErrorDataSetRenderer();
    private final ErrorDataSetRenderer histogramRenderer = new ErrorDataSetRenderer();
    /**
     * Shown data is never changed in place: each load makes fresh data sets. A chart that
     * once failed inside its own layout can leave a data set's read lock taken, and a later
     * write to that set would then wait forever on the FX thread.
     */
    private DoubleErrorDataSet lineData = new DoubleErrorDataSet("values");
    private final DefaultNumericAxis binAxis = new DefaultNumericAxis("value");
    private final DefaultNumericAxis countAxis = new DefaultNumericAxis("count");
    private final XYChart histogram = new XYChart(binAxis, countAxis);
    private final Label histogramStats = new Label("");
    private final javafx.scene.control.Button fit = new javafx.scene.control.Button("Fit");
    private javafx.concurrent.Task<Histogram> counting;
    private Histogram histogramShown;
    private final PauseTransition zoomSettle = new PauseTransition(Duration.millis(250));
    private ValueColumn column;
    private Overview overview;
    private int generation;
    private boolean applying;
    /**
     * True while the plot shows all values (a new node, Fit, 0): the index axis is then set
     * to exactly the values' range when they arrive, not left to chartfx's auto-ranging,
     * which could keep a range from before the data changed.
     */
    private boolean fitted = true;

    PlotView(TaskRunner runner) {
        this.runner = runner;
        setId("plot");
        stats.setId("plot-stats");
        line.setId("plot-line");
        histogram.setId("plot-histogram");
        ToggleGroup mode = new ToggleGroup();
        lineButton.setToggleGroup(mode);
        histogramButton.setToggleGroup(mode);
        lineButton.setSelected(true);
        mode.selectedToggleProperty().addListener((o, was, now) -> {
            if (now == null) {
                was.setSelected(true);
                return;
            }
            setCenter(now == lineButton ? line : histogram);
            if (now == histogramButton) countAll();
            showStatsOfMode();
        });
        fit.setId("plot-fit");
        fit.setTooltip(new javafx.scene.control.Tooltip("Show all values, the value axis fitted to them (double click, 0)"));
        fit.setOnAction(e -> { if (column != null) wholeRange(); });
        javafx.scene.control.Button png = new javafx.scene.control.Button("Save PNG…");
        png.setOnAction(e -> {
            javafx.stage.FileChooser chooser = new javafx.stage.FileChooser();
            chooser.setInitialFileName((column == null ? "plot" : column.name()) + ".png");
            java.io.File f = chooser.showSaveDialog(getScene().getWindow());
            if (f != null) savePng(f.toPath());
        });
        HBox bar = new HBox(8, lineButton, histogramButton, fit, png, stats);
        bar.setPadding(new Insets(4));
        bar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        // buttons keep their width; the statistics elide instead of pushing them
        for (javafx.scene.control.Control b : java.util.List.of(lineButton, histogramButton, fit, png)) {
            b.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        stats.setMinWidth(0);
        HBox.setHgrow(stats, javafx.scene.layout.Priority.ALWAYS);
        stats.setMaxWidth(Double.MAX_VALUE);
        histogramStats.setId("plot-histogram-stats");
        setTop(bar);

        ErrorDataSetRenderer lr = lineRenderer;
        lr.setPolyLineStyle(LineStyle.NORMAL);
        // a bucket's range is a filled band, not a vertical stroke: a thousand full-height
        // strokes over noisy data took the renderer a third of a second per frame
        lr.setErrorStyle(ErrorStyle.ERRORSURFACE);
        // one path for the whole line (gaps at NaN), not a stroke per segment: in software
        // rendering every stroke is set up and filled on its own
        lr.setAllowNaNs(true);
        lr.setDrawMarker(false);
        lr.getDatasets().add(lineData);
        line.getRenderers().setAll(lr);
        Zoomer zoomer = new Zoomer(AxisMode.XY);
        // the wheel zooms the index axis only, the value axis fitted to what is in view (see onScroll)
        zoomer.setZoomScrollFilter(e -> false);
        line.getPlugins().add(zoomer);
        line.setLegendVisible(false);
        ErrorDataSetRenderer hr = histogramRenderer;
        hr.setPolyLineStyle(LineStyle.HISTOGRAM_FILLED);
        hr.setDrawMarker(false);
        hr.getDatasets().add(new DoubleDataSet("count"));
        histogram.getRenderers().setAll(hr);
        histogram.setLegendVisible(false);
        // counts start at 0 and bins fill the axis exactly: set, not auto-ranged
        countAxis.setAutoRanging(false);
        binAxis.setAutoRanging(false);
        setCenter(line);

        // no unit: chartfx would print an empty "[]" after the axis names
        for (DefaultNumericAxis a : java.util.List.of(xAxis, yAxis, binAxis, countAxis)) a.setUnit(null);
        // the charts take the width they are given: a chart's own minimum pushed its right end out of the window
        for (XYChart c : java.util.List.of(line, histogram)) c.setMinSize(0, 0);
        setMinSize(0, 0);
        line.setFocusTraversable(true);
        histogram.setFocusTraversable(true);
        // a filter: the zoomer consumes presses, and the click must still give the plot the focus
        line.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> line.requestFocus());
        histogram.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> histogram.requestFocus());
        line.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getClickCount() == 2 && e.getButton() == javafx.scene.input.MouseButton.PRIMARY && column != null) {
                wholeRange();
                e.consume();
            }
        });
        line.addEventFilter(javafx.scene.input.ScrollEvent.SCROLL, e -> {
            if (column == null || overview == null || e.getDeltaY() == 0) return;
            double at = xAxis.getValueForDisplay(xAxis.sceneToLocal(e.getSceneX(), e.getSceneY()).getX());
            zoomXAbout(e.getDeltaY() > 0 ? 0.8 : 1.25, at);
            e.consume();
        });
        line.setOnKeyPressed(e -> {
            if (column == null || overview == null) return;
            switch (e.getCode()) {
                case PLUS, ADD, EQUALS -> zoomX(0.5, 0);
                case MINUS, SUBTRACT -> zoomX(2, 0);
                case LEFT -> zoomX(1, -0.25);
                case RIGHT -> zoomX(1, 0.25);
                case DIGIT0, NUMPAD0, HOME -> wholeRange();
                default -> { return; }
            }
            e.consume();
        });
        zoomSettle.setOnFinished(e -> reloadVisibleRange());
        // the index axis is set by this view (fitted, or zoomed); any other change is a zoom (the zoomer's box)
        xAxis.setAutoRanging(false);
        xAxis.minProperty().addListener(o -> xMoved());
        xAxis.maxProperty().addListener(o -> xMoved());
    }

    void show(ValueColumn c) {
        column = c != null && c.type().numeric() && c.count() > 0 ? c : null;
        overview = null;
        histogramShown = null;
        runner.supersede(counting);
        counting = null;
        histogramStats.setText("");
        // each node's plot starts fitted to its own values, whatever the last one was zoomed to
        fitted = true;
        yAxis.setAutoRanging(true);
        showLine(new double[0], new double[0], new double[0], new double[0]);
        showHistogram(new double[0], new double[0]);
        if (column == null) {
            stats.setText(c == null ? "Nothing to plot here" : "These values are not numbers: nothing to plot");
            return;
        }
        load(0, column.count(), true);
        if (histogramButton.isSelected()) countAll();
    }

    /** Zooms the index axis by {@code factor} keeping index {@code at} where it is on screen; the value axis fits what is in view. */
    private void zoomXAbout(double factor, double at) {
        double min = xAxis.getMin(), max = xAxis.getMax(), n = column.count();
        if (!(at >= min && at <= max)) at = (min + max) / 2;
        double width = Math.min(n, Math.max(8, (max - min) * factor));
        double lo = at - (at - min) * width / (max - min);
        lo = Math.max(0, Math.min(n - width, lo));
        fitted = false;
        xAxis.setAutoRanging(false);
        yAxis.setAutoRanging(true);
        xAxis.set(lo, lo + width);
        line.requestLayout();
    }

    /** Scales the index range in view by {@code factor} about its middle and shifts it by {@code shift} of its width. */
    private void zoomX(double factor, double shift) {
        double min = xAxis.getMin(), max = xAxis.getMax(), n = column.count();
        double width = Math.min(n, Math.max(8, (max - min) * factor));
        double mid = (min + max) / 2 + shift * (max - min);
        double lo = Math.max(0, Math.min(n - width, mid - width / 2));
        fitted = false;
        xAxis.setAutoRanging(false);
        yAxis.setAutoRanging(true);
        xAxis.set(lo, lo + width);
        line.requestLayout();
    }

    private void xMoved() {
        if (applying) return;
        fitted = false;
        zoomSettle.playFromStart();
    }

    private void wholeRange() {
        fitted = true;
        yAxis.setAutoRanging(true);
        load(0, column.count(), true);
    }

    javafx.scene.Node focusTarget() { return getCenter(); }

    private void reloadVisibleRange() {
        if (column == null || overview == null) return;
        if (fitted) {
            // the axis fits itself to the data: that asks for the whole column, not for a range
            if (overview.from() != 0 || overview.to() != column.count()) load(0, column.count(), true);
            return;
        }
        long from = (long) Math.floor(Math.max(0, xAxis.getMin()));
        long to = (long) Math.ceil(Math.min(column.count(), xAxis.getMax() + 1));
        if (to - from < 2 || (from == overview.from() && to == overview.to())) return;
        load(from, to, false);
    }

    private void load(long from, long to, boolean whole) {
        ValueColumn c = column;
        int gen = ++generation;
        stats.setText("Reading values…");
        runner.submit("Plotting " + c.name(), p -> Overview.of(c, from, to, BUCKETS, BINS, p), o -> {
            if (gen != generation) return;
            apply(o, whole);
        });
    }

    private void apply(Overview o, boolean whole) {
        overview = o;
        int b = o.buckets();
        // each bucket: its middle, and how far its minimum and maximum lie below and above it
        double[] x = new double[b], y = new double[b], below = new double[b], above = new double[b];
        int k = 0;
        for (int i = 0; i < b; i++) {
            double min = o.bucketMin()[i], max = o.bucketMax()[i];
            if (Double.isNaN(min)) {
                // nothing plottable here (undecodable, missing or NaN values): the line leaves a gap
                x[k] = o.bucketStart(i);
                y[k] = Double.NaN;
                below[k] = 0;
                above[k++] = 0;
                continue;
            }
            double mid = min == max ? min : min / 2 + max / 2;
            x[k] = o.bucketStart(i);
            y[k] = mid;
            below[k] = mid - min;
            above[k++] = max - mid;
        }
        if (k > 0 && x[k - 1] < o.to() - 1 && !Double.isNaN(y[k - 1])) {
            // the last bucket reaches the last index: end the line there, so the axis ends on it too
            x = java.util.Arrays.copyOf(x, k + 1);
            y = java.util.Arrays.copyOf(y, k + 1);
            below = java.util.Arrays.copyOf(below, k + 1);
            above = java.util.Arrays.copyOf(above, k + 1);
            x[k] = o.to() - 1;
            y[k] = y[k - 1];
            below[k] = below[k - 1];
            above[k] = above[k - 1];
            k++;
        }
        applying = true;
        try {
            if (fitted) {
                xAxis.setAutoRanging(false);
                xAxis.set(o.from(), Math.max(o.from() + 1, o.to() - 1));
                yAxis.setAutoRanging(true);
            }
            showLine(java.util.Arrays.copyOf(x, k), java.util.Arrays.copyOf(y, k), java.util.Arrays.copyOf(below, k),
                    java.util.Arrays.copyOf(above, k));
        } finally {
            applying = false;
        }
        lineStats = String.format(Locale.ROOT, "%,d–%,d · min %s · max %s · mean %s%s%s%s",
                o.from(), o.to() - 1, num(o.min()), num(o.max()), num(o.mean()),
                o.gaps() > 0 ? String.format(Locale.ROOT, " · %,d undecodable or missing (left out)", o.gaps()) : "",
                o.nonFinite() > 0 ? String.format(Locale.ROOT, " · %,d NaN/∞", o.nonFinite()) : "",
                o.sampled() ? " · sampled (zoom in for every value)" : "");
        showStatsOfMode();
    }

    private String lineStats = "";

    /** The line's statistics or the histogram's, whichever is shown. */
    private void showStatsOfMode() {
        if (column == null) return;
        String text = histogramButton.isSelected() ? histogramStats.getText() : lineStats;
        if (!text.isEmpty()) stats.setText(text);
    }

    /** Counts every value into the histogram in the background, drawing the counts as they grow. */
    private void countAll() {
        if (column == null || histogramShown != null && histogramShown.complete() || counting != null && !counting.isDone()) return;
        ValueColumn c = column;
        histogramStats.setText(String.format(Locale.ROOT, "Counting all %,d values…", c.count()));
        showStatsOfMode();
        counting = runner.submit("Counting " + c.name() + " into a histogram",
                p -> Histogram.of(c, BINS, p, partial -> javafx.application.Platform.runLater(() -> {
                    if (column == c && (histogramShown == null || !histogramShown.complete())) applyHistogram(partial);
                })),
                h -> { if (column == c) applyHistogram(h); });
    }

    private void applyHistogram(Histogram h) {
        histogramShown = h;
        int bins = h.counts().length;
        double[] centers = new double[bins], counts = new double[bins];
        for (int i = 0; i < bins; i++) {
            centers[i] = (h.edges()[i] + h.edges()[i + 1]) / 2;
            counts[i] = h.counts()[i];
        }
        showHistogram(centers, counts);
        binAxis.set(h.edges()[0], h.edges()[bins]);
        countAxis.set(0, h.tallest() * 1.05);
        histogram.requestLayout();
        histogramStats.setText(String.format(Locale.ROOT, "%s%,d values in %d bins of width %s%s%s",
                h.complete() ? "all " : String.format(Locale.ROOT, "counting… %,d of %,d read · ", h.read(), column.count()),
                h.binned(), bins, num(h.edges()[1] - h.edges()[0]),
                h.gaps() > 0 ? String.format(Locale.ROOT, " · %,d undecodable or missing (left out)", h.gaps()) : "",
                h.nonFinite() > 0 ? String.format(Locale.ROOT, " · %,d NaN/∞ (left out)", h.nonFinite()) : ""));
        showStatsOfMode();
    }

    /** The histogram drawn (for tests). */
    Histogram histogramShown() { return histogramShown; }
    DefaultNumericAxis countAxis() { return countAxis; }
    DefaultNumericAxis binAxis() { return binAxis; }
    DefaultNumericAxis xAxis() { return xAxis; }
    DefaultNumericAxis yAxis() { return yAxis; }
    XYChart lineChart() { return line; }
    javafx.scene.control.Button fitButton() { return fit; }
    void showHistogramMode() { histogramButton.setSelected(true); }

    private static String num(double v) {
        if (Double.isNaN(v)) return "—";
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return String.format(Locale.ROOT, "%,d", (long) v);
        return String.format(Locale.ROOT, "%.6g", v);
    }

    /**
     * Writes the chart on screen as a PNG image: the snapshot is taken here, on the FX
     * thread; converting and compressing it (a few hundred ms for a large chart) runs in
     * the background.
     */
    javafx.concurrent.Task<java.nio.file.Path> savePng(java.nio.file.Path file) {
        javafx.scene.image.WritableImage img = ((javafx.scene.Node) getCenter()).snapshot(null, null);
        return runner.submit("Saving " + file.getFileName(), p -> {
            try {
                var picture = javafx.embed.swing.SwingFXUtils.fromFXImage(img, null);
                org.packscope.app.export.SafeOutput.write(file, java.util.List.of(), out -> javax.imageio.ImageIO.write(picture, "png", out));
                return file;
            } catch (java.io.IOException ex) {
                throw new java.io.UncheckedIOException(ex);
            }
        }, saved -> stats.setText("Saved " + saved.getFileName()),
                ex -> stats.setText("⚠ could not save " + file + ": " + TaskRunner.describe(ex)));
    }

    String statsText() { return stats.getText(); }

    int plottedPoints() { return lineData.getDataCount(); }

    /** The lowest and highest value the drawn bands reach, and the widest band (for tests). */
    double[] bandExtent() {
        double low = Double.POSITIVE_INFINITY, high = Double.NEGATIVE_INFINITY, widest = 0;
        for (int i = 0; i < lineData.getDataCount(); i++) {
            double y = lineData.get(DataSet.DIM_Y, i);
            if (Double.isNaN(y)) continue;
            double below = lineData.getErrorNegative(DataSet.DIM_Y, i), above = lineData.getErrorPositive(DataSet.DIM_Y, i);
            low = Math.min(low, y - below);
            high = Math.max(high, y + above);
            widest = Math.max(widest, below + above);
        }
        return new double[] {low, high, widest};
    }

    /** The summary of the values in view (for tests). */
    Overview overview() { return overview; }

    private void showLine(double[] x, double[] y, double[] below, double[] above) {
        DoubleErrorDataSet d = new DoubleErrorDataSet("values");
        d.set(x, y, below, above);
        lineRenderer.getDatasets().setAll(d);
        lineData = d;
    }

    private void showHistogram(double[] x, double[] y) {
        DoubleDataSet d = new DoubleDataSet("count");
        d.set(x, y);
        histogramRenderer.getDatasets().setAll(d);
    }
}
