package org.packscope.app.ui.view;

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
            c.setCellValueFactory(cd -> new ReadOnlyStringWrapper(col < cd.getValue().size() ? cell(cd.getValue().get(col)) : ""));
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

    /**
     * A bar chart of chartY over chartX, or null when the table has no numeric pair to plot.
     * Bars are labelled with the rows' names (a category axis when the names are not
     * numbers), the value axis starts at 0 and counts whole numbers as such, a "total" row
     * is not drawn as a part, and both axes end half a bar beyond the outer bars.
     */
    static XYChart chart(DataTable t) {
        if (t.chartX() == null || t.chartY() == null) return null;
        int xi = t.columnIndex(t.chartX()), yi = t.columnIndex(t.chartY());
        if (xi < 0 || yi < 0 || t.rows().isEmpty()) return null;
        List<List<Object>> rows = t.rows().stream().filter(r -> !isTotal(r.get(xi))).toList();
        if (rows.isEmpty()) return null;
        int n = rows.size();
        boolean named = rows.stream().anyMatch(r -> !(r.get(xi) instanceof Number) && Double.isNaN(number(r.get(xi), Double.NaN)));
        double[] x = new double[n], y = new double[n];
        List<String> names = new java.util.ArrayList<>();
        boolean whole = true;
        double top = 0;
        for (int i = 0; i < n; i++) {
            x[i] = named ? i : number(rows.get(i).get(xi), i);
            y[i] = number(rows.get(i).get(yi), 0);
            names.add(String.valueOf(rows.get(i).get(xi)));
            whole &= y[i] == Math.rint(y[i]);
            top = Math.max(top, y[i]);
        }
        DefaultNumericAxis xAxis = named ? new io.fair_acc.chartfx.axes.spi.CategoryAxis(t.chartX(),
                javafx.collections.FXCollections.observableArrayList(names)) : new DefaultNumericAxis(t.chartX());
        DefaultNumericAxis yAxis = new DefaultNumericAxis(t.chartY());
        // no unit: chartfx would print an empty "[]" after the names
        xAxis.setUnit(null);
        yAxis.setUnit(null);
        double lo = java.util.Arrays.stream(x).min().orElse(0), hi = java.util.Arrays.stream(x).max().orElse(0);
        xAxis.setAutoRanging(false);
        xAxis.set(lo - 0.5, hi + 0.5);
        if (named) xAxis.setTickUnit(1);
        yAxis.setAutoRanging(false);
        yAxis.set(0, top > 0 ? top * 1.08 : 1);
        if (whole) yAxis.setTickLabelFormatter(new javafx.util.StringConverter<Number>() {
            @Override public String toString(Number v) {
                return v.doubleValue() == Math.rint(v.doubleValue()) ? String.format(java.util.Locale.ROOT, "%,d", v.longValue()) : "";
            }
            @Override public Number fromString(String text) { return Double.parseDouble(text.replace(",", "")); }
        });
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
        chart.setMinSize(0, 0);
        return chart;
    }

    /** A cell's text: whole numbers (byte counts above all) without a trailing ".0". */
    static String cell(Object v) {
        if (v instanceof Double d && d == Math.rint(d) && Math.abs(d) < 1e15) return Long.toString(d.longValue());
        if (v instanceof Float f && f == Math.rint(f) && Math.abs(f) < 1e7) return Long.toString(f.longValue());
        return String.valueOf(v);
    }

    /** A row that sums the others: drawing it as one more bar would dwarf the parts. */
    private static boolean isTotal(Object label) {
        String s = String.valueOf(label).trim().toLowerCase(java.util.Locale.ROOT);
        return s.equals("total") || s.startsWith("total ");
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
