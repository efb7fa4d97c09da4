package org.packscope.app.ui.window;

import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

import org.packscope.app.ui.view.FullTextCell;
import org.packscope.app.ui.view.SeverityClass;
import org.packscope.app.ui.view.Theme;
import org.packscope.codec.format.LakeCensus;

/**
 * A lake check's output: the per-array census (units valid, missing, damaged, …) above,
 * every problem of every damaged unit below. Double-click or Enter on a problem opens its
 * unit (the file, or the Zarr chunk) in the main window; on a census line, its array.
 */
public final class CensusWindow implements SteppedWindow.Contents {
    /** A census line as shown: its texts, and the line. */
    static final class ArrayRow {
        final LakeCensus.ArrayCount count;
        final String[] texts;

        ArrayRow(LakeCensus.ArrayCount a) {
            this.count = a;
            this.texts = new String[] {a.array().isEmpty() ? a.origin() : a.address(), a.array().isEmpty() ? "(files)" : a.array(),
                    number(a.units()), number(a.valid()), number(a.missing()), number(a.damaged()), number(a.unreadable()),
                    number(a.skipped()), number(a.bytes()), number(a.values())};
        }
    }

    /** A problem as shown: its texts, and the problem. */
    static final class ProblemRow {
        final LakeCensus.Problem problem;
        final String[] texts;
        final boolean error;

        ProblemRow(LakeCensus.Problem p) {
            this.problem = p;
            this.texts = new String[] {p.address(), p.kind().equals("store") ? "(structure)" : p.unit(), p.rule(), p.severity(), p.offset(), p.message()};
            this.error = p.severity().equals("error");
        }
    }

    /** What the window shows, made off the FX thread: the census, its rows as text, the headline. */
    public record Model(LakeCensus census, List<ArrayRow> arrays, List<ProblemRow> problems, String headline) {
        public static Model of(LakeCensus c) {
            return new Model(c, c.arrays().stream().map(ArrayRow::new).toList(), c.problems().stream().map(ProblemRow::new).toList(), CensusWindow.headline(c));
        }
    }

    private static final String[] ARRAY_COLUMNS = {"Address", "Array", "Units", "Valid", "Missing", "Damaged", "Unreadable", "Skipped", "Bytes", "Values"};
    private static final String[] PROBLEM_COLUMNS = {"Address", "Unit", "Rule", "Severity", "Byte offset", "Message"};
    private static final double[] PROBLEM_WIDTHS = {260, 140, 150, 70, 90, 420};

    private final Scene scene;
    private final String title;
    private final Model model;
    private final TableView<ArrayRow> arrays = new TableView<>();
    private final TableView<ProblemRow> problems = new TableView<>();
    private final Label heading = new Label();
    private Stage stage;

