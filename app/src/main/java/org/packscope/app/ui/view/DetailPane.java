package org.packscope.app.ui.view;

import java.util.ArrayList;
import java.util.List;

import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;

import org.packscope.app.ui.task.TaskRunner;
import org.packscope.codec.analysis.CfColumn;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.analysis.ElementReading;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.analysis.NodeLocator;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.analysis.TreeWalk;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.store.ArraySlices;
import org.packscope.codec.store.CfValues;

/**
 * The centre of the window: a title for the selected node, tabs (Structure, Values,
 * Diagnostics and the format's own tables) and, below them, the hex view that follows
 * whatever field or problem is selected.
 */
public final class DetailPane extends BorderPane {
    private final Label title = new Label("Open a file or folder to look inside");
    private final Label subtitle = new Label("");
    /** The subtitle without its problem counts. */
    private String subtitleBase = "";
    private final TabPane tabs = new TabPane();
    private final StructureView structure = new StructureView();
    private final ExplainPane explain;
    private final HexView hex = new HexView();
    private final ValuesView values;
    private final DiagnosticsView diagnostics;
    private final Tab structureTab = new Tab("Structure");
    private final Tab valuesTab = new Tab("Values");
    private final Tab diagnosticsTab = new Tab("Diagnostics");
    private final Tab plotTab = new Tab("Plot");
    private final Tab spyTab = new Tab("Matrix");
    private final Tab heatTab = new Tab("Heat map");
    private final SliceBar sliceBar = new SliceBar(this::showSlice);
    private HeatMapView heat;
    /** The slice the heat map should show when its tab is next looked at (null: up to date). */
    private SliceBar.Choice heatPending;
    private SpyView spy;
    private PlotView plot;
    private final List<Tab> tableTabs = new ArrayList<>();
    /** Made when a standalone Blosc chunk is first shown (most windows never need it). */
    private javafx.scene.control.ComboBox<Interpretation> interpretAs;
    private final javafx.scene.layout.HBox interpretBar = new javafx.scene.layout.HBox(6);
    private boolean choosing;
    /** netCDF / CF data: shows the stored numbers instead of the physical values (every view of the node follows). */
    private final javafx.scene.control.CheckBox storedValues = new javafx.scene.control.CheckBox("Show stored values");
    private final Label conventions = new Label();
    /** Holds the switch only while a node offers it (a hidden control would still be in the scene). */
    private final javafx.scene.layout.HBox cfBar = new javafx.scene.layout.HBox(8);
    /** The node's values as shown: its own column, or a standalone Blosc chunk's as the person reads it. */
    /** What the plot offers for the node shown: its values, a table's columns, a slice's columns. */
    private PlotView.Source plotSource;
    private ValueColumn shownValues;
    /** Remembered "Read elements as" choices, per file (package-private for the test that keeps them out of a real user's preferences). */
    static final java.util.prefs.Preferences INTERPRETATIONS =
            AppPreferences.root().node("interpret-as");
    private final SplitPane structureSplit;
    private final SplitPane split;
    private Node node;
    private Node plotted;
    private Node spied;

    /**
     * What to do once {@code node} is shown: the tree is asked to select it, and the
     * selection shows it again later, in the background, resetting tabs and highlight.
     */
    private record WhenShown(Node node, Runnable action) { }

    private final TaskRunner runner;
    private final java.util.function.Consumer<NodeLocator.Path> revealPath;
    private WhenShown whenShown;

