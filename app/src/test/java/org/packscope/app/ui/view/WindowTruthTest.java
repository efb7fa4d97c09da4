package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableCell;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.app.Samples;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.MainWindow;
import org.packscope.app.ui.window.DiffWindow;
import org.packscope.app.ui.window.TeachingWindow;
import org.packscope.codec.inspect.Node;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What a person sees in the main window is true and readable: diagnostics before and after
 * a deep check, marked tree nodes, gaps in the values, the layout at 1280×800 and 1024 px,
 * secondary windows, menus, focus and the dark theme.
 */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class WindowTruthTest {
    private MainWindow window;
    private Stage stage;
    private static final Preferences PREFS = Preferences.userRoot().node("packscope-tests-truth");

    @Start
    void start(Stage stage) throws Exception {
        PREFS.clear();
        this.stage = stage;
        window = new MainWindow(stage, PREFS);
        stage.show();
    }

    private void openAndWait(FxRobot robot, Path path) throws Exception {
        String name = path.getFileName().toString();
        robot.interact(() -> window.open(path));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> window.detail().node() != null && window.detail().node().name().equals(name));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void waitIdle() throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.idle());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** A folder holding a Blosc chunk whose block decodes wrongly: its structure is fine, a deep check finds the damage. */
    static Path folderWithABrokenBlock(Path dir) throws Exception {
        byte[] b = Files.readAllBytes(Samples.get("blosc/blosclz_shuf_ts4_64k_mixed_c5.blosc"));
        int start = java.nio.ByteBuffer.wrap(b, 16, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
        for (int i = start + 6; i < start + 44; i++) b[i] = (byte) (i * 37);
        Path folder = Files.createDirectories(dir.resolve("broken_blocks"));
        Files.write(folder.resolve("scrambled.blosc"), b);
        return folder;
    }

    private TreeCell<?> cellOf(FxRobot robot, Object value) {
        return robot.lookup(".tree-cell").queryAll().stream().map(n -> (TreeCell<?>) n)
                .filter(c -> c.getItem() == value).findFirst().orElse(null);
    }

    @Test
    void diagnosticsSayWhatWasCheckedAndADeepCheckMarksTheTree(FxRobot robot, @TempDir Path dir) throws Exception {
        Path folder = folderWithABrokenBlock(dir);
        openAndWait(robot, folder);
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(3));
        DiagnosticsView d = window.detail().diagnostics();
        waitIdle();
        assertEquals(DiagnosticsView.STRUCTURE_ONLY, d.infoText(), "no claim of 'no problems' before values are decoded");
        assertEquals(0, d.count());
        robot.interact(d::checkDeeply);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> d.infoText().endsWith("(deep check)"));
        assertTrue(d.infoText().startsWith("1 error"), d.infoText());
        // the tree: the file turns red, the folder holding it is marked
        TreeItem<Object> folderItem = window.browser().getRoot().getChildren().get(0);
        robot.interact(() -> folderItem.setExpanded(true));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> folderItem.getChildren().size() == 1
                && folderItem.getChildren().get(0).getValue() instanceof Node);
        waitIdle();
        Node file = (Node) folderItem.getChildren().get(0).getValue();
        TreeCell<?> fileCell = cellOf(robot, file), folderCell = cellOf(robot, folderItem.getValue());
        assertNotNull(fileCell);
        assertTrue(fileCell.getStyleClass().contains("has-error"), fileCell.getStyleClass().toString());
        assertTrue(folderCell.getStyleClass().contains("has-error-inside"), folderCell.getStyleClass().toString());
        assertEquals(javafx.scene.paint.Color.web("#cf222e"), fileCell.getTextFill(), "red, Primer's danger colour");
    }

    @Test
    void anIntactFileSaysNoProblemsOnlyAfterADeepCheck(FxRobot robot) throws Exception {
        openAndWait(robot, Samples.get("pco/conv1_i32_ar2_o2.pco"));
        DiagnosticsView d = window.detail().diagnostics();
        waitIdle();
        assertEquals(DiagnosticsView.STRUCTURE_ONLY, d.infoText());
        robot.interact(d::checkDeeply);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> d.infoText().startsWith("No problems found"));
        assertEquals("No problems found (deep check: every value decoded)", d.infoText());
    }

    /**
     * A deep check of an array carries down: opening its damaged chunk afterwards lists the
     * chunk's errors at once, as found by that check, instead of "values not decoded yet".
     */
    @Test
    void aDeepCheckOfAnArrayShowsInItsDamagedChunk(FxRobot robot) throws Exception {
        Path store = Path.of("../codec/src/test/resources/fixtures/zarr/damaged/v2_truncated_blosc.zarr");
        openAndWait(robot, store);
        var rootItem = window.browser().getRoot().getChildren().get(0);
        robot.interact(() -> window.browser().revealPath(rootItem, java.util.List.of("bad"), item -> { }));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("bad"));
        DiagnosticsView d = window.detail().diagnostics();
        waitIdle();
        robot.interact(d::checkDeeply);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> d.infoText().endsWith("(deep check)"));
        assertTrue(d.table().getItems().stream().anyMatch(l -> l.diagnostic().rule().equals("cbytes_beyond_data")), d.infoText());

        Node[] chunk = new Node[1];
        robot.interact(() -> window.browser().revealPath(rootItem, java.util.List.of("bad", "1"), item -> chunk[0] = (Node) item.getValue()));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("1"));
        // no new check runs: the list is there as the chunk is shown
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(d.infoText().endsWith("(deep check)"), d.infoText());
        var listed = d.table().getItems().stream().map(l -> l.node().path() + "|" + l.diagnostic().rule()).toList();
        assertTrue(listed.contains("bad/1|cbytes_beyond_data"), listed.toString());
        // the same as a deep check of the chunk on its own finds
        var own = org.packscope.codec.analysis.TreeWalk.diagnostics(chunk[0], true, 1000, org.packscope.codec.inspect.Progress.NONE).stream()
                .map(l -> l.node().path() + "|" + l.diagnostic().rule()).toList();
        assertEquals(own, listed);
    }

    @Test
    void undecodableValuesShowAsGreyedGapsWithTheirReason(FxRobot robot) throws Exception {
        openAndWait(robot, Samples.get("pco/multichunk_f32_10x1000-damaged.pco"));
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(1));
        ValuesView values = window.detail().values();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> values.table().getItems().size() == 10_000);
        robot.interact(() -> values.selectIndex(3500));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".table-cell").queryAll().stream()
                .anyMatch(c -> c instanceof TableCell<?, ?> tc && ValuesView.GAP_TEXT.equals(tc.getText())));
        WaitForAsyncUtils.waitForFxEvents();
        TableCell<?, ?> gap = robot.lookup(".table-cell").queryAll().stream()
                .map(c -> (TableCell<?, ?>) c).filter(tc -> ValuesView.GAP_TEXT.equals(tc.getText())).findFirst().orElseThrow();
        assertTrue(gap.getStyleClass().contains("value-gap"));
        assertTrue(gap.getTooltip().getText().startsWith("chunk 3 could not be decoded"), gap.getTooltip().getText());
        assertFalse(robot.lookup(".table-cell").queryAll().stream().anyMatch(c -> c instanceof TableCell<?, ?> tc
                && tc.getTableColumn() != null && tc.getTableColumn().getText().startsWith("Value") && "0.0".equals(tc.getText())),
                "no undecodable value shows as 0.0");
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(2));
        PlotView plot = window.detail().plot();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> plot.statsText().contains("undecodable"));
        assertTrue(plot.statsText().contains("1,000 undecodable or missing (left out)"), plot.statsText());
    }

    @Test
    void theWindowFitsTheScreenAndRemembersItsLayout(FxRobot robot) throws Exception {
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        assertTrue(stage.getWidth() <= screen.getWidth() && stage.getHeight() <= screen.getHeight());
        assertTrue(stage.getX() >= screen.getMinX() && stage.getY() >= screen.getMinY()
                && stage.getX() + stage.getWidth() <= screen.getMaxX() + 0.5 && stage.getY() + stage.getHeight() <= screen.getMaxY() + 0.5,
                "window " + stage.getX() + "," + stage.getY() + " " + stage.getWidth() + "×" + stage.getHeight() + " inside " + screen);
        robot.interact(() -> {
            window.mainSplit().setDividerPositions(0.41);
            window.detail().setDividers(0.6, 0.65, 0.45);
            window.rememberLayout();
        });
        // remembered as larger than the screen and partly off it: the next window still fits
        PREFS.putDouble("layout.width", screen.getWidth() + 900);
        PREFS.putDouble("layout.height", screen.getHeight() + 600);
        PREFS.putDouble("layout.x", screen.getMaxX() - 100);
        PREFS.putDouble("layout.y", screen.getMinY() + 10);
        assertEquals(0.41, PREFS.getDouble("layout.browser", 0), 0.01, "the dividers are remembered");
        assertEquals(0.6, PREFS.getDouble("layout.hex", 0), 0.01);
        assertEquals(0.65, PREFS.getDouble("layout.explain", 0), 0.01);
        assertEquals(0.45, PREFS.getDouble("layout.trace", 0), 0.01);
        // as a new window does when it opens
        robot.interact(window::restoreLayout);
        Stage s = window.stage();
        assertTrue(s.getWidth() <= screen.getWidth() && s.getHeight() <= screen.getHeight(), s.getWidth() + "×" + s.getHeight());
        assertTrue(s.getX() >= screen.getMinX() && s.getX() + s.getWidth() <= screen.getMaxX() + 0.5, "x " + s.getX());
    }

    @Test
    void at1024PixelsTheTreeKeepsAUsableWidth(FxRobot robot) throws Exception {
        robot.interact(() -> {
            window.mainSplit().setDividerPositions(0.05);
            stage.setWidth(1024);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(window.browser().getWidth() >= MainWindow.MIN_TREE_WIDTH - 1, "tree " + window.browser().getWidth() + " px");
    }

    @Test
    void buttonsKeepTheirWidthAndTheStatusTextElides(FxRobot robot) throws Exception {
        openAndWait(robot, Samples.get("pco/smooth_i64_timestamps_ms.pco"));
        robot.interact(() -> window.status().showMessage("A very long status message ".repeat(20)));
        WaitForAsyncUtils.waitForFxEvents();
        StatusBar bar = window.status();
        javafx.scene.control.Label msg = bar.messageLabel();
        assertTrue(msg.getWidth() < msg.prefWidth(-1), "the message is cut with an ellipsis, not the window");
        assertTrue(msg.getBoundsInParent().getMaxX() <= bar.getWidth(), "inside the bar");
        for (javafx.scene.Node b : robot.lookup(".button").queryAll()) {
            if (!b.isVisible() || !(b instanceof Labeled l) || l.getText() == null || l.getText().isEmpty()) continue;
            if (b.getScene() != stage.getScene() || !b.isManaged() || l.getWidth() == 0) continue;
            assertTrue(l.getWidth() >= l.prefWidth(-1) - 0.5, "button '" + l.getText() + "' is " + l.getWidth() + " px of " + l.prefWidth(-1));
        }
        javafx.scene.control.Button cancel = bar.cancelButton();
        assertTrue(cancel.getMinWidth() == javafx.scene.layout.Region.USE_PREF_SIZE, "Cancel never shrinks to …");
    }

    @Test
    void secondaryWindowsFitTheScreenAndCloseOnEscapeAndShortcutW(FxRobot robot) throws Exception {
        TeachingWindow[] w = new TeachingWindow[1];
        robot.interact(() -> window.openTeaching("binjson", shown -> w[0] = shown));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> w[0] != null && w[0].detail().node() != null);
        // the choices arrive from the teacher in the background: give the layout pass that follows a moment
        try {
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> w[0].stage().getScene().getRoot().lookupAll(".choice-box").stream()
                    .map(c -> (javafx.scene.layout.Region) c).allMatch(r -> r.getWidth() >= r.prefWidth(-1) - 0.5));
        } catch (java.util.concurrent.TimeoutException e) {
            // the assertions below say which one is cut
        }
        for (javafx.scene.Node c : w[0].stage().getScene().getRoot().lookupAll(".choice-box")) {
            javafx.scene.layout.Region r = (javafx.scene.layout.Region) c;
            assertTrue(r.getWidth() >= r.prefWidth(-1) - 0.5, c.getId() + " is not cut to …");
        }
        // the sample's encoding shows at once, without typing
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !w[0].detail().structure().getItems().isEmpty());
        assertTrue(w[0].sizesText().contains("BJ"), w[0].sizesText());
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        Stage ts = w[0].stage();
        assertTrue(ts.getWidth() <= screen.getWidth() && ts.getHeight() <= screen.getHeight());
        robot.interact(ts::requestFocus);
        robot.interact(() -> javafx.event.Event.fireEvent(ts.getScene().getRoot(), key(KeyCode.ESCAPE, false)));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !ts.isShowing());

        robot.interact(() -> window.openTeaching("binjson", shown -> w[0] = shown));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> w[0].stage() != ts && w[0].stage() != null && w[0].stage().isShowing());
        Stage second = w[0].stage();
        robot.interact(() -> javafx.event.Event.fireEvent(second.getScene().getRoot(), key(KeyCode.W, true)));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !second.isShowing());
    }

    private static javafx.scene.input.KeyEvent key(KeyCode code, boolean shortcut) {
        return new javafx.scene.input.KeyEvent(javafx.scene.input.KeyEvent.KEY_PRESSED, "", "", code, false, shortcut, false, false);
    }

    @Test
    void menuItemsShowFileNamesLiterally(FxRobot robot, @TempDir Path dir) throws Exception {
        Path named = Files.copy(Samples.get("pco/conv1_i32_ar2_o2.pco"), dir.resolve("i64_ts_20m.pco"));
        openAndWait(robot, named);
        var item = window.recentMenu().getItems().stream().filter(i -> i.getText().endsWith("i64_ts_20m.pco")).findFirst().orElseThrow();
        assertFalse(item.isMnemonicParsing(), "the first underscore is shown, not taken as a mnemonic");
        assertEquals(named.toString(), item.getText());
        robot.interact(window::bookmarkSelectedField);
        var mark = window.bookmarksMenu().getItems().get(window.bookmarksMenu().getItems().size() - 1);
        assertTrue(mark.getText().startsWith("i64_ts_20m.pco"), mark.getText());
        assertFalse(mark.isMnemonicParsing());
    }

    @Test
    void treeRowsShowSummariesWithoutAClickAndLeavesHaveNoArrow(FxRobot robot) throws Exception {
        openAndWait(robot, Samples.get("pco"));
        TreeItem<Object> folder = window.browser().getRoot().getChildren().get(0);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> folder.getChildren().size() > 3
                && folder.getChildren().stream().allMatch(c -> c.getValue() instanceof Node n && n.isLoaded()));
        waitIdle();
        TreeItem<Object> file = folder.getChildren().stream()
                .filter(c -> ((Node) c.getValue()).name().equals("conv1_i32_ar2_o2.pco")).findFirst().orElseThrow();
        Node n = (Node) file.getValue();
        TreeCell<?> cell = cellOf(robot, n);
        assertNotNull(cell);
        assertTrue(cell.getText().contains(n.summary()) && !n.summary().isEmpty(), "'" + cell.getText() + "' shows its summary");
        robot.moveTo(cell);
        var tip = cell.getTooltip();
        assertNotNull(tip);
        robot.interact(() -> tip.getOnShowing().handle(null));
        assertEquals(n.kind(), tip.getText(), "the row's tooltip names its kind");
        TreeItem<Object> readme = folder.getChildren().stream()
                .filter(c -> ((Node) c.getValue()).name().equals("README.txt")).findFirst().orElseThrow();
        assertTrue(readme.isLeaf(), "a node without children has no expand arrow");
        TreeCell<?> readmeCell = cellOf(robot, readme.getValue());
        assertTrue(readmeCell.getDisclosureNode() == null || !readmeCell.getDisclosureNode().isVisible()
                || readmeCell.getDisclosureNode().getParent() == null, "no arrow drawn");
    }

    @Test
    void traceStepsReadInFullBelowTheList(FxRobot robot) throws Exception {
        openAndWait(robot, Samples.get("pco/smooth_i64_timestamps_ms.pco"));
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(1));
        ValuesView values = window.detail().values();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> values.table().getItems().size() == 5000);
        robot.interact(() -> {
            values.table().getSelectionModel().clearAndSelect(1234);
            values.traceSelected();
        });
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> values.tracePane().steps().getItems().size() > 5);
        var longest = values.tracePane().steps().getItems().stream()
                .max(java.util.Comparator.comparingInt(st -> st.explanation().length())).orElseThrow();
        robot.interact(() -> values.tracePane().steps().getSelectionModel().select(longest));
        assertEquals(TracePane.fullText(longest), values.tracePane().detailText());
        javafx.scene.control.Label detail = robot.lookup("#trace-detail").queryAs(javafx.scene.control.Label.class);
        assertTrue(detail.isWrapText() && detail.getWidth() > 100, "the detail area is on screen");
        assertEquals(detail.getText(), TracePane.fullText(longest));
        assertTrue(detail.getHeight() >= detail.prefHeight(detail.getWidth()) - 0.5, "the whole text, wrapped, not cut to …");
    }

    @Test
    void theExplanationWrapsToThePane(FxRobot robot) throws Exception {
        openAndWait(robot, Samples.get("pco/smooth_i64_timestamps_ms.pco"));
        var firstField = window.detail().structure().getItems().get(0);
        robot.interact(() -> window.detail().selectField(firstField.name()));
        ExplainPane explain = window.detail().explain();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> explain.bodyText().length() > 120);
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.Label text = robot.lookup("#explain-text").queryAs(javafx.scene.control.Label.class);
        Bounds pane = explain.localToScreen(explain.getLayoutBounds());
        Bounds label = text.localToScreen(text.getLayoutBounds());
        assertTrue(label.getMaxX() <= pane.getMaxX() + 0.5, "text ends at " + label.getMaxX() + ", pane at " + pane.getMaxX());
        assertTrue(text.getHeight() > 2 * text.getFont().getSize() * 1.2, "wrapped onto several lines");
        assertFalse(text.getText().isEmpty());
    }

    @Test
    void darkThemeChartsAreReadable(FxRobot robot) throws Exception {
        robot.interact(() -> window.setTheme(Theme.DARK));
        try {
            openAndWait(robot, Samples.get("pco/smooth_i64_timestamps_ms.pco"));
            robot.interact(() -> window.detail().tabs().getSelectionModel().select(2));
            PlotView plot = window.detail().plot();
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> plot.plottedPoints() > 0);
            WaitForAsyncUtils.waitForFxEvents();
            var fill = (javafx.scene.paint.Color) plot.yAxis().getTickLabelStyle().getFill();
            assertTrue(fill.getBrightness() > 0.7, "tick labels light on the dark background: " + fill);
            // the snapshot's pixels: every column true to its values in the dark theme's colours, the band
            // solid, and line and band told apart from the dark background (WCAG contrast; 3:1 for graphics)
            org.packscope.codec.inspect.ValueColumn c = window.detail().node().values();
            PlotSnapshotOracle.waitDrawn(plot, c, 60);
            java.util.List<String> wrong = PlotSnapshotOracle.mismatches(plot, c);
            assertTrue(wrong.isEmpty(), String.join("\n", wrong.subList(0, Math.min(10, wrong.size()))));
            javafx.scene.paint.Color background = PlotSnapshotOracle.background(plot);
            assertTrue(background.getBrightness() < 0.25, "the plot area is dark: " + background);
            javafx.scene.paint.Color line = EnvelopeRenderer.line(Theme.DARK), band = EnvelopeRenderer.band(Theme.DARK);
            assertTrue(PlotSnapshotOracle.contrast(line, background) >= 4.5, "line " + line + " on " + background + ": "
                    + PlotSnapshotOracle.contrast(line, background));
            assertTrue(PlotSnapshotOracle.contrast(band, background) >= 1.8, "band " + band + " on " + background + ": "
                    + PlotSnapshotOracle.contrast(band, background));
            assertTrue(PlotSnapshotOracle.contrast(line, band) >= 3, "line " + line + " on the band " + band + ": " + PlotSnapshotOracle.contrast(line, band));
            robot.clickOn(plot.lineChart());
            assertSame(plot.lineChart(), stage.getScene().getFocusOwner(), "clicking the plot focuses it");
        } finally {
            robot.interact(() -> window.setTheme(Theme.LIGHT));
        }
    }

    @Test
    void aStandaloneBloscChunkOffersInterpretAsWithASensibleRememberedDefault(FxRobot robot, @TempDir Path dir) throws Exception {
        Path chunk = Files.copy(Samples.get("blosc/snappy_shuf_ts8_24000b_smooth_c5.blosc"), dir.resolve("smooth.blosc"));
        openAndWait(robot, chunk);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().offersInterpretation());
        var combo = window.detail().interpretAs();
        assertTrue(combo.getParent().isVisible() && combo.getWidth() >= combo.prefWidth(-1) - 0.5);
        assertEquals("f64 little-endian", combo.getValue().label(), "smooth 8-byte data reads as floats by default");
        assertEquals(6, combo.getItems().size(), "u64, i64, f64 in both byte orders");
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(1));
        ValuesView values = window.detail().values();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> values.infoText().equals("3,000 values of type f64"));
        Interpretation i64 = combo.getItems().stream().filter(i -> i.key().equals("i64<")).findFirst().orElseThrow();
        robot.interact(() -> combo.setValue(i64));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> values.infoText().equals("3,000 values of type i64"));
        // remembered for this file: opening it again reads it the same way
        robot.interact(() -> window.browser().getRoot().getChildren().clear());
        openAndWait(robot, chunk);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> combo.getValue() != null && combo.getValue().key().equals("i64<"));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> values.infoText().equals("3,000 values of type i64"));
        // a chunk of a bcolz carray has its dtype and no such choice
        openAndWait(robot, Samples.get("bcolz/carray_2d_float64_N3_lz4_c5_shuffle"));
        assertFalse(combo.getParent().isVisible(), "no 'read elements as' for a carray's values");
    }

    /**
     * The reading chosen for a standalone chunk is the one every output uses: the table, the
     * trace's last step, and an export to .npy, in both byte orders; all compared with
     * C-Blosc's reference decompression read by ByteBuffer as doubles.
     */
    @Test
    void aChunkReadAsF64ShowsTracesAndExportsF64(FxRobot robot, @TempDir Path dir) throws Exception {
        Path fixtures = Path.of("../codec/src/test/resources/fixtures/blosc");
        Path chunk = Files.copy(fixtures.resolve("snappy_shuf_ts8_24000b_smooth_c5.blosc"), dir.resolve("smooth.blosc"));
        byte[] reference = Files.readAllBytes(fixtures.resolve("snappy_shuf_ts8_24000b_smooth_c5.expected.bin"));
        openAndWait(robot, chunk);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().offersInterpretation());
        var combo = window.detail().interpretAs();
        for (boolean big : new boolean[] {false, true}) {
            java.nio.ByteBuffer want = java.nio.ByteBuffer.wrap(reference).order(big ? java.nio.ByteOrder.BIG_ENDIAN : java.nio.ByteOrder.LITTLE_ENDIAN);
            Interpretation f64 = combo.getItems().stream().filter(i -> i.key().equals(big ? "f64>" : "f64<")).findFirst().orElseThrow();
            robot.interact(() -> combo.setValue(f64));
            robot.interact(() -> window.detail().tabs().getSelectionModel().select(1));
            ValuesView values = window.detail().values();
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> values.infoText().equals("3,000 values of type f64"));
            long row = 7;
            robot.interact(() -> values.selectIndex(row));
            String[] cell = {"…"};
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> {
                robot.interact(() -> cell[0] = values.cellText(0, row));
                return !cell[0].equals("…");
            });
            String shown = cell[0];
            assertEquals(Double.doubleToLongBits(want.getDouble((int) row * 8)), Double.doubleToLongBits(Double.parseDouble(shown.replace(",", ""))),
                    "the table shows element 7 read as " + f64.label());
            robot.clickOn("#trace-button");
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> values.tracePane().trace() != null && values.tracePane().trace().index() == row
                    && values.tracePane().trace().value().equals(shown));
            var steps = values.tracePane().trace().steps();
            var last = steps.get(steps.size() - 1);
            assertEquals(shown, last.value(), "the trace ends on the value the table shows");
            assertTrue(last.explanation().contains((big ? "big" : "little") + "-endian as f64"), last.explanation());

            Path out = dir.resolve("smooth-" + big + ".npy");
            robot.interact(() -> window.exportTo(window.detail().node(), "npy", out));
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> Files.exists(out) && Files.size(out) > 24_000);
            byte[] npy = Files.readAllBytes(out);
            int headerLen = (npy[8] & 0xff) | (npy[9] & 0xff) << 8;
            assertTrue(new String(npy, 10, headerLen, java.nio.charset.StandardCharsets.ISO_8859_1).startsWith("{'descr': '<f8'"));
            java.nio.ByteBuffer got = java.nio.ByteBuffer.wrap(npy, 10 + headerLen, 24_000).slice().order(java.nio.ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < 3000; i++) {
                assertEquals(Double.doubleToLongBits(want.getDouble(i * 8)), Double.doubleToLongBits(got.getDouble(i * 8)), "exported value " + i);
            }
        }
    }

    @Test
    void compareSaysUndecodableForValuesThatCouldNotBeDecoded(FxRobot robot) throws Exception {
        DiffWindow[] w = new DiffWindow[1];
        robot.interact(() -> window.compare(Samples.get("pco/multichunk_f32_10x1000.pco"),
                Samples.get("pco/multichunk_f32_10x1000-damaged.pco"), shown -> w[0] = shown));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w[0] != null && !w[0].table().getItems().isEmpty());
        var undecodable = w[0].table().getItems().stream().filter(d -> d.right().equals("undecodable")).toList();
        assertFalse(undecodable.isEmpty(), w[0].table().getItems().toString());
        assertTrue(undecodable.get(0).what().startsWith("value 3"), undecodable.get(0).what());
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        assertTrue(w[0].stage().getWidth() <= screen.getWidth() && w[0].stage().getHeight() <= screen.getHeight());
        robot.interact(() -> w[0].stage().close());
    }

    @Test
    void plotsAndTheirLastTickStayInsideTheWindowAt1280(FxRobot robot) throws Exception {
        openAndWait(robot, Samples.get("pco/smooth_i64_timestamps_ms.pco"));
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(2));
        PlotView plot = window.detail().plot();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> plot.plottedPoints() > 0);
        WaitForAsyncUtils.waitForFxEvents();
        Bounds chart = plot.lineChart().localToScene(plot.lineChart().getLayoutBounds());
        assertTrue(chart.getMaxX() <= stage.getScene().getWidth() + 0.5, "the plot ends at " + chart.getMaxX() + " of " + stage.getScene().getWidth());
        assertTrue(plot.xAxis().getMax() >= 4999, "the last index is on the axis: " + plot.xAxis().getMax());
        assertEquals(null, plot.yAxis().getUnit(), "no empty [] after the axis name");
    }
}
