package org.packscope.codec.rds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import io.airlift.compress.bzip2.BZip2HadoopStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.packscope.codec.inspect.Explanation;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.io.ByteSource;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;

/** Value traces and field explanations on every rds node kind, fixtures and hand-built streams. */
class RdsTraceExplainTest {

    static Node fileNode(byte[] bytes, String name) {
        Node n = Node.of(name, "rds");
        RdsFile.fill(n, ByteSource.of(bytes, name));
        return n;
    }

    /** Traces value k of {@code n}; checks the value, the last step and every span. */
    static Trace check(Node n, long k) {
        ValueColumn col = n.values();
        ValueTracer tracer = n.facet(ValueTracer.class);
        assertNotNull(tracer, n.path() + " has values but no tracer");
        Trace t = tracer.trace(k, Progress.NONE);
        String expected = col.text(k);
        assertEquals(k, t.index());
        assertEquals(expected, t.value(), n.path() + "[" + k + "]");
        assertFalse(t.steps().isEmpty());
        assertEquals(expected, t.steps().get(t.steps().size() - 1).value(), n.path() + "[" + k + "] last step");
        for (Trace.Step s : t.steps()) {
            assertFalse(s.title().isEmpty());
            assertFalse(s.explanation().isEmpty(), s.title());
            if (s.span() != null) {
                assertNotNull(s.source(), s.title());
                assertTrue(s.span().bitLength() > 0, s.title());
                assertTrue(s.span().endBit() <= s.source().size() * 8, s.title() + " " + s.span() + " in " + s.source().size());
            }
        }
        return t;
    }

    static List<Long> sample(long count, int max) {
        List<Long> out = new ArrayList<>();
        if (count <= max) {
            for (long k = 0; k < count; k++) out.add(k);
            return out;
        }
        for (int i = 0; i < max; i++) out.add(i * (count - 1) / (max - 1));
        return out;
    }

    /** Every r-/rds node below {@code n}: values traced, fields explained. Returns the kinds seen. */
    static int walk(Node n, Set<String> kinds, boolean trace) {
        int fields = 0;
        boolean ours = n.kind().startsWith("r-") || n.kind().startsWith("rds");
        if (ours) {
            kinds.add(n.kind());
            FieldExplainer ex = n.facet(FieldExplainer.class);
            if (!n.fields().isEmpty()) assertNotNull(ex, n.path() + " has fields but no explainer");
            for (Field f : n.fields()) {
                Explanation e = ex.explain(f);
                assertNotNull(e, n.path() + ": field '" + f.name() + "'");
                assertFalse(e.title().isBlank(), f.name());
                assertFalse(e.text().isBlank(), f.name());
                assertFalse(e.specSection().isBlank(), f.name());
                fields++;
            }
            ValueColumn c = n.values();
            if (trace && c != null && !n.kind().equals("rds")) {
                for (long k : sample(c.count(), 25)) check(n, k);
            }
        }
        for (Node child : n.children()) fields += walk(child, kinds, trace);
        return fields;
    }

    @ParameterizedTest
    @MethodSource("org.packscope.codec.rds.RdsFixturesTest#fixtures")
    void everyFixtureFieldIsExplainedAndEveryVectorTraced(String name) throws IOException {
        Node n = RdsFile.open(RdsFixturesTest.rds(name));
        Set<String> kinds = new TreeSet<>();
        int fields = walk(n, kinds, true);
        assertTrue(fields > 40, name + ": " + fields);
        assertTrue(kinds.containsAll(Set.of("rds", "rds-header", "r-s4", "r-integer", "r-double", "r-logical",
                "r-character", "r-list")), kinds.toString());
    }

    // ------------------------------------------------------------------ a stream with every kind

