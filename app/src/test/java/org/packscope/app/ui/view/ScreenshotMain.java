package org.packscope.app.ui.view;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.prefs.Preferences;

import javafx.animation.PauseTransition;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javafx.util.Duration;
import javax.imageio.ImageIO;

import org.packscope.app.ui.MainWindow;
import org.packscope.app.ui.PackScopeApp;

/**
 * Regenerates {@code screenshots/} from the real app: opens the samples in
 * {@code resources/}, walks to a few places, and saves the window as PNG.
 * A developer tool, kept out of the shipped jar; README.md (Screenshots) says how to run it.
 */
public final class ScreenshotMain {
    private ScreenshotMain() { }

    /** One picture: the file to write, the path under resources/ to reveal, the tab and field to select. */
    record Shot(String file, String path, String tab, String field) { }

    static final List<Shot> SHOTS = List.of(
            new Shot("pco-bins.png", "pco/floatmult_f64_prices.pco/chunk 0/primary latent", "Bins", null),
            new Shot("pco-plot.png", "pco/smooth_i64_timestamps_ms.pco", "Plot", null),
            new Shot("pco-histogram.png", "pco/floatmult_f64_prices.pco", "Plot", "histogram"),
            new Shot("pco-sizes.png", "pco/smooth_i64_timestamps_ms.pco", "Size breakdown", null),
            new Shot("blosc-interpret.png", "blosc/snappy_shuf_ts8_24000b_smooth_c5.blosc", "Values", null),
            new Shot("blosc-chunk.png", "blosc/blosclz_shuf_ts4_64k_mixed_c5.blosc", "Structure", "flags.compformat"),
            new Shot("bcolz-ctable.png", "bcolz/ctable_basic/x", "Values", null),
            new Shot("bpcells-matrix.png", "bpcells/multi.h5/mats/a", "Structure", "bits per index"),
            new Shot("bpcells-spy.png", "bpcells/small_packed_float_row_dir_rownames", "Matrix", null),
            new Shot("singlecell-h5ad.png", "singlecell/pbmc.h5ad/X", "Matrix", null),
            new Shot("binjson-sj.png", "binjson/config.sj", "Structure", "tag"),
            new Shot("hdf5-file.png", "bpcells/multi.h5", "Structure", "superblock version"),
            new Shot("trace-pco.png", "pco/smooth_i64_timestamps_ms.pco", "Values", "trace:1234"),
            new Shot("trace-blosc.png", "bcolz/carray_2d_float64_N3_lz4_c5_shuffle", "Values", "trace:4321"),
            new Shot("corrupt-pco.png", "pco/multichunk_f32_10x1000-damaged.pco", "Diagnostics", null),
            new Shot("zarr-heatmap.png", "zarr/sample_v2.zarr/weather/temperature", "Heat map", null),
            new Shot("zarr-array.png", "zarr/sample_v2.zarr/weather/temperature", "Structure", "compressor"),
            new Shot("hdf5-blosc-chunk.png", "hdf5/blosc_filtered.h5/temperature/chunks/chunk [40, 30]/Blosc chunk", "Structure", "flags.shuffle"));

    public static void main(String[] args) {
        PackScopeApp.quietClasspathWarning();
        Application.launch(App.class, args);
    }

    /** The JavaFX side; kept nested so the launcher class itself is not an Application. */
    public static final class App extends Application {
        @Override
        public void start(Stage stage) throws IOException {
            ScreenshotMain.start(stage);
        }
    }

    static void start(Stage stage) throws IOException {
        Path resources = PackScopeApp.defaultSamples();
        if (resources == null) throw new IOException("run from the checkout: resources/ not found");
        Path out = resources.resolveSibling("screenshots");
        Files.createDirectories(out);
        MainWindow window = new MainWindow(stage, Preferences.userRoot().node("packscope-screenshots"));
        // the size the issue asks to read well at
        stage.setWidth(1280);
        stage.setHeight(800);
        stage.show();
        window.open(resources);
        Deque<Shot> todo = new ArrayDeque<>();
        for (Shot s : SHOTS) {
            if (Files.exists(resources.resolve(firstExisting(resources, s.path())))) todo.add(s);
        }
        after(2.0, () -> next(window, resources, out, todo));
    }

