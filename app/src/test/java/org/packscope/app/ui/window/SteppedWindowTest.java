package org.packscope.app.ui.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A window opened part by part shows at once, gets each part in a later frame, and is handed over whole. */
@ExtendWith(ApplicationExtension.class)
class SteppedWindowTest {
    private Stage owner;

    @Start
    void start(Stage stage) {
        owner = stage;
        stage.setScene(new Scene(new Label("owner")));
        stage.show();
    }

    /** Three labels, each added by a part; records the frame count when each part ran. */
    private static final class ThreeParts implements SteppedWindow.Contents {
        final VBox root = new VBox(new Label("light part"));
        final Scene scene = new Scene(root, 300, 200);
        final AtomicInteger frames = new AtomicInteger();
        final List<Integer> partFrames = new ArrayList<>();
        boolean shownInStage;
        int labelsWhenShowing;

        ThreeParts() {
            scene.addPostLayoutPulseListener(frames::incrementAndGet);
        }

        @Override public Scene scene() { return scene; }

        @Override public String title() { return "three parts"; }

        @Override
        public List<Runnable> parts() {
            List<Runnable> parts = new ArrayList<>();
            for (int i = 1; i <= 3; i++) {
                String name = "part " + i;
                parts.add(() -> {
                    partFrames.add(frames.get());
                    root.getChildren().add(new Label(name));
                });
            }
            return parts;
        }

        @Override
        public void showing(Stage stage) {
            shownInStage = stage.isShowing() && stage.getScene() == scene;
            labelsWhenShowing = root.getChildren().size();
        }
    }

    @Test
    void partsArriveFrameByFrameAndTheWindowIsHandedOverWhole(FxRobot robot) throws Exception {
        ThreeParts w = WaitForAsyncUtils.asyncFx(ThreeParts::new).get();
        ThreeParts[] handed = new ThreeParts[1];
        boolean[] showingAtOnce = new boolean[1];
        robot.interact(() -> {
            SteppedWindow.open(owner, w, done -> handed[0] = done);
            showingAtOnce[0] = w.scene.getWindow() != null && w.scene.getWindow().isShowing();
        });
        assertTrue(showingAtOnce[0], "the window shows before any part is added");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> handed[0] != null);
        assertEquals(w, handed[0]);
        assertEquals(3, w.partFrames.size());
        assertTrue(w.partFrames.get(0) >= 1, "the first part comes after the window's first frame: " + w.partFrames);
        for (int i = 1; i < 3; i++) {
            assertTrue(w.partFrames.get(i) > w.partFrames.get(i - 1), "each part in a frame of its own: " + w.partFrames);
        }
        assertTrue(w.shownInStage);
        assertEquals(4, w.labelsWhenShowing, "every part is in when the window is handed over");
        robot.interact(() -> ((Stage) w.scene.getWindow()).close());
    }
}
