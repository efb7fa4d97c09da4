package org.packscope.app.ui.view;

import java.util.List;
import java.util.Locale;

import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;

import org.packscope.app.ui.task.TaskRunner;
import org.packscope.codec.store.Slice2D;
import org.packscope.codec.store.SliceOverview;

/**
 * A heat map of a 2-D slice. It opens on the whole slice: each cell of an overview grid (up
 * to {@value #GRID} × {@value #GRID}, about one per screen pixel) shows the mean, minimum or
 * maximum of the elements under it, read in the background from every element (chunks
 * decoded once each). The wheel, + and − zoom around the cursor or the centre, dragging and
 * the arrow keys pan, 0 or Fit shows the whole slice again; zoomed in far enough, each cell is
 * one element. The colour scale is fixed per slice (its minimum to maximum, its 1st to 99th
 * percentile, or symmetric around zero) and drawn as a colour bar, so colours mean the same
 * at every zoom; gaps (undecodable, missing, NaN) are grey. Hovering names the element, or
 * the cell's rows, columns, mean, minimum, maximum and counts.
 */
final class HeatMapView extends BorderPane {
    static final int GRID = 1024;
    static final Color GAP = Color.gray(0.6);
    private static final double MARGIN = 4;

    enum Scale {
        MIN_MAX("Slice min–max"), PERCENTILES("1st–99th percentile"), SYMMETRIC("Symmetric around 0");
        final String label;
        Scale(String label) { this.label = label; }
        @Override public String toString() { return label; }
    }

    enum Shown {
        MEAN("Mean per cell"), MIN("Minimum per cell"), MAX("Maximum per cell");
        final String label;
        Shown(String label) { this.label = label; }
        @Override public String toString() { return label; }
    }

    private final TaskRunner runner;
    private final Label info = new Label("Pick an array of two or more dimensions");
    private final Label hover = new Label("Wheel or + − zoom, drag or arrow keys pan, 0 fits the whole slice");
    private final ComboBox<Scale> scale = new ComboBox<>();
    private final ComboBox<Shown> shown = new ComboBox<>();
    private final Button fit = new Button("Fit all");
    private final javafx.scene.control.TextField goTo = new javafx.scene.control.TextField();
    /** The element "go to" went to, outlined and read out while it is in view (-1: none). */
    private long markRow = -1, markCol = -1;
    /** Elements a side of the window "go to" shows around its element. */
    private static final int GO_TO_SIDE = 15;
    private final Pane holder;
    private final Canvas canvas = new Canvas();
    private final Canvas bar = new Canvas(90, 10);
    private Slice2D slice;
    private String label = "";
    /** The window in view, in elements of the slice. */
    private long row0, col0, nRows, nCols;
    private SliceOverview view;
    /** The view's extent and grid, as plain numbers: what drawing and hit-testing use on the FX thread. */
    private Grid grid;
    /** The whole slice's summary, which fixes the colour scale. */
    private SliceOverview whole;
    private WritableImage image;
    private double lo, hi;
    private int generation;
    private Task<?> reading;
    private double dragX, dragY;
    /** A resize re-reads the view at the new resolution once the size has settled. */
    private final javafx.animation.PauseTransition settle = new javafx.animation.PauseTransition(javafx.util.Duration.millis(150));
    private long dragRow0, dragCol0;

