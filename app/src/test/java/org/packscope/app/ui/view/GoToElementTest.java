package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.control.Tab;
import javafx.scene.control.TableCell;
import javafx.scene.control.TablePosition;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.MainWindow;
import org.packscope.codec.inspect.ValueType;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * "Go to" takes {@code row, col} for a 2-D array: typed into the values table's field it
 * brings the element's column into the table and focuses its cell; typed into the heat map's
 * it shows the element close up, reads it out and outlines it. What is shown is checked
 * against the generating function of the 2000 × 3000 array ({@link HeatMapOracleTest#value}).
 */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class GoToElementTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        Preferences prefs = Preferences.userRoot().node("packscope-tests-goto-element");
        prefs.clear();
        window = new MainWindow(stage, prefs);
        stage.show();
    }

    private void openArray(FxRobot robot, Path store) throws Exception {
        robot.interact(() -> window.open(store));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("field.zarr"));
        var rootItem = window.browser().getRoot().getChildren().get(0);
        robot.interact(() -> window.browser().revealPath(rootItem, List.of("field"), item -> window.browser().getSelectionModel().select(item)));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("field"));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void clickTab(FxRobot robot, String startsWith) throws Exception {
        robot.clickOn(robot.lookup(".tab-header-area .tab-label").match((javafx.scene.control.Label l) -> l.getText().startsWith(startsWith))
                .<javafx.scene.Node>query());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().tabs().getSelectionModel().getSelectedItem().getText().startsWith(startsWith));
    }

    private static String text(float v) { return ValueType.F32.format(Float.floatToRawIntBits(v) & 0xffffffffL); }

    /** Types {@code text} into the field with id {@code id} and presses Enter. */
    private static void type(FxRobot robot, String id, String text) {
        robot.doubleClickOn(id);
        robot.interact(() -> ((javafx.scene.control.TextField) robot.lookup(id).query()).clear());
        robot.write(text).type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The cells of the values table on screen in row {@code index}: column header → text. */
    private java.util.Map<String, String> rowOnScreen(long index) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
            java.util.Map<String, String> row = new java.util.TreeMap<>();
            for (javafx.scene.Node n : window.detail().values().table().lookupAll(".table-cell")) {
                if (n instanceof TableCell<?, ?> c && c.isVisible() && c.getTableRow() != null && c.getTableRow().getItem() instanceof Long r
                        && r == index && c.getTableColumn() != null) {
                    row.put(c.getTableColumn().getText(), c.getText());
                }
            }
            return row;
        }).get();
    }

    @Test
    void theValuesTableGoesToARowAndAColumn(FxRobot robot, @TempDir Path tmp) throws Exception {
        openArray(robot, HeatMapOracleTest.writeStore(tmp));
        clickTab(robot, "Values");
        var table = window.detail().values().table();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table.getColumns().size() == 17);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !rowOnScreen(0).isEmpty());
        for (long[] at : new long[][] {{3, 5}, {12, 34}, {1234, 2345}, {1999, 2999}, {600, 1100}, {7, 1}, {1500, 40}, {2, 2900}, {1800, 7}, {9, 1500}, {1990, 2990}, {0, 0}, {1000, 20}, {5, 2000}}) {
            type(robot, "#values-jump", at[0] + ", " + at[1]);
            String header = "[:, " + at[1] + "] (f32)";
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> {
                TablePosition<?, ?> f = table.getFocusModel().getFocusedCell();
                return f != null && f.getTableColumn() != null && f.getTableColumn().getText().equals(header)
                        && table.getSelectionModel().getSelectedItem() != null && table.getSelectionModel().getSelectedItem() == at[0];
            });
            float want = HeatMapOracleTest.value((int) at[0], (int) at[1]);
            String shown = text(want);
            try {
                WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> shown.equals(rowOnScreen(at[0]).get(header)));
            } catch (java.util.concurrent.TimeoutException e) {
                int[] drawn = WaitForAsyncUtils.asyncFx(() -> window.detail().values().drawnRows().orElse(new int[] {-1, -1})).get();
                throw new AssertionError("element " + at[0] + ", " + at[1] + " should show " + shown + "; row " + at[0] + " on screen: "
                        + rowOnScreen(at[0]) + "; the table draws rows " + drawn[0] + "–" + drawn[1], e);
            }
        }
        // what is not an element says why
        type(robot, "#values-jump", "zzz");
        assertTrue(window.detail().values().infoText().contains("is not an index or a row and a column"), window.detail().values().infoText());
        type(robot, "#values-jump", "12, 3000");
        assertTrue(window.detail().values().infoText().contains("No element 12, 3,000"), window.detail().values().infoText());
    }

    @Test
    void theHeatMapGoesToARowAndAColumn(FxRobot robot, @TempDir Path tmp) throws Exception {
        openArray(robot, HeatMapOracleTest.writeStore(tmp));
        clickTab(robot, "Heat map");
        HeatMapView map = window.detail().heatMap();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> map.overview() != null && map.overview().rows() == HeatMapOracleTest.ROWS);
        for (long[] at : new long[][] {{12, 34}, {1234, 2345}, {1999, 2999}, {777, 970}}) {
            type(robot, "#heatmap-goto", at[0] + ", " + at[1]);
            float want = HeatMapOracleTest.value((int) at[0], (int) at[1]);
            String readout = String.format("row %,d, column %,d = %s", at[0], at[1], HeatMapView.fmt(want));
            try {
                WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> map.hoverText().equals(readout));
            } catch (java.util.concurrent.TimeoutException e) {
                throw new AssertionError("want «" + readout + "», the map says «" + map.hoverText() + "» over rows " + map.windowRow()
                        + "+" + map.windowRows() + ", columns " + map.windowCol() + "+" + map.windowCols() + "; " + map.infoText(), e);
            }
            assertTrue(map.windowRow() <= at[0] && at[0] < map.windowRow() + map.windowRows()
                    && map.windowCol() <= at[1] && at[1] < map.windowCol() + map.windowCols(), "the element is in view");
            // one cell per element, and the element's cell drawn in its value's colour on the slice's scale
            assertEquals(map.windowRows(), map.overview().height());
            int i = (int) (at[0] - map.windowRow()), j = (int) (at[1] - map.windowCol());
            WritableImage[] shot = new WritableImage[1];
            robot.interact(() -> shot[0] = map.canvas().snapshot(null, null));
            double[] centre = map.cellCentre(i, j);
            assertEquals(Integer.toHexString(map.colourOf(want)), Integer.toHexString(shot[0].getPixelReader().getArgb((int) centre[0], (int) centre[1])),
                    "colour of element " + at[0] + ", " + at[1]);
        }
        type(robot, "#heatmap-goto", "5000, 1");
        assertTrue(map.hoverText().startsWith("No element 5,000, 1"), map.hoverText());
    }
}
