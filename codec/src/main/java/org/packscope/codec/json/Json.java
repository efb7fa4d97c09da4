package org.packscope.codec.json;

import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonStringEncoder;

/**
 * A JSON value of a metadata file (bcolz meta, Zarr .zarray and zarr.json), read with
 * Jackson's streaming parser, that remembers where in the file it was written: each
 * value's byte span, and for an object member also the span of its name, so a field
 * shown from metadata highlights its own bytes. The metadata is a handful of small
 * objects; Jackson's tree model would also cost a fresh JVM half a second of class
 * loading before the first header of a dataset could show.
 */
public final class Json {
    /** Levels of nesting followed; deeper documents are refused with this number in the message. */
    public static final int MAX_DEPTH = 1000;
    /**
     * Callers bound the bytes they hand over (a metadata file's size limit), so strings and
     * names as long as those bytes are read: a valid 30 MB attribute is not an error.
     */
    private static final JsonFactory FACTORY = JsonFactory.builder().streamReadConstraints(StreamReadConstraints.builder()
            .maxStringLength(Integer.MAX_VALUE).maxNameLength(Integer.MAX_VALUE).maxNumberLength(100_000)
            .maxNestingDepth(MAX_DEPTH).build()).disable(JsonFactory.Feature.INTERN_FIELD_NAMES).build();

    static JsonFactory factory() { return FACTORY; }

    private enum Kind { OBJECT, ARRAY, STRING, INTEGER, DECIMAL, BOOLEAN, NULL, SKIPPED }

    private final Kind kind;
    private final Object value;
    private long start;
    private long end;
    private long nameStart = -1;

    private Json(Kind kind, Object value) {
        this.kind = kind;
        this.value = value;
    }

    /** The first JSON value in {@code bytes}, or null when there is none; syntax errors throw Jackson's exception. */
    public static Json parse(byte[] bytes) throws IOException {
        return parse(bytes, Set.of());
    }

    /**
     * Like {@link #parse(byte[])}, but the members of the top-level object named in
     * {@code skipped} are only located, not read: they are {@link #isSkipped()} values
     * with their spans (a million user attributes cost nothing until someone looks).
     */
    public static Json parse(byte[] bytes, Set<String> skipped) throws IOException {
        return parse(bytes, skipped::contains);
    }

    private static Json parse(byte[] bytes, Predicate<String> skipped) throws IOException {
        try (JsonParser p = FACTORY.createParser(bytes)) {
            JsonToken t = p.nextToken();
            return t == null ? null : read(p, t, skipped);
        } catch (StreamConstraintsException e) {
            throw new JsonParseException(null, "nested more than " + MAX_DEPTH + " levels deep, or a number longer than PackScope reads");
        }
    }

    private static Json read(JsonParser p, JsonToken t) throws IOException { return read(p, t, name -> false); }

    private static Json read(JsonParser p, JsonToken t, Predicate<String> skipped) throws IOException {
        if (t == null) throw new IOException("the JSON ends inside a value");
        long from = p.currentTokenLocation().getByteOffset();
        Json v = readValue(p, t, skipped);
        v.start = from;
        // the parser now stands on the value's last token (a scalar, or the closing bracket)
        v.end = p.currentLocation().getByteOffset();
        return v;
    }

