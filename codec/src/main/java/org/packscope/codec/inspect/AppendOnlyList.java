package org.packscope.codec.inspect;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * A list that only grows, for the parts of a {@link Node} a reader fills one by one
 * (fields, diagnostics, tables). Appending is O(1) amortised (a {@code CopyOnWriteArrayList}
 * copies the whole list on every append, which made a chunk of 16k bins take seconds).
 * Readers on other threads get an unmodifiable view of what was there when they asked:
 * elements below a published size never change, so the view needs no copy.
 */
final class AppendOnlyList<T> {
    private static final Object[] NONE = new Object[0];

    /** Array and size published together, so a reader never sees a size beyond its array. */
    private record Published(Object[] items, int size) { }

    private volatile Published state = new Published(NONE, 0);

    synchronized void add(T item) {
        Published s = state;
        Object[] items = s.items;
        if (s.size == items.length) items = Arrays.copyOf(items, Math.max(4, items.length * 2));
        items[s.size] = item;
        state = new Published(items, s.size + 1);
    }

    int size() { return state.size; }

    /** What was added so far, as an unmodifiable list that later appends do not change. */
    List<T> view() {
        Published s = state;
        return new Snapshot<>(s.items, s.size);
    }

    private static final class Snapshot<T> extends AbstractList<T> implements RandomAccess {
        private final Object[] items;
        private final int size;

        Snapshot(Object[] items, int size) {
            this.items = items;
            this.size = size;
        }

        @SuppressWarnings("unchecked")
        @Override public T get(int index) {
            if (index < 0 || index >= size) throw new IndexOutOfBoundsException(index);
            return (T) items[index];
        }

        @Override public int size() { return size; }
    }
}
