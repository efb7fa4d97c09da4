package org.packscope.codec.hdf5;

import java.lang.reflect.Array;
import java.math.BigInteger;
import java.util.Map;

/**
 * Text for the Java objects jhdf returns for variable-length data (arrays of arrays,
 * maps for compounds, strings), written as JSON-like lists so that no value ever prints
 * as a Java object identity such as {@code [I@481a15ff}. Output is bounded.
 */
final class JavaValues {
    private static final int MAX_DEPTH = 32;

    private JavaValues() { }

    /** {@code v} as text of at most about {@code limit} characters; strings inside lists are quoted. */
    static String text(Object v, int limit) {
        StringBuilder sb = new StringBuilder();
        append(v, sb, false, limit, 0);
        return sb.toString();
    }

    private static void append(Object v, StringBuilder out, boolean quote, int limit, int depth) {
        if (out.length() > limit) return;
        if (v == null) {
            out.append("null");
        } else if (v instanceof String s) {
            if (quote) quote(s, out); else out.append(s);
        } else if (v instanceof Float f) {
            out.append(Float.toString(f));
        } else if (v instanceof Double d) {
            out.append(Double.toString(d));
        } else if (v instanceof Number || v instanceof Boolean || v instanceof BigInteger) {
            out.append(v);
        } else if (v instanceof Character c) {
            if (quote) quote(String.valueOf(c), out); else out.append(c);
        } else if (v.getClass().isArray()) {
            if (depth > MAX_DEPTH) {
                out.append("[…]");
                return;
            }
            int n = Array.getLength(v);
            out.append('[');
            for (int i = 0; i < n; i++) {
                if (i > 0) out.append(", ");
                if (out.length() > limit) {
                    out.append("… ").append(n - i).append(" more");
                    break;
                }
                append(Array.get(v, i), out, true, limit, depth + 1);
            }
            out.append(']');
        } else if (v instanceof Map<?, ?> m) {
            if (depth > MAX_DEPTH) {
                out.append("{…}");
                return;
            }
            out.append('{');
            boolean first = true;
            for (var e : m.entrySet()) {
                if (!first) out.append(", ");
                first = false;
                quote(String.valueOf(e.getKey()), out);
                out.append(": ");
                append(e.getValue(), out, true, limit, depth + 1);
                if (out.length() > limit) {
                    out.append(", …");
                    break;
                }
            }
            out.append('}');
        } else if (v instanceof Enum<?> e) {
            out.append(e.name());
        } else {
            out.append('(').append(v.getClass().getSimpleName()).append(')');
        }
    }

    static void quote(String s, StringBuilder sb) {
        sb.append('"').append(com.fasterxml.jackson.core.io.JsonStringEncoder.getInstance().quoteAsString(s)).append('"');
    }
}
