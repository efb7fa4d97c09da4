package org.packscope.codec.hdf5;

import java.lang.ref.SoftReference;
import java.lang.reflect.Array;

import io.jhdf.api.Dataset;
import io.jhdf.object.datatype.FixedPoint;
import io.jhdf.object.datatype.FloatingPoint;
import io.jhdf.object.datatype.StringData;
import io.jhdf.object.datatype.VariableLength;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * Values of an HDF5 dataset in row-major order. Small datasets are read whole and kept
 * softly; larger ones are read in slices along the first dimension, so a person can
 * look at any row of a large dataset without reading all of it.
 */
final class DatasetColumn implements ValueColumn {
    private static final long WHOLE_READ_LIMIT = 64L << 20;
    private static final int SLICE_ROWS_TARGET = 1 << 16;

    private final Dataset dataset;
    private final ValueType type;
    private final long count;
    private final long[] dims;
    private SoftReference<Object> whole = new SoftReference<>(null);

    DatasetColumn(Dataset dataset, ValueType type) {
        this.dataset = dataset;
        this.type = type;
        this.count = dataset.isScalar() ? 1 : dataset.getSize();
        this.dims = dataset.getDimensionsAsLong();
    }

    /** The stored type, or null when PackScope cannot show it as a column. */
    static ValueType valueType(Dataset d) {
        var t = d.getDataType();
        if (t instanceof FixedPoint f) {
            int w = f.getSize();
            if (w != 1 && w != 2 && w != 4 && w != 8) return null;
            return new ValueType(f.isSigned() ? ValueType.Kind.INT : ValueType.Kind.UINT, w);
        }
        if (t instanceof FloatingPoint f) {
            int w = f.getSize();
            return w == 2 ? ValueType.F16 : w == 4 ? ValueType.F32 : w == 8 ? ValueType.F64 : null;
        }
        if (t instanceof StringData || t instanceof VariableLength) return ValueType.TEXT;
        return null;
    }

    @Override public String name() { return dataset.getName(); }
    @Override public ValueType type() { return type; }
    @Override public long count() { return count; }

    @Override
    public synchronized void read(long start, long[] dst, int off, int len) {
        if (start < 0 || len < 0 || start + len > count) throw new IndexOutOfBoundsException(start + "+" + len);
        if (len == 0) return;
        if (dataset.isScalar() || dataset.getSizeInBytes() <= WHOLE_READ_LIMIT || dims.length == 0) {
            Object flat = wholeFlat();
            for (int i = 0; i < len; i++) dst[off + i] = rawAt(flat, (int) (start + i));
            return;
        }
        long rowSize = 1;
        for (int i = 1; i < dims.length; i++) rowSize *= dims[i];
        long firstRow = start / rowSize;
        long lastRow = (start + len - 1) / rowSize;
        long done = 0;
        while (done < len) {
            long rowsLeft = lastRow - firstRow + 1;
            int rows = (int) Math.min(rowsLeft, Math.max(1, SLICE_ROWS_TARGET / Math.max(1, rowSize)));
            long[] offset = new long[dims.length];
            offset[0] = firstRow;
            int[] shape = new int[dims.length];
            shape[0] = rows;
            for (int i = 1; i < dims.length; i++) shape[i] = (int) dims[i];
            Object slice = dataset.getData(offset, shape);
            long sliceStart = firstRow * rowSize;
            long[] flat = new long[(int) (rows * rowSize)];
            int[] pos = {0};
            flatten(slice, flat, pos);
            long from = Math.max(start + done, sliceStart);
            long to = Math.min(start + len, sliceStart + flat.length);
            for (long k = from; k < to; k++) dst[off + (int) (k - start)] = flat[(int) (k - sliceStart)];
            done = to - start;
            firstRow += rows;
        }
    }

    @Override
    public String text(long index) {
        if (type.numeric()) return ValueColumn.super.text(index);
        Object flat = wholeFlat();
        Object v = Array.get(flat, (int) index);
        return String.valueOf(v);
    }

    private synchronized Object wholeFlat() {
        Object flat = whole.get();
        if (flat == null) {
            flat = dataset.isScalar() ? wrapScalar(dataset.getData()) : dataset.getDataFlat();
            whole = new SoftReference<>(flat);
        }
        return flat;
    }

    private static Object wrapScalar(Object v) {
        if (v != null && v.getClass().isArray()) return v;
        Object arr = Array.newInstance(v == null ? Object.class : unbox(v.getClass()), 1);
        Array.set(arr, 0, v);
        return arr;
    }

    private static Class<?> unbox(Class<?> c) {
        if (c == Integer.class) return int.class;
        if (c == Long.class) return long.class;
        if (c == Short.class) return short.class;
        if (c == Byte.class) return byte.class;
        if (c == Float.class) return float.class;
        if (c == Double.class) return double.class;
        return c;
    }

    private long rawAt(Object flat, int i) {
        if (flat instanceof byte[] a) return type.normalize(a[i]);
        if (flat instanceof short[] a) return type.normalize(a[i]);
        if (flat instanceof int[] a) return type.normalize(a[i]);
        if (flat instanceof long[] a) return type.normalize(a[i]);
        if (flat instanceof float[] a) return Float.floatToRawIntBits(a[i]) & 0xffffffffL;
        if (flat instanceof double[] a) return Double.doubleToRawLongBits(a[i]);
        if (flat instanceof java.math.BigInteger[] a) return a[i].longValue();
        Object v = Array.get(flat, i);
        if (v instanceof Number num) return num.longValue();
        throw new IllegalStateException("not a numeric dataset");
    }

    private void flatten(Object arr, long[] out, int[] pos) {
        if (arr instanceof Object[] nested && !(arr instanceof java.math.BigInteger[])) {
            for (Object o : nested) flatten(o, out, pos);
            return;
        }
        int n = Array.getLength(arr);
        for (int i = 0; i < n; i++) out[pos[0]++] = rawAt(arr, i);
    }
}