    private static Json readValue(JsonParser p, JsonToken t, Predicate<String> skipped) throws IOException {
        switch (t) {
            case START_OBJECT: {
                Map<String, Json> m = new LinkedHashMap<>();
                for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
                    if (k == null) throw new IOException("the JSON ends inside an object");
                    String name = p.currentName();
                    long nameAt = p.currentTokenLocation().getByteOffset();
                    Json member = skipped.test(name) ? skip(p, p.nextToken()) : read(p, p.nextToken());
                    member.nameStart = nameAt;
                    m.put(name, member);
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

    /** A value located but not read: its span only (the parser skips its contents). */
    private static Json skip(JsonParser p, JsonToken t) throws IOException {
        if (t == null) throw new IOException("the JSON ends inside a value");
        Json v = new Json(Kind.SKIPPED, null);
        v.start = p.currentTokenLocation().getByteOffset();
        // a string is read lazily: its end is known once it is
        if (t == JsonToken.VALUE_STRING) p.finishToken();
        p.skipChildren();
        v.end = p.currentLocation().getByteOffset();
        return v;
    }

    /** A member that {@link #parse(byte[], Set)} was asked to skip: only its span is known. */
    public boolean isSkipped() { return kind == Kind.SKIPPED; }

    /** Byte offset where the value starts in the parsed bytes (its first character). */
    public long start() { return start; }

    /** Byte offset just after the value's last character. */
    public long end() { return end; }

    /**
     * Where an object member's entry starts: its quoted name, so that a span from here to
     * {@link #end()} covers {@code "name": value}; the value's own start when it is not a member.
     */
    public long memberStart() { return nameStart >= 0 ? nameStart : start; }

    public boolean isObject() { return kind == Kind.OBJECT; }

    public boolean isArray() { return kind == Kind.ARRAY; }

    public boolean isTextual() { return kind == Kind.STRING; }

    public boolean isIntegralNumber() { return kind == Kind.INTEGER; }

    public boolean isNumber() { return kind == Kind.INTEGER || kind == Kind.DECIMAL; }

    public boolean isBoolean() { return kind == Kind.BOOLEAN; }

    public boolean isNull() { return kind == Kind.NULL; }

    /** A number as the nearest double (NaN for anything else). */
    public double asDouble() {
        if (kind == Kind.INTEGER) return ((BigInteger) value).doubleValue();
        if (kind == Kind.DECIMAL) return (Double) value;
        return Double.NaN;
    }

    /** An integer of any size; null for anything else. */
    public BigInteger asBigInteger() { return kind == Kind.INTEGER ? (BigInteger) value : null; }

    public boolean asBoolean() { return kind == Kind.BOOLEAN && (Boolean) value; }

    /** Member {@code name} of an object; null when absent or not an object. */
    @SuppressWarnings("unchecked")
    public Json get(String name) { return kind == Kind.OBJECT ? ((Map<String, Json>) value).get(name) : null; }

    /** Element {@code i} of an array; null when absent or not an array. */
    public Json get(int i) {
        List<Json> a = elements();
        return i >= 0 && i < a.size() ? a.get(i) : null;
    }

    @SuppressWarnings("unchecked")
    public List<Json> elements() { return kind == Kind.ARRAY ? (List<Json>) value : List.of(); }

    @SuppressWarnings("unchecked")
    public Map<String, Json> members() { return kind == Kind.OBJECT ? (Map<String, Json>) value : Map.of(); }

    public int size() { return kind == Kind.ARRAY ? elements().size() : kind == Kind.OBJECT ? members().size() : 0; }

    public boolean isEmpty() { return size() == 0; }

    /** A number that fits a long (a decimal one is cut to its integer part, as Jackson does). */
    public boolean canConvertToLong() {
        if (kind == Kind.INTEGER) return ((BigInteger) value).bitLength() < 64;
        if (kind == Kind.DECIMAL) {
            double d = (Double) value;
            return d >= Long.MIN_VALUE && d <= Long.MAX_VALUE;
        }
        return false;
    }

    public long asLong() {
        if (kind == Kind.INTEGER) return ((BigInteger) value).longValue();
        if (kind == Kind.DECIMAL) return (long) (double) (Double) value;
        return 0;
    }

    public String asText() { return kind == Kind.STRING ? (String) value : toString(); }

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
            case SKIPPED -> sb.append("…");
            default -> sb.append(value);
        }
    }

    private static void quote(StringBuilder sb, String s) {
        sb.append('"');
        JsonStringEncoder.getInstance().quoteAsString(s, sb);
        sb.append('"');
    }
}
