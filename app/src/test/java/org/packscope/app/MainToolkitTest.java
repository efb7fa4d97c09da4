package org.packscope.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import org.packscope.app.ui.PackScopeApp;

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

    /** The command the message names exists: {@code packscope} is no command on the PATH; the jar is. */
    @Test
    void theCommandSuggestedIsOneThatRuns() {
        String line = Main.toolkitProblem(new UnsupportedOperationException("Unable to open DISPLAY"));
        String suggested = line.substring(line.indexOf("use the command line: ") + "use the command line: ".length());
        assertTrue(suggested.startsWith("java -jar ") && suggested.endsWith(".jar --help"), suggested);
        assertEquals("java -jar app/target/packscope.jar --help", suggested, "run from classes: the documented jar");
        assertFalse(line.contains(": packscope --help"), line);
    }

    @Test
    void javafxsClasspathWarningIsNotShownButOtherWarningsAre() {
        PackScopeApp.quietClasspathWarning();
        java.util.logging.Logger fx = java.util.logging.Logger.getLogger("javafx");
        java.util.logging.LogRecord unsupported = new java.util.logging.LogRecord(java.util.logging.Level.WARNING,
                "Unsupported JavaFX configuration: classes were loaded from 'unnamed module @69eee410'");
        assertFalse(fx.getFilter().isLoggable(unsupported));
        assertTrue(fx.getFilter().isLoggable(new java.util.logging.LogRecord(java.util.logging.Level.WARNING, "CSS error parsing")));
    }

    @Test
    void otherFailuresAreNotDisguised() {
        assertNull(Main.toolkitProblem(new IllegalStateException("a bug")));
    }
}