    public DetailPane(TaskRunner runner, java.util.function.Consumer<Node> revealNode, java.util.function.Consumer<NodeLocator.Path> revealPath) {
        setId("detail");
        this.runner = runner;
        this.revealPath = revealPath;
        this.explain = new ExplainPane(runner);
        values = new ValuesView(runner, this::showStep, this::revealStep);
        diagnostics = new DiagnosticsView(runner, located -> pick(located, revealNode));
        diagnostics.onCounted(this::countsShown);
        title.setId("detail-title");
        title.getStyleClass().add("detail-title");
        subtitle.setId("detail-subtitle");
        subtitle.getStyleClass().add("detail-subtitle");
        interpretBar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        interpretBar.setVisible(false);
        interpretBar.setManaged(false);
        cfBar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        cfBar.setVisible(false);
        cfBar.setManaged(false);
        storedValues.setId("stored-values");
        storedValues.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        conventions.setId("cf-conventions");
        conventions.getStyleClass().add("detail-subtitle");
        storedValues.setTooltip(new javafx.scene.control.Tooltip(
                "The dataset's netCDF / CF attributes say how its stored numbers become values: off shows them applied"
                        + " (scaled, fill and out-of-range values as gaps), on shows the numbers as stored"));
        storedValues.selectedProperty().addListener((o, was, now) -> {
            Node n = node;
            CfValues cf = n == null ? null : n.facet(CfValues.class);
            if (cf == null || showsPhysical(n) == !now) return;
            // the switch is the codec's: off the FX thread, then the node is shown again as it now reads
            runner.quietly(() -> {
                cf.show(n, !now);
                return n;
            }, switched -> { if (node == switched) show(switched); }, ex -> { });
        });
        VBox head = new VBox(2, title, subtitle, interpretBar, cfBar, sliceBar);
        head.setPadding(new Insets(8, 10, 6, 10));
        structureSplit = new SplitPane(structure, explain);
        structureSplit.setDividerPositions(0.72);
        structureTab.setContent(structureSplit);
        valuesTab.setContent(values);
        diagnosticsTab.setContent(diagnostics);
        spyTab.setClosable(false);
        heatTab.setClosable(false);
        for (Tab t : List.of(structureTab, valuesTab, plotTab, diagnosticsTab)) t.setClosable(false);
        tabs.getTabs().setAll(structureTab, valuesTab, plotTab, diagnosticsTab);
        // plotting reads values: only when the tab is looked at
        tabs.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            if (now == plotTab && node != null && plotted != node) {
                plotted = node;
                plot().show(plotSource);
            }
            if (now == heatTab && heatPending != null) {
                SliceBar.Choice c = heatPending;
                heatPending = null;
                heat().show(c.slice(), c.label());
            }
            if (now == spyTab && node != null && spied != node) {
                spied = node;
                spy().show(node.facet(SparseMatrix.class));
            }
        });
        tabs.setId("detail-tabs");
        split = new SplitPane(tabs, hex);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.55);
        setTop(head);
        setCenter(split);

        structure.getSelectionModel().selectedItemProperty().addListener((obs, old, f) -> {
            if (node != null && hex.source() != node.source()) hex.show(node.source());
            if (f != null && f.span() != null) hex.select(f.span());
            explain.show(node, f);
        });
        hex.setOnByteClicked(offset -> {
            if (!structure.selectFieldAtByte(offset)) {
                structure.getSelectionModel().clearSelection();
                hex.select(Span.bytes(offset, 1));
            }
        });
    }

    /** Shows a node whose contents were already loaded in the background. */
    public void show(Node n) {
        show(n, null);
    }

    /**
     * Shows a node; {@code values} is its values model when the caller built it off the
     * FX thread (null: the node's own column only).
     */
    public void show(Node n, ValuesView.Model valuesModel) {
        this.node = n;
        title.setText(n.name());
        StringBuilder sub = new StringBuilder(n.kind());
        if (!n.summary().isEmpty()) sub.append(" · ").append(n.summary());
        if (n.span() != null) sub.append(" · ").append(spanText(n.span()));
        // the problem counts come from the Diagnostics tab's own list, once it is made (countsShown)
        subtitleBase = sub.toString();
        subtitle.setText(subtitleBase);
        diagnosticsTab.setText("Diagnostics");
        structure.show(n);
        hex.show(n.source());
        Span s = n.span();
        if (s != null && n.source() != null && s.bitLength() > 0 && s.byteLength() < n.source().size()) hex.select(s);
        ValuesView.Model vm = valuesModel != null ? valuesModel : ValuesView.Model.own(n);
        plotSource = plotSourceOf(vm, n);
        values.show(vm);
        explain.show(n, null);
        plotted = null;
        if (tabs.getSelectionModel().getSelectedItem() == plotTab) {
            plotted = n;
            plot().show(plotSource);
        }
        offerInterpretations(n);
        offerStoredValues(n);
        valuesTab.setText(vm.columns().isEmpty() ? "Values" : "Values (" + String.format("%,d", vm.rows()) + ")");
        diagnostics.show(n);
        // the Matrix tab is there for matrices only
        boolean isMatrix = n.facet(SparseMatrix.class) != null;
        spied = null;
        if (isMatrix && !tabs.getTabs().contains(spyTab)) tabs.getTabs().add(3, spyTab);
        if (!isMatrix) tabs.getTabs().remove(spyTab);
        if (isMatrix && tabs.getSelectionModel().getSelectedItem() == spyTab) {
            spied = n;
            spy().show(n.facet(SparseMatrix.class));
        }
        // an array of two or more dimensions: pick a 2-D slice for the table, the plot and a heat map
        ArraySlices nd = n.facet(ArraySlices.class);
        boolean sliced = nd != null && nd.shape().length >= 2;
        if (sliced && !tabs.getTabs().contains(heatTab)) tabs.getTabs().add(tabs.getTabs().indexOf(plotTab) + 1, heatTab);
        if (!sliced) tabs.getTabs().remove(heatTab);
        heatPending = null;
        sliceAsked = null;
        sliceBar.show(sliced ? nd : null);
        tabs.getTabs().removeAll(tableTabs);
        tableTabs.clear();
        for (DataTable t : n.tables()) {
            // a table's view (a TableView and often a chart) is built when its tab is first shown
            Tab tab = new Tab(sentenceCase(t.title()));
            tab.setClosable(false);
            tab.setOnSelectionChanged(e -> {
                if (tab.isSelected() && tab.getContent() == null) tab.setContent(TablesView.of(t));
            });
            tableTabs.add(tab);
        }
        tabs.getTabs().addAll(tableTabs);
        WhenShown w = whenShown;
        whenShown = null;
        if (w != null && w.node() == n) w.action().run();
    }

    /** The counts the Diagnostics tab lists for {@code n}: the same in the subtitle and on the tab. */
    private void countsShown(Node n, long[] counts) {
        if (n != node) return;
        long errors = counts[0], warnings = counts[1];
        StringBuilder sub = new StringBuilder(subtitleBase);
        if (errors > 0) sub.append(" · ").append(errors).append(errors == 1 ? " error" : " errors");
        if (warnings > 0) sub.append(" · ").append(warnings).append(warnings == 1 ? " warning" : " warnings");
        subtitle.setText(sub.toString());
        diagnosticsTab.setText(errors + warnings == 0 ? "Diagnostics" : "Diagnostics (" + String.format("%,d", errors + warnings) + ")");
    }

    /** A table's title as a tab names it: its first letter capital, the rest as the format writes it ("BP128-D1Z"). */
    static String sentenceCase(String title) {
        return title.isEmpty() ? title : title.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + title.substring(1);
    }

    /** Columns of a slice the values table shows side by side. */
    static final int SLICE_COLUMNS = 16;

    /** Shows a 2-D slice: its first columns in the table, the first of them in the plot, the slice in the heat map. */
    private void showSlice(SliceBar.Choice c) {
        sliceAsked = c;
        // the slice's columns are made off the FX thread: the first ones load the store's
        // column classes, which under load held the FX thread for half a second
        runner.quietly(() -> sliceColumns(c, 0), vm -> { if (sliceAsked == c) showSlice(c, vm); },
                e -> { if (sliceAsked == c) valuesTab.setText("Values (⚠ " + TaskRunner.describe(e) + ")"); });
    }

    /** The slice chosen last: a slice's columns that come back after another was chosen are dropped. */
    private SliceBar.Choice sliceAsked;

    private void showSlice(SliceBar.Choice c, ValuesView.Model vm) {
        values.show(vm, vm.columns().isEmpty() ? null : new ValuesView.SliceColumns(0, c.slice().columns(), first -> sliceColumns(c, first)));
        valuesTab.setText(vm.columns().isEmpty() ? "Values" : "Values (" + String.format("%,d", vm.rows()) + " × "
                + String.format("%,d", c.slice().columns()) + ")");
        plotSource = vm.columns().isEmpty() ? null : sliceSource(c);
        plotted = null;
        if (tabs.getSelectionModel().getSelectedItem() == plotTab) {
            plotted = node;
            plot().show(plotSource);
        }
        if (tabs.getSelectionModel().getSelectedItem() == heatTab) {
            heatPending = null;
            heat().show(c.slice(), c.label());
        } else {
            heatPending = c;
        }
    }

    /** Column {@code j} of a slice as the slice bar writes it, e.g. {@code [:, 34]}. */
    private static String columnName(SliceBar.Choice c, long j) {
        long[] at = c.at().clone();
        at[c.colDim()] = j;
        return SliceBar.describe(c.rowDim(), -1, at);
    }

    /** Up to {@link #SLICE_COLUMNS} columns of a slice from column {@code first}, as the values table shows them. */
    private static ValuesView.Model sliceColumns(SliceBar.Choice c, long first) {
        List<String> names = new ArrayList<>();
        List<ValueColumn> cols = new ArrayList<>();
        List<Node> from = new ArrayList<>();
        for (long j = first; j < Math.min(first + SLICE_COLUMNS, c.slice().columns()); j++) {
            String name = columnName(c, j);
            names.add(name);
            cols.add(c.slice().column(j, name));
            from.add(Node.of(name, "slice-column"));
        }
        return cols.isEmpty() ? ValuesView.Model.EMPTY : new ValuesView.Model(names, cols, from);
    }

    /** A node's own values, or a table's numeric columns to choose from (each plotted alone, counted alone). */
    private static PlotView.Source plotSourceOf(ValuesView.Model vm, Node n) {
        if (n.values() != null || vm.columns().size() < 2) return PlotView.Source.of(n.values() != null ? n.values() : vm.columns().isEmpty() ? null : vm.columns().get(0));
        List<String> names = new ArrayList<>();
        List<ValueColumn> numeric = new ArrayList<>();
        for (int i = 0; i < vm.columns().size(); i++) {
            if (!vm.columns().get(i).type().numeric()) continue;
            names.add(vm.names().get(i));
            numeric.add(vm.columns().get(i));
        }
        return numeric.isEmpty() ? PlotView.Source.of(vm.columns().get(0)) : new PlotView.Source(names, numeric::get, null);
    }

    /** Every column of a slice to choose from (named as the slice bar names it), the histogram over all its elements. */
    private static PlotView.Source sliceSource(SliceBar.Choice c) {
        long columns = c.slice().columns();
        java.util.function.IntFunction<String> name = j -> columnName(c, j);
        List<String> names = new java.util.AbstractList<>() {
            @Override public String get(int j) { return name.apply(j); }
            @Override public int size() { return (int) Math.min(Integer.MAX_VALUE, columns); }
        };
        return new PlotView.Source(names, j -> c.slice().column(j, name.apply(j)), () -> c.slice().elements(c.label()));
    }

    private HeatMapView heat() {
        if (heat == null) {
            heat = new HeatMapView(runner);
            heatTab.setContent(heat);
        }
        return heat;
    }

    /** For tests. */
    SliceBar sliceBar() { return sliceBar; }

    HeatMapView heatMap() { return heat(); }

    /** netCDF / CF data: says what is applied, and offers the stored numbers. */
    private void offerStoredValues(Node n) {
        CfValues cf = n.facet(CfValues.class);
        cfBar.setVisible(cf != null);
        cfBar.setManaged(cf != null);
        if (cf == null) {
            cfBar.getChildren().clear();
            return;
        }
        if (cfBar.getChildren().isEmpty()) cfBar.getChildren().setAll(storedValues, conventions);
        storedValues.setSelected(!showsPhysical(n));
        conventions.setText(n.values() instanceof CfColumn c
                ? "netCDF / CF: " + c.conventions().description() : "netCDF / CF not applied");
    }

    private static boolean showsPhysical(Node n) {
        return n.values() instanceof CfColumn;
    }

    /** For tests. */
    javafx.scene.control.CheckBox storedValuesSwitch() { return storedValues; }

    /** A standalone Blosc chunk: offers its readings, with the remembered one or a guess from its first values. */
    private void offerInterpretations(Node n) {
        boolean offered = Interpretation.offeredFor(n);
        interpretBar.setVisible(offered);
        interpretBar.setManaged(offered);
        if (!offered) return;
        ValueColumn raw = n.facet(ElementReading.class).stored();
        choosing = true;
        interpretAs().getItems().setAll(Interpretation.choices(raw.type().byteWidth()));
        interpretAs().setValue(null);
        choosing = false;
        Interpretation remembered = Interpretation.of(INTERPRETATIONS.get(fileKey(n), ""), raw.type().byteWidth());
        if (remembered != null) {
            interpret(remembered, false);
            return;
        }
        runner.quietly(() -> Interpretation.guess(raw), guess -> { if (node == n) interpret(guess, false); },
                ex -> { if (node == n) interpret(Interpretation.choices(raw.type().byteWidth()).get(0), false); });
    }

    /** Shows the chunk's values read as {@code how}; a person's choice is remembered for the file. */
    private void interpret(Interpretation how, boolean chosen) {
        Node n = node;
        if (n == null || !Interpretation.offeredFor(n)) return;
        if (chosen) INTERPRETATIONS.put(fileKey(n), how.key());
        choosing = true;
        interpretAs().setValue(how);
        choosing = false;
        // the node itself reads this way from now on: export, decode, trace and statistics read what the table shows
        n.facet(ElementReading.class).apply(n, how.type(), how.bigEndian());
        ValueColumn read = n.values();
        plotSource = PlotView.Source.of(read);
        values.show(new ValuesView.Model(List.of("Value"), List.of(read), List.of(n)));
        valuesTab.setText("Values (" + String.format("%,d", read.count()) + ")");
        plotted = null;
        if (tabs.getSelectionModel().getSelectedItem() == plotTab) {
            plotted = n;
            plot().show(plotSource);
        }
    }

    /** A short, stable key for a file's remembered reading (preference keys are limited to 80 characters). */
    private static String fileKey(Node n) {
        String where = n.source() != null ? n.source().name() : n.path() + "/" + n.name();
        String tail = where.length() > 60 ? where.substring(where.length() - 60) : where;
        return Integer.toHexString(where.hashCode()) + ":" + tail;
    }

    /** True while "Read elements as" is offered, its choice made. */
    boolean offersInterpretation() { return interpretAs != null && interpretBar.isVisible() && interpretAs.getValue() != null; }

    javafx.scene.control.ComboBox<Interpretation> interpretAs() {
        if (interpretAs == null) {
            interpretAs = new javafx.scene.control.ComboBox<>();
            interpretAs.setId("interpret-as");
            interpretAs.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            interpretAs.setTooltip(new javafx.scene.control.Tooltip(
                    "A Blosc chunk's header knows only the element size: choose how to read its elements (remembered for this file)"));
            interpretAs.valueProperty().addListener((o, was, now) -> { if (now != null && !choosing) interpret(now, true); });
            interpretBar.getChildren().setAll(new Label("Read elements as"), interpretAs);
        }
        return interpretAs;
    }

    /** Finds, in the background, the node holding a trace step's bits, then has the tree select it. */
    private void revealStep(Node traced, Trace.Step step) {
        Trace trace = values.tracePane().trace();
        runner.submit("Finding where " + step.title() + " lies", p -> NodeLocator.locate(traced, step.source(), step.span(), p), path -> {
            if (path == null) {
                values.tracePane().note("No node in the tree holds these bits: they are in " + step.source().name() + ", a buffer decoded on the way");
                return;
            }
            Runnable finish = () -> finishReveal(step, trace, traced);
            if (path.innermost() == node) {
                finish.run();
            } else {
                whenShown = new WhenShown(path.innermost(), finish);
                revealPath.accept(path);
            }
        });
    }

    /** The revealed node is shown: select the field holding the step, its bits, and bring the trace back. */
    private void finishReveal(Trace.Step step, Trace trace, Node traced) {
        tabs.getSelectionModel().select(structureTab);
        structure.selectFieldCovering(step.span());
        if (trace != null) values.tracePane().show(trace, traced);
        showStep(step);
    }

    /** Shows a trace step's bits, in whatever buffer the step read them from. */
    private void showStep(Trace.Step step) {
        if (step.source() != null && step.source() != hex.source()) hex.show(step.source());
        if (step.span() != null) hex.selectPlace(step.span());
    }

    private void pick(TreeWalk.Located located, java.util.function.Consumer<Node> revealNode) {
        Diagnostic d = located.diagnostic();
        Span s = d.span() != null ? d.span() : located.node().span();
        Runnable highlight = () -> {
            tabs.getSelectionModel().select(diagnosticsTab);
            if (s != null) hex.selectPlace(s);
        };
        if (located.node() != node) {
            show(located.node());
            // the tree's selection shows the node once more when it is loaded: highlight again then
            whenShown = new WhenShown(located.node(), highlight);
            revealNode.accept(located.node());
        }
        highlight.run();
    }

    private static String spanText(Span s) {
        return s.isByteAligned() ? String.format("bytes %,d–%,d", s.byteOffset(), Math.max(s.byteOffset(), s.byteEnd() - 1))
                : "bits " + s.startBit() + "–" + (s.endBit() - 1);
    }

    /** Shows tab {@code index} (if there is one) and puts the focus in it. */
    public void showTab(int index) {
        if (index < 0 || index >= tabs.getTabs().size()) return;
        tabs.getSelectionModel().select(index);
        focusTab();
    }

    public void showValues() { tabs.getSelectionModel().select(valuesTab); }

    /** Focuses the main control of the open tab: its table, list, plot or matrix. */
    public void focusTab() {
        Tab t = tabs.getSelectionModel().getSelectedItem();
        javafx.scene.Node target = t == structureTab ? structure
                : t == valuesTab ? values.table()
                : t == plotTab ? plot().focusTarget()
                : t == spyTab ? spy().focusTarget()
                : t == diagnosticsTab ? diagnostics.table()
                : t == null || t.getContent() == null ? tabs : t.getContent().lookup(".table-view");
        (target == null ? tabs : target).requestFocus();
    }

    /** Divider positions: tabs over hex, structure beside explanation, values beside trace. */
    public double[] dividers() {
        return new double[] {split.getDividerPositions()[0], structureSplit.getDividerPositions()[0], values.dividerPosition()};
    }

    public void setDividers(double hex, double explain, double trace) {
        split.setDividerPositions(hex);
        structureSplit.setDividerPositions(explain);
        values.setDividerPosition(trace);
    }

    public Node node() { return node; }
    public StructureView structure() { return structure; }
    public HexView hex() { return hex; }
    public ValuesView values() { return values; }
    public DiagnosticsView diagnostics() { return diagnostics; }
    /** Makes the plot now rather than when first shown (the main window does it while starting). */
    public void preparePlot() { plot(); }

    /** The plot (a chartfx chart, costly to make and style), made when first asked for. */
    PlotView plot() {
        if (plot == null) {
            plot = new PlotView(runner);
            plotTab.setContent(plot);
        }
        return plot;
    }

    /** The spy plot, built when a matrix is first shown. */
    SpyView spy() {
        if (spy == null) {
            spy = new SpyView(runner);
            spyTab.setContent(spy);
        }
        return spy;
    }

    /** Redraws what paints itself (after a theme change). */
    public void repaint() {
        hex.repaint();
        if (spy != null) spy.repaint();
    }
    ExplainPane explain() { return explain; }
    public TabPane tabs() { return tabs; }

    /** Selects a field by name (used by tests and keyboard navigation). */
    public boolean selectField(String name) {
        for (Field f : structure.getItems()) {
            if (f.name().equals(name)) {
                structure.getSelectionModel().select(f);
                return true;
            }
        }
        return false;
    }
}
