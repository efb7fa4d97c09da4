package org.packscope.codec.rds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.io.ByteSource;

/** ASCII serialization ("A\n"): rewritten as XDR byte for byte, traced back to its words. */
class RdsAsciiTest {

    /** Text as R's ascii writer lays it out: one word per line. */
    private static final class Text {
        final StringBuilder sb = new StringBuilder();

        Text w(Object word) { sb.append(word).append('\n'); return this; }

        Text header3() { return w("A").w(3).w(0x00040202).w(0x00030500).w(5).w("UTF-8"); }

        byte[] bytes() { return sb.toString().getBytes(StandardCharsets.ISO_8859_1); }
    }

    private static final int ASCII_CHARS = RFlags.CHARSXP | RFlags.ASCII_MASK << 12;
    private static final int UTF8_CHARS = RFlags.CHARSXP | RFlags.UTF8_MASK << 12;

    /** list(lgl = c(TRUE, FALSE, NA), int = c(1L, NA, -5L), dbl = ..., cplx, raw, chr = ...). */
    private static Text asciiList() {
        Text t = new Text().header3();
        t.w(RFlags.VECSXP | 0x200).w(6);
        t.w(RFlags.LGLSXP).w(3).w(1).w(0).w("NA");
        t.w(RFlags.INTSXP).w(3).w(1).w("NA").w(-5);
        t.w(RFlags.REALSXP).w(8).w("1.5").w("NA").w("NaN").w("Inf").w("-Inf").w("0x1.8p+1").w("1e-300")
                .w("0.1000000000000000");
        t.w(RFlags.CPLXSXP).w(1).w("-2").w("0.25");
        t.w(RFlags.RAWSXP).w(3).w("00").w("ab").w("ff");
        t.w(RFlags.STRSXP).w(3).w(ASCII_CHARS).w(7).w("a\\040b\\n\\\"x\\\"").w(UTF8_CHARS).w(3).w("\\303\\251!")
                .w(RFlags.CHARSXP).w(-1);
        t.w(RFlags.LISTSXP | 0x400).w(RFlags.SYMSXP).w(ASCII_CHARS).w(5).w("names");
        t.w(RFlags.STRSXP).w(6);
        for (String s : List.of("lgl", "int", "dbl", "cplx", "raw", "chr")) t.w(ASCII_CHARS).w(s.length()).w(s);
        t.w(RFlags.NILVALUE_SXP);
        return t;
    }

    private static byte[] xdrList() {
        XdrWriter w = XdrWriter.v3().flags(RFlags.VECSXP, false, true, false, 0).i32(6);
        w.i32(RFlags.LGLSXP).i32(3).i32(1).i32(0).i32(Integer.MIN_VALUE);
        w.ints(1, Integer.MIN_VALUE, -5);
        w.i32(RFlags.REALSXP).i32(8).f64(1.5).i32(0x7ff00000).i32(1954).i32(0xfff80000).i32(0)
                .f64(Double.POSITIVE_INFINITY).f64(Double.NEGATIVE_INFINITY).f64(3).f64(1e-300).f64(0.1);
        w.i32(RFlags.CPLXSXP).i32(1).f64(-2).f64(0.25);
        w.i32(RFlags.RAWSXP).i32(3).raw(new byte[] {0, (byte) 0xab, (byte) 0xff});
        w.i32(RFlags.STRSXP).i32(3).ascii("a b\n\"x\"").chars("é!", RFlags.UTF8_MASK, StandardCharsets.UTF_8).naString();
        w.cell().sym("names").strings("lgl", "int", "dbl", "cplx", "raw", "chr").nil();
        return w.bytes();
    }

    @Test
    void rewriteIsTheXdrStreamByteForByte() {
        AsciiTranscoder.Result r = AsciiTranscoder.transcode(ByteSource.of(asciiList().bytes(), "a.rds"));
        assertEquals(List.of(), r.diagnostics());
        assertArrayEquals(xdrList(), r.xdr().bytes(0, (int) r.xdr().size()));
    }

