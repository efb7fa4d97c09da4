package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.control.Tab;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import org.packscope.app.Samples;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.MainWindow;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;

/** A 2-D dataset: the slice bar picks what goes down and across; the table, plot and heat map show that slice. */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class SliceWindowTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        Preferences prefs = Preferences.userRoot().node("packscope-tests-slice");
        prefs.clear();
        window = new MainWindow(stage, prefs);
        stage.show();
    }

    private Node openTemperature(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(Samples.get("hdf5/blosc_filtered.h5")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null
                && window.detail().node().name().equals("blosc_filtered.h5"));
        var rootItem = window.browser().getRoot().getChildren().get(0);
        robot.interact(() -> window.browser().revealPath(rootItem, List.of("temperature"), item -> window.browser().getSelectionModel().select(item)));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("temperature"));
        WaitForAsyncUtils.waitForFxEvents();
        return window.detail().node();
    }

    private Tab tab(String title) {
        return window.detail().tabs().getTabs().stream().filter(t -> t.getText().startsWith(title)).findFirst().orElse(null);
    }

    @Test
    void theSliceBarDrivesTableAndHeatMap(FxRobot robot) throws Exception {
        Node temperature = openTemperature(robot);
        assertTrue(window.detail().sliceBar().isVisible());
        assertEquals("Values (120 × 90)", tab("Values").getText());
        Tab heat = tab("Heat map");
        assertTrue(heat != null, "a heat map tab for a 2-D dataset");
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(heat));
        HeatMapView map = window.detail().heatMap();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> map.infoText().contains("values"));
        assertTrue(map.infoText().startsWith("[:, :] rows 0–119 of 120, columns 0–89 of 90"), map.infoText());
        ValueColumn v = temperature.values();
        assertEquals(Float.parseFloat(v.text(5 * 90 + 7)), (float) map.valueAt(5, 7));

        // columns down, rows across: the table and the map show the transpose
        robot.interact(() -> window.detail().sliceBar().choose(1, 0));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> map.infoText().contains("of 90, columns") && map.infoText().contains("values"));
        assertEquals("Values (90 × 120)", tab("Values").getText());
        assertEquals(Float.parseFloat(v.text(5 * 90 + 7)), (float) map.valueAt(7, 5));
    }

    @Test
    void aThreeDimensionalZarrArrayIsSlicedAtTheChosenIndex(FxRobot robot) throws Exception {
        java.nio.file.Path store = java.nio.file.Path.of("../codec/src/test/resources/fixtures/zarr/v2.zarr");
        robot.interact(() -> window.open(store));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("v2.zarr"));
        var rootItem = window.browser().getRoot().getChildren().get(0);
        robot.interact(() -> window.browser().revealPath(rootItem, List.of("layout", "cube_3d"), item -> window.browser().getSelectionModel().select(item)));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("cube_3d"));
        WaitForAsyncUtils.waitForFxEvents();
        Node cube = window.detail().node();
        assertTrue(window.detail().sliceBar().isVisible());
        assertEquals("Values (5 × 7)", tab("Values").getText(), "rows: the first dimension, columns: the last");
        robot.interact(() -> window.detail().sliceBar().choose(0, 2, 4));
        Tab heat = tab("Heat map");
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(heat));
        HeatMapView map = window.detail().heatMap();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> map.infoText().startsWith("[:, 4, :]") && map.infoText().contains("values"));
        // element (3, 4, 5) of a 5×6×7 array in C order
        assertEquals(Double.parseDouble(cube.values().text(3 * 42 + 4 * 7 + 5)), map.valueAt(3, 5), 0);
    }

    @Test
    void aOneDimensionalDatasetHasNoSliceBarAndNoHeatMap(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(Samples.get("hdf5/blosc_filtered.h5")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null);
        var rootItem = window.browser().getRoot().getChildren().get(0);
        robot.interact(() -> window.browser().revealPath(rootItem, List.of("counts"), item -> window.browser().getSelectionModel().select(item)));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("counts"));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(window.detail().sliceBar().isVisible());
        assertEquals(null, tab("Heat map"));
    }
}
