package org.packscope.app.ui.view;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import org.packscope.app.ui.task.TaskRunner;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.ValueType;

/**
 * A virtual table over value columns: a node's own values, or, for a table-like node
 * (a ctable, a matrix's entries, a map of scalars), its children's columns side by side
 * under their names. Rows are fetched a page at a time in the background; a cell whose
 * page is not there yet shows "…" until it arrives, so a billion rows scroll freely.
 */
public final class ValuesView extends BorderPane {
    private static final int PAGE = 4096;
    private static final double ROW_HEIGHT = 28;
    /** Rows the table holds at once (see {@link #showWindow}). */
    static final int WINDOW = 100_000;
    private static final int CACHED_PAGES = 64;
    private static final int MAX_COPY = 1_000_000;
    /** Children shown side by side at most. */
    static final int MAX_COLUMNS = 32;

    /** The columns to show, with names, and the node each comes from (its tracer is the node's). */
    public record Model(List<String> names, List<ValueColumn> columns, List<Node> nodes) {
        static final Model EMPTY = new Model(List.of(), List.of(), List.of());

        long rows() { return columns.isEmpty() ? 0 : columns.get(0).count(); }

        /** The tracer of column {@code i}, or null where its node has none. */
        ValueTracer tracer(int i) { return nodes.get(i).facet(ValueTracer.class); }

        /** The node's own column only (cheap: loads no children, so fine on the FX thread). */
        static Model own(Node node) {
            ValueColumn own = node == null ? null : node.values();
            return own == null ? EMPTY : new Model(List.of("Value"), List.of(own), List.of(node));
        }

        /** The node's own column, or its children's columns when they line up (same row count). */
        public static Model of(Node node) {
            if (node == null) return EMPTY;
            if (node.values() != null) return own(node);
            List<String> names = new ArrayList<>();
            List<ValueColumn> cols = new ArrayList<>();
            List<Node> from = new ArrayList<>();
            List<Node> kids = node.children();
            for (int i = 0; i < kids.size() && cols.size() < MAX_COLUMNS; i++) {
                Node k = kids.get(i);
                if (k.isDrillDown()) continue;
                ValueColumn c = k.values();
                if (c == null || (!cols.isEmpty() && c.count() != cols.get(0).count())) continue;
                names.add(k.name());
                cols.add(c);
                from.add(k);
            }
            return cols.isEmpty() ? EMPTY : new Model(names, cols, from);
        }
    }

    private final TaskRunner runner;
    private final TableView<Long> table = new TableView<>();
    private final Label info = new Label("No values here");
    private final TextField jump = new TextField();
    private final TextField find = new TextField();
    private final Button traceButton = new Button("Trace value");
    private final TracePane trace;
    private Model model = Model.EMPTY;
    private final SplitPane split;
    /** Index of the value in the table's first row. */
    private long base;
    private int generation;
    /** A page of cells: each value's text, and why it is a gap (null where the value is there). */
    record Page(String[] texts, String[] gaps) {
        String gap(int i) { return gaps == null ? null : gaps[i]; }
    }

    /** What a gap shows in its cell: never a made-up value. */
    static final String GAP_TEXT = "—";

    private final Map<String, Page> pages = new LinkedHashMap<>(16, 0.75f, true) {
        @Override protected boolean removeEldestEntry(Map.Entry<String, Page> e) { return size() > CACHED_PAGES; }
    };
    private final Set<String> pending = ConcurrentHashMap.newKeySet();