    /**
     * @param openUnit  opens a problem's unit in the main window
     * @param openArray opens a census line's array (or its files' argument)
     */
    public CensusWindow(Model model, Consumer<LakeCensus.Problem> openUnit, Consumer<LakeCensus.ArrayCount> openArray) {
        this.model = model;
        arrays.setId("census-arrays");
        problems.setId("census-problems");
        heading.setId("census-heading");
        heading.setPadding(new Insets(6));
        heading.setWrapText(true);
        heading.setText(model.headline());
        for (int i = 0; i < ARRAY_COLUMNS.length; i++) {
            int at = i;
            TableColumn<ArrayRow, String> c = column(ARRAY_COLUMNS[i], i < 2 ? 220 : 80, r -> r.texts[at]);
            if (i >= 2) c.setStyle("-fx-alignment: CENTER-RIGHT;");
            arrays.getColumns().add(c);
        }
        for (int i = 0; i < PROBLEM_COLUMNS.length; i++) {
            int at = i;
            problems.getColumns().add(column(PROBLEM_COLUMNS[i], PROBLEM_WIDTHS[i], r -> r.texts[at]));
        }
        problems.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        problems.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(ProblemRow p, boolean empty) {
                super.updateItem(p, empty);
                boolean shown = !empty && p != null;
                SeverityClass.ROW.mark(getStyleClass(), shown && p.error, shown && !p.error);
            }
        });
        opensOnDoubleClickOrEnter(problems, r -> openUnit.accept(r.problem));
        opensOnDoubleClickOrEnter(arrays, r -> openArray.accept(r.count));
        // the window shows with its headline; the tables come in the next frames (see parts)
        SplitPane split = new SplitPane();
        split.setOrientation(Orientation.VERTICAL);
        BorderPane root = new BorderPane(split);
        root.setTop(heading);
        scene = new Scene(root, 1200, 720);
        scene.getStylesheets().add(Theme.class.getResource("packscope.css").toExternalForm());
        title = "PackScope — lake census " + model.census().folder().getFileName();
        this.split = split;
    }

    private final SplitPane split;

    /** What the run checked and found, in one paragraph. */
    static String headline(LakeCensus c) {
        long damagedUnits = c.problems().stream().filter(p -> p.severity().equals("error")).map(LakeCensus.Problem::unitId).distinct().count();
        String shown = c.problems().size() < c.problemLines()
                ? String.format(Locale.ROOT, " (the first %,d listed)", c.problems().size()) : "";
        String skipped = c.unreadableLines() == 0 ? "" : String.format(Locale.ROOT, "; %,d unreadable %s skipped", c.unreadableLines(),
                c.unreadableLines() == 1 ? "line" : "lines");
        return String.format(Locale.ROOT, "%s: %,d %s checked, exit status %d · %,d %s with errors · %,d %s%s%s",
                String.join(", ", c.head().addresses()), c.head().units(), c.head().units() == 1 ? "unit" : "units", c.head().exitStatus(),
                damagedUnits, damagedUnits == 1 ? "unit" : "units", c.problemLines(), c.problemLines() == 1 ? "problem" : "problems", shown, skipped);
    }

    @Override public Scene scene() { return scene; }

    @Override public String title() { return title; }

    @Override
    public List<Runnable> parts() {
        // each table styles its rows in a frame of its own
        return List.of(() -> split.getItems().add(arrays), () -> arrays.setItems(FXCollections.observableArrayList(model.arrays())), () -> {
            split.getItems().add(problems);
            split.setDividerPositions(0.3);
        }, () -> problems.setItems(FXCollections.observableArrayList(model.problems())));
    }

    @Override
    public void showing(Stage stage) {
        this.stage = stage;
        problems.requestFocus();
    }

    private static <S> TableColumn<S, String> column(String title, double width, Function<S, String> f) {
        TableColumn<S, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(f.apply(cd.getValue())));
        FullTextCell.on(c);
        return c;
    }

    /** Double-click on a row, or Enter on the selected one, hands the row to {@code open}. */
    private static <R> void opensOnDoubleClickOrEnter(TableView<R> table, Consumer<R> open) {
        table.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() != MouseButton.PRIMARY || e.getClickCount() != 2) return;
            for (javafx.scene.Node n = e.getPickResult().getIntersectedNode(); n != null && n != table; n = n.getParent()) {
                if (n instanceof TableRow<?> row) {
                    if (!row.isEmpty()) open.accept(table.getItems().get(row.getIndex()));
                    return;
                }
            }
        });
        table.setOnKeyPressed(e -> {
            R r = table.getSelectionModel().getSelectedItem();
            if (e.getCode() == KeyCode.ENTER && r != null) {
                open.accept(r);
                e.consume();
            }
        });
    }

    private static String number(long v) {
        return v < 0 ? "" : String.format(Locale.ROOT, "%,d", v);
    }

    LakeCensus census() { return model.census(); }
    Stage stage() { return stage; }
    String headingText() { return heading.getText(); }
    TableView<ArrayRow> arrays() { return arrays; }
    TableView<ProblemRow> problems() { return problems; }
}
