package org.packscope.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.Samples;
import org.packscope.codec.inspect.Node;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Files given on the command line are listed in the given order, whichever opens first, and the first is selected. */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class OpenOrderTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        Preferences prefs = Preferences.userRoot().node("packscope-tests-order");
        prefs.clear();
        window = new MainWindow(stage, prefs);
        stage.show();
    }

    @Test
    void filesOpenInTheGivenOrderWithTheFirstSelected(FxRobot robot) throws Exception {
        // the first is the slowest to open (an HDF5 file with a BPCells matrix), the last a tiny Pco file
        List<Path> given = List.of(Samples.get("bpcells/pbmc_counts.h5"), Samples.get("binjson/config.sj"),
                Samples.get("pco/conv1_i32_ar2_o2.pco"));
        robot.interact(() -> window.openAll(given));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.browser().getRoot().getChildren().size() == 3);
        WaitForAsyncUtils.waitForFxEvents();
        List<String> listed = window.browser().getRoot().getChildren().stream().map(i -> ((Node) i.getValue()).name()).toList();
        assertEquals(given.stream().map(p -> p.getFileName().toString()).toList(), listed);
        assertSame(window.browser().getRoot().getChildren().get(0), window.browser().getSelectionModel().getSelectedItem());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null
                && window.detail().node().name().equals("pbmc_counts.h5"));
    }
}
