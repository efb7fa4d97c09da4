package org.packscope.codec.binjson;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Float text for JSON output: the shortest decimal that reads back to the same bits,
 * always with a '.' or an exponent (3.0, 1e300), and NaN / Infinity / -Infinity as
 * bare tokens. Java 17's {@code Double.toString} round-trips but is sometimes longer
 * than needed (4.9E-324), so shorter forms are tried until none reads back.
 */
public final class JsonFloats {
    private JsonFloats() { }

    public static String format(double v) {
        if (Double.isNaN(v)) return "NaN";
        if (Double.isInfinite(v)) return v > 0 ? "Infinity" : "-Infinity";
        if (v == 0) return (Double.doubleToRawLongBits(v) < 0) ? "-0.0" : "0.0";
        BigDecimal d = shortest(new BigDecimal(Double.toString(v)), v, false);
        return layout(d);
    }

    /** The shortest text of a binary32 value (read back as a float). */
    public static String formatF32(float v) {
        if (Float.isNaN(v)) return "NaN";
        if (Float.isInfinite(v)) return v > 0 ? "Infinity" : "-Infinity";
        if (v == 0) return (Float.floatToRawIntBits(v) < 0) ? "-0.0" : "0.0";
        BigDecimal d = shortest(new BigDecimal(Float.toString(v)), v, true);
        return layout(d);
    }

    private static BigDecimal shortest(BigDecimal candidate, double v, boolean f32) {
        BigDecimal best = candidate.stripTrailingZeros();
        BigDecimal exact = null;
        while (best.precision() >= 2) {
            int p = best.precision();
            if (exact == null) exact = f32 ? new BigDecimal((float) v) : new BigDecimal(v);
            // If any (p-1)-digit decimal reads back, the nearest one or a neighbour does.
            BigDecimal shorter = null;
            for (RoundingMode mode : MODES) {
                BigDecimal c = exact.round(new MathContext(p - 1, mode));
                if (readsBack(c, v, f32)) {
                    shorter = c.stripTrailingZeros();
                    break;
                }
            }
            if (shorter == null) break;
            best = shorter;
        }
        return best;
    }

    private static final RoundingMode[] MODES = {RoundingMode.HALF_EVEN, RoundingMode.DOWN, RoundingMode.UP};

    private static boolean readsBack(BigDecimal d, double v, boolean f32) {
        String s = d.toString();
        return f32 ? Float.floatToRawIntBits(Float.parseFloat(s)) == Float.floatToRawIntBits((float) v)
                : Double.doubleToRawLongBits(Double.parseDouble(s)) == Double.doubleToRawLongBits(v);
    }

    /** Python-repr-like layout: plain notation for 1e-4 <= |v| < 1e16, else d.ddde±x. */
    private static String layout(BigDecimal d) {
        String digits = d.unscaledValue().abs().toString();
        int exp = digits.length() - 1 - d.scale(); // decimal exponent of the first digit
        StringBuilder sb = new StringBuilder();
        if (d.signum() < 0) sb.append('-');
        if (exp >= -4 && exp < 16) {
            if (exp < 0) {
                sb.append("0.");
                for (int i = -1; i > exp; i--) sb.append('0');
                sb.append(digits);
            } else if (digits.length() <= exp + 1) {
                sb.append(digits);
                for (int i = digits.length(); i <= exp; i++) sb.append('0');
                sb.append(".0");
            } else {
                sb.append(digits, 0, exp + 1).append('.').append(digits, exp + 1, digits.length());
            }
        } else {
            sb.append(digits.charAt(0));
            if (digits.length() > 1) sb.append('.').append(digits, 1, digits.length());
            sb.append('e').append(exp);
        }
        return sb.toString();
    }
}
