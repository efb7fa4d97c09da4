package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.plot.NumberText;
import org.packscope.app.plot.Recount;
import org.packscope.app.plot.Series;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The plot oracle for the window's line chart (a snapshot under Monocle): every pixel
 * column shows exactly the extent of the values mapped to it, for every shape at 10, 10k,
 * 1M and 20M values and one outlier in 10M; the header's statistics are exact; the
 * histogram's counts are a recount's.
 */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class PlotOracleWindowTest {
    private PlotView plot;

    @Start
    void start(Stage stage) {
        plot = PlotViewTest.showPlotView(stage);
    }

    @Test
    void everyColumnOfEveryShapeAtEverySizeIsItsValuesExtent(FxRobot robot) throws Exception {
        for (ValueColumn c : Series.all()) {
            robot.interact(() -> plot.show(c));
            PlotSnapshotOracle.waitDrawn(plot, c, 60);
            List<String> wrong = PlotSnapshotOracle.mismatches(plot, c);
            assertEquals(List.of(), wrong.subList(0, Math.min(5, wrong.size())), c.name() + ": " + wrong.size() + " columns wrong");
            // the header: exact extremes of everything read, nothing called an estimate
            Recount all = Recount.columns(c, 0, c.count(), 1, i -> 0);
            String min = c.type().kind() == ValueType.Kind.FLOAT ? Double.toString(all.lowest) : Long.toString(all.lowestRaw);
            String max = c.type().kind() == ValueType.Kind.FLOAT ? Double.toString(all.highest) : Long.toString(all.highestRaw);
            String header = plot.statsText();
            assertTrue(header.contains("min " + NumberText.plain(min) + " · max " + NumberText.plain(max)), c.name() + ": " + header);
            assertTrue(!header.contains("so far") && !header.contains("sampled"), header);
        }
    }

    @Test
    void histogramCountsAreARecountsAtEverySize(FxRobot robot) throws Exception {
        robot.interact(() -> plot.showHistogramMode());
        for (ValueColumn c : List.of(Series.spikes(10), Series.spikes(1_000_000), Series.gappedTimestamps(20_000_000), Series.outlier())) {
            robot.interact(() -> plot.show(c));
            WaitForAsyncUtils.waitFor(60, java.util.concurrent.TimeUnit.SECONDS,
                    () -> plot.histogramShown() != null && plot.histogramShown().complete());
            assertEquals(java.util.Arrays.toString(Recount.histogram(c, 100)), java.util.Arrays.toString(plot.histogramShown().counts()), c.name());
        }
    }
}
