package org.packscope.codec.binjson;

/**
 * Float text for JSON output: the shortest decimal that reads back to the same bits,
 * always with a '.' or an exponent (3.0, 1e300), and NaN / Infinity / -Infinity as
 * bare tokens. Java 17's {@code Double.toString} round-trips but is sometimes longer
 * than needed (4.9E-324 for 5e-324), so shorter forms are tried until none reads back:
 * if any decimal with one digit fewer reads back, one of the two next to the value does.
 * JSON readers take every number as a binary64, so f32 and float-as-int values are
 * printed as the double they widen to (2^53 stored as f32 is 9007199254740992.0, not
 * the float's own shortest text 9.0071993e15, which reads back as another double).
 */
public final class JsonFloats {
    private JsonFloats() { }

    public static String format(double v) {
        if (Double.isNaN(v)) return "NaN";
        if (Double.isInfinite(v)) return v > 0 ? "Infinity" : "-Infinity";
        if (v == 0) return (Double.doubleToRawLongBits(v) < 0) ? "-0.0" : "0.0";
        return shortest(Double.toString(Math.abs(v)), v);
    }

    /**
     * From Java's text of |v| ("1.25E-7", "123.5"), the decimal digits d and exponent e
     * with |v| ≈ d × 10^e; then shorter neighbours while they read back.
     */
    private static String shortest(String javaText, double v) {
        int ePos = javaText.indexOf('E');
        String mant = ePos < 0 ? javaText : javaText.substring(0, ePos);
        int exp = ePos < 0 ? 0 : Integer.parseInt(javaText.substring(ePos + 1));
        int dot = mant.indexOf('.');
        String intPart = mant.substring(0, dot);
        String frac = mant.substring(dot + 1);
        long digits = Long.parseLong(intPart + frac);
        exp -= frac.length();
        while (digits != 0 && digits % 10 == 0) {
            digits /= 10;
            exp++;
        }
        while (digits >= 10) {
            long down = digits / 10;
            long up = down + 1;
            boolean downOk = readsBack(down, exp + 1, v);
            boolean upOk = readsBack(up, exp + 1, v);
            if (!downOk && !upOk) break;
            // both read back: keep the nearer one (the dropped digit decides)
            digits = downOk && (!upOk || digits % 10 < 5) ? down : up;
            exp++;
            while (digits % 10 == 0) {
                digits /= 10;
                exp++;
            }
        }
        return layout(v < 0, Long.toString(digits), exp);
    }

    private static boolean readsBack(long digits, int exp, double v) {
        if (digits == 0) return false;
        return Double.doubleToRawLongBits(Double.parseDouble(digits + "E" + exp)) == Double.doubleToRawLongBits(Math.abs(v));
    }

    /** Python-repr-like layout of digits × 10^exp: plain for 1e-4 <= |v| < 1e16, else d.ddde±x. */
    private static String layout(boolean negative, String digits, int exp) {
        int lead = digits.length() - 1 + exp; // decimal exponent of the first digit
        StringBuilder sb = new StringBuilder(digits.length() + 8);
        if (negative) sb.append('-');
        if (lead >= -4 && lead < 16) {
            if (lead < 0) {
                sb.append("0.");
                for (int i = -1; i > lead; i--) sb.append('0');
                sb.append(digits);
            } else if (digits.length() <= lead + 1) {
                sb.append(digits);
                for (int i = digits.length(); i <= lead; i++) sb.append('0');
                sb.append(".0");
            } else {
                sb.append(digits, 0, lead + 1).append('.').append(digits, lead + 1, digits.length());
            }
        } else {
            sb.append(digits.charAt(0));
            if (digits.length() > 1) sb.append('.').append(digits, 1, digits.length());
            sb.append('e').append(lead);
        }
        return sb.toString();
    }
}
