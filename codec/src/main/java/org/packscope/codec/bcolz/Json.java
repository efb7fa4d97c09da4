package org.packscope.codec.bcolz;

import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonStringEncoder;

/**
 * A JSON value of a bcolz metadata file, read with Jackson's streaming parser. The
 * metadata is a handful of small objects; Jackson's tree model would cost a fresh JVM
 * half a second of class loading before the first header of a dataset could show.
 */
final class Json {
    private static final JsonFactory FACTORY = new JsonFactory();

    private enum Kind { OBJECT, ARRAY, STRING, INTEGER, DECIMAL, BOOLEAN, NULL }

    private final Kind kind;
    private final Object value;

    private Json(Kind kind, Object value) {
        this.kind = kind;
        this.value = value;
    }

    /** The first JSON value in {@code bytes}, or null when there is none; syntax errors throw Jackson's exception. */
    static Json parse(byte[] bytes) throws IOException {
        try (JsonParser p = FACTORY.createParser(bytes)) {
            JsonToken t = p.nextToken();
            return t == null ? null : read(p, t);
        }
    }

    private static Json read(JsonParser p, JsonToken t) throws IOException {
        if (t == null) throw new IOException("the JSON ends inside a value");
        switch (t) {
            case START_OBJECT: {
                Map<String, Json> m = new LinkedHashMap<>();
                for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                    if (k == null) throw new IOException("the JSON ends inside an object");
                    String name = p.currentName();
                    m.put(name, read(p, p.nextToken()));
                }
                return new Json(Kind.OBJECT, Collections.unmodifiableMap(m));
            }
            case START_ARRAY: {
                List<Json> a = new ArrayList<>();
                for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
                    if (e == null) throw new IOException("the JSON ends inside an array");
                    a.add(read(p, e));
                }
                return new Json(Kind.ARRAY, Collections.unmodifiableList(a));
            }
            case VALUE_STRING: return new Json(Kind.STRING, p.getText());
            case VALUE_NUMBER_INT: return new Json(Kind.INTEGER, p.getBigIntegerValue());
            case VALUE_NUMBER_FLOAT: return new Json(Kind.DECIMAL, p.getDoubleValue());
            case VALUE_TRUE: return new Json(Kind.BOOLEAN, Boolean.TRUE);
            case VALUE_FALSE: return new Json(Kind.BOOLEAN, Boolean.FALSE);
            case VALUE_NULL: return new Json(Kind.NULL, null);
            default: throw new IOException("unexpected " + t);
        }
    }

    boolean isObject() { return kind == Kind.OBJECT; }

    boolean isArray() { return kind == Kind.ARRAY; }

    boolean isTextual() { return kind == Kind.STRING; }

    boolean isIntegralNumber() { return kind == Kind.INTEGER; }

    /** Member {@code name} of an object; null when absent or not an object. */
    @SuppressWarnings("unchecked")
    Json get(String name) { return kind == Kind.OBJECT ? ((Map<String, Json>) value).get(name) : null; }

    /** Element {@code i} of an array; null when absent or not an array. */
    Json get(int i) {
        List<Json> a = elements();
        return i >= 0 && i < a.size() ? a.get(i) : null;
    }

    @SuppressWarnings("unchecked")
    List<Json> elements() { return kind == Kind.ARRAY ? (List<Json>) value : List.of(); }

    @SuppressWarnings("unchecked")
    Map<String, Json> members() { return kind == Kind.OBJECT ? (Map<String, Json>) value : Map.of(); }

    int size() { return kind == Kind.ARRAY ? elements().size() : kind == Kind.OBJECT ? members().size() : 0; }

    boolean isEmpty() { return size() == 0; }

    /** A number that fits a long (a decimal one is cut to its integer part, as Jackson does). */
    boolean canConvertToLong() {
        if (kind == Kind.INTEGER) return ((BigInteger) value).bitLength() < 64;
        if (kind == Kind.DECIMAL) {
            double d = (Double) value;
            return d >= Long.MIN_VALUE && d <= Long.MAX_VALUE;
        }
        return false;
    }

    long asLong() {
        if (kind == Kind.INTEGER) return ((BigInteger) value).longValue();
        if (kind == Kind.DECIMAL) return (long) (double) (Double) value;
        return 0;
    }

    String asText() { return kind == Kind.STRING ? (String) value : toString(); }

    /** Compact JSON text. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        write(sb);
        return sb.toString();
    }

    private void write(StringBuilder sb) {
        switch (kind) {
            case OBJECT -> {
                sb.append('{');
                boolean first = true;
                for (Map.Entry<String, Json> e : members().entrySet()) {
                    if (!first) sb.append(',');
                    first = false;
                    quote(sb, e.getKey());
                    sb.append(':');
                    e.getValue().write(sb);
                }
                sb.append('}');
            }
            case ARRAY -> {
                sb.append('[');
                List<Json> a = elements();
                for (int i = 0; i < a.size(); i++) {
                    if (i > 0) sb.append(',');
                    a.get(i).write(sb);
                }
                sb.append(']');
            }
            case STRING -> quote(sb, (String) value);
            case NULL -> sb.append("null");
            default -> sb.append(value);
        }
    }

    private static void quote(StringBuilder sb, String s) {
        sb.append('"');
        JsonStringEncoder.getInstance().quoteAsString(s, sb);
        sb.append('"');
    }
}
