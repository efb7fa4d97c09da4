package org.packscope.app.ui.window;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.renderer.LineStyle;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.dataset.spi.DoubleDataSet;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.geometry.Orientation;
import javafx.stage.Stage;

import org.packscope.app.ui.task.TaskRunner;
import org.packscope.app.ui.view.RowLinks;
import org.packscope.app.ui.view.StatusBar;
import org.packscope.app.ui.view.Theme;
import org.packscope.codec.format.CompressionSurvey;
import org.packscope.codec.inspect.ValueColumn;

/**
 * "How would this compress?" for the values shown: every codec setting PackScope can
 * write tried on them in the background (progress and Cancel in the status bar), then a
 * table, smallest first, whose ratio column is drawn as a bar so the best settings stand
 * out at a glance, and a chart of ratio against decode speed, a point a setting, so the
 * trade-off between them is seen at once (the best settings are up and to the right). A
 * row whose encoding is a file PackScope opens (a Blosc chunk) opens as that file, in the
 * main window's usual views: the surveyed sample encoded with that setting. The same table
 * as {@code survey PATH} prints.
 */
public final class SurveyWindow implements SteppedWindow.Contents {
    private final String what;
    private final ValueColumn values;
    private final Scene scene;
    private final StatusBar status = new StatusBar();
    private final TaskRunner runner = new TaskRunner(status);
    private final Label summary = new Label("Trying every codec setting…");
    private final TableView<CompressionSurvey.Row> table = new TableView<>();
    private final XYChart chart;
    private final Map<String, DoubleDataSet> pointsByFamily = new LinkedHashMap<>();
    private final Button open = new Button("Open the Encoded Sample");
    private final Consumer<Path> opener;
    private double bestRatio = 1;

