package org.packscope.app.ui.view;

import java.util.List;
import java.util.Locale;

import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import org.packscope.app.ui.task.TaskRunner;
import org.packscope.codec.inspect.SparseMatrix;

/**
 * A spy plot of a sparse matrix: the rectangle in view folded onto a grid of at most
 * 400 × 400 cells, each shaded by how many stored entries fall in it (log scale). Only
 * the stored columns (rows, for row-major storage) crossing the view are decoded, in the
 * background, with memory bounded by the grid. Drag a box, scroll, or press + / − to
 * zoom; arrows pan; 0, Escape or a double click show the whole matrix again.
 */
final class SpyView extends BorderPane {
    static final int GRID = 400;
    /** Views needing more stored entries than this are read only after the person agrees. */
    static final long ASK_ABOVE_ENTRIES = 50_000_000;
    private static final double MARGIN = 10;

    private final TaskRunner runner;
    private final Label info = new Label("Select a matrix to see where its entries are");
    private static final String HINT = "Drag a box, scroll or press + to zoom in; arrows pan; 0 or a double click shows the whole matrix";
    private final Label hover = new Label(HINT);
    private final Button whole = new Button("Show whole matrix");
    private final Button readAnyway = new Button();
    private final Pane holder;
    private final Canvas canvas = new Canvas();
    private SparseMatrix matrix;
    /** The view: rows [r0, r1) and columns [c0, c1) of the matrix. */
    private long r0, r1, c0, c1;
    private long[][] counts;
    /** The grid as a picture, one pixel per cell (empty cells transparent), drawn scaled. */
    private javafx.scene.image.WritableImage picture;
    private long maxCount;
    private long decoded = -1;
    private int generation;
    private Task<?> reading;
    private double dragX = Double.NaN, dragY, dragToX, dragToY;

    SpyView(TaskRunner runner) {
        this.runner = runner;
        setId("spy");
        info.setId("spy-info");
        info.setWrapText(true);
        hover.setId("spy-hover");
        whole.setId("spy-whole");
        // the buttons keep their words; the status text beside them elides instead
        whole.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        readAnyway.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        whole.setOnAction(e -> zoomTo(0, rowsOf(), 0, colsOf()));
        readAnyway.setId("spy-read");
        readAnyway.setVisible(false);
        readAnyway.managedProperty().bind(readAnyway.visibleProperty());
        readAnyway.setOnAction(e -> read(true));
        HBox bar = new HBox(8, whole, readAnyway, info);
        bar.setPadding(new Insets(4));
        holder = new Pane(canvas);
        holder.setId("spy-canvas");
        holder.setFocusTraversable(true);
        canvas.widthProperty().bind(holder.widthProperty());
        canvas.heightProperty().bind(holder.heightProperty());
        canvas.widthProperty().addListener(o -> draw());
        canvas.heightProperty().addListener(o -> draw());
        hover.setPadding(new Insets(2, 4, 2, 4));
        setTop(bar);
        setCenter(holder);
        setBottom(hover);
        wireMouse();
        wireKeys();
    }

    void show(SparseMatrix m) {
        matrix = m;
        if (m == null) {
            cancelReading();
            counts = null;
            decoded = -1;
            info.setText("Not a matrix");
            draw();
            return;
        }
        zoomTo(0, m.rows(), 0, m.cols());
    }

    /** Shows rows [top, bottom) and columns [left, right), clamped to the matrix and at least one cell wide. */
    void zoomTo(long top, long bottom, long left, long right) {
        if (matrix == null) return;
        long rows = rowsOf(), cols = colsOf();
        r0 = Math.max(0, Math.min(top, rows - 1));
        r1 = Math.max(r0 + 1, Math.min(bottom, rows));
        c0 = Math.max(0, Math.min(left, cols - 1));
        c1 = Math.max(c0 + 1, Math.min(right, cols));
        whole.setDisable(isWhole());
        read(false);
    }

    private boolean isWhole() { return r0 == 0 && c0 == 0 && r1 >= rowsOf() && c1 >= colsOf(); }

