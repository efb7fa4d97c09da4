package org.packscope.codec.pco;

/**
 * Undoing one latent variable's delta encoding, batch by batch through a page, from the
 * state the page's metadata gives: Consecutive of order k adds the k moments back in,
 * one prefix sum per order; Lookback adds to each latent the one a given distance back
 * in a window over the page (the distances are the delta variable's latents); Conv1
 * adds a quantised linear prediction from the latents before. Latents are unsigned, and
 * each delta is stored shifted by half the latent range ({@code mid}). Not thread-safe.
 */
abstract class DeltaDecoder {
    /** Half the latent range: a stored delta of {@code mid} adds 0. */
    final long mid;

    private DeltaDecoder(long mid) { this.mid = mid; }

    /**
     * The decoder of {@code encoding} starting from {@code state} (the page's delta state
     * latents), for a variable of {@code lv}'s width in a page of {@code n} numbers; null
     * for no delta encoding.
     */
    static DeltaDecoder of(DeltaEncoding encoding, long[] state, LatentVar lv, int n) {
        long mid = 1L << (lv.bits() - 1);
        if (encoding instanceof DeltaEncoding.Consecutive) return new Consecutive(mid, state);
        if (encoding instanceof DeltaEncoding.Lookback lb) return new Lookback(mid, state, lb.windowN(), n);
        if (encoding instanceof DeltaEncoding.Conv1 c) return new Conv1(mid, lv.mask(), state, c);
        return null;
    }

    /**
     * Replaces the batch's {@code len} latents in {@code lat} by the values they encode;
     * {@code pre} of them were read from the page (the rest come from delta state),
     * {@code lookbacks} are the delta variable's latents for Lookback.
     */
    abstract void decode(long[] lat, int len, int pre, long[] lookbacks, long batchBit);

    /** Consecutive of order k: k prefix sums, each starting from its moment. */
    private static final class Consecutive extends DeltaDecoder {
        private final long[] moments;

        Consecutive(long mid, long[] moments) {
            super(mid);
            this.moments = moments;
        }

        @Override
        void decode(long[] l, int len, int pre, long[] lookbacks, long batchBit) {
            long[] m = moments;
            long md = mid;
            if (m.length == 1) {
                long mom = m[0];
                for (int i = 0; i < len; i++) {
                    long t = l[i] + md;
                    l[i] = mom;
                    mom += t;
                }
                m[0] = mom;
            } else {
                for (int i = 0; i < len; i++) l[i] += md;
                for (int k = m.length - 1; k >= 0; k--) {
                    long mom = m[k];
                    for (int i = 0; i < len; i++) {
                        long t = l[i];
                        l[i] = mom;
                        mom += t;
                    }
                    m[k] = mom;
                }
            }
        }
    }

    /** Lookback: each value is the latent plus the value a lookback before it, in a window of the page's values. */
    private static final class Lookback extends DeltaDecoder {
        private final long[] initial;
        private final int stateN;
        private final long windowN;
        private final int bufWin;
        private long[] window;
        private int windowPos;

        Lookback(long mid, long[] initial, long windowN, int n) {
            super(mid);
            this.initial = initial;
            this.stateN = initial.length;
            this.windowN = windowN;
            this.bufWin = (int) Math.min(windowN, (long) n + stateN);
        }

        @Override
        void decode(long[] l, int len, int pre, long[] lookbacks, long batchBit) {
            if (window == null) {
                // made on the first decoded batch: walking a page never needs it
                window = new long[Math.max(bufWin, PageDecoder.BATCH) * 2];
                System.arraycopy(initial, 0, window, bufWin - stateN, stateN);
                windowPos = bufWin;
            }
            long[] buf = window;
            int start = windowPos;
            if (start + len > buf.length) {
                System.arraycopy(buf, start - bufWin, buf, 0, bufWin);
                start = bufWin;
            }
            boolean oob = false;
            long w = windowN;
            // only the first `pre` positions have lookbacks; later ones are never output
            int count = Math.min(len, pre);
            for (int i = 0; i < count; i++) {
                long lb = lookbacks[i] & 0xffffffffL;
                if (lb > w) {
                    oob = true;
                    lb = 1;
                }
                int idx = start + i - (int) lb;
                long prev = idx >= 0 ? buf[idx] : 0;
                buf[start + i] = l[i] + mid + prev;
            }
            for (int j = 0; j < len; j++) l[j] = buf[start - stateN + j];
            windowPos = start + len;
            if (oob) {
                throw PcoRules.problem(PcoRules.LOOKBACK_EXCEEDS_WINDOW, batchBit, "a lookback in this batch exceeds the window of " + w);
            }
        }
    }

    /** Conv1: a quantised linear prediction from the latents before, added back modulo the latent range. */
    private static final class Conv1 extends DeltaDecoder {
        private final long mask;
        private final long[] history;
        private final long[] weights;
        private final long bias;
        private final int quantization;

        Conv1(long mid, long mask, long[] history, DeltaEncoding.Conv1 c) {
            super(mid);
            this.mask = mask;
            this.history = history;
            this.weights = c.weights();
            this.bias = c.bias();
            this.quantization = c.quantization();
        }

        @Override
        void decode(long[] l, int len, int pre, long[] lookbacks, long batchBit) {
            long[] h = history;
            long[] w = weights;
            int k = w.length;
            int q = quantization;
            for (int i = 0; i < len; i++) {
                long s = bias;
                for (int j = 0; j < k; j++) s += w[j] * h[j];
                long pred = s < 0 ? 0 : s >> q;
                long y = (l[i] + mid + pred) & mask;
                l[i] = h[0];
                System.arraycopy(h, 1, h, 0, k - 1);
                h[k - 1] = y;
            }
        }
    }
}