    /** A named list of every vector kind, two ALTREPs, an environment, a builtin, a reference and an S4 object. */
    static byte[] everyKind() {
        XdrWriter w = XdrWriter.v3().flags(RFlags.VECSXP, false, true, false, 0).i32(12);
        w.i32(RFlags.LGLSXP).i32(3).i32(1).i32(0).i32(Integer.MIN_VALUE);
        w.ints(7, -2, Integer.MIN_VALUE, 0x7fffffff);
        w.reals(1.5, -0.0, Double.POSITIVE_INFINITY, Double.NaN, Double.longBitsToDouble(0x7ff00000000007a2L),
                Double.MIN_VALUE, 1e300);
        w.i32(RFlags.CPLXSXP).i32(2).f64(1).f64(-2).f64(0.25).f64(3);
        w.i32(RFlags.RAWSXP).i32(3).raw(new byte[] {0, (byte) 0xab, 0x7f});
        w.i32(RFlags.STRSXP).i32(5).ascii("plain").naString()
                .chars("héllo", RFlags.UTF8_MASK, StandardCharsets.UTF_8)
                .chars("café", RFlags.LATIN1_MASK, StandardCharsets.ISO_8859_1)
                .chars("\u00ff\u0001", RFlags.BYTES_MASK, StandardCharsets.ISO_8859_1);
        altrep(w, "compact_intseq", RFlags.INTSXP).reals(5, 3, 2).nil();
        altrep(w, "deferred_string", RFlags.STRSXP).i32(RFlags.LISTSXP);
        altrep(w, "compact_intseq", RFlags.INTSXP).reals(2, 8, 1).nil();
        w.ints(0).nil();
        // an environment holding x = 1L, with a tagged pairlist frame
        w.i32(RFlags.ENVSXP).i32(1).i32(RFlags.GLOBALENV_SXP).cell().sym("x").ints(1).nil()
                .nil().nil();
        w.i32(RFlags.BUILTINSXP).i32(3).raw("sum");
        // a symbol used again through a reference, and an S4 object
        w.i32(RFlags.LISTSXP | 0x400).ref(1).ints(2).nil();
        w.flags(RFlags.S4SXP, true, true, false, RFlags.S4_OBJECT_MASK).cell().sym("slot").ints(9)
                .cell().sym("class").flags(RFlags.STRSXP, false, false, false, 0).i32(1).ascii("Thing").nil();
        // names attribute of the list
        w.cell().sym("names").strings("lgl", "int", "dbl", "cplx", "raw", "chr", "seq", "dstr", "env", "fun", "ref", "s4")
                .nil();
        return w.bytes();
    }

    private static XdrWriter altrep(XdrWriter w, String cls, int type) {
        return w.i32(RFlags.ALTREP_SXP).i32(RFlags.LISTSXP).sym(cls).i32(RFlags.LISTSXP).sym("base")
                .i32(RFlags.LISTSXP).ints(type).nil();
    }

