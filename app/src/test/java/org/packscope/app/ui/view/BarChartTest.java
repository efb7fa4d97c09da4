package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.spi.CategoryAxis;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.codec.inspect.DataTable;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Bar charts of format tables: named bars, a count axis from 0, no "total" bar, whole bytes, no empty units. */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class BarChartTest {
    private Stage stage;

    @Start
    void start(Stage stage) {
        Theme.apply(Theme.LIGHT);
        // load chartfx's classes before the window is up, as the main window does when starting
        TablesView.chart(SIZES);
        this.stage = stage;
        stage.setScene(new Scene(new javafx.scene.layout.StackPane(), 1000, 700));
        stage.getScene().getStylesheets().add(Theme.class.getResource("packscope.css").toExternalForm());
        stage.show();
    }

    static final DataTable SIZES = new DataTable("Size breakdown", List.of("part", "bytes", "% of file"), List.of(
            List.<Object>of("header", 13.0, 0.5), List.<Object>of("chunk metadata", 120.0, 4.6),
            List.<Object>of("pages", 2467.0, 94.9), List.<Object>of("total", 2600.0, 100.0)), "part", "bytes");

    @Test
    void aSizeBreakdownIsNamedBarsFromZeroWithoutTheTotal(FxRobot robot) throws Exception {
        robot.interact(() -> ((javafx.scene.layout.StackPane) stage.getScene().getRoot()).getChildren().setAll(TablesView.of(SIZES)));
        WaitForAsyncUtils.waitForFxEvents();
        XYChart chart = robot.lookup("#chart-size-breakdown").queryAs(XYChart.class);
        CategoryAxis x = (CategoryAxis) chart.getXAxis();
        DefaultNumericAxis y = (DefaultNumericAxis) chart.getYAxis();
        assertEquals(List.of("header", "chunk metadata", "pages"), List.copyOf(x.getCategories()), "bars named by part, no total");
        assertEquals(-0.5, x.getMin());
        assertEquals(2.5, x.getMax(), "the last bar lies inside the axis");
        assertEquals(0.0, y.getMin(), "bars start at 0");
        assertTrue(y.getMax() >= 2467, "the tallest part fits");
        assertEquals("bytes", y.getName());
        assertEquals(null, y.getUnit(), "no empty [] unit");
        assertEquals("1,000", y.getTickLabelFormatter().toString(1000.0), "bytes as whole numbers");
        assertEquals(3, chart.getRenderers().get(0).getDatasets().get(0).getDataCount());
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup(".table-cell").queryAll().stream()
                .anyMatch(c -> c instanceof TableCell<?, ?> tc && "2467".equals(tc.getText())));
        assertFalse(robot.lookup(".table-cell").queryAll().stream()
                .anyMatch(c -> c instanceof TableCell<?, ?> tc && tc.getText() != null && tc.getText().endsWith(".0")), "no 2467.0");
    }

    @Test
    void numberedBarsKeepTheirNumbersAndTheLastBarInside(FxRobot robot) throws Exception {
        DataTable blocks = new DataTable("Blocks", List.of("block", "cbytes"), List.of(
                List.<Object>of(0, 500), List.<Object>of(1, 700), List.<Object>of(2, 300)), "block", "cbytes");
        robot.interact(() -> ((javafx.scene.layout.StackPane) stage.getScene().getRoot()).getChildren().setAll(TablesView.of(blocks)));
        WaitForAsyncUtils.waitForFxEvents();
        XYChart chart = robot.lookup("#chart-blocks").queryAs(XYChart.class);
        DefaultNumericAxis x = (DefaultNumericAxis) chart.getXAxis();
        assertFalse(x instanceof CategoryAxis);
        assertEquals(2.5, x.getMax(), "half a bar beyond the last");
        assertEquals(0.0, ((DefaultNumericAxis) chart.getYAxis()).getMin());
    }
}