    ValuesView(TaskRunner runner, Consumer<Trace.Step> onStep, java.util.function.BiConsumer<Node, Trace.Step> onReveal) {
        this.runner = runner;
        this.trace = new TracePane(onStep, onReveal);
        setId("values");
        table.setId("values-table");
        info.setId("values-info");
        table.setPlaceholder(new Label("No values here"));
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        // a fixed row height: otherwise JavaFX caches the height of every row up to the one in
        // view, and jumping to value 500,000,000 would allocate half a billion of them
        table.setFixedCellSize(ROW_HEIGHT);
        table.setOnKeyPressed(e -> {
            if (e.isShortcutDown() && e.getCode() == KeyCode.C) copySelection();
        });
        jump.setPromptText("go to index (row, col)");
        jump.setPrefColumnCount(10);
        jump.setId("values-jump");
        jump.setOnAction(e -> goTo());
        Button go = new Button("Go to index");
        go.setOnAction(e -> goTo());
        find.setPromptText("find value");
        find.setPrefColumnCount(10);
        find.setId("values-find");
        find.setOnAction(e -> findNext(find.getText()));
        traceButton.setId("trace-button");
        traceButton.setDisable(true);
        traceButton.setOnAction(e -> traceSelected());
        table.getSelectionModel().selectedItemProperty().addListener((o, was, now) ->
                traceButton.setDisable(tracedColumn() < 0 || now == null));
        HBox bar = new HBox(8, info, jump, go, find, traceButton);
        bar.setPadding(new Insets(4));
        bar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        // the fields and buttons keep their width and place; the count line elides instead
        info.setMinWidth(0);
        info.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(info, javafx.scene.layout.Priority.ALWAYS);
        for (javafx.scene.control.Control c : List.of(jump, go, find, traceButton)) c.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        setTop(bar);
        split = new SplitPane(table);
        trace.setMinWidth(TRACE_MIN_WIDTH);
        table.setMinWidth(TABLE_MIN_WIDTH);
        setCenter(split);
    }

    /**
     * The columns of a 2-D slice the table can show, a window of them at a time: the first
     * one shown, how many the slice has, and the table's model from any first column.
     */
    record SliceColumns(long first, long total, java.util.function.LongFunction<Model> from) { }

    /** Set while the table shows a window of a slice's columns: "go to" then takes a row and a column. */
    private SliceColumns sliceColumns;

    /** Narrowest the trace pane gets: a step's title and its bits stay readable at a 1024-pixel window. */
    static final double TRACE_MIN_WIDTH = 300;
    private static final double TABLE_MIN_WIDTH = 260;
    /** The table's share of the width beside a trace pane, at first. */
    public static final double TABLE_SHARE = 0.58;
    private double tableShare = TABLE_SHARE;

    /** Values without a tracer get the whole width; traceable ones share it with the trace pane. */
    private void showTracePane(boolean traceable) {
        boolean shown = split.getItems().contains(trace);
        if (traceable && !shown) {
            split.getItems().add(trace);
            split.setDividerPositions(tableShare);
        } else if (!traceable && shown) {
            tableShare = split.getDividerPositions()[0];
            // the keyboard stays in the values when the pane it was in goes, not back at the tree
            boolean hadFocus = trace.isFocusWithin();
            split.getItems().remove(trace);
            if (hadFocus) table.requestFocus();
        }
    }

    /** Shows a model built off the FX thread (see {@link Model#of}). */
    void show(Model m) { show(m, null); }

    /** Shows a window of a slice's columns; "go to" accepts "row, col" and moves the window to the column. */
    void show(Model m, SliceColumns columns) {
        sliceColumns = columns;
        generation++;
        model = m == null ? Model.EMPTY : m;
        pages.clear();
        pending.clear();
        traceButton.setDisable(true);
        trace.clear(tracedColumn() < 0 ? "No trace for these values"
                : "Select a value and press Trace to see how it was decoded, bit by bit");
        showTracePane(tracedColumn() >= 0);
        List<TableColumn<Long, String>> cols = new ArrayList<>();
        TableColumn<Long, String> index = new TableColumn<>("Index");
        index.setPrefWidth(110);
        index.setSortable(false);
        index.setCellValueFactory(cd -> new ReadOnlyStringWrapper(String.format("%,d", cd.getValue())));
        cols.add(index);
        for (int c = 0; c < model.columns().size(); c++) {
            int ci = c;
            ValueColumn vc = model.columns().get(c);
            TableColumn<Long, String> col = new TableColumn<>(model.names().get(c) + " (" + vc.type().label() + ")");
            col.setPrefWidth(model.columns().size() == 1 ? 320 : 140);
            col.setSortable(false);
            col.setCellValueFactory(cd -> new ReadOnlyStringWrapper(valueAt(ci, cd.getValue())));
            col.setCellFactory(tc -> new GapCell(ci));
            cols.add(col);
        }
        table.getColumns().setAll(cols);
        if (model.columns().isEmpty()) {
            info.setText("No values here");
            table.setItems(FXCollections.observableArrayList());
            return;
        }
        showWindow(0);
    }