    HeatMapView(TaskRunner runner) {
        this.runner = runner;
        setId("heatmap");
        info.setId("heatmap-info");
        hover.setId("heatmap-hover");
        scale.setId("heatmap-scale");
        shown.setId("heatmap-shown");
        fit.setId("heatmap-fit");
        bar.setId("heatmap-colourbar");
        scale.getItems().setAll(Scale.values());
        scale.getSelectionModel().select(Scale.MIN_MAX);
        shown.getItems().setAll(Shown.values());
        shown.getSelectionModel().select(Shown.MEAN);
        fit.setMinWidth(Pane.USE_PREF_SIZE);
        holder = new Pane(canvas);
        holder.setId("heatmap-canvas");
        holder.setFocusTraversable(true);
        canvas.widthProperty().bind(holder.widthProperty());
        canvas.heightProperty().bind(holder.heightProperty());
        canvas.widthProperty().addListener(o -> resized());
        canvas.heightProperty().addListener(o -> resized());
        settle.setOnFinished(e -> {
            int[] want = desiredGrid();
            if (grid != null && (want[0] != grid.height() || want[1] != grid.width())) read();
        });
        // the summary wraps under the controls rather than ending in "…" (a 2-D slice's line runs
        // past 1280 px); each control keeps its own width, so no choice is elided either
        info.setPadding(new Insets(0, 4, 2, 4));
        info.setWrapText(true);
        info.setMaxWidth(Double.MAX_VALUE);
        info.setMinHeight(Region.USE_PREF_SIZE);
        hover.setPadding(new Insets(2, 4, 2, 4));
        hover.setWrapText(true);
        hover.setMinHeight(Region.USE_PREF_SIZE);
        for (Region r : List.of(shown, scale)) r.setMinWidth(Region.USE_PREF_SIZE);
        goTo.setId("heatmap-goto");
        goTo.setPromptText("go to row, col");
        goTo.setPrefColumnCount(9);
        goTo.setMinWidth(Pane.USE_PREF_SIZE);
        goTo.setOnAction(e -> goTo(goTo.getText()));
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox controls = new HBox(6, goTo, gap, shown, scale, fit);
        controls.setAlignment(Pos.CENTER_LEFT);
        controls.setPadding(new Insets(2, 4, 2, 4));
        VBox top = new VBox(2, controls, info);
        Pane barHolder = new Pane(bar);
        barHolder.setPrefWidth(bar.getWidth());
        bar.heightProperty().bind(barHolder.heightProperty());
        bar.heightProperty().addListener(o -> drawBar());
        setTop(top);
        setCenter(holder);
        setRight(barHolder);
        setBottom(hover);
        scale.valueProperty().addListener(o -> recolour());
        shown.valueProperty().addListener(o -> recolour());
        fit.setOnAction(e -> fitWhole());
        holder.setOnMouseClicked(e -> holder.requestFocus());
        holder.setOnKeyPressed(e -> {
            if (slice == null) return;
            KeyCode k = e.getCode();
            if (k == KeyCode.DOWN) pan(Math.max(1, nRows / 4), 0);
            else if (k == KeyCode.UP) pan(-Math.max(1, nRows / 4), 0);
            else if (k == KeyCode.RIGHT) pan(0, Math.max(1, nCols / 4));
            else if (k == KeyCode.LEFT) pan(0, -Math.max(1, nCols / 4));
            else if (k == KeyCode.PLUS || k == KeyCode.EQUALS || k == KeyCode.ADD) zoomAround(0.5, 0.5, 0.5);
            else if (k == KeyCode.MINUS || k == KeyCode.SUBTRACT) zoomAround(0.5, 0.5, 2);
            else if (k == KeyCode.DIGIT0 || k == KeyCode.NUMPAD0 || k == KeyCode.HOME) fitWhole();
            else return;
            e.consume();
        });
        canvas.setOnMouseMoved(e -> hoverAt(e.getX(), e.getY()));
        canvas.setOnScroll(this::wheel);
        canvas.setOnMousePressed(e -> {
            dragX = e.getX();
            dragY = e.getY();
            dragRow0 = row0;
            dragCol0 = col0;
        });
        canvas.setOnMouseDragged(e -> {
            double px = pixelsPerElement();
            if (px <= 0) return;
            long dr = Math.round((dragY - e.getY()) / px), dc = Math.round((dragX - e.getX()) / px);
            if (dr != 0 || dc != 0) showWindowAt(dragRow0 + dr, dragCol0 + dc);
        });
    }

    private void resized() {
        draw();
        if (view != null) settle.playFromStart();
    }

    /** Shows the whole slice, with its colour scale fixed from all its values. */
    void show(Slice2D s, String sliceLabel) {
        slice = s;
        markRow = markCol = -1;
        label = sliceLabel == null ? "" : sliceLabel;
        whole = null;
        view = null;
        grid = null;
        image = null;
        if (s == null || s.rows() == 0 || s.columns() == 0) {
            info.setText(s == null ? "Pick an array of two or more dimensions" : label + " is empty");
            draw();
            return;
        }
        showWindow(0, 0, s.rows(), s.columns());
    }

