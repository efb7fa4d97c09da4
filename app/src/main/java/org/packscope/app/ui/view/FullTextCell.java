package org.packscope.app.ui.view;

import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.util.Duration;

/**
 * A table cell whose whole text is reachable however narrow its column: cut text ends in
 * "…" on screen, and hovering the cell shows it in full, wrapped, in the table's tooltip.
 * One tooltip per table, retargeted as the pointer enters a cell: a tooltip per cell
 * would cost a popup window for each of hundreds of cells.
 */
public final class FullTextCell<S> extends TableCell<S, String> {
    /** Tooltips wrap at this width, so a long message reads as a paragraph. */
    private static final double TIP_WIDTH = 520;
    private static final String KEY = "packscope.full-text-tooltip";

    /** Gives every cell of {@code column} its full text on hover. */
    public static <S> void on(TableColumn<S, String> column) {
        column.setCellFactory(c -> new FullTextCell<>());
    }

    FullTextCell() {
        setOnMouseEntered(e -> {
            TableView<S> table = getTableView();
            if (table == null) return;
            String text = isEmpty() ? null : getItem();
            table.setTooltip(text == null || text.isEmpty() ? null : tooltip(table, text));
        });
    }

    /** The text a hover over this cell shows (null: none). */
    String hoverText() { return isEmpty() ? null : getItem(); }

    private static Tooltip tooltip(TableView<?> table, String text) {
        Tooltip tip = (Tooltip) table.getProperties().computeIfAbsent(KEY, k -> {
            Tooltip t = new Tooltip();
            t.setWrapText(true);
            t.setMaxWidth(TIP_WIDTH);
            t.setShowDelay(Duration.millis(300));
            t.setShowDuration(Duration.INDEFINITE);
            return t;
        });
        tip.setText(text);
        return tip;
    }

    @Override
    protected void updateItem(String text, boolean empty) {
        super.updateItem(text, empty);
        setText(empty ? null : text);
    }
}
