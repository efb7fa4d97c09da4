package org.packscope.codec.pco;

import java.util.Arrays;

/**
 * A chunk's stored metadata as a map key: its number type, the bit it starts at within its
 * first byte, and the bytes that hold it. Chunks with equal keys parse to equal metadata, so
 * sharing one parse among them needs no comparison of the parsed records. Comparing the
 * records themselves would be as right, but a record's first {@code equals}/{@code hashCode}
 * spins its method handles, some 35 ms of a one-shot decode's start.
 */
final class MetaBits {
    private final NumberType type;
    private final int shift;
    private final byte[] data;
    private final int from;
    private final int to;
    private final int hash;

    /** The metadata stored in bits {@code [startBit, endBit)} of {@code data}. */
    MetaBits(NumberType type, byte[] data, long startBit, long endBit) {
        this.type = type;
        this.shift = (int) (startBit & 7);
        this.data = data;
        this.from = (int) (startBit >>> 3);
        this.to = (int) ((endBit + 7) >>> 3);
        int h = 31 * type.ordinal() + shift;
        for (int i = from; i < to; i++) h = 31 * h + data[i];
        this.hash = h;
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MetaBits m && m.hash == hash && m.type == type && m.shift == shift
                && Arrays.equals(data, from, to, m.data, m.from, m.to);
    }
}
