package org.packscope.app.ui.view;

import java.util.List;
import java.util.Locale;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.AxisMode;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.plugins.Zoomer;
import io.fair_acc.chartfx.renderer.LineStyle;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.dataset.spi.DoubleDataSet;
import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.util.Duration;
import org.packscope.app.export.SafeOutput;
import org.packscope.app.plot.NumberText;
import org.packscope.app.ui.task.Newest;
import org.packscope.app.ui.task.TaskRunner;
import org.packscope.codec.analysis.Histogram;
import org.packscope.codec.analysis.Overview;
import org.packscope.codec.analysis.ParallelTasks;
import org.packscope.codec.inspect.ValueColumn;

/**
 * Line plot and histogram of a value column. The line plot reads every value of the range
 * in view, in the background, drawing as it goes, and fills each pixel column from the
 * minimum to the maximum of the values that fall in it (see {@link EnvelopeRenderer}), so
 * spikes survive any zoom; zooming in (drag a box, scroll) re-reads only the visible range.
 * The index axis always shows exactly the range read, {@code [from, to)}, over as many
 * columns as the plot is pixels wide.
 */
final class PlotView extends BorderPane {
    /** Columns to read before the plot has been laid out (it reads again once it knows its width). */
    private static final int COLUMNS_BEFORE_LAYOUT = 1000;
    private static final int BINS = 100;

