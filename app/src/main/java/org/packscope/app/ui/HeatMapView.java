package org.packscope.app.ui;

import java.util.Locale;

import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.store.Slice2D;

/**
 * A heat map of a window of a 2-D slice: up to {@value #WINDOW} × {@value #WINDOW}
 * elements, one cell each, coloured from the window's smallest value (dark blue) to its
 * largest (yellow); gaps and NaN are grey. The window is read in the background, so only
 * the chunks it crosses are decoded. Arrow keys move it by half a window, Home goes back
 * to the corner; hovering names the element and its value.
 */
final class HeatMapView extends BorderPane {
    static final int WINDOW = 256;

    private final TaskRunner runner;
    private final Label info = new Label("Pick an array of two or more dimensions");
    private final Label hover = new Label("Arrow keys move the window; Home goes back to the first row and column");
    private final Pane holder;
    private final Canvas canvas = new Canvas();
    private Slice2D slice;
    private String label = "";
    private long row0, col0;
    private int rows, cols;
    private double[] values;
    private byte[] gaps;
    private double min, max;
    private int generation;
    private Task<?> reading;

    HeatMapView(TaskRunner runner) {
        this.runner = runner;
        setId("heatmap");
        info.setId("heatmap-info");
        hover.setId("heatmap-hover");
        holder = new Pane(canvas);
        holder.setId("heatmap-canvas");
        holder.setFocusTraversable(true);
        canvas.widthProperty().bind(holder.widthProperty());
        canvas.heightProperty().bind(holder.heightProperty());
        canvas.widthProperty().addListener(o -> draw());
        canvas.heightProperty().addListener(o -> draw());
        info.setPadding(new Insets(4));
        hover.setPadding(new Insets(2, 4, 2, 4));
        setTop(info);
        setCenter(holder);
        setBottom(hover);
        holder.setOnMouseClicked(e -> holder.requestFocus());
        holder.setOnKeyPressed(e -> {
            if (slice == null) return;
            int hr = Math.max(1, rows / 2), hc = Math.max(1, cols / 2);
            KeyCode k = e.getCode();
            if (k == KeyCode.DOWN) moveTo(row0 + hr, col0);
            else if (k == KeyCode.UP) moveTo(row0 - hr, col0);
            else if (k == KeyCode.RIGHT) moveTo(row0, col0 + hc);
            else if (k == KeyCode.LEFT) moveTo(row0, col0 - hc);
            else if (k == KeyCode.HOME) moveTo(0, 0);
            else return;
            e.consume();
        });
        canvas.setOnMouseMoved(e -> hoverAt(e.getX(), e.getY()));
    }

    /** Shows the slice from its first row and column. */
    void show(Slice2D s, String sliceLabel) {
        slice = s;
        label = sliceLabel == null ? "" : sliceLabel;
        moveTo(0, 0);
    }

    void moveTo(long top, long left) {
        if (slice == null) {
            values = null;
            info.setText("Pick an array of two or more dimensions");
            draw();
            return;
        }
        rows = (int) Math.min(WINDOW, slice.rows());
        cols = (int) Math.min(WINDOW, slice.columns());
        row0 = Math.max(0, Math.min(top, slice.rows() - rows));
        col0 = Math.max(0, Math.min(left, slice.columns() - cols));
        read();
    }

    private void read() {
        generation++;
        runner.supersede(reading);
        int gen = generation;
        Slice2D s = slice;
        long r0 = row0, c0 = col0;
        int nr = rows, nc = cols;
        info.setText("Reading " + window() + "…");
        reading = runner.submit("Heat map", p -> {
            long[] raw = new long[nr * nc];
            byte[] g = new byte[nr * nc];
            s.read(r0, nr, c0, nc, raw, g);
            double[] v = new double[raw.length];
            ValueType t = s.type();
            for (int i = 0; i < v.length; i++) v[i] = t.numeric() ? t.toDouble(raw[i]) : Double.NaN;
            return new Object[] {v, g};
        }, result -> {
            if (gen != generation) return;
            values = (double[]) result[0];
            gaps = (byte[]) result[1];
            min = Double.POSITIVE_INFINITY;
            max = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < values.length; i++) {
                if (gaps[i] != ValueColumn.PRESENT || Double.isNaN(values[i])) continue;
                min = Math.min(min, values[i]);
                max = Math.max(max, values[i]);
            }
            info.setText(window() + (min <= max ? String.format(Locale.ROOT, " · values %s to %s", fmt(min), fmt(max)) : " · no values"));
            draw();
        });
    }

    private String window() {
        return String.format(Locale.ROOT, "%s rows %,d–%,d of %,d, columns %,d–%,d of %,d", label,
                row0, row0 + rows - 1, slice.rows(), col0, col0 + cols - 1, slice.columns());
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) v) : String.format(Locale.ROOT, "%.6g", v);
    }

    private double cellSize() {
        return Math.max(1, Math.min((canvas.getWidth() - 8) / Math.max(1, cols), (canvas.getHeight() - 8) / Math.max(1, rows)));
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
        if (values == null) return;
        double cell = cellSize();
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                int i = r * cols + c;
                g.setFill(colour(values[i], gaps[i]));
                g.fillRect(4 + c * cell, 4 + r * cell, Math.ceil(cell), Math.ceil(cell));
            }
        }
    }

    private Color colour(double v, byte gap) {
        if (gap != ValueColumn.PRESENT || Double.isNaN(v)) return Color.gray(0.6);
        double f = max > min ? (v - min) / (max - min) : 0.5;
        if (Double.isInfinite(v)) f = v > 0 ? 1 : 0;
        // dark blue → teal → yellow, legible on light and dark themes
        return Color.hsb(240 - 180 * f, 0.85, 0.35 + 0.6 * f);
    }

    private void hoverAt(double x, double y) {
        if (values == null) return;
        double cell = cellSize();
        int c = (int) ((x - 4) / cell), r = (int) ((y - 4) / cell);
        if (r < 0 || c < 0 || r >= rows || c >= cols) return;
        int i = r * cols + c;
        String v = gaps[i] != ValueColumn.PRESENT ? "no value" : fmt(values[i]);
        hover.setText(String.format(Locale.ROOT, "row %,d, column %,d = %s", row0 + r, col0 + c, v));
    }

    /** For tests: the window's first row and column, and a value as shown. */
    long windowRow() { return row0; }

    long windowCol() { return col0; }

    String infoText() { return info.getText(); }

    double valueAt(int r, int c) { return values == null ? Double.NaN : values[r * cols + c]; }
}
