package org.packscope.codec.hdf5.write;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The little-endian numeric element types the writer stores, each with its Datatype
 * message (file format specification IV.A.2.d): class 0 fixed-point with its signedness
 * and precision, or class 1 IEEE floating-point with the standard sign, exponent and
 * mantissa positions, exactly what HDF5's H5T_STD_U32LE … H5T_IEEE_F64LE encode to.
 */
public enum NumericType {
    U32(4, false, false), U64(8, false, false), I32(4, true, false), I64(8, true, false),
    F32(4, true, true), F64(8, true, true);

    private final int size;
    private final boolean signed;
    private final boolean floating;

    NumericType(int size, boolean signed, boolean floating) {
        this.size = size;
        this.signed = signed;
        this.floating = floating;
    }

    /** Bytes per element. */
    public int size() { return size; }

    /** The body of this type's Datatype message. */
    byte[] datatypeMessage() {
        ByteBuffer b = ByteBuffer.allocate(floating ? 20 : 12).order(ByteOrder.LITTLE_ENDIAN);
        int bits = size * 8;
        if (floating) {
            boolean single = size == 4;
            b.put((byte) 0x11);                          // version 1, class 1
            b.put((byte) 0x20);                          // little-endian, no padding, implied leading mantissa bit
            b.put((byte) (bits - 1));                    // sign bit position
            b.put((byte) 0);
            b.putInt(size);
            b.putShort((short) 0).putShort((short) bits); // bit offset, precision
            b.put((byte) (single ? 23 : 52)).put((byte) (single ? 8 : 11));   // exponent location, size
            b.put((byte) 0).put((byte) (single ? 23 : 52));                   // mantissa location, size
            b.putInt(single ? 127 : 1023);               // exponent bias
        } else {
            b.put((byte) 0x10);                          // version 1, class 0
            b.put((byte) (signed ? 0x08 : 0));           // little-endian, two's complement when signed
            b.put((byte) 0).put((byte) 0);
            b.putInt(size);
            b.putShort((short) 0).putShort((short) bits);
        }
        return b.array();
    }
}
