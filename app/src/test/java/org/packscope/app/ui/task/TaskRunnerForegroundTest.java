package org.packscope.app.ui.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import javafx.concurrent.Task;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.codec.compress.VectorWarmup;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Work the window runs for a person holds the vector warm-ups back while it runs, and only then. */
@ExtendWith(ApplicationExtension.class)
class TaskRunnerForegroundTest {
    private static final TaskRunner.Status QUIET = new TaskRunner.Status() {
        @Override public void track(Task<?> task) { }
        @Override public void untrack(Task<?> task) { }
        @Override public void showMessage(String text) { }
        @Override public void showError(String text) { }
    };

    @Start
    void start(Stage stage) { }

    @Test
    void aTaskIsForegroundWorkWhileItRunsAlsoWhenItFails() throws Exception {
        TaskRunner runner = new TaskRunner(QUIET);
        AtomicReference<Boolean> during = new AtomicReference<>();
        runner.submit("Opening", p -> {
            during.set(VectorWarmup.foregroundUnderWay());
            return 1;
        }, v -> { });
        AtomicReference<Throwable> failed = new AtomicReference<>();
        runner.submit("Failing", p -> {
            throw new IllegalStateException("damaged");
        }, v -> { }, failed::set);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> runner.running() == 0);
        assertEquals(Boolean.TRUE, during.get(), "the warm-ups saw the opening under way");
        assertEquals("damaged", failed.get().getMessage());
        assertFalse(VectorWarmup.foregroundUnderWay(), "nothing under way once both ended");
    }
}
