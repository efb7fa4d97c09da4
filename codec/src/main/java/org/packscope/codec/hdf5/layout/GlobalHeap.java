package org.packscope.codec.hdf5.layout;

import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.ReadProblem;

/**
 * A global heap collection ("GCOL", format specification III.E): the bytes of
 * variable-length values (strings, sequences), each an object with an index that
 * variable-length descriptors name along with the collection's address.
 */
public record GlobalHeap(long address, long size, List<HeapObject> objects) {

    /** One object: its index, reference count, size and where its data is (absolute). */
    public record HeapObject(int index, int references, long size, long dataAt) { }

    public static GlobalHeap read(FileContext c, long address, Node n) {
        c.requireInFile(address, 8 + c.lengthSize(), null, "a global heap collection");
        FieldReader r = c.reader(address, n);
        FileContext.signature(r, "GCOL", "gcol.signature", "global heap collection");
        FileContext.version(r, "gcol.version", "global heap collection", 1);
        r.bytes(3, "gcol.reserved", "reserved", b -> "3 bytes", "zero");
        long sizeAt = r.byteOffset();
        long size = c.length(r, "gcol.size", "collection size", "bytes of the whole collection, header included (at least 4096)");
        if (size < 8 + c.lengthSize() || !c.inFile(address, size)) {
            throw ReadProblem.at(StructureRules.BAD_COUNT, Span.bytes(sizeAt, c.lengthSize()), "the global heap collection at byte " + c.abs(address)
                    + " claims " + Long.toUnsignedString(size) + " bytes, which the file does not hold");
        }
        long end = c.abs(address) + size;
        List<HeapObject> objects = new ArrayList<>();
        int headerBytes = 8 + c.lengthSize();
        while (end - r.byteOffset() >= headerBytes) {
            int k = objects.size();
            int index = r.u16le("gcol.object_index", "object " + k + " index", "0 marks the free space at the end");
            int refs = r.u16le("gcol.object_refs", "object " + k + " reference count", "descriptors pointing at it");
            r.u32le("gcol.object_reserved", "object " + k + " reserved", "zero");
            long objSizeAt = r.byteOffset();
            long objSize = FileContext.uint(r, c.lengthSize(), "gcol.object_size", k, "object " + k + " size", "bytes of its data (padded to 8 in the file)");
            long dataAt = r.byteOffset();
            if (index == 0) {
                r.recordSpan("gcol.free", -1, "free space", dataAt, end, (end - dataAt) + " bytes", "unused bytes at the end of the collection");
                break;
            }
            long padded = (objSize + 7) & ~7L;
            if (objSize < 0 || padded > end - dataAt) {
                throw ReadProblem.at(StructureRules.BAD_COUNT, Span.bytes(objSizeAt, c.lengthSize()), "global heap object " + index + " at byte "
                        + dataAt + " claims " + Long.toUnsignedString(objSize) + " bytes; its collection has " + (end - dataAt) + " left");
            }
            if (r.recording()) r.recordSpan("gcol.object_data", k, "object " + k + " data", dataAt, dataAt + objSize, objSize + " bytes", "the value's bytes");
            r.skipBytes(padded, "global heap object");
            objects.add(new HeapObject(index, refs, objSize, dataAt));
        }
        return new GlobalHeap(address, size, List.copyOf(objects));
    }
}
