package org.packscope.codec.bpcells;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

import org.packscope.codec.hdf5.Hdf5Dataset;
import org.packscope.codec.hdf5.Hdf5Failure;

/**
 * A 1-D HDF5 string dataset's elements read a page at a time, as they are asked for:
 * millions of row or column names (each one a global heap object for variable-length
 * strings) are counted, shown and exported without all being held at once.
 */
final class PagedNames extends AbstractList<String> implements RandomAccess {
    static final int PAGE = 4096;

    private final Hdf5Dataset dataset;
    private final String name;
    private final int size;
    private int pageStart = -1;
    private List<String> page = List.of();

    PagedNames(Hdf5Dataset dataset, String name, int size) {
        this.dataset = dataset;
        this.name = name;
        this.size = size;
    }

    @Override public int size() { return size; }

    @Override
    public synchronized String get(int index) {
        if (index < 0 || index >= size) throw new IndexOutOfBoundsException(index);
        int start = index / PAGE * PAGE;
        if (start != pageStart) {
            int n = Math.min(PAGE, size - start);
            List<String> read;
            try {
                read = dataset.texts(start, n);
            } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
                throw ArrayStore.unreadable(-1, "dataset " + name + " cannot be read at names " + start + "–" + (start + n - 1)
                        + ": " + Hdf5Failure.words(e));
            }
            if (read.size() != n) {
                throw ArrayStore.unreadable(-1, "dataset " + name + " gave " + read.size() + " names for " + n + " at " + start);
            }
            page = read;
            pageStart = start;
        }
        return page.get(index - start);
    }
}
