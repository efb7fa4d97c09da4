package org.packscope.codec.rds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.io.ByteSource;

/** The generic reader on hand-built streams: every item kind and every refusal. */
class RdsParserTest {

    private static RdsStream parse(XdrWriter w) {
        return RdsParser.parse(ByteSource.of(w.bytes(), "test"));
    }

    private static RdsStream parse(byte[] b) {
        return RdsParser.parse(ByteSource.of(b, "test"));
    }

    private static Diagnostic only(RdsStream s) {
        assertEquals(1, s.diagnostics().size(), s.diagnostics().toString());
        return s.diagnostics().get(0);
    }

    @Test
    void headerFieldsOfVersion3() {
        RdsStream s = parse(XdrWriter.v3().nil());
        assertEquals(3, s.header().version());
        assertEquals("4.2.2", RdsHeader.rVersion(s.header().writerVersion()));
        assertEquals("3.5.0", RdsHeader.rVersion(s.header().minReaderVersion()));
        assertEquals("UTF-8", s.header().nativeEncoding());
        assertEquals(23, s.header().end());
        assertEquals(RFlags.NILVALUE_SXP, s.root().type());
        assertEquals(List.of(), s.diagnostics());
    }

    @Test
    void version2HasNoEncoding() {
        RdsStream s = parse(XdrWriter.v2().ints(7));
        assertEquals(2, s.header().version());
        assertNull(s.header().nativeEncoding());
        RItem.Vector v = assertInstanceOf(RItem.Vector.class, s.root());
        assertEquals(14, v.offset());
        assertEquals(7, v.intAt(0));
    }

    @Test
    void referencesRepeatSymbols() {
        // list(c(a = 1L), c(a = 2L)): the second 'names' symbol is a REFSXP to the first.
        XdrWriter w = XdrWriter.v3().i32(RFlags.VECSXP).i32(2);
        w.flags(RFlags.INTSXP, false, true, false, 0).i32(1).i32(1)
                .cell().sym("names").strings("a").nil();
        int refAt = -1;
        w.flags(RFlags.INTSXP, false, true, false, 0).i32(1).i32(2).cell();
        refAt = w.size();
        w.ref(1).strings("a").nil();
        RdsStream s = parse(w);
        assertEquals(List.of(), s.diagnostics());
        RItem.Elements list = (RItem.Elements) s.root();
        RItem second = list.elements().get(1);
        RItem.Cell cell = ((RItem.PairList) second.attributes()).cells().get(0);
        RItem.Ref ref = assertInstanceOf(RItem.Ref.class, cell.tag());
        assertEquals(refAt, ref.offset());
        assertEquals(1, ref.index());
        RItem.Cell firstCell = ((RItem.PairList) list.elements().get(0).attributes()).cells().get(0);
        assertSame(firstCell.tag(), ref.target());
        assertEquals(List.of("a"), RItem.strings(second.attribute("names")));
    }

    @Test
    void referenceIndexInFollowingInt() {
        RdsStream s = parse(XdrWriter.v3().i32(RFlags.LISTSXP | 0x400).sym("x").ints(1)
                .i32(RFlags.LISTSXP | 0x400).i32(RFlags.REFSXP).i32(1).ints(2).nil());
        RItem.PairList pl = (RItem.PairList) s.root();
        assertEquals(List.of(), s.diagnostics());
        assertEquals("x", pl.cells().get(1).tagName());
    }

    @Test
    void badReferenceIsReportedAndReadingGoesOn() {
        XdrWriter w = XdrWriter.v3().i32(RFlags.LISTSXP | 0x400);
        int at = w.size();
        w.ref(5).ints(1).nil();
        RdsStream s = parse(w);
        Diagnostic d = only(s);
        assertEquals("bad_reference", d.rule());
        assertEquals(at, d.span().byteOffset());
        assertEquals(1, ((RItem.Vector) ((RItem.PairList) s.root()).cells().get(0).car()).intAt(0));
    }

    @Test
    void characterEncodings() {
        XdrWriter w = XdrWriter.v3("latin1").i32(RFlags.STRSXP).i32(5)
                .chars("é", RFlags.UTF8_MASK, StandardCharsets.UTF_8)
                .chars("é", RFlags.LATIN1_MASK, StandardCharsets.ISO_8859_1)
                .naString()
                .ascii("abc")
                .chars("ü", 0, StandardCharsets.ISO_8859_1);
        RdsStream s = parse(w);
        assertEquals(List.of(), s.diagnostics());
        assertEquals(Arrays.asList("é", "é", null, "abc", "ü"), RItem.strings(s.root()));
        List<RItem> els = ((RItem.Elements) s.root()).elements();
        assertEquals(List.of("UTF-8", "latin1", "native", "ASCII", "native"),
                els.stream().map(e -> ((RItem.Chars) e).encoding()).toList());
        assertTrue(((RItem.Chars) els.get(2)).isNA());
    }

