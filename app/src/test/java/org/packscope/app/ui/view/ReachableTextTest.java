package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.Samples;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.MainWindow;
import org.packscope.codec.inspect.Field;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Nothing is cut off for good: the Structure's Raw, Value and Meaning and the Diagnostics'
 * Where and Message give their whole text on hover, however narrow the column; at 1024×720
 * the trace pane keeps a readable width and no step's label ends in "…", and values without
 * a trace give the table the whole width.
 */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class ReachableTextTest {
    private MainWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        Preferences prefs = Preferences.userRoot().node("packscope-tests-reachable");
        prefs.clear();
        this.stage = stage;
        window = new MainWindow(stage, prefs);
        stage.setWidth(1024);
        stage.setHeight(720);
        stage.show();
    }

    private void openAndWait(FxRobot robot, Path path) throws Exception {
        Opened.openAndWait(robot, window, path);
    }

    /** The cell of {@code table}'s column {@code title} in row {@code row} (on screen). */
    private static TableCell<?, ?> cell(TableView<?> table, String title, int row) {
        return table.lookupAll(".table-cell").stream().map(n -> (TableCell<?, ?>) n)
                .filter(c -> c.getIndex() == row && c.getTableColumn() != null && c.getTableColumn().getText().equals(title))
                .findFirst().orElse(null);
    }

    /** Moves the pointer onto {@code cell}: the text the table's tooltip then holds. */
    private static String hover(FxRobot robot, TableView<?> table, TableCell<?, ?> cell) {
        robot.moveTo(cell);
        WaitForAsyncUtils.waitForFxEvents();
        return table.getTooltip() == null ? null : table.getTooltip().getText();
    }

    @Test
    void structureCellsGiveTheirWholeTextOnHover(FxRobot robot) throws Exception {
        // a netCDF dimension (1-D): its fields have long meanings and a long REFERENCE_LIST value
        openAndWait(robot, Path.of("../codec/src/test/resources/fixtures/cf/cf.nc"));
        var rootItem = window.browser().getRoot().getChildren().get(0);
        robot.interact(() -> window.browser().revealPath(rootItem, List.of("x"), item -> window.browser().getSelectionModel().select(item)));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("x"));
        WaitForAsyncUtils.waitForFxEvents();
        StructureView s = window.detail().structure();
        // narrow columns: the longest meaning cannot fit
        robot.interact(() -> s.getColumns().forEach(c -> c.setPrefWidth(60)));
        List<Field> fields = s.getItems();
        int longest = 0;
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            if (f.meaning().length() + f.value().length() > fields.get(longest).meaning().length() + fields.get(longest).value().length()) longest = i;
        }
        int row = longest;
        robot.interact(() -> { s.scrollTo(row); s.getSelectionModel().select(row); });
        WaitForAsyncUtils.waitForFxEvents();
        Field f = fields.get(row);
        for (String col : List.of("Raw", "Value", "Meaning")) {
            TableCell<?, ?> c = cell(s, col, row);
            assertNotNull(c, col + " cell of row " + row);
            String want = col.equals("Meaning") ? f.meaning() : col.equals("Value") ? f.value() : c.getText();
            if (want == null || want.isEmpty()) continue;
            assertEquals(want, hover(robot, s, c), col + ": the whole text on hover");
        }
        assertTrue(f.meaning().length() + f.value().length() > 80, "long texts were checked: " + f);
    }

    @Test
    void diagnosticsWhereAndMessageGiveTheirWholeTextOnHover(FxRobot robot) throws Exception {
        openAndWait(robot, Samples.get("pco/multichunk_f32_10x1000-damaged.pco"));
        DiagnosticsView d = window.detail().diagnostics();
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(window.detail().tabs().getTabs().stream()
                .filter(t -> t.getText().startsWith("Diagnostics")).findFirst().orElseThrow()));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !d.table().getItems().isEmpty());
        robot.interact(() -> d.table().getColumns().forEach(c -> c.setPrefWidth(50)));
        WaitForAsyncUtils.waitForFxEvents();
        var first = d.table().getItems().get(0);
        var severity = d.table().getColumns().get(0);
        assertTrue(severity.getWidth() >= DiagnosticsView.SEVERITY_MIN_WIDTH, "the Severity header is not cut: " + severity.getWidth());
        javafx.scene.control.Label header = (javafx.scene.control.Label) d.table().lookupAll(".column-header .label").stream()
                .filter(l -> "Severity".equals(((javafx.scene.control.Label) l).getText())).findFirst().orElseThrow();
        assertEquals("Severity", ((Text) header.lookup(".text")).getText(), "drawn whole, not 'Seve…'");
        TableCell<?, ?> message = cell(d.table(), "Message", 0), where = cell(d.table(), "Where", 0);
        assertNotNull(message);
        assertEquals(first.diagnostic().message(), hover(robot, d.table(), message));
        String path = first.node().path().isEmpty() ? first.node().name() : first.node().path();
        assertEquals(path, hover(robot, d.table(), where));
    }

    /**
     * The heat map's summary ("[:, :] rows 0–99 of 100, … values 9.675 … 164.4") was cut to
     * "164.4…" at 1280 px, and its colour choices to "Mean …": at 1280×800 and 1024×720 every
     * label and choice above and below the map is drawn whole (the summary wraps), inside the view.
     */
    @Test
    void heatMapSummaryAndChoicesAreDrawnWholeAt1280And1024(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(Samples.get("zarr/sample_v2.zarr")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null);
        var rootItem = window.browser().getRoot().getChildren().get(0);
        robot.interact(() -> window.browser().revealPath(rootItem, List.of("weather", "temperature"),
                item -> window.browser().getSelectionModel().select(item)));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("temperature"));
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(window.detail().tabs().getTabs().stream()
                .filter(t -> t.getText().equals("Heat map")).findFirst().orElseThrow()));
        HeatMapView map = window.detail().heatMap();
        for (double[] size : new double[][] {{1280, 800}, {1024, 720}}) {
            robot.interact(() -> {
                stage.setWidth(size[0]);
                stage.setHeight(size[1]);
            });
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> map.infoText().contains(" values ") && !map.infoText().startsWith("Reading"));
            WaitForAsyncUtils.waitForFxEvents();
            String at = (int) size[0] + "×" + (int) size[1] + ": ";
            assertEquals(size[0], stage.getWidth(), 0.5);
            double right = map.localToScene(map.getBoundsInLocal()).getMaxX();
            Label info = (Label) map.lookup("#heatmap-info");
            assertTrue(info.getText().matches("\\[:, :\\] rows 0–99 of 100, columns 0–119 of 120 · .*164\\.4.*"), at + info.getText());
            int checked = 0;
            List<javafx.scene.Node> labelled = new java.util.ArrayList<>(map.lookupAll(".label"));
            labelled.add(map.lookup("#heatmap-fit"));
            for (javafx.scene.Node n : labelled) {
                if (!(n instanceof javafx.scene.control.Labeled l) || !l.isVisible() || l.getText() == null || l.getText().isEmpty()) continue;
                StringBuilder drawn = new StringBuilder();
                for (javafx.scene.Node t : l.lookupAll(".text")) if (t instanceof Text text && text.getText() != null) drawn.append(text.getText()).append(' ');
                assertEquals(l.getText().replaceAll("\\s+", " ").strip(), drawn.toString().replaceAll("\\s+", " ").strip(),
                        at + "drawn whole, not elided (" + l.getWidth() + " px wide)");
                assertTrue(l.localToScene(l.getBoundsInLocal()).getMaxX() <= right + 0.5, at + l.getText() + " lies inside the view");
                checked++;
            }
            for (String id : List.of("#heatmap-shown", "#heatmap-scale")) {
                javafx.scene.control.ComboBox<?> box = (javafx.scene.control.ComboBox<?>) map.lookup(id);
                var shownCell = (javafx.scene.control.Labeled) ((javafx.scene.control.skin.ComboBoxListViewSkin<?>) box.getSkin()).getDisplayNode();
                StringBuilder drawn = new StringBuilder();
                for (javafx.scene.Node t : shownCell.lookupAll(".text")) if (t instanceof Text text && text.getText() != null) drawn.append(text.getText());
                assertEquals(box.getValue().toString(), drawn.toString(), at + id + " drawn whole, not elided");
                assertTrue(box.localToScene(box.getBoundsInLocal()).getMaxX() <= right + 0.5, at + id + " lies inside the view");
            }
            assertTrue(checked >= 3, at + "labels checked: " + checked + " (summary, hover line, Fit all)");
        }
    }

    @Test
    void at1024By720TheTracePaneIsReadableAndNoStepIsCut(FxRobot robot) throws Exception {
        openAndWait(robot, Samples.get("pco/smooth_i64_timestamps_ms.pco"));
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(1));
        ValuesView values = window.detail().values();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !values.table().getItems().isEmpty());
        robot.interact(() -> {
            values.table().getSelectionModel().clearAndSelect(1234);
            values.traceSelected();
        });
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> values.tracePane().steps().getItems().size() > 5);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> values.tracePane().steps().lookupAll(".list-cell").stream()
                .filter(n -> n instanceof ListCell<?> c && !c.isEmpty() && c.getGraphic() != null).count() >= 2);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1024, stage.getWidth(), 0.5);
        double trace = values.tracePane().getWidth(), table = values.table().getWidth();
        assertTrue(trace >= ValuesView.TRACE_MIN_WIDTH - 0.5, "trace pane " + trace + " px");
        assertTrue(table > trace, "the table keeps the larger share: " + table + " vs " + trace);
        int checked = 0;
        for (javafx.scene.Node n : values.tracePane().steps().lookupAll(".list-cell")) {
            ListCell<?> c = (ListCell<?>) n;
            if (c.isEmpty() || c.getGraphic() == null) continue;
            for (javafx.scene.Node l : c.getGraphic().lookupAll(".label")) {
                Label label = (Label) l;
                for (javafx.scene.Node t : label.lookupAll(".text")) {
                    if (t instanceof Text text && text.getText() != null && !text.getText().isEmpty()) {
                        // what is drawn is the whole text, wrapped (JavaFX elides with "..." or "…")
                        assertEquals(label.getText().replaceAll("\\s+", " ").strip(), text.getText().replaceAll("\\s+", " ").strip(),
                                "step label cut");
                        checked++;
                    }
                }
            }
            assertNotNull(c.getTooltip(), "a step's whole text on hover");
        }
        assertTrue(checked >= 4, "labels checked: " + checked + " in " + values.tracePane().steps().lookupAll(".list-cell").size()
                + " cells, trace " + trace + " px, list " + values.tracePane().steps().getHeight() + " px high");
    }

    @Test
    void valuesWithoutATraceGetTheWholeWidth(FxRobot robot) throws Exception {
        openAndWait(robot, Samples.get("hdf5/blosc_filtered.h5"));
        var rootItem = window.browser().getRoot().getChildren().get(0);
        robot.interact(() -> window.browser().revealPath(rootItem, List.of("counts"), item -> window.browser().getSelectionModel().select(item)));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("counts"));
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(1));
        WaitForAsyncUtils.waitForFxEvents();
        ValuesView values = window.detail().values();
        assertTrue(window.detail().node().facet(org.packscope.codec.inspect.ValueTracer.class) == null, "a node without a tracer");
        assertFalse(values.tracePane().getParent() != null && values.tracePane().isVisible() && values.tracePane().getWidth() > 0,
                "no trace pane beside values that cannot be traced");
        assertTrue(values.table().getWidth() >= values.getWidth() - 20, values.table().getWidth() + " of " + values.getWidth());
    }
}
