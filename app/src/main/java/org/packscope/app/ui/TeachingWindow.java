package org.packscope.app.ui;

import java.util.Locale;

import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.util.Duration;

import org.packscope.codec.format.Teacher;
import org.packscope.codec.inspect.Node;

/**
 * The binary-JSON teaching view: type or paste JSON on the left and see its encoding
 * on the right, annotated field by field, with its size next to plain and gzip'd JSON.
 * Every edit re-encodes in the background. Opens part by part (see {@link SteppedWindow}).
 */
final class TeachingWindow implements SteppedWindow.Contents {
    /** Binary JSON teaches itself through the format seam; the window names no format. */
    private static final Teacher TEACHER = Teacher.of("binjson");
    static final String EXAMPLE = """
            {
              "name": "sensor-7",
              "active": true,
              "tags": ["lab", "north", "lab"],
              "readings": [[1.5, 2.25, 3.0], [4.5, 5.75, 6.0]],
              "offset": -12,
              "calibrated": 1.0e-3
            }
            """;

    private final Scene scene;
    private Stage stage;
    private final StatusBar status = new StatusBar();
    private final TaskRunner runner = new TaskRunner(status);
    private final TextArea json = new TextArea(EXAMPLE);
    private final CheckBox seekable = new CheckBox("Seekable (SJ)");
    private final Spinner<Integer> floatCompression = new Spinner<>(0, 6, 0);
    private final Label sizes = new Label();
    private final Label problem = new Label();
    private final DetailPane detail = new DetailPane(runner, n -> { }, p -> this.tree.revealPath(p));
    private final BrowserTree tree = new BrowserTree(runner, this::select);
    private final PauseTransition settle = new PauseTransition(Duration.millis(300));
    /** The editor on the left, then the tree and the detail pane, added frame by frame. */
    private final SplitPane split = new SplitPane();
    private final SplitPane right = new SplitPane();
    private int generation;

    TeachingWindow() {
        json.setId("teach-json");
        json.setWrapText(true);
        json.setStyle("-fx-font-family: 'DejaVu Sans Mono', monospace;");
        sizes.setId("teach-sizes");
        sizes.setWrapText(true);
        problem.setId("teach-problem");
        problem.setStyle("-fx-text-fill: #c62828;");
        problem.setWrapText(true);
        floatCompression.setPrefWidth(70);
        // wraps onto a second line in a narrow column instead of cutting the labels to "…"
        javafx.scene.layout.FlowPane options = new javafx.scene.layout.FlowPane(10, 6, seekable,
                new HBox(6, new Label("Float compression"), floatCompression));
        seekable.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        VBox left = new VBox(8, new Label("JSON"), json, options, sizes, problem);
        VBox.setVgrow(json, Priority.ALWAYS);
        left.setPadding(new Insets(8));
        split.getItems().add(left);
        BorderPane root = new BorderPane(split);
        root.setBottom(status);
        scene = new Scene(root, 1280, 780);
        scene.getStylesheets().add(TeachingWindow.class.getResource("packscope.css").toExternalForm());
        settle.setOnFinished(e -> encode());
        json.textProperty().addListener(o -> settle.playFromStart());
        seekable.selectedProperty().addListener(o -> encode());
        floatCompression.valueProperty().addListener(o -> encode());
    }

    @Override public Scene scene() { return scene; }

    @Override public String title() { return "PackScope — Binary JSON, explained"; }

    @Override
    public java.util.List<Runnable> parts() {
        return java.util.List.of(() -> {
            right.getItems().add(tree);
            split.getItems().add(right);
            // at 1280 px the detail pane keeps the hex view's full width; the JSON wraps
            split.setDividerPositions(0.22);
        }, () -> {
            right.getItems().add(detail);
            right.setDividerPositions(0.18);
        });
    }

    @Override
    public void showing(Stage stage) {
        this.stage = stage;
        encode();
    }

    Stage stage() { return stage; }

    private void encode() {
        int gen = ++generation;
        String text = json.getText();
        boolean sj = seekable.isSelected();
        int c = floatCompression.getValue();
        runner.submit("Encoding", p -> {
            try {
                return TEACHER.teach(text, sj, c);
            } catch (IllegalArgumentException e) {
                return e;
            }
        }, result -> {
            if (gen != generation) return;
            if (result instanceof IllegalArgumentException e) {
                problem.setText(e.getMessage());
                markStale(true);
                return;
            }
            problem.setText("");
            markStale(false);
            Teacher.Lesson enc = (Teacher.Lesson) result;
            sizes.setText(String.format(Locale.ROOT,
                    "JSON %,d bytes (compact %,d) · gzip'd JSON %,d · %s %,d (%.0f%% of compact JSON) · gzip'd %s %,d",
                    enc.textBytes(), enc.compactTextBytes(), enc.gzipTextBytes(), sj ? "SJ" : "BJ", enc.encodedBytes(),
                    100.0 * enc.encodedBytes() / Math.max(1, enc.compactTextBytes()), sj ? "SJ" : "BJ", enc.gzipEncodedBytes()));
            tree.getRoot().getChildren().clear();
            BrowserTree.NodeItem item = tree.addRoot(enc.node());
            item.setExpanded(true);
            tree.getSelectionModel().select(item);
        });
    }

    /** Stale: the encoding shown is of the last text that encoded, not of the text now in the editor. */
    private boolean stale;

    private void markStale(boolean yes) {
        if (yes && !stale && !sizes.getText().isEmpty()) sizes.setText(STALE + sizes.getText());
        stale = yes;
        right.setOpacity(yes ? 0.45 : 1);
        json.pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("invalid"), yes);
    }

    static final String STALE = "Stale — the encoding shown is of the last valid JSON. ";

    boolean stale() { return stale; }

    private int selection;

    private void select(Node node) {
        int gen = ++selection;
        runner.submit("Reading " + node.name(), p -> {
            node.fields();
            return node;
        }, n -> {
            if (gen == selection) detail.show(n);
        });
    }

    String sizesText() { return sizes.getText(); }
    String problemText() { return problem.getText(); }
    TextArea jsonArea() { return json; }
    DetailPane detail() { return detail; }
}
