package org.packscope.app.ui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.Samples;
import org.packscope.codec.format.FormatRegistry;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The watchdog tells decoding on the FX thread from PackScope's own code keeping it busy,
 * and both from the FX thread held by something else.
 */
@ExtendWith(ApplicationExtension.class)
class FxWatchdogTest {

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(new Label("watchdog")));
        stage.show();
    }

    private static FxWatchdog.Stall worstWhile(Runnable onFxThread) throws Exception {
        try (FxWatchdog dog = new FxWatchdog(FxWatchdog.STALL_MS)) {
            Thread.sleep(100);
            Platform.runLater(onFxThread);
            Thread.sleep(200);
            WaitForAsyncUtils.waitForFxEvents();
            Thread.sleep(100);
            return dog.stalls().stream().max(java.util.Comparator.comparingLong(FxWatchdog.Stall::millis)).orElseThrow();
        }
    }

    @Test
    void decodingOnTheFxThreadIsCaught() throws Exception {
        Path sample = Samples.get("pco/multichunk_f32_10x1000.pco");
        FxWatchdog.Stall s = worstWhile(() -> {
            long end = System.nanoTime() + 400_000_000L;
            while (System.nanoTime() < end) {
                var n = FormatRegistry.standard().open(sample);
                n.values().read(0, new long[10_000], 0, 10_000);
            }
        });
        assertTrue(s.millis() >= FxWatchdog.STALL_MS && s.readingData(), s.toString());
    }

    @Test
    void aBusyFxThreadThatDecodesNothingIsOwnCodeNotDataWork() throws Exception {
        FxWatchdog.Stall s = worstWhile(() -> {
            long end = System.nanoTime() + 400_000_000L;
            double x = 0;
            while (System.nanoTime() < end) x += Math.sqrt(x + 1);
            if (x < 0) throw new AssertionError();
        });
        assertTrue(s.millis() >= FxWatchdog.STALL_MS, s.toString());
        assertFalse(s.readingData(), s.toString());
        assertTrue(s.ownCode(), s.toString());
    }

    @Test
    void anFxThreadHeldWithNoPackScopeCodeOnItIsMeasuredNotBlamed() throws Exception {
        java.util.concurrent.Semaphore gate = new java.util.concurrent.Semaphore(0);
        new Thread(() -> {
            try {
                Thread.sleep(400);
            } catch (InterruptedException e) {
                return;
            } finally {
                gate.release();
            }
        }).start();
        // a method reference leaves no frame of this class on the FX thread's stack
        FxWatchdog.Stall s = worstWhile(gate::acquireUninterruptibly);
        assertTrue(s.millis() >= FxWatchdog.STALL_MS, s.toString());
        assertFalse(s.readingData(), s.toString());
        assertFalse(s.ownCode(), s.toString());
    }

    /**
     * The views, windows and background work live in subpackages of ui: a stall under their
     * frames is PackScope's own code, held to {@link FxWatchdog#OWN_CODE_MS}, as it was when
     * they all lived in ui, and never the codec's {@link FxWatchdog#STALL_MS}.
     */
    @Test
    void framesOfEveryUiPackageAreOwnCodeNotDataWork() {
        for (String c : List.of("org.packscope.app.ui.MainWindow", "org.packscope.app.ui.view.HexView",
                "org.packscope.app.ui.window.TeachingWindow", "org.packscope.app.ui.task.TaskRunner")) {
            StackTraceElement[] stack = {
                new StackTraceElement("javafx.scene.Parent", "layout", "Parent.java", 1),
                new StackTraceElement(c, "draw", null, 2),
                new StackTraceElement("com.sun.javafx.application.PlatformImpl", "lambda$runLater$10", null, 3)};
            assertNotNull(FxWatchdog.ownFrame(stack), c);
            assertNull(FxWatchdog.readsData(stack), c);
        }
    }
}