    @Test
    void nativeStringsOfVersion2AreUtf8() {
        RdsStream s = parse(XdrWriter.v2().i32(RFlags.STRSXP).i32(1).chars("Zürich", 0, StandardCharsets.UTF_8));
        assertEquals(List.of("Zürich"), RItem.strings(s.root()));
    }

    @Test
    void s4SlotsAreTheAttributePairlist() {
        XdrWriter w = XdrWriter.v3().i32(0x00010319)
                .cell().sym("dim").ints(3, 4)
                .cell().sym("class").flags(RFlags.STRSXP, false, true, false, 0).i32(1).ascii("Foo")
                .cell().sym("package").strings("pkg").nil()
                .nil();
        RdsStream s = parse(w);
        assertEquals(List.of(), s.diagnostics());
        RItem.S4 s4 = assertInstanceOf(RItem.S4.class, s.root());
        assertTrue(s4.flags().isS4());
        assertEquals("Foo", s4.className());
        assertEquals(4, ((RItem.Vector) s4.attribute("dim")).intAt(1));
        assertEquals(w.size(), s.end());
    }

    @Test
    void environmentsAreReferenced() {
        XdrWriter w = XdrWriter.v3().i32(RFlags.VECSXP).i32(2)
                .i32(RFlags.ENVSXP).i32(0).i32(RFlags.GLOBALENV_SXP)
                .cell().sym("v").ints(1).nil()
                .nil().nil()
                .ref(2);
        RdsStream s = parse(w);
        assertEquals(List.of(), s.diagnostics());
        List<RItem> els = ((RItem.Elements) s.root()).elements();
        RItem.Environment env = assertInstanceOf(RItem.Environment.class, els.get(0));
        assertEquals(1, env.refIndex());
        // the symbol 'v' is reference 2, read inside the environment
        assertEquals("v", RItem.symbolName(els.get(1)));
    }

    private static XdrWriter altrepHeader(XdrWriter w, String cls, int type) {
        return w.i32(RFlags.ALTREP_SXP)
                .i32(RFlags.LISTSXP).sym(cls)
                .i32(RFlags.LISTSXP).sym("base")
                .i32(RFlags.LISTSXP).ints(type).nil();
    }

    @Test
    void compactSequencesAreExpanded() {
        XdrWriter w = altrepHeader(XdrWriter.v3(), "compact_intseq", RFlags.INTSXP).reals(4, 10, -1).nil();
        RdsStream s = parse(w);
        RItem.Altrep a = assertInstanceOf(RItem.Altrep.class, s.root());
        assertEquals("compact_intseq", a.className());
        Diagnostic d = only(s);
        assertEquals("altrep_expanded", d.rule());
        assertEquals(Severity.INFO, d.severity());
        assertEquals(23, d.span().byteOffset());
        assertEquals(w.size(), s.end());
        RItem.Vector v = assertInstanceOf(RItem.Vector.class, RItem.resolve(a));
        assertEquals(RFlags.INTSXP, v.type());
        assertEquals(List.of(10, 9, 8, 7), Arrays.stream(v.ints()).boxed().toList());
        assertTrue(a.expandedSource().name().contains("compact_intseq"));

        RdsStream r = parse(altrepHeader(XdrWriter.v3(), "compact_realseq", RFlags.REALSXP).reals(3, 0.5, 1).nil());
        RItem.Vector rv = (RItem.Vector) RItem.resolve(r.root());
        assertEquals(2.5, rv.doubleAt(2));
    }

    @Test
    void deferredStringsOfIntegerSequences() {
        // as.character(1:3): deferred_string whose state is CONS(compact_intseq 1:3, scipen)
        XdrWriter w = altrepHeader(XdrWriter.v3(), "deferred_string", RFlags.STRSXP)
                .i32(RFlags.LISTSXP);
        altrepHeader(w, "compact_intseq", RFlags.INTSXP).reals(3, 1, 1).nil();
        w.ints(0).nil();
        RdsStream s = parse(w);
        assertEquals(List.of("altrep_expanded", "altrep_expanded"), s.diagnostics().stream().map(Diagnostic::rule).toList());
        assertEquals(List.of("1", "2", "3"), RItem.strings(s.root()));
    }

