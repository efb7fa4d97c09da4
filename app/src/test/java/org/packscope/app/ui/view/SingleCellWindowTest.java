package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.Samples;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.MainWindow;
import org.packscope.app.ui.window.DiffWindow;
import org.packscope.codec.inspect.Node;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** An AnnData file in the main window: its X is a matrix with a spy plot and count tables; File → Compare against BPCells compares entries; the selection stays put while the tree changes. */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class SingleCellWindowTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = new MainWindow(stage, Preferences.userRoot().node("packscope-tests"));
        stage.show();
    }

    /**
     * Clicking an h5ad matrix's indptr problem selects the matrix and highlights the element's
     * bytes; the oracle reads those bytes from the file and compares them with jhdf's
     * reading of the element the fixture's generator damaged (/X/indptr[6]).
     */
    @Test
    void clickingAnIndptrProblemHighlightsTheElementsBytes(FxRobot robot) throws Exception {
        Path file = Path.of("../codec/src/test/resources/fixtures/singlecell/damaged/indptr_not_monotonic.h5ad");
        robot.interact(() -> window.open(file));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null
                && window.detail().node().name().equals("indptr_not_monotonic.h5ad"));
        var diagnosticsTab = window.detail().tabs().getTabs().stream().filter(t -> t.getText().startsWith("Diagnostics")).findFirst().orElseThrow();
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(diagnosticsTab));
        DiagnosticsView d = window.detail().diagnostics();
        javafx.scene.control.TableView<org.packscope.codec.analysis.TreeWalk.Located> table = d.table();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> table.getItems().stream()
                .anyMatch(l -> l.diagnostic().rule().equals("indptr_not_monotonic")));
        WaitForAsyncUtils.waitForFxEvents();
        var located = table.getItems().stream().filter(l -> l.diagnostic().rule().equals("indptr_not_monotonic")).findFirst().orElseThrow();
        int row = table.getItems().indexOf(located);
        robot.interact(() -> table.scrollTo(row));
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.Node cell = robot.lookup(".table-row-cell").queryAll().stream()
                .filter(n -> n instanceof javafx.scene.control.TableRow<?> r && r.getItem() == located).findFirst().orElseThrow();
        robot.clickOn(cell);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() == located.node());
        WaitForAsyncUtils.waitForFxEvents();
        HexView hex = window.detail().hex();
        org.packscope.codec.inspect.Span shown = hex.selectionProperty().get();
        assertTrue(shown != null && hex.source() != null, "bytes highlighted");
        assertEquals(java.nio.file.Files.size(file), hex.source().size(), "the highlight is in the file itself");
        try (io.jhdf.HdfFile h = new io.jhdf.HdfFile(file)) {
            io.jhdf.api.Dataset indptr = h.getDatasetByPath("/X/indptr");
            int w = indptr.getDataType().getSize();
            assertTrue(indptr.getFilters().isEmpty(), "the fixture's indptr chunks are stored as written");
            long expected = ((Number) java.lang.reflect.Array.get(indptr.getData(), 6)).longValue();
            assertEquals(w * 8L, shown.bitLength(), "one element");
            byte[] b = hex.source().bytes(shown.byteOffset(), w);
            long got = 0;
            for (int i = w - 1; i >= 0; i--) got = got << 8 | (b[i] & 0xff);
            assertEquals(expected, got, "the highlighted bytes hold /X/indptr[6]");
        }
        String offsetCell = String.valueOf(table.getColumns().get(2).getCellData(located));
        assertEquals(shown.byteOffset() + " in file", offsetCell, "the Offset column says which bytes it counts in");
    }

    @Test
    void anH5adMatrixShowsItsSpyPlot(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(Samples.get("singlecell/pbmc.h5ad")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("pbmc.h5ad"));
        var rootItem = window.browser().getRoot().getChildren().get(0);
        robot.interact(() -> window.browser().revealPath(rootItem, List.of("X"), item -> window.browser().getSelectionModel().select(item)));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("X"));
        WaitForAsyncUtils.waitForFxEvents();
        String subtitle = robot.lookup("#detail-subtitle").queryAs(Label.class).getText();
        assertTrue(subtitle.startsWith("anndata-matrix · AnnData csr_matrix · 100 × 50 · 500 non-zeros · CSR · f32"), subtitle);
        var tabs = window.detail().tabs().getTabs().stream().map(t -> t.getText()).toList();
        assertTrue(tabs.containsAll(List.of("Matrix", "Columns", "Rows")), tabs.toString());
        var matrixTab = window.detail().tabs().getTabs().stream().filter(t -> t.getText().equals("Matrix")).findFirst().orElseThrow();
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(matrixTab));
        SpyView spy = window.detail().spy();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> spy.decodedEntries() >= 0);
        assertTrue(spy.infoText().startsWith("100 × 50 · 500 entries"), spy.infoText());
        long total = 0;
        for (int r = 0; r < 100; r++) for (int c = 0; c < 50; c++) total += Math.max(0, spy.cellCount(r, c));
        assertEquals(500, total, "every stored entry lands in the plot");

        // + zooms into the middle rows; this CSR matrix then reads only those rows
        javafx.scene.Node matrix = robot.lookup("#spy-canvas").queryAs(javafx.scene.Node.class);
        robot.clickOn(matrix);
        assertSame(matrix, matrix.getScene().getFocusOwner(), "clicking the matrix focuses it, so + − 0 work at once");
        robot.type(javafx.scene.input.KeyCode.ADD);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> spy.decodedEntries() >= 0 && spy.infoText().startsWith("rows"));
        assertTrue(spy.decodedEntries() > 0 && spy.decodedEntries() < 500, "decoded " + spy.decodedEntries());
    }

    @Test
    void compareWithTheBpcellsMatrixOfTheSameCounts(FxRobot robot) throws Exception {
        DiffWindow[] w = new DiffWindow[1];
        robot.interact(() -> window.compare(Samples.get("bpcells/pbmc_counts.h5"), Samples.get("singlecell/pbmc.h5ad"), shown -> w[0] = shown));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> w[0] != null && w[0].headingText().startsWith("No differences"));
        assertEquals("No differences between pbmc_counts.h5 and pbmc.h5ad", w[0].headingText());
        robot.interact(() -> w[0].stage().close());

        Path changed = Path.of("../codec/src/test/resources/fixtures/singlecell/pbmc_changed.h5ad");
        robot.interact(() -> window.compare(Samples.get("bpcells/pbmc_counts.h5"), changed, shown -> w[0] = shown));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> w[0] != null && !w[0].table().getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("1 difference between pbmc_counts.h5 and pbmc_changed.h5ad", w[0].headingText());
        var d = w[0].table().getItems().get(0);
        assertEquals(List.of("entry (row 7 GENE_0008, col 5 cell0006)", "values differ", "2", "1002"), List.of(d.path(), d.what(), d.left(), d.right()));
        robot.interact(() -> w[0].stage().close());
    }

    /**
     * Expanding or collapsing a node above the selected one, and the children loading in the
     * background, never change what is selected: the person selects {@code raw/X/data},
     * opens {@code obsm} above it by its arrow, and the right pane still shows {@code data}
     * (it used to show {@code indices}, the row below).
     */
    @Test
    void expandingAndCollapsingAboveTheSelectionKeepsIt(FxRobot robot) throws Exception {
        BrowserTree tree = window.browser();
        robot.interact(() -> window.open(Samples.get("singlecell/pbmc.h5ad")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> shown() != null && shown().name().equals("pbmc.h5ad"));
        TreeItem<Object> rootItem = tree.getRoot().getChildren().get(0);
        robot.interact(() -> tree.revealPath(rootItem, List.of("raw", "X", "data"), item -> { }));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> shown() != null && shown().name().equals("data"));
        WaitForAsyncUtils.waitForFxEvents();
        Node data = shown();
        assertEquals("raw", data.parent().parent().name());
        TreeItem<Object> obsm = child(rootItem, "obsm");
        assertTrue(tree.getRow(obsm) < tree.getRow(tree.itemFor(data)), "obsm is above raw/X/data");

        // the person clicks obsm's arrow: its children load in the background
        robot.clickOn(robot.lookup(".tree-cell").match((javafx.scene.control.TreeCell<?> c) -> c.getTreeItem() == obsm)
                .lookup(".arrow").queryAs(javafx.scene.Node.class));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> obsm.isExpanded() && !obsm.getChildren().isEmpty()
                && obsm.getChildren().get(0).getValue() instanceof Node);
        settle();
        assertStillSelected(robot, data);

        // one of obsm's children expanded and collapsed, then obsm collapsed again
        TreeItem<Object> first = obsm.getChildren().get(0);
        robot.interact(() -> first.setExpanded(true));
        settle();
        assertStillSelected(robot, data);
        robot.interact(() -> first.setExpanded(false));
        robot.interact(() -> obsm.setExpanded(false));
        settle();
        assertStillSelected(robot, data);

        // and the same with obs, which has more children
        TreeItem<Object> obs = child(rootItem, "obs");
        robot.interact(() -> obs.setExpanded(true));
        settle();
        assertStillSelected(robot, data);
        robot.interact(() -> obs.setExpanded(false));
        settle();
        assertStillSelected(robot, data);
    }

    private Node shown() { return window.detail().node(); }

    private static void settle() throws Exception {
        // children and summaries load in background tasks; let them land
        for (int i = 0; i < 5; i++) {
            Thread.sleep(100);
            WaitForAsyncUtils.waitForFxEvents();
        }
    }

    private void assertStillSelected(FxRobot robot, Node data) {
        TreeItem<Object> selected = window.browser().getSelectionModel().getSelectedItem();
        assertNotNull(selected);
        assertSame(data, selected.getValue(), "selected " + selected.getValue());
        assertSame(data, shown(), "right pane shows " + shown().name());
        String subtitle = robot.lookup("#detail-subtitle").queryAs(Label.class).getText();
        String title = robot.lookup("#detail-title").tryQueryAs(Label.class).map(Label::getText).orElse("data");
        assertTrue(title.contains("data"), title + " / " + subtitle);
    }

    private static TreeItem<Object> child(TreeItem<Object> parent, String name) {
        for (TreeItem<Object> c : parent.getChildren()) if (c.getValue() instanceof Node n && n.name().equals(name)) return c;
        throw new AssertionError("no child " + name + " in " + parent.getValue());
    }
}
