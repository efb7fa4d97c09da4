package org.packscope.codec.remote;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * A read-only channel on a remote object, for code that opens channels (jhdf, whole-file
 * reads): reads go through the block cache; mapping is refused, which jhdf answers by
 * reading instead.
 */
final class RemoteChannel extends FileChannel {
    private final RemoteObject object;
    private long position;

    RemoteChannel(RemoteObject object) {
        this.object = object;
    }

    @Override
    public synchronized int read(ByteBuffer dst) throws IOException {
        int n = read(dst, position);
        if (n > 0) position += n;
        return n;
    }

    @Override
    public int read(ByteBuffer dst, long pos) throws IOException {
        if (pos < 0) throw new IllegalArgumentException("negative position");
        if (pos >= object.size()) return -1;
        int n = (int) Math.min(dst.remaining(), object.size() - pos);
        if (n == 0) return 0;
        byte[] b = new byte[n];
        object.read(pos, b, 0, n);
        dst.put(b);
        return n;
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
        long total = 0;
        for (int i = offset; i < offset + length; i++) {
            int n = read(dsts[i]);
            if (n < 0) return total == 0 ? -1 : total;
            total += n;
        }
        return total;
    }

    @Override public synchronized long position() { return position; }

    @Override
    public synchronized FileChannel position(long p) {
        if (p < 0) throw new IllegalArgumentException("negative position");
        position = p;
        return this;
    }

    @Override public long size() { return object.size(); }

    @Override
    public long transferTo(long pos, long count, WritableByteChannel target) throws IOException {
        ByteBuffer b = ByteBuffer.allocate((int) Math.min(count, 1 << 20));
        int n = read(b, pos);
        if (n <= 0) return 0;
        b.flip();
        return target.write(b);
    }

    @Override public int write(ByteBuffer src) { throw new NonWritableChannelException(); }
    @Override public long write(ByteBuffer[] srcs, int offset, int length) { throw new NonWritableChannelException(); }
    @Override public int write(ByteBuffer src, long pos) { throw new NonWritableChannelException(); }
    @Override public FileChannel truncate(long size) { throw new NonWritableChannelException(); }
    @Override public long transferFrom(ReadableByteChannel src, long pos, long count) { throw new NonWritableChannelException(); }
    @Override public void force(boolean metaData) { }

    @Override
    public MappedByteBuffer map(MapMode mode, long pos, long size) {
        throw new UnsupportedOperationException("remote objects are read by range, not mapped");
    }

    @Override
    public FileLock lock(long pos, long size, boolean shared) {
        throw new UnsupportedOperationException("remote objects cannot be locked");
    }

    @Override
    public FileLock tryLock(long pos, long size, boolean shared) {
        throw new UnsupportedOperationException("remote objects cannot be locked");
    }

    @Override protected void implCloseChannel() { }
}
