package org.packscope.codec.hdf5;

import java.lang.ref.SoftReference;
import java.lang.reflect.Array;

import io.jhdf.api.Dataset;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * Variable-length values (strings, and sequences shown as lists such as {@code [1, 2, 3]}),
 * read through jhdf's global-heap reader once and kept softly.
 */
final class VlenColumn implements ValueColumn {
    private static final int TEXT_LIMIT = 4096;

    private final Dataset dataset;
    private final long count;
    private SoftReference<Object> whole = new SoftReference<>(null);

    VlenColumn(Dataset dataset, long count) {
        this.dataset = dataset;
        this.count = count;
    }

    @Override public String name() { return dataset.getName(); }
    @Override public ValueType type() { return ValueType.TEXT; }
    @Override public long count() { return count; }

    @Override
    public void read(long start, long[] dst, int off, int len) {
        throw new IllegalArgumentException("variable-length values have no numeric form");
    }

    @Override
    public String text(long index) {
        if (index < 0 || index >= count) throw new IndexOutOfBoundsException(index);
        Object flat = flat();
        Object v = flat.getClass().isArray() ? Array.get(flat, (int) index) : flat;
        return JavaValues.text(v, TEXT_LIMIT);
    }

    private synchronized Object flat() {
        Object flat = whole.get();
        if (flat == null) {
            try {
                flat = dataset.isScalar() ? new Object[] {dataset.getData()} : dataset.getDataFlat();
            } catch (RuntimeException e) {
                // damaged descriptors or heap: jhdf's arithmetic and index failures are damage in the file
                throw Hdf5Failure.reading("the variable-length values of " + dataset.getPath(), -1, e);
            }
            if (flat == null || flat.getClass().isArray() && Array.getLength(flat) < count) {
                throw Hdf5Failure.problem("the variable-length values of " + dataset.getPath() + " are fewer than its shape says", -1);
            }
            whole = new SoftReference<>(flat);
        }
        return flat;
    }
}
