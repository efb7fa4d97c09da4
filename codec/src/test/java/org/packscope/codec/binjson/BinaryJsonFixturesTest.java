package org.packscope.codec.binjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

/** Every shared fixture: valid and warning files decode exactly, corrupt files report the expected problem. */
class BinaryJsonFixturesTest {

    static Stream<BjTesting.Fixture> valid() { return BjTesting.fixtures("valid").stream(); }

    static Stream<BjTesting.Fixture> corrupt() { return BjTesting.fixtures("corrupt").stream(); }

    static Stream<BjTesting.Fixture> warning() { return BjTesting.fixtures("warning").stream(); }

    static Stream<BjTesting.Fixture> decodable() { return Stream.concat(valid(), warning()); }

    private static ByteSource source(BjTesting.Fixture f) {
        return ByteSource.of(Fixtures.bytes(f.file()), f.file().getFileName().toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valid")
    void validDecodesExactlyWithoutDiagnostics(BjTesting.Fixture f) {
        List<Diagnostic> diags = new ArrayList<>();
        JsonNode got = BinaryJson.decodeToTree(source(f), diags);
        assertEquals(List.of(), BjTesting.keys(diags));
        assertNull(BjTesting.diff(BjTesting.expected(f.json(".expected.json")), got, ""));
        assertEquals(List.of(), BjTesting.keys(BjTesting.walk(BinaryJson.open(source(f), f.name()))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("warning")
    void warningFilesDecodeWithTheirWarnings(BjTesting.Fixture f) {
        List<Diagnostic> diags = new ArrayList<>();
        JsonNode got = BinaryJson.decodeToTree(source(f), diags);
        assertNull(BjTesting.diff(BjTesting.expected(f.json(".expected.json")), got, ""));
        List<String> want = new ArrayList<>();
        for (JsonNode w : f.json(".warning.json").get("warnings")) {
            want.add(w.get("warning_kind").asText() + "@" + w.get("byte_offset").asLong());
        }
        assertTrue(diags.stream().allMatch(d -> d.severity() == Severity.WARNING), () -> BjTesting.keys(diags).toString());
        assertEquals(want, BjTesting.keys(diags));
        assertEquals(want, BjTesting.keys(BjTesting.walk(BinaryJson.open(source(f), f.name()))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corrupt")
    void corruptFilesReportTheExpectedProblem(BjTesting.Fixture f) {
        JsonNode c = f.json(".corrupt.json");
        Set<String> acceptable = new HashSet<>();
        acceptable.add(c.get("error_kind").asText() + "@" + c.get("byte_offset").asLong());
        if (c.has("also_acceptable")) {
            for (JsonNode a : c.get("also_acceptable")) acceptable.add(a.get("error_kind").asText() + "@" + a.get("byte_offset").asLong());
        }
        String primary = c.get("error_kind").asText() + "@" + c.get("byte_offset").asLong();

        BinaryJson.DecodeResult r = BinaryJson.decode(source(f), new BinaryJson.TreeBuilder());
        List<String> errors = r.diagnostics().stream().filter(d -> d.severity() == Severity.ERROR).map(BjTesting::key).toList();
        assertFalse(errors.isEmpty(), "no error reported");
        assertEquals(primary, errors.get(0), "first error (acceptable: " + acceptable + ")");

        Node root = BinaryJson.open(source(f), f.name());
        List<String> walked = BjTesting.keys(BjTesting.walk(root));
        assertEquals(1, walked.stream().filter(primary::equals).count(), () -> "walk reported " + walked);
        for (String k : walked) {
            if (k.startsWith("unreadable") || k.startsWith("truncated")) throw new AssertionError("loader failure: " + walked);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("decodable")
    void encodeThenDecodeRoundTrips(BjTesting.Fixture f) {
        JsonNode doc = BjTesting.expected(f.json(".expected.json"));
        JsonNode meta = f.json(".json");
        int c = meta.get("floatcomp").asInt();
        byte[] ours = BinaryJsonWriter.encode(doc, f.seekable(), c);
        List<Diagnostic> diags = new ArrayList<>();
        JsonNode back = BinaryJson.decodeToTree(ByteSource.of(ours, "ours"), diags);
        assertEquals(List.of(), BjTesting.keys(diags));
        assertNotNull(back);
        assertNull(BjTesting.diff(doc, back, ""));
        assertEquals(List.of(), BjTesting.keys(BjTesting.walk(BinaryJson.open(ByteSource.of(ours, "ours"), "ours"))));
    }
}
