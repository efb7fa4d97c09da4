package org.packscope.codec.bpcells;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An in-memory, unaddressable store for synthetic matrices. */
final class MemoryArrayStore implements ArrayStore {
    private final Map<String, Object> arrays = new LinkedHashMap<>();
    private final Map<String, ElementType> types = new LinkedHashMap<>();

    MemoryArrayStore u32(String name, int... v) { arrays.put(name, v); types.put(name, ElementType.UINT32); return this; }
    MemoryArrayStore f32(String name, int... bits) { arrays.put(name, bits); types.put(name, ElementType.FLOAT32); return this; }
    MemoryArrayStore u64(String name, long... v) { arrays.put(name, v); types.put(name, ElementType.UINT64); return this; }
    MemoryArrayStore strings(String name, String... v) { arrays.put(name, List.of(v)); types.put(name, ElementType.STRING); return this; }

    /** An unpacked uint matrix from stored-order arrays. */
    static MemoryArrayStore unpacked(String order, int rows, int cols, long[] idxptr, int[] index, int[] val) {
        return new MemoryArrayStore().u32("shape", rows, cols).strings("storage_order", order).u64("idxptr", idxptr)
                .u32("index", index).u32("val", val).strings("row_names").strings("col_names");
    }

    @Override public String description() { return "memory"; }
    @Override public List<String> arrayNames() { return new ArrayList<>(arrays.keySet()); }

    @Override
    public ArrayInfo info(String name) {
        Object a = arrays.get(name);
        if (a == null) return null;
        long n = a instanceof int[] i ? i.length : a instanceof long[] l ? l.length : ((List<?>) a).size();
        return ArrayInfo.of(name, types.get(name), n, -1, null);
    }

    @Override
    public void readInts(String name, long start, int[] dst, int off, int len) {
        if (!(arrays.get(name) instanceof int[] a) || start + len > a.length) throw ArrayStore.unreadable(-1, "bad read of " + name);
        System.arraycopy(a, (int) start, dst, off, len);
    }

    @Override
    public void readLongs(String name, long start, long[] dst, int off, int len) {
        if (!(arrays.get(name) instanceof long[] a) || start + len > a.length) throw ArrayStore.unreadable(-1, "bad read of " + name);
        System.arraycopy(a, (int) start, dst, off, len);
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<String> readStrings(String name) {
        if (!(arrays.get(name) instanceof List<?> l)) throw ArrayStore.unreadable(-1, "not strings: " + name);
        return (List<String>) l;
    }
}
