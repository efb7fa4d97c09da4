package org.packscope.app.ui;

import javafx.collections.ObservableList;

/**
 * Puts one of a pair of style classes (an error one, a warning one) on a cell, or
 * neither. The list is only touched when the mark changes: any change of a cell's style
 * classes makes JavaFX restyle that cell from scratch, and cells are updated on every
 * scroll and refresh.
 */
record SeverityClass(String error, String warning) {
    static final SeverityClass TREE = new SeverityClass("has-error", "has-warning");
    static final SeverityClass ROW = new SeverityClass("row-error", "row-warning");

    /** Marks the classes as error, warning or neither (both false). */
    void mark(ObservableList<String> classes, boolean isError, boolean isWarning) {
        set(classes, error, isError);
        set(classes, warning, !isError && isWarning);
    }

    private static void set(ObservableList<String> classes, String name, boolean on) {
        if (on && !classes.contains(name)) classes.add(name);
        if (!on && classes.contains(name)) classes.removeAll(name);
    }
}
