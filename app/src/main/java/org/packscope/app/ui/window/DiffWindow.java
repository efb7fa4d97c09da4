package org.packscope.app.ui.window;

import java.nio.file.Path;
import java.util.List;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;
import org.packscope.app.ui.task.TaskRunner;
import org.packscope.app.ui.view.HexView;
import org.packscope.app.ui.view.RowLinks;
import org.packscope.app.ui.view.StatusBar;
import org.packscope.app.ui.view.Theme;
import org.packscope.codec.compare.MatrixCompare;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.analysis.TreeDiff;

/**
 * Two files of one format compared structure by structure: every differing field,
 * chunk and value in a list; selecting one shows both sides' bytes, highlighted. Opens
 * part by part (see {@link SteppedWindow}); the comparison starts once it is whole.
 */
public final class DiffWindow implements SteppedWindow.Contents {
    private Stage stage;
    private final Scene scene;
    private final String title;
    private final FormatRegistry registry;
    private final Path left, right;
    private final StatusBar status = new StatusBar();
    private final TaskRunner runner = new TaskRunner(status);
    private final TableView<TreeDiff.Difference> table = new TableView<>();
    private final Label heading = new Label("Comparing…");
    private final HexView leftHex = new HexView();
    private final HexView rightHex = new HexView();
    private final SplitPane split = new SplitPane();

    public DiffWindow(FormatRegistry registry, Path left, Path right) {
        this.registry = registry;
        this.left = left;
        this.right = right;
        table.setId("diff-table");
        heading.setId("diff-heading");
        heading.setPadding(new Insets(6));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().setAll(List.of(
                column("Where", 220, TreeDiff.Difference::path),
                column("What", 200, TreeDiff.Difference::what),
                column(left.getFileName().toString(), 220, TreeDiff.Difference::left),
                column(right.getFileName().toString(), 220, TreeDiff.Difference::right)));
        table.getSelectionModel().selectedItemProperty().addListener((o, was, d) -> { if (d != null) showBytes(d); });
        split.getItems().add(table);
        split.setOrientation(Orientation.VERTICAL);
        BorderPane root = new BorderPane(split);
        root.setTop(heading);
        root.setBottom(status);
        scene = new Scene(root, 1280, 800);
        scene.getStylesheets().add(Theme.class.getResource("packscope.css").toExternalForm());
        title = "PackScope — " + left.getFileName() + " vs " + right.getFileName();
    }

    @Override public Scene scene() { return scene; }

    @Override public String title() { return title; }

    @Override
    public List<Runnable> parts() {
        return List.of(() -> {
            split.getItems().add(new SplitPane(leftHex, rightHex));
            split.setDividerPositions(0.5);
        });
    }

    @Override
    public void showing(Stage stage) {
        this.stage = stage;
        runner.submit("Comparing", p -> {
            Node a = registry.open(left);
            Node b = registry.open(right);
            if (MatrixCompare.applies(a, b)) {
                List<TreeDiff.Difference> found = MatrixCompare.diff(a, b, TreeDiff.Limits.DEFAULT.maxDifferences(), p);
                return new TreeDiff.Result(RowLinks.linked(found), found.size(), null, null);
            }
            TreeDiff.Result r = TreeDiff.compare(a, b, TreeDiff.Limits.DEFAULT, p);
            return new TreeDiff.Result(RowLinks.linked(TreeDiff.withStop(r)), r.found(), r.stoppedAt(), r.why(), r.valuesDiffering());
        }, r -> {
            table.setItems(FXCollections.observableArrayList(r.differences()));
            // the headline counts what differs (every differing value), not the rows listed
            heading.setText(r.same() ? "No differences between " + left.getFileName() + " and " + right.getFileName()
                    : (r.complete() ? "" : "At least ") + r.headline() + " between " + left.getFileName() + " and " + right.getFileName());
        });
    }

    private static TableColumn<TreeDiff.Difference, String> column(String title, double width,
                                                                 java.util.function.Function<TreeDiff.Difference, String> f) {
        TableColumn<TreeDiff.Difference, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(f.apply(cd.getValue())));
        return c;
    }

    private static void show(HexView hex, Node node, Span span) {
        if (node == null) return;
        if (hex.source() != node.source()) hex.show(node.source());
        Span s = span != null ? span : node.span();
        if (s != null) hex.selectPlace(s);
    }

    private void showBytes(TreeDiff.Difference d) {
        show(leftHex, d.leftNode(), d.leftSpan());
        show(rightHex, d.rightNode(), d.rightSpan());
    }

    // public: tests in ui.view, which drive the main window, read them
    public Stage stage() { return stage; }
    public String headingText() { return heading.getText(); }
    public TableView<TreeDiff.Difference> table() { return table; }
    public HexView leftHex() { return leftHex; }
}
