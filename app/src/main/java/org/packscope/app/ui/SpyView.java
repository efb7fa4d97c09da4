package org.packscope.app.ui;

import java.util.Locale;

import javafx.geometry.Insets;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import org.packscope.codec.inspect.SparseMatrix;

/**
 * A spy plot of a sparse matrix: the matrix folded onto a grid of at most 400 × 400
 * cells, each shaded by how many stored entries fall in it (log scale), computed in
 * one streaming pass in the background with memory bounded by the grid.
 */
final class SpyView extends BorderPane {
    static final int GRID = 400;

    private final TaskRunner runner;
    private final Label info = new Label("Select a matrix to see where its entries are");
    private final Canvas canvas = new Canvas();
    private long[][] counts;
    private long maxCount;
    private SparseMatrix matrix;
    private int generation;

    SpyView(TaskRunner runner) {
        this.runner = runner;
        setId("spy");
        info.setId("spy-info");
        info.setPadding(new Insets(4));
        Pane holder = new Pane(canvas);
        canvas.widthProperty().bind(holder.widthProperty());
        canvas.heightProperty().bind(holder.heightProperty());
        canvas.widthProperty().addListener(o -> draw());
        canvas.heightProperty().addListener(o -> draw());
        setTop(info);
        setCenter(holder);
    }

    /** Matrices with more entries than this are read only after the person agrees. */
    static final long ASK_ABOVE_ENTRIES = 50_000_000;

    void show(SparseMatrix m) {
        int gen = ++generation;
        matrix = m;
        counts = null;
        draw();
        if (m == null) {
            info.setText("Not a matrix");
            return;
        }
        if (m.nnz() > ASK_ABOVE_ENTRIES) {
            // at the ~100-300M entries/s the decoders reach, say how long before starting
            double seconds = m.nnz() / 150e6;
            javafx.scene.control.Button go = new javafx.scene.control.Button(String.format(Locale.ROOT,
                    "Read all %,d entries (about %.0f s)", m.nnz(), Math.max(1, seconds)));
            go.setOnAction(e -> { setTop(info); read(m, gen); });
            info.setText("This matrix is large: the spy plot reads every stored entry once.");
            setTop(new javafx.scene.layout.HBox(8, info, go));
            return;
        }
        read(m, gen);
    }

    private void read(SparseMatrix m, int gen) {
        int gr = (int) Math.max(1, Math.min(GRID, m.rows()));
        int gc = (int) Math.max(1, Math.min(GRID, m.cols()));
        info.setText("Reading entries…");
        runner.submit("Spy plot", p -> {
            long[][] grid = new long[gr][gc];
            long rows = Math.max(1, m.rows()), cols = Math.max(1, m.cols());
            m.forEachEntry((r, c, v) -> {
                int gy = (int) Math.min(gr - 1, r * gr / rows);
                int gx = (int) Math.min(gc - 1, c * gc / cols);
                grid[gy][gx]++;
            }, p);
            return grid;
        }, grid -> {
            if (gen != generation) return;
            counts = grid;
            maxCount = 0;
            long total = 0;
            for (long[] row : grid) for (long c : row) { maxCount = Math.max(maxCount, c); total += c; }
            info.setText(String.format(Locale.ROOT, "%,d × %,d · %,d entries · each cell %s · darker = more entries (log scale, max %,d per cell)",
                    m.rows(), m.cols(), total, cellText(m, grid.length, grid[0].length), maxCount));
            draw();
        });
    }

    private static String cellText(SparseMatrix m, int gr, int gc) {
        double h = (double) m.rows() / gr, w = (double) m.cols() / gc;
        return h <= 1 && w <= 1 ? "one matrix cell" : String.format(Locale.ROOT, "≈%.0f rows × %.0f columns", h, w);
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth(), h = canvas.getHeight();
        g.setFill(Theme.current().background);
        g.fillRect(0, 0, w, h);
        if (counts == null) return;
        int gr = counts.length, gc = counts[0].length;
        double side = Math.min((w - 20) / gc, (h - 20) / gr);
        double cw = side, ch = side;
        g.setStroke(Theme.current().dim);
        g.strokeRect(9.5, 9.5, gc * cw + 1, gr * ch + 1);
        double logMax = Math.log1p(maxCount);
        for (int y = 0; y < gr; y++) {
            for (int x = 0; x < gc; x++) {
                long c = counts[y][x];
                if (c == 0) continue;
                double t = logMax == 0 ? 1 : Math.log1p(c) / logMax;
                g.setFill(Color.hsb(215, 0.25 + 0.6 * t, 0.95 - 0.6 * t));
                g.fillRect(10 + x * cw, 10 + y * ch, Math.max(1, cw), Math.max(1, ch));
            }
        }
    }

    void repaint() { draw(); }

    long cellCount(int row, int col) { return counts == null ? -1 : counts[row][col]; }

    String infoText() { return info.getText(); }
}
