package org.packscope.app.ui.view;

import javafx.geometry.Insets;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import org.packscope.app.ui.task.TaskRunner;
import org.packscope.codec.inspect.Explanation;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.OutOfRangeException;

/**
 * Beside the structure table: what the selected field is and why it is there, the
 * formula it enters, where the spec describes it, and its bits drawn large, byte by
 * byte, with the field's own bits marked.
 */
final class ExplainPane extends ScrollPane {
    private static final int MAX_BYTES_DRAWN = 8;

    private final Label title = new Label("Select a field");
    private final Label text = new Label("Its explanation appears here: what it is, why it is there, and the formula it enters.");
    private final Label formula = new Label();
    private final Label spec = new Label();
    private final Canvas bits = new Canvas(300, 0);
    private final TaskRunner runner;
    private int generation;

    ExplainPane(TaskRunner runner) {
        this.runner = runner;
        setId("explain");
        title.setId("explain-title");
        text.setId("explain-text");
        formula.setId("explain-formula");
        spec.setId("explain-spec");
        title.getStyleClass().add("explain-title");
        formula.getStyleClass().add("explain-formula");
        spec.getStyleClass().add("explain-spec");
        for (Label l : new Label[] {title, text, formula, spec}) l.setWrapText(true);
        VBox box = new VBox(8, title, text, formula, spec, bits);
        box.setPadding(new Insets(10));
        // text wraps to the pane's visible width (not to the content's, which a wide label would widen);
        // the bit drawing keeps its size and the pane scrolls sideways when narrower than it
        viewportBoundsProperty().addListener((o, was, now) -> {
            double w = Math.max(60, now.getWidth() - 20);
            for (Label l : new Label[] {title, text, formula, spec}) l.setMaxWidth(w);
            box.setPrefWidth(now.getWidth());
        });
        for (Label l : new Label[] {title, text, formula, spec}) l.setMinWidth(0);
        setContent(box);
        setFitToWidth(true);
        setHbarPolicy(ScrollBarPolicy.AS_NEEDED);
    }

    /** Shows a field's explanation; the format's explainer runs in the background (it is codec code). */
    void show(Node node, Field field) {
        int gen = ++generation;
        if (field == null) {
            title.setText("Select a field");
            text.setText("Its explanation appears here: what it is, why it is there, and the formula it enters.");
            apply(null, null, null);
            drawBits(null, null);
            return;
        }
        FieldExplainer explainer = node == null ? null : node.facet(FieldExplainer.class);
        title.setText(field.name());
        drawBits(node == null ? null : node.source(), field.span());
        if (explainer == null) {
            apply(field, Explanation.of(field), null);
            return;
        }
        text.setText("…");
        runner.quietly(() -> explainer.explain(field), e -> {
            if (gen == generation) apply(field, e == null ? Explanation.of(field) : e, null);
        }, ex -> {
            if (gen == generation) apply(field, Explanation.of(field), ex);
        });
    }

    private void apply(Field field, Explanation e, Throwable failure) {
        if (e == null) {
            formula.setText("");
            spec.setText("");
        } else {
            title.setText(e.title() == null || e.title().isEmpty() ? field.name() : e.title());
            text.setText(failure == null ? e.text() : e.text() + "\n\n⚠ the full explanation could not be made: " + TaskRunner.describe(failure));
            formula.setText(e.formula() == null || e.formula().isEmpty() ? "" : e.formula());
            spec.setText(e.specSection() == null || e.specSection().isEmpty() ? "" : "Spec: " + e.specSection());
        }
        formula.setVisible(!formula.getText().isEmpty());
        formula.setManaged(formula.isVisible());
        spec.setVisible(!spec.getText().isEmpty());
        spec.setManaged(spec.isVisible());
    }

    String titleText() { return title.getText(); }
    String bodyText() { return text.getText(); }
    String formulaText() { return formula.getText(); }

    /** Each byte the field touches as eight boxes, bit 7 on the left; the field's bits filled. */
    private void drawBits(ByteSource source, Span span) {
        if (source == null || span == null || span.bitLength() == 0) {
            bits.setHeight(0);
            return;
        }
        int count = (int) Math.min(MAX_BYTES_DRAWN, Math.min(span.byteLength(), source.size() - span.byteOffset()));
        double box = 22, rowH = 62;
        bits.setWidth(8 * box + 90);
        bits.setHeight(count * rowH + 4);
        GraphicsContext g = bits.getGraphicsContext2D();
        g.clearRect(0, 0, bits.getWidth(), bits.getHeight());
        g.setFont(Font.font("Monospaced", 12));
        for (int i = 0; i < count; i++) {
            long off = span.byteOffset() + i;
            int v;
            try {
                v = source.u8(off);
            } catch (OutOfRangeException ex) {
                break;
            }
            double y = i * rowH;
            g.setFill(Theme.current().ascii);
            g.fillText("byte " + off + String.format("  0x%02x", v), 0, y + 12);
            for (int b = 7; b >= 0; b--) {
                double x = (7 - b) * box;
                boolean in = span.containsBit(off * 8 + b);
                g.setFill(in ? Theme.current().highlight : Theme.current().stripBackground);
                g.fillRect(x, y + 18, box - 2, box);
                g.setStroke(Theme.current().dim);
                g.strokeRect(x, y + 18, box - 2, box);
                g.setFill(in ? Theme.current().text : Theme.current().dim);
                g.fillText(((v >>> b) & 1) == 1 ? "1" : "0", x + 6, y + 33);
                g.setFill(Theme.current().dim);
                g.fillText(Integer.toString(b), x + 6, y + 54);
            }
        }
    }
}
