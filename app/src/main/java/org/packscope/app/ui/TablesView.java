package org.packscope.app.ui;

import java.util.List;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.renderer.LineStyle;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.dataset.spi.DoubleDataSet;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Orientation;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import org.packscope.codec.inspect.DataTable;

/** One format table (bins, block map, bit widths): the rows, and a bar chart when it has one. */
final class TablesView {
    private TablesView() { }

    static javafx.scene.Node of(DataTable t) {
        TableView<List<Object>> table = new TableView<>();
        table.setId("table-" + t.title().toLowerCase(java.util.Locale.ROOT).replace(' ', '-'));
        for (int i = 0; i < t.columns().size(); i++) {
            int col = i;
            TableColumn<List<Object>, String> c = new TableColumn<>(t.columns().get(i));
            c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(col < cd.getValue().size() ? String.valueOf(cd.getValue().get(col)) : ""));
            c.setPrefWidth(110);
            table.getColumns().add(c);
        }
        table.setItems(FXCollections.observableArrayList(t.rows()));
        XYChart chart = chart(t);
        if (chart == null) return table;
        SplitPane split = new SplitPane(chart, table);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.5);
        return split;
    }

    /** A bar chart of chartY over chartX, or null when the table has no numeric pair to plot. */
    static XYChart chart(DataTable t) {
        if (t.chartX() == null || t.chartY() == null) return null;
        int xi = t.columnIndex(t.chartX()), yi = t.columnIndex(t.chartY());
        if (xi < 0 || yi < 0 || t.rows().isEmpty()) return null;
        int n = t.rows().size();
        double[] x = new double[n], y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = number(t.rows().get(i).get(xi), i);
            y[i] = number(t.rows().get(i).get(yi), 0);
        }
        DefaultNumericAxis xAxis = new DefaultNumericAxis(t.chartX());
        DefaultNumericAxis yAxis = new DefaultNumericAxis(t.chartY());
        xAxis.setAutoRangePadding(0.05);
        yAxis.setAutoRangePadding(0.05);
        XYChart chart = new XYChart(xAxis, yAxis);
        chart.setId("chart-" + t.title().toLowerCase(java.util.Locale.ROOT).replace(' ', '-'));
        chart.setTitle(t.title());
        ErrorDataSetRenderer r = new ErrorDataSetRenderer();
        r.setPolyLineStyle(LineStyle.NONE);
        r.setDrawBars(true);
        r.setDrawMarker(false);
        chart.getRenderers().setAll(r);
        DoubleDataSet ds = new DoubleDataSet(t.chartY());
        ds.set(x, y);
        r.getDatasets().add(ds);
        chart.setLegendVisible(false);
        chart.setPrefHeight(260);
        return chart;
    }

    private static double number(Object o, double fallback) {
        if (o instanceof Number num) return num.doubleValue();
        try {
            return Double.parseDouble(String.valueOf(o));
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
