package org.packscope.app.ui.view;

import java.util.List;

/**
 * Links a list's row type for JavaFX's cells, off the FX thread. A cell compares the item it
 * gets with the one it had through {@code equals}; the first {@code equals} or
 * {@code hashCode} of a record type runs the JVM's bootstrap that builds those methods,
 * tens of milliseconds (hundreds under load). Calling both once on the worker that made the
 * rows moves that cost out of the first frame that shows them.
 */
public final class RowLinks {
    private RowLinks() { }

    /** Returns {@code rows}, its first row's {@code equals} and {@code hashCode} linked. */
    public static <T, L extends List<T>> L linked(L rows) {
        if (!rows.isEmpty()) {
            T first = rows.get(0);
            if (first != null && first.equals(first)) first.hashCode();
        }
        return rows;
    }
}
