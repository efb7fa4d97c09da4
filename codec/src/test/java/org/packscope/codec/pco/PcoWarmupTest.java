package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * Pco's vector forms are taken only after their warm-up: before it the decoders run the
 * scalar loops (and start it), after it the vector forms, with the same results; the
 * outcome says which won.
 */
class PcoWarmupTest {

    @Test
    void theDecodersTakeTheVectorFormsOnlyAfterTheirWarmUp() throws Exception {
        assumeTrue(PcoSimd.enabled(), "needs the Vector API");
        boolean before = PcoWarmup.atOnce;
        PcoWarmup.atOnce = false;
        try {
            Random r = new Random(3);
            int n = PageDecoder.BATCH;
            long[] p = new long[n];
            long[] s = new long[n];
            for (int i = 0; i < n; i++) {
                p[i] = r.nextLong() >>> 12;
                s[i] = r.nextInt(8);
            }
            long[] want = new long[n];
            ModeJoins.joinIntMultScalar(NumberType.I64, 9, 0, p, s, want, 0, n);
            long[] got = new long[n];
            ModeJoins.joinIntMult(NumberType.I64, 9, p, s, got, 0, n);
            assertArrayEquals(want, got);
            long until = System.nanoTime() + 60_000_000_000L;
            while ((PcoWarmup.pending() || PcoWarmup.outcome().equals("not requested")) && System.nanoTime() < until) Thread.sleep(20);
            String outcome = PcoWarmup.outcome();
            assertTrue(outcome.startsWith("joins fast"), outcome);
            assertTrue(PcoWarmup.joinsReady(), outcome);
            assertEquals(PcoVector.wide(), PcoWarmup.offsetsReady(), outcome);
            assertEquals(PcoVector.wide(), outcome.contains("offsets fast"), outcome);
            // the vector forms now, with the same numbers
            long[] again = new long[n];
            ModeJoins.joinIntMult(NumberType.I64, 9, p, s, again, 0, n);
            assertArrayEquals(want, again);
            ModeJoins.joinFloatQuantScalar(NumberType.F64, 5, p, s, want, 0, n);
            ModeJoins.joinFloatQuant(NumberType.F64, 5, p, s, got, 0, n);
            assertArrayEquals(want, got);
            assertFalse(PcoWarmup.pending());
        } finally {
            PcoWarmup.atOnce = before;
        }
    }
}
