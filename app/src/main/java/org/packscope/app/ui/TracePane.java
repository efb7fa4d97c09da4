package org.packscope.app.ui;

import java.util.function.Consumer;

import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import org.packscope.codec.inspect.Trace;

/**
 * The derivation of one value, step by step. Clicking a step shows its bits in the hex
 * view (switching to a decompressed buffer where the step reads one).
 */
final class TracePane extends BorderPane {
    private final Label heading = new Label("Select a value and press Trace to see how it was decoded");
    private final ListView<Trace.Step> steps = new ListView<>();

    TracePane(Consumer<Trace.Step> onStep) {
        setId("trace");
        heading.setId("trace-heading");
        heading.setWrapText(true);
        heading.setPadding(new Insets(4));
        steps.setId("trace-steps");
        steps.setCellFactory(lv -> new ListCell<>() {
            @Override
            protected void updateItem(Trace.Step s, boolean empty) {
                super.updateItem(s, empty);
                if (empty || s == null) {
                    setGraphic(null);
                    setText(null);
                    return;
                }
                int n = getIndex() + 1;
                Label title = new Label(n + ". " + s.title() + (s.value() == null || s.value().isEmpty() ? "" : " = " + s.value()));
                title.setStyle("-fx-font-weight: bold;");
                String where = s.span() == null ? "computed" : (s.span().isByteAligned()
                        ? "bytes " + s.span().byteOffset() + "–" + (s.span().byteEnd() - 1)
                        : "bits " + s.span().startBit() + "–" + (s.span().endBit() - 1) + " (byte " + s.span().offsetText() + ")")
                        + (s.source() == null ? "" : " of " + s.source().name());
                Label detail = new Label(s.explanation() + "  [" + where + "]");
                detail.setWrapText(true);
                detail.setMaxWidth(Math.max(200, lv.getWidth() - 40));
                setGraphic(new VBox(2, title, detail));
                setText(null);
            }
        });
        steps.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            if (now != null) onStep.accept(now);
        });
        setTop(heading);
        setCenter(steps);
    }

    void show(Trace t) {
        heading.setText("Value " + String.format("%,d", t.index()) + " = " + t.value() + " — " + t.steps().size() + " steps");
        steps.setItems(FXCollections.observableArrayList(t.steps()));
    }

    void clear(String message) {
        heading.setText(message);
        steps.getItems().clear();
    }

    String headingText() { return heading.getText(); }

    ListView<Trace.Step> steps() { return steps; }
}
