package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.scene.input.DataFormat;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.app.Samples;
import org.packscope.app.remote.FileHttpServer;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.MainWindow;
import org.packscope.codec.remote.LocalS3;
import org.packscope.codec.remote.RemoteSettings;
import org.packscope.codec.remote.RemoteStats;
import org.packscope.codec.store.SliceOverview;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Data where it lives, in the window: File → Open URL with an h5ad over HTTP (its matrix
 * by inner path, spy plot and subtitle as from the local file), a Zarr store on an
 * S3-compatible server pasted as a URL (its heat map true to every cell, fetching only its
 * chunks), the status bar's request counts, and URLs in Open Recent. Both servers run on
 * 127.0.0.1, started here.
 */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class RemoteWindowTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        Preferences prefs = Preferences.userRoot().node("packscope-tests-remote-window");
        prefs.clear();
        window = new MainWindow(stage, prefs);
        stage.show();
    }

    @AfterEach
    void noEndpoint() {
        LocalS3.signOut();
        RemoteSettings.endpoint(null);
    }

    private void waitForNode(String name) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals(name));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private Tab tab(String prefix) {
        return window.detail().tabs().getTabs().stream().filter(t -> t.getText().startsWith(prefix)).findFirst().orElseThrow();
    }

    @Test
    void openUrlShowsARemoteH5adMatrixAsTheLocalFileDoes(FxRobot robot) throws Exception {
        Path local = Samples.get("singlecell/pbmc.h5ad");
        // the same matrix opened locally first: the subtitle the remote one must show
        robot.interact(() -> window.openAddress(local + "::X"));
        waitForNode("X");
        String localSubtitle = robot.lookup("#detail-subtitle").queryAs(Label.class).getText();

        try (FileHttpServer server = new FileHttpServer(local.getParent())) {
            String url = server.url() + "/pbmc.h5ad::X";
            RemoteStats.Snapshot before = RemoteStats.now();
            robot.press(KeyCode.CONTROL, KeyCode.L).release(KeyCode.L, KeyCode.CONTROL);
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#open-url-address").tryQuery().isPresent());
            TextField address = robot.lookup("#open-url-address").queryAs(TextField.class);
            assertEquals("Open URL", ((Stage) address.getScene().getWindow()).getTitle(), "the dialog says what it does");
            robot.clickOn(address).write(url).type(KeyCode.ENTER);
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("X")
                    && window.browser().getRoot().getChildren().size() == 2);
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(localSubtitle, robot.lookup("#detail-subtitle").queryAs(Label.class).getText());

            robot.interact(() -> window.detail().tabs().getSelectionModel().select(tab("Matrix")));
            SpyView spy = window.detail().spy();
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> spy.decodedEntries() >= 0 && spy.infoText().startsWith("100 × 50"));
            long total = 0;
            for (int r = 0; r < 100; r++) for (int c = 0; c < 50; c++) total += Math.max(0, spy.cellCount(r, c));
            assertEquals(500, total, "every stored entry of the remote matrix lands in the spy plot");

            RemoteStats.Snapshot cost = RemoteStats.now().minus(before);
            assertTrue(cost.requests() >= server.requests.get() && server.requests.get() > 0,
                    "the client counts every request the server saw: " + cost + " vs " + server.requests.get());
            Label remote = window.status().remoteLabel();
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, remote::isVisible);
            assertTrue(remote.getText().matches("Remote: [0-9,]+ requests? · .* fetched · [0-9,]+ cache hits?"), remote.getText());

            // Open Recent lists the file's URL (never the inner path or a query) and opens it again
            var recent = window.recentMenu().getItems();
            assertEquals(server.url() + "/pbmc.h5ad", recent.get(0).getText());
            assertFalse(recent.get(0).isDisable(), "a remote entry stays usable without asking the network");
        }
    }

    @Test
    void aPastedS3ZarrUrlShowsItsHeatMapTrueToEveryCell(FxRobot robot, @TempDir Path tmp) throws Exception {
        Path store = HeatMapOracleTest.writeStore(tmp);
        long stored;
        try (var files = Files.walk(store)) {
            stored = files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
        try (LocalS3 s3 = new LocalS3()) {
            s3.upload("lake", tmp);
            s3.signIn();
            RemoteSettings.endpoint(s3.endpoint());
            RemoteStats.Snapshot before = RemoteStats.now();

            String url = "s3://lake/field.zarr::field";
            robot.interact(() -> Clipboard.getSystemClipboard().setContent(Map.of(DataFormat.PLAIN_TEXT, url)));
            robot.clickOn(window.browser());
            robot.press(KeyCode.CONTROL, KeyCode.V).release(KeyCode.V, KeyCode.CONTROL);
            waitForNode("field");

            robot.interact(() -> window.detail().tabs().getSelectionModel().select(tab("Heat map")));
            HeatMapView map = window.detail().heatMap();
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> map.infoText().contains("values") && map.overview() != null
                    && map.overview().rows() == HeatMapOracleTest.ROWS && map.overview().height() < 1024);
            SliceOverview o = map.overview();
            assertEquals(HeatMapOracleTest.COLS, o.columns());
            HeatMapOracleTest.assertOverviewIsTheRecount(o);

            RemoteStats.Snapshot cost = RemoteStats.now().minus(before);
            int chunks = (HeatMapOracleTest.ROWS / HeatMapOracleTest.CHUNK) * (HeatMapOracleTest.COLS / HeatMapOracleTest.CHUNK);
            // each chunk once; format detection's first look (at most 4 KiB a chunk) may be fetched again with the chunk
            assertTrue(cost.bytes() <= stored + chunks * 4096L, "nothing fetched twice: " + cost.bytes() + " of " + stored + " stored bytes");
            assertTrue(cost.requests() <= chunks + 32, "a request per chunk, and some for metadata, absent metadata keys and listing: " + cost);
            Label remote = window.status().remoteLabel();
            WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> remote.isVisible() && !remote.getText().contains(LocalS3.SECRET_KEY));
        }
    }

    @Test
    void onlyAUrlInPastedOrDroppedTextOpens(FxRobot robot) {
        robot.interact(() -> {
            Clipboard board = Clipboard.getSystemClipboard();
            board.setContent(Map.of(DataFormat.PLAIN_TEXT, "some notes\nhttps://example.org/a.h5"));
            assertNull(MainWindow.droppedAddress(board), "two lines are text, not an address");
            board.setContent(Map.of(DataFormat.PLAIN_TEXT, "not a url"));
            assertNull(MainWindow.droppedAddress(board));
            board.setContent(Map.of(DataFormat.PLAIN_TEXT, "  https://example.org/pbmc.h5ad::X \n"));
            assertEquals("https://example.org/pbmc.h5ad::X", MainWindow.droppedAddress(board));
        });
        assertEquals("Remote: 1 request · 10 bytes fetched · 0 cache hits", StatusBar.remoteText(new RemoteStats.Snapshot(1, 10, 0, 0)));
        assertEquals("Remote: 1,200 requests · 1.2 KB fetched · 1 cache hit",
                StatusBar.remoteText(new RemoteStats.Snapshot(1200, 1229, 1, 0)).replace("1.20 KB", "1.2 KB"));
    }
}
