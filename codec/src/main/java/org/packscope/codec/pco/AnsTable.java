package org.packscope.codec.pco;

import java.util.List;

/**
 * Decoding table of one latent variable, built from its bins: the states are spread
 * over symbols with pco's stride rule, and each state packs in one int
 * {@code nextStateBase | bitsToRead << 16 | offsetBits << 24}, with the bin's lower
 * bound beside it. The decoding loops read the fields from arrays of their own (the
 * symbol loop's {@link #nextBits}, offset masks and lower bounds in the offsets pass).
 * Immutable and shared by all threads decoding the chunk.
 */
final class AnsTable {
    final int sizeLog;
    final int nBins;
    final int[] entries;
    /**
     * Per state, for the symbol loops: {@code nextStateBase << 6 | bitsToRead}. Bits to
     * read are at most 14 (MetaParser caps ans_size_log there): a long shift by the entry
     * shifts by them, and four entries summed hold the four counts' sum in six bits.
     */
    final int[] nextBits;
    final long[] lowers;
    /** Per state, for the offsets pass: the bin's offset bits and the mask of that many low bits. */
    final byte[] offsetBits;
    final long[] offsetMasks;
    final int[] symbols;
    final int maxOffsetBits;
    /**
     * At most one state in 32 has a bin of over 57 offset bits, or at most one in 32 has
     * not: a branch on the width then mispredicts rarely, and costs less than reading
     * the extra byte for every offset.
     */
    final boolean wideOneWay;
    /**
     * At most one state in 32 has offset bits, none over 57: reading an offset only for
     * those, behind a branch that rarely mispredicts, skips nearly every read (FloatQuant's
     * secondary latent is mostly zeros).
     */
    final boolean offsetsRare;
    /**
     * The fewest bits any latent of this variable takes (state bits and offset bits): the
     * bound a page's claimed count is held to against the bits it has.
     */
    final int minLatentBits;

    private AnsTable(int sizeLog, int nBins, int[] entries, long[] lowers, int[] symbols, int maxOffsetBits) {
        this.sizeLog = sizeLog;
        this.nBins = nBins;
        this.entries = entries;
        this.lowers = lowers;
        this.nextBits = new int[entries.length];
        this.offsetBits = new byte[entries.length];
        this.offsetMasks = new long[entries.length];
        for (int i = 0; i < entries.length; i++) {
            int e = entries[i];
            nextBits[i] = next(e) << 6 | bitsToRead(e);
            int ob = offsetBits(e);
            offsetBits[i] = (byte) ob;
            offsetMasks[i] = ob == 64 ? -1L : ~(-1L << ob);
        }
        this.symbols = symbols;
        this.maxOffsetBits = maxOffsetBits;
        int wide = 0, withOffsets = 0;
        for (byte ob : offsetBits) {
            if (ob > 57) wide++;
            if (ob > 0) withOffsets++;
        }
        this.wideOneWay = wide * 32 <= entries.length || (entries.length - wide) * 32 <= entries.length;
        this.offsetsRare = maxOffsetBits <= 57 && withOffsets * 32 <= entries.length;
        int least = Integer.MAX_VALUE;
        for (int e : entries) least = Math.min(least, bitsToRead(e) + offsetBits(e));
        this.minLatentBits = least;
    }

    /** Caller has checked that the weights sum to 2^ansSizeLog (MetaParser does). */
    static AnsTable of(LatentVar v) {
        List<Bin> bins = v.bins();
        int size = 1 << v.ansSizeLog();
        int nBins = bins.size();
        int[] weights = new int[Math.max(1, nBins)];
        if (nBins == 0) weights[0] = 1;
        for (int i = 0; i < nBins; i++) weights[i] = bins.get(i).weight();
        int[] symbols = spread(v.ansSizeLog(), weights);
        int[] entries = new int[size];
        long[] lowers = new long[size];
        int[] next = weights.clone();
        int sizeLz = Integer.numberOfLeadingZeros(size);
        for (int state = 0; state < size; state++) {
            int s = symbols[state];
            int x = next[s]++;
            int bitsToRead = Integer.numberOfLeadingZeros(x) - sizeLz;
            int base = (x << bitsToRead) - size;
            int ob = nBins == 0 ? 0 : bins.get(s).offsetBits();
            entries[state] = base | bitsToRead << 16 | ob << 24;
            lowers[state] = nBins == 0 ? 0 : bins.get(s).lower();
        }
        return new AnsTable(v.ansSizeLog(), nBins, entries, lowers, symbols, v.maxOffsetBits());
    }

    /** pco's spread_state_tokens: symbol i takes weight[i] states at stride steps. */
    static int[] spread(int sizeLog, int[] weights) {
        int size = 1 << sizeLog;
        int stride = stride(sizeLog);
        int mask = size - 1;
        int[] res = new int[size];
        int step = 0;
        for (int s = 0; s < weights.length; s++) {
            for (int j = 0; j < weights[s]; j++) {
                res[(int) (((long) stride * step) & mask)] = s;
                step++;
            }
        }
        return res;
    }

    /** The step between a bin's states: the odd number nearest above 3/5 of the table. */
    static int stride(int sizeLog) {
        int stride = 3 * (1 << sizeLog) / 5;
        return (stride & 1) == 0 ? stride + 1 : stride;
    }

    static int next(int entry) { return entry & 0xffff; }
    static int bitsToRead(int entry) { return (entry >>> 16) & 0xff; }
    static int offsetBits(int entry) { return entry >>> 24; }
}
