package org.packscope.codec.rds;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * Compares a decoded R vector with what R read, in the MANIFEST "r_values" encoding:
 * {@code values} (R NA is null; NaN and infinities are the strings "NaN", "Infinity",
 * "-Infinity"; complex numbers as (re, im) pairs), or {@code head} plus a sha256 over
 * the canonical JSON list (compact, UTF-8 not escaped; NA null; doubles as Python's
 * float.hex, NaN "nan", infinities "inf"/"-inf"). {@code alts} lists other accepted
 * renderings of strings whose bytes are not UTF-8.
 */
final class RValues {
    private RValues() { }

    /** Null when {@code column} holds the reference's values, else what differs first. */
    static String mismatch(ValueColumn column, JsonNode ref) {
        if (column == null) return "no values";
        String type = ref.get("r_type").asText();
        long count = column.count();
        long expected = ref.get("count").asLong();
        if (count != expected) return "count " + count + ", R " + expected;
        if (count > Integer.MAX_VALUE) return "too long";
        List<Object> got = read(column, type);
        JsonNode values = ref.get("values");
        if (values != null) {
            for (int i = 0; i < got.size(); i++) {
                if (!same(got.get(i), values.get(i), ref.path("alts").path(Integer.toString(i)))) {
                    return "[" + i + "] got " + got.get(i) + ", R " + values.get(i);
                }
            }
            return null;
        }
        JsonNode head = ref.get("head");
        for (int i = 0; head != null && i < head.size(); i++) {
            if (!same(got.get(i), head.get(i), ref.path("alts").path(Integer.toString(i)))) {
                return "[" + i + "] got " + got.get(i) + ", R " + head.get(i);
            }
        }
        String sha = sha256(canonical(got));
        return sha.equals(ref.get("sha256").asText()) ? null : "sha256 of all " + count + " values differs";
    }

    /** Values as R would list them: null for a gap, Long/Double/Boolean/String otherwise. */
    static List<Object> read(ValueColumn column, String rType) {
        int n = (int) column.count();
        List<Object> out = new ArrayList<>(n);
        byte[] marks = new byte[n];
        if (column.mayHaveGaps()) column.gaps(0, marks, 0, n);
        long[] bits = new long[n];
        if (column.type().numeric()) column.read(0, bits, 0, n);
        for (int i = 0; i < n; i++) {
            if (marks[i] != ValueColumn.PRESENT) {
                out.add(null);
            } else if (column.type() == ValueType.TEXT || !column.type().numeric()) {
                out.add(column.text(i));
            } else if (column.type() == ValueType.F64) {
                out.add(Double.longBitsToDouble(bits[i]));
            } else if (rType.equals("logical")) {
                out.add(bits[i] != 0);
            } else {
                out.add(bits[i]);
            }
        }
        return out;
    }

    private static boolean same(Object got, JsonNode want, JsonNode alts) {
        if (want == null || want.isNull()) return got == null;
        if (got == null) return false;
        if (got instanceof Double d) {
            if (want.isTextual()) {
                return switch (want.asText()) {
                    case "NaN" -> Double.isNaN(d);
                    case "Infinity" -> d == Double.POSITIVE_INFINITY;
                    case "-Infinity" -> d == Double.NEGATIVE_INFINITY;
                    default -> false;
                };
            }
            return want.isNumber() && Double.doubleToLongBits(d) == Double.doubleToLongBits(want.asDouble());
        }
        if (got instanceof Boolean b) return want.isBoolean() && want.asBoolean() == b;
        if (got instanceof Long l) return want.isIntegralNumber() && want.asLong() == l;
        if (got.equals(want.asText())) return true;
        for (JsonNode a : alts) if (got.equals(a.asText())) return true;
        return false;
    }

    static String canonical(List<Object> values) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) sb.append(',');
            Object v = values.get(i);
            if (v == null) sb.append("null");
            else if (v instanceof Double d) quote(sb, floatHex(d));
            else if (v instanceof String s) quote(sb, s);
            else sb.append(v);
        }
        return sb.append(']').toString();
    }

    /** Python's float.hex (NaN "nan", infinities "inf"/"-inf"). */
    static String floatHex(double d) {
        if (Double.isNaN(d)) return "nan";
        if (Double.isInfinite(d)) return d > 0 ? "inf" : "-inf";
        long bits = Double.doubleToRawLongBits(d);
        String sign = bits < 0 ? "-" : "";
        int exp = (int) ((bits >>> 52) & 0x7ff);
        long mant = bits & 0xfffffffffffffL;
        if (exp == 0 && mant == 0) return sign + "0x0.0p+0";
        String m = String.format("%013x", mant);
        int e = exp == 0 ? -1022 : exp - 1023;
        return sign + (exp == 0 ? "0x0." : "0x1.") + m + "p" + (e >= 0 ? "+" : "") + e;
    }

    private static void quote(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        sb.append('"');
    }

    static String sha256(String text) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
