package org.packscope.app.ui;

import java.util.List;

import javafx.geometry.Insets;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

/** Every key the main window answers to, in one list: the Help dialog shows it and tests walk it. */
public final class Shortcuts {
    record Shortcut(String keys, String what) { }

    static final List<Shortcut> ALL = List.of(
            new Shortcut("Ctrl+O / Ctrl+Shift+O", "open a file / a folder"),
            new Shortcut("F6 / Shift+F6", "move between the tree, the open tab and the hex view"),
            new Shortcut("↑ ↓ ← → in the tree", "walk the tree, open and close nodes"),
            new Shortcut("Ctrl+1 … Ctrl+9", "show tab 1–9 (Structure, Values, Plot, …) and focus it"),
            new Shortcut("Ctrl+F", "find a value (Values tab)"),
            new Shortcut("Ctrl+I", "go to a value index (Values tab)"),
            new Shortcut("Ctrl+T", "trace the selected value"),
            new Shortcut("Enter on a trace step", "show the node and field holding its bits"),
            new Shortcut("Ctrl+C", "copy the selected values"),
            new Shortcut("Ctrl+G", "go to a byte offset (12, 0x1f, 12.3 for a bit)"),
            new Shortcut("← → in the hex view", "select the field before / after"),
            new Shortcut("↑ ↓ PgUp PgDn Home End in the hex view", "scroll the bytes"),
            new Shortcut("+ − ← → 0 in a plot or matrix", "zoom, pan, whole range"),
            new Shortcut("Ctrl+D", "bookmark the selected field"),
            new Shortcut("Ctrl+E", "export values"),
            new Shortcut("Alt+F, Alt+V, …", "open a menu"),
            new Shortcut("F1", "this list"),
            new Shortcut("Ctrl+W", "close the selected file or folder (and release it)"),
            new Shortcut("Ctrl+Q", "quit"));

    private Shortcuts() { }

    // public for a window test in ui.view, which opens it to read its title
    public static Alert dialog(Window owner) {
        GridPane grid = new GridPane();
        grid.setId("shortcuts");
        grid.setHgap(18);
        grid.setVgap(4);
        grid.setPadding(new Insets(8));
        for (int i = 0; i < ALL.size(); i++) {
            Label keys = new Label(ALL.get(i).keys());
            keys.setStyle("-fx-font-weight: bold;");
            grid.addRow(i, keys, new Label(ALL.get(i).what()));
        }
        Alert a = new Alert(Alert.AlertType.INFORMATION);
        a.setTitle("Keyboard shortcuts");
        a.setHeaderText("Everything in PackScope works from the keyboard (⌘ for Ctrl on a Mac)");
        a.getDialogPane().setContent(grid);
        a.initOwner(owner);
        return a;
    }
}
