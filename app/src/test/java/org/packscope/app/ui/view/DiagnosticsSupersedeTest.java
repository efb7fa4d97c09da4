package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.task.TaskRunner;
import org.packscope.codec.inspect.Node;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Showing another node ends the collection of the problems of the one before: its result
 * would be dropped, and left running a folder's walk went on opening every file in it
 * while the next file opened.
 */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class DiagnosticsSupersedeTest {
    private DiagnosticsView view;

    @Start
    void start(Stage stage) {
        view = new DiagnosticsView(new TaskRunner(new StatusBar()), located -> { });
        stage.setScene(new Scene(view, 800, 400));
        stage.show();
    }

    @Test
    void showingAnotherNodeEndsTheWalkOfTheOneBefore(FxRobot robot) throws Exception {
        int children = 5_000;
        AtomicInteger made = new AtomicInteger();
        Node slow = Node.of("slow folder", "test").lazyChildren(children, i -> {
            made.incrementAndGet();
            java.util.concurrent.locks.LockSupport.parkNanos(2_000_000); // opening a file
            return Node.of("file " + i, "test");
        });
        robot.interact(() -> view.show(slow));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> made.get() > 20);
        robot.interact(() -> view.show(Node.of("next file", "test")));
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(200);
        int after = made.get();
        Thread.sleep(600);
        assertEquals(after, made.get(), "the walk of the folder ended");
        assertTrue(after < children, after + " of " + children + " opened");
    }
}
