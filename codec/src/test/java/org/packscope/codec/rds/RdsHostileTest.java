package org.packscope.codec.rds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import io.airlift.compress.bzip2.BZip2HadoopStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.io.ByteSource;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZOutputStream;
import org.packscope.codec.testing.CpuBound;

/**
 * Hostile and huge R inputs, made by generators here: nesting deeper than any stack,
 * decompression bombs in each wrapper, and vectors of millions of strings or NULLs. Each
 * ends quickly with a diagnostic (or its values), never an exception or an exhausted heap.
 */
class RdsHostileTest {
    private static final String ASCII_HEAD = "A\n3\n262658\n197888\n5\nUTF-8\n";
    @TempDir Path tmp;

    /** An ASCII stream of {@code depth} nested one-element lists around NULL. */
    private static byte[] nestedAscii(int depth) {
        StringBuilder sb = new StringBuilder(ASCII_HEAD);
        for (int i = 0; i < depth; i++) sb.append("19\n1\n");
        return sb.append("254\n").toString().getBytes(StandardCharsets.US_ASCII);
    }

    private Node open(byte[] content, String name) throws IOException {
        Path p = tmp.resolve(name);
        Files.write(p, content);
        return FormatRegistry.standard().open(p);
    }

    private static List<Diagnostic> problems(Node file) {
        List<Diagnostic> out = new java.util.ArrayList<>(file.diagnostics());
        for (Node c : file.children()) out.addAll(c.diagnostics());
        return out.stream().filter(d -> d.severity() != Severity.INFO).toList();
    }

    @Test
    void aListNested4990DeepIsReadToTheBottom() {
        CpuBound.run(Duration.ofSeconds(10), "the parse", () -> {
            Node file = open(nestedAscii(4990), "deep.rds");
            assertEquals(List.of(), problems(file));
            Node n = file.child("object");
            int depth = 0;
            while (n.childCount() > 0) {
                n = n.children().get(0);
                depth++;
            }
            assertEquals(4990, depth);
            assertEquals(List.of(), RNodeWalk.failures(file, 20_000));
            assertEquals("NULL", n.summary());
        });
    }

    @Test
    void nestingBeyondTheBoundIsTooDeepNotAStackOverflow() {
        CpuBound.run(Duration.ofSeconds(10), "the parse", () -> {
            Node file = open(nestedAscii(100_000), "deeper.rds");
            Diagnostic d = problems(file).stream().filter(x -> x.rule().equals("too_deep")).findFirst().orElseThrow();
            assertEquals(Severity.ERROR, d.severity());
            assertTrue(d.span().byteOffset() > 0, "at the item that is too deep: " + d);
            // the same in XDR
            XdrWriter w = XdrWriter.v3();
            for (int i = 0; i < 100_000; i++) w.i32(RFlags.VECSXP).i32(1);
            w.nil();
            RdsStream s = RdsParser.parse(ByteSource.of(w.bytes(), "deep"));
            assertEquals("too_deep", s.diagnostics().get(0).rule());
        });
    }

