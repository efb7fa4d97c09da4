package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The skip that opening a file walks every page with ends where decoding ends: the same
 * bit and the same four states as reading the symbols (and summing their offsets' widths,
 * which a decode reads), for tables with and without offset bits and counts that are not
 * multiples of four.
 */
class AnsStatesSkipTest {

    @Test
    void skippingEndsWhereReadingEnds() {
        Random rnd = new Random(20261129);
        for (int round = 0; round < 400; round++) {
            int sizeLog = 1 + rnd.nextInt(12);
            boolean withOffsets = rnd.nextBoolean();
            AnsTable t = AnsTable.of(randomVar(rnd, sizeLog, withOffsets));
            byte[] data = new byte[8192 + PageDecoder.PADDING];
            for (int i = 0; i < 8192; i++) data[i] = (byte) rnd.nextInt();
            int n = rnd.nextInt(PageDecoder.BATCH + 1);
            int[] start = new int[4];
            for (int j = 0; j < 4; j++) start[j] = rnd.nextInt(1 << sizeLog);
            long from = rnd.nextInt(64);

            int[] read = start.clone();
            long readEnd;
            if (t.maxOffsetBits == 0) {
                readEnd = AnsStates.readSymbolsOnly(data, from, t.nextBits, t.lowers, read, new long[n], 0, n);
            } else {
                int[] states = new int[n];
                readEnd = AnsStates.readStates(data, from, t.nextBits, read, states, n);
                for (int s : states) readEnd += t.offsetBits[s];
            }
            int[] skipped = start.clone();
            long skipEnd = AnsStates.skip(data, from, t.nextBits, t.maxOffsetBits == 0 ? null : t.offsetBits, skipped, n);

            String what = "round " + round + ": size log " + sizeLog + ", " + t.nBins + " bins, max offset bits " + t.maxOffsetBits + ", n " + n;
            assertEquals(readEnd, skipEnd, what);
            assertArrayEquals(read, skipped, what);
        }
    }

    /** A latent variable whose bins' weights fill the table, with offsets of 0-64 bits or none. */
    private static LatentVar randomVar(Random rnd, int sizeLog, boolean withOffsets) {
        int size = 1 << sizeLog;
        int nBins = 2 + rnd.nextInt(Math.max(1, Math.min(size - 1, 40)));
        nBins = Math.min(nBins, size);
        int[] weights = new int[nBins];
        java.util.Arrays.fill(weights, 1);
        for (int left = size - nBins; left > 0; left--) weights[rnd.nextInt(nBins)]++;
        List<Bin> bins = new ArrayList<>();
        long lower = 0;
        for (int w : weights) {
            int ob = withOffsets ? (rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(65)) : 0;
            bins.add(new Bin(w, lower, ob));
            lower += 1000;
        }
        return new LatentVar(LatentVar.Role.PRIMARY, 64, sizeLog, bins);
    }
}