    private void fitWhole() {
        markRow = markCol = -1;
        showWindow(0, 0, fullRows(), fullCols());
    }

    /** "go to": a row and a column of the slice, shown close up, outlined and read out. */
    private void goTo(String text) {
        long[] at = ElementIndex.parse(text);
        if (slice == null) return;
        if (at == null || at.length != 2) {
            hover.setText(at == null ? ElementIndex.why(text, true) : "Give a row and a column, e.g. 12, 34");
            goTo.selectAll();
            return;
        }
        if (at[0] >= slice.rows() || at[1] >= slice.columns()) {
            hover.setText(String.format(Locale.ROOT, "No element %,d, %,d: rows run to %,d, columns to %,d",
                    at[0], at[1], slice.rows() - 1, slice.columns() - 1));
            goTo.selectAll();
            return;
        }
        goToElement(at[0], at[1]);
    }

    /** Shows element (row, col) in a window of {@value #GO_TO_SIDE} elements a side around it. */
    void goToElement(long row, long col) {
        markRow = row;
        markCol = col;
        showWindow(row - GO_TO_SIDE / 2, col - GO_TO_SIDE / 2, GO_TO_SIDE, GO_TO_SIDE);
    }

    /** The cell (i, j) of the view holding the marked element, or null when it is not in view. */
    private int[] markedCell() {
        if (grid == null || markRow < row0 || markRow >= row0 + nRows || markCol < col0 || markCol >= col0 + nCols) return null;
        return new int[] {(int) ((markRow - row0) * grid.height() / nRows), (int) ((markCol - col0) * grid.width() / nCols)};
    }

    private long fullRows() { return slice == null ? 0 : slice.rows(); }

    private long fullCols() { return slice == null ? 0 : slice.columns(); }

    /** Kept for the keyboard and tests: the window moved so that its corner is (top, left). */
    void moveTo(long top, long left) { showWindowAt(top, left); }

    private void showWindowAt(long top, long left) { showWindow(top, left, nRows, nCols); }

    private void pan(long dRows, long dCols) { showWindowAt(row0 + dRows, col0 + dCols); }

    /** Zooms by {@code factor} (below 1 = in) keeping the element at fraction (fx, fy) of the view in place. */
    private void zoomAround(double fx, double fy, double factor) {
        if (slice == null) return;
        long newRows = Math.max(1, Math.min(fullRows(), Math.round(nRows * factor)));
        long newCols = Math.max(1, Math.min(fullCols(), Math.round(nCols * factor)));
        long r = row0 + (long) (fy * nRows) - (long) (fy * newRows);
        long c = col0 + (long) (fx * nCols) - (long) (fx * newCols);
        showWindow(r, c, newRows, newCols);
    }

    private void wheel(ScrollEvent e) {
        if (slice == null || e.getDeltaY() == 0) return;
        double[] rect = drawnRect();
        double fx = rect == null ? 0.5 : clamp((e.getX() - rect[0]) / rect[2]);
        double fy = rect == null ? 0.5 : clamp((e.getY() - rect[1]) / rect[3]);
        zoomAround(fx, fy, e.getDeltaY() > 0 ? 0.8 : 1.25);
        e.consume();
    }

    private static double clamp(double f) { return Math.max(0, Math.min(1, f)); }

    private void showWindow(long top, long left, long rows, long cols) {
        if (slice == null) return;
        nRows = Math.max(1, Math.min(rows, slice.rows()));
        nCols = Math.max(1, Math.min(cols, slice.columns()));
        row0 = Math.max(0, Math.min(top, slice.rows() - nRows));
        col0 = Math.max(0, Math.min(left, slice.columns() - nCols));
        read();
    }

