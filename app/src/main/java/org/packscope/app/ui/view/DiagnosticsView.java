package org.packscope.app.ui.view;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;

import org.packscope.app.ui.task.TaskRunner;
import org.packscope.codec.analysis.DiagnosticPlace;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.analysis.TreeWalk;
import org.packscope.codec.io.FileNames;

/**
 * Every problem found under the selected node, sorted by place. Clicking one shows its
 * node and highlights its bytes. "Check deeply" also decodes all data (slow on big files).
 */
public final class DiagnosticsView extends BorderPane {
    private static final int MAX_NODES = 50_000;

    /** Wide enough for the "Severity" header and "warning". */
    static final double SEVERITY_MIN_WIDTH = 92;
    private final TaskRunner runner;
    private final TableView<TreeWalk.Located> table = new TableView<>();
    private final Label info = new Label("");
    private Node root;
    private final Consumer<TreeWalk.Located> onPick;
    private int generation;
    /** The collection under way, or null. */
    private javafx.concurrent.Task<?> collecting;
    private java.util.function.BiConsumer<Node, List<TreeWalk.Located>> onDeepCheck = (n, l) -> { };
    /**
     * The Offset column's text of each problem listed, worked out with the list in the background:
     * telling a file's bytes from a decompressed stream's asks the file system, which the FX
     * thread must not wait for.
     */
    private Map<TreeWalk.Located, String> offsetCells = Map.of();
    /** Said while only the structure has been checked: no value has been decoded, so "no problems" would be a claim. */
    static final String STRUCTURE_ONLY = "Structure checked; values not decoded yet — Check deeply";