    /** The XDR stream of a raw vector of {@code n} zero bytes, written through {@code wrap}. */
    private static byte[] zeroBomb(long n, java.util.function.Function<OutputStream, OutputStream> wrap) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = wrap.apply(bytes)) {
            out.write(XdrWriter.v3().i32(RFlags.RAWSXP).i32((int) n).bytes());
            byte[] zeros = new byte[1 << 16];
            for (long done = 0; done < n; done += zeros.length) out.write(zeros, 0, (int) Math.min(zeros.length, n - done));
        }
        return bytes.toByteArray();
    }

    private static OutputStream unchecked(IOCall c) {
        try {
            return c.call();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private interface IOCall { OutputStream call() throws IOException; }

    @Test
    void decompressionBombsStopAtTheBudgetInEveryWrapper() throws IOException {
        long budget = 1 << 20;
        List<byte[]> bombs = List.of(
                zeroBomb(64L << 20, o -> unchecked(() -> new GZIPOutputStream(o))),
                zeroBomb(8L << 20, o -> unchecked(() -> new XZOutputStream(o, new LZMA2Options(1)))),
                zeroBomb(8L << 20, o -> unchecked(() -> new BZip2HadoopStreams().createOutputStream(o))));
        for (byte[] bomb : bombs) {
            assertTrue(bomb.length < 1 << 20, "a small file: " + bomb.length);
            // stops at the budget, does not inflate on
            Unwrapped u = CpuBound.within(Duration.ofSeconds(2), "inflating a bomb", () -> new RdsUnwrapper(budget).open(ByteSource.of(bomb, "bomb.rds")));
            assertEquals(budget, u.data().size());
            Diagnostic d = u.diagnostics().stream().filter(x -> x.rule().equals("too_large_to_hold")).findFirst().orElseThrow();
            assertEquals(Severity.ERROR, d.severity());
            assertTrue(d.span().byteOffset() <= bomb.length, "at a real byte of the file (" + bomb.length + "): " + d);
        }
    }

    @Test
    void moreItemsThanTheBudgetHoldsAreTooLargeToHold() {
        XdrWriter w = XdrWriter.v3().i32(RFlags.VECSXP).i32(1000);
        int[] at = new int[1000];
        for (int i = 0; i < 1000; i++) {
            at[i] = w.size();
            w.i32(RFlags.INTSXP).i32(1).i32(i);
        }
        RdsStream s = RdsParser.parse(ByteSource.of(w.bytes(), "many"), 100);
        Diagnostic d = s.diagnostics().get(0);
        assertEquals("too_large_to_hold", d.rule());
        assertEquals(at[99], d.span().byteOffset(), "the first item beyond the budget (the list itself is one)");
        List<RItem> els = ((RItem.Elements) s.root()).elements();
        assertEquals(98, ((RItem.Vector) els.get(98)).intAt(0), "what fits is kept");
    }

    @Test
    void theBudgetIsAQuarterOfTheHeap() {
        long heap = Runtime.getRuntime().maxMemory();
        assertTrue(RdsUnwrapper.DEFAULT_LIMIT <= Math.max(16L << 20, heap / 4));
        assertTrue(RdsParser.MAX_ITEMS * 100 <= RdsUnwrapper.DEFAULT_LIMIT);
    }

    @Test
    void millionsOfStringsAreHeldAsOffsets() {
        int n = 2_000_000;
        XdrWriter w = XdrWriter.v3().i32(RFlags.STRSXP).i32(n);
        for (int i = 0; i < n; i++) {
            if (i % 1000 == 7) w.naString();
            else w.ascii(String.format("AAACCTG%09d-1", i));
        }
        byte[] stream = w.bytes();
        CpuBound.run(Duration.ofSeconds(10), "the parse", () -> {
            RdsStream s = RdsParser.parse(ByteSource.of(stream, "barcodes"));
            assertEquals(List.of(), s.diagnostics());
            RItem.Elements e = assertInstanceOf(RItem.Elements.class, s.root());
            assertInstanceOf(ItemLists.Strings.class, e.elements(), "offsets, not a Java object per string");
            assertEquals(n, e.elements().size());
            assertEquals("AAACCTG001999999-1", ((RItem.Chars) e.elements().get(n - 1)).value());
            Node node = RNodes.item("object", s.root(), s.data());
            ValueColumn c = node.values();
            byte[] marks = new byte[2000];
            c.gaps(0, marks, 0, 2000);
            assertEquals(ValueColumn.MISSING, marks[7]);
            assertEquals(ValueColumn.MISSING, marks[1007]);
            assertEquals(ValueColumn.PRESENT, marks[8]);
            assertEquals("AAACCTG000000008-1", c.text(8));
        });
    }

    @Test
    void namesOfHugeListsAreReadOnDemandAndRepeatsAreNamedByPlace() {
        int n = 1_000_000;
        XdrWriter w = XdrWriter.v3().i32(RFlags.VECSXP | 0x200).i32(n);
        for (int i = 0; i < n; i++) w.nil();
        w.i32(RFlags.LISTSXP | 0x400).sym("names").i32(RFlags.STRSXP).i32(n);
        for (int i = 0; i < n; i++) {
            if (i == 5) w.naString();
            else if (i == 9) w.ascii("gene7");
            else w.ascii("gene" + i);
        }
        w.nil();
        byte[] stream = w.bytes();
        CpuBound.run(Duration.ofSeconds(10), "the parse", () -> {
            RdsStream s = RdsParser.parse(ByteSource.of(stream, "named"));
            Node node = RNodes.item("object", s.root(), s.data());
            List<Node> kids = node.children();
            assertEquals("gene0", kids.get(0).name());
            assertEquals("[6]", kids.get(5).name(), "NA is no name");
            assertEquals("gene7", kids.get(7).name());
            assertEquals("[10]", kids.get(9).name(), "a repeat is named by its place");
            assertEquals("gene999999", kids.get(n - 1).name());
        });
    }

    @Test
    void namesCraftedToShareAHashDoNotMakeTheWorkQuadratic() {
        // "Aa" and "BB" have the same String hash, so every 16-letter word of them does too
        int n = 1 << 16;
        XdrWriter w = XdrWriter.v3().i32(RFlags.STRSXP | 0x200).i32(n);
        for (int i = 0; i < n; i++) w.ascii("x");
        w.i32(RFlags.LISTSXP | 0x400).sym("names").i32(RFlags.STRSXP).i32(n);
        for (int i = 0; i < n; i++) {
            StringBuilder sb = new StringBuilder();
            for (int b = 15; b >= 0; b--) sb.append((i >> b & 1) == 0 ? "Aa" : "BB");
            w.ascii(sb.toString());
        }
        w.nil();
        byte[] stream = w.bytes();
        CpuBound.run(Duration.ofSeconds(5), "the parse", () -> {
            RdsStream s = RdsParser.parse(ByteSource.of(stream, "collide"));
            Node node = RNodes.item("object", s.root(), s.data());
            assertEquals("AaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAa", node.children().get(0).name());
            assertEquals("[" + n + "]", node.children().get(n - 1).name(), "beyond the bound: named by place");
        });
    }

    @Test
    void aNonStringInACharacterVectorIsUndecodableNotMissing() {
        XdrWriter w = XdrWriter.v3().i32(RFlags.STRSXP).i32(3).ascii("a").i32(RFlags.INTSXP).i32(1).i32(5).naString();
        RdsStream s = RdsParser.parse(ByteSource.of(w.bytes(), "odd"));
        ValueColumn c = RNodes.item("object", s.root(), s.data()).values();
        byte[] marks = new byte[3];
        c.gaps(0, marks, 0, 3);
        assertEquals(List.of(ValueColumn.PRESENT, ValueColumn.UNDECODABLE, ValueColumn.MISSING),
                List.of(marks[0], marks[1], marks[2]));
        assertTrue(c.gapReason(1).contains("not a string"), c.gapReason(1));
    }

    @Test
    void millionsOfNullsCostNothingEach() {
        int n = 5_000_000;
        XdrWriter w = XdrWriter.v3().i32(RFlags.VECSXP).i32(n);
        for (int i = 0; i < n; i++) {
            if (i == 3_000_000) w.i32(RFlags.INTSXP).i32(1).i32(42);
            else w.nil();
        }
        byte[] stream = w.bytes();
        CpuBound.run(Duration.ofSeconds(10), "the parse", () -> {
            RdsStream s = RdsParser.parse(ByteSource.of(stream, "nulls"));
            assertEquals(List.of(), s.diagnostics());
            List<RItem> els = ((RItem.Elements) s.root()).elements();
            assertInstanceOf(ItemLists.Sparse.class, els);
            assertEquals(n, els.size());
            RItem.Vector v = assertInstanceOf(RItem.Vector.class, els.get(3_000_000));
            assertEquals(42, v.intAt(0));
            RItem last = els.get(n - 1);
            assertEquals(RFlags.NILVALUE_SXP, last.type());
            assertEquals(stream.length - 4, last.offset(), "a NULL's place follows from the items before it");
            assertEquals(v.end(), els.get(3_000_001).offset());
            Node node = RNodes.item("object", s.root(), s.data());
            assertEquals(n, node.childCount());
            assertNotNull(node.children().get(n - 1));
            Node file = open(XdrWriter.gzip(stream), "nulls.rds");
            assertEquals(List.of(), problems(file), "opening the file makes no node per NULL");
            assertEquals(n, file.child("object").childCount());
        });
    }
}