    private void read() {
        generation++;
        runner.supersede(reading);
        int gen = generation;
        Slice2D s = slice;
        long r0 = row0, c0 = col0, nr = nRows, nc = nCols;
        info.setText("Reading " + window() + "…");
        int[] cells = desiredGrid();
        SliceOverview fixedBy = whole;
        Scale sc = scale.getValue();
        Shown sh = shown.getValue();
        reading = runner.submit("Heat map", p -> {
            SliceOverview o = SliceOverview.of(s, r0, nr, c0, nc, cells[0], cells[1], p);
            // the first read is the whole slice: its values fix the colours at every zoom
            SliceOverview scaleFrom = fixedBy == null ? o : fixedBy;
            double[] range = scaleOf(scaleFrom, sc);
            return new Rendered(o, Grid.of(o), range, render(o, sh, range), describe(scaleFrom));
        }, result -> {
            if (gen != generation) return;
            view = result.overview;
            grid = result.grid;
            if (whole == null) whole = result.overview;
            lo = result.range[0];
            hi = result.range[1];
            image = result.image;
            drawBar();
            info.setText(window() + result.described);
            draw();
            int[] mark = markedCell();
            if (mark != null) hover.setText(describeCell(mark[0], mark[1]));
            // read before the canvas had its size: read again at the size it has now
            int[] want = desiredGrid();
            if (want[0] != grid.height() || want[1] != grid.width()) settle.playFromStart();
        });
    }

    /**
     * A view's summary with its grid, the scale it is coloured on, its picture and the
     * whole slice described in words: all made off the FX thread, which then only shows them.
     */
    private record Rendered(SliceOverview overview, Grid grid, double[] range, WritableImage image, String described) { }

    /** A view's window (elements) and overview grid (cells), read from its summary once. */
    private record Grid(long rows, long columns, int height, int width) {
        static Grid of(SliceOverview o) { return new Grid(o.rows(), o.columns(), o.height(), o.width()); }
    }

    /** Colours the view again (another scale or statistic), in the background. */
    private void recolour() {
        if (view == null || whole == null) return;
        int gen = ++generation;
        runner.supersede(reading);
        SliceOverview v = view, w = whole;
        Scale sc = scale.getValue();
        Shown sh = shown.getValue();
        reading = runner.submit("Heat map colours", p -> {
            double[] range = scaleOf(w, sc);
            return new Rendered(v, Grid.of(v), range, render(v, sh, range), null);
        }, result -> {
            if (gen != generation) return;
            lo = result.range[0];
            hi = result.range[1];
            image = result.image;
            drawBar();
            draw();
        });
    }

    /** The colour scale's ends for a slice summary (percentiles sort up to a million values: never on the FX thread). */
    static double[] scaleOf(SliceOverview whole, Scale sc) {
        if (whole.values() == 0) return new double[] {0, 1};
        double a = whole.lowest(), b = whole.highest();
        if (sc == Scale.PERCENTILES) {
            a = whole.percentile(1);
            b = whole.percentile(99);
        } else if (sc == Scale.SYMMETRIC) {
            double m = Math.max(Math.abs(a), Math.abs(b));
            a = -m;
            b = m;
        }
        return new double[] {a, b};
    }

    /** The view's cells as pixels, one look-up each into the ramp (built off the FX thread). */
    static WritableImage render(SliceOverview v, Shown sh, double[] range) {
        int gw = v.width(), gh = v.height();
        int[] argb = new int[gw * gh];
        for (int i = 0; i < gh; i++) {
            for (int j = 0; j < gw; j++) {
                double x = switch (sh) {
                    case MIN -> v.min(i, j);
                    case MAX -> v.max(i, j);
                    default -> v.mean(i, j);
                };
                argb[i * gw + j] = RAMP_ARGB[rampIndex(x, range[0], range[1])];
            }
        }
        WritableImage image = new WritableImage(gw, gh);
        image.getPixelWriter().setPixels(0, 0, gw, gh, javafx.scene.image.PixelFormat.getIntArgbPreInstance(), argb, 0, gw);
        return image;
    }

    private static String describe(SliceOverview w) {
        if (w == null || w.values() == 0) return " · no values";
        String gaps = w.gapTotal() == 0 ? "" : String.format(Locale.ROOT, ", %,d gap%s", w.gapTotal(), w.gapTotal() == 1 ? "" : "s");
        String sampled = w.sampled() ? " · sampled: one element per cell" : "";
        return String.format(Locale.ROOT, " · values %s to %s%s%s", fmt(w.lowest()), fmt(w.highest()), gaps, sampled);
    }

