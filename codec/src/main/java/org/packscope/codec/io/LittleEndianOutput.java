package org.packscope.codec.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

/**
 * Appends little-endian values to a file channel through one reusable 64 KiB buffer, so
 * writers stream primitive arrays of any size without a second copy, and knows the file
 * position the next byte lands at (writers record it as an address).
 */
public final class LittleEndianOutput {
    private static final int BUFFER = 1 << 16;

    private final FileChannel channel;
    private final ByteBuffer buf = ByteBuffer.allocate(BUFFER).order(ByteOrder.LITTLE_ENDIAN);
    private long position;

    /** Appends at the channel's current position. */
    public LittleEndianOutput(FileChannel channel) throws IOException {
        this.channel = channel;
        this.position = channel.position();
    }

    /** Where the next byte goes. */
    public long position() { return position; }

    public void bytes(byte[] b) throws IOException {
        int at = 0;
        while (at < b.length) {
            if (!buf.hasRemaining()) drain();
            int n = Math.min(buf.remaining(), b.length - at);
            buf.put(b, at, n);
            at += n;
            position += n;
        }
    }

    /** {@code n} zero bytes (padding). */
    public void zeros(int n) throws IOException {
        for (int i = 0; i < n; i++) {
            if (!buf.hasRemaining()) drain();
            buf.put((byte) 0);
        }
        position += n;
    }

    /** The first {@code n} entries of {@code v}, 4 bytes each. */
    public void ints(int[] v, int n) throws IOException {
        for (int i = 0; i < n; i++) {
            if (buf.remaining() < 4) drain();
            buf.putInt(v[i]);
        }
        position += 4L * n;
    }

    /** All of {@code v}, 8 bytes each. */
    public void longs(long[] v) throws IOException {
        for (long x : v) {
            if (buf.remaining() < 8) drain();
            buf.putLong(x);
        }
        position += 8L * v.length;
    }

    /** Writes out what is buffered. */
    public void flush() throws IOException {
        drain();
    }

    private void drain() throws IOException {
        buf.flip();
        while (buf.hasRemaining()) channel.write(buf);
        buf.clear();
    }
}