    /**
     * Shows rows {@code [from, from + WINDOW)} of the values. JavaFX's table keeps a little
     * per row up to the one in view, so a column of half a billion values is shown a window
     * of 100,000 rows at a time; going to an index moves the window there.
     */
    private void showWindow(long from) {
        long count = model.rows();
        base = Math.max(0, Math.min(from, count - WINDOW));
        int rows = (int) Math.min(WINDOW, count - base);
        String what = model.columns().size() == 1 ? String.format("%,d values of type %s", count, model.columns().get(0).type().label())
                : String.format("%,d rows × %d columns", count, model.columns().size());
        info.setText(what + (rows < count ? String.format(" (%,d–%,d shown; go to an index for others)", base, base + rows - 1) : ""));
        long first = base;
        table.setItems(FXCollections.observableList(new AbstractList<>() {
            @Override public Long get(int i) { return first + i; }
            @Override public int size() { return rows; }
        }));
    }

    /** Selects the row of value {@code index}, moving the window when it is elsewhere. */
    void selectIndex(long index) {
        if (index < 0 || index >= model.rows()) return;
        if (index < base || index >= base + table.getItems().size()) showWindow(index - WINDOW / 2);
        int row = (int) (index - base);
        reveal(row);
        table.getSelectionModel().clearAndSelect(row);
    }

    /** The check that keeps scrolling to the last row gone to until a layout draws it. */
    private Runnable revealing;

    /**
     * Scrolls row {@code row} into view now, and again after each of the next few layouts until
     * one draws it: a scroll made in the same event as new columns and rows is placed on cell
     * sizes the next CSS pass changes, and the table's flow, which keeps its first visible row
     * steady through such changes, can bring back the rows it showed before.
     */
    private void reveal(int row) {
        table.scrollTo(Math.max(0, row - 3));
        Scene scene = table.getScene();
        if (revealing != null && scene != null) scene.removePostLayoutPulseListener(revealing);
        revealing = null;
        if (scene == null) return;
        Runnable check = new Runnable() {
            private int layouts;

            @Override public void run() {
                boolean drawn = drawnRows().map(r -> r[0] <= row && row <= r[1]).orElse(false);
                if (drawn || ++layouts > 4 || table.getScene() != scene) {
                    scene.removePostLayoutPulseListener(this);
                    if (revealing == this) revealing = null;
                    return;
                }
                table.scrollTo(Math.max(0, row - 3));
            }
        };
        revealing = check;
        scene.addPostLayoutPulseListener(check);
        Platform.requestNextPulse();
    }

    /** The first and last row the table draws (partly or wholly), if it draws any. */
    Optional<int[]> drawnRows() {
        if (!(table.lookup(".virtual-flow") instanceof VirtualFlow<?> flow)) return Optional.empty();
        var first = flow.getFirstVisibleCell();
        var last = flow.getLastVisibleCell();
        return first == null || last == null ? Optional.empty() : Optional.of(new int[] {first.getIndex(), last.getIndex()});
    }

    /** The column Trace works on: "value" if there is one, else the first that can be traced. */
    private int tracedColumn() {
        int first = -1;
        for (int i = 0; i < model.nodes().size(); i++) {
            if (model.tracer(i) == null) continue;
            if (model.names().get(i).equalsIgnoreCase("value")) return i;
            if (first < 0) first = i;
        }
        return first;
    }

    /** Traces the selected row's value in the background. */
    public void traceSelected() {
        Long row = table.getSelectionModel().getSelectedItem();
        int col = tracedColumn();
        if (row == null || col < 0) return;
        ValueTracer t = model.tracer(col);
        Node traced = model.nodes().get(col);
        int gen = generation;
        trace.clear("Tracing value " + String.format("%,d", row) + "…");
        record Traced(Trace trace, List<TracePane.StepText> texts) { }
        runner.submit("Tracing value " + row, p -> {
            Trace done = t.trace(row, p);
            return new Traced(done, TracePane.texts(done));
        }, result -> {
            if (gen == generation) trace.show(result.trace(), traced, result.texts());
        }, ex -> trace.clear("⚠ could not trace: " + TaskRunner.describe(ex)));
    }