    private String window() {
        return String.format(Locale.ROOT, "%s rows %,d–%,d of %,d, columns %,d–%,d of %,d", label,
                row0, row0 + nRows - 1, slice.rows(), col0, col0 + nCols - 1, slice.columns());
    }

    static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) v) : String.format(Locale.ROOT, "%.6g", v);
    }

    /**
     * The overview grid for the view: one cell per screen pixel of the drawn map (so each
     * pixel shows its own elements' summary), or per element when they are fewer; before
     * the canvas is laid out, {@value #GRID} a side.
     */
    private int[] desiredGrid() {
        double[] rect = rectFor(nRows, nCols);
        if (rect == null || rect[2] < 50 && rect[3] < 50) return new int[] {GRID, GRID};
        return new int[] {(int) Math.max(1, Math.min(nRows, rect[3])), (int) Math.max(1, Math.min(nCols, rect[2]))};
    }

    /** Canvas pixels per element of the view (the same across and down, so elements stay square). */
    private double pixelsPerElement() {
        if (slice == null || nRows == 0 || nCols == 0) return 0;
        double w = canvas.getWidth() - 2 * MARGIN, h = canvas.getHeight() - 2 * MARGIN;
        return Math.max(0, Math.min(w / nCols, h / nRows));
    }

    /** x, y, width, height of the drawn map on the canvas (whole pixels), or null before anything is read. */
    private double[] drawnRect() {
        return grid == null ? null : rectFor(nRows, nCols);
    }

    private double[] rectFor(long rows, long cols) {
        double px = pixelsPerElement();
        if (px <= 0) return null;
        return new double[] {MARGIN, MARGIN, Math.max(1, Math.floor(cols * px)), Math.max(1, Math.floor(rows * px))};
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
        double[] rect = drawnRect();
        if (rect == null || image == null || grid.rows() != nRows || grid.columns() != nCols) return;
        g.setImageSmoothing(false);
        g.drawImage(image, rect[0], rect[1], rect[2], rect[3]);
        int[] mark = markedCell();
        if (mark != null) {
            // an outline around the cell, inside its edge pixels' neighbours: the cell keeps its colour
            double cw = rect[2] / grid.width(), ch = rect[3] / grid.height();
            g.setStroke(Color.MAGENTA);
            g.setLineWidth(2);
            g.strokeRect(rect[0] + mark[1] * cw - 1, rect[1] + mark[0] * ch - 1, cw + 2, ch + 2);
        }
    }

    private static final int STEPS = 1024;
    /** The ramp in {@link #STEPS} steps, then the gap colour. */
    private static final int[] RAMP_ARGB = new int[STEPS + 1];

    static {
        for (int k = 0; k < STEPS; k++) RAMP_ARGB[k] = argb(ramp(k / (STEPS - 1.0)));
        RAMP_ARGB[STEPS] = argb(GAP);
    }

    private static int argb(Color c) {
        return 0xff000000 | (int) Math.round(c.getRed() * 255) << 16 | (int) Math.round(c.getGreen() * 255) << 8 | (int) Math.round(c.getBlue() * 255);
    }

    /** The ramp step of a value on the scale lo..hi, or the gap entry. */
    private static int rampIndex(double v, double lo, double hi) {
        if (Double.isNaN(v)) return STEPS;
        double f = hi > lo ? (v - lo) / (hi - lo) : 0.5;
        return (int) Math.round(Math.max(0, Math.min(1, f)) * (STEPS - 1));
    }

    /** The colour a value is drawn in on this slice's fixed scale (grey for no value), as 0xAARRGGBB. */
    int colourOf(double v) { return RAMP_ARGB[rampIndex(v, lo, hi)]; }

    /** The value a ramp colour stands for on this slice's scale (the middle of its step), or NaN for grey or a colour not on the ramp. */
    double valueOfColour(int argb) {
        for (int k = 0; k < STEPS; k++) if (RAMP_ARGB[k] == argb) return lo + (hi - lo) * k / (STEPS - 1.0);
        return Double.NaN;
    }

    private static int rampStep(double f) { return (int) Math.round(Math.max(0, Math.min(1, f)) * (STEPS - 1)); }

    /** Dark blue → teal → yellow, legible on light and dark themes. */
    static Color ramp(double f) {
        return Color.hsb(240 - 180 * f, 0.85, 0.35 + 0.6 * f);
    }

    /** The colour bar: the ramp from the scale's low end (bottom) to its high end (top), labelled. */
    private void drawBar() {
        GraphicsContext g = bar.getGraphicsContext2D();
        double h = bar.getHeight();
        g.clearRect(0, 0, bar.getWidth(), h);
        if (whole == null || h < 40) return;
        double top = 14, bottom = h - 14, x = 4, width = 16;
        for (double y = top; y < bottom; y++) {
            int c = RAMP_ARGB[rampStep((bottom - y) / (bottom - top))];
            g.setFill(Color.rgb(c >> 16 & 0xff, c >> 8 & 0xff, c & 0xff));
            g.fillRect(x, y, width, 1);
        }
        g.setFill(Color.gray(0.45));
        g.setFont(javafx.scene.text.Font.font(11));
        g.fillText(fmt(hi), x, top - 3);
        g.fillText(fmt(lo), x, bottom + 12);
        g.fillText(fmt((lo + hi) / 2), x + width + 3, (top + bottom) / 2 + 4);
    }

    private void hoverAt(double x, double y) {
        double[] rect = drawnRect();
        if (rect == null) return;
        double fx = (x - rect[0]) / rect[2], fy = (y - rect[1]) / rect[3];
        if (fx < 0 || fy < 0 || fx >= 1 || fy >= 1) return;
        int j = (int) (fx * grid.width()), i = (int) (fy * grid.height());
        hover.setText(describeCell(i, j));
    }

    /** What a cell holds, in words: the element and its value, or the range with its summary. */
    String describeCell(int i, int j) {
        long r0 = view.cellRow(i), r1 = view.cellRowEnd(i), c0 = view.cellCol(j), c1 = view.cellColEnd(j);
        long n = view.count(i, j), gaps = view.gaps(i, j);
        if (r1 - r0 == 1 && c1 - c0 == 1) {
            return String.format(Locale.ROOT, "row %,d, column %,d = %s", r0, c0, n == 0 ? "no value" : fmt(view.mean(i, j)));
        }
        String values = n == 0 ? "no values"
                : String.format(Locale.ROOT, "mean %s, min %s, max %s (%,d value%s", fmt(view.mean(i, j)), fmt(view.min(i, j)),
                        fmt(view.max(i, j)), n, n == 1 ? "" : "s") + (gaps == 0 ? ")" : String.format(Locale.ROOT, ", %,d gap%s)", gaps, gaps == 1 ? "" : "s"));
        return String.format(Locale.ROOT, "rows %,d–%,d, columns %,d–%,d: %s", r0, r1 - 1, c0, c1 - 1, values);
    }

    // for tests
    long windowRow() { return row0; }

    long windowCol() { return col0; }

    long windowRows() { return nRows; }

    long windowCols() { return nCols; }

    String infoText() { return info.getText(); }

    String hoverText() { return hover.getText(); }

    javafx.scene.control.TextField goToField() { return goTo; }

    SliceOverview overview() { return view; }

    double scaleLow() { return lo; }

    double scaleHigh() { return hi; }

    Canvas canvas() { return canvas; }

    Canvas colourBar() { return bar; }

    ComboBox<Scale> scaleChoice() { return scale; }

    /** The value shown for element (r, c) of the view (the mean of its cell). */
    double valueAt(int r, int c) {
        if (view == null) return Double.NaN;
        int i = (int) ((long) r * view.height() / nRows), j = (int) ((long) c * view.width() / nCols);
        return view.mean(i, j);
    }

    /** Where cell (i, j)'s centre is drawn on the canvas. */
    double[] cellCentre(int i, int j) {
        double[] rect = drawnRect();
        return new double[] {rect[0] + (j + 0.5) * rect[2] / grid.width(), rect[1] + (i + 0.5) * rect[3] / grid.height()};
    }

    void zoomIn(double fx, double fy) { zoomAround(fx, fy, 0.5); }
}
