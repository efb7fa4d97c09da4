package org.packscope.codec.bpcells.bp128;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * BP128 as a survey trial: each variant gives back every value (a last partial chunk
 * included), and the size it reports is what an independent recount of BPCells' layout
 * says: per chunk 4 words for each bit of the widest transformed value, plus idx, the
 * idx_offsets pair and, for D1/D1Z, a start per chunk.
 */
class Bp128TrialsTest {
    private final Bp128Trials trials = new Bp128Trials();

    @Test
    void onlyThirtyTwoBitIntegersAreOffered() {
        assertEquals(List.of("BP128", "BP128-D1", "BP128-D1Z", "BP128-FOR (m1)"), trials.settings(4, false));
        assertEquals(List.of(), trials.settings(4, true));
        assertEquals(List.of(), trials.settings(8, false));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 127, 128, 129, 100_003})
    void everyVariantGivesBackEveryValueAndCostsWhatItsLayoutHolds(int n) {
        SplittableRandom rnd = new SplittableRandom(n);
        int[] sortedCounts = new int[n];
        int v = 1;
        for (int i = 0; i < n; i++) sortedCounts[i] = v += 1 + rnd.nextInt(i % 1000 == 0 ? 100_000 : 9);
        byte[] raw = bytes(sortedCounts);
        for (String setting : trials.settings(4, false)) {
            byte[] encoded = trials.encode(raw, 4, setting);
            byte[] back = new byte[raw.length];
            trials.decode(encoded, back, 4, setting);
            assertArrayEquals(raw, back, setting);
            assertEquals(expectedSize(setting, sortedCounts), encoded.length, setting);
        }
    }

    @Test
    void sortedValuesCostLessAsDifferences() {
        int[] v = new int[10_000];
        for (int i = 0; i < v.length; i++) v[i] = 1_000_000 + 3 * i;
        byte[] raw = bytes(v);
        assertTrue(trials.encode(raw, 4, "BP128-D1").length * 5 < trials.encode(raw, 4, "BP128").length);
    }

    /** The layout recounted: widths from each chunk's transformed values, computed here in longs. */
    private static long expectedSize(String setting, int[] v) {
        int n = v.length;
        int chunks = (n + 127) / 128;
        long words = 0;
        for (int c = 0; c < chunks; c++) {
            long widest = 0;
            long prev = v[Math.min(c * 128, n - 1)];
            for (int k = 0; k < 128; k++) {
                long x = v[Math.min(c * 128 + k, n - 1)]; // the last chunk padded with its last value
                long t = switch (setting) {
                    case "BP128" -> x;
                    case "BP128-FOR (m1)" -> x - 1;
                    case "BP128-D1" -> x - prev;
                    default -> Math.abs(x - prev) * 2 - (x < prev ? 1 : 0);
                };
                prev = x;
                widest = Math.max(widest, t);
            }
            words += 4L * (64 - Long.numberOfLeadingZeros(widest));
        }
        boolean starts = setting.equals("BP128-D1") || setting.equals("BP128-D1Z");
        return 8 + 4 * words + 8 + 4L * (chunks + 1) + 8 + 8 * 2 + 8 + (starts ? 4L * chunks : 0);
    }

    private static byte[] bytes(int[] v) {
        ByteBuffer b = ByteBuffer.allocate(4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(v);
        return b.array();
    }
}
