package org.packscope.codec.hdf5.layout;

import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.ReadProblem;

/**
 * A local heap ("HEAP", format specification III.D): the names of an old-style group's
 * members, NUL-terminated, in a data segment elsewhere in the file. Offsets into it come
 * from symbol table entries and group B-tree keys.
 */
public record LocalHeap(long address, long dataSize, long dataAddress) {

    public static LocalHeap read(FileContext c, long address, Node n, String what) {
        c.requireInFile(address, 8 + 2L * c.lengthSize() + c.offsetSize(), null, "the local heap of " + what);
        FieldReader r = c.reader(address, n);
        FileContext.signature(r, "HEAP", "heap.signature", "local heap");
        FileContext.version(r, "heap.version", "local heap", 0);
        r.bytes(3, "heap.reserved", "reserved", b -> "3 bytes", "zero");
        long size = c.length(r, "heap.data_size", "data segment size", "bytes of names and free space");
        c.length(r, "heap.free_list", "offset to head of free list", "first free block in the data segment (undefined: none)");
        long dataAt = r.byteOffset();
        long data = c.address(r, "heap.data_address", "data segment address", "where the names are");
        c.requireInFile(data, size, Span.bytes(dataAt, c.offsetSize()), "the data segment of the local heap of " + what);
        return new LocalHeap(address, size, data);
    }

    /** The name at {@code offset}; fails with {@code hdf5_bad_heap_offset} when it is not a NUL-terminated name inside the segment. */
    public String name(FileContext c, long offset, Span where) {
        if (offset < 0 || offset >= dataSize) {
            throw ReadProblem.at(StructureRules.BAD_HEAP_OFFSET, where, "name offset " + offset + " is outside the local heap at byte "
                    + c.abs(address) + " (" + dataSize + " bytes of data)");
        }
        String s = c.cString(c.abs(dataAddress) + offset, dataSize - offset);
        if (s == null) {
            throw ReadProblem.at(StructureRules.BAD_HEAP_OFFSET, where, "the name at offset " + offset + " of the local heap at byte "
                    + c.abs(address) + " runs to the end of the heap without a NUL");
        }
        return s;
    }
}