    static byte[] wrap(String how, byte[] data) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        switch (how) {
            case "none" -> { return data; }
            case "gzip" -> { return XdrWriter.gzip(data); }
            case "xz" -> {
                try (OutputStream o = new XZOutputStream(b, new LZMA2Options(1))) { o.write(data); }
            }
            default -> {
                try (OutputStream o = new BZip2HadoopStreams().createOutputStream(b)) { o.write(data); }
            }
        }
        return b.toByteArray();
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "gzip", "xz", "bzip2"})
    void everyKindIsExplainedAndTracedInEveryWrapper(String how) throws IOException {
        byte[] stream = everyKind();
        Node n = fileNode(wrap(how, stream), "kinds." + how + ".rds");
        Node obj = n.child("object");
        assertEquals(List.of(), obj.diagnostics().stream().filter(d -> d.severity().name().equals("ERROR")).toList());
        Set<String> kinds = new TreeSet<>();
        walk(n, kinds, true);
        assertTrue(kinds.containsAll(Set.of("r-logical", "r-integer", "r-double", "r-complex", "r-raw", "r-character",
                "r-environment", "r-builtinsxp", "r-pairlist", "r-s4", "r-symbol", "rds", "rds-header")), kinds.toString());

        Trace na = check(obj.child("dbl"), 4);
        assertEquals("NA", na.value());
        Trace.Step bytes = step(na, "XDR bytes");
        assertEquals("7f f0 00 00 00 00 07 a2", bytes.value());
        assertSame(obj.source(), bytes.source());
        assertTrue(step(na, "double").explanation().contains("1954"));
        assertEquals("NaN", check(obj.child("dbl"), 3).value());
        assertEquals("-0", check(obj.child("dbl"), 1).value());
        assertEquals("NA", check(obj.child("int"), 2).value());
        assertEquals("NA", check(obj.child("lgl"), 2).value());
        assertEquals("FALSE", check(obj.child("lgl"), 1).value());
        assertEquals("ab", check(obj.child("raw"), 1).value());
        Trace im = check(obj.child("cplx"), 3);
        assertEquals("3", im.value());
        assertTrue(step(im, "element position").explanation().contains("imaginary part of complex element 1"));
        Trace utf = check(obj.child("chr"), 2);
        assertEquals("héllo", utf.value());
        assertEquals("6", step(utf, "string length").value());
        assertTrue(step(utf, "encoding bits").value().endsWith("UTF-8"));
        assertEquals("NA", check(obj.child("chr"), 1).value());
        assertEquals("café", check(obj.child("chr"), 3).value());

        Node seq = obj.child("seq").child("expanded");
        Trace s = check(seq, 4);
        assertEquals("11", s.value());
        assertTrue(s.steps().get(0).title().startsWith("ALTREP compact_intseq"), s.steps().get(0).title());
        assertSame(obj.source(), s.steps().get(0).source());
        assertEquals("11", step(s, "start + k × step").value());
        assertEquals("9", check(obj.child("dstr").child("expanded"), 1).value());

        boolean compressed = !how.equals("none");
        assertEquals(compressed, na.steps().stream().anyMatch(x -> x.title().equals("in the " + how + " file")));
        if (compressed) {
            Trace.Step f = step(na, "in the " + how + " file");
            assertSame(n.source(), f.source());
            assertEquals(bytes.span().byteOffset() + "", step(na, "in the decompressed stream").value().substring(5));
        }
    }

    private static Trace.Step step(Trace t, String title) {
        return t.steps().stream().filter(s -> s.title().equals(title)).findFirst()
                .orElseThrow(() -> new AssertionError(title + " not in " + t.steps().stream().map(Trace.Step::title).toList()));
    }

    /** A 1 MB double vector in gzip: a late element is placed in the later part of the compressed file. */
    @Test
    void elementsOfALongGzipStreamArePlacedInTheCompressedFile() throws IOException {
        int n = 150_000;
        XdrWriter w = XdrWriter.v3().i32(RFlags.REALSXP).i32(n);
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < n; i++) w.f64(r.nextInt(1000) / 8.0);
        byte[] gz = XdrWriter.gzip(w.bytes());
        Node file = fileNode(gz, "long.rds");
        Node obj = file.child("object");
        Trace early = check(obj, 3);
        Trace late = check(obj, n - 2);
        Span a = step(early, "in the gzip file").span(), b = step(late, "in the gzip file").span();
        assertTrue(b.byteOffset() > a.byteOffset() + gz.length / 3, a + " vs " + b);
        assertTrue(b.byteEnd() <= gz.length);
        assertEquals("byte " + (23 + 8 + 8L * (n - 2)), step(late, "in the decompressed stream").value());
    }

    @Test
    void outOfRangeIndexTracesToNothing() {
        Node n = fileNode(XdrWriter.v3().ints(1, 2).bytes(), "two.rds").child("object");
        Trace t = n.facet(ValueTracer.class).trace(5, Progress.NONE);
        assertEquals("(none)", t.value());
        assertEquals("index out of range", t.steps().get(t.steps().size() - 1).title());
    }

    @Test
    void explanationsDependOnTheItemType() {
        assertTrue(RdsDocs.explainKey("chars.length").text().contains("NA_character_"));
        assertTrue(RdsDocs.explainKey("real.length").formula().contains("× 8"));
        assertTrue(RdsDocs.explainKey("int.data").text().contains("0x80000000"));
        assertTrue(RdsDocs.explainKey("cell.has_tag").title().startsWith("Pairlist cell"));
        assertEquals(RdsDocs.SERIALIZATION, RdsDocs.explainKey("type").specSection());
    }

    @Test
    void fieldsAreExplainedByTheirKeysOnTheNodes() {
        Node n = fileNode(XdrWriter.v3().ints(1, 2).bytes(), "two.rds").child("object");
        FieldExplainer x = n.facet(FieldExplainer.class);
        Field length = n.fields().stream().filter(f -> f.name().equals("length")).findFirst().orElseThrow();
        assertEquals("int.length", length.key());
        assertTrue(x.explain(length).formula().contains("× 4"), x.explain(length)::toString);
    }
}