    @Test
    void otherAltrepClassesAreShownButNotExpanded() {
        XdrWriter w = altrepHeader(XdrWriter.v3(), "mmap_integer", RFlags.INTSXP).strings("/tmp/file").nil();
        RdsStream s = parse(w);
        Diagnostic d = only(s);
        assertEquals("altrep_not_expanded", d.rule());
        assertEquals(Severity.WARNING, d.severity());
        assertTrue(d.message().contains("mmap_integer"), d.message());
        assertSame(s.root(), RItem.resolve(s.root()));
        assertEquals(w.size(), s.end());
    }

    @Test
    void hugeCompactSequencesAreComputedNotHeld() {
        RdsStream s = parse(altrepHeader(XdrWriter.v3(), "compact_intseq", RFlags.INTSXP).reals(2e9, 1, 1).nil());
        assertEquals("altrep_expanded", only(s).rule());
        RItem.Vector v = (RItem.Vector) ((RItem.Altrep) s.root()).expanded();
        assertEquals(2_000_000_000L, v.length());
        assertEquals(2_000_000_000, v.intAt(1_999_999_999L));
        assertEquals(1_000_000, v.intAt(999_999));
        RdsStream tooLong = parse(altrepHeader(XdrWriter.v3(), "compact_realseq", RFlags.REALSXP).reals(3e9, 1, 1).nil());
        assertEquals("altrep_not_expanded", only(tooLong).rule(), "a long vector is not expanded");
    }

    @Test
    void byteCodeIsReadAndWhatFollowsItToo() {
        XdrWriter w = XdrWriter.v3().i32(RFlags.LISTSXP | 0x400).sym("f");
        int at = w.size();
        w.i32(RFlags.BCODESXP).i32(1)                              // one shared language cell
                .i32(RFlags.INTSXP).i32(2).i32(12).i32(1)          // code: version 12, then opcodes
                .i32(3)                                            // three constants
                .i32(RFlags.BCREPDEF).i32(0).i32(RFlags.LANGSXP)   // g(1.5), defined as shared cell 0
                .nil().i32(0).sym("g")                             // tag, CAR (pad + symbol)
                .i32(RFlags.LISTSXP).nil().i32(0).i32(RFlags.REALSXP).i32(1).f64(1.5)
                .i32(0).nil()                                      // CDR: pad + NULL
                .i32(RFlags.BCREPREF).i32(0)                       // the same cell again
                .i32(RFlags.REALSXP).i32(RFlags.REALSXP).i32(1).f64(2.5); // an ordinary constant
        int after = w.size();
        w.i32(RFlags.LISTSXP | 0x400).sym("after").i32(RFlags.INTSXP).i32(1).i32(7).nil();
        RdsStream s = parse(w);
        assertEquals(List.of(), s.diagnostics());
        RItem.PairList pl = (RItem.PairList) s.root();
        RItem.Composite bc = assertInstanceOf(RItem.Composite.class, pl.cells().get(0).car());
        assertEquals(at, bc.offset());
        assertEquals(after, bc.end());
        assertEquals(4, bc.parts().size(), "the code and three constants");
        RItem.PairList call = assertInstanceOf(RItem.PairList.class, bc.parts().get(1));
        assertEquals("g", RItem.symbolName(call.cells().get(0).car()));
        assertEquals(RFlags.BCREPREF, bc.parts().get(2).type());
        assertEquals(2.5, ((RItem.Vector) bc.parts().get(3)).doubleAt(0));
        assertEquals(7, ((RItem.Vector) pl.get("after")).intAt(0));
    }

    @Test
    void aSharedCellIndexOutsideTheDeclaredCountIsAnError() {
        XdrWriter w = XdrWriter.v3().i32(RFlags.BCODESXP).i32(1).i32(RFlags.INTSXP).i32(1).i32(12)
                .i32(1).i32(RFlags.BCREPREF).i32(5);
        Diagnostic d = only(parse(w));
        assertEquals("bad_reference", d.rule());
        assertEquals(w.size() - 4, d.span().byteOffset());
    }

