package org.packscope.app.ui.window;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Opens a secondary window at once and fills it in over the next frames. Styling a fresh
 * window full of tables and tabs against the theme's large stylesheet, and laying it
 * out, takes JavaFX 250–500 ms; done in one go, that froze the application for as long.
 * Here the window shows with its light parts, and each heavier part is added in a frame
 * of its own, so the FX thread answers between them.
 *
 * <p>Building the window on another thread instead is not safe: JavaFX measures text
 * through one shared layout object, and styling or laying out tables elsewhere races with
 * the FX thread's own layout (seen as NullPointerExceptions deep in text layout).
 */
public final class SteppedWindow {
    private SteppedWindow() { }

    /** A window filled in part by part. */
    interface Contents {
        /** The scene, holding the light parts so far. */
        Scene scene();

        String title();

        /** Each adds one heavier part; they run in order, one per frame. */
        List<Runnable> parts();

        /** Called once every part is in: starts the window's first background work. */
        void showing(Stage stage);
    }

    /** Shows {@code w} over {@code owner}, adds its parts frame by frame, then passes it to {@code shown}. */
    public static <W extends Contents> void open(Window owner, W w, Consumer<W> shown) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(w.title());
        stage.setScene(w.scene());
        closeOnEscapeOrShortcutW(stage);
        fitToScreen(stage, owner);
        stage.show();
        Deque<Runnable> todo = new ArrayDeque<>(w.parts());
        todo.add(() -> {
            w.showing(stage);
            shown.accept(w);
        });
        afterNextFrame(w.scene(), todo);
    }

    /** Esc and Ctrl+W (⌘W) close a secondary window, as people expect of one. */
    static void closeOnEscapeOrShortcutW(Stage stage) {
        stage.getScene().getAccelerators().put(new javafx.scene.input.KeyCodeCombination(javafx.scene.input.KeyCode.ESCAPE), stage::close);
        stage.getScene().getAccelerators().put(javafx.scene.input.KeyCombination.keyCombination("Shortcut+W"), stage::close);
    }

    /** Makes the window no larger than the visual bounds of its owner's screen, and places it inside them. */
    static void fitToScreen(Stage stage, Window owner) {
        javafx.geometry.Rectangle2D b = javafx.stage.Screen.getScreensForRectangle(owner.getX(), owner.getY(),
                Math.max(1, owner.getWidth()), Math.max(1, owner.getHeight())).stream().findFirst()
                .orElse(javafx.stage.Screen.getPrimary()).getVisualBounds();
        Scene s = stage.getScene();
        double w = Math.min(s.getWidth() > 0 ? s.getWidth() : 1100, b.getWidth()), h = Math.min(s.getHeight() > 0 ? s.getHeight() : 700, b.getHeight());
        stage.setWidth(w);
        stage.setHeight(h);
        stage.setX(b.getMinX() + (b.getWidth() - w) / 2);
        stage.setY(b.getMinY() + (b.getHeight() - h) / 3);
    }

    /** Runs the next step once the scene has been styled and laid out in a pulse. */
    private static void afterNextFrame(Scene scene, Deque<Runnable> todo) {
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            Platform.runLater(() -> {
                todo.poll().run();
                if (!todo.isEmpty()) afterNextFrame(scene, todo);
            });
        };
        scene.addPostLayoutPulseListener(once[0]);
        Platform.requestNextPulse();
    }
}
