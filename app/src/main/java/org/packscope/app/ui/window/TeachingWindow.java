package org.packscope.app.ui.window;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

import javafx.animation.PauseTransition;
import javafx.collections.FXCollections;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.util.Duration;

import org.packscope.app.ui.task.TaskRunner;
import org.packscope.app.ui.view.BrowserTree;
import org.packscope.app.ui.view.DetailPane;
import org.packscope.app.ui.view.StatusBar;
import org.packscope.app.ui.view.Theme;
import org.packscope.codec.format.Teacher;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;

/**
 * A teaching view: type or paste input on the left (JSON, numbers: what the format takes),
 * make the format's choices, and see its encoding on the right, annotated field by field,
 * with its sizes in a sentence. Every edit re-encodes in the background. The window names
 * no format: each one teaches itself through the codec's {@link Teacher} seam and declares
 * its choices. Opens part by part (see {@link SteppedWindow}).
 *
 * <p>The FX thread never calls the teacher: the window shows its frame at once, says it is
 * preparing, asks the teacher for its {@link Syllabus} in the background, and fills in the
 * editor, choices and series when that comes back; every lesson is encoded in the background too.
 */
public final class TeachingWindow implements SteppedWindow.Contents {
    private final Supplier<Syllabus> syllabusSource;
    /** What the teacher said about itself; null while it is being asked. */
    private Syllabus syllabus;
    private final Scene scene;
    private Stage stage;
    private final StatusBar status = new StatusBar();
    private final TaskRunner runner = new TaskRunner(status);
    private final TextArea input;
    private final Map<String, ChoiceBox<String>> choices = new LinkedHashMap<>();
    private final Label sizes = new Label();
    private final Label problem = new Label();
    /**
     * Built in the window's parts, each in a frame of its own, not before its first frame:
     * with its tabs, tables and hex view the detail pane is the window's heaviest part to build.
     */
    private DetailPane detail;
    private BrowserTree tree;
    private final PauseTransition settle = new PauseTransition(Duration.millis(300));
    /** The editor on the left, then the tree and the detail pane, added frame by frame. */
    private final SplitPane split = new SplitPane();
    private final SplitPane right = new SplitPane();
    private final VBox left;
    private final Label inputLabel = new Label(PREPARING);
    private int generation;

    /** Values a lesson takes from the main window at most: a teaching example, not a data set. */
    static final int MAX_SHOWN_VALUES = 4096;
    private final Supplier<ValueColumn> shown;
    static final String PREPARING = "Preparing the lesson…";

    /**
     * {@code syllabus} is asked for in the background (asking a teacher loads its format's classes);
     * {@code shown} gives the values the main window shows now (null when it shows none), for
     * formats whose input is numbers; null when the window is opened on its own.
     */
    public TeachingWindow(Supplier<Syllabus> syllabus, Supplier<ValueColumn> shown) {
        this.syllabusSource = syllabus;
        this.shown = shown;
        input = new TextArea();
        input.setEditable(false);
        input.setId("teach-input");
        input.setWrapText(true);
        input.setStyle("-fx-font-family: 'DejaVu Sans Mono', monospace;");
        sizes.setId("teach-sizes");
        sizes.setWrapText(true);
        problem.setId("teach-problem");
        problem.setStyle("-fx-text-fill: #c62828;");
        problem.setWrapText(true);
        inputLabel.setId("teach-input-label");
        inputLabel.setWrapText(true);
        // the first frame styles the editor alone; the choices, buttons and sentences come with the syllabus (see learn)
        left = new VBox(8, inputLabel, input);
        VBox.setVgrow(input, Priority.ALWAYS);
        left.setPadding(new Insets(8));
        split.getItems().add(left);
        BorderPane root = new BorderPane(split);
        root.setBottom(status);
        scene = new Scene(root, 1280, 780);
        scene.getStylesheets().add(Theme.class.getResource("packscope.css").toExternalForm());
        settle.setOnFinished(e -> encode());
    }

    /**
     * Fills in what the teacher said about itself: its input's name and example in the
     * editor, a labelled drop-down per choice, the series bar; then encodes the example.
     */
    private void learn(Syllabus s) {
        syllabus = s;
        if (stage != null) stage.setTitle(title());
        // each choice a labelled drop-down; they wrap onto more lines in a narrow column instead of cutting labels to "…"
        FlowPane options = new FlowPane(10, 6);
        for (Syllabus.Choice c : s.choices()) {
            ChoiceBox<String> box = new ChoiceBox<>(FXCollections.observableArrayList(c.options()));
            box.setValue(c.initial());
            box.setId("teach-choice-" + c.key());
            box.valueProperty().addListener(o -> encode());
            choices.put(c.key(), box);
            options.getChildren().add(new HBox(6, new Label(c.label()), box));
        }
        inputLabel.setText(s.inputName());
        // the series bar goes between the label and the editor, the rest below it
        if (!s.series().isEmpty() || numbersFromMain() != null) left.getChildren().add(1, seriesBar(s.series()));
        left.getChildren().addAll(options, sizes, problem);
        input.setText(s.example());
        input.setEditable(true);
        input.textProperty().addListener(o -> settle.playFromStart());
        encode();
    }

    /** The main window's values, for a format whose input is numbers; null otherwise or before the syllabus. */
    private Supplier<ValueColumn> numbersFromMain() {
        return syllabus != null && syllabus.takesNumbers() ? shown : null;
    }

