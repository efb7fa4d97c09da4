package org.packscope.codec.bpcells;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;

import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.ValueType;

/**
 * Writes a {@link SparseMatrix} as MatrixMarket coordinate text, 1-based, in
 * (column, row) order, the way BPCells fixtures are written: {@code integer} for
 * unsigned values, {@code real} for floats, float32 printed like C's {@code %.9g},
 * float64 like {@code %.17g}, and NaN / Infinity / -Infinity / -0 spelled out.
 */
public final class MatrixMarket {
    /** The comment line BPCells fixtures carry after their own description. */
    public static final String ORDER_COMMENT = "1-based (row col value), sorted by column then row; NaN/Infinity/-Infinity spelled out";

    private MatrixMarket() { }

    public static void write(SparseMatrix m, Appendable out) throws IOException {
        write(m, out, List.of(ORDER_COMMENT), Progress.NONE);
    }

    /**
     * Writes the header, {@code comments} (each as a {@code %} line), the size line and
     * the entries. Entries are counted in a first pass, so the size line is right even
     * when a damaged matrix skips entries.
     */
    public static void write(SparseMatrix m, Appendable out, List<String> comments, Progress progress) throws IOException {
        ValueType t = m.valueType();
        boolean real = t.kind() == ValueType.Kind.FLOAT;
        long[] count = {0};
        m.forEachEntry((r, c, v) -> count[0]++, progress);
        out.append("%%MatrixMarket matrix coordinate ").append(real ? "real" : "integer").append(" general\n");
        for (String c : comments) out.append("% ").append(c).append('\n');
        out.append(Long.toString(m.rows())).append(' ').append(Long.toString(m.cols())).append(' ').append(Long.toString(count[0])).append('\n');
        StringBuilder line = new StringBuilder(64);
        try {
            m.forEachEntry((r, c, v) -> {
                line.setLength(0);
                line.append(r + 1).append(' ').append(c + 1).append(' ').append(format(t, v)).append('\n');
                try {
                    out.append(line);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, progress);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** A value as the fixtures print it. */
    public static String format(ValueType t, long raw) {
        if (t.kind() != ValueType.Kind.FLOAT) return t.kind() == ValueType.Kind.INT ? Long.toString(raw) : Long.toUnsignedString(raw);
        if (t.byteWidth() == 4) return formatG(Float.intBitsToFloat((int) raw), 9);
        return formatG(Double.longBitsToDouble(raw), 17);
    }

    /** C's {@code %.<p>g} for one double, exactly (round half even on the exact binary value). */
    public static String formatG(double v, int p) {
        if (Double.isNaN(v)) return "NaN";
        if (Double.isInfinite(v)) return v > 0 ? "Infinity" : "-Infinity";
        if (v == 0) return Double.doubleToRawLongBits(v) < 0 ? "-0" : "0";
        BigDecimal bd = new BigDecimal(v).round(new MathContext(p, RoundingMode.HALF_EVEN));
        int x = bd.precision() - bd.scale() - 1;
        String sign = bd.signum() < 0 ? "-" : "";
        bd = bd.abs();
        if (x < -4 || x >= p) {
            String digits = bd.unscaledValue().toString();
            int end = digits.length();
            while (end > 1 && digits.charAt(end - 1) == '0') end--;
            StringBuilder sb = new StringBuilder(sign).append(digits.charAt(0));
            if (end > 1) sb.append('.').append(digits, 1, end);
            sb.append('e').append(x < 0 ? '-' : '+');
            int ax = Math.abs(x);
            if (ax < 10) sb.append('0');
            return sb.append(ax).toString();
        }
        return sign + bd.stripTrailingZeros().toPlainString();
    }
}
