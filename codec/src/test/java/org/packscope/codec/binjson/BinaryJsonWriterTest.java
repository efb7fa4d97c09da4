package org.packscope.codec.binjson;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

class BinaryJsonWriterTest {

    private static String hex(byte[] b) { return HexFormat.of().formatHex(b); }

    /** Files the reference encoder wrote (not assembled by hand) come out byte for byte the same. */
    static Stream<BjTesting.Fixture> encoderWritten() {
        return Stream.concat(BjTesting.fixtures("valid").stream(), BjTesting.fixtures("warning").stream())
                .filter(f -> !f.json(".json").path("hand_assembled").asBoolean(false))
                // written from explicit zero-size shapes: JSON [] alone never becomes an N-D array
                .filter(f -> !f.name().equals("v_nd_zero_size"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("encoderWritten")
    void writesTheSameBytesAsTheReferenceEncoder(BjTesting.Fixture f) {
        JsonNode doc = BjTesting.expected(f.json(".expected.json"));
        int c = f.json(".json").get("floatcomp").asInt();
        assertEquals(hex(Fixtures.bytes(f.file())), hex(BinaryJsonWriter.encode(doc, f.seekable(), c)));
    }

    @Test
    void specExamples() {
        assertEquals("424a0100002a", hex(BinaryJsonWriter.encode("5", false, 0)));
        assertEquals("424a0100" + "00" + "380c", hex(BinaryJsonWriter.encode("100", false, 0)));
        // float-as-int 3.0, f32 0.5, -0.0 as f32, NaN as f32 (c = 0)
        assertEquals("424a01000076", hex(BinaryJsonWriter.encode("3.0", false, 0)));
        assertEquals("424a010000603f000000", hex(BinaryJsonWriter.encode("0.5", false, 0)));
        assertEquals("424a0100006080000000", hex(BinaryJsonWriter.encode("-0.0", false, 0)));
        assertEquals("424a010000607fc00000", hex(BinaryJsonWriter.encode("NaN", false, 0)));
        // c = 1: 0.1 truncated to 60 bits: 0x3FB999999999999_ -> hhhh 3, 7 bytes
        assertEquals("424a010100" + "13fb999999999999", hex(BinaryJsonWriter.encode("0.1", false, 1)));
        // homogeneous 2x2 int array, width 2
        assertEquals("424a010000" + "e2020202" + "010002000300e803",
                hex(BinaryJsonWriter.encode("[[1,2],[3,1000]]", false, 0)));
    }

    @Test
    void homogeneityRules() {
        assertEquals("a0", hex(body("[]")));            // empty list stays a list
        assertEquals("a2a0a0", hex(body("[[],[]]")));  // no leaves: list of lists
        assertEquals("a2" + "2276", hex(body("[1,3.0]")));  // int and float are distinct
        assertEquals("a2" + "00" + "e1010100", hex(body("[null,[0]]")));  // null breaks homogeneity
        // ragged: list of two 1-D arrays
        assertEquals("a2" + "e102010102" + "e1010103", hex(body("[[1,2],[3]]")));
    }

    private static byte[] body(String json) {
        byte[] all = BinaryJsonWriter.encode(json, false, 0);
        return java.util.Arrays.copyOfRange(all, 5, all.length);
    }

    @Test
    void nestingDeeperThan15KeepsOuterLevelsAsLists() {
        String json = "[".repeat(16) + "7" + "]".repeat(16);
        byte[] b = body(json);
        assertEquals(0xa1, b[0] & 0xff);              // one list level
        assertEquals(0xef, b[1] & 0xff);              // then a 15-D int array
        List<Diagnostic> d = new ArrayList<>();
        JsonNode back = BinaryJson.decodeToTree(ByteSource.of(BinaryJsonWriter.encode(json, true, 0), "x"), d);
        assertNull(BjTesting.diff(BjTesting.expected(BinaryJsonWriter.parseJson(json)), back, ""));
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 7, 100})
    void compressionOutOfRangeIsRefused(int c) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BinaryJsonWriter.encode("1", false, c));
        assertTrue(e.getMessage().contains("0..6"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"{", "[1,]", "{\"a\":1,\"a\":2}", "1 2", "", "123456789012345678901234567890"})
    void badJsonIsRefused(String json) {
        assertThrows(IllegalArgumentException.class, () -> BinaryJsonWriter.encode(json, false, 0));
    }

    @Test
    void nonFiniteTokensAreAccepted() {
        List<Diagnostic> d = new ArrayList<>();
        JsonNode back = BinaryJson.decodeToTree(ByteSource.of(
                BinaryJsonWriter.encode("[NaN, Infinity, -Infinity, 1.5]", false, 0), "x"), d);
        assertTrue(Double.isNaN(back.get(0).doubleValue()));
        assertEquals(Double.POSITIVE_INFINITY, back.get(1).doubleValue());
        assertEquals(Double.NEGATIVE_INFINITY, back.get(2).doubleValue());
    }

    @Test
    void jsonOutputStyle() throws Exception {
        StringBuilder sb = new StringBuilder();
        byte[] b = BinaryJsonWriter.encode("{\"a\":[1,2.5,1e300,3.0],\"b\":[NaN,-Infinity,Infinity,0.1],\"c\":\"q\\\"\\n\",\"d\":[true,null]}", false, 0);
        BinaryJson.DecodeResult r = BinaryJson.decodeToJson(ByteSource.of(b, "x"), sb);
        assertTrue(r.complete());
        assertEquals("{\"a\":[1,2.5,1e300,3.0],\"b\":[NaN,-Infinity,Infinity,0.1],\"c\":\"q\\\"\\n\",\"d\":[true,null]}", sb.toString());
    }

    // ------------------------------------------------------------------ random documents

    static Stream<Long> seeds() { return Stream.iterate(1L, s -> s + 1).limit(40); }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void randomDocumentsRoundTrip(long seed) {
        Random rnd = new Random(seed);
        JsonNode doc = randomValue(rnd, 0);
        for (int c = 0; c <= 6; c++) {
            for (boolean sj : new boolean[] {false, true}) {
                byte[] enc = BinaryJsonWriter.encode(doc, sj, c);
                List<Diagnostic> d = new ArrayList<>();
                JsonNode back = BinaryJson.decodeToTree(ByteSource.of(enc, "r"), d);
                assertEquals(List.of(), BjTesting.keys(d));
                assertNull(BjTesting.diff(truncated(doc, c), back, ""), "c=" + c + " sj=" + sj);
                // what we read back encodes to the same bytes
                assertArrayEquals(enc, BinaryJsonWriter.encode(back, sj, c));
                // and the inspection tree walks cleanly
                assertEquals(List.of(), BjTesting.keys(BjTesting.walk(BinaryJson.open(ByteSource.of(enc, "r"), "r"))));
            }
        }
        // JSON text output parses back to the same document at c = 0 (no f32 in random floats with fractions)
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void jsonTextRoundTrips(long seed) throws Exception {
        JsonNode doc = randomValue(new Random(seed), 0);
        byte[] enc = BinaryJsonWriter.encode(doc, seed % 2 == 0, 0);
        StringBuilder sb = new StringBuilder();
        BinaryJson.decodeToJson(ByteSource.of(enc, "r"), sb);
        JsonNode reparsed = BinaryJsonWriter.parseJson(sb.toString());
        JsonNode decoded = BinaryJson.decodeToTree(ByteSource.of(enc, "r"), new ArrayList<>());
        assertNull(textDiff(decoded, reparsed, ""), sb.toString());
    }

    /** Like BjTesting.diff, but a float stored as f32 prints as its float repr: it matches when read back as a float. */
    private static String textDiff(JsonNode want, JsonNode got, String path) {
        if (want.isFloatingPointNumber() && got.isFloatingPointNumber()) {
            double a = want.doubleValue(), b = got.doubleValue();
            if (Double.isNaN(a) && Double.isNaN(b)) return null;
            if (Double.doubleToRawLongBits(a) == Double.doubleToRawLongBits(b)) return null;
            boolean f32 = Double.doubleToRawLongBits((float) a) == Double.doubleToRawLongBits(a);
            return f32 && Float.floatToRawIntBits((float) b) == Float.floatToRawIntBits((float) a) ? null : path + ": " + a + " vs " + b;
        }
        if (want.isContainerNode() && got.isContainerNode() && want.size() == got.size()) {
            if (want.isObject()) {
                var it = want.fieldNames();
                while (it.hasNext()) {
                    String k = it.next();
                    String d = got.has(k) ? textDiff(want.get(k), got.get(k), path + "/" + k) : path + "/" + k + " missing";
                    if (d != null) return d;
                }
                return null;
            }
            for (int i = 0; i < want.size(); i++) {
                String d = textDiff(want.get(i), got.get(i), path + "/" + i);
                if (d != null) return d;
            }
            return null;
        }
        return BjTesting.diff(want, got, path);
    }

    static JsonNode truncated(JsonNode v, int c) {
        long mask = -1L << Header.removedBits(c);
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (v.isObject()) {
            ObjectNode o = f.objectNode();
            v.fields().forEachRemaining(e -> o.set(e.getKey(), truncated(e.getValue(), c)));
            return o;
        }
        if (v.isArray()) {
            ArrayNode a = f.arrayNode();
            for (JsonNode e : v) a.add(truncated(e, c));
            return a;
        }
        if (v.isFloatingPointNumber()) return f.numberNode(Double.longBitsToDouble(Double.doubleToRawLongBits(v.doubleValue()) & mask));
        return v;
    }

    private static final String[] WORDS = {"a", "b", "key", "x", "ζήτα", "七", "", "long string with spaces", "\"q\"", "tab\t"};

    static JsonNode randomValue(Random r, int depth) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        int k = depth > 4 ? r.nextInt(6) : r.nextInt(10);
        switch (k) {
            case 0: return f.nullNode();
            case 1: return f.booleanNode(r.nextBoolean());
            case 2: return f.numberNode(randomLong(r));
            case 3: return f.numberNode(randomDouble(r));
            case 4: return f.textNode(WORDS[r.nextInt(WORDS.length)] + (r.nextInt(4) == 0 ? r.nextInt(100) : ""));
            case 5: return f.numberNode((double) r.nextInt(1000) - 500);
            case 6: {
                ObjectNode o = f.objectNode();
                int n = r.nextInt(8);
                for (int i = 0; i < n; i++) o.set(WORDS[r.nextInt(WORDS.length)] + i, randomValue(r, depth + 1));
                return o;
            }
            case 7: {
                ArrayNode a = f.arrayNode();
                int n = r.nextInt(8);
                for (int i = 0; i < n; i++) a.add(randomValue(r, depth + 1));
                return a;
            }
            default: {
                // a homogeneous N-D array of random shape and type
                int dims = 1 + r.nextInt(3);
                int[] shape = new int[dims];
                for (int i = 0; i < dims; i++) shape[i] = 1 + r.nextInt(5);
                int type = r.nextInt(4);
                return nd(r, shape, 0, type);
            }
        }
    }

    private static JsonNode nd(Random r, int[] shape, int level, int type) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ArrayNode a = f.arrayNode();
        for (int i = 0; i < shape[level]; i++) {
            if (level < shape.length - 1) a.add(nd(r, shape, level + 1, type));
            else a.add(switch (type) {
                case 0 -> f.textNode(WORDS[r.nextInt(WORDS.length)]);
                case 1 -> f.booleanNode(r.nextBoolean());
                case 2 -> f.numberNode(randomLong(r));
                default -> f.numberNode(randomDouble(r));
            });
        }
        return a;
    }

    private static long randomLong(Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> r.nextInt(16) - 8;
            case 1 -> r.nextInt(1 << 16) - (1 << 15);
            case 2 -> r.nextInt();
            case 3 -> r.nextLong();
            default -> r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
        };
    }

    private static double randomDouble(Random r) {
        return switch (r.nextInt(8)) {
            case 0 -> r.nextGaussian() * 1e6;
            case 1 -> Double.longBitsToDouble(r.nextLong());
            case 2 -> r.nextInt(100) / 4.0;
            case 3 -> Double.NaN;
            case 4 -> r.nextBoolean() ? Double.POSITIVE_INFINITY : -0.0;
            case 5 -> (float) r.nextGaussian();
            case 6 -> (double) r.nextLong();
            default -> r.nextDouble();
        };
    }
}
