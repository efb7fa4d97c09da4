package org.packscope.codec.rds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

/** Every BPCells .rds fixture parses completely and its R structure matches NAME.json. */
class RdsFixturesTest {
    static final String DIR = "fixtures/bpcells-rds/";
    private static final ObjectMapper JSON = new ObjectMapper();

    static Stream<String> fixtures() throws IOException {
        JsonNode manifest = JSON.readTree(Fixtures.resource(DIR + "MANIFEST.json").toFile());
        List<String> names = new ArrayList<>();
        manifest.get("fixtures").forEach(f -> names.add(f.get("name").asText()));
        return names.stream();
    }

    static JsonNode meta(String name) throws IOException {
        return JSON.readTree(Fixtures.resource(DIR + name + ".json").toFile());
    }

    static Path rds(String name) {
        return Fixtures.resource(DIR + name + ".rds");
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void parsesCompletelyAndMatchesMetadata(String name) throws IOException {
        JsonNode meta = meta(name);
        ByteSource file = ByteSource.open(rds(name));
        Unwrapped u = RdsUnwrapper.unwrap(file);
        assertEquals(meta.at("/rds/compression").asText(), u.compression().label());
        assertEquals(List.of(), u.diagnostics());
        RdsStream s = RdsParser.parse(u.data());
        assertEquals(List.of(), s.diagnostics());
        assertEquals(u.data().size(), s.end(), "the object ends the stream");
        assertEquals(meta.at("/rds/serialization_version").asInt(), s.header().version());
        assertEquals(0x00040202, s.header().writerVersion());

        RItem.S4 root = assertInstanceOf(RItem.S4.class, s.root());
        assertEquals(0x00010319, root.flags().word());
        assertEquals(meta.get("r_class").asText(), root.className());
        assertEquals(List.of("BPCells"), RItem.strings(root.attribute("class").attribute("package")));

        RItem.PairList slots = assertInstanceOf(RItem.PairList.class, root.attributes());
        List<String> order = new ArrayList<>();
        slots.cells().forEach(c -> order.add(c.tagName()));
        List<String> expectedOrder = new ArrayList<>();
        meta.get("attribute_order").forEach(x -> expectedOrder.add(x.asText()));
        assertEquals(expectedOrder, order);

        for (JsonNode slot : meta.get("slots")) {
            RItem v = root.attribute(slot.get("name").asText());
            assertNotNull(v, slot.get("name").asText());
            assertEquals(slot.get("r_type").asText(), RFlags.rTypeName(v.type()), slot.get("name").asText());
            long len = v instanceof RItem.Vector vec ? vec.length() : ((RItem.Elements) v).length();
            assertEquals(slot.get("length").asLong(), len, slot.get("name").asText());
        }
        assertEquals(List.of(meta.get("version_slot").asText()), RItem.strings(root.attribute("version")));
        RItem.Vector dim = (RItem.Vector) root.attribute("dim");
        if (dim.type() == RFlags.INTSXP) {
            assertEquals(meta.at("/shape/0").asInt(), dim.intAt(0));
            assertEquals(meta.at("/shape/1").asInt(), dim.intAt(1));
        } else {
            assertEquals(meta.at("/shape/0").asDouble(), dim.doubleAt(0));
            assertEquals(meta.at("/shape/1").asDouble(), dim.doubleAt(1));
        }
        RItem.Vector transpose = (RItem.Vector) root.attribute("transpose");
        assertEquals(meta.get("transpose_slot").asBoolean() ? 1 : 0, transpose.intAt(0));
        RItem.Elements dimnames = (RItem.Elements) root.attribute("dimnames");
        assertEquals(texts(meta.get("row_names")), orEmpty(RItem.strings(dimnames.elements().get(0))));
        assertEquals(texts(meta.get("col_names")), orEmpty(RItem.strings(dimnames.elements().get(1))));
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void detectedByContentAndShownAsTree(String name) throws IOException {
        JsonNode meta = meta(name);
        FormatRegistry registry = FormatRegistry.standard();
        assertEquals("rds", registry.detect(rds(name)).id());
        Node root = registry.open(rds(name));
        Node object = root.child("object");
        assertNotNull(object);
        assertEquals("r-s4", object.kind());
        assertTrue(object.summary().contains(meta.get("r_class").asText()), object.summary());
        for (JsonNode slot : meta.get("slots")) {
            Node n = object.child(slot.get("name").asText());
            assertNotNull(n, slot.get("name").asText());
            assertEquals("r-" + slot.get("r_type").asText(), n.kind());
            // Field spans point into the decompressed stream: the type byte holds the SEXPTYPE.
            Field type = field(n, "type");
            assertEquals(n.source().u8(type.span().byteOffset()), Integer.parseInt(type.value().split(" ")[0]));
            Field cellType = field(n, "cell type");
            assertEquals(RFlags.LISTSXP, n.source().u8(cellType.span().byteOffset()));
            Field tag = field(n, "tag");
            assertEquals(slot.get("name").asText(), tag.value());
        }
        assertNotNull(object.child("class"));
        org.packscope.codec.inspect.DataTable slots = object.tables().get(0);
        assertEquals("slots", slots.title());
        assertEquals(meta.get("attribute_order").size(), slots.rows().size());
        assertEquals(meta.at("/attribute_order/0").asText(), slots.rows().get(0).get(0));
    }

    static Field field(Node n, String name) {
        return n.fields().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no field " + name + " in " + n));
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(x -> out.add(x.asText()));
        return out;
    }

    private static List<String> orEmpty(List<String> l) {
        return l == null ? List.of() : l;
    }
}
