package org.packscope.codec.pco;

/**
 * Lookback delta encoding for the encoder: each latent after the first is stored as its
 * difference from the latent a chosen distance back (1 to the window), the distance
 * going into a latent variable of its own. Pays where numbers repeat, exactly or nearly,
 * at lags that a consecutive difference misses (a period of 7 days, a table scanned
 * again). The page stores one latent of state (the first), as pco writes it.
 *
 * <p>Candidate distances per latent: the last few, the few last chosen (runs of one
 * period), and the last latent seen with the same value and with the same value to 256
 * (two small tables indexed by a hash). Each is scored by how small the difference is and
 * how often its distance has been chosen (a common distance costs fewer bits).
 */
final class PcoLookback {
    /** Windows pco's encoder writes: at least 2^4, at most 2^15 latents back. */
    static final int MIN_WINDOW_LOG = 4;
    static final int MAX_WINDOW_LOG = 15;
    static final int STATE_N_LOG = 0;
    private static final int RECENT = 4;
    private static final int REPEATED = 4;
    private static final int COARSE_SHIFT = 8;

    private PcoLookback() { }

    /** The window pco picks for a chunk of {@code n} numbers: the bits of n - 1, held to 4..15. */
    static int windowLogFor(int n) {
        int bits = 32 - Integer.numberOfLeadingZeros(Math.max(0, n - 1));
        return Math.max(MIN_WINDOW_LOG, Math.min(MAX_WINDOW_LOG, bits));
    }

    /** The encoding as chunk metadata (the secondary latent, if any, is not delta encoded). */
    static DeltaEncoding.Lookback encoding(int windowLog) { return new DeltaEncoding.Lookback(windowLog, STATE_N_LOG, false); }

    /** Chosen distances for latents 1..n-1 of {@code lat} (latents of {@code bits} bits) within a window of 2^windowLog. */
    static long[] lookbacks(long[] lat, int bits, int windowLog) {
        int n = lat.length;
        int stateN = 1 << STATE_N_LOG;
        if (n <= stateN) return new long[0];
        int window = 1 << windowLog;
        long mask = bits == 64 ? -1L : (1L << bits) - 1;
        // a lookback never reaches before the page: tables and counts need not outgrow it
        int tableLog = Math.min(Math.min(windowLog, PcoBinning.ceilLog2(n)) + 1, 20);
        int[] exact = new int[1 << tableLog];
        int[] coarse = new int[1 << tableLog];
        java.util.Arrays.fill(exact, -1);
        java.util.Arrays.fill(coarse, -1);
        exact[slot(lat[0], tableLog)] = 0;
        coarse[slot(lat[0] >>> COARSE_SHIFT, tableLog)] = 0;
        int[] chosenCount = new int[Math.min(window, n) + 1];
        int[] repeated = new int[REPEATED];
        int repeatedAt = 0;
        long[] out = new long[n - stateN];
        int[] cand = new int[RECENT + REPEATED + 2];
        for (int i = stateN; i < n; i++) {
            long l = lat[i];
            int c = 0;
            for (int k = 1; k <= RECENT && k <= i && k <= window; k++) cand[c++] = k;
            for (int r : repeated) if (r > 0 && r <= i) cand[c++] = r;
            int e = exact[slot(l, tableLog)];
            if (e >= 0 && i - e <= window) cand[c++] = i - e;
            int co = coarse[slot(l >>> COARSE_SHIFT, tableLog)];
            if (co >= 0 && i - co <= window) cand[c++] = i - co;
            int best = 1;
            int bestScore = Integer.MIN_VALUE;
            for (int j = 0; j < c; j++) {
                int lb = cand[j];
                long d = (l - lat[i - lb]) & mask;
                long abs = Math.min(d, (-d) & mask) & mask;
                int diffBits = 64 - Long.numberOfLeadingZeros(abs);
                // a difference bit saved is worth a bit; a distance chosen twice as often costs about a bit less
                int score = -diffBits + (32 - Integer.numberOfLeadingZeros(chosenCount[lb] + 1));
                if (score > bestScore || score == bestScore && lb < best) {
                    bestScore = score;
                    best = lb;
                }
            }
            if (repeated[(repeatedAt + REPEATED - 1) % REPEATED] != best) {
                repeated[repeatedAt] = best;
                repeatedAt = (repeatedAt + 1) % REPEATED;
            }
            chosenCount[best]++;
            out[i - stateN] = best;
            exact[slot(l, tableLog)] = i;
            coarse[slot(l >>> COARSE_SHIFT, tableLog)] = i;
        }
        return out;
    }

    /**
     * The page's delta state (the first latent) and body: each later latent minus the one
     * its lookback names, stored minus mid as the decoder adds mid back.
     */
    static PcoEncoder.Deltas encode(long[] lat, long[] lookbacks, int bits) {
        int n = lat.length;
        int stateN = 1 << STATE_N_LOG;
        long mask = bits == 64 ? -1L : (1L << bits) - 1;
        long mid = 1L << (bits - 1);
        long[] state = new long[stateN];
        int real = Math.min(n, stateN);
        System.arraycopy(lat, 0, state, stateN - real, real);
        long[] body = new long[Math.max(0, n - stateN)];
        for (int i = stateN; i < n; i++) body[i - stateN] = (lat[i] - lat[i - (int) lookbacks[i - stateN]] - mid) & mask;
        return new PcoEncoder.Deltas(state, body, lookbacks);
    }

    private static int slot(long x, int log) {
        long h = (x ^ (x >>> 32)) * 0x9E3779B97F4A7C15L;
        return (int) ((h ^ (h >>> 32)) & ((1L << log) - 1));
    }
}
