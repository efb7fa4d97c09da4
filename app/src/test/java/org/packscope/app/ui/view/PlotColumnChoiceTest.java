package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.control.ComboBox;
import javafx.scene.control.Tab;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.app.plot.Recount;
import org.packscope.app.plot.Series;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.MainWindow;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The plot says which column it draws and lets a person pick another: for a 2000 × 3000
 * array (every column of the slice) and a bcolz ctable (its numeric columns). The drawn
 * line passes the plot oracle against the chosen column's values, computed here from the
 * generating function (or read through the codec for the ctable), and a slice's histogram
 * counts every element of the slice, not the rows of one column.
 */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class PlotColumnChoiceTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        Preferences prefs = Preferences.userRoot().node("packscope-tests-plot-column");
        prefs.clear();
        window = new MainWindow(stage, prefs);
        stage.show();
    }

    /** Column {@code col} of {@link HeatMapOracleTest#value}, computed here. */
    private static ValueColumn sliceColumn(int col) {
        return Series.of("column " + col, ValueType.F32, HeatMapOracleTest.ROWS,
                k -> Float.floatToRawIntBits(HeatMapOracleTest.value((int) k, col)) & 0xffffffffL, null);
    }

    /** Opens {@code path}, selects its child {@code child} (or the root) and the Plot tab; returns the plot. */
    private PlotView openPlot(FxRobot robot, Path path, String rootName, String child) throws Exception {
        robot.interact(() -> window.open(path));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals(rootName));
        if (child != null) {
            var rootItem = window.browser().getRoot().getChildren().get(0);
            robot.interact(() -> window.browser().revealPath(rootItem, List.of(child), item -> window.browser().getSelectionModel().select(item)));
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals(child));
            WaitForAsyncUtils.waitForFxEvents();
        }
        Tab plotTab = window.detail().tabs().getTabs().stream().filter(t -> t.getText().equals("Plot")).findFirst().orElseThrow();
        // the tab's header, as a person clicks it
        robot.clickOn(robot.lookup(".tab-header-area .tab-label").match((javafx.scene.control.Label l) -> l.getText().equals("Plot")).<javafx.scene.Node>query());
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.detail().tabs().getSelectionModel().getSelectedItem() == plotTab);
        return window.detail().plot();
    }

    /** Picks entry {@code index} of the chooser as a person does: opens it, chooses, and it closes. */
    private static void pick(FxRobot robot, ComboBox<String> choice, int index) {
        robot.clickOn(choice);
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            choice.getSelectionModel().select(index);
            choice.hide();
        });
    }

    private static void assertDrawnAs(PlotView plot, ValueColumn truth) throws Exception {
        PlotSnapshotOracle.waitDrawn(plot, truth, 60);
        List<String> wrong = PlotSnapshotOracle.mismatches(plot, truth);
        assertEquals(List.of(), wrong.subList(0, Math.min(5, wrong.size())), truth.name() + ": " + wrong.size() + " columns wrong");
    }

    @Test
    void aSliceOffersEveryColumnAndDrawsThePickedOne(FxRobot robot, @TempDir Path tmp) throws Exception {
        PlotView plot = openPlot(robot, HeatMapOracleTest.writeStore(tmp), "field.zarr", "field");
        ComboBox<String> choice = plot.columnChoice();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> choice.isVisible() && plot.overview() != null);
        assertEquals(HeatMapOracleTest.COLS, choice.getItems().size());
        assertEquals("[:, 0]", choice.getValue());
        assertDrawnAs(plot, sliceColumn(0));
        assertTrue(plot.statsText().startsWith("[:, 0]: "), plot.statsText());

        // the column with the one spike of 1,000,000 at row 1234
        pick(robot, choice, 2345);
        assertEquals("[:, 2345]", choice.getValue());
        assertDrawnAs(plot, sliceColumn(2345));
        assertTrue(plot.statsText().startsWith("[:, 2345]: ") && plot.statsText().contains("max 1,000,000"), plot.statsText());
        // a column crossing the NaN block (rows 500–749): a gap there
        pick(robot, choice, 1100);
        assertDrawnAs(plot, sliceColumn(1100));
    }

    @Test
    void aSlicesHistogramCountsEveryElement(FxRobot robot, @TempDir Path tmp) throws Exception {
        PlotView plot = openPlot(robot, HeatMapOracleTest.writeStore(tmp), "field.zarr", "field");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> plot.columnChoice().isVisible());
        robot.clickOn("Histogram");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> plot.histogramShown() != null && plot.histogramShown().complete());
        int rows = HeatMapOracleTest.ROWS, cols = HeatMapOracleTest.COLS;
        ValueColumn all = Series.of("all", ValueType.F32, (long) rows * cols,
                k -> Float.floatToRawIntBits(HeatMapOracleTest.value((int) (k / cols), (int) (k % cols))) & 0xffffffffL, null);
        long[] want = Recount.histogram(all, 100);
        assertEquals(Arrays.toString(want), Arrays.toString(plot.histogramShown().counts()));
        long counted = Arrays.stream(want).sum();
        // 6,000,000 elements less the 250 × 250 NaN block
        assertEquals(6_000_000L - 62_500, counted);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(plot.statsText().startsWith(String.format("all %,d elements in 100 bins", counted)), plot.statsText());
        // another column for the line leaves the histogram of the whole slice as it is
        pick(robot, plot.columnChoice(), 7);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Arrays.toString(want), Arrays.toString(plot.histogramShown().counts()));
    }

    @Test
    void aTablesColumnsAreOfferedAndThePickedOneIsDrawn(FxRobot robot) throws Exception {
        Path ctable = Path.of("../resources/bcolz/ctable_basic").toAbsolutePath();
        PlotView plot = openPlot(robot, ctable, "ctable_basic", null);
        ComboBox<String> choice = plot.columnChoice();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> choice.isVisible() && plot.overview() != null);
        // the numeric columns, read through the codec on their own
        Node table = FormatRegistry.standard().open(ctable);
        List<Node> numeric = table.children().stream().filter(k -> k.values() != null && k.values().type().numeric()).toList();
        assertEquals(numeric.stream().map(Node::name).toList(), List.copyOf(choice.getItems()));
        assertTrue(numeric.size() >= 2, "a table of several numeric columns");
        for (int i : new int[] {numeric.size() - 1, 0}) {
            pick(robot, choice, i);
            assertEquals(numeric.get(i).name(), choice.getValue());
            assertDrawnAs(plot, numeric.get(i).values());
            assertTrue(plot.statsText().startsWith(numeric.get(i).name() + ": "), plot.statsText());
        }
    }
}
