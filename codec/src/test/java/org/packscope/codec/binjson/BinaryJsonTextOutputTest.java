package org.packscope.codec.binjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Iterator;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

/**
 * What {@code decode --format json} and {@code inspect} print: read back the way any JSON
 * reader does (numbers with a '.' or exponent as binary64), every fixture must give its
 * expected document bit for bit. f32 and float-as-int values are the cases that differed.
 */
class BinaryJsonTextOutputTest {
    private static final ObjectMapper READER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

    static Stream<BjTesting.Fixture> decodable() {
        return Stream.concat(BjTesting.fixtures("valid").stream(), BjTesting.fixtures("warning").stream());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("decodable")
    void jsonTextReadsBackAsTheExpectedDocument(BjTesting.Fixture f) throws Exception {
        StringBuilder out = new StringBuilder();
        BinaryJson.DecodeResult r = BinaryJson.decodeToJson(ByteSource.of(Fixtures.bytes(f.file()), f.name()), out);
        assertTrue(r.complete(), f.name());
        JsonNode got = READER.readTree(out.toString());
        assertNull(BjTesting.diff(BjTesting.expected(f.json(".expected.json")), got, ""), out.toString());
    }

    /** The inspection tree's value of each map entry reads back as the expected double. */
    @ParameterizedTest
    @ValueSource(strings = {"v_float_f32_values", "v_hand_f32_and_fai_at_c3", "v_float_as_int_c2_sj", "v_float_scalars_c0"})
    void inspectShowsTheDoubleAReaderGets(String name) {
        BjTesting.Fixture f = BjTesting.fixtures(null).stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
        JsonNode want = BjTesting.expected(f.json(".expected.json"));
        Node root = BjTesting.open(f);
        int checked = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = want.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isFloatingPointNumber()) continue;
            Node entry = findNamed(root, e.getKey());
            assertNotNull(entry, "no node for " + e.getKey());
            ValueColumn v = entry.values();
            assertNotNull(v, e.getKey());
            String text = v.text(0);
            double back = text.equals("NaN") ? Double.NaN : Double.parseDouble(text);
            assertEquals(Double.doubleToRawLongBits(e.getValue().doubleValue()), Double.doubleToRawLongBits(back),
                    e.getKey() + " shows " + text);
            assertTrue(entry.summary().startsWith(text), entry.summary() + " vs " + text);
            checked++;
        }
        assertTrue(checked > 0);
    }

    private static Node findNamed(Node n, String name) {
        for (Node c : n.children()) {
            if (c.name().equals(name) || c.name().startsWith(name + " ") || c.name().endsWith("\"" + name + "\"")) return c;
            Node deeper = c.isDrillDown() ? null : findNamed(c, name);
            if (deeper != null) return deeper;
        }
        return null;
    }
}
