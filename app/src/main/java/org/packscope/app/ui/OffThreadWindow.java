package org.packscope.app.ui;

import java.util.function.Consumer;
import java.util.function.Supplier;

import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Opens a secondary window whose contents were built off the FX thread. JavaFX lets a
 * scene graph that is not yet in a showing window be made, styled and laid out on any
 * thread, and styling a fresh window full of tables and tabs against the theme's large
 * stylesheet takes the FX thread a few hundred milliseconds; done here, the FX thread
 * only puts the finished scene in a stage and draws it.
 *
 * <p>A window built this way must not start background work in its constructor (the
 * work's results would come back to the FX thread while the builder still styles the
 * scene): it starts it in {@link Contents#showing}, called once it is on screen.
 */
final class OffThreadWindow {
    private OffThreadWindow() { }

    /** What a window built off the FX thread provides. */
    interface Contents {
        Scene scene();
        String title();
        /** Called on the FX thread once the window shows in {@code stage}: starts its first background work. */
        void showing(Stage stage);
    }

    /** Builds {@code make}'s window in the background, then shows it over {@code owner} and passes it on. */
    static <W extends Contents> void open(TaskRunner runner, String what, Window owner, Supplier<W> make, Consumer<W> shown) {
        runner.submit("Opening " + what, p -> {
            W w = make.get();
            Parent root = w.scene().getRoot();
            root.applyCss();
            root.layout();
            return w;
        }, w -> {
            Stage stage = new Stage();
            stage.initOwner(owner);
            stage.setTitle(w.title());
            stage.setScene(w.scene());
            stage.show();
            w.showing(stage);
            shown.accept(w);
        });
    }
}
