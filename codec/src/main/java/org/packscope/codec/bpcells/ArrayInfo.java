package org.packscope.codec.bpcells;

/**
 * What a store knows about one named array without reading its elements.
 *
 * @param name        array name, e.g. {@code index_data}
 * @param type        element type as BPCells means it; null when the store cannot tell
 *                    (unrecognised file header, unsupported HDF5 type); {@code problem} says why
 * @param length      number of elements (for strings: number of strings)
 * @param storedBytes bytes the array occupies in its container (file size including
 *                    header, HDF5 storage size); -1 when unknown
 * @param location    where element 0 sits when the bytes are directly addressable;
 *                    null for compressed or chunked HDF5 datasets, R objects, text arrays
 * @param problem     a container-level problem with the array (bad header, size not a
 *                    whole number of elements), or null
 */
public record ArrayInfo(String name, ElementType type, long length, long storedBytes, ArrayLocation location, String problem) {

    public static ArrayInfo of(String name, ElementType type, long length, long storedBytes, ArrayLocation location) {
        return new ArrayInfo(name, type, length, storedBytes, location, null);
    }

    public boolean addressable() { return location != null; }

    /** Byte offset of element {@code index} in the location's source, or -1 when not addressable. */
    public long byteOffsetOf(long index) {
        if (location == null || type == null || type.byteWidth() == 0) return -1;
        return location.offsetOf(index, type.byteWidth());
    }
}
