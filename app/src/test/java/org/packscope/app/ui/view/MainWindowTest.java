package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.geometry.Point2D;
import javafx.scene.control.Button;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableRow;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.Samples;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.MainWindow;
import org.packscope.app.ui.window.DiffWindow;
import org.packscope.app.ui.window.SurveyWindow;
import org.packscope.app.ui.window.TeachingWindow;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class MainWindowTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = new MainWindow(stage, Preferences.userRoot().node("packscope-tests"));
        stage.show();
    }

    private void openAndWait(FxRobot robot, Path path, String expectedName) throws Exception {
        robot.interact(() -> window.open(path));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> window.detail().node() != null && window.detail().node().name().equals(expectedName));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Where a point of a node is on the screen once two layout passes in a row leave it in place. */
    private static Point2D settledScreenPoint(javafx.scene.Node node, double x, double y) throws Exception {
        Point2D before = null;
        for (int pass = 0; pass < 50; pass++) {
            WaitForAsyncUtils.waitForFxEvents();
            Point2D now = WaitForAsyncUtils.asyncFx(() -> node.localToScreen(x, y)).get();
            if (now != null && now.equals(before)) return now;
            before = now;
            Thread.sleep(20);
        }
        throw new AssertionError("the node kept moving: " + before);
    }

    @Test
    void selectingAFieldHighlightsItsBytesInTheHexView(FxRobot robot) throws Exception {
        openAndWait(robot, Samples.get("bpcells/multi.h5"), "multi.h5");
        TableRow<?> row = robot.lookup(".table-row-cell").match(n -> n instanceof TableRow<?> r
                && r.getItem() instanceof Field f && f.name().equals("superblock version")).query();
        robot.clickOn(row);
        WaitForAsyncUtils.waitForFxEvents();
        HexView hex = window.detail().hex();
        assertEquals(8, hex.selectionProperty().get().byteOffset());
        assertTrue(hex.headerText().contains("selected bytes 8–8 (1 byte)"), hex.headerText());
        assertTrue(robot.lookup("#hex-selection").queryLabeled().getText().contains("selected bytes 8–8"));
    }

    @Test
    void clickingAByteSelectsTheInnermostField(FxRobot robot) throws Exception {
        // everything the opening started has finished, so the tabs' late offers cannot move the canvas
        Opened.openAndWait(robot, window, Samples.get("bpcells/multi.h5"));
        HexView hex = window.detail().hex();
        javafx.scene.Node canvas = hex.lookup("Canvas");
        // the layout earlier tests left in the shared preferences must not hide the first row
        robot.interact(() -> {
            window.detail().setDividers(0.55, 0.72, ValuesView.TABLE_SHARE);
            window.stage().toFront();
        });
        double x = 8.4 * (12 + 3 * 3) + 4, y = 9;
        // the first row's fourth byte lies inside the 8-byte signature
        Point2D onByte = settledScreenPoint(canvas, x, y);
        String where = WaitForAsyncUtils.asyncFx(() -> "canvas " + canvas.getLayoutBounds() + " visible " + canvas.isVisible()
                + " in a window showing " + (canvas.getScene() != null && canvas.getScene().getWindow().isShowing())).get();
        assertTrue(WaitForAsyncUtils.asyncFx(() -> canvas.getLayoutBounds().contains(x, y)).get(), "the byte is on the canvas: " + where);
        robot.clickOn(onByte);
        WaitForAsyncUtils.waitForFxEvents();
        Field selected = window.detail().structure().selectedField();
        assertTrue(selected != null, "a field selected by the click at " + onByte + "; " + where + "; hex says " + hex.headerText());
        assertEquals("signature", selected.name());
        assertTrue(hex.headerText().contains("selected bytes 0–7 (8 bytes)"), hex.headerText());
    }

    @Test
    void expandingTheTreeShowsDatasetsAndTheirValues(FxRobot robot) throws Exception {
        openAndWait(robot, Samples.get("bpcells/multi.h5"), "multi.h5");
        var fileItem = window.browser().getRoot().getChildren().get(0);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fileItem.getChildren().stream()
                .anyMatch(c -> c.getValue() instanceof org.packscope.codec.inspect.Node n && n.name().equals("mats")));
        var mats = fileItem.getChildren().stream()
                .filter(c -> c.getValue() instanceof org.packscope.codec.inspect.Node n && n.name().equals("mats")).findFirst().orElseThrow();
        robot.interact(() -> mats.setExpanded(true));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> mats.getChildren().size() == 3
                && mats.getChildren().get(0).getValue() instanceof org.packscope.codec.inspect.Node);
        var a = mats.getChildren().get(0);
        robot.interact(() -> a.setExpanded(true));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> a.getChildren().stream()
                .anyMatch(c -> c.getValue() instanceof org.packscope.codec.inspect.Node n && n.name().equals("idxptr")));
        var idxptr = a.getChildren().stream()
                .filter(c -> c.getValue() instanceof org.packscope.codec.inspect.Node n && n.name().equals("idxptr")).findFirst().orElseThrow();
        robot.interact(() -> window.browser().getSelectionModel().select(idxptr));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null && window.detail().node().name().equals("idxptr"));
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(1));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".table-cell").queryAll().stream()
                .anyMatch(c -> c instanceof javafx.scene.control.TableCell<?, ?> tc && "12".equals(tc.getText())));
        assertEquals("51 values of type u64", window.detail().values().infoText());
        robot.interact(() -> window.detail().values().findNext("23"));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().values().table().getSelectionModel().getSelectedIndex() == 2);

        robot.interact(() -> window.detail().tabs().getSelectionModel().select(2));
        PlotView plot = WaitForAsyncUtils.asyncFx(() -> window.detail().plot()).get();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> plot.plottedPoints() > 0);
        // fewer values than pixel columns: each value is a column of its own, spanning those after it
        assertEquals(51, plot.plottedValues(), "a column for each of the 51 values");
        assertTrue(plot.statsText().startsWith("0–50 · min 0 · max "), plot.statsText());
        assertTrue(robot.lookup("#plot-line").tryQuery().isPresent());

        Path png = java.nio.file.Files.createTempFile("plot", ".png");
        javafx.concurrent.Task<?>[] saving = new javafx.concurrent.Task<?>[1];
        robot.interact(() -> saving[0] = plot.savePng(png));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> saving[0].isDone());
        assertTrue(javax.imageio.ImageIO.read(png.toFile()).getWidth() > 100, "the plot is saved as a picture");

        Path csv = java.nio.file.Files.createTempFile("idxptr", ".csv");
        javafx.concurrent.Task<?>[] export = new javafx.concurrent.Task<?>[1];
        robot.interact(() -> export[0] = window.exportTo(window.detail().node(), "csv", csv));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> export[0].isDone());
        java.util.List<String> lines = java.nio.file.Files.readAllLines(csv);
        assertEquals(51, lines.size());
        assertEquals("0", lines.get(0));
        assertEquals("12", lines.get(1));
    }

    @Test
    void teachingViewEncodesJsonAsYouType(FxRobot robot) throws Exception {
        TeachingWindow[] w = new TeachingWindow[1];
        robot.interact(() -> window.openTeaching("binjson", shown -> w[0] = shown));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> w[0] != null && w[0].sizesText().contains("BJ"));
        assertTrue(w[0].stage().isShowing());
        robot.interact(() -> w[0].inputArea().setText("{\"a\": [1, 2, 3], \"b\": \"hello\"}"));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> w[0].sizesText().startsWith("JSON 30 bytes (compact 25)"));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> w[0].detail().node() != null
                && w[0].detail().node().source().size() == 25
                && w[0].detail().structure().getItems().stream().anyMatch(f -> f.name().equals("magic")));
        boolean[] found = new boolean[1];
        robot.interact(() -> found[0] = w[0].detail().selectField("magic"));
        assertTrue(found[0]);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(w[0].detail().hex().headerText().contains("selected bytes 0–1 (2 bytes)"), w[0].detail().hex().headerText());
        robot.interact(() -> w[0].inputArea().setText("{\"a\": "));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> w[0].problemText().startsWith("not valid JSON"));
        // where the text stops being JSON, and the encoding still shown marked as of the old text
        assertTrue(w[0].problemText().contains("(line 1, column 7)"), w[0].problemText());
        assertTrue(w[0].stale());
        assertTrue(w[0].sizesText().startsWith(TeachingWindow.STALE + "JSON 30 bytes"), w[0].sizesText());
        robot.interact(() -> w[0].inputArea().setText("[1]"));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> w[0].sizesText().startsWith("JSON 3 bytes"));
        assertFalse(w[0].stale());
        assertEquals("", w[0].problemText());
        robot.interact(() -> w[0].stage().close());
    }

    /**
     * Tools → Blosc, Explained: numbers typed in show as one Blosc chunk, its header fields
     * saying the element size and shuffle chosen, its values the numbers typed, its size the
     * one the sentence gives; a choice changed re-encodes; input that is not numbers says why
     * and leaves the last chunk shown as stale.
     */
    @Test
    void bloscTeachingViewShowsTheChunkOfTheNumbersTyped(FxRobot robot) throws Exception {
        MenuBar bar = robot.lookup(".menu-bar").queryAs(MenuBar.class);
        Menu tools = bar.getMenus().stream().filter(m -> m.getText().equals("_Tools")).findFirst().orElseThrow();
        // the teaching items are listed once the teachers have been asked in the background
        List<String> expected = List.of("BP128, Explained…", "Binary JSON, Explained…", "Blosc, Explained…", "Pco, Explained…", "How Would These Values Compress…");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> tools.getItems().stream()
                .map(MenuItem::getText).filter(java.util.Objects::nonNull).toList()).get().equals(expected));

        TeachingWindow[] w = new TeachingWindow[1];
        robot.interact(() -> window.openTeaching("blosc", shown -> w[0] = shown));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w[0] != null && w[0].sizesText().startsWith("96 values of int32"));
        assertEquals("PackScope — Blosc, explained", w[0].stage().getTitle());

        // 64 int16 values of a slow ramp: their high bytes repeat
        List<String> ramp = new ArrayList<>();
        for (int i = 0; i < 64; i++) ramp.add(Integer.toString(1000 + i * 3));
        robot.interact(() -> {
            w[0].choice("type").setValue("int16");
            w[0].inputArea().setText(String.join(" ", ramp));
        });
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w[0].sizesText().startsWith("64 values of int16 = 128 bytes · Blosc chunk "));
        // the chunk shown is the int16 one once its header says 2-byte elements, byte-shuffled
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w[0].detail().node() != null
                && "2".equals(field(w[0], "typesize")) && "true".equals(field(w[0], "flags.shuffle")));
        long shuffled = chunkShown(w[0]);
        ValueColumn values = w[0].detail().node().values();
        assertEquals(64, values.count());
        for (int i = 0; i < 64; i++) assertEquals(ramp.get(i), values.text(i), "value " + i);

        robot.interact(() -> w[0].choice("shuffle").setValue("none"));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w[0].detail().node() != null
                && !w[0].detail().structure().getItems().isEmpty() && "false".equals(field(w[0], "flags.shuffle")));
        long plain = chunkShown(w[0]);
        assertTrue(shuffled < plain, "the byte shuffle makes the ramp's chunk smaller: " + shuffled + " vs " + plain);

        robot.interact(() -> w[0].inputArea().setText("1 2 three"));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w[0].problemText().equals("number 3 ('three') is not a whole number"));
        assertTrue(w[0].stale());
        assertTrue(w[0].sizesText().startsWith(TeachingWindow.STALE + "64 values"), w[0].sizesText());
        robot.interact(() -> w[0].inputArea().setText("7"));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w[0].sizesText().startsWith("1 value of int16 = 2 bytes"));
        assertFalse(w[0].stale());
        robot.interact(() -> w[0].stage().close());
    }

    /**
     * Tools → Blosc, Explained, step 4: selecting a BloscLZ token of the example's chunk
     * highlights its bytes in the hex view (the cells drawn in the highlight colour, the
     * header naming the range), and what those bytes say is what this test computes from
     * the numbers typed: the literal run's bytes are the first bytes of the byte-shuffled
     * block (the low bytes of the first elements), and the match after it copies bytes the
     * shuffled block really repeats at that distance.
     */
    @Test
    void bloscTeachingTokenStepHighlightsItsBytes(FxRobot robot) throws Exception {
        TeachingWindow[] w = new TeachingWindow[1];
        robot.interact(() -> window.openTeaching("blosc", shown -> w[0] = shown));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w[0] != null && w[0].sizesText().startsWith("96 values of int32"));
        // the example's numbers, byte-shuffled here: plane j holds byte j of each of the 96 elements
        String[] typed = w[0].inputArea().getText().strip().split("\\s+");
        byte[] shuffled = new byte[typed.length * 4];
        for (int i = 0; i < typed.length; i++) {
            int v = Integer.parseInt(typed[i]);
            for (int j = 0; j < 4; j++) shuffled[j * typed.length + i] = (byte) (v >>> (8 * j));
        }
        boolean[] done = new boolean[1];
        robot.interact(() -> w[0].tree().revealPath(w[0].tree().getRoot().getChildren().get(0),
                List.of("steps", "4 · streams through blosclz", "block 0", "stream 0"), item -> done[0] = true));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> done[0] && w[0].detail().node() != null
                && w[0].detail().node().name().equals("stream 0") && !w[0].detail().structure().getItems().isEmpty());
        assertEquals("c-blosc blosc/blosclz.c, blosclz_decompress", field(w[0], "spec"));

        // #0: a literal run, its control byte then the bytes themselves
        Span lit = selectAndSee(robot, w[0], lessonField(w[0], "#0 literals"));
        byte[] seen = new byte[(int) lit.byteLength()];
        w[0].detail().hex().source().read(lit.byteOffset(), seen, 0, seen.length);
        int n = (seen[0] & 31) + 1;
        assertEquals(seen.length, 1 + n, "one control byte, then " + n + " literal bytes");
        assertArrayEquals(java.util.Arrays.copyOf(shuffled, n), java.util.Arrays.copyOfRange(seen, 1, seen.length),
                "the literal bytes are the first low bytes of the numbers typed");

        // literal runs (of at most 32 bytes) up to the first match, each the next bytes of the shuffled block
        int op = 0;
        long end = lit.byteOffset();
        Field match = null;
        for (Field f : w[0].detail().structure().getItems()) {
            if (f.name().matches("#\\d+ literals")) {
                assertEquals(end, f.span().byteOffset(), f.name() + " follows the token before");
                int count = (int) f.span().byteLength() - 1;
                byte[] run = new byte[count];
                w[0].detail().hex().source().read(f.span().byteOffset() + 1, run, 0, count);
                assertArrayEquals(java.util.Arrays.copyOfRange(shuffled, op, op + count), run, f.name());
                op += count;
                end = f.span().byteEnd();
            } else if (f.name().matches("#\\d+ match")) {
                match = f;
                break;
            }
        }
        assertTrue(match != null, "the example's shuffled planes repeat: a match");
        Span m = selectAndSee(robot, w[0], match);
        assertEquals(end, m.byteOffset(), "the match follows the literal runs");
        java.util.regex.Matcher said = java.util.regex.Pattern.compile("([0-9,]+) bytes? from ([0-9]+) back").matcher(match.value());
        assertTrue(said.matches(), match.value());
        int length = Integer.parseInt(said.group(1).replace(",", ""));
        int distance = Integer.parseInt(said.group(2));
        for (int k = 0; k < length; k++) {
            assertEquals(shuffled[op + k - distance], shuffled[op + k], "shuffled byte " + (op + k) + " repeats the one " + distance + " back");
        }
        robot.interact(() -> w[0].stage().close());
    }

    /** Selects {@code f} and checks the hex view shows its bytes, and only them, highlighted. */
    private static Span selectAndSee(FxRobot robot, TeachingWindow w, Field f) throws Exception {
        robot.interact(() -> w.detail().selectField(f.name()));
        WaitForAsyncUtils.waitForFxEvents();
        HexView hex = w.detail().hex();
        Span sel = hex.selectionProperty().get();
        assertEquals(f.span(), sel, f.name());
        assertTrue(hex.headerText().endsWith(String.format(Locale.ROOT, "selected bytes %d–%d (%d bytes)", sel.byteOffset(), sel.byteEnd() - 1, sel.byteLength()))
                || sel.byteLength() == 1, hex.headerText());
        var canvas = (javafx.scene.canvas.Canvas) hex.lookup("Canvas");
        javafx.scene.image.WritableImage[] shot = new javafx.scene.image.WritableImage[1];
        robot.interact(() -> shot[0] = canvas.snapshot(null, null));
        long first = hex.firstVisibleByte();
        javafx.scene.paint.Color mark = Theme.current().highlight;
        for (long b = Math.max(first, sel.byteOffset() - 2); b < sel.byteEnd() + 2 && b < hex.source().size(); b++) {
            int c = (int) (b % HexView.BYTES_PER_ROW);
            // just left of the byte's two hex digits: inside the highlight, outside the glyphs
            double x = 8.4 * (12 + c * 3 + (c >= 8 ? 1 : 0)) - 1;
            double y = (b / HexView.BYTES_PER_ROW - first / HexView.BYTES_PER_ROW) * 18 + 9;
            if (y >= shot[0].getHeight()) break;
            var pixel = shot[0].getPixelReader().getColor((int) x, (int) y);
            boolean lit = pixel.equals(mark);
            assertEquals(sel.containsByte(b), lit, f.name() + ": byte " + b + " drawn " + pixel + (sel.containsByte(b) ? ", not highlighted" : ", highlighted"));
        }
        return sel;
    }

    /**
     * Tools → Pco, Explained: numbers typed become a Pco file whose values are them; the
     * sentence says what the encoder chose, and a forced mode and delta are what it shows.
     */
    @Test
    void pcoTeachingViewShowsTheFileOfTheNumbersTyped(FxRobot robot) throws Exception {
        TeachingWindow[] w = new TeachingWindow[1];
        robot.interact(() -> window.openTeaching("pco", shown -> w[0] = shown));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> w[0] != null && w[0].sizesText().startsWith("300 values of int64"));
        assertEquals("PackScope — Pco, explained", w[0].stage().getTitle());
        // the steps: a tANS transition of batch 0 selects the bits its decoder reads, and they are the number it says
        showPcoStep(robot, w[0], "6 · batch 0, state by state");
        Field transition = null;
        for (Field f : w[0].detail().structure().getItems()) {
            if (f.key().equals("lesson.transition") && f.span() != null && f.span().bitLength() > 0) {
                transition = f;
                break;
            }
        }
        assertTrue(transition != null, "a transition that reads bits");
        Field picked = transition;
        robot.interact(() -> w[0].detail().selectField(picked.name()));
        WaitForAsyncUtils.waitForFxEvents();
        Span sel = w[0].detail().hex().selectionProperty().get();
        assertEquals(picked.span(), sel);
        long read = 0;
        for (int j = 0; j < sel.bitLength(); j++) {
            long bit = sel.startBit() + j;
            read |= (long) ((w[0].detail().node().source().u8(bit >>> 3) >>> (bit & 7)) & 1) << j;
        }
        assertTrue(picked.meaning().contains("= " + read + " → state"), picked.meaning() + " reads " + read);
        showPcoStep(robot, w[0], "8 · size under other levels");
        assertEquals(13, w[0].detail().node().tables().get(0).rows().size());
        // the lesson's numbers trace as a file's do, in the same trace view: a step with bits selects them
        boolean[] atRoot = new boolean[1];
        robot.interact(() -> w[0].tree().revealPath(w[0].tree().getRoot().getChildren().get(0), List.of(), item -> atRoot[0] = true));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> atRoot[0] && w[0].detail().node() != null && w[0].detail().node().name().equals("Pco lesson"));
        robot.interact(() -> w[0].detail().tabs().getSelectionModel().select(1));
        ValuesView lessonValues = w[0].detail().values();
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> lessonValues.table().getItems().size() == 300);
        robot.interact(() -> {
            lessonValues.table().getSelectionModel().clearAndSelect(9);
            lessonValues.traceSelected();
        });
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> lessonValues.tracePane().steps().getItems().size() > 5);
        assertTrue(lessonValues.tracePane().headingText().startsWith("Value 9 = "), lessonValues.tracePane().headingText());
        var stepWithBits = lessonValues.tracePane().steps().getItems().stream()
                .filter(st -> st.span() != null && st.span().bitLength() > 0 && !st.span().isByteAligned()).findFirst().orElseThrow();
        robot.interact(() -> lessonValues.tracePane().steps().getSelectionModel().select(stepWithBits));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(stepWithBits.span().startBit(), w[0].detail().hex().selectionProperty().get().startBit());
        robot.interact(() -> {
            w[0].choice("type").setValue("int32");
            w[0].choice("mode").setValue("Classic");
            w[0].choice("delta").setValue("none");
            w[0].inputArea().setText("5 5 5 5 7 -3 5 5");
        });
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> w[0].sizesText().startsWith("8 values of int32 = 32 bytes · Pco file ")
                && w[0].sizesText().contains("mode Classic, delta no delta"));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> w[0].detail().node() != null && w[0].detail().node().values() != null
                && w[0].detail().node().values().count() == 8);
        ValueColumn v = w[0].detail().node().values();
        String[] typed = {"5", "5", "5", "5", "7", "-3", "5", "5"};
        for (int i = 0; i < 8; i++) assertEquals(typed[i], v.text(i), "value " + i);
        robot.interact(() -> w[0].stage().close());
    }

    /**
     * A teaching window takes the values the main window shows: the first 4,096 of a Pco
     * file's 5,000 timestamps go into the editor as text, the element type follows them
     * (int64), and the lesson's chunk decodes to those very values.
     */
    @Test
    void bloscTeachingTakesTheValuesTheMainWindowShows(FxRobot robot) throws Exception {
        TeachingWindow[] w = new TeachingWindow[1];
        robot.interact(() -> window.openTeaching("blosc", shown -> w[0] = shown));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w[0] != null && w[0].sizesText().startsWith("96 values of int32"));
        // nothing with numbers is selected yet: the window says what to do
        robot.interact(() -> ((javafx.scene.control.Button) w[0].stage().getScene().lookup("#teach-from-main")).fire());
        assertTrue(w[0].problemText().startsWith("Select something that holds numbers in the main window"), w[0].problemText());

        openAndWait(robot, Samples.get("pco/smooth_i64_timestamps_ms.pco"), "smooth_i64_timestamps_ms.pco");
        ValueColumn shown = window.detail().node().values();
        assertEquals(5_000, shown.count());
        robot.interact(() -> ((javafx.scene.control.Button) w[0].stage().getScene().lookup("#teach-from-main")).fire());
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w[0].sizesText().startsWith("4,096 values of int64 = 32,768 bytes"));
        assertEquals("int64", w[0].choice("type").getValue());
        String[] typed = w[0].inputArea().getText().strip().split("\\s+");
        assertEquals(4_096, typed.length);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w[0].detail().node() != null && w[0].detail().node().values() != null
                && w[0].detail().node().values().count() == 4_096);
        ValueColumn lesson = w[0].detail().node().values();
        for (int i = 0; i < 4_096; i += 97) {
            assertEquals(shown.text(i), typed[i], "value " + i + " as typed");
            assertEquals(shown.text(i), lesson.text(i), "value " + i + " decoded from the lesson's chunk");
        }
        robot.interact(() -> w[0].stage().close());
    }

    /**
     * Tools → BP128, Explained: numbers typed show block by block; the width, the words and
     * the sizes the window shows are the ones this test computes from the numbers by hand
     * (zigzag, bit length, each word's 32 bits from the lane layout); a word's field selects
     * its 4 bytes in the hex view; changing the variant re-encodes; a series button fills the editor.
     * (The Tools menu lists it: see the Blosc test.)
     */
    @Test
    void bp128TeachingViewShowsWidthWordsAndPointersOfTheNumbersTyped(FxRobot robot) throws Exception {
        TeachingWindow[] w = new TeachingWindow[1];
        robot.interact(() -> window.openTeaching("bpcells", shown -> w[0] = shown));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w[0] != null && w[0].sizesText().startsWith("300 values = 1,200 bytes as uint32 · BP128-D1Z"));
        assertEquals("PackScope — BP128, explained", w[0].stage().getTitle());

        // 200 nearly sorted numbers: steps of 0..12 forward, every 9th one back by 5
        long[] x = new long[200];
        long v = 5000;
        for (int i = 0; i < x.length; i++) {
            v += i % 9 == 8 ? -5 : (i * 7) % 13;
            x[i] = v;
        }
        List<String> typed = new ArrayList<>();
        for (long n : x) typed.add(Long.toString(n));
        robot.interact(() -> w[0].inputArea().setText(String.join(", ", typed)));
        checkLesson(robot, w[0], x, "BP128-d1z");

        robot.interact(() -> w[0].choice("variant").setValue("BP128"));
        checkLesson(robot, w[0], x, "BP128");
        robot.interact(() -> w[0].choice("variant").setValue("BP128-d1"));
        checkLesson(robot, w[0], x, "BP128-d1"); // the steps back wrap to 32-bit differences: block 0 verbatim

        // a series button puts its numbers in the editor: the ramp 0..299
        robot.interact(() -> robot.lookup("#teach-series-ramp").queryAs(Button.class).fire());
        long[] ramp = new long[300];
        for (int i = 0; i < ramp.length; i++) ramp[i] = i;
        checkLesson(robot, w[0], ramp, "BP128-d1");
        robot.interact(() -> w[0].stage().close());
    }

    /** The transformed block 0 of {@code x}, computed here from the spec's definitions. */
    private static long[] block0(long[] x, String variant) {
        long[] in = new long[128];
        for (int i = 0; i < 128; i++) in[i] = x[Math.min(i, x.length - 1)]; // padded with the last value
        long[] t = new long[128];
        for (int i = 0; i < 128; i++) {
            long d = in[i] - in[Math.max(0, i - 1)];
            t[i] = switch (variant) {
                case "BP128" -> in[i];
                case "BP128-d1" -> d & 0xffffffffL;
                default -> d >= 0 ? 2 * d : -2 * d - 1;
            };
        }
        return t;
    }

    private static int bitLength(long[] t) {
        long max = 0;
        for (long v : t) max = Math.max(max, v);
        return 64 - Long.numberOfLeadingZeros(max);
    }

    private void checkLesson(FxRobot robot, TeachingWindow w, long[] x, String variant) throws Exception {
        long[] t = block0(x, variant);
        int bits = bitLength(t);
        long[] packed = t;
        if (bits == 32) packed = java.util.Arrays.copyOf(x, 128); // 32 bits: the values as they are
        int blocks = (x.length + 127) / 128;
        String label = variant.replace("d1z", "D1Z").replace("d1", "D1");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> w.sizesText().startsWith(String.format(Locale.ROOT,
                "%d values = %,d bytes as uint32 · %s: %d blocks of %d,", x.length, 4L * x.length, label, blocks, bits)));

        show(robot, w, "block 0", "3 · bit width");
        assertEquals(Integer.toString(bits), lessonField(w, "bits").value());
        assertEquals(Integer.toString(4 * bits), lessonField(w, "words").value());

        show(robot, w, "block 0", "4 · interleaved words");
        int word = Math.min(5, 4 * bits - 1);
        long expect = 0;
        for (int j = 0; j < 32; j++) {
            // bit j of word `word`: lane word mod 4, lane bit 32·⌊word/4⌋ + j, so bit (lane bit mod b) of value 4·⌊lane bit / b⌋ + lane
            long laneBit = 32L * (word / 4) + j;
            int value = (int) (4 * (laneBit / bits) + word % 4);
            if (value < 128) expect |= ((packed[value] >> (laneBit % bits)) & 1) << j;
        }
        assertEquals(String.format("0x%08x", expect), lessonField(w, "word " + word).value());
        robot.interact(() -> w.detail().selectField("word " + word));
        WaitForAsyncUtils.waitForFxEvents();
        Span sel = w.detail().hex().selectionProperty().get();
        assertEquals(Span.bytes(8 + 4L * word, 4), sel, "block 0 starts right after the data file's 8-byte header");
        assertEquals(expect, w.detail().node().source().u32le(sel.byteOffset()));

        show(robot, w, "idx");
        assertEquals("0", lessonField(w, "idx[0]").value());
        assertEquals(Integer.toString(4 * bits), lessonField(w, "idx[1]").value());
    }

    private static void show(FxRobot robot, TeachingWindow w, String... path) throws Exception {
        boolean[] done = new boolean[1];
        robot.interact(() -> w.tree().revealPath(w.tree().getRoot().getChildren().get(0), List.of(path), item -> done[0] = true));
        String name = path[path.length - 1];
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> done[0] && w.detail().node() != null
                && w.detail().node().name().equals(name) && !w.detail().structure().getItems().isEmpty()
                && w.detail().structure().getItems().get(0).key().equals("lesson.spec"));
        assertTrue(lessonField(w, "spec").value().startsWith("bpcells-matrix-format.txt, "), name);
    }

    private static void showPcoStep(FxRobot robot, TeachingWindow w, String step) throws Exception {
        boolean[] done = new boolean[1];
        robot.interact(() -> w.tree().revealPath(w.tree().getRoot().getChildren().get(0), List.of(step), item -> done[0] = true));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> done[0] && w.detail().node() != null
                && w.detail().node().name().equals(step) && !w.detail().structure().getItems().isEmpty());
        assertTrue(lessonField(w, "spec").value().startsWith("pcodec docs/format.md, "), step);
    }

    private static Field lessonField(TeachingWindow w, String name) {
        for (Field f : w.detail().structure().getItems()) if (f.name().equals(name)) return f;
        throw new AssertionError("no field " + name + " in " + w.detail().node().name());
    }

    /** The size of the chunk the detail pane shows, once it is the one the sentence speaks of. */
    private static long chunkShown(TeachingWindow w) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> {
            if (w.detail().node() == null || w.detail().structure().getItems().isEmpty()) return false;
            String said = w.sizesText().replaceAll(".*Blosc chunk ([0-9,]+) bytes.*", "$1").replace(",", "");
            return Long.parseLong(said) == w.detail().node().source().size();
        });
        return w.detail().node().source().size();
    }

    private static String field(TeachingWindow w, String name) {
        for (Field f : w.detail().structure().getItems()) if (f.name().equals(name)) return f.value();
        return null;
    }

    /**
     * Tools → How Would These Values Compress: the values shown, tried under every setting,
     * as a table smallest first, each ratio the raw size over its bytes, every row exact;
     * with nothing selected the status bar says what to select.
     */
    @Test
    void surveyWindowTriesEverySettingOnTheValuesShown(FxRobot robot) throws Exception {
        robot.interact(() -> window.openSurvey(s -> { throw new AssertionError("nothing is selected"); }));
        assertTrue(window.status().text().startsWith("Select something that holds numbers"), window.status().text());
        Path file = Samples.get("pco/smooth_i64_timestamps_ms.pco");
        openAndWait(robot, file, "smooth_i64_timestamps_ms.pco");
        SurveyWindow[] w = new SurveyWindow[1];
        robot.interact(() -> window.openSurvey(s -> w[0] = s));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> w[0] != null && w[0].table().getItems().size() == 32);
        assertTrue(w[0].summaryText().startsWith("smooth_i64_timestamps_ms.pco: 5,000 values of i64 (40,000 bytes), all surveyed"), w[0].summaryText());
        long before = 0;
        for (var row : w[0].table().getItems()) {
            assertTrue(row.exact(), row.setting());
            assertEquals(40_000, row.rawBytes());
            assertTrue(row.encodedBytes() >= before, "smallest first");
            before = row.encodedBytes();
        }
        // the chart: a point a row, at the row's decode speed and ratio, in its family's series
        int points = 0;
        for (var e : w[0].chartPoints().entrySet()) {
            var ds = e.getValue();
            for (int i = 0; i < ds.getDataCount(); i++) {
                String setting = ds.getDataLabel(i);
                var row = w[0].table().getItems().stream().filter(r -> r.family().equals(e.getKey()) && r.setting().equals(setting)).findFirst().orElseThrow();
                assertEquals(row.decodeMBps(), ds.get(0, i), setting);
                assertEquals(row.ratio(), ds.get(1, i), setting);
                points++;
            }
        }
        assertEquals(32, points);
        // a bare zlib stream is no file: nothing to open
        var zlib = w[0].table().getItems().stream().filter(r -> r.setting().equals("zlib level 6")).findFirst().orElseThrow();
        robot.interact(() -> w[0].table().getSelectionModel().select(zlib));
        assertTrue(w[0].openButton().isDisabled());
        assertEquals("zlib level 6 makes a bare stream: no file to open", w[0].openButton().getText());
        // a Blosc row opens as the sample encoded with it, which decodes to the very bytes surveyed
        var blosc = w[0].table().getItems().stream().filter(r -> r.setting().equals("zstd · bit shuffle · level 5")).findFirst().orElseThrow();
        robot.interact(() -> w[0].table().getSelectionModel().select(blosc));
        assertFalse(w[0].openButton().isDisabled());
        robot.clickOn(w[0].openButton());
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> window.detail().node() != null
                && window.detail().node().name().startsWith("smooth-i64-timestamps-ms-pco-Blosc-zstd-bit-shuffle-level-5-")
                && window.detail().node().name().endsWith(".blosc"));
        var opened = window.detail().node();
        assertEquals(blosc.encodedBytes(), opened.source().size());
        var decoded = opened.values();
        assertEquals(40_000, decoded.count() * decoded.type().byteWidth());
        byte[] got = new byte[40_000], want = new byte[40_000];
        decoded.readRaw(0, (int) decoded.count(), got, 0);
        w[0].surveyedValues().readRaw(0, 5_000, want, 0);
        assertArrayEquals(want, got);
        robot.interact(() -> w[0].table().getScene().getWindow().hide());
    }

    /** A node of two bytes whose value is traced in two steps and whose field is explained. */
    private static org.packscope.codec.inspect.Node tracedNode() {
        var src = org.packscope.codec.io.ByteSource.of(new byte[] {(byte) 0xa5, 0x07}, "two-bytes");
        var span = org.packscope.codec.inspect.Span.bits(4, 8);
        var node = org.packscope.codec.inspect.Node.of("traced", "test").source(src)
                .span(org.packscope.codec.inspect.Span.bytes(0, 2))
                .field("nibbles", span, "0x7a", "the middle eight bits");
        node.facet(org.packscope.codec.inspect.ValueColumn.class, new org.packscope.codec.inspect.ValueColumn() {
            public String name() { return "v"; }
            public org.packscope.codec.inspect.ValueType type() { return org.packscope.codec.inspect.ValueType.U8; }
            public long count() { return 1; }
            public void read(long start, long[] dst, int off, int len) { dst[off] = 0x7a; }
        });
        node.facet(org.packscope.codec.inspect.ValueTracer.class, (index, p) -> new org.packscope.codec.inspect.Trace(index, "122",
                java.util.List.of(
                        new org.packscope.codec.inspect.Trace.Step("read 8 bits", "0x7a", "bits 4..11, LSB first", src, span),
                        new org.packscope.codec.inspect.Trace.Step("as u8", "122", "no transform", null, null))));
        node.facet(org.packscope.codec.inspect.FieldExplainer.class, f -> new org.packscope.codec.inspect.Explanation(
                "Nibbles", "Two half-bytes that straddle a byte boundary.", "value = (b0 >> 4) | (b1 & 0xf) << 4", "test spec, §1"));
        return node;
    }

    @Test
    void explainPaneAndTraceFollowTheSelection(FxRobot robot) throws Exception {
        var node = tracedNode();
        robot.interact(() -> window.browser().getSelectionModel().select(window.browser().addRoot(node)));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() == node);
        robot.interact(() -> window.detail().selectField("nibbles"));
        ExplainPane explain = window.detail().explain();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> explain.titleText().equals("Nibbles"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("value = (b0 >> 4) | (b1 & 0xf) << 4", explain.formulaText());
        assertTrue(robot.lookup("#explain-spec").queryLabeled().getText().contains("test spec"));

        robot.interact(() -> window.detail().tabs().getSelectionModel().select(1));
        ValuesView values = window.detail().values();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> values.table().getItems().size() == 1);
        robot.interact(() -> values.table().getSelectionModel().select(0));
        robot.clickOn("#trace-button");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> values.tracePane().steps().getItems().size() == 2);
        assertEquals("Value 0 = 122 — 2 steps", values.tracePane().headingText());
        robot.interact(() -> values.tracePane().steps().getSelectionModel().select(0));
        HexView hex = window.detail().hex();
        assertEquals(4, hex.selectionProperty().get().startBit());
        assertTrue(hex.headerText().contains("selected bits 4–11 (byte 0 bit 4, 8 bits)"), hex.headerText());
    }

    @Test
    void diffListsTheKnownDamageOfASample(FxRobot robot) throws Exception {
        DiffWindow[] w = new DiffWindow[1];
        robot.interact(() -> window.compare(Samples.get("binjson/config.sj"), Samples.get("binjson/config-damaged.sj"), shown -> w[0] = shown));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> w[0] != null && !w[0].table().getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(w[0].stage().isShowing());
        // the damaged string-table entry itself (a drill-down list the comparison now opens) comes first
        assertEquals("4 differences between config.sj and config-damaged.sj", w[0].headingText());
        var paths = w[0].table().getItems().stream().map(d -> d.path() + ": " + d.what()).toList();
        assertEquals(java.util.List.of("(strings)/26: field utf8", "server/port: kind", "server/tls: only on the left",
                "database/replicas/0/host: field value"), paths);
        robot.interact(() -> w[0].table().getSelectionModel().select(0));
        assertEquals(249, w[0].leftHex().selectionProperty().get().byteOffset());
        robot.interact(() -> w[0].table().getSelectionModel().select(1));
        assertEquals(410, w[0].leftHex().selectionProperty().get().byteOffset());
        robot.interact(() -> w[0].stage().close());
    }

    @Test
    void goToOffsetAndBookmarks(FxRobot robot) throws Exception {
        openAndWait(robot, Samples.get("bpcells/multi.h5"), "multi.h5");
        robot.clickOn("#hex-goto").write("0x10").type(javafx.scene.input.KeyCode.ENTER);
        HexView hex = window.detail().hex();
        assertEquals(16, hex.selectionProperty().get().byteOffset());
        robot.interact(() -> hex.goToOffset("8.3"));
        assertEquals(67, hex.selectionProperty().get().startBit());
        // an offset that goes nowhere says why, on the field and in the header, and keeps the selection
        long size = hex.source().size();
        String[][] refused = {{"zzz", "'zzz' is not an offset"}, {"0x1000.3", "not with 0x"}, {"8.9", "bits 0 to 7"},
                {Long.toString(size), String.format(java.util.Locale.ROOT, "byte %,d is past the end: the data has %,d bytes", size, size)}};
        for (String[] r : refused) {
            robot.interact(() -> { lookupGoTo(robot).setText(r[0]); lookupGoTo(robot).fireEvent(new javafx.event.ActionEvent()); });
            assertTrue(hex.goToFeedback() != null && hex.goToFeedback().contains(r[1]), r[0] + " → " + hex.goToFeedback());
            assertTrue(hex.headerText().contains("not gone: " + hex.goToFeedback()), hex.headerText());
            assertTrue(lookupGoTo(robot).getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("invalid")));
            assertEquals(67, hex.selectionProperty().get().startBit(), "the selection stays");
        }
        robot.interact(() -> lookupGoTo(robot).setText("0x1"));
        assertEquals(null, hex.goToFeedback(), "typing clears the complaint");

        robot.interact(() -> window.detail().selectField("signature"));
        robot.interact(window::bookmarkSelectedField);
        assertEquals(1, window.bookmarks().size());
        robot.interact(() -> window.detail().selectField("superblock version"));
        robot.interact(() -> window.goTo(window.bookmarks().get(0)));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().structure().selectedField() != null
                && window.detail().structure().selectedField().name().equals("signature"));
        assertTrue(hex.headerText().contains("selected bytes 0–7"), hex.headerText());
    }

    private static javafx.scene.control.TextField lookupGoTo(FxRobot robot) {
        return robot.lookup("#hex-goto").queryAs(javafx.scene.control.TextField.class);
    }

    @Test
    void matricesShowASpyPlot(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(Samples.get("bpcells/tiny_packed_uint_col_dir_names")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null
                && window.detail().node().name().equals("tiny_packed_uint_col_dir_names"));
        var matrixTab = window.detail().tabs().getTabs().stream().filter(t -> t.getText().equals("Matrix")).findFirst().orElseThrow();
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(matrixTab));
        SpyView spy = window.detail().spy();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> spy.cellCount(0, 0) >= 0);
        assertTrue(spy.infoText().startsWith("3 × 4 · 6 entries · each cell one matrix cell"), spy.infoText());
        long total = 0;
        for (int r = 0; r < 3; r++) for (int c = 0; c < 4; c++) total += spy.cellCount(r, c);
        assertEquals(6, total);
    }

    @Test
    void theSpyPlotZoomsIntoARegionAndDecodesOnlyTheRowsCrossingIt(FxRobot robot) throws Exception {
        openAndWait(robot, Samples.get("bpcells/small_packed_float_row_dir_rownames"), "small_packed_float_row_dir_rownames");
        var matrixTab = window.detail().tabs().getTabs().stream().filter(t -> t.getText().equals("Matrix")).findFirst().orElseThrow();
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(matrixTab));
        SpyView spy = window.detail().spy();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> spy.decodedEntries() >= 0);
        assertEquals(500, spy.decodedEntries());
        assertTrue(spy.infoText().startsWith("100 × 50 · 500 entries"), spy.infoText());

        // keyboard: + zooms into the middle; this row-major matrix then reads only the middle rows
        var canvas = robot.lookup("#spy-canvas").query();
        robot.clickOn(canvas);
        robot.type(javafx.scene.input.KeyCode.ADD);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> spy.decodedEntries() >= 0 && spy.infoText().startsWith("rows"));
        long zoomed = spy.decodedEntries();
        assertTrue(zoomed > 0 && zoomed < 500, "decoded " + zoomed);
        assertTrue(spy.infoText().startsWith("rows 25–74 × columns 13–37"), spy.infoText());
        assertTrue(spy.infoText().contains("read " + zoomed + " of 500 stored"), spy.infoText());

        // a box dragged over the top-left quarter of the plot zooms there
        var b = canvas.localToScreen(canvas.getBoundsInLocal());
        robot.drag(new Point2D(b.getMinX() + 12, b.getMinY() + 12)).dropTo(new Point2D(b.getMinX() + b.getWidth() / 4, b.getMinY() + b.getHeight() / 4));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> spy.decodedEntries() >= 0 && spy.decodedEntries() < zoomed);
        robot.moveTo(new Point2D(b.getMinX() + 13, b.getMinY() + 13));
        assertTrue(spy.hoverText().startsWith("row 25 (") || spy.hoverText().startsWith("rows 25–"), spy.hoverText());

        // 0 shows the whole matrix again
        robot.type(javafx.scene.input.KeyCode.DIGIT0);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> spy.decodedEntries() == 500);
        assertTrue(spy.infoText().startsWith("100 × 50 · 500 entries"), spy.infoText());
    }

    @Test
    void darkThemeRepaintsTheHexView(FxRobot robot) throws Exception {
        openAndWait(robot, Samples.get("bpcells/multi.h5"), "multi.h5");
        try {
            robot.interact(() -> window.setTheme(Theme.DARK));
            var canvas = (javafx.scene.canvas.Canvas) window.detail().hex().lookup("Canvas");
            javafx.scene.image.WritableImage[] shot = new javafx.scene.image.WritableImage[1];
            robot.interact(() -> shot[0] = canvas.snapshot(null, null));
            var pixel = shot[0].getPixelReader().getColor(2, 2);
            assertTrue(pixel.getBrightness() < 0.2, "dark background, got " + pixel);
        } finally {
            robot.interact(() -> window.setTheme(Theme.LIGHT));
        }
    }

    @Test
    void aTableShowsItsColumnsSideBySideUnderTheirNames(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(Samples.get("bcolz/ctable_basic")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null
                && window.detail().node().name().equals("ctable_basic"));
        ValuesView values = window.detail().values();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> values.infoText().equals("2,750 rows × 6 columns"));
        WaitForAsyncUtils.waitForFxEvents();
        var headers = values.table().getColumns().stream().map(c -> c.getText()).toList();
        assertEquals(java.util.List.of("Index", "id (i64)", "x (f64)", "flag (bool)", "name (8-byte string)", "small (i8)", "y32 (f32)"), headers);
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(1));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup(".table-cell").queryAll().stream()
                .anyMatch(c -> c instanceof javafx.scene.control.TableCell<?, ?> tc && tc.getTableColumn() != null
                        && "name (8-byte string)".equals(tc.getTableColumn().getText()) && tc.getText() != null && !tc.getText().equals("…")
                        && !tc.getText().isEmpty()));
    }

    /** Opens a Pco sample of {@code rows} values, selects value {@code index} and traces it. */
    private ValuesView traceValue(FxRobot robot, String sample, int rows, int index) throws Exception {
        openAndWait(robot, Samples.get("pco/" + sample), sample);
        robot.interact(() -> window.detail().tabs().getSelectionModel().select(1));
        ValuesView values = window.detail().values();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> values.table().getItems().size() == rows);
        robot.interact(() -> {
            values.table().getSelectionModel().clearAndSelect(index);
            values.traceSelected();
        });
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> values.tracePane().steps().getItems().size() > 5);
        return values;
    }

    @Test
    void traceOfAPcoValueListsItsStepsWithBitRanges(FxRobot robot) throws Exception {
        ValuesView values = traceValue(robot, "smooth_i64_timestamps_ms.pco", 5000, 1234);
        var steps = values.tracePane().steps().getItems();
        assertTrue(values.tracePane().headingText().startsWith("Value 1,234 = "), values.tracePane().headingText());
        assertTrue(steps.stream().anyMatch(st -> st.title().toLowerCase(java.util.Locale.ROOT).contains("offset")
                && st.span() != null && st.span().bitLength() >= 0), "an offset-bits step with its bit range");
        var withBits = steps.stream().filter(st -> st.span() != null && !st.span().isByteAligned()).findFirst().orElseThrow();
        robot.interact(() -> values.tracePane().steps().getSelectionModel().select(withBits));
        HexView hex = window.detail().hex();
        assertEquals(withBits.span().startBit(), hex.selectionProperty().get().startBit());
        assertTrue(hex.headerText().contains("selected bits "), hex.headerText());
    }

    @Test
    void aTraceStepLeadsToTheNodeAndFieldHoldingItsBits(FxRobot robot) throws Exception {
        ValuesView values = traceValue(robot, "multichunk_f32_10x1000.pco", 10_000, 4321);
        String heading = values.tracePane().headingText();
        // the offset bits of value 4,321 lie inside a chunk's page, deep under the file
        var step = values.tracePane().steps().getItems().stream()
                .filter(st -> st.title().toLowerCase(java.util.Locale.ROOT).contains("offset") && st.span() != null && st.source() != null)
                .findFirst().orElseThrow();
        robot.interact(() -> values.tracePane().steps().getSelectionModel().select(step));
        robot.clickOn("#trace-reveal");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> window.detail().node() != null
                && !window.detail().node().name().equals("multichunk_f32_10x1000.pco")
                && window.detail().structure().selectedField() != null);
        WaitForAsyncUtils.waitForFxEvents();
        var shown = window.detail().node();
        assertTrue(shown.span().startBit() <= step.span().startBit() && step.span().endBit() <= shown.span().endBit(),
                shown + " " + shown.span() + " holds " + step.span());
        assertEquals(shown, ((javafx.scene.control.TreeItem<?>) robot.lookup("#browser").queryAs(javafx.scene.control.TreeView.class)
                .getSelectionModel().getSelectedItem()).getValue(), "the tree selects it");
        assertEquals("Structure", window.detail().tabs().getSelectionModel().getSelectedItem().getText());
        var field = window.detail().structure().selectedField();
        assertTrue(field.span().startBit() <= step.span().startBit() && step.span().endBit() <= field.span().endBit(), field.name() + " " + field.span());
        assertEquals(step.span(), window.detail().hex().selectionProperty().get());
        assertEquals(heading, values.tracePane().headingText(), "the trace stays on screen");
    }

    @Test
    void explainPaneExplainsARealPcoField(FxRobot robot) throws Exception {
        openAndWait(robot, Samples.get("pco/smooth_i64_timestamps_ms.pco"), "smooth_i64_timestamps_ms.pco");
        var firstField = window.detail().structure().getItems().get(0);
        robot.interact(() -> window.detail().selectField(firstField.name()));
        ExplainPane explain = window.detail().explain();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> explain.bodyText().length() > firstField.meaning().length());
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#explain-spec").queryLabeled().getText().startsWith("Spec: "));
    }
}
