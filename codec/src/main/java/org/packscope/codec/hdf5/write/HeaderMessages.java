package org.packscope.codec.hdf5.write;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Bodies of the object header messages the writer needs (file format specification
 * IV.A.2), each in the newest version every reader knows, and the type numbers that
 * announce them.
 */
final class HeaderMessages {
    static final int DATASPACE = 0x01;
    static final int LINK_INFO = 0x02;
    static final int DATATYPE = 0x03;
    static final int FILL_VALUE = 0x05;
    static final int LINK = 0x06;
    static final int LAYOUT = 0x08;
    static final int GROUP_INFO = 0x0A;
    static final int ATTRIBUTE = 0x0C;

    /** The "undefined address" (all bits set) of 8-byte offsets. */
    static final long UNDEFINED = -1L;

    /** A variable-length element on disk: sequence length (4), global heap collection address (8), object index (4). */
    static final int VLEN_ELEMENT = 16;

    private HeaderMessages() { }

    static ByteBuffer le(int n) { return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN); }

    /** Version 2 dataspace of one dimension of {@code count} elements, maximum equal to it. */
    static byte[] dataspace1D(long count) {
        return le(12).put((byte) 2).put((byte) 1).put((byte) 0).put((byte) 1).putLong(count).array();
    }

    /** Version 2 scalar dataspace: one element, no dimensions. */
    static byte[] dataspaceScalar() {
        return le(4).put((byte) 2).put((byte) 0).put((byte) 0).put((byte) 0).array();
    }

    /**
     * Variable-length string, null-terminated, UTF-8 (class 9, type 1, padding 0, charset 1)
     * whose base type is an unsigned byte, as HDF5 writes {@code H5T_VARIABLE} C strings.
     */
    static byte[] vlenUtf8String() {
        ByteBuffer b = le(20);
        b.put((byte) 0x19).put((byte) 0x01).put((byte) 0x01).put((byte) 0).putInt(VLEN_ELEMENT);
        b.put((byte) 0x10).put((byte) 0).put((byte) 0).put((byte) 0).putInt(1).putShort((short) 0).putShort((short) 8);
        return b.array();
    }

    /** Version 3 fill value: space allocated late, fill written if set, default (zero) fill. */
    static byte[] fillValue() {
        return new byte[] {3, 0x02 | 0x08};
    }

    /** Version 3 contiguous layout at {@code address} (UNDEFINED when empty) of {@code size} bytes. */
    static byte[] contiguousLayout(long address, long size) {
        return le(18).put((byte) 3).put((byte) 1).putLong(address).putLong(size).array();
    }

    /** Version 0 link info: no creation order, no dense storage (links are messages of the header). */
    static byte[] linkInfo() {
        return le(18).put((byte) 0).put((byte) 0).putLong(UNDEFINED).putLong(UNDEFINED).array();
    }

    /**
     * Version 0 group info with link phase change values, so the group's {@code links}
     * compact links are within the maximum a reader expects of compact storage.
     */
    static byte[] groupInfo(int links) {
        int maxCompact = Math.max(8, links);
        return le(6).put((byte) 0).put((byte) 1).putShort((short) maxCompact).putShort((short) Math.min(6, maxCompact)).array();
    }

    /** Version 1 hard link named {@code name} to the object header at {@code address}. */
    static byte[] hardLink(String name, long address) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        boolean ascii = n.length == name.length();
        boolean wideLength = n.length > 0xff;
        int flags = (wideLength ? 1 : 0) | (ascii ? 0 : 0x10);
        ByteBuffer b = le(2 + (ascii ? 0 : 1) + (wideLength ? 2 : 1) + n.length + 8);
        b.put((byte) 1).put((byte) flags);
        if (!ascii) b.put((byte) 1);                     // link name charset UTF-8
        if (wideLength) b.putShort((short) n.length); else b.put((byte) n.length);
        return b.put(n).putLong(address).array();
    }

    /** Version 3 attribute with a UTF-8 name: name, datatype, dataspace, then the raw data. */
    static byte[] attribute(String name, byte[] datatype, byte[] dataspace, byte[] data) {
        byte[] n = (name + "\0").getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = le(9 + n.length + datatype.length + dataspace.length + data.length);
        b.put((byte) 3).put((byte) 0).putShort((short) n.length).putShort((short) datatype.length).putShort((short) dataspace.length);
        b.put((byte) 1);
        return b.put(n).put(datatype).put(dataspace).put(data).array();
    }
}