    private void goTo() {
        long[] at = ElementIndex.parse(jump.getText());
        if (at == null) {
            info.setText(ElementIndex.why(jump.getText(), sliceColumns != null));
            jump.selectAll();
            return;
        }
        if (at.length == 2 && sliceColumns == null) {
            info.setText("These values have one dimension: go to an index");
            jump.selectAll();
            return;
        }
        long rows = model.rows();
        if (at[0] >= rows || at.length == 2 && at[1] >= sliceColumns.total()) {
            info.setText(at.length == 1 ? String.format("No index %,d: the values run from 0 to %,d", at[0], rows - 1)
                    : String.format("No element %,d, %,d: rows run to %,d, columns to %,d", at[0], at[1], rows - 1, sliceColumns.total() - 1));
            jump.selectAll();
            return;
        }
        if (at.length == 1) {
            selectIndex(at[0]);
            return;
        }
        selectElement(at[0], at[1]);
    }

    /** Shows element (row, col) of the slice: its column brought into the table, its row selected, its cell focused. */
    void selectElement(long row, long col) {
        SliceColumns sc = sliceColumns;
        int shown = model.columns().size();
        if (col >= sc.first() && col < sc.first() + shown) {
            focusElement(row, col);
            return;
        }
        long first = Math.max(0, Math.min(sc.total() - shown, col - shown / 2));
        show(sc.from().apply(first), new SliceColumns(first, sc.total(), sc.from()));
        // laid out with its new rows first: scrolled before the table knew how many rows it
        // has, it placed every row out of view and drew none (layout alone: the CSS of the
        // new columns waits for the next pulse)
        table.layout();
        focusElement(row, col);
    }

    private void focusElement(long row, long col) {
        selectIndex(row);
        TableColumn<Long, ?> column = table.getColumns().get((int) (col - sliceColumns.first()) + 1);
        table.scrollToColumn(column);
        table.getFocusModel().focus((int) (row - base), column);
    }

    /** The first slice column the table shows (0 when it shows no slice). */
    long firstSliceColumn() { return sliceColumns == null ? 0 : sliceColumns.first(); }

