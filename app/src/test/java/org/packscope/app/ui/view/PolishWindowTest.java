package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TableRow;
import javafx.scene.paint.Color;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.Samples;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.MainWindow;
import org.packscope.app.ui.Shortcuts;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Severity;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What a person sees at 1280×800, the screenshots' size: every tab of a BPCells matrix named
 * in sentence case and shown whole, none behind an overflow menu; the subtitle's problem
 * count the same as the Diagnostics tab's list; a Structure row whose bits a problem names
 * drawn in the error colour.
 */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class PolishWindowTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        Preferences prefs = Preferences.userRoot().node("packscope-tests-polish");
        prefs.clear();
        window = new MainWindow(stage, prefs);
        stage.setWidth(1280);
        stage.setHeight(800);
        stage.show();
    }

    private void openAndWait(FxRobot robot, Path path) throws Exception {
        Opened.openAndWait(robot, window, path);
    }

    private static final Path DAMAGED_MATRIX = Samples.get("bpcells/medium_packed_uint_col_dir_names-damaged");

    @Test
    void matrixTabsAreInSentenceCaseAndAllShowWhole(FxRobot robot) throws Exception {
        openAndWait(robot, DAMAGED_MATRIX);
        List<Tab> tabs = window.detail().tabs().getTabs();
        assertTrue(tabs.size() >= 8, "the matrix's tables have tabs: " + tabs.stream().map(Tab::getText).toList());
        for (Tab t : tabs) {
            String text = t.getText();
            assertTrue(Character.isUpperCase(text.charAt(0)), "sentence case: " + text);
            assertFalse(text.matches(".* [A-Z][a-z]+.*"), "no Title Case after the first word: " + text);
        }
        // no overflow menu, and each tab's label drawn whole inside the header
        javafx.scene.Node menu = window.detail().tabs().lookup(".control-buttons-tab");
        assertTrue(menu == null || !menu.isVisible(), "all tabs fit: no overflow menu at 1280 px: "
                + tabs.stream().map(Tab::getText).toList() + " in " + window.detail().tabs().getWidth() + " px");
        javafx.scene.Node header = window.detail().tabs().lookup(".tab-header-area");
        double right = header.localToScene(header.getBoundsInLocal()).getMaxX();
        for (javafx.scene.Node l : window.detail().tabs().lookupAll(".tab-label")) {
            Label label = (Label) l;
            Text drawn = (Text) label.lookup(".text");
            assertEquals(label.getText(), drawn.getText(), "drawn whole, not elided");
            assertTrue(label.localToScene(label.getBoundsInLocal()).getMaxX() <= right + 0.5, label.getText() + " lies inside the header");
        }
    }

    @Test
    void subtitleCountsWhatTheDiagnosticsTabLists(FxRobot robot) throws Exception {
        openAndWait(robot, DAMAGED_MATRIX);
        DiagnosticsView d = window.detail().diagnostics();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !d.infoText().startsWith("Looking"));
        WaitForAsyncUtils.waitForFxEvents();
        long errors = d.table().getItems().stream().filter(l -> l.diagnostic().severity() == Severity.ERROR).count();
        long warnings = d.table().getItems().size() - errors;
        assertTrue(errors > 0, "the damaged copy has errors");
        String subtitle = ((Label) robot.lookup("#detail-subtitle").query()).getText();
        assertTrue(subtitle.contains(" · " + errors + (errors == 1 ? " error" : " errors")), subtitle + " counts " + errors + " errors");
        if (warnings > 0) assertTrue(subtitle.contains(" · " + warnings + (warnings == 1 ? " warning" : " warnings")), subtitle);
        else assertFalse(subtitle.contains("warning"), subtitle);
        Tab tab = window.detail().tabs().getTabs().stream().filter(t -> t.getText().startsWith("Diagnostics")).findFirst().orElseThrow();
        assertEquals("Diagnostics (" + (errors + warnings) + ")", tab.getText());
    }

    @Test
    void structureRowsOfFieldsAProblemNamesAreRed(FxRobot robot) throws Exception {
        Path file = Samples.get("pco/multichunk_f32_10x1000-damaged.pco");
        openAndWait(robot, file);
        // the first node, depth first, with a field whose bits one of its errors names
        List<String> path = new ArrayList<>();
        Node marked = find(window.detail().node(), path, 0);
        assertNotNull(marked, "the damaged file names a field's bits in an error");
        var rootItem = window.browser().getRoot().getChildren().get(0);
        robot.interact(() -> window.browser().revealPath(rootItem, path, item -> window.browser().getSelectionModel().select(item)));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() == marked);
        WaitForAsyncUtils.waitForFxEvents();
        StructureView s = window.detail().structure();
        java.util.Map<Field, Severity> marks = StructureView.marks(marked);
        int bad = -1, good = -1;
        for (int i = 0; i < s.getItems().size(); i++) {
            Severity m = marks.get(s.getItems().get(i));
            if (m == Severity.ERROR && bad < 0) bad = i;
            if (m == null && good < 0 && s.getItems().get(i).span() != null) good = i;
        }
        assertTrue(bad >= 0 && good >= 0, "a red row and a plain one: " + bad + ", " + good);
        int badRow = bad, goodRow = good;
        robot.interact(() -> s.scrollTo(Math.min(badRow, goodRow)));
        WaitForAsyncUtils.waitForFxEvents();
        Color red = valueColour(s, badRow), plain = valueColour(s, goodRow);
        assertNotNull(red, "row " + badRow + " on screen");
        assertNotNull(plain, "row " + goodRow + " on screen");
        assertTrue(red.getRed() > red.getGreen() + 0.2 && red.getRed() > red.getBlue() + 0.2, "the bad field's text is red: " + red);
        assertFalse(plain.getRed() > plain.getGreen() + 0.2, "a sound field's is not: " + plain);
    }

    @Test
    void plotAxesArePlainNumbersOfTheNodeShown(FxRobot robot) throws Exception {
        // 20 M-scale timestamps (about 1.7 × 10^12): plain digits on the value axis, never 1.7E12
        List<String> first = plottedTicks(robot, Samples.get("pco/smooth_i64_timestamps_ms.pco"));
        // a node of small integers next: its own axes at once, nothing left of the last node's
        List<String> second = plottedTicks(robot, Samples.get("pco/conv1_i32_ar2_o2.pco"));
        for (String t : second) assertFalse(first.contains(t) && Math.abs(number(t)) > 1e9, "no tick of the last node: " + t);
    }

    /** Opens {@code file}, shows its plot, and checks its value and index ticks against its values; returns the value ticks. */
    private List<String> plottedTicks(FxRobot robot, Path file) throws Exception {
        openAndWait(robot, file);
        Tab plotTab = window.detail().tabs().getTabs().stream().filter(t -> t.getText().equals("Plot")).findFirst().orElseThrow();
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(plotTab));
        PlotView plot = window.detail().plot();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> plot.columnShown() == window.detail().node().values() && plot.plottedPoints() > 0);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.idle());
        // the tick marks follow the axis range at the next layout pass
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !plot.yAxis().getTickMarks().isEmpty() && plot.yAxis().getTickMarks().stream()
                .allMatch(m -> m.getValue() >= plot.yAxis().getMin() && m.getValue() <= plot.yAxis().getMax()));
        WaitForAsyncUtils.waitForFxEvents();
        org.packscope.codec.inspect.ValueColumn c = plot.columnShown();
        org.packscope.app.plot.Recount all = org.packscope.app.plot.Recount.columns(c, 0, c.count(), 1, i -> 0);
        double span = Math.max(1, all.highest - all.lowest);
        List<String> ticks = new ArrayList<>();
        for (var t : plot.yAxis().getTickMarks()) {
            String text = t.getText();
            assertFalse(text.matches(".*[0-9][eE][-+]?[0-9].*"), file.getFileName() + ": a plain number, not " + text);
            double v = number(text);
            assertEquals(t.getValue(), v, Math.abs(t.getValue()) * 1e-11 + 1e-9, "the label says its tick's value: " + text);
            assertTrue(v >= all.lowest - span && v <= all.highest + span,
                    file.getFileName() + ": tick " + text + " lies by the values " + all.lowest + " … " + all.highest + "; axis "
                            + plot.yAxis().getMin() + " … " + plot.yAxis().getMax() + ", ticks " + plot.yAxis().getTickMarks().stream().map(m -> m.getText()).toList());
            ticks.add(text);
        }
        assertFalse(ticks.isEmpty(), "the value axis is labelled");
        assertEquals(c.count(), plot.xAxis().getMax(), 0.0, "the index axis ends at this node's last value");
        return ticks;
    }

    private static double number(String tick) { return Double.parseDouble(tick.replace(",", "")); }

    @Test
    void helpFormatsListsEveryFormatTheReadmeNames(FxRobot robot) throws Exception {
        robot.interact(() -> window.showFormats());
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.Alert a = window.formatsDialog();
        try {
            assertTrue(a.isShowing());
            assertEquals("Formats PackScope reads", a.getTitle(), "the dialog is titled by what it shows");
            String text = a.getContentText();
            // the README's "What it reads" table, row by row, and the readers inside HDF5 and .rds files
            for (String format : List.of("Pco", "Blosc", "bcolz", "BPCells matrix (folder)", "BPCells matrix (HDF5 group)",
                    "BPCells matrices saved from R", "AnnData", "10x Genomics", "R serialized", "Binary JSON", "Zarr", "HDF5",
                    "netCDF-4", "Folder", "Raw bytes")) {
                assertTrue(text.contains(format), format + " is listed: " + text);
            }
            for (var f : org.packscope.codec.format.FormatRegistry.standard().formats()) assertTrue(text.contains(f.displayName()), f.displayName());
        } finally {
            robot.interact(a::close);
        }
    }

    /** The first word of every button: a verb saying what it does (toggles name the view they choose). */
    private static final java.util.Set<String> VERBS = java.util.Set.of("Go", "Trace", "Show", "Fit", "Check", "Cancel", "Save", "Read",
            "Export", "Open", "Compare", "Close", "Find", "Copy", "Encode", "Zoom");

    @Test
    void everyButtonSaysWhatItDoesInOneStyle(FxRobot robot) throws Exception {
        java.util.Map<String, String> seen = new java.util.TreeMap<>();
        for (Path p : List.of(Samples.get("pco/multichunk_f32_10x1000-damaged.pco"), DAMAGED_MATRIX,
                Path.of("../codec/src/test/resources/fixtures/cf/cf.nc"))) {
            openAndWait(robot, p);
            if (p.getFileName().toString().equals("cf.nc")) {
                var rootItem = window.browser().getRoot().getChildren().stream()
                        .filter(c -> c.getValue() instanceof Node n && n.name().equals("cf.nc")).findFirst().orElseThrow();
                robot.interact(() -> window.browser().revealPath(rootItem, List.of("temp"), item -> window.browser().getSelectionModel().select(item)));
                WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("temp"));
            }
            for (int i = 0; i < window.detail().tabs().getTabs().size(); i++) {
                int tab = i;
                robot.interact(() -> window.detail().tabs().getSelectionModel().select(tab));
                WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.idle());
                WaitForAsyncUtils.waitForFxEvents();
                List<javafx.scene.Node> buttons = new ArrayList<>();
                for (String kind : List.of(".button", ".toggle-button", ".check-box")) buttons.addAll(window.detail().lookupAll(kind));
                for (javafx.scene.Node b : buttons) {
                    javafx.scene.control.ButtonBase button = (javafx.scene.control.ButtonBase) b;
                    if (!shown(button)) continue;
                    String text = button.getText();
                    String where = p.getFileName() + " / " + window.detail().tabs().getTabs().get(tab).getText();
                    assertTrue(text != null && !text.isBlank(), "a button with no words in " + where + ": " + button);
                    seen.put(text, where);
                    assertTrue(Character.isUpperCase(text.charAt(0)), "sentence case: " + text);
                    assertFalse(text.matches(".* [A-Z][a-z]+.*"), "sentence case, not Title Case: " + text);
                    String first = text.split("[ …]")[0];
                    assertTrue(button instanceof javafx.scene.control.ToggleButton || VERBS.contains(first),
                            "'" + text + "' (" + where + ") starts with what it does");
                    Text drawn = (Text) button.lookup(".text");
                    if (drawn != null && button.getWidth() > 0) assertEquals(text, drawn.getText(), "drawn whole in " + where);
                }
            }
        }
        assertTrue(seen.keySet().containsAll(List.of("Go to index", "Trace value", "Fit all", "Check deeply", "Show stored values")),
                "the buttons looked at: " + seen);
        robot.interact(() -> Shortcuts.dialog((Stage) window.detail().getScene().getWindow()).show());
        WaitForAsyncUtils.waitForFxEvents();
        Stage keys = (Stage) javafx.stage.Window.getWindows().stream().filter(w -> w instanceof Stage s && s.getTitle() != null
                && s.getTitle().startsWith("Keyboard")).findFirst().orElseThrow();
        assertEquals("Keyboard shortcuts", keys.getTitle(), "the dialog is titled by what it shows");
        robot.interact(keys::close);
    }

    /** True when {@code n} and everything holding it are visible (another tab's content is held, hidden). */
    private static boolean shown(javafx.scene.Node n) {
        if (n.getScene() == null) return false;
        for (javafx.scene.Node p = n; p != null; p = p.getParent()) if (!p.isVisible()) return false;
        return true;
    }

    /** Depth first from {@code n} (3 levels): a node with a field an error names; {@code path} gets the names below the root. */
    private static Node find(Node n, List<String> path, int depth) {
        if (StructureView.marks(n).containsValue(Severity.ERROR)) return n;
        if (depth == 3) return null;
        for (Node c : n.children()) {
            path.add(c.name());
            Node f = find(c, path, depth + 1);
            if (f != null) return f;
            path.remove(path.size() - 1);
        }
        return null;
    }

    /** The fill of the Field column's text in table row {@code row}, as drawn; null when it is not on screen. */
    private static Color valueColour(StructureView s, int row) {
        for (javafx.scene.Node r : s.lookupAll(".table-row-cell")) {
            TableRow<?> tr = (TableRow<?>) r;
            if (tr.getIndex() != row || tr.isEmpty()) continue;
            Text t = (Text) tr.lookup(".table-cell .text");
            return t == null ? null : (Color) t.getFill();
        }
        return null;
    }
}
