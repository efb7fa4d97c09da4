package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.cli.PlotHistogramTest;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.task.TaskRunner;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The spy-plot oracle: every grid cell of the drawn spy plot is empty exactly where no
 * stored entry falls, and otherwise shaded as its entry count says (log scale up to the
 * fullest cell), the counts recounted here from entries the view did not read — BPCells'
 * own MatrixMarket output for a 2000 × 300 fixture, and for the 20000 × 5000 bench matrix
 * (5 M entries; skipped without ../shared) entries checked against the checksums BPCells
 * wrote in its manifest.
 */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class SpyOracleTest {
    private SpyView spy;

    @Start
    void start(Stage stage) {
        Theme.apply(Theme.LIGHT);
        spy = new SpyView(new TaskRunner(new StatusBar()));
        // 400 grid cells of at least a pixel each; the stage is sized here, whatever an earlier test left
        Scene scene = new Scene(spy, 900, 760);
        scene.getStylesheets().add(Theme.class.getResource("packscope.css").toExternalForm());
        stage.setScene(scene);
        stage.setWidth(900);
        stage.setHeight(760);
        stage.show();
    }

    /** Stored entries' places, 0-based: rows and columns side by side. */
    private record Places(int[] rows, int[] cols) { }

    /** The entries of a MatrixMarket file. */
    private static Places entriesOf(Path mtx) throws Exception {
        List<int[]> out = new ArrayList<>();
        boolean sizeLine = true;
        for (String line : Files.readAllLines(mtx)) {
            if (line.startsWith("%")) continue;
            String[] f = line.trim().split("\\s+");
            if (sizeLine) {
                sizeLine = false;
                continue;
            }
            out.add(new int[] {Integer.parseInt(f[0]) - 1, Integer.parseInt(f[1]) - 1});
        }
        return new Places(out.stream().mapToInt(e -> e[0]).toArray(), out.stream().mapToInt(e -> e[1]).toArray());
    }

    /** The counts per grid cell, binned as the view documents: cell row ⌊r · gridRows / rows⌋. */
    private static long[][] recount(Places entries, long rows, long cols, int gr, int gc) {
        long[][] grid = new long[gr][gc];
        for (int e = 0; e < entries.rows().length; e++) grid[(int) (entries.rows()[e] * (long) gr / rows)][(int) (entries.cols()[e] * (long) gc / cols)]++;
        return grid;
    }

    private void assertDrawnAs(FxRobot robot, SparseMatrix m, Places entries) throws Exception {
        robot.interact(() -> spy.show(m));
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> spy.decodedEntries() >= 0);
        WaitForAsyncUtils.waitForFxEvents();
        int[] shape = spy.gridShape();
        assertEquals(List.of((int) Math.min(SpyView.GRID, m.rows()), (int) Math.min(SpyView.GRID, m.cols())), List.of(shape[0], shape[1]));
        long[][] want = recount(entries, m.rows(), m.cols(), shape[0], shape[1]);
        long most = 0;
        for (long[] row : want) for (long k : row) most = Math.max(most, k);
        WritableImage[] shot = new WritableImage[1];
        robot.interact(() -> shot[0] = spy.canvas().snapshot(null, null));
        PixelReader px = shot[0].getPixelReader();
        Color empty = Theme.current().background;
        List<String> wrong = new ArrayList<>();
        long occupied = 0;
        for (int i = 0; i < shape[0]; i++) {
            for (int j = 0; j < shape[1]; j++) {
                double[] cell = spy.cellRect(i, j);
                // a cell of a pixel or more has a whole number of pixels: its first pixel is wholly inside it
                assertEquals(true, cell[2] >= 1 && cell[2] == Math.rint(cell[2]), "cells of whole pixels: " + cell[2]);
                int x = (int) cell[0], y = (int) cell[1];
                Color got = px.getColor(x, y);
                long k = want[i][j];
                if (k > 0) occupied++;
                double t = Math.log1p(k) / Math.log1p(most);
                Color expected = k == 0 ? empty : Color.hsb(215, 0.25 + 0.6 * t, 0.95 - 0.6 * t);
                if (spy.cellCount(i, j) != k || !near(got, expected)) {
                    wrong.add("cell " + i + "," + j + ": " + k + " entries, view counted " + spy.cellCount(i, j) + ", drawn " + got + " want " + expected);
                }
            }
        }
        assertEquals(List.of(), wrong.subList(0, Math.min(5, wrong.size())), wrong.size() + " cells wrong of " + shape[0] * shape[1]);
        System.out.printf("spy oracle %d x %d, %,d entries: %,d of %,d cells occupied, all true%n", m.rows(), m.cols(), entries.rows().length,
                occupied, (long) shape[0] * shape[1]);
    }

    private static boolean near(Color a, Color b) {
        return Math.abs(a.getRed() - b.getRed()) <= 2 / 255.0 && Math.abs(a.getGreen() - b.getGreen()) <= 2 / 255.0
                && Math.abs(a.getBlue() - b.getBlue()) <= 2 / 255.0;
    }

    @Test
    void everyCellOfASmallMatrixIsItsRecount(FxRobot robot) throws Exception {
        Path fixtures = Path.of("../codec/src/test/resources/fixtures/bpcells");
        SparseMatrix m = FormatRegistry.standard().open(fixtures.resolve("medium_packed_uint_col_dir_names")).facet(SparseMatrix.class);
        assertDrawnAs(robot, m, entriesOf(fixtures.resolve("medium_packed_uint_col_dir_names.expected.mtx")));
    }

    @Test
    void everyCellOfTheBenchMatrixIsItsRecount(FxRobot robot) throws Exception {
        Path dir = PlotHistogramTest.benchFile("bench/bpcells/mat_20000x5000_packed_dir");
        Assumptions.assumeTrue(dir != null, "../shared/bench is not beside the checkout");
        SparseMatrix m = FormatRegistry.standard().open(dir).facet(SparseMatrix.class);
        // the entries, checked against what BPCells wrote about them (MANIFEST.json checksums)
        Places entries = new Places(new int[(int) m.nnz()], new int[(int) m.nnz()]);
        long[] sums = new long[2];
        int[] k = {0};
        m.forEachEntryIn(0, m.rows(), 0, m.cols(), (r, c, v) -> {
            entries.rows()[k[0]] = (int) r;
            entries.cols()[k[0]++] = (int) c;
            sums[0] += r;
            sums[1] += (long) v;
        }, Progress.NONE);
        assertEquals(4_997_317, k[0]);
        assertEquals(49_989_166_600L, sums[0], "sum of row indices");
        assertEquals(15_191_637L, sums[1], "sum of values");
        assertDrawnAs(robot, m, entries);
    }
}
