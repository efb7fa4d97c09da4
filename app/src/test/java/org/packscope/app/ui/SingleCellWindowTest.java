package org.packscope.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.Samples;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** An AnnData file in the main window: its X is a matrix with a spy plot and count tables; File → Compare against BPCells compares entries. */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class SingleCellWindowTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = new MainWindow(stage, Preferences.userRoot().node("packscope-tests"));
        stage.show();
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
        assertTrue(tabs.containsAll(List.of("Matrix", "columns", "rows")), tabs.toString());
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
}
