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
        AtomicReference<Boolean> whileShown = new AtomicReference<>();
        runner.submit("Opening", p -> {
            during.set(VectorWarmup.foregroundUnderWay());
            return 1;
        }, v -> whileShown.set(VectorWarmup.foregroundUnderWay()));
        AtomicReference<Throwable> failed = new AtomicReference<>();
        AtomicReference<Boolean> whileTold = new AtomicReference<>();
        runner.submit("Failing", p -> {
            throw new IllegalStateException("damaged");
        }, v -> { }, e -> {
            failed.set(e);
            whileTold.set(VectorWarmup.foregroundUnderWay());
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> runner.running() == 0);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Boolean.TRUE, during.get(), "the warm-ups saw the opening under way");
        assertEquals(Boolean.TRUE, whileShown.get(), "and its result being shown, on the FX thread");
        assertEquals("damaged", failed.get().getMessage());
        assertEquals(Boolean.TRUE, whileTold.get(), "a failure is told as foreground work too");
        assertFalse(VectorWarmup.foregroundUnderWay(), "nothing under way once both ended");
    }

    @Test
    void aCancelledTaskIsNoLongerForegroundWork() throws Exception {
        TaskRunner runner = new TaskRunner(QUIET);
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        Task<Integer> task = WaitForAsyncUtils.asyncFx(() -> runner.submit("Long decode", p -> {
            started.countDown();
            while (!p.cancelled()) Thread.onSpinWait();
            return 0;
        }, v -> { })).get();
        started.await(10, TimeUnit.SECONDS);
        assertEquals(true, VectorWarmup.foregroundUnderWay());
        WaitForAsyncUtils.asyncFx(() -> runner.supersede(task)).get();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> runner.running() == 0);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(VectorWarmup.foregroundUnderWay(), "released when cancelled");
    }
}
