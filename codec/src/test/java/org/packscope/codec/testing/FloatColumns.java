package org.packscope.codec.testing;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/** A float32 column over an array, for oracles that build their data in memory. */
public final class FloatColumns {
    private FloatColumns() { }

    /** float32 values in C order, gaps where {@code gap} says. */
    public static ValueColumn of(float[] v, boolean[] gap) {
        return new ValueColumn() {
            @Override public String name() { return "v"; }
            @Override public ValueType type() { return ValueType.F32; }
            @Override public long count() { return v.length; }
            @Override public void read(long start, long[] dst, int off, int len) {
                for (int i = 0; i < len; i++) dst[off + i] = Float.floatToRawIntBits(v[(int) start + i]) & 0xffffffffL;
            }
            @Override public boolean mayHaveGaps() { return true; }
            @Override public void gaps(long start, byte[] dst, int off, int len) {
                for (int i = 0; i < len; i++) dst[off + i] = gap[(int) start + i] ? (byte) 1 : ValueColumn.PRESENT;
            }
        };
    }
}
