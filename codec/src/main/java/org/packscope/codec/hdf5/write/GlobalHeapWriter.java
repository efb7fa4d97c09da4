package org.packscope.codec.hdf5.write;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.io.LittleEndianOutput;

/**
 * Writes strings as objects of global heap collections (file format specification
 * III.E): "GCOL", version 1, the collection's size, then per object its index (from 1),
 * reference count 0, its size and its bytes padded to 8, and object 0 for the free space
 * left. A collection holds at most 65535 objects (the index is 16 bits) and about
 * {@link #TARGET} bytes; it is at least 4096 bytes as HDF5 makes them, since the HDF5
 * library reads that much before it knows the size.
 */
final class GlobalHeapWriter {
    static final int MIN_COLLECTION = 4096;
    static final int TARGET = 1 << 20;
    private static final int MAX_OBJECTS = 0xffff;
    private static final int HEADER = 16;
    private static final int OBJECT_HEADER = 16;

    private GlobalHeapWriter() { }

    /**
     * Writes {@code strings} (UTF-8, without terminator) into collections at {@code out}'s
     * position and returns their variable-length elements (length, collection address,
     * index), 16 bytes per string, in order.
     */
    static byte[] write(LittleEndianOutput out, List<String> strings) throws IOException {
        ByteBuffer ids = HeaderMessages.le(Math.multiplyExact(strings.size(), HeaderMessages.VLEN_ELEMENT));
        List<byte[]> pending = new ArrayList<>();
        long used = HEADER;
        for (String s : strings) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            long next = OBJECT_HEADER + padded(b.length);
            if (!pending.isEmpty() && (used + next > TARGET || pending.size() == MAX_OBJECTS)) {
                collection(out, pending, used, ids);
                pending.clear();
                used = HEADER;
            }
            if (used + next + OBJECT_HEADER > Integer.MAX_VALUE) throw new IllegalArgumentException("a string of " + b.length + " bytes");
            pending.add(b);
            used += next;
        }
        if (!pending.isEmpty()) collection(out, pending, used, ids);
        return ids.array();
    }

    private static void collection(LittleEndianOutput out, List<byte[]> objects, long used, ByteBuffer ids) throws IOException {
        long size = Math.max(MIN_COLLECTION, used);
        long free = size - used;
        if (free > 0 && free < OBJECT_HEADER) size += OBJECT_HEADER - free;
        long address = out.position();
        ByteBuffer h = HeaderMessages.le(HEADER).put(new byte[] {'G', 'C', 'O', 'L', 1, 0, 0, 0}).putLong(size);
        out.bytes(h.array());
        int index = 1;
        for (byte[] b : objects) {
            out.bytes(objectHeader(index, b.length));
            out.bytes(b);
            out.zeros((int) (padded(b.length) - b.length));
            ids.putInt(b.length).putLong(address).putInt(index);
            index++;
        }
        long left = address + size - out.position();
        if (left > 0) {
            out.bytes(objectHeader(0, left));   // the free space object counts its own header
            out.zeros((int) (left - OBJECT_HEADER));
        }
    }

    private static byte[] objectHeader(int index, long size) {
        return HeaderMessages.le(OBJECT_HEADER).putShort((short) index).putShort((short) 0).putInt(0).putLong(size).array();
    }

    private static long padded(long n) { return (n + 7) & ~7L; }
}
