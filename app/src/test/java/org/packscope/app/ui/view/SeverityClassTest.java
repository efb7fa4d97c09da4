package org.packscope.app.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.junit.jupiter.api.Test;

/** A cell's severity mark changes its style classes only when the mark itself changes. */
class SeverityClassTest {

    @Test
    void theListChangesOnlyWhenTheMarkDoes() {
        ObservableList<String> classes = FXCollections.observableArrayList("tree-cell");
        AtomicInteger changes = new AtomicInteger();
        classes.addListener((javafx.collections.ListChangeListener<String>) c -> changes.incrementAndGet());

        SeverityClass.TREE.mark(classes, true, true);
        assertEquals(List.of("tree-cell", "has-error"), classes, "an error outranks a warning");
        int afterFirst = changes.get();
        SeverityClass.TREE.mark(classes, true, false);
        SeverityClass.TREE.mark(classes, true, true);
        assertEquals(afterFirst, changes.get(), "marking the same again changes nothing");

        SeverityClass.TREE.mark(classes, false, true);
        assertEquals(List.of("tree-cell", "has-warning"), classes);
        SeverityClass.TREE.mark(classes, false, false);
        assertEquals(List.of("tree-cell"), classes);
        int unmarked = changes.get();
        SeverityClass.TREE.mark(classes, false, false);
        assertEquals(unmarked, changes.get());
    }
}
