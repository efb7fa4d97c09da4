package org.packscope.app.ui.view;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.layout.HBox;

import org.packscope.codec.store.ArraySlices;
import org.packscope.codec.store.Slice2D;

/**
 * Picks a 2-D slice of an N-dimensional array: the dimension shown down the rows, the one
 * shown across, and an index for each other dimension. Every change hands the new slice
 * to the listener (the values table, the plot and the heat map show it).
 */
final class SliceBar extends HBox {
    /** What is shown: the slice, and the first of its columns the table shows. */
    record Choice(ArraySlices array, Slice2D slice, int rowDim, int colDim, long[] at, String label) { }

    private final ComboBox<String> rows = new ComboBox<>();
    private final ComboBox<String> cols = new ComboBox<>();
    private final HBox others = new HBox(6);
    private final List<Spinner<Integer>> indexes = new ArrayList<>();
    private final Consumer<Choice> listener;
    private ArraySlices array;
    private long[] shape;
    private boolean updating;

    SliceBar(Consumer<Choice> listener) {
        super(6);
        this.listener = listener;
        setId("slice-bar");
        setAlignment(Pos.CENTER_LEFT);
        rows.setId("slice-rows");
        cols.setId("slice-cols");
        others.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(new Label("Slice: rows"), rows, new Label("columns"), cols, others);
        rows.valueProperty().addListener((o, was, now) -> changed(true));
        cols.valueProperty().addListener((o, was, now) -> changed(true));
        setVisible(false);
        setManaged(false);
    }

    /** Shows the bar for an array of two or more dimensions (rows: the first, columns: the last); hides it otherwise. */
    void show(ArraySlices a) {
        array = a != null && a.shape().length >= 2 ? a : null;
        setVisible(array != null);
        setManaged(array != null);
        if (array == null) return;
        shape = array.shape();
        updating = true;
        List<String> names = new ArrayList<>();
        for (int d = 0; d < shape.length; d++) names.add(label(d));
        rows.getItems().setAll(names);
        cols.getItems().setAll(names);
        rows.getSelectionModel().select(0);
        cols.getSelectionModel().select(shape.length - 1);
        updating = false;
        changed(true);
    }

    private String label(int d) {
        return name(d) + " (" + String.format("%,d", shape[d]) + ")";
    }

    /** The format's name for dimension {@code d}, or "dim d" where it names none. */
    private String name(int d) {
        String n = d < array.dimensionNames().size() ? array.dimensionNames().get(d) : "";
        return n == null || n.isEmpty() ? "dim " + d : n;
    }

    /** A person may pick the same dimension twice on the way to a choice: the other box then moves aside. */
    private void changed(boolean rebuildIndexes) {
        if (updating || array == null) return;
        int r = rows.getSelectionModel().getSelectedIndex(), c = cols.getSelectionModel().getSelectedIndex();
        if (r < 0 || c < 0) return;
        if (r == c) {
            updating = true;
            c = r == shape.length - 1 ? 0 : shape.length - 1;
            if (c == r) c = (r + 1) % shape.length;
            cols.getSelectionModel().select(c);
            updating = false;
        }
        if (rebuildIndexes) rebuildIndexes(r, c);
        long[] at = new long[shape.length];
        for (int d = 0, k = 0; d < shape.length; d++) {
            if (d == r || d == c) continue;
            at[d] = indexes.get(k++).getValue();
        }
        listener.accept(new Choice(array, new Slice2D(array, r, c, at), r, c, at, describe(r, c, at)));
    }

    private void rebuildIndexes(int r, int c) {
        indexes.clear();
        others.getChildren().clear();
        for (int d = 0; d < shape.length; d++) {
            if (d == r || d == c) continue;
            int max = (int) Math.min(Integer.MAX_VALUE, shape[d] - 1);
            Spinner<Integer> s = new Spinner<>(new SpinnerValueFactory.IntegerSpinnerValueFactory(0, Math.max(0, max), 0));
            s.setEditable(true);
            s.setPrefWidth(90);
            s.setId("slice-index-" + d);
            s.valueProperty().addListener((o, was, now) -> changed(false));
            indexes.add(s);
            others.getChildren().addAll(new Label(name(d) + " ="), s);
        }
    }

    /** The slice in index notation, e.g. "[:, 3, :]" (rows and columns as ':'). */
    static String describe(int r, int c, long[] at) {
        StringBuilder sb = new StringBuilder("[");
        for (int d = 0; d < at.length; d++) {
            sb.append(d > 0 ? ", " : "").append(d == r || d == c ? ":" : String.valueOf(at[d]));
        }
        return sb.append(']').toString();
    }

    /** For tests: picks the dimensions and sets the other indexes. */
    void choose(int rowDim, int colDim, long... otherIndexes) {
        updating = true;
        rows.getSelectionModel().select(rowDim);
        cols.getSelectionModel().select(colDim);
        updating = false;
        rebuildIndexes(rowDim, colDim);
        updating = true;
        for (int k = 0; k < otherIndexes.length && k < indexes.size(); k++) indexes.get(k).getValueFactory().setValue((int) otherIndexes[k]);
        updating = false;
        changed(false);
    }
}
