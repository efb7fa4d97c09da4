package org.packscope.app.ui.task;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javafx.application.Platform;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A busy FX thread gets only the newest partial result, and a job's result still comes after its partials. */
@ExtendWith(ApplicationExtension.class)
class NewestTest {

    @Start
    void start(Stage stage) { }

    @Test
    void aBusyFxThreadGetsOnlyTheNewestValueThenTheResult() throws Exception {
        List<String> applied = new ArrayList<>();
        Newest<Integer> partials = new Newest<>(v -> applied.add("partial " + v), 0);
        CountDownLatch busy = new CountDownLatch(1), release = new CountDownLatch(1);
        Platform.runLater(() -> {
            busy.countDown();
            try {
                release.await(10, TimeUnit.SECONDS); // the FX thread drawing something slow
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        busy.await(10, TimeUnit.SECONDS);
        Thread job = new Thread(() -> {
            for (int i = 1; i <= 20; i++) {
                int v = i;
                partials.offer(() -> v);
            }
            Platform.runLater(() -> applied.add("result")); // as a task hands over its result
        });
        job.start();
        job.join();
        release.countDown();
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("partial 20", "result"), applied);

        // once drained, the next offer is handed over again
        partials.offer(() -> 21);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("partial 20", "result", "partial 21"), applied);
    }

    @Test
    void anOfferWithinTheGapIsDroppedUnmade() throws Exception {
        List<String> applied = new ArrayList<>();
        int[] made = {0};
        Newest<String> partials = new Newest<>(applied::add, 60_000);
        partials.offer(() -> { made[0]++; return "first"; });
        partials.offer(() -> { made[0]++; return "second"; });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("first"), applied);
        assertEquals(1, made[0], "the dropped picture is not made");
    }
}
