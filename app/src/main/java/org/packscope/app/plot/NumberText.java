package org.packscope.app.plot;

import java.math.BigDecimal;

/**
 * Numbers as people read them on axes and in headers: plain digits with thousands
 * separators ({@code 1,719,999,998,997}, {@code 0.000125}), and powers of ten only when a
 * plain form would be long ({@code 1.5E-9}, {@code 3.4E38}).
 */
public final class NumberText {
    /** Exponents a plain form is written for: up to 20 digits before the point, 7 zeros after it. */
    private static final int MAX_EXPONENT = 20, MIN_EXPONENT = -7;

    private NumberText() { }

    /** {@code exact}: a value's exact text, as {@code Long.toString}, {@code Double.toString} or a big integer prints it. */
    public static String plain(String exact) {
        int e = exact.indexOf('E');
        String digits = exact;
        if (e >= 0) {
            int exponent;
            try {
                exponent = Integer.parseInt(exact.substring(e + 1));
            } catch (NumberFormatException ex) {
                return exact;
            }
            if (exponent >= MAX_EXPONENT || exponent <= MIN_EXPONENT) return exact;
            digits = new BigDecimal(exact).toPlainString();
        }
        if (digits.isEmpty() || !Character.isDigit(digits.charAt(digits.charAt(0) == '-' ? Math.min(1, digits.length() - 1) : 0))) {
            return exact; // NaN, Infinity, —
        }
        boolean negative = digits.startsWith("-");
        if (negative) digits = digits.substring(1);
        int dot = digits.indexOf('.');
        String whole = dot < 0 ? digits : digits.substring(0, dot), fraction = dot < 0 ? "" : digits.substring(dot);
        if (fraction.equals(".0")) fraction = "";
        StringBuilder grouped = new StringBuilder(exact.length() + 8);
        if (negative) grouped.append('-');
        for (int i = 0; i < whole.length(); i++) {
            if (i > 0 && (whole.length() - i) % 3 == 0) grouped.append(',');
            grouped.append(whole.charAt(i));
        }
        return grouped.append(fraction).toString();
    }

    /**
     * An axis tick: {@link #plain(String)} of the value rounded to 12 significant digits, so
     * that the rounding noise of a computed tick ({@code 0.30000000000000004}) is not shown.
     */
    public static String tick(double v) {
        if (!Double.isFinite(v)) return plain(v);
        if (v == 0) return "0";
        return plain(new BigDecimal(v).round(new java.math.MathContext(12)).stripTrailingZeros().toString());
    }

    /** {@link #plain(String)} of a double, through its shortest exact text. */
    public static String plain(double v) {
        if (Double.isNaN(v)) return "—";
        if (v == Math.rint(v) && Math.abs(v) < 1e18) return plain(Long.toString((long) v));
        return plain(Double.toString(v));
    }
}
