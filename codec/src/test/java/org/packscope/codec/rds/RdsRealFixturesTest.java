package org.packscope.codec.rds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.testing.Fixtures;

/**
 * Files written by R itself (make_fixtures.R beside them): NA in every type, byte-compiled
 * closures, a self-referencing environment, wrap and compact-sequence ALTREP objects, an
 * ASCII stream with CRLF line ends. Each opens without an error and its vectors decode to
 * the values R read back (MANIFEST.json).
 */
class RdsRealFixturesTest {
    static final String DIR = "fixtures/rds-real/";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final FormatRegistry REGISTRY = FormatRegistry.standard();

    static Stream<JsonNode> files() throws IOException {
        List<JsonNode> out = new ArrayList<>();
        JSON.readTree(Fixtures.resource(DIR + "MANIFEST.json").toFile()).get("files").forEach(out::add);
        return out.stream();
    }

    static Node open(String name) {
        return REGISTRY.open(Fixtures.resource(DIR + name));
    }

    @ParameterizedTest
    @MethodSource("files")
    void opensWithoutErrorsAndDecodesToRsValues(JsonNode file) {
        Node root = open(file.get("file").asText());
        assertEquals("rds", root.kind());
        assertEquals(List.of(), problems(root), "problems of " + file.get("file").asText());
        assertEquals(List.of(), RNodeWalk.failures(root, 20_000), "opening nodes, explanations, values and traces");
        for (JsonNode v : file.get("vectors")) {
            Node n = root.find(v.get("path").asText());
            assertNotNull(n, v.get("path").asText());
            assertNull(RValues.mismatch(n.values(), v), v.get("path").asText());
        }
    }

    /** Errors and warnings on the file node and its children (where the stream's problems go). */
    static List<String> problems(Node file) {
        List<String> out = new ArrayList<>();
        List<Node> nodes = new ArrayList<>(List.of(file));
        nodes.addAll(file.children());
        for (Node n : nodes) {
            for (Diagnostic d : n.diagnostics()) {
                if (d.severity() != Severity.INFO) out.add(d.rule() + ": " + d.message());
            }
        }
        return out;
    }

    @Test
    void naIsAGapAndTheStringNaIsAValue() {
        ValueColumn chr = open("na_all_types.rds").find("object/chr").values();
        byte[] marks = new byte[4];
        chr.gaps(0, marks, 0, 4);
        assertEquals(List.of("PRESENT", "MISSING", "PRESENT", "PRESENT"), names(marks));
        assertEquals("NA", chr.text(2));
        ValueColumn dbl = open("na_all_types.rds").find("object/dbl").values();
        dbl.gaps(0, marks, 0, 4);
        assertEquals(List.of("PRESENT", "MISSING", "PRESENT", "PRESENT"), names(marks), "NaN is a value, NA is not");
        assertNotNull(dbl.gapReason(1));
        assertNull(dbl.gapReason(2));
    }

    private static List<String> names(byte[] marks) {
        List<String> out = new ArrayList<>();
        for (byte m : marks) out.add(m == ValueColumn.PRESENT ? "PRESENT" : m == ValueColumn.MISSING ? "MISSING" : "UNDECODABLE");
        return out;
    }

    @Test
    void byteCodeIsReadWithItsConstantsAndWhatFollowsIt() {
        Node f = open("bytecode.rds").find("object/f");
        assertEquals("r-closure", f.kind());
        Node body = f.children().get(f.childCount() - 1);
        assertEquals("r-bytecode", body.kind(), "a compiled closure's body is byte code");
        Node code = body.children().get(0);
        assertEquals("r-integer", code.kind(), "the code is an integer vector (its first word the byte code version)");
        assertTrue(body.childCount() > 3, "the constant pool is read: " + body.childCount());
        assertTrue(body.summary().contains("bytecode") || body.summary().contains("BCODESXP"), body.summary());
    }

    @Test
    void aSelfReferencingEnvironmentIsValid() {
        Node e = open("env_self.rds").find("object/e");
        assertEquals("r-environment", e.kind());
        RdsStream s = RdsFile.read(org.packscope.codec.io.ByteSource.of(
                Fixtures.bytes(Fixtures.resource(DIR + "env_self.rds")), "env_self.rds"));
        assertEquals(List.of(), s.diagnostics().stream().filter(d -> d.severity() != Severity.INFO).toList());
        RItem.Environment env = (RItem.Environment) ((RItem.Elements) s.root()).elements().get(0);
        List<RItem> refs = new ArrayList<>();
        collectRefs(env, refs, 0);
        assertTrue(refs.stream().anyMatch(r -> ((RItem.Ref) r).target() == env), "the environment refers to itself");
    }

    private static void collectRefs(RItem item, List<RItem> out, int depth) {
        if (depth > 20 || item == null) return;
        if (item instanceof RItem.Ref) out.add(item);
        if (item instanceof RItem.Environment e) e.parts().forEach(p -> collectRefs(p, out, depth + 1));
        if (item instanceof RItem.Elements e) e.elements().forEach(p -> collectRefs(p, out, depth + 1));
        if (item instanceof RItem.PairList p) {
            p.cells().forEach(c -> collectRefs(c.car(), out, depth + 1));
            collectRefs(p.tail(), out, depth + 1);
        }
    }

    @Test
    void compactSequencesGiveEveryValueWithoutHoldingThem() {
        Node root = open("altrep_compact.rds");
        ValueColumn ints = root.find("object/ints/expanded").values();
        assertEquals(1_000_000, ints.count());
        long[] v = new long[3];
        ints.read(0, v, 0, 1);
        ints.read(499_999, v, 1, 1);
        ints.read(999_999, v, 2, 1);
        assertEquals(List.of(1L, 500_000L, 1_000_000L), List.of(v[0], v[1], v[2]));
        ValueColumn reals = root.find("object/reals/expanded").values();
        reals.read(999, v, 0, 1);
        assertEquals(2147484647.0, Double.longBitsToDouble(v[0]));
        Node expanded = root.find("object/ints/expanded");
        assertTrue(expanded.source().size() >= 4_000_000, "the expansion is a stream of the full size");
        assertTrue(expanded.source() instanceof CompactSequenceSource, "whose bytes are computed, not held");
    }

    @Test
    void aCrlfAsciiFileIsRecognisedByContent() {
        assertEquals("rds", REGISTRY.detect(Fixtures.resource(DIR + "ascii_crlf.rds")).id());
    }

    @Test
    void theFileNodeOffersTheObjectsValues() {
        Node root = open("plain_vector.rds");
        assertNotNull(root.values(), "decode file.rds needs no ::object");
        assertEquals(3, root.values().count());
        assertNull(open("na_all_types.rds").values(), "a list has no values of its own");
        assertEquals(5, open("seq_root.rds").values().count(), "an ALTREP object offers its expansion's values");
    }
}
