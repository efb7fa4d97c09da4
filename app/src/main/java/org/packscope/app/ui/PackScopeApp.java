package org.packscope.app.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javafx.application.Application;
import javafx.stage.Stage;

import org.packscope.app.ui.task.Warmup;
import org.packscope.app.ui.view.AppPreferences;

/** The JavaFX application: opens the paths given, or the sample folder {@code resources/}. */
public final class PackScopeApp extends Application {

    public static void launchWith(String[] args) {
        quietClasspathWarning();
        Application.launch(PackScopeApp.class, args);
    }

    /** Held, so the configured logger is not collected and recreated without its filter. */
    private static final java.util.logging.Logger JAVAFX_LOG = java.util.logging.Logger.getLogger("javafx");

    /**
     * JavaFX warns "Unsupported JavaFX configuration" when its classes come from the class
     * path, as they do in a runnable jar that needs no module path; it is not something the
     * person can act on. Only that message is dropped: every other JavaFX warning stays.
     */
    public static void quietClasspathWarning() {
        JAVAFX_LOG.setFilter(r -> r.getMessage() == null || !r.getMessage().startsWith("Unsupported JavaFX configuration"));
    }

    @Override
    public void start(Stage stage) {
        MainWindow window = new MainWindow(stage, AppPreferences.root());
        List<String> args = getParameters().getUnnamed();
        stage.show();
        if (args.isEmpty()) {
            Path samples = defaultSamples();
            if (samples != null) window.open(samples);
            Warmup.startInBackground(samples);
        } else {
            window.openAllAddresses(args);
        }
    }

    /** {@code resources/} of the checkout: beside the working directory or above it. */
    // public for ScreenshotMain (test sources, ui.view), which photographs these samples
    public static Path defaultSamples() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path candidate = p.resolve("resources");
            if (Files.isDirectory(candidate) && Files.exists(p.resolve("pom.xml"))) return candidate;
        }
        return null;
    }
}
