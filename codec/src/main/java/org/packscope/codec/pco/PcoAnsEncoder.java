package org.packscope.codec.pco;

import java.util.List;

/**
 * tANS encoding of one latent variable's bins over a whole page, the inverse of
 * {@link AnsStates}: symbols are encoded last to first, symbol i by interleaved state
 * i % 4, since decoding starts from the states the encoder ends with. Each symbol's bits
 * are kept so the page can be written front to back, batch by batch.
 */
final class PcoAnsEncoder {
    /** Per symbol, the bits the decoder reads after it and how many. */
    final int[] bits;
    final byte[] widths;
    /** The states the page metadata stores (table indices), which decode the first four symbols. */
    final int[] initialStates = new int[4];

    PcoAnsEncoder(LatentVar v, int[] symbols, int m) {
        bits = new int[m];
        widths = new byte[m];
        if (m == 0) return;
        List<Bin> bins = v.bins();
        int sizeLog = v.ansSizeLog();
        int size = 1 << sizeLog;
        int[] weights = new int[bins.size()];
        for (int b = 0; b < weights.length; b++) weights[b] = bins.get(b).weight();
        // the state that decodes symbol s as its x-th occurrence (x from weight to 2 * weight - 1)
        int[] firstOf = new int[weights.length];
        for (int b = 1; b < weights.length; b++) firstOf[b] = firstOf[b - 1] + weights[b - 1];
        int[] stateOf = new int[size];
        int[] seen = new int[weights.length];
        int[] spread = AnsTable.spread(sizeLog, weights);
        for (int st = 0; st < size; st++) {
            int s = spread[st];
            stateOf[firstOf[s] + seen[s]++] = st;
        }
        // per symbol: its weight, the table bits a state gives up for it at least, and where
        // its states begin in stateOf less its weight (the x-th occurrence sits at x + that)
        int[] minBits = new int[weights.length], stateBase = new int[weights.length];
        for (int b = 0; b < weights.length; b++) {
            minBits[b] = sizeLog - (31 - Integer.numberOfLeadingZeros(weights[b])) - 1;
            stateBase[b] = firstOf[b] - weights[b];
        }
        Tables t = new Tables(weights, minBits, stateBase, stateOf, size);
        int[] state = {size, size, size, size};
        int i = m - 1;
        for (; (i & 3) != 3; i--) state[i & 3] = t.encode(state[i & 3], symbols[i], bits, widths, i);
        // four symbols a step, each state in a local: the states' chains run side by side
        int s0 = state[0], s1 = state[1], s2 = state[2], s3 = state[3];
        for (; i >= 3; i -= 4) {
            s3 = t.encode(s3, symbols[i], bits, widths, i);
            s2 = t.encode(s2, symbols[i - 1], bits, widths, i - 1);
            s1 = t.encode(s1, symbols[i - 2], bits, widths, i - 2);
            s0 = t.encode(s0, symbols[i - 3], bits, widths, i - 3);
        }
        state = new int[] {s0, s1, s2, s3};
        for (int j = 0; j < 4; j++) initialStates[j] = state[j] - size;
    }

    /** The tables that encode one symbol. */
    private record Tables(int[] weights, int[] minBits, int[] stateBase, int[] stateOf, int size) {
        /** Encodes symbol {@code s} as number {@code i} from state {@code next} (size..2 size - 1), keeping its bits; the state before it. */
        int encode(int next, int s, int[] bits, byte[] widths, int i) {
            int w = weights[s];
            int b = minBits[s];
            if ((next >>> (b + 1)) >= w) b++;
            bits[i] = next & ((1 << b) - 1);
            widths[i] = (byte) b;
            return stateOf[stateBase[s] + (next >>> b)] + size;
        }
    }
}
