package org.packscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When the window cannot start for the machine's sake, one line says why, naming what is missing. */
class MainToolkitTest {

    @Test
    void missingGtkIsNamedInOneLine() {
        Throwable e = new RuntimeException("Application launch failed",
                new UnsupportedOperationException("Unable to load glass GTK library."));
        String line = Main.toolkitProblem(e);
        assertTrue(line.contains("libgtk-3-0") && line.contains("GTK 3"), line);
        assertEquals(-1, line.indexOf('\n'), "one line");
    }

    @Test
    void noDisplayIsSaidToo() {
        assertTrue(Main.toolkitProblem(new UnsupportedOperationException("Unable to open DISPLAY")).contains("xvfb-run"));
    }

    @Test
    void otherFailuresAreNotDisguised() {
        assertNull(Main.toolkitProblem(new IllegalStateException("a bug")));
    }
}