    /** Copies the selected rows as tab-separated lines: index, then each column (decoded in the background). */
    void copySelection() {
        var rows = new ArrayList<>(table.getSelectionModel().getSelectedItems());
        List<ValueColumn> cols = model.columns();
        if (rows.isEmpty() || cols.isEmpty()) return;
        if (rows.size() > MAX_COPY) rows.subList(MAX_COPY, rows.size()).clear();
        runner.submit("Copying " + rows.size() + " rows", p -> {
            StringBuilder sb = new StringBuilder();
            for (Long r : rows) {
                p.checkCancelled();
                sb.append(r);
                for (ValueColumn c : cols) sb.append('\t').append(c.text(r));
                sb.append('\n');
            }
            return sb.toString();
        }, text -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(text);
            Clipboard.getSystemClipboard().setContent(content);
            info.setText(String.format("Copied %,d rows", rows.size()));
        });
    }

    /**
     * Finds the next row after the selected one where a column holds {@code query}
     * (as a number when it parses as one, else as text), searching in the background.
     */
    void findNext(String query) {
        List<ValueColumn> cols = model.columns();
        if (cols.isEmpty() || query == null || query.isBlank()) return;
        String q = query.trim();
        Long sel = table.getSelectionModel().getSelectedItem();
        long from = sel == null ? base : sel + 1L;
        int gen = generation;
        runner.submit("Finding " + q, p -> {
            long best = -1;
            for (ValueColumn c : cols) {
                long hit = search(c, q, from, best < 0 ? c.count() : best, p);
                if (hit >= 0 && (best < 0 || hit < best)) best = hit;
            }
            return best;
        }, hit -> {
            if (gen != generation) return;
            if (hit < 0) {
                info.setText("No value " + q + " after row " + (from - 1));
            } else {
                selectIndex(hit);
            }
        });
    }

    /** First index in [from, to) whose value equals {@code q}, or -1. */
    static long search(ValueColumn c, String q, long from, long to, Progress p) {
        ValueType t = c.type();
        Double target = null;
        try {
            target = Double.valueOf(q);
        } catch (NumberFormatException e) {
            // not a number: compare as text
        }
        long[] page = new long[PAGE];
        for (long start = from; start < to; start += PAGE) {
            p.checkCancelled();
            int n = (int) Math.min(PAGE, to - start);
            if (t.numeric()) {
                c.read(start, page, 0, n);
                for (int i = 0; i < n; i++) {
                    double v = t.toDouble(page[i]);
                    if (target != null ? v == target || (target.isNaN() && Double.isNaN(v)) : t.format(page[i]).equals(q)) {
                        return start + i;
                    }
                }
            } else {
                for (int i = 0; i < n; i++) if (c.text(start + i).equals(q)) return start + i;
            }
            p.update((double) (start - from) / Math.max(1, to - from), null);
        }
        return -1;
    }

    private String valueAt(int column, long index) {
        long page = index / PAGE;
        String key = column + ":" + page;
        Page p = pages.get(key);
        if (p != null) return p.texts()[(int) (index - page * PAGE)];
        request(column, page, key);
        return "…";
    }

    /** Why value {@code index} of column {@code column} is a gap; null when it is a value, or not read yet. */
    String gapAt(int column, long index) {
        long page = index / PAGE;
        Page p = pages.get(column + ":" + page);
        return p == null ? null : p.gap((int) (index - page * PAGE));
    }

    /** A value cell: a gap shows greyed "—", its reason as tooltip. */
    private final class GapCell extends javafx.scene.control.TableCell<Long, String> {
        private final int column;
        /** Made when the cell first shows a gap: a tooltip per cell costs a popup window's styling. */
        private javafx.scene.control.Tooltip why;

        GapCell(int column) { this.column = column; }

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            setText(empty ? null : item);
            Long row = empty || getTableRow() == null ? null : getTableRow().getItem();
            String gap = row == null ? null : gapAt(column, row);
            boolean marked = getStyleClass().contains("value-gap");
            if (gap != null && !marked) getStyleClass().add("value-gap");
            if (gap == null && marked) getStyleClass().remove("value-gap");
            if (gap != null) {
                if (why == null) why = new javafx.scene.control.Tooltip();
                why.setText(gap);
            }
            if (getTooltip() != (gap == null ? null : why)) setTooltip(gap == null ? null : why);
        }
    }

    private void request(int column, long page, String key) {
        if (!pending.add(key)) return;
        ValueColumn c = model.columns().get(column);
        int gen = generation;
        runner.submit("Decoding values " + String.format("%,d", page * PAGE) + "…", progress -> format(c, page), texts -> {
            pending.remove(key);
            if (gen != generation) return;
            pages.put(key, texts);
            table.refresh();
        }, ex -> {
            pending.remove(key);
            if (gen != generation) return;
            String[] err = new String[PAGE];
            java.util.Arrays.fill(err, "⚠ " + TaskRunner.describe(ex));
            pages.put(key, new Page(err, null));
            table.refresh();
        });
    }

    static Page format(ValueColumn c, long page) {
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
        if (!c.mayHaveGaps()) return new Page(out, null);
        byte[] marks = new byte[n];
        c.gaps(start, marks, 0, n);
        String[] gaps = null;
        String reason = null;
        for (int i = 0; i < n; i++) {
            if (marks[i] == ValueColumn.PRESENT) continue;
            if (gaps == null) gaps = new String[PAGE];
            // neighbours share their unit's reason: ask again only where a run of gaps starts
            if (reason == null || i == 0 || marks[i - 1] == ValueColumn.PRESENT) {
                String why = c.gapReason(start + i);
                reason = why != null ? why : marks[i] == ValueColumn.MISSING ? "missing (NA)" : "could not be decoded";
            }
            out[i] = GAP_TEXT;
            gaps[i] = reason;
        }
        return new Page(out, gaps);
    }

    String infoText() { return info.getText(); }

    /** The text a cell of column {@code column} shows for value {@code index} ("…" until its page is read); for tests. */
    String cellText(int column, long index) { return valueAt(column, index); }

    /** The table's share beside the trace pane: as the person left it, also while no trace pane is shown. */
    double dividerPosition() {
        if (split.getItems().contains(trace)) tableShare = split.getDividerPositions()[0];
        return tableShare;
    }

    void setDividerPosition(double at) {
        tableShare = at;
        if (split.getItems().contains(trace)) split.setDividerPositions(at);
    }

    public void focusFind() {
        find.requestFocus();
        find.selectAll();
    }

    public void focusJump() {
        jump.requestFocus();
        jump.selectAll();
    }

    TableView<Long> table() { return table; }

    TracePane tracePane() { return trace; }
}