    DiagnosticsView(TaskRunner runner, Consumer<TreeWalk.Located> onPick) {
        this.runner = runner;
        this.onPick = onPick;
        setId("diagnostics");
        table.setId("diagnostics-table");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label(STRUCTURE_ONLY));
        info.setMinWidth(0);
        info.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(info, javafx.scene.layout.Priority.ALWAYS);
        table.getColumns().setAll(List.of(
                column("Severity", 96, l -> l.diagnostic().severity().label()),
                column("Where", 200, l -> l.node().path().isEmpty() ? l.node().name() : l.node().path()),
                column("Offset", 150, l -> offsetCells.getOrDefault(l, "")),
                column("Rule", 170, l -> l.diagnostic().rule()),
                column("Message", 420, l -> l.diagnostic().message())));
        // "Severity" stays whole in its header (it was cut to "Seve…"); the others give their text on hover
        table.getColumns().get(0).setMinWidth(SEVERITY_MIN_WIDTH);
        table.setRowFactory(tv -> {
            TableRow<TreeWalk.Located> row = new TableRow<>() {
                @Override
                protected void updateItem(TreeWalk.Located item, boolean empty) {
                    super.updateItem(item, empty);
                    boolean shown = !empty && item != null;
                    SeverityClass.ROW.mark(getStyleClass(), shown && item.diagnostic().severity() == Severity.ERROR,
                            shown && item.diagnostic().severity() != Severity.ERROR);
                }
            };
            row.setOnMouseClicked(e -> { if (!row.isEmpty()) onPick.accept(row.getItem()); });
            return row;
        });
        table.setOnKeyPressed(e -> {
            var picked = table.getSelectionModel().getSelectedItem();
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER && picked != null) {
                onPick.accept(picked);
                e.consume();
            }
        });
        Button deep = new Button("Check deeply");
        deep.setId("check-deeply");
        deep.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        deep.setOnAction(e -> {
            if (root != null && agreesToDecode(root)) collect(true);
        });
        HBox bar = new HBox(8, info, deep);
        bar.setPadding(new Insets(4));
        setTop(bar);
        setCenter(table);
    }

    /** A list of problems with its Offset cells: "12.3 in file", "3103 in decompressed x.rds" or "none". */
    private record Found(List<TreeWalk.Located> list, Map<TreeWalk.Located, String> offsets) {
        static Found of(List<TreeWalk.Located> list) {
            // by equality: the same problem found again (the node shown after a click on its row) keeps its cell
            Map<TreeWalk.Located, String> offsets = new java.util.HashMap<>();
            for (TreeWalk.Located l : list) offsets.put(l, DiagnosticPlace.of(l).cell());
            return new Found(list, offsets);
        }
    }

    private TableColumn<TreeWalk.Located, String> column(String title, double width,
                                                         java.util.function.Function<TreeWalk.Located, String> f) {
        TableColumn<TreeWalk.Located, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(f.apply(cd.getValue())));
        FullTextCell.on(c);
        return c;
    }

    void show(Node node) {
        root = node;
        collect(false);
    }

    /** Decoding beyond this many bytes is announced with an estimate first. */
    static final long ASK_ABOVE_BYTES = 1L << 30;

    /** Bytes a deep check decodes, at least: the node's values, or its bytes. */
    static long bytesToDecode(Node n) {
        var v = n.values();
        long values = v == null ? 0 : v.count() * Math.max(1, v.type().byteWidth());
        long stored = n.source() == null ? 0 : n.source().size();
        return Math.max(values, stored);
    }

    /** A deep check of gigabytes takes seconds: say so, with an estimate, and let the person choose. */
    private boolean agreesToDecode(Node n) {
        long bytes = bytesToDecode(n);
        if (bytes <= ASK_ABOVE_BYTES) return true;
        javafx.scene.control.Alert ask = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.CONFIRMATION,
                String.format(java.util.Locale.ROOT, "A deep check decodes all of %s: about %s, roughly %.0f s at 1 GB/s. It runs in the "
                        + "background and can be cancelled from the status bar.", n.name(),
                        FileNames.size(bytes), Math.max(1, bytes / 1e9)));
        ask.setTitle("Check deeply");
        ask.setHeaderText("Check " + n.name() + " deeply?");
        if (getScene() != null) ask.initOwner(getScene().getWindow());
        return ask.showAndWait().filter(b -> b == javafx.scene.control.ButtonType.OK).isPresent();
    }

    /**
     * What each deep check found, by the node checked: a node under one was decoded by it, so
     * opening it (a damaged chunk of a checked array) shows its share at once.
     */
    private final Map<Node, Found> deepFindings = new IdentityHashMap<>();

    /** The findings of the deep check that covered {@code n} (of {@code n} or an ancestor), or null when none did. */
    private Found deepCheckCovering(Node n) {
        for (Node a = n; a != null; a = a.parent()) {
            Found found = deepFindings.get(a);
            if (found != null) return a == n ? found
                    : new Found(found.list().stream().filter(l -> isUnder(l.node(), n)).toList(), found.offsets());
        }
        return null;
    }

    private static boolean isUnder(Node node, Node ancestor) {
        for (Node p = node; p != null; p = p.parent()) if (p == ancestor) return true;
        return false;
    }

    private void collect(boolean deep) {
        int gen = ++generation;
        // its result would be dropped (gen): left running, a folder's walk went on opening every file in
        // it while the next file opened
        runner.supersede(collecting);
        collecting = null;
        Node n = root;
        table.getItems().clear();
        if (n == null) return;
        Found known = deep ? null : deepCheckCovering(n);
        if (known != null) {
            showFound(n, known, true);
            return;
        }
        info.setText("Looking for problems…");
        collecting = runner.submit((deep ? "Checking deeply " : "Collecting problems in ") + n.name(),
                p -> Found.of(RowLinks.linked(TreeWalk.diagnostics(n, deep, MAX_NODES, p))),
                found -> {
                    if (gen != generation) return;
                    if (deep) {
                        // a new check of n replaces what earlier checks of n or of nodes under it found
                        deepFindings.keySet().removeIf(k -> isUnder(k, n));
                        deepFindings.put(n, found);
                    }
                    showFound(n, found, deep);
                    if (deep) onDeepCheck.accept(n, found.list());
                });
    }

    /** Lists what was found; {@code deep}: by a deep check (this one, or one of an ancestor that covered n). */
    private void showFound(Node n, Found found, boolean deep) {
        offsetCells = found.offsets();
        List<TreeWalk.Located> shown = found.list().stream().filter(l -> l.diagnostic().severity() != Severity.INFO || deep).toList();
        table.setItems(FXCollections.observableArrayList(shown));
        long errors = shown.stream().filter(l -> l.diagnostic().severity() == Severity.ERROR).count();
        long warnings = shown.size() - errors;
        onCounted.accept(n, new long[] {errors, warnings});
        ((Label) table.getPlaceholder()).setText(deep ? "No problems found: every value decoded" : STRUCTURE_ONLY);
        info.setText(shown.isEmpty() ? (deep ? "No problems found (deep check: every value decoded)" : STRUCTURE_ONLY)
                : errors + (errors == 1 ? " error, " : " errors, ") + warnings + (warnings == 1 ? " warning" : " warnings")
                + (deep ? " (deep check)" : " in the structure; values not decoded yet — Check deeply"));
    }

    int count() { return table.getItems().size(); }

    /** Who hears how many errors and warnings the list shows for a node, each time it is listed. */
    private java.util.function.BiConsumer<Node, long[]> onCounted = (n, c) -> { };

    void onCounted(java.util.function.BiConsumer<Node, long[]> listener) { this.onCounted = listener; }

    /** Who hears of each finished deep check: the node checked and all it found. */
    public void onDeepCheck(java.util.function.BiConsumer<Node, List<TreeWalk.Located>> listener) { this.onDeepCheck = listener; }

    String infoText() { return info.getText(); }

    /** Runs a deep check without asking (tests; the button asks first for gigabytes). */
    void checkDeeply() { collect(true); }

    /** Selects and shows the first problem, as a click on it would. */
    void pickFirst() {
        if (table.getItems().isEmpty()) return;
        table.getSelectionModel().select(0);
        onPick.accept(table.getItems().get(0));
    }

    TableView<TreeWalk.Located> table() { return table; }
}
