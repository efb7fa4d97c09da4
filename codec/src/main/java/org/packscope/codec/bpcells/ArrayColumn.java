package org.packscope.codec.bpcells;

import java.util.List;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/** One named array as a value column, read straight from the store. */
final class ArrayColumn implements ValueColumn {
    private final ArrayStore store;
    private final String name;
    private final ElementType type;
    private final long count;

    ArrayColumn(ArrayStore store, ArrayInfo info) {
        this.store = store;
        this.name = info.name();
        this.type = info.type();
        this.count = info.length();
    }

    static ValueType valueType(ElementType t) {
        return switch (t) {
            case UINT32 -> ValueType.U32;
            case UINT64 -> ValueType.U64;
            case FLOAT32 -> ValueType.F32;
            case FLOAT64 -> ValueType.F64;
            case STRING -> ValueType.TEXT;
        };
    }

    @Override public String name() { return name; }
    @Override public ValueType type() { return valueType(type); }
    @Override public long count() { return count; }

    @Override
    public void read(long start, long[] dst, int off, int len) {
        if (type.is64Bit()) {
            store.readLongs(name, start, dst, off, len);
        } else {
            int[] tmp = new int[len];
            store.readInts(name, start, tmp, 0, len);
            for (int i = 0; i < len; i++) dst[off + i] = tmp[i] & 0xffffffffL;
        }
    }

    /** A string array as a text column. */
    static ValueColumn strings(String name, List<String> values) {
        return ValueColumn.texts(name, values);
    }
}
