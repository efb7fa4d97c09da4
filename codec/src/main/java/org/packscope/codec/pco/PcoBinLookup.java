package org.packscope.codec.pco;

import java.util.List;

/**
 * Finds each latent's bin through a table on the latent's top bits (of its distance from
 * the least bin's lower bound): most table cells lie inside one bin and answer at once;
 * the rest narrow the binary search to the few bins the cell spans.
 */
final class PcoBinLookup {
    private static final int TABLE_LOG = 12;

    private PcoBinLookup() { }

    /** The bin of each of {@code lat[0..m)}: the last bin whose lower bound is at most it (every latent at least the first's). */
    static int[] binsOf(List<Bin> bins, long[] lat, int m) {
        int[] out = new int[m];
        int n = bins.size();
        if (n <= 1 || m == 0) return out;
        long min = bins.get(0).lower();
        long[] rel = new long[n]; // lower bounds less the least: unsigned order is kept
        for (int b = 0; b < n; b++) rel[b] = bins.get(b).lower() - min;
        long span = 0;
        for (int i = 0; i < m; i++) if (Long.compareUnsigned(lat[i] - min, span) > 0) span = lat[i] - min;
        int shift = Math.max(0, PcoBinning.widthOf(span) - TABLE_LOG);
        int cells = (int) (span >>> shift) + 1;
        // the bins of each cell's least and greatest latent: a cell inside one bin has them equal
        int[] least = new int[cells], greatest = new int[cells];
        for (int c = 0, prev = 0; c < cells; c++) {
            long from = (long) c << shift;
            least[c] = search(rel, prev, n - 1, from);
            greatest[c] = prev = search(rel, least[c], n - 1, from + (1L << shift) - 1);
        }
        for (int i = 0; i < m; i++) {
            long x = lat[i] - min;
            int c = (int) (x >>> shift);
            int lo = least[c], hi = greatest[c];
            out[i] = lo == hi ? lo : search(rel, lo, hi, x);
        }
        return out;
    }

    /** The last of {@code rel[lo..hi]} at most {@code x} (unsigned), rel[lo] being at most x. */
    private static int search(long[] rel, int lo, int hi, long x) {
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (Long.compareUnsigned(rel[mid], x) <= 0) lo = mid; else hi = mid - 1;
        }
        return lo;
    }
}
