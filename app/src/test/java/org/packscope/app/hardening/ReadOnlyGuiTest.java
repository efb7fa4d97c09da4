package org.packscope.app.hardening;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.Samples;
import org.packscope.app.ui.MainWindow;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The GUI opens and shows every sample without changing a byte or a timestamp of it. */
@ExtendWith(ApplicationExtension.class)
class ReadOnlyGuiTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = new MainWindow(stage, Preferences.userRoot().node("packscope-tests-readonly"));
        stage.show();
    }

    @Test
    void openingEverySampleInTheWindowChangesNothing(FxRobot robot) throws Exception {
        Path root = Samples.root();
        Map<Path, ReadOnlyTest.Stamp> before = ReadOnlyTest.stamps(root);
        for (Inputs.Input in : Inputs.all()) {
            if (!in.path().startsWith(root)) continue;
            String name = in.path().getFileName().toString();
            robot.interact(() -> window.open(in.path()));
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.shownNode() != null && window.shownNode().name().equals(name));
        }
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> window.idle());
        ReadOnlyTest.assertUnchanged(before, ReadOnlyTest.stamps(root));
    }
}
