package org.packscope.codec.rds;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.packscope.codec.io.ByteSource;

/** Bulk reads of big-endian (XDR) arrays out of a byte source, in bounded pieces. */
final class XdrArrays {
    private static final int PIECE = 1 << 16;

    private XdrArrays() { }

    static int[] ints(ByteSource src, long pos, int n) {
        src.check(pos, 4L * n);
        int[] out = new int[n];
        byte[] buf = new byte[Math.min(PIECE, 4 * n)];
        int done = 0;
        while (done < n) {
            int k = Math.min(n - done, buf.length / 4);
            src.read(pos + 4L * done, buf, 0, 4 * k);
            ByteBuffer.wrap(buf, 0, 4 * k).order(ByteOrder.BIG_ENDIAN).asIntBuffer().get(out, done, k);
            done += k;
        }
        return out;
    }

    static long[] longs(ByteSource src, long pos, int n) {
        src.check(pos, 8L * n);
        long[] out = new long[n];
        byte[] buf = new byte[Math.min(PIECE, 8 * n)];
        int done = 0;
        while (done < n) {
            int k = Math.min(n - done, buf.length / 8);
            src.read(pos + 8L * done, buf, 0, 8 * k);
            ByteBuffer.wrap(buf, 0, 8 * k).order(ByteOrder.BIG_ENDIAN).asLongBuffer().get(out, done, k);
            done += k;
        }
        return out;
    }
}
