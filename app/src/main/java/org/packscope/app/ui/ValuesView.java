package org.packscope.app.ui;

import java.util.AbstractList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * A virtual table over a value column. Rows are fetched a page at a time in the
 * background; a row whose page is not there yet shows "…" until it arrives, so a
 * billion values scroll without decoding them all.
 */
final class ValuesView extends BorderPane {
    private static final int PAGE = 4096;
    private static final int CACHED_PAGES = 64;

    private final TaskRunner runner;
    private final TableView<Long> table = new TableView<>();
    private final Button traceButton = new Button("Trace");
    private final TracePane trace;
    private org.packscope.codec.inspect.ValueTracer tracer;
    private final Label info = new Label("No values here");
    private final TextField jump = new TextField();
    private final TextField find = new TextField();
    private static final int MAX_COPY = 1_000_000;
    private ValueColumn column;
    private int generation;
    private final Map<Long, String[]> pages = new LinkedHashMap<>(16, 0.75f, true) {
        @Override protected boolean removeEldestEntry(Map.Entry<Long, String[]> e) { return size() > CACHED_PAGES; }
    };
    private final Set<Long> pending = ConcurrentHashMap.newKeySet();

    ValuesView(TaskRunner runner, java.util.function.Consumer<org.packscope.codec.inspect.Trace.Step> onStep) {
        this.runner = runner;
        this.trace = new TracePane(onStep);
        setId("values");
        table.setId("values-table");
        info.setId("values-info");
        TableColumn<Long, String> index = new TableColumn<>("Index");
        index.setPrefWidth(120);
        index.setSortable(false);
        index.setCellValueFactory(cd -> new ReadOnlyStringWrapper(String.format("%,d", cd.getValue())));
        TableColumn<Long, String> value = new TableColumn<>("Value");
        value.setPrefWidth(320);
        value.setSortable(false);
        value.setCellValueFactory(cd -> new ReadOnlyStringWrapper(valueAt(cd.getValue())));
        table.getColumns().setAll(java.util.List.of(index, value));
        table.setPlaceholder(new Label("No values here"));
        jump.setPromptText("go to index");
        jump.setPrefColumnCount(12);
        jump.setId("values-jump");
        jump.setOnAction(e -> goTo());
        Button go = new Button("Go");
        go.setOnAction(e -> goTo());
        traceButton.setId("trace-button");
        traceButton.setDisable(true);
        traceButton.setOnAction(e -> traceSelected());
        table.getSelectionModel().selectedItemProperty().addListener((o, was, now) ->
                traceButton.setDisable(tracer == null || now == null));
        table.getSelectionModel().setSelectionMode(javafx.scene.control.SelectionMode.MULTIPLE);
        table.setOnKeyPressed(e -> {
            if (e.isShortcutDown() && e.getCode() == javafx.scene.input.KeyCode.C) copySelection();
        });
        find.setPromptText("find value");
        find.setPrefColumnCount(10);
        find.setId("values-find");
        find.setOnAction(e -> findNext(find.getText()));
        HBox bar = new HBox(8, info, jump, go, find, traceButton);
        bar.setPadding(new Insets(4));
        setTop(bar);
        javafx.scene.control.SplitPane split = new javafx.scene.control.SplitPane(table, trace);
        split.setDividerPositions(0.45);
        setCenter(split);
    }

    /** Shows the node's values, and offers tracing where its format can trace them. */
    void show(org.packscope.codec.inspect.Node node) {
        tracer = node == null ? null : node.facet(org.packscope.codec.inspect.ValueTracer.class);
        traceButton.setDisable(true);
        trace.clear(tracer == null ? "This format does not trace values yet"
                : "Select a value and press Trace to see how it was decoded, bit by bit");
        show(node == null ? null : node.values());
    }

    /** Traces the selected value in the background. */
    void traceSelected() {
        Long row = table.getSelectionModel().getSelectedItem();
        var t = tracer;
        if (row == null || t == null) return;
        int gen = generation;
        trace.clear("Tracing value " + String.format("%,d", row) + "…");
        runner.submit("Tracing value " + row, p -> t.trace(row, p), result -> {
            if (gen == generation) trace.show(result);
        }, ex -> trace.clear("⚠ could not trace: " + TaskRunner.describe(ex)));
    }

    TracePane tracePane() { return trace; }

    /** Copies the selected rows as "index<TAB>value" lines (decoded in the background). */
    void copySelection() {
        var rows = new java.util.ArrayList<>(table.getSelectionModel().getSelectedItems());
        ValueColumn c = column;
        if (rows.isEmpty() || c == null) return;
        if (rows.size() > MAX_COPY) rows.subList(MAX_COPY, rows.size()).clear();
        runner.submit("Copying " + rows.size() + " values", p -> {
            StringBuilder sb = new StringBuilder();
            for (Long r : rows) {
                p.checkCancelled();
                sb.append(r).append('\t').append(c.text(r)).append('\n');
            }
            return sb.toString();
        }, text -> {
            javafx.scene.input.ClipboardContent content = new javafx.scene.input.ClipboardContent();
            content.putString(text);
            javafx.scene.input.Clipboard.getSystemClipboard().setContent(content);
            info.setText(String.format("Copied %,d values", rows.size()));
        });
    }

