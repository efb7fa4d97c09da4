package org.packscope.codec.bpcells;

import org.packscope.codec.io.ByteSource;

/**
 * Where an array's element 0 sits when its elements lie contiguously, little-endian, in
 * one byte source (a folder file after its 8-byte header, an unfiltered contiguous
 * HDF5 dataset). Lets views highlight the bytes of any element or BP128 chunk.
 * {@code headerOffset}/{@code headerLength} describe a type header before the data
 * (0/0 when there is none).
 */
public record ArrayLocation(ByteSource source, long dataOffset, long headerOffset, int headerLength) {

    public static ArrayLocation at(ByteSource source, long dataOffset) {
        return new ArrayLocation(source, dataOffset, dataOffset, 0);
    }

    /** Byte offset of element {@code index} of {@code width}-byte elements. */
    public long offsetOf(long index, int width) { return dataOffset + index * width; }
}
