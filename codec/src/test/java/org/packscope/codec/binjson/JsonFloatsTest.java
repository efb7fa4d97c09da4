package org.packscope.codec.binjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JsonFloatsTest {

    @ParameterizedTest
    @CsvSource({
        "3.0, 3.0", "100.0, 100.0", "0.1, 0.1", "-2.5, -2.5", "1e300, 1e300", "1e16, 1e16", "1e15, 1000000000000000.0",
        "1.5e-5, 1.5e-5", "0.0001, 0.0001", "-0.0, -0.0", "0.0, 0.0", "5e-324, 5e-324",
        "1.7976931348623157e308, 1.7976931348623157e308", "9007199254740993, 9007199254740992.0",
        // Java 17's Double.toString prints 5.6843418860808015E-14 here: one digit too many
        "5.684341886080802e-14, 5.684341886080802e-14", "2e23, 2e23", "1.0E23, 1e23"
    })
    void doublesPrintShortestWithADotOrExponent(String in, String out) {
        assertEquals(out, JsonFloats.format(Double.parseDouble(in)));
    }

    @Test
    void nonFiniteTokens() {
        assertEquals("NaN", JsonFloats.format(Double.NaN));
        assertEquals("Infinity", JsonFloats.format(Double.POSITIVE_INFINITY));
        assertEquals("-Infinity", JsonFloats.format(Double.NEGATIVE_INFINITY));
    }

    /** JSON numbers are read as doubles: an f32 prints as the double it widens to, never its own shortest form. */
    @Test
    void f32PrintsAsTheDoubleItWidensTo() {
        assertEquals("0.10000000149011612", JsonFloats.format(0.1f));
        assertEquals("16777216.0", JsonFloats.format(16777216f));
        assertEquals("9007199254740992.0", JsonFloats.format((float) Math.scalb(1.0, 53)));
        assertEquals("1.401298464324817e-45", JsonFloats.format(Float.MIN_VALUE));
        assertEquals("3.4028234663852886e+38".replace("e+", "e"), JsonFloats.format(Float.MAX_VALUE));
    }

    @Test
    void randomDoublesReadBackBitExactly() {
        Random r = new Random(42);
        for (int i = 0; i < 100_000; i++) {
            double d = Double.longBitsToDouble(r.nextLong());
            if (Double.isNaN(d)) continue;
            String s = JsonFloats.format(d);
            assertEquals(Double.doubleToRawLongBits(d), Double.doubleToRawLongBits(Double.parseDouble(s)), s);
            assertTrue(s.contains(".") || s.contains("e") || s.contains("Inf"), s);
            float f = Float.intBitsToFloat(r.nextInt());
            if (Float.isNaN(f)) continue;
            String t = JsonFloats.format(f);
            assertEquals(Double.doubleToRawLongBits(f), Double.doubleToRawLongBits(Double.parseDouble(t)), t);
        }
    }

    /** Independent check of "shortest": the fewest significant digits any decimal needs to read back. */
    private static int fewestDigits(double v, boolean f32) {
        java.math.BigDecimal exact = f32 ? new java.math.BigDecimal((float) v) : new java.math.BigDecimal(v);
        for (int p = 1; p <= 17; p++) {
            for (java.math.RoundingMode m : new java.math.RoundingMode[] {java.math.RoundingMode.HALF_EVEN,
                    java.math.RoundingMode.DOWN, java.math.RoundingMode.UP}) {
                String s = exact.round(new java.math.MathContext(p, m)).toString();
                boolean ok = f32 ? Float.floatToRawIntBits(Float.parseFloat(s)) == Float.floatToRawIntBits((float) v)
                        : Double.doubleToRawLongBits(Double.parseDouble(s)) == Double.doubleToRawLongBits(v);
                if (ok) return p;
            }
        }
        return 17;
    }

    private static int significantDigits(String s) {
        String m = s.replace("-", "");
        int e = m.indexOf('e');
        if (e >= 0) m = m.substring(0, e);
        m = m.replace(".", "").replaceFirst("^0+", "").replaceFirst("0+$", "");
        return Math.max(1, m.length());
    }

    @Test
    void outputIsAsShortAsPossible() {
        Random r = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            double d = switch (i % 4) {
                case 0 -> Double.longBitsToDouble(r.nextLong());
                case 1 -> Double.longBitsToDouble(r.nextLong() & 0x000fffffffffffffL); // subnormal
                case 2 -> Math.scalb(1.0, r.nextInt(2000) - 1000);                  // powers of two
                default -> r.nextInt(1_000_000) / 1000.0;
            };
            if (Double.isNaN(d) || Double.isInfinite(d) || d == 0) continue;
            String s = JsonFloats.format(d);
            assertEquals(fewestDigits(d, false), significantDigits(s), s);
            float f = (float) d;
            if (Float.isInfinite(f) || f == 0) continue;
            String t = JsonFloats.format(f);
            assertEquals(fewestDigits(f, false), significantDigits(t), t);
        }
    }
}
