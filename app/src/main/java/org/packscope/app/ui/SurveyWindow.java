package org.packscope.app.ui;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

import org.packscope.codec.format.CompressionSurvey;
import org.packscope.codec.inspect.ValueColumn;

/**
 * "How would this compress?" for the values shown: every codec setting PackScope can
 * write tried on them in the background (progress and Cancel in the status bar), then a
 * table, smallest first, whose ratio column is drawn as a bar so the best settings stand
 * out at a glance. The same table as {@code survey PATH} prints.
 */
final class SurveyWindow implements SteppedWindow.Contents {
    private final String what;
    private final ValueColumn values;
    private final Scene scene;
    private final StatusBar status = new StatusBar();
    private final TaskRunner runner = new TaskRunner(status);
    private final Label summary = new Label("Trying every codec setting…");
    private final TableView<CompressionSurvey.Row> table = new TableView<>();
    private double bestRatio = 1;

    SurveyWindow(String what, ValueColumn values) {
        this.what = what;
        this.values = values;
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
        VBox top = new VBox(6, summary);
        top.setPadding(new Insets(8));
        BorderPane root = new BorderPane(table);
        root.setTop(top);
        root.setBottom(status);
        scene = new Scene(root, 1040, 720);
        scene.getStylesheets().add(SurveyWindow.class.getResource("packscope.css").toExternalForm());
    }

    private static TableColumn<CompressionSurvey.Row, String> column(String name, double width, Function<CompressionSurvey.Row, String> text) {
        TableColumn<CompressionSurvey.Row, String> c = new TableColumn<>(name);
        c.setPrefWidth(width);
        c.setCellValueFactory(r -> new ReadOnlyObjectWrapper<>(text.apply(r.getValue())));
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
        runner.submit("Trying every codec setting on " + what, p -> CompressionSurvey.of(values, CompressionSurvey.DEFAULT_SAMPLE_BYTES, p),
                this::show, e -> summary.setText("The survey failed: " + e.getMessage()));
    }

    private void show(CompressionSurvey.Result r) {
        bestRatio = r.rows().isEmpty() ? 1 : Math.max(1e-9, r.rows().get(0).ratio());
        long raw = r.surveyed() * r.type().byteWidth();
        summary.setText(String.format(Locale.ROOT, "%s: %,d values of %s%s. Smallest first; ratio = raw bytes / encoded bytes; speeds in MB/s of raw data on this machine.",
                what, r.values(), r.type().label(), r.sampled()
                        ? String.format(Locale.ROOT, ", surveyed on a sample of %,d values (%,d bytes) in runs spread over all of them", r.surveyed(), raw)
                        : String.format(Locale.ROOT, " (%,d bytes), all surveyed", raw)));
        table.setItems(FXCollections.observableArrayList(r.rows()));
    }

    String summaryText() { return summary.getText(); }
    TableView<CompressionSurvey.Row> table() { return table; }
}
