package org.packscope.codec.binjson;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * Writes JSON as Binary JSON v1 (BJ, or SJ when seekable) following the spec's writer
 * rules: strings interned by frequency (ties in order of first appearance), lists of
 * one element type with rectangular shape as N-D arrays, integral floats as
 * float-as-int and (at c = 0) binary32-exact floats as f32 when that is shorter.
 */
public final class BinaryJsonWriter {
    private BinaryJsonWriter() { }

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private static final int MAX_DEPTH = 1000;
    private static final long TWO_53 = 1L << 53;

    /**
     * Parses JSON text (NaN, Infinity and -Infinity allowed as bare tokens; duplicate
     * keys refused).
     *
     * @throws IllegalArgumentException for text that is not JSON
     */
    public static JsonNode parseJson(String json) {
        try {
            JsonNode n = MAPPER.readTree(json);
            if (n == null || n.isMissingNode()) throw new IllegalArgumentException("no JSON value in the input");
            return n;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage()
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ")"), e);
        }
    }

    /**
     * @throws IllegalArgumentException for text that is not JSON, an integer outside
     *         the 64-bit range, or a float compression outside 0..6
     */
    public static byte[] encode(String json, boolean seekable, int floatCompression) {
        checkCompression(floatCompression);
        return encode(parseJson(json), seekable, floatCompression);
    }

    /**
     * @throws IllegalArgumentException for an integer outside the 64-bit range, a
     *         non-JSON node (binary, POJO), nesting deeper than 1000, or a float
     *         compression outside 0..6
     */
    public static byte[] encode(JsonNode doc, boolean seekable, int floatCompression) {
        checkCompression(floatCompression);
        return new Encoder(seekable, floatCompression).run(doc);
    }

    private static void checkCompression(int c) {
        if (c < 0 || c > 6) throw new IllegalArgumentException("float compression must be 0..6, not " + c);
    }

    /** A growable byte buffer. */
    static final class Bytes {
        byte[] a = new byte[64];
        int n;

        void put(int b) {
            if (n == a.length) a = Arrays.copyOf(a, n * 2);
            a[n++] = (byte) b;
        }

        void put(byte[] b, int off, int len) {
            if (n + len > a.length) a = Arrays.copyOf(a, Math.max(a.length * 2, n + len));
            System.arraycopy(b, off, a, n, len);
            n += len;
        }

        void put(Bytes b) { put(b.a, 0, b.n); }

        void uflex(long v) {
            while (Long.compareUnsigned(v, 0x80) >= 0) {
                put((int) (v & 0x7f) | 0x80);
                v >>>= 7;
            }
            put((int) v);
        }

        /** Type byte {@code tag} with {@code vb} value bits, plus the continuation when needed. */
        void inlineFlex(int tag, int vb, long u) {
            if (Long.compareUnsigned(u, 1L << vb) < 0) {
                put(tag | (int) u);
            } else {
                put(tag | 1 << vb | (int) (u & ((1 << vb) - 1)));
                uflex(u >>> vb);
            }
        }

        byte[] toArray() { return Arrays.copyOf(a, n); }
    }

    static int uflexLength(long v) {
        int n = 1;
        while (Long.compareUnsigned(v, 0x80) >= 0) {
            v >>>= 7;
            n++;
        }
        return n;
    }

    static long zigzag(long n) { return (n << 1) ^ (n >> 63); }

    /** N-D shape of a list: element type code (tt) and dimensions; null when not homogeneous. */
    private record Shape(int type, long[] dims) {
        static final Shape[] LEAVES = {new Shape(0, new long[0]), new Shape(1, new long[0]),
                new Shape(2, new long[0]), new Shape(3, new long[0])};

        boolean same(Shape o) { return type == o.type && Arrays.equals(dims, o.dims); }
    }

    private static final class Encoder {
        private final boolean sj;
        private final int c;
        private final long keepMask;
        private final int f64Length;
        private final int planes;
        private final Map<String, Integer> index = new HashMap<>();

        Encoder(boolean seekable, int c) {
            this.sj = seekable;
            this.c = c;
            int r = Header.removedBits(c);
            this.keepMask = -1L << r;
            int kept = 64 - r;
            this.f64Length = c == 0 ? 9 : 1 + (kept - 4) / 8;
            this.planes = (kept + 7) / 8;
        }

        byte[] run(JsonNode doc) {
            Bytes out = new Bytes();
            out.put(sj ? 'S' : 'B');
            out.put('J');
            out.uflex(1);
            out.uflex(c);
            writeStrings(out, internOrder(doc));
            writeValue(out, doc, 0);
            return out.toArray();
        }

        private List<String> internOrder(JsonNode doc) {
            Map<String, int[]> counts = new LinkedHashMap<>();
            count(doc, counts, 0);
            List<Map.Entry<String, int[]>> entries = new ArrayList<>(counts.entrySet());
            entries.sort((a, b) -> Integer.compare(b.getValue()[0], a.getValue()[0])); // stable: ties keep first appearance
            List<String> order = new ArrayList<>(entries.size());
            for (Map.Entry<String, int[]> e : entries) {
                index.put(e.getKey(), order.size());
                order.add(e.getKey());
            }
            return order;
        }

        private void count(JsonNode v, Map<String, int[]> counts, int depth) {
            if (depth > MAX_DEPTH) throw new IllegalArgumentException("JSON nested deeper than " + MAX_DEPTH + " levels");
            if (v.isTextual()) {
                counts.computeIfAbsent(v.textValue(), k -> new int[1])[0]++;
            } else if (v.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    counts.computeIfAbsent(e.getKey(), k -> new int[1])[0]++;
                    count(e.getValue(), counts, depth + 1);
                }
            } else if (v.isArray()) {
                for (JsonNode e : v) count(e, counts, depth + 1);
            }
        }

        private void writeStrings(Bytes out, List<String> strings) {
            out.uflex(strings.size());
            Bytes entries = new Bytes();
            int[] offsets = new int[(strings.size() + 15) / 16];
            for (int i = 0; i < strings.size(); i++) {
                if (i % 16 == 0) offsets[i / 16] = entries.n;
                byte[] utf8 = strings.get(i).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                entries.uflex(utf8.length);
                entries.put(utf8, 0, utf8.length);
            }
            if (sj) {
                out.uflex(entries.n);
                for (int off : offsets) {
                    for (int k = 0; k < 4; k++) out.put(off >>> (8 * k));
                }
            }
            out.put(entries);
        }

        private void writeValue(Bytes out, JsonNode v, int depth) {
            if (depth > MAX_DEPTH) throw new IllegalArgumentException("JSON nested deeper than " + MAX_DEPTH + " levels");
            switch (v.getNodeType()) {
                case NULL -> out.put(0x00);
                case BOOLEAN -> out.put(v.booleanValue() ? 0x03 : 0x02);
                case STRING -> out.inlineFlex(0x40, 4, index.get(v.textValue()));
                case NUMBER -> {
                    if (v.isIntegralNumber()) {
                        if (!v.canConvertToLong()) {
                            throw new IllegalArgumentException("integer " + v.asText() + " is outside the 64-bit range");
                        }
                        out.inlineFlex(0x20, 4, zigzag(v.longValue()));
                    } else {
                        writeFloat(out, v.doubleValue());
                    }
                }
                case OBJECT -> {
                    Bytes body = sj ? new Bytes() : out;
                    int n = v.size();
                    out.inlineFlex(0x80, 4, n);
                    for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
                        Map.Entry<String, JsonNode> e = it.next();
                        body.uflex(index.get(e.getKey()));
                        writeValue(body, e.getValue(), depth + 1);
                    }
                    closeBody(out, body);
                }
                case ARRAY -> {
                    Shape s = shape(v, 0);
                    if (s != null && s.dims.length > 0) {
                        writeNd(out, v, s);
                        return;
                    }
                    Bytes body = sj ? new Bytes() : out;
                    out.inlineFlex(0xA0, 4, v.size());
                    for (JsonNode e : v) writeValue(body, e, depth + 1);
                    closeBody(out, body);
                }
                default -> throw new IllegalArgumentException("not a JSON value: " + v.getNodeType());
            }
        }

        private void closeBody(Bytes out, Bytes body) {
            if (body == out) return;
            out.uflex(body.n);
            out.put(body);
        }

        /** Shape of v when it is a homogeneous rectangular nesting of at most 15 levels, else null. */
        private Shape shape(JsonNode v, int depth) {
            if (depth > MAX_DEPTH) throw new IllegalArgumentException("JSON nested deeper than " + MAX_DEPTH + " levels");
            switch (v.getNodeType()) {
                case STRING -> { return Shape.LEAVES[0]; }
                case BOOLEAN -> { return Shape.LEAVES[1]; }
                case NUMBER -> { return Shape.LEAVES[v.isIntegralNumber() ? 2 : 3]; }
                case ARRAY -> {
                    if (v.isEmpty()) return null;
                    Shape first = null;
                    for (JsonNode e : v) {
                        Shape s = shape(e, depth + 1);
                        if (s == null) return null;
                        if (first == null) first = s;
                        else if (!first.same(s)) return null;
                    }
                    if (first.dims.length >= 15) return null;
                    long[] dims = new long[first.dims.length + 1];
                    dims[0] = v.size();
                    System.arraycopy(first.dims, 0, dims, 1, first.dims.length);
                    return new Shape(first.type, dims);
                }
                default -> { return null; }
            }
        }

        private void writeNd(Bytes out, JsonNode v, Shape s) {
            List<JsonNode> leaves = new ArrayList<>();
            flatten(v, leaves);
            int count = leaves.size();
            out.put(0xC0 | s.type << 4 | s.dims.length);
            for (long d : s.dims) out.uflex(d);
            Bytes body = new Bytes();
            switch (s.type) {
                case 0 -> {
                    for (JsonNode e : leaves) body.uflex(index.get(e.textValue()));
                }
                case 1 -> {
                    int b = 0;
                    for (int i = 0; i < count; i++) {
                        if (leaves.get(i).booleanValue()) b |= 1 << (i & 7);
                        if ((i & 7) == 7 || i == count - 1) {
                            body.put(b);
                            b = 0;
                        }
                    }
                }
                case 2 -> {
                    long[] vals = new long[count];
                    int w = 1;
                    for (int i = 0; i < count; i++) {
                        JsonNode e = leaves.get(i);
                        if (!e.canConvertToLong()) {
                            throw new IllegalArgumentException("integer " + e.asText() + " is outside the 64-bit range");
                        }
                        vals[i] = e.longValue();
                        w = Math.max(w, intWidth(vals[i]));
                    }
                    body.put(w);
                    for (long x : vals) {
                        for (int k = 0; k < w; k++) body.put((int) (x >>> (8 * k)));
                    }
                }
                default -> {
                    long[] bits = new long[count];
                    for (int i = 0; i < count; i++) bits[i] = Double.doubleToRawLongBits(leaves.get(i).doubleValue()) & keepMask;
                    for (int j = 0; j < planes; j++) {
                        int shift = 56 - 8 * j;
                        for (long b : bits) body.put((int) (b >>> shift));
                    }
                }
            }
            if (sj) out.uflex(body.n);
            out.put(body);
        }

        private static int intWidth(long x) {
            if (x >= Byte.MIN_VALUE && x <= Byte.MAX_VALUE) return 1;
            if (x >= Short.MIN_VALUE && x <= Short.MAX_VALUE) return 2;
            if (x >= Integer.MIN_VALUE && x <= Integer.MAX_VALUE) return 4;
            return 8;
        }

        private static void flatten(JsonNode v, List<JsonNode> leaves) {
            if (v.isArray()) {
                for (JsonNode e : v) flatten(e, leaves);
            } else {
                leaves.add(v);
            }
        }

        /** Spec 7.10: truncate, then float-as-int or f32 only when exact and strictly shorter. */
        private void writeFloat(Bytes out, double d) {
            long tb = Double.doubleToRawLongBits(d) & keepMask;
            double tv = Double.longBitsToDouble(tb);
            int best = f64Length;
            int choice = 0; // 0 = f64, 1 = float-as-int, 2 = f32
            long zz = 0;
            if (tb != Long.MIN_VALUE && !Double.isNaN(tv) && !Double.isInfinite(tv) && tv == Math.rint(tv)
                    && Math.abs(tv) < TWO_53) {
                zz = zigzag((long) tv);
                int len = zz < 8 ? 1 : 1 + uflexLength(zz >>> 3);
                if (len < best) {
                    best = len;
                    choice = 1;
                }
            }
            // f32 wins a tie with float-as-int (as the reference encoder does)
            if (c == 0 && 5 < f64Length && 5 <= best) {
                float f = (float) tv;
                if (Double.isNaN(tv) || Double.doubleToRawLongBits(f) == tb) {
                    best = 5;
                    choice = 2;
                }
            }
            switch (choice) {
                case 1 -> out.inlineFlex(0x70, 3, zz);
                case 2 -> {
                    int fb = Float.floatToRawIntBits((float) tv);
                    out.put(0x60);
                    for (int k = 3; k >= 0; k--) out.put(fb >>> (8 * k));
                }
                default -> {
                    if (c == 0) {
                        out.put(0x10);
                        for (int k = 7; k >= 0; k--) out.put((int) (tb >>> (8 * k)));
                    } else {
                        out.put(0x10 | (int) (tb >>> 60));
                        for (int k = 0; k < f64Length - 1; k++) out.put((int) (tb >>> (52 - 8 * k)));
                    }
                }
            }
        }
    }
}
