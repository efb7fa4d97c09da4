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
        int[] logW = new int[weights.length];
        for (int b = 0; b < weights.length; b++) logW[b] = 31 - Integer.numberOfLeadingZeros(weights[b]);
        int[] state = {size, size, size, size};
        for (int i = m - 1; i >= 0; i--) {
            int j = i & 3;
            int next = state[j];
            int s = symbols[i];
            int w = weights[s];
            int b = sizeLog - logW[s];
            if ((next >>> b) < w) b--;
            bits[i] = next & ((1 << b) - 1);
            widths[i] = (byte) b;
            state[j] = stateOf[firstOf[s] + (next >>> b) - w] + size;
        }
        for (int j = 0; j < 4; j++) initialStates[j] = state[j] - size;
    }
}