    /** The longest prefix of the shot's path that exists on disk (the rest lies inside a file). */
    private static String firstExisting(Path resources, String path) {
        String[] parts = path.split("/");
        StringBuilder sb = new StringBuilder();
        for (String p : parts) {
            String candidate = sb.length() == 0 ? p : sb + "/" + p;
            if (!Files.exists(resources.resolve(candidate))) break;
            sb.setLength(0);
            sb.append(candidate);
        }
        return sb.toString();
    }

    /** "How would this compress?" for a file's values, once its table is in; then the end. */
    private static void surveyShot(MainWindow window, Path file, Path png) {
        window.open(file);
        after(3.0, () -> window.openSurvey(survey -> after(20.0, () -> {
            save((Stage) survey.table().getScene().getWindow(), png.toFile());
            Platform.exit();
        })));
    }

    /** The teaching window of {@code formatId} at 1280x800 with {@code field} selected, saved to {@code png}; then {@code then}. */
    private static void teachingShot(MainWindow window, String formatId, String field, Path png, Runnable then) {
        teachingShot(window, formatId, List.of(), field, png, then);
    }

    /** The same with the lesson's node at {@code path} (child names under the lesson) shown first. */
    private static void teachingShot(MainWindow window, String formatId, List<String> path, String field, Path png, Runnable then) {
        window.openTeaching(formatId, teaching -> {
            teaching.stage().setWidth(1280);
            teaching.stage().setHeight(800);
            after(2.5, () -> teaching.tree().revealPath(teaching.tree().getRoot().getChildren().get(0), path, item -> after(1.0, () -> {
                teaching.detail().selectField(field);
                after(1.0, () -> {
                    save(teaching.stage(), png.toFile());
                    teaching.stage().close();
                    then.run();
                });
            })));
        });
    }

    private static void next(MainWindow window, Path resources, Path out, Deque<Shot> todo) {
        if (todo.isEmpty()) {
            teachingShot(window, "binjson", "tag", out.resolve("binjson-teaching.png"),
                    () -> teachingShot(window, "blosc", "flags", out.resolve("blosc-teaching.png"),
                            () -> teachingShot(window, "bpcells", List.of("block 0", "4 · interleaved words"), "x25", out.resolve("bp128-teaching.png"),
                                    () -> teachingShot(window, "pco", List.of("6 · batch 0, state by state"), "primary[6]", out.resolve("pco-teaching.png"),
                                            () -> surveyShot(window, resources.resolve("pco/smooth_i64_timestamps_ms.pco"), out.resolve("survey.png"))))));
            return;
        }
        Shot shot = todo.poll();
        var rootItem = window.browser().getRoot().getChildren().get(0);
        window.browser().revealPath(rootItem, Arrays.asList(shot.path().split("/")), item -> after(1.5, () -> {
            window.detail().tabs().getTabs().stream()
                    .filter(t -> t.getText().startsWith(shot.tab())).findFirst()
                    .ifPresent(t -> window.detail().tabs().getSelectionModel().select(t));
            if (shot.field() != null && shot.field().startsWith("trace:")) {
                int row = Integer.parseInt(shot.field().substring("trace:".length()));
                ValuesView v = window.detail().values();
                v.table().getSelectionModel().clearAndSelect(row);
                v.table().scrollTo(Math.max(0, row - 3));
                v.traceSelected();
                after(1.5, () -> {
                    var steps = v.tracePane().steps();
                    if (steps.getItems().size() > 2) steps.getSelectionModel().select(steps.getItems().size() / 2);
                });
            } else if ("histogram".equals(shot.field())) {
                window.detail().plot().showHistogramMode();
            } else if (shot.field() != null) {
                window.detail().selectField(shot.field());
            }
            if (shot.tab().equals("Diagnostics")) window.detail().diagnostics().pickFirst();
            after(shot.field() != null && shot.field().startsWith("trace:") ? 3.5 : 1.5, () -> {
                save(window.stage(), out.resolve(shot.file()).toFile());
                next(window, resources, out, todo);
            });
        }));
    }

    private static void after(double seconds, Runnable r) {
        PauseTransition p = new PauseTransition(Duration.seconds(seconds));
        p.setOnFinished(e -> r.run());
        p.play();
    }

    private static void save(Stage stage, File file) {
        WritableImage img = stage.getScene().snapshot(null);
        try {
            ImageIO.write(SwingFXUtils.fromFXImage(img, null), "png", file);
            System.out.println("wrote " + file);
        } catch (IOException e) {
            System.err.println("could not write " + file + ": " + e.getMessage());
        }
    }
}
