package org.packscope.codec.rds;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Doubles as R's {@code as.character()} writes them (what a deferred string stands for):
 * up to 15 significant digits, in fixed notation unless scientific is narrower by more
 * than {@code scipen} characters.
 */
final class RNumberText {
    private static final MathContext DIGITS_15 = new MathContext(15, RoundingMode.HALF_EVEN);

    private RNumberText() { }

    /** The text of the double with these bits; null for NA (NA_character_). */
    static String asCharacter(long bits, int scipen) {
        double x = Double.longBitsToDouble(bits);
        if (RNodes.isNaReal(bits)) return null;
        if (Double.isNaN(x)) return "NaN";
        if (Double.isInfinite(x)) return x > 0 ? "Inf" : "-Inf";
        if (x == 0) return "0";
        BigDecimal v = new BigDecimal(x).round(DIGITS_15).stripTrailingZeros();
        int sig = v.precision();
        int power = sig - v.scale() - 1; // exponent of the leading digit
        int neg = x < 0 ? 1 : 0;
        int right = Math.max(0, sig - power - 1);
        int fixedWidth = neg + Math.max(1, power + 1) + (right > 0 ? right + 1 : 0);
        int expDigits = Math.abs(power) >= 100 ? 3 : 2;
        int sciWidth = neg + (sig > 1 ? sig + 1 : 1) + 2 + expDigits;
        // fixed notation prints the double itself to that many decimals (2^60 keeps all its digits)
        if (fixedWidth <= sciWidth + scipen) return new BigDecimal(x).setScale(right, RoundingMode.HALF_EVEN).toPlainString();
        String digits = v.unscaledValue().abs().toString();
        StringBuilder sb = new StringBuilder(sciWidth);
        if (neg == 1) sb.append('-');
        sb.append(digits.charAt(0));
        if (digits.length() > 1) sb.append('.').append(digits, 1, digits.length());
        sb.append(power < 0 ? "e-" : "e+");
        String e = Integer.toString(Math.abs(power));
        for (int i = e.length(); i < expDigits; i++) sb.append('0');
        return sb.append(e).toString();
    }
}