    private final TaskRunner runner;
    private final Label stats = new Label("Select a node with numeric values to plot them");
    private final ToggleButton lineButton = new ToggleButton("Line");
    private final ToggleButton histogramButton = new ToggleButton("Histogram");
    private final DefaultNumericAxis xAxis = new DefaultNumericAxis("index");
    private final DefaultNumericAxis yAxis = new DefaultNumericAxis("value");
    private final XYChart line = new XYChart(xAxis, yAxis);
    private final EnvelopeRenderer lineRenderer = new EnvelopeRenderer();
    private final ErrorDataSetRenderer histogramRenderer = new ErrorDataSetRenderer();
    private final DefaultNumericAxis binAxis = new DefaultNumericAxis("value");
    private final DefaultNumericAxis countAxis = new DefaultNumericAxis("count");
    private final XYChart histogram = new XYChart(binAxis, countAxis);
    private final Label histogramStats = new Label("");
    private final javafx.scene.control.Button fit = new javafx.scene.control.Button("Fit all");
    /** Which of several columns the line shows (a table's, a slice's); hidden when there is one. */
    private final javafx.scene.control.ComboBox<String> columnChoice = new javafx.scene.control.ComboBox<>();
    private final Label columnLabel = new Label("Column");
    private Source source;
    private boolean choosingColumn;
    private javafx.concurrent.Task<PlotPictures.Bars> counting;
    private javafx.concurrent.Task<PlotPictures.Line> reading;
    private PlotPictures.Bars histogramShown;
    private final PauseTransition zoomSettle = new PauseTransition(Duration.millis(250));
    private ValueColumn column;
    /** The line drawn now, or null. */
    private PlotPictures.Line overview;
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
            chooser.setTitle("Save the plot as PNG");
            chooser.setInitialFileName((column == null ? "plot" : column.name()) + ".png");
            java.io.File f = chooser.showSaveDialog(getScene().getWindow());
            if (f != null) savePng(f.toPath());
        });
        columnChoice.setId("plot-column");
        columnChoice.setTooltip(new javafx.scene.control.Tooltip("The column the line plot draws"));
        columnChoice.setVisibleRowCount(20);
        columnChoice.valueProperty().addListener((o, was, now) -> {
            int i = columnChoice.getSelectionModel().getSelectedIndex();
            if (!choosingColumn && source != null && i >= 0) drawColumn(source.column().apply(i), source.elements() == null);
        });
        columnLabel.setLabelFor(columnChoice);
        showChoice(false);
        HBox bar = new HBox(8, lineButton, histogramButton, fit, png, columnLabel, columnChoice, stats);
        bar.setPadding(new Insets(4));
        bar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        // buttons keep their width; the statistics elide instead of pushing them
        for (javafx.scene.control.Control b : java.util.List.of(lineButton, histogramButton, fit, png, columnLabel, columnChoice)) {
            b.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
        stats.setMinWidth(0);
        HBox.setHgrow(stats, javafx.scene.layout.Priority.ALWAYS);
        stats.setMaxWidth(Double.MAX_VALUE);
        histogramStats.setId("plot-histogram-stats");
        setTop(bar);

        // the renderer draws the overview it holds; chartfx renders a renderer once per data set
        lineRenderer.getDatasets().add(new DoubleDataSet("values"));
        line.getRenderers().setAll(lineRenderer);
        // grid lines under the data: drawn over it they cut a row out of every band they cross
        line.getGridRenderer().setDrawOnTop(false);
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
        // the value axis is fitted to the values read (see apply), not to a data set
        yAxis.setAutoRanging(false);
        binAxis.setAutoRanging(false);
        setCenter(line);

        // no unit: chartfx would print an empty "[]" after the axis names
        for (DefaultNumericAxis a : java.util.List.of(xAxis, yAxis, binAxis, countAxis)) a.setUnit(null);
        // plain numbers (1,719,999,998,997), powers of ten only for very large or small ones
        javafx.util.StringConverter<Number> plain = new javafx.util.StringConverter<>() {
            @Override public String toString(Number n) { return n == null ? "" : NumberText.tick(n.doubleValue()); }
            @Override public Number fromString(String s) { return null; }
        };
        for (DefaultNumericAxis a : java.util.List.of(xAxis, yAxis, binAxis, countAxis)) a.setTickLabelFormatter(plain);
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
        // a new width means new pixel columns: read again for them once the resizing settles
        line.getCanvas().widthProperty().addListener(o -> rereadIfResized());
    }

    /**
     * Reads again when the plot area is no longer as wide as the overview has columns, once
     * the resizing settles. While a read is under way the area narrows as the value labels
     * take the width of the first values read: the read starts again at once at the new
     * width, at most {@value #RESTARTS_PER_RANGE} times for a column or a range chosen (the
     * labels may widen as values arrive, and restarting for each would never let it end);
     * its end checks again. Reading every value at the old width and then again at the new
     * one was half of the first plot of a 20M-value file.
     */
    private void rereadIfResized() {
        if (column == null || overview == null) return;
        if (TaskRunner.underWay(reading)) {
            if (restarts < RESTARTS_PER_RANGE && columnsWide() != overview.columns()) {
                restarts++;
                reloadVisibleRange();
            }
            return;
        }
        if (columnsWide() != overview.columns()) zoomSettle.playFromStart();
    }

    private static final int RESTARTS_PER_RANGE = 2;
    /** Least time between two partial pictures drawn while values are read. */
    private static final long PARTIAL_GAP_MS = 150;
    /** Reads restarted for a new width since the column was shown or the range last chosen. */
    private int restarts;

    /** The plot area's width in whole pixels: one column of the overview each. */
    private int columnsWide() {
        int w = (int) Math.floor(line.getCanvas().getWidth());
        return w > 0 ? w : COLUMNS_BEFORE_LAYOUT;
    }

    /**
     * What a plot offers: one of several columns by name (a table's, a 2-D slice's; the
     * list may be computed as it is read), and what the histogram counts: every element of
     * a slice, or (null) the column shown.
     */
    record Source(List<String> names, java.util.function.IntFunction<ValueColumn> column, java.util.function.Supplier<ValueColumn> elements) {
        static Source of(ValueColumn c) { return c == null ? null : new Source(List.of(c.name()), i -> c, null); }
    }

    void show(ValueColumn c) { show(Source.of(c)); }

    /** Shows a source's first column, with a chooser when it has several. */
    void show(Source s) {
        source = s;
        choosingColumn = true;
        try {
            boolean several = s != null && s.names().size() > 1;
            columnChoice.setItems(several ? javafx.collections.FXCollections.observableList(s.names()) : javafx.collections.FXCollections.observableArrayList());
            if (several) columnChoice.getSelectionModel().select(0);
            showChoice(several);
        } finally {
            choosingColumn = false;
        }
        histogramOf = s == null ? null : s.elements();
        histogramSource = null;
        drawColumn(s == null ? null : s.column().apply(0), true);
    }

    private void showChoice(boolean shown) {
        for (javafx.scene.Node n : List.of(columnLabel, columnChoice)) {
            n.setVisible(shown);
            n.setManaged(shown);
        }
    }

    /** The column the line draws, and (when {@code newHistogram}) the histogram counted again for it. */
    private void drawColumn(ValueColumn c, boolean newHistogram) {
        column = c != null && c.type().numeric() && c.count() > 0 ? c : null;
        overview = null;
        lastComplete = null;
        restarts = 0;
        lineRenderer.show(null);
        lineStats = "";
        runner.supersede(reading);
        reading = null;
        if (newHistogram) {
            histogramShown = null;
            runner.supersede(counting);
            counting = null;
            histogramStats.setText("");
            showHistogram(new double[0], new double[0]);
        }
        // each node's plot starts fitted to its own values, whatever the last one was zoomed to
        fitted = true;
        // no axes of the last node: the new node's index range at once, its values as they arrive
        applying = true;
        try {
            xAxis.set(0, column == null ? 1 : column.count());
            yAxis.set(0, 1);
        } finally {
            applying = false;
        }
        if (column == null) {
            stats.setText(c == null ? "Nothing to plot here" : "These values are not numbers: nothing to plot");
            return;
        }
        load(0, column.count(), true);
        if (histogramButton.isSelected()) countAll();
    }

    /** A slice's elements (made in the background, when first counted), or null: the histogram counts the column shown. */
    private java.util.function.Supplier<ValueColumn> histogramOf;
    private ValueColumn histogramSource;

    /** What the histogram counts: all elements of a slice (null until made), else the column shown. */
    private ValueColumn counted() { return histogramOf != null && column != null ? histogramSource : column; }

    /** Zooms the index axis by {@code factor} keeping index {@code at} where it is on screen; the value axis fits what is in view. */
    private void zoomXAbout(double factor, double at) {
        double min = xAxis.getMin(), max = xAxis.getMax(), n = column.count();
        if (!(at >= min && at <= max)) at = (min + max) / 2;
        double width = Math.min(n, Math.max(8, (max - min) * factor));
        double lo = at - (at - min) * width / (max - min);
        lo = Math.max(0, Math.min(n - width, lo));
        fitted = false;
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
        xAxis.set(lo, lo + width);
        line.requestLayout();
    }

    private void xMoved() {
        if (applying) return;
        // a read still under way is for the range before: its result must not move the axis back
        generation++;
        runner.supersede(reading);
        fitted = false;
        restarts = 0;
        zoomSettle.playFromStart();
    }

    private void wholeRange() {
        fitted = true;
        restarts = 0;
        load(0, column.count(), true);
    }

    javafx.scene.Node focusTarget() { return getCenter(); }

    private void reloadVisibleRange() {
        if (column == null || overview == null) return;
        boolean sameWidth = overview.columns() == columnsWide();
        if (fitted) {
            // the axis fits itself to the data: that asks for the whole column, not for a range
            if (overview.from() != 0 || overview.to() != column.count() || !sameWidth) load(0, column.count(), true);
            return;
        }
        long from = (long) Math.floor(Math.max(0, xAxis.getMin()));
        long to = (long) Math.ceil(Math.min(column.count(), xAxis.getMax()));
        if (to - from < 2 || (from == overview.from() && to == overview.to() && sameWidth)) return;
        load(from, to, false);
    }

    private void load(long from, long to, boolean whole) {
        ValueColumn c = column;
        int gen = ++generation;
        int columns = columnsWide();
        stats.setText(String.format(Locale.ROOT, "Reading all %,d values…", to - from));
        runner.supersede(reading);
        // every value is read; the plot is drawn as the reading goes
        Newest<PlotPictures.Line> partials = new Newest<>(picture -> { if (gen == generation) apply(picture); }, PARTIAL_GAP_MS);
        reading = runner.submit("Plotting " + c.name(), p -> PlotPictures.Line.of(Overview.of(c, from, to, columns, p,
                partial -> partials.offer(() -> PlotPictures.Line.of(partial)), ParallelTasks.cores())), picture -> {
            if (gen == generation) apply(picture);
        });
    }

    private void apply(PlotPictures.Line picture) {
        overview = picture;
        // read again at another width, the range's values are known: their axis and statistics
        // stay while it is read (a partial's narrower labels would widen the plot, and its
        // end narrow it again, a read more each time)
        PlotPictures.Line known = lastComplete != null && !picture.complete() && lastComplete.from() == picture.from()
                && lastComplete.to() == picture.to() ? lastComplete : picture;
        applying = true;
        try {
            // the index axis shows exactly the range read, one pixel column per overview column
            xAxis.set(picture.from(), picture.to());
            if (!Double.isNaN(known.axisLow())) yAxis.set(known.axisLow(), known.axisHigh());
        } finally {
            applying = false;
        }
        lineRenderer.show(picture);
        line.requestLayout();
        lineStats = (columnChoice.isVisible() ? column.name() + ": " : "") + known.stats();
        showStatsOfMode();
        if (picture.complete()) {
            lastComplete = picture;
            javafx.application.Platform.runLater(this::rereadIfResized);
        }
    }

    /** The last picture of every value of its range, for the column shown. */
    private PlotPictures.Line lastComplete;

    private String lineStats = "";

    /** The line's statistics or the histogram's, whichever is shown. */
    private void showStatsOfMode() {
        if (column == null) return;
        String text = histogramButton.isSelected() ? histogramStats.getText() : lineStats;
        if (!text.isEmpty()) stats.setText(text);
    }

    /** Counts every value into the histogram in the background, drawing the counts as they grow. */
    private void countAll() {
        if (column == null || histogramShown != null && histogramShown.complete() || TaskRunner.underWay(counting)) return;
        ValueColumn c = counted();
        if (c == null) {
            java.util.function.Supplier<ValueColumn> of = histogramOf;
            runner.quietly(of::get, made -> {
                if (histogramOf != of) return;
                histogramSource = made;
                countAll();
            }, ex -> histogramStats.setText("⚠ could not count: " + TaskRunner.describe(ex)));
            return;
        }
        String what = c == column ? "values" : "elements";
        long total = c.count();
        histogramStats.setText(String.format(Locale.ROOT, "Counting all %,d %s…", total, what));
        showStatsOfMode();
        Newest<PlotPictures.Bars> partials = new Newest<>(bars -> {
            if (counted() == c && (histogramShown == null || !histogramShown.complete())) applyHistogram(bars);
        }, PARTIAL_GAP_MS);
        counting = runner.submit("Counting " + c.name() + " into a histogram",
                p -> PlotPictures.Bars.of(Histogram.of(c, BINS, p, partial -> partials.offer(() -> PlotPictures.Bars.of(partial, what, total))),
                        what, total),
                bars -> { if (counted() == c) applyHistogram(bars); });
    }

    private void applyHistogram(PlotPictures.Bars bars) {
        histogramShown = bars;
        showHistogram(bars.centers(), bars.counts());
        binAxis.set(bars.low(), bars.high());
        countAxis.set(0, bars.top());
        histogram.requestLayout();
        histogramStats.setText(bars.stats());
        showStatsOfMode();
    }

    /** The histogram drawn (for tests). */
    Histogram histogramShown() { return histogramShown == null ? null : histogramShown.source(); }
    DefaultNumericAxis countAxis() { return countAxis; }
    DefaultNumericAxis binAxis() { return binAxis; }
    DefaultNumericAxis xAxis() { return xAxis; }
    DefaultNumericAxis yAxis() { return yAxis; }
    XYChart lineChart() { return line; }
    javafx.scene.control.Button fitButton() { return fit; }
    void showHistogramMode() { histogramButton.setSelected(true); }
    javafx.scene.control.ComboBox<String> columnChoice() { return columnChoice; }
    /** The column the line plot draws (for tests). */
    ValueColumn columnShown() { return column; }
    void showLineMode() { lineButton.setSelected(true); }

    private static String num(double v) { return NumberText.plain(v); }

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
                SafeOutput.write(file, java.util.List.of(), out -> javax.imageio.ImageIO.write(picture, "png", out));
                return file;
            } catch (java.io.IOException ex) {
                throw new java.io.UncheckedIOException(ex);
            }
        }, saved -> stats.setText("Saved " + saved.getFileName()),
                ex -> stats.setText("⚠ could not save " + file + ": " + TaskRunner.describe(ex)));
    }

    String statsText() { return stats.getText(); }

    /**
     * True once the line shows every value of its range at the plot's own width, with no
     * read under way or waiting for a resize to settle (for tests; call on the FX thread).
     */
    boolean settled() {
        return column == null || overview != null && overview.complete() && !TaskRunner.underWay(reading)
                && zoomSettle.getStatus() != javafx.animation.Animation.Status.RUNNING && columnsWide() == overview.columns();
    }

    /** Pixel columns with something drawn in them. */
    /** How many distinct values the drawn columns hold: each column whose own indices are not empty (for tests). */
    int plottedValues() {
        Overview o = lineRenderer.shown();
        if (o == null) return 0;
        int k = 0;
        for (int b = 0; b < o.buckets(); b++) if (o.columnFirst(b) < o.columnEnd(b) && !Double.isNaN(o.bucketMin()[b])) k++;
        return k;
    }

    int plottedPoints() {
        Overview o = lineRenderer.shown();
        if (o == null) return 0;
        int k = 0;
        for (double v : o.bucketMin()) if (!Double.isNaN(v)) k++;
        return k;
    }

    /** The lowest and highest value the drawn bands reach, and the widest band (for tests). */
    double[] bandExtent() {
        double low = Double.POSITIVE_INFINITY, high = Double.NEGATIVE_INFINITY, widest = 0;
        Overview o = lineRenderer.shown();
        for (int i = 0; o != null && i < o.buckets(); i++) {
            double min = o.bucketMin()[i], max = o.bucketMax()[i];
            if (Double.isNaN(min)) continue;
            low = Math.min(low, min);
            high = Math.max(high, max);
            widest = Math.max(widest, max - min);
        }
        return new double[] {low, high, widest};
    }

    /** The overview the chart draws now (for tests). */
    Overview drawnOverview() { return lineRenderer.shown(); }

    /** The summary of the values in view (for tests). */
    Overview overview() { return overview == null ? null : overview.source(); }

    private void showHistogram(double[] x, double[] y) {
        DoubleDataSet d = new DoubleDataSet("count");
        d.set(x, y);
        histogramRenderer.getDatasets().setAll(d);
    }
}
