package org.packscope.codec.rds;

import java.nio.charset.StandardCharsets;

import org.packscope.codec.io.ByteSource;

/**
 * The XDR stream of an integer or double vector that an ALTREP compact sequence stands
 * for ({@code start, start + step, ...}, n values), whose bytes are computed when read:
 * {@code 1:1e9} is saved as three numbers and must not become 4 GB when opened. The
 * stream is what saveRDS would have written for the plain vector, so the ordinary
 * parser and nodes read it.
 */
final class CompactSequenceSource implements ByteSource {
    private final String name;
    private final boolean ints;
    private final long n;
    private final double start, step;
    private final byte[] head;

    CompactSequenceSource(String name, boolean ints, long n, double start, double step) {
        if (n < 0 || n > Integer.MAX_VALUE) throw new IllegalArgumentException("length " + n);
        this.name = name;
        this.ints = ints;
        this.n = n;
        this.start = start;
        this.step = step;
        byte[] enc = "UTF-8".getBytes(StandardCharsets.US_ASCII);
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(2 + 16 + enc.length + 8);
        b.put((byte) 'X').put((byte) '\n').putInt(3).putInt(0).putInt(0).putInt(enc.length).put(enc);
        b.putInt(ints ? RFlags.INTSXP : RFlags.REALSXP).putInt((int) n);
        this.head = b.array();
    }

    private int width() { return ints ? 4 : 8; }

    @Override public String name() { return name; }

    @Override public long size() { return head.length + n * width(); }

    /** Big-endian bits of element {@code i}, as R computes it (start + i * step). */
    private long element(long i) {
        if (ints) return (int) (start + i * step) & 0xffffffffL;
        return Double.doubleToRawLongBits(start + i * step);
    }

    @Override
    public byte get(long pos) {
        check(pos, 1);
        if (pos < head.length) return head[(int) pos];
        long rel = pos - head.length;
        int w = width();
        long bits = element(rel / w);
        int shift = 8 * (w - 1 - (int) (rel % w));
        return (byte) (bits >>> shift);
    }

    @Override
    public void read(long pos, byte[] dst, int off, int len) {
        check(pos, len);
        int w = width();
        int i = 0;
        while (i < len) {
            long p = pos + i;
            if (p < head.length || (p - head.length) % w != 0 || len - i < w) {
                dst[off + i++] = get(p);
                continue;
            }
            long bits = element((p - head.length) / w);
            for (int k = 0; k < w; k++) dst[off + i + k] = (byte) (bits >>> (8 * (w - 1 - k)));
            i += w;
        }
    }
}