    @Test
    void asciiFileOpensTracesAndExplains() throws Exception {
        for (String how : List.of("none", "gzip")) {
            byte[] file = RdsTraceExplainTest.wrap(how, asciiList().bytes());
            Node n = RdsTraceExplainTest.fileNode(file, "ascii." + how + ".rds");
            assertEquals(List.of(), n.diagnostics());
            Node obj = n.child("object");
            assertEquals(List.of(), obj.diagnostics());
            assertEquals("rds-ascii", n.child("ascii text").kind());
            Set<String> kinds = new TreeSet<>();
            RdsTraceExplainTest.walk(n, kinds, true);
            assertTrue(kinds.contains("rds-ascii"), kinds.toString());

            Trace t = RdsTraceExplainTest.check(obj.child("dbl"), 5);
            assertEquals("3", t.value());
            Trace.Step word = t.steps().stream().filter(s -> s.title().equals("in the ASCII text")).findFirst().orElseThrow();
            String text = new String(asciiList().bytes(), StandardCharsets.ISO_8859_1);
            assertEquals(text.indexOf("0x1.8p+1"), word.span().byteOffset());
            assertEquals(8, word.span().byteLength());
            assertTrue(word.value().endsWith("\"0x1.8p+1\""), word.value());
            assertEquals(how.equals("gzip"), t.steps().stream().anyMatch(s -> s.title().equals("in the gzip file")));
            Trace str = RdsTraceExplainTest.check(obj.child("chr"), 0);
            assertEquals("a b\n\"x\"", str.value());
            assertEquals("é!", RdsTraceExplainTest.check(obj.child("chr"), 1).value());
            assertEquals("NA", RdsTraceExplainTest.check(obj.child("dbl"), 1).value());
            assertEquals("NaN", RdsTraceExplainTest.check(obj.child("dbl"), 2).value());
            assertTrue(n.child("header").fields().get(0).value().contains("rewritten from A"));
        }
    }

    @Test
    void badWordStopsWithItsTextOffset() {
        String good = new String(asciiList().bytes(), StandardCharsets.ISO_8859_1);
        String bad = good.replace("\n-5\n", "\nfive\n");
        Node n = RdsTraceExplainTest.fileNode(bad.getBytes(StandardCharsets.ISO_8859_1), "bad.rds");
        Diagnostic d = n.child("ascii text").diagnostics().get(0);
        assertEquals("bad_ascii_number", d.rule());
        assertEquals(bad.indexOf("five"), d.span().byteOffset());
        // what came before is read: the logical vector is complete
        Node obj = n.child("object");
        assertNotNull(obj);
        assertEquals("TRUE", obj.child("[1]").values().text(0));
    }

    @Test
    void lengthsBeyondTheTextAreRefusedBeforeLooping() {
        byte[] text = new Text().header3().w(RFlags.INTSXP).w(2_000_000_000).w(1).bytes();
        AsciiTranscoder.Result r = AsciiTranscoder.transcode(ByteSource.of(text, "huge.rds"));
        assertEquals("length_exceeds_data", r.diagnostics().get(0).rule());
        assertTrue(r.xdr().size() < 64);
    }

    @Test
    void truncatedTextIsReported() {
        byte[] text = asciiList().bytes();
        int at = new String(text, StandardCharsets.ISO_8859_1).indexOf("1e-300");
        byte[] cut = java.util.Arrays.copyOf(text, at);
        AsciiTranscoder.Result r = AsciiTranscoder.transcode(ByteSource.of(cut, "cut.rds"));
        Diagnostic d = r.diagnostics().get(0);
        assertEquals("truncated", d.rule());
        assertEquals(at, d.span().byteOffset());
        // a length the cut text cannot hold is refused at the length
        byte[] early = java.util.Arrays.copyOf(text, new String(text, StandardCharsets.ISO_8859_1).indexOf("Inf\n"));
        Diagnostic e = AsciiTranscoder.transcode(ByteSource.of(early, "cut.rds")).diagnostics().get(0);
        assertEquals("length_exceeds_data", e.rule());
    }

