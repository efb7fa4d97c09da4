package org.packscope.codec.hdf5;

/**
 * The adaptive entropy decoder of CCSDS 121.0-B (Lossless Data Compression): adaptive
 * Rice coding of blocks of samples, each block prefixed by the id of the option its
 * encoder chose (zero blocks, second extension, split samples with k low bits,
 * uncompressed), optionally after the unit-delay predictor whose reference sample opens
 * every reference sample interval (RSI). Samples are unsigned, 1 to 32 bits, written out
 * in 1, 2 or 4 bytes, most or least significant byte first; this is the subset libaec
 * uses behind the szip interface that HDF5's szip filter calls (see {@link SzipFilter}).
 *
 * <p>Every count read from the stream is checked against what is left (of the RSI, of
 * the input) before it is used; damage is a {@link FilterDamage} naming the byte of the
 * stream where it was found.
 */
final class AecDecoder {
    /** Zero-block code that means "to the end of the segment" (remainder of segment). */
    private static final int ROS = 5;
    /** Zero blocks are counted in segments of this many blocks. */
    private static final int SEGMENT = 64;
    /** Second-extension codes above this are not produced by any encoder (sum of a pair ≤ 12). */
    private static final int SE_LIMIT = 90;
    private static final int[] SE_SUM = new int[SE_LIMIT + 1];
    private static final int[] SE_BASE = new int[SE_LIMIT + 1];

    static {
        // code m = (a+b)(a+b+1)/2 + b for the pair (a, b): the sum and the code of (sum, 0)
        int m = 0;
        for (int s = 0; m <= SE_LIMIT; s++) {
            int base = s * (s + 1) / 2;
            for (int b = 0; b <= s && m <= SE_LIMIT; b++, m++) {
                SE_SUM[m] = s;
                SE_BASE[m] = base;
            }
        }
    }

    private final int bits;
    private final int blockSize;
    private final int rsi;
    private final boolean preprocess;
    private final boolean msb;
    private final int idLength;
    private final long xmax;
    private final int bytesPerSample;

    private final byte[] in;
    private final int inStart;
    private final int inEnd;
    /** Offset of the stream within what its reader names (the filter's 4-byte size prefix). */
    private final int reportBase;
    private int next;
    private long acc;
    private int accBits;

    /**
     * {@code bits} per sample (1..32), {@code blockSize} samples per block, {@code rsi}
     * blocks per reference sample interval; {@code preprocess} for the unit-delay
     * predictor, {@code msb} to write samples most significant byte first.
     */
    AecDecoder(int bits, int blockSize, int rsi, boolean preprocess, boolean msb,
               byte[] in, int inStart, int inEnd, int reportBase) {
        if (bits < 1 || bits > 32 || blockSize < 1 || rsi < 1) throw new IllegalArgumentException("bad AEC parameters");
        this.bits = bits;
        this.blockSize = blockSize;
        this.rsi = rsi;
        this.preprocess = preprocess;
        this.msb = msb;
        this.idLength = bits > 16 ? 5 : bits > 8 ? 4 : 3;
        this.xmax = (1L << bits) - 1;
        this.bytesPerSample = bytesPerSample(bits);
        this.in = in;
        this.inStart = inStart;
        this.inEnd = inEnd;
        this.reportBase = reportBase;
        this.next = inStart;
    }

    /** Bytes each decoded sample takes: 1 up to 8 bits, 2 up to 16, else 4. */
    static int bytesPerSample(int bits) {
        return bits > 16 ? 4 : bits > 8 ? 2 : 1;
    }

    /**
     * Decodes {@code out.length / bytesPerSample} samples into {@code out}. The last
     * block may be cut short by the end of the output; its remaining samples are not
     * read, as libaec stops there too.
     */
    void decode(byte[] out) {
        int samples = out.length / bytesPerSample;
        int rsiSize = rsi * blockSize;
        int[] buf = new int[rsiSize];
        int outSample = 0;
        while (outSample < samples) {
            int wanted = Math.min(rsiSize, samples - outSample);
            int used = 0;
            boolean ref = preprocess;
            while (used < wanted) {
                used = block(buf, used, wanted, rsiSize, ref);
                ref = false;
            }
            flush(buf, wanted, out, outSample);
            outSample += wanted;
        }
    }

    /** Reads one coded block into {@code buf[used..]}; returns the new fill. */
    private int block(int[] buf, int used, int wanted, int rsiSize, boolean ref) {
        int at = bytePosition();
        int id = readBits(idLength);
        int need = Math.min(blockSize, wanted - used);
        if (id == 0) {
            boolean secondExtension = readBits(1) == 1;
            if (ref) buf[used++] = readBits(bits);
            return secondExtension ? secondExtension(buf, used, used - (ref ? 1 : 0) + need, ref)
                    : zeroBlocks(buf, used, wanted, rsiSize, ref, at);
        }
        if (id == (1 << idLength) - 1) {
            // uncompressed: every sample (the reference sample too) in full
            for (int i = 0; i < need; i++) buf[used++] = readBits(bits);
            return used;
        }
        int k = id - 1;
        if (k >= bits) throw damage(at, "a block chose split option k=" + k + " for " + bits + "-bit samples");
        if (ref) {
            buf[used++] = readBits(bits);
            need--;
        }
        int coded = blockSize - (ref ? 1 : 0);
        long limit = xmax >>> k;
        // all fundamental sequences (the high parts) first, then the k low bits of each sample
        for (int i = 0; i < coded; i++) {
            int p = bytePosition();
            long high = readFs(limit);
            if (high > limit) throw damage(p, "a sample's high part " + high + " does not fit " + bits + " bits after " + k + " low bits");
            if (i < need) buf[used + i] = (int) (high << k);
        }
        if (k > 0) for (int i = 0; i < need; i++) buf[used + i] |= readBits(k);
        return used + need;
    }

