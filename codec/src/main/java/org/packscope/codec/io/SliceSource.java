package org.packscope.codec.io;

/** A window onto another source; offsets are relative to the window. */
final class SliceSource implements ByteSource {
    private final ByteSource base;
    private final long start;
    private final long length;

    SliceSource(ByteSource base, long start, long length) {
        this.base = base;
        this.start = start;
        this.length = length;
    }

    @Override public String name() { return base.name(); }
    @Override public long size() { return length; }

    @Override
    public void read(long pos, byte[] dst, int off, int len) {
        check(pos, len);
        base.read(start + pos, dst, off, len);
    }

    @Override
    public byte get(long pos) {
        if (pos < 0 || pos >= length) throw new OutOfRangeException(pos, 1, length);
        return base.get(start + pos);
    }
}
