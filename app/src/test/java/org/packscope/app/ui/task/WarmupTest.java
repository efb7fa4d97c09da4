package org.packscope.app.ui.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The start-up warm-up draws the samples' values as often as it says, and nothing once its time is up. */
class WarmupTest {
    private static final Path SAMPLES = Path.of("../resources");

    @Test
    void theSamplesValuesAreDrawnUntilTheCountIsReached() {
        Assumptions.assumeTrue(Files.isDirectory(SAMPLES), "resources/ beside app/");
        long drawn = Warmup.run(SAMPLES, 120_000);
        assertTrue(drawn >= Warmup.VALUES_DRAWN, drawn + " values drawn");
    }

    @Test
    void noTimeLeftDrawsNothing() {
        Assumptions.assumeTrue(Files.isDirectory(SAMPLES), "resources/ beside app/");
        assertEquals(0, Warmup.run(SAMPLES, 0));
    }
}
