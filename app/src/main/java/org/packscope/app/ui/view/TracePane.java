package org.packscope.app.ui.view;

import java.util.function.BiConsumer;
import java.util.function.Consumer;

import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Trace;

/**
 * The derivation of one value, step by step. Clicking a step shows its bits in the hex
 * view (switching to a decompressed buffer where the step reads one); Show in Tree (or
 * Enter, or a double click) selects the node and field holding those bits. The trace
 * stays here while the person looks around the tree.
 */
final class TracePane extends BorderPane {
    private final Label heading = new Label("Select a value and press Trace to see how it was decoded");
    private final ListView<Trace.Step> steps = new ListView<>();
    private final Button reveal = new Button("Show in tree");
    /** The selected step's whole text, wrapped, below the list: a list cell's text can be cut. */
    private final Label detail = new Label("Select a step to read it in full");
    private Trace shown;
    /** The shown steps in words, made off the FX thread when the trace was (see {@link #texts}). */
    private java.util.List<StepText> texts = java.util.List.of();
    private Node traced;

    TracePane(Consumer<Trace.Step> onStep, BiConsumer<Node, Trace.Step> onReveal) {
        setId("trace");
        reveal.setId("trace-reveal");
        reveal.setDisable(true);
        reveal.setTooltip(new Tooltip("Select the node and field that hold this step's bits (Enter)"));
        reveal.setOnAction(e -> revealSelected(onReveal));
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
                StepText text = n - 1 < texts.size() ? texts.get(n - 1) : StepText.of(s);
                Label title = new Label(n + ". " + text.title());
                title.setStyle("-fx-font-weight: bold;");
                // long values (a 64-bit pattern, a path) wrap instead of ending in "…"
                title.setWrapText(true);
                // a wrapped label in a list cell is given one line unless it may not shrink below its height
                title.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
                Label detail = new Label(text.detail());
                detail.setWrapText(true);
                detail.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
                // follows the list's width, so a wider list shows more and a narrower one wraps
                detail.maxWidthProperty().bind(lv.widthProperty().subtract(40));
                title.maxWidthProperty().bind(lv.widthProperty().subtract(40));
                setGraphic(new VBox(2, title, detail));
                setText(null);
                if (getTooltip() == null) {
                    Tooltip tip = new Tooltip();
                    tip.setWrapText(true);
                    tip.setMaxWidth(520);
                    setTooltip(tip);
                }
                getTooltip().setText(text.full());
            }
        });
        detail.setId("trace-detail");
        detail.setWrapText(true);
        detail.setPadding(new Insets(4, 6, 4, 6));
        detail.setAlignment(Pos.TOP_LEFT);
        javafx.scene.control.ScrollPane detailScroll = new javafx.scene.control.ScrollPane(detail);
        detailScroll.setFitToWidth(true);
        detailScroll.setHbarPolicy(javafx.scene.control.ScrollPane.ScrollBarPolicy.NEVER);
        reveal.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        steps.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            int i = steps.getSelectionModel().getSelectedIndex();
            detail.setText(now == null ? "" : i >= 0 && i < texts.size() ? texts.get(i).full() : fullText(now));
            reveal.setDisable(now == null || now.span() == null || now.source() == null);
            if (now != null) onStep.accept(now);
        });
        steps.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                revealSelected(onReveal);
                e.consume();
            }
        });
        steps.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2) revealSelected(onReveal);
        });
        HBox.setHgrow(heading, Priority.ALWAYS);
        heading.setMaxWidth(Double.MAX_VALUE);
        HBox top = new HBox(8, heading, reveal);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(0, 4, 0, 0));
        setTop(top);
        javafx.scene.control.SplitPane split = new javafx.scene.control.SplitPane(steps, detailScroll);
        split.setOrientation(javafx.geometry.Orientation.VERTICAL);
        split.setDividerPositions(0.7);
        setCenter(split);
    }

    private static String where(Trace.Step s) {
        return (s.span() == null ? "computed" : (s.span().isByteAligned()
                ? "bytes " + s.span().byteOffset() + "–" + (s.span().byteEnd() - 1)
                : "bits " + s.span().startBit() + "–" + (s.span().endBit() - 1) + " (byte " + s.span().offsetText() + ")"))
                + (s.source() == null ? "" : " of " + s.source().name());
    }

    /** A step in words: its title line, its explanation with where its bits are, and both in full. */
    record StepText(String title, String detail, String full) {
        static StepText of(Trace.Step s) {
            String title = s.title() + (s.value() == null || s.value().isEmpty() ? "" : " = " + s.value());
            String where = where(s);
            return new StepText(title, s.explanation() + "  [" + where + "]", title + "\n" + s.explanation() + "\n[" + where + "]");
        }
    }

    /** Every step of {@code t} in words: built with the trace, in the background, so showing it only lays out. */
    static java.util.List<StepText> texts(Trace t) {
        return t.steps().stream().map(StepText::of).toList();
    }

    /** A step in words: its title and value, what it does, and where its bits are. */
    static String fullText(Trace.Step s) {
        return StepText.of(s).full();
    }

    String detailText() { return detail.getText(); }

    private void revealSelected(BiConsumer<Node, Trace.Step> onReveal) {
        Trace.Step s = steps.getSelectionModel().getSelectedItem();
        if (s != null && s.span() != null && s.source() != null && traced != null) onReveal.accept(traced, s);
    }

    /** Shows the trace of a value of {@code node}. */
    void show(Trace t, Node node) {
        show(t, node, t == shown ? texts : texts(t));
    }

    /** Shows a trace whose steps were put in words off the FX thread. */
    void show(Trace t, Node node, java.util.List<StepText> words) {
        texts = words;
        shown = t;
        traced = node;
        heading.setText(valueHeading() + t.steps().size() + " steps");
        steps.setItems(FXCollections.observableArrayList(t.steps()));
    }

    void clear(String message) {
        shown = null;
        texts = java.util.List.of();
        traced = null;
        heading.setText(message);
        steps.getItems().clear();
        detail.setText("");
        reveal.setDisable(true);
    }

    /** A line under the heading, for what the last action found. */
    void note(String text) {
        heading.setText(valueHeading() + text);
    }

    /** "Value i = v — " for the trace shown, or nothing. */
    private String valueHeading() {
        return shown == null ? "" : "Value " + String.format("%,d", shown.index()) + " = " + shown.value() + " — ";
    }

    /** The trace shown and the node it belongs to, so another view can keep it (null when none). */
    Trace trace() { return shown; }

    String headingText() { return heading.getText(); }

    ListView<Trace.Step> steps() { return steps; }
}
