package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.control.Tab;
import javafx.stage.Stage;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.MainWindow;

/**
 * A netCDF-4 variable with scale_factor, add_offset, _FillValue, missing_value and
 * valid_range shows its physical values in the heat map (fill as a gap), as netCDF4 read
 * them when the fixture was written (its MANIFEST), and "Show stored values" switches to
 * the stored i16 numbers.
 */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class CfWindowTest {
    private static final Path CF = Path.of("../codec/src/test/resources/fixtures/cf");
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        Preferences prefs = Preferences.userRoot().node("packscope-tests-cf");
        prefs.clear();
        window = new MainWindow(stage, prefs);
        stage.show();
    }

    @Test
    void aPackedVariableShowsPhysicalValuesAndOnRequestTheStoredOnes(FxRobot robot) throws Exception {
        JsonNode temp = null;
        for (JsonNode a : new ObjectMapper().readTree(CF.resolve("MANIFEST.json").toFile()).get("arrays")) {
            if (a.get("path").asText().equals("cf.nc::/temp")) temp = a;
        }
        robot.interact(() -> window.open(CF.resolve("cf.nc")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("cf.nc"));
        var rootItem = window.browser().getRoot().getChildren().get(0);
        robot.interact(() -> window.browser().revealPath(rootItem, List.of("temp"), item -> window.browser().getSelectionModel().select(item)));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("temp"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(window.detail().storedValuesSwitch().isVisible(), "the switch is offered beside the values");
        assertFalse(window.detail().storedValuesSwitch().isSelected(), "physical values first");

        Tab heat = window.detail().tabs().getTabs().stream().filter(t -> t.getText().startsWith("Heat map")).findFirst().orElseThrow();
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(heat));
        HeatMapView map = window.detail().heatMap();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> map.infoText().contains("values"));
        // row 0: fill, missing, above and below the valid range are gaps; then physical values (30 columns a row)
        for (int c = 0; c < 30; c++) {
            JsonNode want = temp.get("physical").get(c);
            if (want.isNull()) assertTrue(Double.isNaN(map.valueAt(0, c)), "column " + c + " is a gap");
            else assertEquals(want.asDouble(), map.valueAt(0, c), 0.01, "column " + c);
        }
        assertTrue(map.infoText().contains("gap"), map.infoText());

        robot.interact(() -> window.detail().storedValuesSwitch().setSelected(true));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().tabs().getSelectionModel().getSelectedItem() == heat);
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(heat));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> map.infoText().contains("values") && map.valueAt(0, 0) == -32767.0);
        for (int c = 0; c < 30; c++) {
            assertEquals(temp.get("storedValues").get(c).asDouble(), map.valueAt(0, c), "stored column " + c);
        }
        assertEquals("i16", window.detail().node().values().type().label());
    }
}
