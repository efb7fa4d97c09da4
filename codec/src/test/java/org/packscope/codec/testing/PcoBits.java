package org.packscope.codec.testing;

import java.io.ByteArrayOutputStream;

/**
 * Writes standalone Pco files bit by bit (LSB first, as Pco reads them), for tests that
 * need files no writer would make: chunks that claim far more numbers than their bytes
 * hold, hundreds of thousands of tiny chunks, bins by the thousand. Uniform type u32,
 * format 4.1, no delta unless asked, one latent variable of equal-width bins.
 */
public final class PcoBits {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private int cur;
    private int used;

    public PcoBits put(long v, int n) {
        for (int i = 0; i < n; i++) {
            cur |= (int) ((v >>> i) & 1) << used;
            if (++used == 8) {
                out.write(cur);
                cur = 0;
                used = 0;
            }
        }
        return this;
    }

    public PcoBits align() { return used == 0 ? this : put(0, 8 - used); }

    public byte[] bytes() { align(); return out.toByteArray(); }

    /** Bytes written so far, counting a partly written one. */
    public int size() { return out.size() + (used > 0 ? 1 : 0); }

    /** Standalone v3 header, uniform type u32, format 4.1. */
    public PcoBits header() {
        for (char c : "pco!".toCharArray()) put(c, 8);
        put(3, 8).put(1, 8).put(0, 6).put(0, 1).align();
        return put(4, 8).put(1, 8);
    }

    /** A u32 latent variable of {@code bins} equal-width bins of {@code offsetBits} offset bits; returns the table's log size. */
    public int latent(int bins, int offsetBits) {
        int log = bins == 1 ? 0 : 32 - Integer.numberOfLeadingZeros(bins - 1);
        put(log, 4).put(bins, 15);
        for (int i = 0; i < bins; i++) {
            int weight = i == 0 ? (1 << log) - bins + 1 : 1;
            put(weight - 1, log).put(1000L * i + 1, 32).put(offsetBits, 6);
        }
        return log;
    }

    /**
     * One chunk's preamble, metadata and page header, up to where its body bits start;
     * {@code windowLog} 0 means no delta.
     */
    public PcoBits chunk(int n, int windowLog, int bins, int offsetBits) {
        put(1, 8).put(n - 1, 24).put(0, 4);
        if (windowLog > 0) {
            put(2, 4).put(windowLog - 1, 5).put(0, 4).put(0, 1);
            latent(1, 0);
        } else {
            put(0, 4);
        }
        int log = latent(bins, offsetBits);
        align();
        if (windowLog > 0) put(7, 32); // the primary latent's delta state
        return put(0, 4 * log).align();
    }

    /** The terminating 0 byte. */
    public byte[] end() { align(); return put(0, 8).bytes(); }
}