    private long rowsOf() { return matrix == null ? 0 : Math.max(1, matrix.rows()); }

    private long colsOf() { return matrix == null ? 0 : Math.max(1, matrix.cols()); }

    private void cancelReading() {
        generation++;
        runner.supersede(reading);
        reading = null;
    }

    private void read(boolean agreed) {
        cancelReading();
        int gen = generation;
        SparseMatrix m = matrix;
        long top = r0, bottom = r1, left = c0, right = c1;
        int gr = gridRows(), gc = gridCols();
        long needed = m.entriesToScan(top, bottom, left, right);
        counts = null;
        decoded = -1;
        draw();
        if (needed > ASK_ABOVE_ENTRIES && !agreed) {
            // at the ~100-300M entries/s the decoders reach, say how long before starting
            readAnyway.setText(String.format(Locale.ROOT, "Read %,d entries (about %.0f s)", needed, Math.max(1, needed / 150e6)));
            readAnyway.setVisible(true);
            info.setText("This view crosses many stored entries; zoom in to read fewer, or read them all once.");
            return;
        }
        readAnyway.setVisible(false);
        info.setText(String.format(Locale.ROOT, "Reading %,d stored entries…", needed));
        reading = runner.submit("Spy plot", p -> {
            long[][] grid = new long[gr][gc];
            long h = bottom - top, w = right - left;
            long n = m.forEachEntryIn(top, bottom, left, right, (r, c, v) -> {
                grid[(int) Math.min(gr - 1, (r - top) * gr / h)][(int) Math.min(gc - 1, (c - left) * gc / w)]++;
            }, p);
            return new Object[] {grid, n, shades(grid)};
        }, result -> {
            if (gen != generation) return;
            counts = (long[][]) result[0];
            decoded = (Long) result[1];
            maxCount = 0;
            long total = 0;
            for (long[] row : counts) for (long c : row) { maxCount = Math.max(maxCount, c); total += c; }
            // one pixel per cell, drawn scaled: 160,000 rectangles filled one by one held the FX thread for seconds
            picture = new javafx.scene.image.WritableImage(gc, gr);
            picture.getPixelWriter().setPixels(0, 0, gc, gr, javafx.scene.image.PixelFormat.getIntArgbInstance(), (int[]) result[2], 0, gc);
            info.setText(describe(m, total));
            draw();
        });
    }

    /** Each cell's colour (ARGB, row by row): transparent when empty, darker for more entries, log scale up to the fullest. */
    static int[] shades(long[][] grid) {
        long most = 0;
        for (long[] row : grid) for (long c : row) most = Math.max(most, c);
        double logMax = Math.log1p(most);
        int gc = grid[0].length;
        int[] argb = new int[grid.length * gc];
        for (int y = 0; y < grid.length; y++) {
            for (int x = 0; x < gc; x++) {
                long c = grid[y][x];
                if (c == 0) continue;
                double t = logMax == 0 ? 1 : Math.log1p(c) / logMax;
                Color col = Color.hsb(215, 0.25 + 0.6 * t, 0.95 - 0.6 * t);
                argb[y * gc + x] = 0xff000000 | (int) Math.round(col.getRed() * 255) << 16
                        | (int) Math.round(col.getGreen() * 255) << 8 | (int) Math.round(col.getBlue() * 255);
            }
        }
        return argb;
    }

    private String describe(SparseMatrix m, long total) {
        String cell = cellText(counts.length, counts[0].length);
        String shade = "darker = more entries (log scale, max " + String.format(Locale.ROOT, "%,d", maxCount) + " per cell)";
        if (isWhole()) {
            return String.format(Locale.ROOT, "%,d × %,d · %,d entries · each cell %s · %s", m.rows(), m.cols(), total, cell, shade);
        }
        return String.format(Locale.ROOT, "rows %,d–%,d × columns %,d–%,d · %,d entries here · read %,d of %,d stored · each cell %s · %s",
                r0, r1 - 1, c0, c1 - 1, total, decoded, m.nnz(), cell, shade);
    }

