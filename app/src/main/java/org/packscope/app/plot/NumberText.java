package org.packscope.app.plot;

import java.math.BigDecimal;

/**
 * Numbers as people read them on axes and in headers: plain digits with thousands
 * separators ({@code 1,719,999,998,997}, {@code 0.000125}), and powers of ten only when a
 * plain form would run past 16 digits ({@code 1.5E-9}, {@code 3.4E38}).
 */
public final class NumberText {
    private static final int MAX_PLAIN_DIGITS = 16;

    private NumberText() { }

    /** {@code exact}: a value's exact text, as {@code Long.toString}, {@code Double.toString} or a big integer prints it. */
    public static String plain(String exact) {
        BigDecimal d;
        try {
            d = new BigDecimal(exact);
        } catch (NumberFormatException e) {
            return exact; // NaN, Infinity, —
        }
        d = d.stripTrailingZeros();
        int fracDigits = Math.max(0, d.scale());
        boolean huge = d.signum() != 0 && d.precision() - d.scale() > MAX_PLAIN_DIGITS + 4;
        boolean tiny = d.signum() != 0 && fracDigits > MAX_PLAIN_DIGITS && d.abs().compareTo(BigDecimal.ONE) < 0;
        if (huge || tiny) return exact.contains("E") ? exact : d.round(new java.math.MathContext(7)).toString();
        String s = d.toPlainString();
        boolean negative = s.startsWith("-");
        if (negative) s = s.substring(1);
        int dot = s.indexOf('.');
        String whole = dot < 0 ? s : s.substring(0, dot), fraction = dot < 0 ? "" : s.substring(dot);
        StringBuilder grouped = new StringBuilder();
        for (int i = 0; i < whole.length(); i++) {
            if (i > 0 && (whole.length() - i) % 3 == 0) grouped.append(',');
            grouped.append(whole.charAt(i));
        }
        return (negative ? "-" : "") + grouped + fraction;
    }

    /** {@link #plain(String)} of a double, through its shortest exact text. */
    public static String plain(double v) {
        if (Double.isNaN(v)) return "—";
        if (v == Math.rint(v) && Math.abs(v) < 1e18) return plain(Long.toString((long) v));
        return plain(Double.toString(v));
    }
}