    /**
     * tiny_double_packed_row rewritten as ASCII by a test-side script (R's layout, doubles
     * in hex as save(ascii = NA) writes them): the rewrite gives back the fixture's XDR
     * stream byte for byte, and the file opens as the same matrix.
     */
    @Test
    void bpcellsMatrixInAsciiIsTheSameMatrix() throws Exception {
        java.nio.file.Path text = org.packscope.codec.testing.Fixtures.resource("rds-ascii/tiny_double_packed_row.ascii.rds");
        AsciiTranscoder.Result r = AsciiTranscoder.transcode(ByteSource.open(text));
        assertEquals(List.of(), r.diagnostics());
        ByteSource xdr = RdsUnwrapper.unwrap(ByteSource.open(RdsFixturesTest.rds("tiny_double_packed_row"))).data();
        assertArrayEquals(xdr.bytes(0, (int) xdr.size()), r.xdr().bytes(0, (int) r.xdr().size()));

        Node n = org.packscope.codec.format.FormatRegistry.standard().open(text);
        org.packscope.codec.inspect.SparseMatrix m = n.facet(org.packscope.codec.inspect.SparseMatrix.class);
        assertNotNull(m, n.diagnostics().toString());
        StringBuilder sb = new StringBuilder();
        org.packscope.codec.export.MatrixMarket.write(m, sb);
        List<String> body = new java.util.ArrayList<>();
        for (String l : sb.toString().split("\n")) if (!l.startsWith("%")) body.add(l);
        assertEquals(BpcellsRdsMatrixTest.expectedLines("tiny_double_packed_row"), body);
        Set<String> kinds = new TreeSet<>();
        RdsTraceExplainTest.walk(n, kinds, true);
        Trace t = RdsTraceExplainTest.check(n.child("object").child("val"), 4);
        assertTrue(t.steps().stream().anyMatch(s -> s.title().equals("in the ASCII text")
                && s.value().endsWith("\"0x1.921fb54442d18p+1\"")), t.steps().toString());
    }

    @Test
    void byteCodeIsRewrittenAndGarbageInItIsFoundWhereItIs() {
        byte[] text = new Text().header3().w(RFlags.VECSXP).w(2).w(RFlags.INTSXP).w(1).w(3).w(RFlags.BCODESXP).w(1)
                .w("garbage").bytes();
        AsciiTranscoder.Result r = AsciiTranscoder.transcode(ByteSource.of(text, "bc.rds"));
        assertEquals(List.of("bad_ascii_number"), r.diagnostics().stream().map(Diagnostic::rule).toList());
        assertEquals(new String(text, StandardCharsets.US_ASCII).indexOf("garbage"), r.diagnostics().get(0).span().byteOffset());
        RdsStream s = RdsFile.read(ByteSource.of(text, "bc.rds"));
        assertEquals(3, ((RItem.Vector) ((RItem.Elements) s.root()).elements().get(0)).intAt(0), "what comes before is kept");
    }

    @Test
    void version2AndSaveFilesToo() {
        byte[] v2 = new Text().w("A").w(2).w(0x00040202).w(0x00020300).w(RFlags.INTSXP).w(1).w(42).bytes();
        RdsStream s = RdsFile.read(ByteSource.of(v2, "v2.rds"));
        assertEquals(List.of(), s.diagnostics());
        assertEquals(42, ((RItem.Vector) s.root()).intAt(0));
        String save = "RDA2\n" + new String(new Text().w("A").w(2).w(0x00040202).w(0x00020300)
                .w(RFlags.LISTSXP | 0x400).w(RFlags.SYMSXP).w(ASCII_CHARS).w(1).w("x").w(RFlags.INTSXP).w(1).w(7)
                .w(RFlags.NILVALUE_SXP).bytes(), StandardCharsets.ISO_8859_1);
        RdsStream r = RdsFile.read(ByteSource.of(save.getBytes(StandardCharsets.ISO_8859_1), "x.RData"));
        assertEquals(List.of(), r.diagnostics());
        assertEquals("RDX2", r.header().saveMagic());
        RItem x = ((RItem.PairList) r.root()).get("x");
        assertEquals(7, ((RItem.Vector) x).intAt(0));
    }
}