    private String cellText(int gr, int gc) {
        double h = (double) (r1 - r0) / gr, w = (double) (c1 - c0) / gc;
        return h <= 1 && w <= 1 ? "one matrix cell" : String.format(Locale.ROOT, "≈%.0f rows × %.0f columns", h, w);
    }

    // ------------------------------------------------------------------ geometry

    private int gridRows() { return (int) Math.min(GRID, r1 - r0); }

    private int gridCols() { return (int) Math.min(GRID, c1 - c0); }

    /** Side of one grid cell in pixels: cells stay square and the grid fits the canvas. */
    private double side() {
        double s = Math.min((canvas.getWidth() - 2 * MARGIN) / gridCols(), (canvas.getHeight() - 2 * MARGIN) / gridRows());
        // whole pixels when a cell has one or more: each cell then keeps its own colour, edge to edge
        return s >= 1 ? Math.floor(s) : Math.max(0.01, s);
    }

    /** The matrix column under canvas x (fractional, clamped to the view). */
    private double colAt(double x) {
        double f = (x - MARGIN) / (gridCols() * side());
        return c0 + Math.max(0, Math.min(1, f)) * (c1 - c0);
    }

    private double rowAt(double y) {
        double f = (y - MARGIN) / (gridRows() * side());
        return r0 + Math.max(0, Math.min(1, f)) * (r1 - r0);
    }

    // ------------------------------------------------------------------ interaction

