package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.task.TaskRunner;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** What the plot shows: each node fitted to its own values, Fit and double click, wheel zoom, histograms, gaps. */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class PlotViewTest {
    private PlotView plot;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        plot = showPlotView(stage);
    }

    /** A plot view alone in a 1000 × 600 window, light theme, PackScope's stylesheet. */
    static PlotView showPlotView(Stage stage) {
        Theme.apply(Theme.LIGHT);
        PlotView view = new PlotView(new TaskRunner(new StatusBar()));
        Scene scene = new Scene(view, 1000, 600);
        scene.getStylesheets().add(Theme.class.getResource("packscope.css").toExternalForm());
        stage.setScene(scene);
        stage.show();
        return view;
    }

    /** {@code n} i64 values: {@code base + k}, a sine wobble, and value 0 where {@code undecodableFrom <= k}. */
    static ValueColumn ramp(long n, long base, long undecodableFrom) {
        return new ValueColumn() {
            public String name() { return "ramp"; }
            public ValueType type() { return ValueType.I64; }
            public long count() { return n; }
            public void read(long start, long[] dst, int off, int len) {
                for (int i = 0; i < len; i++) {
                    long k = start + i;
                    dst[off + i] = k >= undecodableFrom ? 0 : base + k;
                }
            }
            @Override public boolean mayHaveGaps() { return undecodableFrom < n; }
            @Override public void gaps(long start, byte[] dst, int off, int len) {
                for (int i = 0; i < len; i++) dst[off + i] = start + i >= undecodableFrom ? UNDECODABLE : PRESENT;
            }
        };
    }

    private void showAndWait(FxRobot robot, ValueColumn c) throws Exception {
        robot.interact(() -> plot.show(c));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> plot.overview() != null && plot.overview().to() == c.count());
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> plot.lineChart().layout());
        WaitForAsyncUtils.waitForFxEvents();
        // the plot's first read comes before its layout; the width it then has reads again
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(plot::settled).get());
    }

    private static void assertAxis(double min, double max, io.fair_acc.chartfx.axes.spi.DefaultNumericAxis axis, String what) throws Exception {
        double w = max - min;
        try {
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> axis.getMin() <= min && axis.getMax() >= max
                    && axis.getMin() >= min - w && axis.getMax() <= max + w);
        } catch (java.util.concurrent.TimeoutException e) {
            // the assertions below say what is wrong
        }
        assertTrue(axis.getMin() <= min && axis.getMax() >= max, what + " [" + axis.getMin() + ", " + axis.getMax() + "] covers [" + min + ", " + max + "]");
        double width = max - min;
        assertTrue(axis.getMin() >= min - width && axis.getMax() <= max + width,
                what + " [" + axis.getMin() + ", " + axis.getMax() + "] is fitted to [" + min + ", " + max + "]");
    }

    @Test
    void aNewNodesPlotIsFittedToItsOwnValuesNotTheLastZoom(FxRobot robot) throws Exception {
        showAndWait(robot, ramp(10_000, 0, Long.MAX_VALUE));
        robot.clickOn(plot.lineChart());
        for (int i = 0; i < 4; i++) robot.type(KeyCode.PLUS);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> plot.xAxis().getMax() - plot.xAxis().getMin() < 1000);
        showAndWait(robot, ramp(500, 1_000_000, Long.MAX_VALUE));
        assertAxis(0, 499, plot.xAxis(), "index axis");
        assertAxis(1_000_000, 1_000_499, plot.yAxis(), "value axis");
        assertTrue(plot.statsText().startsWith("0–499 · min 1,000,000 · max 1,000,499"), plot.statsText());
    }

    @Test
    void fitButtonAndDoubleClickShowEverything(FxRobot robot) throws Exception {
        showAndWait(robot, ramp(10_000, 0, Long.MAX_VALUE));
        robot.clickOn(plot.lineChart());
        robot.type(KeyCode.PLUS, KeyCode.PLUS);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> plot.xAxis().getMax() - plot.xAxis().getMin() < 5000);
        robot.clickOn(plot.fitButton());
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> plot.xAxis().getMax() - plot.xAxis().getMin() > 9000);
        assertAxis(0, 9_999, plot.xAxis(), "index axis after Fit");
        robot.clickOn(plot.lineChart());
        robot.type(KeyCode.PLUS, KeyCode.PLUS);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> plot.xAxis().getMax() - plot.xAxis().getMin() < 5000);
        robot.doubleClickOn(plot.lineChart(), MouseButton.PRIMARY);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> plot.xAxis().getMax() - plot.xAxis().getMin() > 9000);
        assertAxis(0, 9_999, plot.xAxis(), "index axis after a double click");
        assertTrue(plot.fitButton().getWidth() >= plot.fitButton().prefWidth(-1) - 0.5, "Fit is not squeezed");
    }

    @Test
    void wheelZoomKeepsTheValueAxisFittedToWhatIsInView(FxRobot robot) throws Exception {
        showAndWait(robot, ramp(100_000, 0, Long.MAX_VALUE));
        robot.moveTo(plot.lineChart());
        javafx.geometry.Point2D at = robot.point(plot.lineChart()).query();
        for (int i = 0; i < 8; i++) {
            robot.interact(() -> {
                javafx.geometry.Point2D local = plot.lineChart().screenToLocal(at);
                javafx.event.Event.fireEvent(plot.lineChart(), new javafx.scene.input.ScrollEvent(javafx.scene.input.ScrollEvent.SCROLL,
                        local.getX(), local.getY(), at.getX(), at.getY(), false, false, false, false, false, false, 0, 40, 0, 40,
                        javafx.scene.input.ScrollEvent.HorizontalTextScrollUnits.NONE, 0,
                        javafx.scene.input.ScrollEvent.VerticalTextScrollUnits.NONE, 0, 0, null));
            });
        }
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> plot.xAxis().getMax() - plot.xAxis().getMin() < 50_000);
        // the visible range is read again, and the value axis fits it
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> plot.overview() != null && plot.overview().to() - plot.overview().from() < 60_000);
        robot.interact(() -> plot.lineChart().layout());
        WaitForAsyncUtils.waitForFxEvents();
        double lo = plot.xAxis().getMin(), hi = plot.xAxis().getMax();
        assertAxis(Math.max(0, lo), hi, plot.yAxis(), "value axis after wheel zoom (values equal indices)");
    }

    @Test
    void clickingThePlotFocusesItAndClickingTheHistogramToo(FxRobot robot) throws Exception {
        showAndWait(robot, ramp(1000, 0, Long.MAX_VALUE));
        robot.clickOn(plot.lineChart());
        assertSame(plot.lineChart(), stage.getScene().getFocusOwner());
    }

    @Test
    void histogramCountsStartAtZeroAndFillTheValueAxis(FxRobot robot) throws Exception {
        showAndWait(robot, ramp(1000, 5000, Long.MAX_VALUE));
        robot.interact(() -> plot.showHistogramMode());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> plot.histogramShown() != null && plot.histogramShown().complete());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0.0, plot.countAxis().getMin(), "counts start at 0");
        assertTrue(plot.countAxis().getMax() >= 10, "the tallest bin (10) is inside");
        assertEquals(5000.0, plot.binAxis().getMin());
        assertEquals(6000.0, plot.binAxis().getMax(), "the last bin ends on the axis' end");
        assertTrue(plot.statsText().startsWith("all 1,000 values in 100 bins"), plot.statsText());
    }

    @Test
    void undecodableValuesLeaveAGapAndAreLeftOutOfStatistics(FxRobot robot) throws Exception {
        showAndWait(robot, ramp(1000, 100, 600));
        assertTrue(plot.statsText().contains("min 100 · max 699"), plot.statsText());
        assertTrue(plot.statsText().contains("400 undecodable or missing (left out)"), plot.statsText());
        assertEquals(699, plot.bandExtent()[1]);
        assertEquals(100, plot.bandExtent()[0], "no undecodable zero is drawn");
        robot.interact(() -> plot.showHistogramMode());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> plot.histogramShown() != null && plot.histogramShown().complete());
        assertEquals(600, plot.histogramShown().binned());
        assertTrue(plot.statsText().contains("400 undecodable or missing (left out)"), plot.statsText());
    }

    @Test
    void twentyMillionTimestampsFillEveryBinAlike(FxRobot robot) throws Exception {
        Path ts = org.packscope.app.cli.PlotHistogramTest.benchFile("bench/pco/i64_ts_20m.pco");
        Assumptions.assumeTrue(ts != null, "../shared/bench is not beside the checkout");
        ValueColumn c = FormatRegistry.standard().open(ts).values();
        robot.interact(() -> plot.showHistogramMode());
        robot.interact(() -> plot.show(c));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> plot.histogramShown() != null && plot.histogramShown().complete());
        WaitForAsyncUtils.waitForFxEvents();
        for (long k : plot.histogramShown().counts()) assertEquals(200_000, k);
        assertEquals(0.0, plot.countAxis().getMin());
        assertTrue(plot.statsText().startsWith("all 20,000,000 values in 100 bins"), plot.statsText());
    }

    /**
     * The first values read widen the value labels, and so narrow the plot: the read starts
     * again at the new width as soon as the labels change, not after reading every value at
     * the old one (then all of them again). A slow column (0.5 µs a value) keeps the read
     * running while the layout follows.
     */
    @Test
    void aNarrowerPlotWhileReadingRestartsTheReadRatherThanReadingTwice(FxRobot robot) throws Exception {
        long n = 3_000_000;
        java.util.concurrent.atomic.AtomicLong valuesRead = new java.util.concurrent.atomic.AtomicLong();
        ValueColumn wide = ramp(n, 1_234_567_890_123L, n);
        ValueColumn slow = new ValueColumn() {
            public String name() { return "slow"; }
            public ValueType type() { return ValueType.I64; }
            public long count() { return n; }
            public void read(long start, long[] dst, int off, int len) {
                valuesRead.addAndGet(len);
                java.util.concurrent.locks.LockSupport.parkNanos(len * 500L);
                wide.read(start, dst, off, len);
            }
        };
        robot.interact(() -> plot.show(slow));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(plot::settled).get());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(plot.overview().complete(), "every value drawn");
        assertEquals(n, plot.overview().to());
        assertTrue(valuesRead.get() < 2 * n, valuesRead.get() + " values read for " + n + ": the whole column twice");
        assertTrue(valuesRead.get() >= n, valuesRead.get() + " values read");
    }
}
