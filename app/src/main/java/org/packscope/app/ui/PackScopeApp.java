package org.packscope.app.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javafx.application.Application;
import javafx.stage.Stage;

/** The JavaFX application: opens the paths given, or the sample folder {@code resources/}. */
public final class PackScopeApp extends Application {

    public static void launchWith(String[] args) {
        Application.launch(PackScopeApp.class, args);
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
            for (String a : args) window.open(Path.of(a));
        }
    }

    /** {@code resources/} of the checkout: beside the working directory or above it. */
    static Path defaultSamples() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path candidate = p.resolve("resources");
            if (Files.isDirectory(candidate) && Files.exists(p.resolve("pom.xml"))) return candidate;
        }
        return null;
    }
}