    private void wireMouse() {
        holder.setOnMousePressed(e -> {
            holder.requestFocus();
            if (e.getButton() == MouseButton.PRIMARY) {
                dragX = dragToX = e.getX();
                dragY = dragToY = e.getY();
            }
            e.consume(); // the tab pane around would take the focus back
        });
        holder.setOnMouseDragged(e -> {
            if (Double.isNaN(dragX)) return;
            dragToX = e.getX();
            dragToY = e.getY();
            draw();
        });
        holder.setOnMouseReleased(e -> {
            if (Double.isNaN(dragX)) return;
            double x0 = Math.min(dragX, e.getX()), x1 = Math.max(dragX, e.getX());
            double y0 = Math.min(dragY, e.getY()), y1 = Math.max(dragY, e.getY());
            dragX = Double.NaN;
            if (matrix != null && x1 - x0 >= 4 && y1 - y0 >= 4) {
                zoomTo((long) Math.floor(rowAt(y0)), (long) Math.ceil(rowAt(y1)), (long) Math.floor(colAt(x0)), (long) Math.ceil(colAt(x1)));
            } else {
                draw();
            }
        });
        holder.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && matrix != null) zoomTo(0, rowsOf(), 0, colsOf());
        });
        holder.setOnScroll(e -> {
            if (matrix == null || e.getDeltaY() == 0) return;
            zoomAround(rowAt(e.getY()), colAt(e.getX()), e.getDeltaY() > 0 ? 0.5 : 2);
        });
        holder.setOnMouseMoved(e -> hover.setText(hoverText(e.getX(), e.getY())));
        holder.setOnMouseExited(e -> hover.setText(HINT));
    }

    private void wireKeys() {
        holder.setOnKeyPressed(e -> {
            if (matrix == null) return;
            long h = r1 - r0, w = c1 - c0;
            KeyCode k = e.getCode();
            switch (k) {
                case PLUS, ADD, EQUALS -> zoomAround(r0 + h / 2.0, c0 + w / 2.0, 0.5);
                case MINUS, SUBTRACT -> zoomAround(r0 + h / 2.0, c0 + w / 2.0, 2);
                case LEFT -> pan(0, -Math.max(1, w / 4));
                case RIGHT -> pan(0, Math.max(1, w / 4));
                case UP -> pan(-Math.max(1, h / 4), 0);
                case DOWN -> pan(Math.max(1, h / 4), 0);
                case DIGIT0, NUMPAD0, ESCAPE, HOME -> zoomTo(0, rowsOf(), 0, colsOf());
                default -> { return; }
            }
            e.consume();
        });
    }

    /** Scales the view by {@code factor} keeping the matrix point (row, col) where it is. */
    private void zoomAround(double row, double col, double factor) {
        double h = Math.max(1, (r1 - r0) * factor), w = Math.max(1, (c1 - c0) * factor);
        double top = row - (row - r0) * factor, left = col - (col - c0) * factor;
        top = Math.max(0, Math.min(top, rowsOf() - h));
        left = Math.max(0, Math.min(left, colsOf() - w));
        zoomTo(Math.round(top), Math.round(top + h), Math.round(left), Math.round(left + w));
    }

    private void pan(long dRows, long dCols) {
        long h = r1 - r0, w = c1 - c0;
        long top = Math.max(0, Math.min(r0 + dRows, rowsOf() - h));
        long left = Math.max(0, Math.min(c0 + dCols, colsOf() - w));
        if (top != r0 || left != c0) zoomTo(top, top + h, left, left + w);
    }

    private String hoverText(double x, double y) {
        if (counts == null) return HINT;
        int gx = (int) Math.floor((x - MARGIN) / side()), gy = (int) Math.floor((y - MARGIN) / side());
        if (gx < 0 || gy < 0 || gx >= counts[0].length || gy >= counts.length) return HINT;
        long rowFrom = r0 + gy * (r1 - r0) / counts.length, rowTo = r0 + (gy + 1) * (r1 - r0) / counts.length;
        long colFrom = c0 + gx * (c1 - c0) / counts[0].length, colTo = c0 + (gx + 1) * (c1 - c0) / counts[0].length;
        long n = counts[gy][gx];
        String entries = String.format(Locale.ROOT, "%,d %s", n, n == 1 ? "entry" : "entries");
        return range("row", rowFrom, rowTo, matrix.rowNames()) + " · " + range("column", colFrom, colTo, matrix.colNames()) + ": " + entries;
    }

    private static String range(String what, long from, long to, List<String> names) {
        if (to - from <= 1) {
            String name = from < names.size() ? " (" + names.get((int) from) + ")" : "";
            return String.format(Locale.ROOT, "%s %,d%s", what, from, name);
        }
        return String.format(Locale.ROOT, "%ss %,d–%,d", what, from, to - 1);
    }

    // ------------------------------------------------------------------ drawing

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth(), h = canvas.getHeight();
        g.setFill(Theme.current().background);
        g.fillRect(0, 0, w, h);
        if (counts == null) return;
        int gr = counts.length, gc = counts[0].length;
        double side = side();
        g.setStroke(Theme.current().dim);
        g.strokeRect(MARGIN - 0.5, MARGIN - 0.5, gc * side + 1, gr * side + 1);
        // cells of a pixel or more keep their own colour; smaller ones blend rather than vanish
        g.setImageSmoothing(side < 1);
        g.drawImage(picture, MARGIN, MARGIN, gc * side, gr * side);
        g.setImageSmoothing(true);
        if (!Double.isNaN(dragX)) {
            g.setStroke(Color.hsb(20, 0.9, 0.9));
            g.setLineDashes(4, 3);
            g.strokeRect(Math.min(dragX, dragToX), Math.min(dragY, dragToY), Math.abs(dragToX - dragX), Math.abs(dragToY - dragY));
            g.setLineDashes(null);
        }
    }

    void repaint() { draw(); }

    javafx.scene.Node focusTarget() { return holder; }

    long cellCount(int row, int col) { return counts == null ? -1 : counts[row][col]; }

    /** Rows and columns of the grid drawn (for tests). */
    int[] gridShape() { return counts == null ? null : new int[] {counts.length, counts[0].length}; }

    /** Where grid cell (row, col) is drawn on the canvas: x, y, side (for tests). */
    double[] cellRect(int row, int col) {
        double side = side();
        return new double[] {MARGIN + col * side, MARGIN + row * side, side};
    }

    Canvas canvas() { return canvas; }

    /** Stored entries the current view decoded, or -1 while reading. */
    long decodedEntries() { return decoded; }

    String infoText() { return info.getText(); }

    String hoverText() { return hover.getText(); }
}
