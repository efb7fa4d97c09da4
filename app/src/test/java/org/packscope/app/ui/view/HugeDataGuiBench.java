package org.packscope.app.ui.view;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.prefs.Preferences;

import javafx.application.Platform;
import javafx.scene.control.TableCell;
import javafx.stage.Stage;

import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.MainWindow;

/**
 * The GUI half of the huge-data benchmark (run by {@code HugeDataBench} in a JVM of its
 * own, headless): the real window opens the multi-GB dataset, shows its values at the
 * far end, plots all of them and scrolls the hex view, while {@link FxWatchdog} measures
 * how long the FX thread ever took to answer and whether it was seen reading data.
 */
public final class HugeDataGuiBench {
    private HugeDataGuiBench() { }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        CompletableFuture<MainWindow> made = new CompletableFuture<>();
        Platform.startup(() -> {
            Stage stage = new Stage();
            MainWindow w = new MainWindow(stage, Preferences.userRoot().node("packscope-huge-bench"));
            stage.show();
            made.complete(w);
        });
        MainWindow window = made.get();
        shown = window;
        Thread.sleep(1500); // the window's first layout and styling, before anything is measured
        try (FxWatchdog dog = new FxWatchdog(FxWatchdog.STALL_MS)) {
            long t0 = System.nanoTime();
            fx(() -> { window.open(dir); return null; });
            waitFor(() -> window.shownNode() != null && window.shownNode().name().equals(dir.getFileName().toString()));
            report("header visible in the window", t0);

            long count = fx(() -> window.detail().node().values().count());
            long last = count - 1;
            t0 = System.nanoTime();
            fx(() -> {
                window.detail().tabs().getSelectionModel().select(1);
                window.detail().values().selectIndex(last);
                return null;
            });
            waitFor(() -> window.detail().values().table().lookupAll(".table-cell").stream().anyMatch(n -> n instanceof TableCell<?, ?> c
                    && c.getTableRow() != null && Long.valueOf(last).equals(c.getTableRow().getItem()) && c.getTableColumn() != null && c.getTableColumn().getText().startsWith("Value")
                    && c.getText() != null && !c.getText().equals("…")));
            report(String.format(Locale.ROOT, "value %,d on screen", last), t0);

            t0 = System.nanoTime();
            fx(() -> { window.detail().tabs().getSelectionModel().select(2); return null; });
            waitFor(() -> window.detail().plot().plottedPoints() > 0);
            report(String.format(Locale.ROOT, "line plot of all %,d values drawn (%s)", count, fx(() -> window.detail().plot().statsText())), t0);

            t0 = System.nanoTime();
            fx(() -> { window.detail().hex().select(org.packscope.codec.inspect.Span.bytes(window.detail().hex().source() == null ? 0
                    : window.detail().hex().source().size() - 1, 1)); return null; });
            Thread.sleep(500);
            report("hex view at the last byte of the node", t0);

            Thread.sleep(500);
            System.out.printf(Locale.ROOT, "FX thread: worst answer %d ms; answers later than %d ms: %s%n",
                    dog.worstMillis(), FxWatchdog.STALL_MS, dog.stalls());
            boolean reading = dog.stalls().stream().anyMatch(FxWatchdog.Stall::readingData);
            System.out.println(reading ? "FX thread seen reading data: YES" : "FX thread seen reading data: no");
        }
        Platform.exit();
    }

    private static MainWindow shown;

    private static String describeTable() {
        var t = shown.detail().values().table();
        return "rows " + t.getItems().size() + ", selected " + t.getSelectionModel().getSelectedItem() + ", cells "
                + t.lookupAll(".table-cell").stream().map(n -> {
                    TableCell<?, ?> c = (TableCell<?, ?>) n;
                    return (c.getTableRow() == null ? "?" : c.getTableRow().getItem()) + "/" + (c.getTableColumn() == null ? "?" : c.getTableColumn().getText()) + "=" + c.getText();
                }).filter(x -> x.startsWith("5368709")).toList();
    }

    private static void report(String what, long t0) {
        System.out.printf(Locale.ROOT, "[window] %s: %.0f ms%n", what, (System.nanoTime() - t0) / 1e6);
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(c.call());
            } catch (Throwable e) {
                f.completeExceptionally(e);
            }
        });
        return f.get();
    }

    private static void waitFor(Callable<Boolean> condition) throws Exception {
        long end = System.nanoTime() + 60_000_000_000L;
        while (!fx(condition)) {
            if (System.nanoTime() > end) throw new IllegalStateException("timed out; " + fx(() -> HugeDataGuiBench.describeTable()));
            Thread.sleep(5);
        }
    }
}
