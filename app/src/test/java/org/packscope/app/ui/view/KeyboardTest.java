package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.Samples;
import org.packscope.app.ui.FxWatchdog;
import org.packscope.app.ui.MainWindow;
import org.packscope.codec.inspect.Span;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A person without a mouse: every step below is a key press, and each lands where it should. */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class KeyboardTest {
    private MainWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window = new MainWindow(stage, Preferences.userRoot().node("packscope-tests"));
        stage.show();
    }

    private Node focused() { return stage.getScene().getFocusOwner(); }

    private static boolean inside(Node n, Node zone) {
        for (Node p = n; p != null; p = p.getParent()) if (p == zone) return true;
        return false;
    }

    private void waitUntil(java.util.concurrent.Callable<Boolean> condition) throws Exception {
        waitUntil(condition, () -> "");
    }

    private void waitUntil(java.util.concurrent.Callable<Boolean> condition, java.util.function.Supplier<String> state) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, condition);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out; " + state.get() + "; focus " + focused(), e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void treeTabsValuesTraceAndHexFromTheKeyboard(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(Samples.get("pco/multichunk_f32_10x1000.pco")));
        waitUntil(() -> window.detail().node() != null);

        // F6 moves between the three parts of the window: from the open tab to the hex view, the tree, the tab again
        Node tree = robot.lookup("#browser").query();
        robot.interact(tree::requestFocus);
        robot.type(KeyCode.F6);
        assertTrue(inside(focused(), window.detail().tabs()), "F6: the open tab: " + focused());
        robot.type(KeyCode.F6);
        assertTrue(inside(focused(), window.detail().hex()), "F6: the hex view: " + focused());
        robot.type(KeyCode.F6);
        assertTrue(inside(focused(), tree), "F6: the tree again: " + focused());
        robot.push(KeyCode.SHIFT, KeyCode.F6);
        assertTrue(inside(focused(), window.detail().hex()), "Shift+F6: back to the hex view: " + focused());

        // Ctrl+2 shows the values, Ctrl+I goes to an index, Ctrl+T traces it
        ValuesView values = window.detail().values();
        robot.push(KeyCode.CONTROL, KeyCode.DIGIT2);
        assertEquals("Values (10,000)", window.detail().tabs().getSelectionModel().getSelectedItem().getText());
        assertEquals(values.table(), focused());
        robot.push(KeyCode.CONTROL, KeyCode.I);
        robot.write("4321").type(KeyCode.ENTER);
        waitUntil(() -> Integer.valueOf(4321).equals(values.table().getSelectionModel().getSelectedIndex()));
        robot.push(KeyCode.CONTROL, KeyCode.T);
        waitUntil(() -> values.tracePane().steps().getItems().size() > 5);

        // into the trace steps, down to the offset bits, Enter: the tree shows the node holding them
        robot.interact(() -> values.tracePane().steps().requestFocus());
        var steps = values.tracePane().steps();
        int offsetStep = -1;
        for (int i = 0; i < steps.getItems().size(); i++) {
            var st = steps.getItems().get(i);
            if (st.title().toLowerCase(java.util.Locale.ROOT).contains("offset") && st.span() != null && st.source() != null) {
                offsetStep = i;
                break;
            }
        }
        assertTrue(offsetStep >= 0);
        robot.type(KeyCode.HOME);
        for (int i = 0; i < offsetStep; i++) robot.type(KeyCode.DOWN);
        assertEquals(offsetStep, steps.getSelectionModel().getSelectedIndex());
        robot.type(KeyCode.ENTER);
        waitUntil(() -> !window.detail().node().name().equals("multichunk_f32_10x1000.pco")
                && window.detail().structure().selectedField() != null);

        // in the hex view, → selects the next field, ← the one before. The pointer leaves the
        // tables first: under Monocle a cell's full-text tooltip is a window that takes the keys
        robot.moveTo(window.status());
        WaitForAsyncUtils.waitForFxEvents();
        Object focusBefore = focused();
        robot.type(KeyCode.F6);
        assertTrue(inside(focused(), window.detail().hex()), "hex focused: " + focused() + " before F6: " + focusBefore
                + " hex visible " + window.detail().hex().isVisible() + " in scene " + (window.detail().hex().getScene() != null)
                + " traversable " + window.detail().hex().isFocusTraversable() + " disabled " + window.detail().hex().isDisabled());
        Span before = window.detail().hex().selectionProperty().get();
        robot.type(KeyCode.RIGHT);
        Span after = window.detail().hex().selectionProperty().get();
        assertNotEquals(before, after);
        assertTrue(after.byteOffset() >= before.byteOffset(), before + " then " + after);

        // Ctrl+G and an offset
        robot.push(KeyCode.CONTROL, KeyCode.G);
        robot.write("0x10").type(KeyCode.ENTER);
        assertEquals(16, window.detail().hex().selectionProperty().get().byteOffset());
    }

    @Test
    void aProblemIsReachedFromTheKeyboard(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(Samples.get("pco/multichunk_f32_10x1000-damaged.pco")));
        waitUntil(() -> window.detail().node() != null);
        var diagnostics = window.detail().diagnostics();
        robot.push(KeyCode.CONTROL, KeyCode.DIGIT4);
        assertTrue(window.detail().tabs().getSelectionModel().getSelectedItem().getText().startsWith("Diagnostics"));
        waitUntil(() -> !diagnostics.table().getItems().isEmpty(), () -> "no problems listed");
        assertEquals(diagnostics.table(), focused());
        robot.type(KeyCode.HOME).type(KeyCode.ENTER);
        var first = diagnostics.table().getItems().get(0);
        Span expected = first.diagnostic().span() != null ? first.diagnostic().span() : first.node().span();
        waitUntil(() -> window.detail().hex().selectionProperty().get() != null);
        assertEquals(expected.startBit(), window.detail().hex().selectionProperty().get().startBit(), first.toString());
        // the tree opens down to the node holding the problem and selects it; the highlight stays
        javafx.scene.control.TreeView<?> tree = robot.lookup("#browser").queryAs(javafx.scene.control.TreeView.class);
        waitUntil(() -> tree.getSelectionModel().getSelectedItem() != null && tree.getSelectionModel().getSelectedItem().getValue() == first.node(),
                () -> "tree selects " + tree.getSelectionModel().getSelectedItem());
        waitUntil(() -> window.detail().node() == first.node());
        assertEquals(expected.startBit(), window.detail().hex().selectionProperty().get().startBit(), "still highlighted");
    }

    @Test
    void aDeepCheckOfGigabytesIsAnnouncedWithItsSize() {
        var node = org.packscope.codec.format.FormatRegistry.standard().open(Samples.get("pco/smooth_i64_timestamps_ms.pco"));
        assertEquals(5000L * 8, DiagnosticsView.bytesToDecode(node), "the values decoded, not the 2,284 bytes stored");
        assertTrue(DiagnosticsView.bytesToDecode(node) < DiagnosticsView.ASK_ABOVE_BYTES);
    }

    @Test
    void plotsAndMatricesZoomFromTheKeyboardAndF1ListsTheKeys(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(Samples.get("pco/multichunk_f32_10x1000.pco")));
        waitUntil(() -> window.detail().node() != null);
        PlotView plot = WaitForAsyncUtils.asyncFx(() -> window.detail().plot()).get();
        robot.push(KeyCode.CONTROL, KeyCode.DIGIT3);
        assertEquals("Plot", window.detail().tabs().getSelectionModel().getSelectedItem().getText());
        waitUntil(() -> plot.statsText().startsWith("0–9,999"), plot::statsText);
        // 10,000 values in fewer buckets: each bucket's range is a band, and the bands reach exactly the extremes
        double[] band = WaitForAsyncUtils.asyncFx(plot::bandExtent).get();
        var overview = WaitForAsyncUtils.asyncFx(plot::overview).get();
        assertTrue(overview.buckets() < 10_000, "buckets: " + overview.buckets());
        assertEquals(overview.min(), band[0]);
        assertEquals(overview.max(), band[1]);
        assertTrue(band[2] > 0, "buckets holding several values show their range");
        assertEquals(plot.focusTarget(), focused());
        robot.type(KeyCode.ADD);
        waitUntil(() -> !plot.statsText().startsWith("0–9,999") && !plot.statsText().startsWith("Reading"));
        String zoomed = plot.statsText();
        long first = Long.parseLong(zoomed.substring(0, zoomed.indexOf('–')).replace(",", ""));
        assertTrue(first > 1000, zoomed);
        robot.type(KeyCode.RIGHT);
        waitUntil(() -> !plot.statsText().equals(zoomed) && !plot.statsText().startsWith("Reading"));
        robot.type(KeyCode.DIGIT0);
        waitUntil(() -> plot.statsText().startsWith("0–9,999"));

        robot.type(KeyCode.F1);
        waitUntil(() -> robot.lookup("#shortcuts").tryQuery().isPresent());
        assertTrue(robot.lookup("Ctrl+T").tryQuery().isPresent(), "the list names Ctrl+T");
        robot.type(KeyCode.ESCAPE);
        waitUntil(() -> robot.lookup("#shortcuts").tryQuery().isEmpty());
    }
}
