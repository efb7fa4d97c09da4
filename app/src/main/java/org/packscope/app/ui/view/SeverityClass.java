package org.packscope.app.ui.view;

import javafx.collections.ObservableList;

/**
 * Puts one of a pair of style classes (an error one, a warning one) on a cell, or
 * neither. The list is only touched when the mark changes: any change of a cell's style
 * classes makes JavaFX restyle that cell from scratch, and cells are updated on every
 * scroll and refresh.
 */
public record SeverityClass(String error, String warning) {
    static final SeverityClass TREE = new SeverityClass("has-error", "has-warning");
    public static final SeverityClass ROW = new SeverityClass("row-error", "row-warning");

    /** Marks the classes as error, warning or neither (both false). */
    public void mark(ObservableList<String> classes, boolean isError, boolean isWarning) {
        set(classes, error, isError);
        set(classes, warning, !isError && isWarning);
    }

    private static void set(ObservableList<String> classes, String name, boolean on) {
        if (on && !classes.contains(name)) classes.add(name);
        if (!on && classes.contains(name)) classes.removeAll(name);
    }
}
