package org.packscope.codec.sparse;

import java.lang.ref.SoftReference;
import java.util.AbstractList;
import java.util.RandomAccess;

import org.packscope.codec.hdf5.Hdf5Dataset;

/**
 * A long 1-D string dataset (30 million 10x barcodes) as a list read a page at a time
 * when a name is asked for, the page last read kept softly: names are shown for the rows
 * and columns in view, and holding them all would take gigabytes.
 */
final class PagedStrings extends AbstractList<String> implements RandomAccess {
    static final int PAGE = 1 << 14;

    private final Hdf5Dataset dataset;
    private final int size;
    private volatile SoftReference<Page> recent = new SoftReference<>(null);

    private record Page(long first, java.util.List<String> names) { }

    PagedStrings(Hdf5Dataset dataset) {
        this.dataset = dataset;
        this.size = (int) Math.min(Integer.MAX_VALUE, dataset.size());
    }

    @Override public int size() { return size; }

    @Override
    public String get(int i) {
        if (i < 0 || i >= size) throw new IndexOutOfBoundsException(i + " of " + size);
        long first = (long) i / PAGE * PAGE;
        Page p = recent.get();
        if (p == null || p.first != first) {
            p = new Page(first, dataset.texts(first, (int) Math.min(PAGE, size - first)));
            recent = new SoftReference<>(p);
        }
        return p.names.get((int) (i - first));
    }
}
