package org.packscope.app.ui.view;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

import org.packscope.app.ui.MainWindow;

/** Opening a file in a test's window and waiting until it is shown and everything it started has finished. */
final class Opened {
    private Opened() { }

    static void openAndWait(FxRobot robot, MainWindow window, Path path) throws Exception {
        String name = path.getFileName().toString();
        robot.interact(() -> window.open(path));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> window.detail().node() != null && window.detail().node().name().equals(name));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.idle());
        WaitForAsyncUtils.waitForFxEvents();
    }
}