    /** {@code opener} opens a file in the main window (a row's encoded result). */
    public SurveyWindow(String what, ValueColumn values, Consumer<Path> opener) {
        this.what = what;
        this.values = values;
        this.opener = opener;
        summary.setId("survey-summary");
        summary.setWrapText(true);
        table.setId("survey-table");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        table.getColumns().add(column("codec", 90, CompressionSurvey.Row::family));
        table.getColumns().add(column("setting", 260, CompressionSurvey.Row::setting));
        table.getColumns().add(column("bytes", 110, r -> String.format(Locale.ROOT, "%,d", r.encodedBytes())));
        TableColumn<CompressionSurvey.Row, CompressionSurvey.Row> ratio = new TableColumn<>("ratio");
        ratio.setPrefWidth(200);
        ratio.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        ratio.setCellFactory(c -> new RatioCell());
        table.getColumns().add(ratio);
        table.getColumns().add(column("encode MB/s", 100, r -> String.format(Locale.ROOT, "%,.0f", r.encodeMBps())));
        table.getColumns().add(column("decode MB/s", 100, r -> String.format(Locale.ROOT, "%,.0f", r.decodeMBps())));
        table.getColumns().add(column("round trip", 90, r -> r.exact() ? "exact" : "DIFFERS"));
        table.setRowFactory(t -> {
            TableRow<CompressionSurvey.Row> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) openEncoded(row.getItem());
            });
            return row;
        });
        open.setId("survey-open");
        open.setDisable(true);
        open.setOnAction(e -> openEncoded(table.getSelectionModel().getSelectedItem()));
        table.getSelectionModel().selectedItemProperty().addListener((o, was, row) -> {
            open.setDisable(row == null || !row.openable());
            open.setText(row != null && !row.openable() ? row.setting() + " makes a bare stream: no file to open" : "Open the Encoded Sample");
        });
        chart = chart();
        VBox top = new VBox(6, summary);
        top.setPadding(new Insets(8));
        SplitPane middle = new SplitPane(table, chart);
        middle.setOrientation(Orientation.VERTICAL);
        middle.setDividerPositions(0.6);
        HBox actions = new HBox(8, open);
        actions.setPadding(new Insets(6, 8, 6, 8));
        BorderPane root = new BorderPane(middle);
        root.setTop(top);
        root.setBottom(new VBox(actions, status));
        scene = new Scene(root, 1040, 860);
        scene.getStylesheets().add(Theme.class.getResource("packscope.css").toExternalForm());
    }

    private static TableColumn<CompressionSurvey.Row, String> column(String name, double width, Function<CompressionSurvey.Row, String> text) {
        TableColumn<CompressionSurvey.Row, String> c = new TableColumn<>(name);
        c.setPrefWidth(width);
        c.setCellValueFactory(r -> new ReadOnlyObjectWrapper<>(text.apply(r.getValue())));
        return c;
    }

    /** Ratio over decode speed, a dataset per codec family, markers only: a point a setting. */
    private static XYChart chart() {
        DefaultNumericAxis x = new DefaultNumericAxis("decode MB/s");
        DefaultNumericAxis y = new DefaultNumericAxis("ratio");
        // no unit: chartfx would print an empty "[]" after the names
        x.setUnit(null);
        y.setUnit(null);
        x.setAutoRanging(false);
        y.setAutoRanging(false);
        XYChart c = new XYChart(x, y);
        c.setId("survey-chart");
        c.setTitle("ratio against decode speed (up and to the right is better)");
        ErrorDataSetRenderer r = new ErrorDataSetRenderer();
        r.setPolyLineStyle(LineStyle.NONE);
        r.setDrawMarker(true);
        r.setPointReduction(false);
        c.getRenderers().setAll(r);
        c.setMinSize(0, 0);
        return c;
    }

    /** The ratio as a number and a bar as long as it is against the best one. */
    private final class RatioCell extends TableCell<CompressionSurvey.Row, CompressionSurvey.Row> {
        private final ProgressBar bar = new ProgressBar();
        private final Label text = new Label();

        private final HBox box = new HBox(8, text, bar);

        RatioCell() {
            bar.setMaxWidth(Double.MAX_VALUE);
            bar.setStyle("-fx-accent: #5c8fd6;");
            // the number beside its bar, never on it: readable in both themes
            text.setMinWidth(44);
            text.setAlignment(Pos.CENTER_RIGHT);
            HBox.setHgrow(bar, Priority.ALWAYS);
            box.setAlignment(Pos.CENTER_LEFT);
        }

        @Override
        protected void updateItem(CompressionSurvey.Row row, boolean empty) {
            super.updateItem(row, empty);
            if (empty || row == null) {
                setGraphic(null);
                return;
            }
            bar.setProgress(row.ratio() / bestRatio);
            text.setText(String.format(Locale.ROOT, "%.2f", row.ratio()));
            setGraphic(box);
        }
    }

    @Override public Scene scene() { return scene; }

    @Override public String title() { return "PackScope — how would " + what + " compress?"; }

    @Override public List<Runnable> parts() { return List.of(); }

    @Override
    public void showing(Stage stage) {
        runner.submit("Trying every codec setting on " + what, p -> {
                    CompressionSurvey.Result r = CompressionSurvey.of(values, CompressionSurvey.DEFAULT_SAMPLE_BYTES, p);
                    RowLinks.linked(r.rows());
                    return r;
                },
                this::show, e -> summary.setText("The survey failed: " + e.getMessage()));
    }

    /**
     * Encodes the surveyed sample with {@code row}'s setting in the background, writes it to
     * a temporary file named for it (removed when PackScope ends) and opens that.
     */
    private void openEncoded(CompressionSurvey.Row row) {
        if (row == null || !row.openable()) return;
        String name = (what + "-" + row.family() + "-" + row.setting()).replaceAll("[^A-Za-z0-9]+", "-") + "-";
        runner.submit("Encoding the sample with " + row.family() + " " + row.setting(), p -> {
            byte[] encoded = CompressionSurvey.encodedSample(values, CompressionSurvey.DEFAULT_SAMPLE_BYTES, row, p);
            try {
                Path f = Files.createTempFile(name, row.fileSuffix());
                f.toFile().deleteOnExit();
                Files.write(f, encoded);
                return f;
            } catch (IOException e) {
                throw new UncheckedIOException("could not write the encoded sample: " + e.getMessage(), e);
            }
        }, opener, e -> status.showMessage("Could not open the encoded sample: " + e.getMessage()));
    }

    private void show(CompressionSurvey.Result r) {
        bestRatio = r.rows().isEmpty() ? 1 : Math.max(1e-9, r.rows().get(0).ratio());
        long raw = r.surveyed() * r.type().byteWidth();
        summary.setText(String.format(Locale.ROOT, "%s: %,d values of %s%s. Smallest first; ratio = raw bytes / encoded bytes; speeds in MB/s of raw data on this machine.",
                what, r.values(), r.type().label(), r.sampled()
                        ? String.format(Locale.ROOT, ", surveyed on a sample of %,d values (%,d bytes) in runs spread over all of them", r.surveyed(), raw)
                        : String.format(Locale.ROOT, " (%,d bytes), all surveyed", raw)));
        pointsByFamily.clear();
        for (CompressionSurvey.Row row : r.rows()) {
            pointsByFamily.computeIfAbsent(row.family(), DoubleDataSet::new).add(row.decodeMBps(), row.ratio(), row.setting());
        }
        // from 0, with room beyond the outermost points so none sits on an edge
        double fastest = r.rows().stream().mapToDouble(CompressionSurvey.Row::decodeMBps).max().orElse(1);
        chart.getXAxis().set(0, fastest * 1.08);
        chart.getYAxis().set(0, bestRatio * 1.12);
        ErrorDataSetRenderer renderer = (ErrorDataSetRenderer) chart.getRenderers().get(0);
        renderer.getDatasets().setAll(pointsByFamily.values());
        // the table last: tests (and people) take its rows as the sign that all is shown
        table.setItems(FXCollections.observableArrayList(r.rows()));
    }

    // public: tests in ui.view, which drive the main window, read them
    public String summaryText() { return summary.getText(); }
    public TableView<CompressionSurvey.Row> table() { return table; }
    public Map<String, DoubleDataSet> chartPoints() { return pointsByFamily; }
    public Button openButton() { return open; }
    public ValueColumn surveyedValues() { return values; }
}
