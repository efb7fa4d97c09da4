package org.packscope.app.ui.view;

import java.util.ArrayList;
import java.util.List;

import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

import org.packscope.app.ui.task.TaskRunner;
import org.packscope.codec.io.FileNames;
import org.packscope.codec.remote.RemoteStats;

/** Bottom bar: what runs in the background, its progress, a cancel button, and messages. */
public final class StatusBar extends HBox implements TaskRunner.Status {
    private final Label message = new Label("Ready");
    private final ProgressBar progress = new ProgressBar();
    private final Button cancel = new Button("Cancel");
    private final List<Task<?>> tasks = new ArrayList<>();
    /** What remote reading has cost so far; hidden until something was read remotely. */
    private final Label remote = new Label();
    private RemoteStats.Snapshot remoteShown;

    public StatusBar() {
        getStyleClass().add("status-bar");
        setSpacing(8);
        setPadding(new Insets(3, 8, 3, 8));
        setAlignment(Pos.CENTER_LEFT);
        message.setId("status-message");
        // the message elides; the progress bar and Cancel keep their size and place
        message.setMinWidth(0);
        message.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(message, Priority.ALWAYS);
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        progress.setMinWidth(Region.USE_PREF_SIZE);
        progress.setPrefWidth(160);
        cancel.setId("cancel-button");
        cancel.setOnAction(e -> { if (!tasks.isEmpty()) tasks.get(tasks.size() - 1).cancel(); });
        remote.setId("remote-stats");
        remote.setMinWidth(Region.USE_PREF_SIZE);
        remote.setVisible(false);
        remote.setManaged(false);
        getChildren().addAll(message, remote, progress, cancel);
        showIdle();
        // the counters are three atomic reads: polled twice a second, redrawn only when they moved
        javafx.animation.Timeline poll = new javafx.animation.Timeline(new javafx.animation.KeyFrame(
                javafx.util.Duration.millis(500), e -> showRemote(RemoteStats.now())));
        poll.setCycleCount(javafx.animation.Animation.INDEFINITE);
        poll.play();
    }

    /** Shows the requests made, bytes fetched and cache hits of remote reading, once there are any. */
    void showRemote(RemoteStats.Snapshot now) {
        // compared by hand: a record's generated equals costs a bootstrap on the FX thread at first use
        if (!now.any() || remoteShown != null && remoteShown.requests() == now.requests() && remoteShown.bytes() == now.bytes()
                && remoteShown.cacheHits() == now.cacheHits()) return;
        remoteShown = now;
        remote.setText(remoteText(now));
        remote.setVisible(true);
        remote.setManaged(true);
    }

    static String remoteText(RemoteStats.Snapshot s) {
        return String.format(java.util.Locale.ROOT, "Remote: %,d %s · %s fetched · %,d cache %s", s.requests(),
                s.requests() == 1 ? "request" : "requests", FileNames.size(s.bytes()),
                s.cacheHits(), s.cacheHits() == 1 ? "hit" : "hits");
    }

    @Override
    public void track(Task<?> task) {
        tasks.add(task);
        bindTo(task);
    }

    @Override
    public void untrack(Task<?> task) {
        tasks.remove(task);
        if (tasks.isEmpty()) {
            message.textProperty().unbind();
            progress.progressProperty().unbind();
            showIdle();
            message.setText("Ready");
        } else {
            bindTo(tasks.get(tasks.size() - 1));
        }
    }

    private void bindTo(Task<?> task) {
        message.textProperty().unbind();
        message.textProperty().bind(task.messageProperty());
        progress.progressProperty().unbind();
        progress.progressProperty().bind(task.progressProperty());
        progress.setVisible(true);
        cancel.setVisible(true);
    }

    private void showIdle() {
        progress.setVisible(false);
        cancel.setVisible(false);
    }

    @Override
    public void showMessage(String text) {
        if (tasks.isEmpty()) {
            message.textProperty().unbind();
            message.setText(text);
        }
    }

    @Override
    public void showError(String text) {
        showMessage("⚠ " + text);
    }

    String text() { return message.getText(); }

    Label messageLabel() { return message; }
    Label remoteLabel() { return remote; }
    Button cancelButton() { return cancel; }
}