    @Test
    void longVectorsAreRefused() {
        XdrWriter w = XdrWriter.v3().i32(RFlags.REALSXP);
        int at = w.size();
        w.i32(-1).i32(1).i32(0);
        Diagnostic d = only(parse(w));
        assertEquals("long_vector_unsupported", d.rule());
        assertEquals(at, d.span().byteOffset());
    }

    @Test
    void lengthBeyondTheBytesIsRefusedBeforeAllocating() {
        XdrWriter w = XdrWriter.v3().i32(RFlags.VECSXP).i32(2).ints(1, 2).i32(RFlags.INTSXP);
        int at = w.size();
        w.i32(Integer.MAX_VALUE).i32(5);
        RdsStream s = parse(w);
        Diagnostic d = only(s);
        assertEquals("length_exceeds_data", d.rule());
        assertEquals(at, d.span().byteOffset());
        RItem.Elements list = (RItem.Elements) s.root();
        assertEquals(2, ((RItem.Vector) list.elements().get(0)).intAt(1));
        assertInstanceOf(RItem.Broken.class, list.elements().get(1));

        XdrWriter big = XdrWriter.v3().i32(RFlags.STRSXP);
        big.i32(1 << 30);
        assertEquals("length_exceeds_data", only(parse(big)).rule());
    }

    @Test
    void unknownTypeStopsReadingWithItsOffset() {
        XdrWriter w = XdrWriter.v3().i32(RFlags.VECSXP).i32(3).ints(1);
        int at = w.size();
        w.i32(0x0000000b).ints(3);
        RdsStream s = parse(w);
        Diagnostic d = only(s);
        assertEquals("unknown_item_type", d.rule());
        assertEquals(at, d.span().byteOffset());
        RItem.Elements list = (RItem.Elements) s.root();
        assertEquals(2, list.elements().size());
    }

    @Test
    void unusedFlagBitsAreWarned() {
        XdrWriter w = XdrWriter.v3().i32(RFlags.VECSXP).i32(1);
        int at = w.size();
        w.i32(0x1000000d).i32(1).i32(4);
        RdsStream s = parse(w);
        Diagnostic d = only(s);
        assertEquals("unexpected_flag_bits", d.rule());
        assertEquals(at, d.span().byteOffset());
        assertEquals(4, ((RItem.Vector) ((RItem.Elements) s.root()).elements().get(0)).intAt(0));
    }

    @Test
    void truncatedInsideFlags() {
        byte[] b = XdrWriter.v3().i32(RFlags.VECSXP).i32(2).ints(1).ints(2).bytes();
        byte[] cut = Arrays.copyOf(b, b.length - 10);
        RdsStream s = parse(cut);
        Diagnostic d = only(s);
        assertEquals("truncated", d.rule());
        assertEquals(b.length - 12, d.span().byteOffset());
    }

    @Test
    void unknownVersion() {
        byte[] b = XdrWriter.v3().nil().bytes();
        b[5] = 7;
        RdsStream s = parse(b);
        Diagnostic d = only(s);
        assertEquals("unsupported_serialization_version", d.rule());
        assertEquals(2, d.span().byteOffset());
        assertNull(s.root());
    }

    @Test
    void asciiFormatIsNamed() {
        Diagnostic d = only(parse("A\n3\n262658\n".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("unsupported_serialization_format", d.rule());
    }

    @Test
    void notAStream() {
        assertEquals("not_serialization", only(parse(new byte[] {1, 2, 3, 4})).rule());
        assertEquals("truncated_header", only(parse(new byte[] {'X', '\n', 0, 0})).rule());
    }

    @Test
    void deepNestingIsReported() {
        XdrWriter w = XdrWriter.v3();
        for (int i = 0; i < RdsParser.MAX_DEPTH + 10; i++) w.i32(RFlags.VECSXP).i32(1);
        w.nil();
        assertEquals("too_deep", only(parse(w)).rule());
    }

    @Test
    void longPairlistsCostNoStack() {
        XdrWriter w = XdrWriter.v3();
        for (int i = 0; i < 50_000; i++) w.cell().sym("s" + i).ints(i);
        w.nil();
        RdsStream s = parse(w);
        assertEquals(List.of(), s.diagnostics());
        assertEquals(50_000, ((RItem.PairList) s.root()).cells().size());
    }

    @Test
    void trailingBytesAreWarned() {
        XdrWriter w = XdrWriter.v3().ints(1);
        int end = w.size();
        w.i32(0);
        Diagnostic d = only(parse(w));
        assertEquals("trailing_bytes", d.rule());
        assertEquals(end, d.span().byteOffset());
    }
}
