package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.stage.Stage;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.cli.PlotHistogramTest;
import org.packscope.app.plot.Recount;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.MainWindow;
import org.packscope.app.ui.task.Warmup;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.ValueColumn;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What a person sees opening the bench files (../shared/bench/pco, 20 M and 2 M values)
 * and choosing Plot: the line plot passes the plot oracle across the whole width, the
 * header is exact, the histogram counts what a recount counts; prints how long each took
 * from choosing the tab (or Histogram) to fully drawn. Skipped without ../shared.
 */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class PlotBenchWindowTest {
    private static final Preferences PREFS = Preferences.userRoot().node("packscope-tests-plot");
    private MainWindow window;
    /** Whether this JVM has had the app's start-up warm-up. */
    private static boolean warmed;

    @Start
    void start(Stage stage) throws Exception {
        PREFS.clear();
        window = new MainWindow(stage, PREFS);
        stage.show();
    }

    /** CPU time of this whole process: on a shared machine the wall clock says more about the neighbours. */
    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bench/pco/i64_ts_20m.pco", "bench/pco/u32_small_20m.pco", "bench/pco/f64_normal_2m.pco"})
    void benchFilePlotsEveryValueAcrossTheWidth(String f, FxRobot robot) throws Exception {
        Assumptions.assumeTrue(PlotHistogramTest.benchFile(f) != null, "../shared/bench is not beside the checkout");
        Path path = PlotHistogramTest.benchFile(f);
        String name = path.getFileName().toString();
        if (!warmed) {
            // as the app started by the README's command does once its window is up (PackScopeApp): the
            // sample folder shown, the samples' headers read in the background; the bench file is then
            // the first file a person opens
            Path samples = Path.of("../resources").toAbsolutePath().normalize();
            // on the tab the bench files open on: its collecting the samples' diagnostics is start-up work too
            robot.interact(() -> window.detail().tabs().getSelectionModel().select(3));
            robot.interact(() -> window.open(samples));
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.detail().node() != null
                    && window.detail().node().name().equals(samples.getFileName().toString()));
            WaitForAsyncUtils.waitForFxEvents();
            Warmup.run(samples, 5_000);
            warmed = true;
        }
        // opened on the Diagnostics tab: the Plot tab is chosen afterwards, as a person does
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(3));
        long opened = System.nanoTime();
        robot.interact(() -> window.open(path));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals(name));
        WaitForAsyncUtils.waitForFxEvents();
        System.out.printf("window header of %s: %d ms from opening to its fields shown%n", name, (System.nanoTime() - opened) / 1_000_000);
        ValueColumn c = FormatRegistry.standard().open(path).values();
        PlotView plot = window.detail().plot();
        long t0 = System.nanoTime(), cpu0 = cpuNanos();
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(2));
        long drawnAt = PlotSnapshotOracle.waitDrawn(plot, c, 120);
        System.out.printf("window line plot of %s: %d ms from choosing Plot to every value drawn (process CPU %d ms)%n", name,
                (drawnAt - t0) / 1_000_000, (cpuNanos() - cpu0) / 1_000_000);
        List<String> wrong = PlotSnapshotOracle.mismatches(plot, c);
        assertEquals(List.of(), wrong.subList(0, Math.min(5, wrong.size())), name + ": " + wrong.size() + " columns wrong");
        assertTrue(plot.plottedPoints() > 0.99 * plot.overview().buckets(), name + " fills the width: " + plot.plottedPoints());
        Recount all = Recount.columns(c, 0, c.count(), 1, i -> 0);
        if (c.type().kind() != org.packscope.codec.inspect.ValueType.Kind.FLOAT) {
            String max = org.packscope.app.plot.NumberText.plain(Long.toString(all.highestRaw));
            assertTrue(plot.statsText().contains("max " + max + " "), plot.statsText() + " names the exact max " + max);
        }

        long h0 = System.nanoTime(), hcpu0 = cpuNanos();
        robot.interact(plot::showHistogramMode);
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> plot.histogramShown() != null && plot.histogramShown().complete());
        WaitForAsyncUtils.waitForFxEvents();
        System.out.printf("window histogram of %s: %d ms from choosing Histogram to every value counted and drawn (process CPU %d ms)%n",
                name, (System.nanoTime() - h0) / 1_000_000, (cpuNanos() - hcpu0) / 1_000_000);
        assertEquals(java.util.Arrays.toString(Recount.histogram(c, 100)), java.util.Arrays.toString(plot.histogramShown().counts()), name);
    }
}