    /** Second extension: pairs of small residuals, each pair one fundamental sequence. */
    private int secondExtension(int[] buf, int used, int end, boolean ref) {
        int i = ref ? 1 : 0;
        int base = used - i;
        while (i < blockSize && base + i < end) {
            int p = bytePosition();
            int m = (int) readFs(SE_LIMIT + 1L);
            if (m > SE_LIMIT) throw damage(p, "a second-extension code " + m + " is larger than any pair of residuals gives (" + SE_LIMIT + ")");
            int second = m - SE_BASE[m];
            if ((i & 1) == 0) {
                buf[base + i++] = SE_SUM[m] - second;
                if (base + i >= end) break;
            }
            buf[base + i++] = second;
        }
        return Math.min(base + i, end);
    }

    /** A run of blocks whose residuals are all zero. */
    private int zeroBlocks(int[] buf, int used, int wanted, int rsiSize, boolean ref, int at) {
        long fs = readFs(rsiSize);
        long blocks = fs + 1;
        if (blocks == ROS) {
            // to the end of this segment of 64 blocks, or of the RSI if that comes first
            int b = used / blockSize;
            blocks = Math.min(rsi - b, SEGMENT - b % SEGMENT);
        } else if (blocks > ROS) {
            blocks--;
        }
        long zeros = blocks * blockSize - (ref ? 1 : 0);
        if (zeros > rsiSize - used) {
            throw damage(at, "a run of " + blocks + " zero blocks runs past the end of its reference sample interval ("
                    + (rsiSize - used) + " samples left)");
        }
        int end = (int) Math.min(used + zeros, wanted);
        java.util.Arrays.fill(buf, used, end, 0);
        return end;
    }

    /**
     * Undoes the predictor over one RSI (its first sample is the reference) and writes the
     * samples out; without preprocessing the samples are the values.
     */
    private void flush(int[] buf, int n, byte[] out, int outSample) {
        int o = outSample * bytesPerSample;
        if (!preprocess) {
            for (int i = 0; i < n; i++) o = put(out, o, buf[i] & 0xffffffffL);
            return;
        }
        long x = buf[0] & 0xffffffffL;
        o = put(out, o, x);
        long half = (xmax >>> 1) + 1;
        for (int i = 1; i < n; i++) {
            long d = buf[i] & 0xffffffffL;
            long theta = Math.min(x, xmax - x);
            if (d <= 2 * theta) {
                x += (d & 1) == 0 ? d >>> 1 : -((d + 1) >>> 1);
            } else {
                // beyond the nearer bound: the sample lies on the far side, d - theta from the predicted one
                x = x < half ? d : xmax - d;
            }
            o = put(out, o, x);
        }
    }

    private int put(byte[] out, int o, long v) {
        switch (bytesPerSample) {
            case 1 -> out[o] = (byte) v;
            case 2 -> {
                if (msb) { out[o] = (byte) (v >>> 8); out[o + 1] = (byte) v; }
                else { out[o] = (byte) v; out[o + 1] = (byte) (v >>> 8); }
            }
            default -> {
                if (msb) {
                    out[o] = (byte) (v >>> 24); out[o + 1] = (byte) (v >>> 16); out[o + 2] = (byte) (v >>> 8); out[o + 3] = (byte) v;
                } else {
                    out[o] = (byte) v; out[o + 1] = (byte) (v >>> 8); out[o + 2] = (byte) (v >>> 16); out[o + 3] = (byte) (v >>> 24);
                }
            }
        }
        return o + bytesPerSample;
    }

    // ---------------------------------------------------------------- bits, most significant first

    /** The byte the next bit comes from, counted as the filter's reader counts (with its prefix). */
    int bytePosition() {
        return reportBase + (int) (((next - inStart) * 8L - accBits) >>> 3);
    }

    private int readBits(int n) {
        while (accBits < n) {
            if (next >= inEnd) throw damage(bytePosition(), "the stream ends in the middle of a block");
            acc = (acc << 8) | (in[next++] & 0xff);
            accBits += 8;
        }
        accBits -= n;
        return (int) ((acc >>> accBits) & ((1L << n) - 1));
    }

    /** A fundamental sequence: the number of 0 bits before the next 1; stops counting past {@code limit}. */
    private long readFs(long limit) {
        long zeros = 0;
        while (true) {
            if (accBits == 0) {
                if (next >= inEnd) throw damage(bytePosition(), "the stream ends in the middle of a block");
                acc = in[next++] & 0xff;
                accBits = 8;
            }
            long window = acc & ((1L << accBits) - 1);
            if (window == 0) {
                zeros += accBits;
                accBits = 0;
                if (zeros > limit) return zeros;
                continue;
            }
            int top = 63 - Long.numberOfLeadingZeros(window);
            zeros += accBits - 1 - top;
            accBits = top;
            return zeros;
        }
    }

    private static FilterDamage damage(int at, String what) {
        return new FilterDamage(at, what);
    }
}
