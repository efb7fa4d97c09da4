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
        assertEquals("NaN", JsonFloats.formatF32(Float.NaN));
    }

    @Test
    void f32PrintsTheFloatsOwnShortestForm() {
        assertEquals("0.1", JsonFloats.formatF32(0.1f));
        assertEquals("16777216.0", JsonFloats.formatF32(16777216f));
        assertEquals("1e-45", JsonFloats.formatF32(Float.MIN_VALUE));
        assertEquals("3.4028235e38", JsonFloats.formatF32(Float.MAX_VALUE));
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
            String t = JsonFloats.formatF32(f);
            assertEquals(Float.floatToRawIntBits(f), Float.floatToRawIntBits(Float.parseFloat(t)), t);
        }
    }
}
