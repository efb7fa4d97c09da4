package org.packscope.codec.sparse;

import java.lang.ref.SoftReference;
import java.lang.reflect.Array;
import java.math.BigInteger;

import org.packscope.codec.hdf5.Hdf5Dataset;
import org.packscope.codec.hdf5.Hdf5ElementSpans;
import org.packscope.codec.hdf5.Hdf5Object;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * One 1-D numeric HDF5 dataset of a compressed sparse matrix ({@code data}, {@code indices},
 * {@code indptr}), read in slices through the HDF5 package, with the place of each element: a byte
 * offset when the dataset is contiguous, else its index and the dataset's object header
 * (a chunked, maybe compressed, element has no single byte of its own). Datasets up to
 * {@link #WHOLE_READ_BYTES} are read once and kept softly; larger ones a slice per read.
 */
public final class H5Vector {
    static final long WHOLE_READ_BYTES = 64L << 20;

    private final Hdf5Dataset dataset;
    private final ValueType type;
    private final long length;
    private SoftReference<Object> whole = new SoftReference<>(null);

    private H5Vector(Hdf5Dataset dataset, ValueType type) {
        this.dataset = dataset;
        this.type = type;
        this.length = dataset.size();
    }

    /** The dataset as a vector, or null when it is not a 1-D numeric dataset. */
    public static H5Vector of(Hdf5Object node) {
        if (!(node instanceof Hdf5Dataset d)) return null;
        try {
            if (d.scalar() || d.dims().length != 1) return null;
            ValueType t = d.numericType();
            return t != null ? new H5Vector(d, t) : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    public String path() { return dataset.path(); }

    public String name() { return dataset.name(); }

    public ValueType type() { return type; }

    public long length() { return length; }

    public Hdf5Dataset dataset() { return dataset; }

    /** True when the elements lie back to back in the file (no chunks). */
    public boolean contiguous() { return dataset.contiguousAddress() >= 0; }

    /** Raw bits (see {@link ValueType}) of elements {@code [start, start+len)}. */
    public void read(long start, long[] dst, int off, int len) {
        if (start < 0 || len < 0 || start + len > length) throw new IndexOutOfBoundsException(start + "+" + len);
        if (len == 0) return;
        if (length * type.byteWidth() <= WHOLE_READ_BYTES) {
            Object all = wholeData();
            for (int i = 0; i < len; i++) dst[off + i] = raw(all, (int) (start + i));
            return;
        }
        Object slice = dataset.slice(new long[] {start}, new int[] {len}, "elements " + start + "–" + (start + len - 1));
        for (int i = 0; i < len; i++) dst[off + i] = raw(slice, i);
    }

    private synchronized Object wholeData() {
        Object all = whole.get();
        if (all == null) {
            all = dataset.data(); // a damaged chunk index or filter output comes out as the file's problem
            whole = new SoftReference<>(all);
        }
        return all;
    }

    /** Raw bits of element {@code i} of an array as read. */
    private long raw(Object a, int i) {
        if (a instanceof float[] f) return Float.floatToRawIntBits(f[i]) & 0xffffffffL;
        if (a instanceof double[] d) return Double.doubleToRawLongBits(d[i]);
        if (a instanceof int[] x) return type.normalize(x[i]);
        if (a instanceof long[] x) return type.normalize(x[i]);
        if (a instanceof short[] x) return type.normalize(x[i]);
        if (a instanceof byte[] x) return type.normalize(x[i]);
        if (a instanceof BigInteger[] x) return x[i].longValue();
        Object v = Array.get(a, i);
        return v instanceof Number n ? type.normalize(n.longValue()) : 0;
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

    /** The bytes of element {@code i} (its compressed chunk's, when it has none of its own), or null when the layout does not say. */
    public Span place(long i) {
        Hdf5ElementSpans.ElementPlace p = dataset.place(i);
        return p == null ? null : p.span();
    }

    /** Where element {@code i} lies, in words: {@code /X/indices[17] at byte 4242}, or in which chunk. */
    public String where(long i) {
        String at = path() + "[" + i + "]";
        Hdf5ElementSpans.ElementPlace p = dataset.place(i);
        String words = p == null ? null : p.words();
        if (words != null) return at + " " + words;
        return at + " (element " + i + " of a chunked dataset whose object header is at byte " + dataset.address()
                + "; its chunk has no bytes in the file)";
    }

    /** The elements as a value column (for the values table, plots and exports). */
    public ValueColumn column() {
        return new ValueColumn() {
            @Override public String name() { return H5Vector.this.name(); }
            @Override public ValueType type() { return type; }
            @Override public long count() { return length; }
            @Override public void read(long start, long[] dst, int off, int len) { H5Vector.this.read(start, dst, off, len); }
        };
    }
}