    /** A button per series the format offers: it puts the series in the editor, which re-encodes it. */
    private FlowPane seriesBar(List<Syllabus.Series> series) {
        FlowPane bar = new FlowPane(6, 4, new Label("Generate:"));
        for (Syllabus.Series s : series) {
            Button b = new Button(s.name());
            b.setId("teach-series-" + s.name().replace(' ', '-'));
            b.setOnAction(e -> input.setText(s.text()));
            bar.getChildren().add(b);
        }
        if (numbersFromMain() != null) {
            Button b = new Button("Values Shown in the Main Window");
            b.setId("teach-from-main");
            b.setOnAction(e -> takeShownValues());
            bar.getChildren().add(b);
        }
        return bar;
    }

    /**
     * Puts the first values the main window shows (up to {@link #MAX_SHOWN_VALUES}), read in
     * the background, in the editor, and picks the choices that suit their type.
     */
    private void takeShownValues() {
        ValueColumn column = numbersFromMain().get();
        if (column == null || !column.type().numeric() || column.count() == 0) {
            problem.setText("Select something that holds numbers in the main window (a file, an array, a column) to teach with its values");
            return;
        }
        int n = (int) Math.min(MAX_SHOWN_VALUES, column.count());
        runner.submit("Reading " + n + " values", p -> {
            long[] raw = new long[n];
            column.read(0, raw, 0, n);
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < n; i++) text.append(column.type().format(raw[i])).append(i % 8 == 7 ? "\n" : " ");
            return new TakenValues(text.toString().strip(), syllabus.teacher().choicesFor(column.type()));
        }, taken -> {
            taken.choices().forEach((key, option) -> {
                ChoiceBox<String> box = choices.get(key);
                if (box != null && box.getItems().contains(option)) box.setValue(option);
            });
            input.setText(taken.text());
            status.showMessage(n < column.count()
                    ? String.format(Locale.ROOT, "The first %,d of %,d values shown in the main window", n, column.count())
                    : String.format(Locale.ROOT, "The %,d values shown in the main window", n));
        });
    }

    /** Values taken from the main window as the editor's text, and the choices that suit their type. */
    private record TakenValues(String text, Map<String, String> choices) { }

    @Override public Scene scene() { return scene; }

    @Override public String title() {
        return syllabus == null ? "PackScope — " + PREPARING : "PackScope — " + syllabus.title() + ", explained";
    }

    @Override
    public List<Runnable> parts() {
        return List.of(() -> {
            tree = new BrowserTree(runner, this::select);
            right.getItems().add(tree);
            split.getItems().add(right);
            // at 1280 px the detail pane keeps the hex view's full width; the input wraps
            split.setDividerPositions(0.22);
        }, () -> {
            detail = new DetailPane(runner, n -> { }, p -> tree.revealPath(p));
            right.getItems().add(detail);
            right.setDividerPositions(0.18);
        });
    }

    @Override
    public void showing(Stage stage) {
        this.stage = stage;
        runner.submit("Preparing the lesson", p -> syllabusSource.get(), this::learn);
    }

    // public, like the readers at the end: tests in ui.view, which drive the main window, read them
    public Stage stage() { return stage; }

    private void encode() {
        if (syllabus == null) return;
        Teacher teacher = syllabus.teacher();
        int gen = ++generation;
        String text = input.getText();
        Map<String, String> chosen = new LinkedHashMap<>();
        choices.forEach((k, box) -> chosen.put(k, box.getValue()));
        runner.submit("Encoding", p -> {
            try {
                Teacher.Lesson lesson = teacher.teach(text, chosen);
                return new Shown(lesson.node(), lesson.sizes());
            } catch (IllegalArgumentException e) {
                return e;
            }
        }, result -> {
            if (gen != generation) return;
            if (result instanceof IllegalArgumentException e) {
                markStale(true); // first: whoever reads the problem finds the encoding already marked stale
                problem.setText(e.getMessage());
                return;
            }
            problem.setText("");
            markStale(false);
            Shown lesson = (Shown) result;
            sizes.setText(lesson.sizes());
            tree.getRoot().getChildren().clear();
            BrowserTree.NodeItem item = tree.addRoot(lesson.node());
            item.setExpanded(true);
            tree.getSelectionModel().select(item);
        });
    }

    /** A lesson as the window shows it, taken out of the codec's record off the FX thread. */
    private record Shown(Node node, String sizes) { }

    /** Stale: the encoding shown is of the last input that encoded, not of the input now in the editor. */
    private boolean stale;

    private void markStale(boolean yes) {
        if (yes && !stale && !sizes.getText().isEmpty()) sizes.setText(STALE + sizes.getText());
        stale = yes;
        right.setOpacity(yes ? 0.45 : 1);
        input.pseudoClassStateChanged(PseudoClass.getPseudoClass("invalid"), yes);
    }

    // public, like stale(): tests in ui.view look for the mark
    public static final String STALE = "Stale — the encoding shown is of the last input that encoded. ";

    public boolean stale() { return stale; }

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

    public String sizesText() { return sizes.getText(); }
    public String problemText() { return problem.getText(); }
    public TextArea inputArea() { return input; }
    /** The drop-down of choice {@code key}. */
    public ChoiceBox<String> choice(String key) { return choices.get(key); }
    public DetailPane detail() { return detail; }
    public BrowserTree tree() { return tree; }
}