    /**
     * Finds the next value after the selected row equal to {@code query} (as a number
     * when it parses as one, else as text), searching in the background.
     */
    void findNext(String query) {
        ValueColumn c = column;
        if (c == null || query == null || query.isBlank()) return;
        String q = query.trim();
        Integer sel = table.getSelectionModel().getSelectedIndex() < 0 ? null : table.getSelectionModel().getSelectedIndex();
        long from = sel == null ? 0 : sel + 1L;
        int gen = generation;
        runner.submit("Finding " + q, p -> search(c, q, from, p), hit -> {
            if (gen != generation) return;
            if (hit < 0) {
                info.setText("No value " + q + " after row " + (from - 1));
            } else if (hit < table.getItems().size()) {
                table.getSelectionModel().clearAndSelect((int) (long) hit);
                table.scrollTo((int) Math.max(0, hit - 3));
            }
        });
    }

    static long search(ValueColumn c, String q, long from, org.packscope.codec.inspect.Progress p) {
        ValueType t = c.type();
        Double target = null;
        try {
            target = Double.valueOf(q);
        } catch (NumberFormatException e) {
            // not a number: compare as text
        }
        long[] page = new long[PAGE];
        for (long start = from; start < c.count(); start += PAGE) {
            p.checkCancelled();
            int n = (int) Math.min(PAGE, c.count() - start);
            if (t.numeric()) {
                c.read(start, page, 0, n);
                for (int i = 0; i < n; i++) {
                    if (target != null ? t.toDouble(page[i]) == target || (target.isNaN() && Double.isNaN(t.toDouble(page[i])))
                            : t.format(page[i]).equals(q)) {
                        return start + i;
                    }
                }
            } else {
                for (int i = 0; i < n; i++) if (c.text(start + i).equals(q)) return start + i;
            }
            p.update((double) (start - from) / Math.max(1, c.count() - from), null);
        }
        return -1;
    }

    void show(ValueColumn c) {
        generation++;
        column = c;
        pages.clear();
        pending.clear();
        if (c == null) {
            info.setText("No values here");
            table.setItems(FXCollections.observableArrayList());
            return;
        }
        long count = c.count();
        int rows = (int) Math.min(count, Integer.MAX_VALUE - 8);
        info.setText(String.format("%,d values of type %s%s", count, c.type().label(),
                rows < count ? " (first " + rows + " shown)" : ""));
        table.setItems(FXCollections.observableList(new AbstractList<>() {
            @Override public Long get(int i) { return (long) i; }
            @Override public int size() { return rows; }
        }));
    }

    private void goTo() {
        try {
            long i = Long.parseLong(jump.getText().trim().replace(",", "").replace("_", ""));
            if (i >= 0 && i < table.getItems().size()) {
                table.scrollTo((int) i);
                table.getSelectionModel().select((int) i);
            }
        } catch (NumberFormatException e) {
            jump.selectAll();
        }
    }

    private String valueAt(long index) {
        long page = index / PAGE;
        String[] p = pages.get(page);
        if (p != null) return p[(int) (index - page * PAGE)];
        request(page);
        return "…";
    }

    private void request(long page) {
        if (!pending.add(page)) return;
        ValueColumn c = column;
        int gen = generation;
        runner.submit("Decoding values " + String.format("%,d", page * PAGE) + "…", progress -> format(c, page), texts -> {
            pending.remove(page);
            if (gen != generation) return;
            pages.put(page, texts);
            table.refresh();
        }, ex -> {
            pending.remove(page);
            if (gen != generation) return;
            String[] err = new String[PAGE];
            java.util.Arrays.fill(err, "⚠ " + TaskRunner.describe(ex));
            pages.put(page, err);
            table.refresh();
        });
    }

    private static String[] format(ValueColumn c, long page) {
        long start = page * PAGE;
        int n = (int) Math.min(PAGE, c.count() - start);
        String[] out = new String[PAGE];
        ValueType t = c.type();
        if (t.numeric()) {
            long[] raw = new long[n];
            c.read(start, raw, 0, n);
            for (int i = 0; i < n; i++) out[i] = t.format(raw[i]);
        } else {
            for (int i = 0; i < n; i++) out[i] = c.text(start + i);
        }
        return out;
    }

    String infoText() { return info.getText(); }

    TableView<Long> table() { return table; }
}
