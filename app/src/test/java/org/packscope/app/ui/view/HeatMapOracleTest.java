package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.control.Tab;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.MainWindow;
import org.packscope.codec.blosc.BloscEncoder;
import org.packscope.codec.store.SliceOverview;

/**
 * The heat map against the data: a 2000 × 3000 float32 Zarr array (LZ4 Blosc chunks of
 * 250 × 250, one chunk's worth of NaN, spikes and one outlier) opens on its whole slice;
 * every cell's minimum, maximum and mean equal an independent recount of the elements under
 * it, every pixel of the drawn map is the colour of its cell's mean on the fixed scale, the
 * colour bar maps back to the scale's ends, and zooming to single elements shows each
 * element's own value and colour.
 */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class HeatMapOracleTest {
    static final int ROWS = 2000, COLS = 3000, CHUNK = 250;
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        Preferences prefs = Preferences.userRoot().node("packscope-tests-heatmap-oracle");
        prefs.clear();
        window = new MainWindow(stage, prefs);
        stage.show();
    }

    static float value(int r, int c) {
        if (r == 1234 && c == 2345) return 1e6f;
        if (r == 777 && c % 97 == 0) return -5000f;
        if (r >= 500 && r < 750 && c >= 1000 && c < 1250) return Float.NaN;
        return (float) (Math.sin(r / 90.0) * Math.cos(c / 140.0) * 100);
    }

    /** A Zarr v2 store of {@link #value} in Blosc-LZ4 chunks, written with PackScope's own encoder. */
    static Path writeStore(Path dir) throws Exception {
        Path store = dir.resolve("field.zarr");
        Path array = store.resolve("field");
        Files.createDirectories(array);
        Files.writeString(store.resolve(".zgroup"), "{\"zarr_format\": 2}");
        Files.writeString(array.resolve(".zarray"), "{\"zarr_format\": 2, \"shape\": [" + ROWS + ", " + COLS + "], \"chunks\": [" + CHUNK + ", " + CHUNK
                + "], \"dtype\": \"<f4\", \"compressor\": {\"id\": \"blosc\", \"cname\": \"lz4\", \"clevel\": 5, \"shuffle\": 1, \"blocksize\": 0},"
                + " \"fill_value\": 0.0, \"order\": \"C\", \"filters\": null}");
        ByteBuffer chunk = ByteBuffer.allocate(CHUNK * CHUNK * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int cr = 0; cr < ROWS / CHUNK; cr++) {
            for (int cc = 0; cc < COLS / CHUNK; cc++) {
                chunk.clear();
                for (int r = 0; r < CHUNK; r++) for (int c = 0; c < CHUNK; c++) chunk.putFloat(value(cr * CHUNK + r, cc * CHUNK + c));
                byte[] b = BloscEncoder.encode(chunk.array(), BloscEncoder.Settings.of(BloscEncoder.Codec.LZ4, 5, BloscEncoder.Filter.SHUFFLE, 4));
                Files.write(array.resolve(cr + "." + cc), b);
            }
        }
        return store;
    }

    private HeatMapView openHeatMap(FxRobot robot, Path store) throws Exception {
        robot.interact(() -> window.open(store));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("field.zarr"));
        var rootItem = window.browser().getRoot().getChildren().get(0);
        robot.interact(() -> window.browser().revealPath(rootItem, List.of("field"), item -> window.browser().getSelectionModel().select(item)));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("field"));
        // the node is set before its tabs: wait for the FX thread to have shown them
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> window.detail().tabs().getTabs().stream()
                .anyMatch(t -> t.getText().startsWith("Heat map"))).get());
        Tab heat = window.detail().tabs().getTabs().stream().filter(t -> t.getText().startsWith("Heat map")).findFirst().orElseThrow();
        long t0 = System.nanoTime();
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(heat));
        HeatMapView map = window.detail().heatMap();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> map.infoText().contains("values") && map.overview() != null
                && map.overview().rows() == ROWS && map.overview().height() < 1024);
        System.out.printf("heat-map overview of %d x %d float32 (%d chunks): %.0f ms%n", ROWS, COLS, ROWS * COLS / CHUNK / CHUNK, (System.nanoTime() - t0) / 1e6);
        WaitForAsyncUtils.waitForFxEvents();
        return map;
    }

    /** Every cell of a whole-slice overview of {@link #value} against an independent recount: count, gaps, min, max, mean. */
    static void assertOverviewIsTheRecount(SliceOverview o) {
        // the independent recount, from the generating function
        int gh = o.height(), gw = o.width();
        double[] min = new double[gh * gw], max = new double[gh * gw], sum = new double[gh * gw];
        long[] n = new long[gh * gw], gaps = new long[gh * gw];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        Arrays.fill(max, Double.NEGATIVE_INFINITY);
        for (int r = 0; r < ROWS; r++) {
            for (int c = 0; c < COLS; c++) {
                int cell = (int) ((long) r * gh / ROWS) * gw + (int) ((long) c * gw / COLS);
                float v = value(r, c);
                if (Float.isNaN(v)) { gaps[cell]++; continue; }
                n[cell]++;
                min[cell] = Math.min(min[cell], v);
                max[cell] = Math.max(max[cell], v);
                sum[cell] += v;
            }
        }
        for (int i = 0; i < gh; i++) {
            for (int j = 0; j < gw; j++) {
                int k = i * gw + j;
                assertEquals(n[k], o.count(i, j));
                assertEquals(gaps[k], o.gaps(i, j));
                if (n[k] > 0) {
                    assertEquals(min[k], o.min(i, j), 0);
                    assertEquals(max[k], o.max(i, j), 0);
                    assertEquals(sum[k] / n[k], o.mean(i, j), 1e-6);
                }
            }
        }
    }

    @Test
    void theWholeSliceOverviewIsTrueToEveryElementAndPixel(FxRobot robot, @TempDir Path tmp) throws Exception {
        HeatMapView map = openHeatMap(robot, writeStore(tmp));
        SliceOverview o = map.overview();
        assertEquals(0, o.row0());
        assertEquals(COLS, o.columns());
        assertOverviewIsTheRecount(o);
        assertEquals(-5000, map.scaleLow(), 0, "the scale is fixed from the whole slice");
        assertEquals(1e6, map.scaleHigh(), 0);
        assertTrue(map.infoText().contains("62,500 gaps"), map.infoText());

        // every pixel of the drawn map is its cell's colour
        int gh = o.height(), gw = o.width();
        WritableImage[] shot = new WritableImage[1];
        robot.interact(() -> shot[0] = map.canvas().snapshot(null, null));
        PixelReader px = shot[0].getPixelReader();
        int wrong = 0, checked = 0;
        for (int i = 0; i < gh; i++) {
            for (int j = 0; j < gw; j++) {
                double[] at = map.cellCentre(i, j);
                int argb = px.getArgb((int) at[0], (int) at[1]);
                checked++;
                if (argb != map.colourOf(o.mean(i, j))) wrong++;
            }
        }
        assertEquals(0, wrong, wrong + " of " + checked + " pixels are not their cell's colour");

        // the colour bar's ends are the scale's ends
        WritableImage[] barShot = new WritableImage[1];
        robot.interact(() -> barShot[0] = map.colourBar().snapshot(null, null));
        double h = barShot[0].getHeight();
        // the ramp runs from 14 px below the bar's top to 14 px above its bottom: an end pixel is within a pixel and a half of its end
        double perPixel = (map.scaleHigh() - map.scaleLow()) / (h - 28), near = 1.5 * perPixel;
        assertTrue(near < (map.scaleHigh() - map.scaleLow()) / 100, "the bar has room: " + h + " px");
        assertEquals(map.scaleHigh(), map.valueOfColour(barShot[0].getPixelReader().getArgb(10, 14)), near);
        assertEquals(map.scaleLow(), map.valueOfColour(barShot[0].getPixelReader().getArgb(10, (int) h - 15)), near);
    }

    @Test
    void zoomingInShowsSingleElementsWithTheirOwnValues(FxRobot robot, @TempDir Path tmp) throws Exception {
        HeatMapView map = openHeatMap(robot, writeStore(tmp));
        // zoom in around the outlier until each cell is one element
        for (int k = 0; k < 9; k++) {
            long before = map.windowRows();
            double fx = (2345.5 - map.windowCol()) / map.windowCols(), fy = (1234.5 - map.windowRow()) / map.windowRows();
            robot.interact(() -> map.zoomIn(fx, fy));
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> map.overview() != null && map.overview().rows() == map.windowRows() && map.windowRows() < before);
        }
        SliceOverview o = map.overview();
        assertEquals(o.rows(), o.height(), "one cell per element row");
        assertEquals(o.columns(), o.width(), "one cell per element column");
        long r0 = map.windowRow(), c0 = map.windowCol();
        assertTrue(r0 <= 1234 && 1234 < r0 + o.rows() && c0 <= 2345 && 2345 < c0 + o.columns(), "the outlier stays in view");
        for (int i = 0; i < o.height(); i++) {
            for (int j = 0; j < o.width(); j++) {
                float v = value((int) (r0 + i), (int) (c0 + j));
                if (Float.isNaN(v)) assertEquals(0, o.count(i, j));
                else assertEquals(v, o.mean(i, j), 0, "element " + (r0 + i) + "," + (c0 + j));
            }
        }
        assertTrue(map.describeCell((int) (1234 - r0), (int) (2345 - c0)).equals("row 1,234, column 2,345 = 1,000,000"),
                map.describeCell((int) (1234 - r0), (int) (2345 - c0)));
        // the scale did not follow the zoom
        assertEquals(1e6, map.scaleHigh(), 0);
    }
}
