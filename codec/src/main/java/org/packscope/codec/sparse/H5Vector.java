package org.packscope.codec.sparse;

import io.jhdf.api.Dataset;
import io.jhdf.api.dataset.ContiguousDataset;
import org.packscope.codec.hdf5.DatasetColumn;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * One 1-D numeric HDF5 dataset of a compressed sparse matrix ({@code data}, {@code indices},
 * {@code indptr}), read in slices through jhdf, with the place of each element: a byte
 * offset when the dataset is contiguous, else its index and the dataset's object header
 * (a chunked, maybe compressed, element has no single byte of its own).
 */
public final class H5Vector {
    private final Dataset dataset;
    private final ValueType type;
    private final long length;
    private final long dataAddress;
    private final ValueColumn column;

    private H5Vector(Dataset dataset, ValueType type) {
        this.dataset = dataset;
        this.type = type;
        this.length = dataset.getSize();
        long at = -1;
        if (dataset instanceof ContiguousDataset c) {
            try {
                at = c.getDataAddress();
            } catch (RuntimeException e) {
                at = -1;
            }
        }
        this.dataAddress = at;
        this.column = new DatasetColumn(dataset, type);
    }

    /** The dataset as a vector, or null when it is not a 1-D numeric dataset. */
    public static H5Vector of(io.jhdf.api.Node node) {
        if (!(node instanceof Dataset d)) return null;
        try {
            if (d.isScalar() || d.getDimensionsAsLong().length != 1) return null;
            ValueType t = DatasetColumn.valueType(d);
            return t != null && t.numeric() ? new H5Vector(d, t) : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    public String path() { return dataset.getPath(); }

    public String name() { return dataset.getName(); }

    public ValueType type() { return type; }

    public long length() { return length; }

    public Dataset dataset() { return dataset; }

    public boolean contiguous() { return dataAddress >= 0; }

    /** Raw bits (see {@link ValueType}) of elements {@code [start, start+len)}. */
    public void read(long start, long[] dst, int off, int len) {
        if (len > 0) column.read(start, dst, off, len);
    }

    /** Reads the whole vector; callers check {@link #length} first. */
    public long[] readAll() {
        long[] out = new long[(int) length];
        read(0, out, 0, out.length);
        return out;
    }

    /** A value as a signed count or index ({@code Long.MAX_VALUE} for an unsigned 64-bit value beyond it, NaN-free floats truncated). */
    public long asLong(long raw) {
        if (type.kind() == ValueType.Kind.FLOAT) return (long) type.toDouble(raw);
        if (type.kind() == ValueType.Kind.UINT && type.byteWidth() == 8 && raw < 0) return Long.MAX_VALUE;
        return raw;
    }

    /** The bytes of element {@code i}, or null when the dataset is not contiguous. */
    public Span place(long i) {
        return dataAddress < 0 ? null : Span.bytes(dataAddress + i * type.byteWidth(), type.byteWidth());
    }

    /** Where element {@code i} lies, in words: {@code /X/indices[17] at byte 4242} or its chunked dataset. */
    public String where(long i) {
        String at = path() + "[" + i + "]";
        if (dataAddress >= 0) return at + " at byte " + (dataAddress + i * type.byteWidth());
        boolean filtered;
        try {
            filtered = !dataset.getFilters().isEmpty();
        } catch (RuntimeException e) {
            filtered = false;
        }
        return at + " (element " + i + " of a chunked" + (filtered ? ", compressed" : "") + " dataset whose object header is at byte "
                + dataset.getAddress() + ")";
    }

    public ValueColumn column() { return column; }
}
