package org.packscope.codec.io;

/** Bytes held in memory: decompressed streams, test inputs, small files. */
public final class ArraySource implements ByteSource {
    private final byte[] data;
    private final int start;
    private final int length;
    private final String name;

    public ArraySource(byte[] data, int start, int length, String name) {
        if (start < 0 || length < 0 || start > data.length - length) throw new IllegalArgumentException("bad range");
        this.data = data;
        this.start = start;
        this.length = length;
        this.name = name;
    }

    @Override public String name() { return name; }
    @Override public long size() { return length; }

    @Override
    public void read(long pos, byte[] dst, int off, int len) {
        check(pos, len);
        System.arraycopy(data, start + (int) pos, dst, off, len);
    }

    @Override
    public byte get(long pos) {
        if (pos < 0 || pos >= length) throw new OutOfRangeException(pos, 1, length);
        return data[start + (int) pos];
    }
}
