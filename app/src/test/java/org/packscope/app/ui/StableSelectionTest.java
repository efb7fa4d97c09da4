package org.packscope.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.packscope.app.Samples;
import org.packscope.codec.inspect.Node;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Expanding or collapsing a node above the selected one, and the children loading in the
 * background, never change what is selected: the person selects {@code raw/X/data} in an h5ad,
 * opens {@code obsm} above it by its arrow, and the right pane still shows {@code data}
 * (it used to show {@code indices}, the row below).
 */
@ExtendWith({ApplicationExtension.class, FxWatchdog.Extension.class})
class StableSelectionTest {
    private MainWindow window;

    @Start
    void start(Stage stage) {
        window = new MainWindow(stage, Preferences.userRoot().node("packscope-tests"));
        stage.show();
    }

    @Test
    void expandingAndCollapsingAboveTheSelectionKeepsIt(FxRobot robot) throws Exception {
        BrowserTree tree = window.browser();
        robot.interact(() -> window.open(Samples.get("singlecell/pbmc.h5ad")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> shown() != null && shown().name().equals("pbmc.h5ad"));
        TreeItem<Object> rootItem = tree.getRoot().getChildren().get(0);
        robot.interact(() -> tree.revealPath(rootItem, List.of("raw", "X", "data"), item -> { }));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> shown() != null && shown().name().equals("data"));
        WaitForAsyncUtils.waitForFxEvents();
        Node data = shown();
        assertEquals("raw", data.parent().parent().name());
        TreeItem<Object> obsm = child(rootItem, "obsm");
        assertTrue(tree.getRow(obsm) < tree.getRow(tree.itemFor(data)), "obsm is above raw/X/data");

        // the person clicks obsm's arrow: its children load in the background
        robot.clickOn(robot.lookup(".tree-cell").match((javafx.scene.control.TreeCell<?> c) -> c.getTreeItem() == obsm)
                .lookup(".arrow").queryAs(javafx.scene.Node.class));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> obsm.isExpanded() && !obsm.getChildren().isEmpty()
                && obsm.getChildren().get(0).getValue() instanceof Node);
        settle();
        assertStillSelected(robot, data);

        // one of obsm's children expanded and collapsed, then obsm collapsed again
        TreeItem<Object> first = obsm.getChildren().get(0);
        robot.interact(() -> first.setExpanded(true));
        settle();
        assertStillSelected(robot, data);
        robot.interact(() -> first.setExpanded(false));
        robot.interact(() -> obsm.setExpanded(false));
        settle();
        assertStillSelected(robot, data);

        // and the same with obs, which has more children
        TreeItem<Object> obs = child(rootItem, "obs");
        robot.interact(() -> obs.setExpanded(true));
        settle();
        assertStillSelected(robot, data);
        robot.interact(() -> obs.setExpanded(false));
        settle();
        assertStillSelected(robot, data);
    }

    private Node shown() { return window.detail().node(); }

    private static void settle() throws Exception {
        // children and summaries load in background tasks; let them land
        for (int i = 0; i < 5; i++) {
            Thread.sleep(100);
            WaitForAsyncUtils.waitForFxEvents();
        }
    }

    private void assertStillSelected(FxRobot robot, Node data) {
        TreeItem<Object> selected = window.browser().getSelectionModel().getSelectedItem();
        assertNotNull(selected);
        assertSame(data, selected.getValue(), "selected " + selected.getValue());
        assertSame(data, shown(), "right pane shows " + shown().name());
        String subtitle = robot.lookup("#detail-subtitle").queryAs(Label.class).getText();
        String title = robot.lookup("#detail-title").tryQueryAs(Label.class).map(Label::getText).orElse("data");
        assertTrue(title.contains("data"), title + " / " + subtitle);
    }

    private static TreeItem<Object> child(TreeItem<Object> parent, String name) {
        for (TreeItem<Object> c : parent.getChildren()) if (c.getValue() instanceof Node n && n.name().equals(name)) return c;
        throw new AssertionError("no child " + name + " in " + parent.getValue());
    }
}
