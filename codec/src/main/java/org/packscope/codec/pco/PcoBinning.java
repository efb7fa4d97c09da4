package org.packscope.codec.pco;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Bins for one latent variable, as an encoder chooses them: quantiles of the latents'
 * histogram (up to 2^level), each bin as wide as its range needs in offset bits, then
 * neighbours merged wherever one wider bin costs fewer bits than two (the metadata of a
 * bin included); weights quantised to a power-of-two tANS table, each at least 1.
 */
final class PcoBinning {
    static final int MAX_LEVEL = 12;

    private PcoBinning() { }

    /** The bins of {@code lat[0..m)} (unsigned latents of {@code bits} bits). */
    static LatentVar bins(LatentVar.Role role, int bits, long[] lat, int m, int level) {
        if (m == 0) return new LatentVar(role, bits, 0, List.of());
        return latentVar(role, bits, groups(bits, lat, m, level), m);
    }

    /** The bins' latent ranges as {lower, upper, count}, in order: quantiles, then merged. */
    private static List<long[]> groups(int bits, long[] lat, int m, int level) {
        long[] sorted = PcoRadixSort.sortedUnsigned(lat, m);
        int target = Math.min(1 << level, m);
        List<long[]> groups = new ArrayList<>();
        int i = 0;
        for (int g = 0; i < m; g++) {
            int end = (int) Math.max(i + 1, ((long) (g + 1) * m + target - 1) / target);
            end = Math.min(end, m);
            if (end < m && sorted[end] == sorted[end - 1]) {
                // a run of one value crosses the quantile: it gets a bin of its own (a value most
                // latents share would otherwise widen a bin of the few below it to its offsets)
                int runStart = end - 1;
                while (runStart > i && sorted[runStart - 1] == sorted[end - 1]) runStart--;
                if (runStart > i) {
                    end = runStart;
                } else {
                    while (end < m && sorted[end] == sorted[end - 1]) end++;
                }
            }
            groups.add(new long[] {sorted[i], sorted[end - 1], end - i});
            i = end;
        }
        return merge(groups, bits, m);
    }

    private static LatentVar latentVar(LatentVar.Role role, int bits, List<long[]> merged, int m) {
        int n = merged.size();
        int sizeLog = n == 1 ? 0 : sizeLog(merged, m);
        int[] weights = weights(merged, m, sizeLog);
        List<Bin> bins = new ArrayList<>(n);
        for (int b = 0; b < n; b++) {
            long[] g = merged.get(b);
            bins.add(new Bin(weights[b], g[0], widthOf(g[1] - g[0])));
        }
        return new LatentVar(role, bits, sizeLog, bins);
    }

    /** One left-to-right pass joining a bin to the one before when that saves bits. */
    private static List<long[]> merge(List<long[]> groups, int bits, int total) {
        int metaBits = bits + LatentVar.offsetBitsWidth(bits) + 8; // lower, offset bits, a weight of a typical table
        List<long[]> out = new ArrayList<>(groups.size());
        for (long[] g : groups) {
            if (!out.isEmpty()) {
                long[] last = out.get(out.size() - 1);
                double apart = cost(last, total) + cost(g, total) + metaBits;
                long[] joined = {last[0], g[1], last[2] + g[2]};
                if (cost(joined, total) <= apart) {
                    out.set(out.size() - 1, joined);
                    continue;
                }
            }
            out.add(g);
        }
        return out;
    }

    /** Bits a bin's latents take: the entropy of its share plus its offsets. */
    private static double cost(long[] g, int total) {
        double c = g[2];
        return c * (Math.log(total / c) / Math.log(2) + widthOf(g[1] - g[0]));
    }

    /**
     * The tANS table size (log 2) that codes the bins' symbols in the fewest bits, their
     * weights and the four states included: a table of four slots a bin is often enough,
     * but a bin most latents fall in (a repeated value) wants finer weights.
     */
    private static int sizeLog(List<long[]> groups, int total) {
        int least = ceilLog2(groups.size());
        int most = Math.min(MetaParser.MAX_ANS_SIZE_LOG, Math.max(least + 2, ceilLog2(total) + 1));
        int best = Math.min(MetaParser.MAX_ANS_SIZE_LOG, least + 2);
        double bestBits = Double.MAX_VALUE;
        for (int log = least; log <= most; log++) {
            int[] w = weights(groups, total, log);
            double bits = (4.0 + groups.size()) * log;
            for (int b = 0; b < w.length; b++) bits += groups.get(b)[2] * (log - Math.log(w[b]) / Math.log(2));
            if (bits < bestBits - 1e-9) {
                bestBits = bits;
                best = log;
            }
        }
        return best;
    }

    /** Counts scaled to weights summing to 2^sizeLog, none below 1. */
    private static int[] weights(List<long[]> groups, int total, int sizeLog) {
        int n = groups.size();
        int size = 1 << sizeLog;
        int[] w = new int[n];
        long sum = 0;
        for (int b = 0; b < n; b++) {
            w[b] = (int) Math.max(1, Math.round((double) groups.get(b)[2] * size / total));
            sum += w[b];
        }
        // take the excess from the heaviest bins first, one at a time round the table, or give the lack to the heaviest
        Integer[] order = new Integer[n];
        for (int b = 0; b < n; b++) order[b] = b;
        Arrays.sort(order, (a, b) -> Integer.compare(w[b], w[a]));
        while (sum > size) {
            boolean took = false;
            for (int k = 0; k < n && sum > size; k++) {
                if (w[order[k]] > 1) {
                    w[order[k]]--;
                    sum--;
                    took = true;
                }
            }
            if (!took) throw new IllegalStateException("more bins than tANS states");
        }
        w[order[0]] += (int) (size - sum);
        return w;
    }

    /** Offset bits that cover a range of {@code span + 1} values. */
    static int widthOf(long span) { return 64 - Long.numberOfLeadingZeros(span); }

    static int ceilLog2(int n) { return n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1); }

    /**
     * Estimated bits of {@code lat[0..m)} binned as {@link #bins} bins them, metadata
     * included. Bins are runs of the sorted latents, so each bin's count is known without
     * looking a latent up.
     */
    static double estimateBits(LatentVar.Role role, int bits, long[] lat, int m, int level) {
        if (m == 0) return 4 + 15;
        List<long[]> groups = groups(bits, lat, m, level);
        LatentVar v = latentVar(role, bits, groups, m);
        List<Bin> bins = v.bins();
        double total = 4 + 15 + 4 * v.ansSizeLog() + (double) bins.size() * (v.ansSizeLog() + v.bits() + LatentVar.offsetBitsWidth(v.bits()));
        for (int b = 0; b < bins.size(); b++) {
            double symbolBits = bins.size() == 1 ? 0 : v.ansSizeLog() - Math.log(bins.get(b).weight()) / Math.log(2);
            total += groups.get(b)[2] * (symbolBits + bins.get(b).offsetBits());
        }
        return total;
    }
}
