package org.packscope.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.control.Button;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Span;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Tools → BP128, Explained: numbers typed show block by block; the width, the words and
 * the sizes the window shows are the ones this test computes from the numbers by hand
 * (zigzag, bit length, each word's 32 bits from the lane layout); a word's field selects
 * its 4 bytes in the hex view; changing the variant re-encodes; a series button fills the editor.
 */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class Bp128TeachingWindowTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = new MainWindow(stage, Preferences.userRoot().node("packscope-tests"));
        stage.show();
    }

    @Test
    void typedNumbersShowTheirWidthWordsAndPointers(FxRobot robot) throws Exception {
        MenuBar bar = robot.lookup(".menu-bar").queryAs(MenuBar.class);
        Menu tools = bar.getMenus().stream().filter(m -> m.getText().equals("_Tools")).findFirst().orElseThrow();
        assertTrue(tools.getItems().stream().map(MenuItem::getText).anyMatch("BP128, Explained…"::equals));

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
        assertEquals(Integer.toString(bits), field(w, "bits").value());
        assertEquals(Integer.toString(4 * bits), field(w, "words").value());

        show(robot, w, "block 0", "4 · interleaved words");
        int word = Math.min(5, 4 * bits - 1);
        long expect = 0;
        for (int j = 0; j < 32; j++) {
            // bit j of word `word`: lane word mod 4, lane bit 32·⌊word/4⌋ + j, so bit (lane bit mod b) of value 4·⌊lane bit / b⌋ + lane
            long laneBit = 32L * (word / 4) + j;
            int value = (int) (4 * (laneBit / bits) + word % 4);
            if (value < 128) expect |= ((packed[value] >> (laneBit % bits)) & 1) << j;
        }
        assertEquals(String.format("0x%08x", expect), field(w, "word " + word).value());
        robot.interact(() -> w.detail().selectField("word " + word));
        WaitForAsyncUtils.waitForFxEvents();
        Span sel = w.detail().hex().selectionProperty().get();
        assertEquals(Span.bytes(8 + 4L * word, 4), sel, "block 0 starts right after the data file's 8-byte header");
        assertEquals(expect, w.detail().node().source().u32le(sel.byteOffset()));

        show(robot, w, "idx");
        assertEquals("0", field(w, "idx[0]").value());
        assertEquals(Integer.toString(4 * bits), field(w, "idx[1]").value());
    }

    private static void show(FxRobot robot, TeachingWindow w, String... path) throws Exception {
        boolean[] done = new boolean[1];
        robot.interact(() -> w.tree().revealPath(w.tree().getRoot().getChildren().get(0), List.of(path), item -> done[0] = true));
        String name = path[path.length - 1];
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> done[0] && w.detail().node() != null
                && w.detail().node().name().equals(name) && !w.detail().structure().getItems().isEmpty()
                && w.detail().structure().getItems().get(0).key().equals("lesson.spec"));
        assertTrue(field(w, "spec").value().startsWith("bpcells-matrix-format.txt, "), name);
    }

    private static Field field(TeachingWindow w, String name) {
        for (Field f : w.detail().structure().getItems()) if (f.name().equals(name)) return f;
        throw new AssertionError("no field " + name + " in " + w.detail().node().name());
    }
}
