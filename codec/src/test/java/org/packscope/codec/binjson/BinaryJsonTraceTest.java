package org.packscope.codec.binjson;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.ValueType;

/** Value traces: every column node can trace, each trace ends at the decoded value, spans stay in the file. */
class BinaryJsonTraceTest {

    static Stream<BjTesting.Fixture> decodable() {
        return Stream.concat(BjTesting.fixtures("valid").stream(), BjTesting.fixtures("warning").stream());
    }

    /** Traces value k and checks it against the column: same index and value, last step's value, spans in range. */
    private static Trace checked(Node n, long k) {
        ValueColumn c = n.values();
        Trace t = n.facet(ValueTracer.class).trace(k, Progress.NONE);
        String want = c.text(k);
        assertEquals(k, t.index());
        assertEquals(want, t.value(), n.path() + " value " + k);
        assertFalse(t.steps().isEmpty());
        assertEquals(want, t.steps().get(t.steps().size() - 1).value(), n.path() + " last step of value " + k);
        for (Trace.Step s : t.steps()) {
            assertFalse(s.title().isEmpty());
            assertFalse(s.explanation().isEmpty(), s.title());
            assertNotNull(s.source());
            if (s.span() != null) {
                assertTrue(s.span().endBit() <= s.source().size() * 8, n.path() + ": " + s.title() + " " + s.span());
            }
        }
        return t;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("decodable")
    void everyValueColumnTracesToItsDecodedValue(BjTesting.Fixture f) {
        Node root = BjTesting.open(f);
        long[] traced = {0};
        Random rnd = new Random(7);
        BjTesting.visitAll(root, n -> {
            ValueColumn c = n.values();
            if (c == null) {
                assertNull(n.facet(ValueTracer.class), n.path());
                return;
            }
            assertNotNull(n.facet(ValueTracer.class), "no tracer at " + n.path());
            long count = c.count();
            List<Long> ks = new ArrayList<>();
            if (count <= 64) {
                for (long k = 0; k < count; k++) ks.add(k);
            } else {
                ks.addAll(List.of(0L, 1L, count / 2, count - 1));
                for (int i = 0; i < 20; i++) ks.add((long) rnd.nextInt((int) Math.min(count, Integer.MAX_VALUE)));
            }
            for (long k : ks) checked(n, k);
            traced[0] += ks.size();
            assertThrows(IndexOutOfBoundsException.class, () -> n.facet(ValueTracer.class).trace(count, Progress.NONE));
        });
        // every fixture but the two empty roots holds at least one value
        assertEquals(f.name().matches("v_root_empty_(list|map)"), traced[0] == 0, f.name() + ": " + traced[0] + " traced");
    }

    private static Node encode(String json, boolean sj, int c) {
        return BinaryJsonTeaching.explain(json, sj, c).node();
    }

    private static Trace.Step step(Trace t, String title) {
        return t.steps().stream().filter(s -> s.title().equals(title)).findFirst()
                .orElseThrow(() -> new AssertionError("no step " + title + " in " + t.steps().stream().map(Trace.Step::title).toList()));
    }

    @Test
    void intWithContinuationFollowsTheSpecExample() {
        // spec 1: Int 100 → zigzag 200 → bytes 38 0C; the root value sits after "BJ" 01 00 and an empty table (00)
        Node root = encode("100", false, 0);
        assertEquals(ValueType.I64, root.values().type());
        Trace t = checked(root, 0);
        assertEquals(List.of("type byte", "tag", "continuation flag C", "low bits", "continuation", "reassemble", "unzigzag"),
                t.steps().stream().map(Trace.Step::title).toList());
        assertEquals(Span.bytes(5, 1), step(t, "type byte").span());
        assertEquals("0x38 = 00111000", step(t, "type byte").value());
        assertEquals(Span.bits(45, 3), step(t, "tag").span());
        assertEquals("001", step(t, "tag").value());
        assertEquals(Span.bits(44, 1), step(t, "continuation flag C").span());
        assertEquals("1", step(t, "continuation flag C").value());
        assertEquals(Span.bits(40, 4), step(t, "low bits").span());
        assertEquals("1000 = 8", step(t, "low bits").value());
        assertEquals(Span.bytes(6, 1), step(t, "continuation").span());
        assertEquals("12", step(t, "continuation").value());
        assertEquals("200", step(t, "reassemble").value());
        assertNull(step(t, "reassemble").span());
        assertEquals("100", t.value());
    }

    @Test
    void smallNegativeIntFitsInTheTypeByte() {
        Trace t = checked(encode("-3", false, 0), 0); // zigzag 5 → 0x25
        assertEquals("0x25 = 00100101", step(t, "type byte").value());
        assertEquals("0", step(t, "continuation flag C").value());
        assertEquals("-3", step(t, "unzigzag").value());
        assertTrue(t.steps().stream().noneMatch(s -> s.title().equals("continuation")));
    }

    @Test
    void stringValueLeadsToItsTableEntry() {
        // "BJ" 01 00 | table: 01, 05 "hello" (bytes 5..10) | root 0x40 at 11
        Node root = encode("\"hello\"", false, 0);
        assertEquals(ValueType.TEXT, root.values().type());
        Trace t = checked(root, 0);
        assertEquals(Span.bytes(11, 1), step(t, "type byte").span());
        assertEquals("010", step(t, "tag").value());
        assertEquals("0", step(t, "string index").value());
        assertEquals(Span.bytes(5, 1), step(t, "entry 0: byte length").span());
        assertEquals("5", step(t, "entry 0: byte length").value());
        assertEquals(Span.bytes(6, 5), step(t, "entry 0: UTF-8 bytes").span());
        assertEquals("hello", t.value());
    }

    @Test
    void truncatedScalarFloatShowsTheRemovedBits() {
        // c = 2: r = 12, K = 52; hhhh = top nibble 0x3 of 0x3FB999999999999A, then 6 payload bytes
        Node root = encode("0.1", false, 2);
        Trace t = checked(root, 0);
        assertEquals("0x13 = 00010011", step(t, "type byte").value());
        assertEquals(Span.bits(40, 4), step(t, "hhhh").span());
        assertEquals("0011", step(t, "hhhh").value());
        assertEquals(Span.bytes(6, 6), step(t, "payload").span());
        assertEquals("FB 99 99 99 99 99", step(t, "payload").value());
        assertEquals("0x3FB9999999999000", step(t, "restore removed bits").value());
        assertEquals(JsonFloats.format(Double.longBitsToDouble(0x3FB9999999999000L)), t.value());
        long[] one = new long[1];
        root.values().read(0, one, 0, 1);
        assertEquals(0x3FB9999999999000L, one[0]);
    }

    @Test
    void f32AndFloatAsIntAndConstants() {
        Node root = encode("{\"f\": 0.5, \"g\": 3.0, \"t\": true, \"n\": null}", false, 0);
        Node f = root.child("f");
        Trace tf = checked(f, 0);
        assertEquals("0.5", tf.value());
        // 0.5 is shortest as float-as-int? no: it is not integral, so f32 0x3F000000
        assertEquals("0x3F000000", step(tf, "binary32").value());
        assertEquals(ValueType.F32, f.values().type());
        Trace tg = checked(root.child("g"), 0);
        assertEquals("3.0", tg.value());
        assertEquals("0111", step(tg, "tag").value());
        assertEquals("3", step(tg, "unzigzag").value());
        assertEquals("true", checked(root.child("t"), 0).value());
        assertEquals("null", checked(root.child("n"), 0).value());
        assertNull(root.values());
    }

    @Test
    void intArrayElementHasItsWidthAndBytes() {
        // "BJ" 01 00 00 | 0xE2 dims 02 03 | width 02 at 8 | data at 9
        Node root = encode("[[1, -2, 300], [4, 5, 6]]", false, 0);
        Trace t = checked(root, 1);
        assertEquals("10 = int", step(t, "tt").value());
        assertEquals(Span.bits(44, 2), step(t, "tt").span());
        assertEquals("2", step(t, "dddd").value());
        assertEquals(Span.bytes(6, 1), step(t, "dim 0").span());
        assertEquals(Span.bytes(7, 1), step(t, "dim 1").span());
        assertEquals("1", step(t, "row-major position").value());
        assertEquals(Span.bytes(8, 1), step(t, "width").span());
        assertEquals(Span.bytes(11, 2), step(t, "element bytes").span());
        assertEquals("FE FF", step(t, "element bytes").value());
        assertEquals("-2", t.value());
        // the slice [1] traces its own index 2 as flat element 5
        Trace s = checked(root.child("1"), 2);
        assertEquals("5", step(s, "row-major position").value());
        assertEquals(Span.bytes(19, 2), step(s, "element bytes").span());
        // and a single element node traces as a column of one
        assertEquals("300", checked(root.child("0").child("2"), 0).value());
    }

    @Test
    void floatArrayElementReadsOneByteFromEveryPlane() {
        // c = 2: B = 7 planes of 3 bytes each; data at 7 ("BJ" 01 02 00 | 0xF1 03)
        Node root = encode("[1.5, -2.25, 3.1]", false, 2);
        Trace t = checked(root, 2);
        for (int j = 0; j < 7; j++) assertEquals(Span.bytes(7 + 3 * j + 2, 1), step(t, "plane " + j).span());
        long bits = Double.doubleToRawLongBits(3.1) & (-1L << 12);
        assertEquals(String.format("0x%016X", bits), step(t, "assemble").value());
        assertEquals(JsonFloats.format(Double.longBitsToDouble(bits)), t.value());
    }

    @Test
    void boolAndStringArraysInSeekableFiles() {
        Node root = encode("{\"b\": [true, false, true, true, false, false, false, false, true], \"s\": [\"x\", \"y\", \"x\"]}", true, 0);
        Node b = root.child("b");
        Trace tb = checked(b, 8);
        assertTrue(tb.steps().stream().anyMatch(s -> s.title().equals("body length (SJ)")));
        Trace.Step bit = step(tb, "bit");
        assertEquals(1, bit.span().bitLength());
        assertEquals(step(tb, "data byte").span().byteOffset() * 8, bit.span().startBit());
        assertEquals("true", tb.value());
        Trace ts = checked(root.child("s"), 1);
        assertEquals("y", ts.value());
        assertEquals("y", step(ts, "entry " + step(ts, "element uflex").value() + ": UTF-8 bytes").value());
    }

    @Test
    void damagedStringIndexTracesToEmptyText() {
        byte[] enc = BinaryJsonTeaching.explain("\"hello\"", false, 0).encoded();
        enc[11] = 0x43; // string index 3 of a one-string table
        Node root = BinaryJson.open(org.packscope.codec.io.ByteSource.of(enc, "bad.bj"), "bad.bj");
        Trace t = checked(root, 0);
        assertEquals("", t.value());
        assertEquals("3", step(t, "low bits").value().substring(step(t, "low bits").value().indexOf('=') + 2));
    }
}
