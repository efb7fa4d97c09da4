package org.packscope.codec.pco;

import java.lang.invoke.VarHandle;

/**
 * The tANS half of reading a latent variable's batch: the four interleaved decoder states
 * stepped symbol by symbol, from a byte array read as little-endian words. Each symbol's
 * state indexes one table entry ({@link AnsTable#nextBits}) that says how many bits to
 * read and the next state's base. The bins the states stand for are left to
 * {@link OffsetReaders}, except where a table's bins have no offset bits at all.
 */
final class AnsStates {
    private static final VarHandle LE = HotPathBits.LE_LONG;

    private AnsStates() { }

    /**
     * Four-way interleaved tANS decode: symbol i uses state i % 4. Only the state of
     * each symbol is stored: the loop is bound by the chain state -> table entry ->
     * bits to read -> next state, so the bin lookups are left to the offsets pass.
     * One table entry per state, {@code nextBase << 6 | bitsToRead} ({@link AnsTable#nextBits}):
     * long shifts use only the low six bits of their count, so the entry itself is the
     * shift count of the mask and of the word, with no field extracted; and as four bit
     * counts of at most 14 sum to less than 64, the step's position advance is the low six
     * bits of the four entries' sum, one mask instead of one per symbol: one array less
     * and fewer operations than with separate next-state and bit-count tables (1.07x on
     * the f64 bench file, A/B in one JVM). (Shifting the word by running
     * sums instead of one entry after another measured slower, as did refilling a bit
     * buffer from a load issued a step ahead; adding each symbol's count to the position
     * at once, as readSymbolsOnly does, measured the same or slower here.)
     */
    static long readStates(byte[] d, long bit, int[] nb, int[] st, int[] states, int n) {
        int s0 = st[0], s1 = st[1], s2 = st[2], s3 = st[3];
        int i = 0;
        for (; i + 4 <= n; i += 4) {
            long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
            states[i] = s0;
            states[i + 1] = s1;
            states[i + 2] = s2;
            states[i + 3] = s3;
            int e = nb[s0];
            int acc = e;
            s0 = (e >>> 6) + (int) (w & ~(-1L << e));
            w >>>= e;
            e = nb[s1];
            acc += e;
            s1 = (e >>> 6) + (int) (w & ~(-1L << e));
            w >>>= e;
            e = nb[s2];
            acc += e;
            s2 = (e >>> 6) + (int) (w & ~(-1L << e));
            w >>>= e;
            e = nb[s3];
            acc += e;
            s3 = (e >>> 6) + (int) (w & ~(-1L << e));
            bit += acc & 63;
        }
        st[0] = s0;
        st[1] = s1;
        st[2] = s2;
        st[3] = s3;
        for (; i < n; i++) {
            int j = i & 3;
            int s = st[j];
            long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
            int e = nb[s];
            states[i] = s;
            st[j] = (e >>> 6) + (int) (w & ~(-1L << e));
            bit += e & 63;
        }
        return bit;
    }

    /**
     * readStates for tables whose bins have no offset bits: the latent is the bin's lower
     * bound. Each symbol's count is added to the position as it is used: with the four
     * entries summed at the end of the step (as readStates does) C2's register allocation
     * of this loop varied from one JVM start to the next, the i64_ts bench file decoding at
     * 320 or 515 M numbers/s; this way it runs at 405-425 every time (separate tables: 370-385).
     */
    static long readSymbolsOnly(byte[] d, long bit, int[] nb, long[] lowers, int[] st, long[] lat, int lo, int n) {
        int s0 = st[0], s1 = st[1], s2 = st[2], s3 = st[3];
        int i = 0;
        for (; i + 4 <= n; i += 4) {
            long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
            lat[lo + i] = lowers[s0];
            lat[lo + i + 1] = lowers[s1];
            lat[lo + i + 2] = lowers[s2];
            lat[lo + i + 3] = lowers[s3];
            int e = nb[s0];
            s0 = (e >>> 6) + (int) (w & ~(-1L << e));
            w >>>= e;
            bit += e & 63;
            e = nb[s1];
            s1 = (e >>> 6) + (int) (w & ~(-1L << e));
            w >>>= e;
            bit += e & 63;
            e = nb[s2];
            s2 = (e >>> 6) + (int) (w & ~(-1L << e));
            w >>>= e;
            bit += e & 63;
            e = nb[s3];
            s3 = (e >>> 6) + (int) (w & ~(-1L << e));
            bit += e & 63;
        }
        st[0] = s0;
        st[1] = s1;
        st[2] = s2;
        st[3] = s3;
        for (; i < n; i++) {
            int j = i & 3;
            int s = st[j];
            long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
            int e = nb[s];
            lat[lo + i] = lowers[s];
            st[j] = (e >>> 6) + (int) (w & ~(-1L << e));
            bit += e & 63;
        }
        return bit;
    }

    /**
     * Steps the states over {@code n} symbols without keeping them, as finding where a
     * page ends needs (opening a file walks every page): returns the position after the
     * symbols plus their offsets' widths ({@code offsetBits} per state; null when no bin
     * has offset bits). Nothing is stored per symbol, and the offsets' widths are summed
     * beside the state chain rather than in a second pass.
     */
    static long skip(byte[] d, long bit, int[] nb, byte[] offsetBits, int[] st, int n) {
        int s0 = st[0], s1 = st[1], s2 = st[2], s3 = st[3];
        long offsets = 0;
        int i = 0;
        boolean widths = offsetBits != null;
        for (; i + 4 <= n; i += 4) {
            if (widths) offsets += offsetBits[s0] + offsetBits[s1] + offsetBits[s2] + offsetBits[s3];
            long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
            int e = nb[s0];
            s0 = (e >>> 6) + (int) (w & ~(-1L << e));
            w >>>= e;
            bit += e & 63;
            e = nb[s1];
            s1 = (e >>> 6) + (int) (w & ~(-1L << e));
            w >>>= e;
            bit += e & 63;
            e = nb[s2];
            s2 = (e >>> 6) + (int) (w & ~(-1L << e));
            w >>>= e;
            bit += e & 63;
            e = nb[s3];
            s3 = (e >>> 6) + (int) (w & ~(-1L << e));
            bit += e & 63;
        }
        st[0] = s0;
        st[1] = s1;
        st[2] = s2;
        st[3] = s3;
        for (; i < n; i++) {
            int j = i & 3;
            int s = st[j];
            if (widths) offsets += offsetBits[s];
            long w = (long) LE.get(d, (int) (bit >>> 3)) >>> (bit & 7);
            int e = nb[s];
            st[j] = (e >>> 6) + (int) (w & ~(-1L << e));
            bit += e & 63;
        }
        return bit + offsets;
    }
}
