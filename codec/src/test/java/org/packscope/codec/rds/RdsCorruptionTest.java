package org.packscope.codec.rds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

/** Damaged .rds files: precise diagnostics, and everything still readable is shown. */
class RdsCorruptionTest {
    @TempDir
    Path tmp;

    private static byte[] fixture(String name) {
        return Fixtures.bytes(RdsFixturesTest.rds(name));
    }

    private static byte[] gunzip(byte[] gz) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            return in.readAllBytes();
        }
    }

    private static RItem.S4 parsedRoot(byte[] plain) {
        return (RItem.S4) RdsParser.parse(ByteSource.of(plain, "clean")).root();
    }

    private Node open(byte[] content, String name) throws IOException {
        Path p = tmp.resolve(name);
        Files.write(p, content);
        FormatRegistry registry = FormatRegistry.standard();
        assertEquals("rds", registry.detect(p).id());
        return registry.open(p);
    }

    /** Bytes with every 4-byte word in turn overwritten by a few bad flag patterns never break the reader. */
    @Test
    void everyWordDamagedStillReads() throws IOException {
        byte[] clean = gunzip(fixture("tiny_float_packed_row"));
        int[] patterns = {0x0000000b, 0xffffffff, 0x7fffffff, 0x000000ff, 0x00000019};
        for (int at = 23; at + 4 <= clean.length; at += 4) {
            for (int pattern : patterns) {
                byte[] b = clean.clone();
                ByteBuffer.wrap(b).putInt(at, pattern);
                Node root = org.packscope.codec.format.FormatRegistry.standard().open(write(b, "w.rds"));
                List<String> bad = new ArrayList<>();
                BpcellsRdsMatrixTest.walk(root, bad, 0);
                SparseMatrix m = root.facet(SparseMatrix.class);
                if (m != null) m.forEachEntry((r, c, v) -> { }, Progress.NONE);
                Verifier v = root.facet(Verifier.class);
                if (v != null) v.verify(d -> { }, Progress.NONE);
                assertEquals(List.of(), bad, "word at " + at + " = " + Integer.toHexString(pattern));
            }
        }
    }

    private Path write(byte[] b, String name) throws IOException {
        Path p = tmp.resolve(name);
        Files.write(p, b);
        return p;
    }

    private static Diagnostic find(List<Diagnostic> ds, String rule) {
        return ds.stream().filter(d -> d.rule().equals(rule)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + rule + " in " + ds));
    }

    /** Every diagnostic of the tree (matrix, header, object), as `check` would collect them. */
    private static List<Diagnostic> all(Node root) {
        List<Diagnostic> out = new ArrayList<>(root.diagnostics());
        for (Node c : root.children()) out.addAll(c.diagnostics());
        return out;
    }

    @Test
    void truncatedGzipKeepsWhatDecompressed() throws IOException {
        byte[] gz = fixture("small_uint_unpacked_col");
        int cut = gz.length / 2;
        Node root = open(Arrays.copyOf(gz, cut), "cut.rds");
        Diagnostic wrap = find(root.diagnostics(), "gzip_truncated");
        assertEquals(cut, wrap.span().byteOffset());
        assertTrue(wrap.message().contains("decompressed bytes"), wrap.message());

        Node object = root.child("object");
        assertNotNull(object);
        long decompressed = object.source().size();
        assertTrue(decompressed > 0 && decompressed < gunzip(gz).length);
        Diagnostic stop = object.diagnostics().get(0);
        assertTrue(stop.rule().equals("truncated") || stop.rule().equals("length_exceeds_data"), stop.toString());
        assertTrue(stop.span().byteOffset() <= decompressed);
        // the first slot (val, 500 ints = 2000 bytes) lies within what decompressed: still shown
        assertNotNull(object.child("val"));
        assertNull(root.facet(SparseMatrix.class), "a matrix with missing slots is not offered as decodable");
    }

    @Test
    void unknownItemFlagsInAPlainFile() throws IOException {
        byte[] plain = fixture("rds_none_tiny_uint_packed_col");
        long dimAt = parsedRoot(plain).attribute("dim").offset();
        ByteBuffer.wrap(plain).putInt((int) dimAt, 0x0000000b);
        Node root = open(plain, "badflags.rds");
        Node object = root.child("object");
        Diagnostic d = find(object.diagnostics(), "unknown_item_type");
        assertEquals(dimAt, d.span().byteOffset());
        assertTrue(d.message().contains("0x0000000b"), d.message());
        // slots before the damage are still there and typed
        assertEquals("r-double", object.child("idxptr").kind());
        assertEquals("r-unreadable", object.child("dim").kind());
        assertEquals("r-character", object.child("version").kind());
    }

    @Test
    void unknownItemFlagsInsideGzipHaveDecompressedOffsets() throws IOException {
        byte[] plain = gunzip(fixture("tiny_double_unpacked_col"));
        long at = parsedRoot(plain).attribute("transpose").offset();
        ByteBuffer.wrap(plain).putInt((int) at, 0x00000077);
        byte[] gz = XdrWriter.gzip(plain);
        Node root = open(gz, "badflags-gz.rds");
        Node object = root.child("object");
        Diagnostic d = find(object.diagnostics(), "unknown_item_type");
        assertEquals(at, d.span().byteOffset());
        assertTrue(object.source().name().startsWith("decompressed "), object.source().name());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("in the gzip file between compressed bytes (\\d+) and (\\d+)$").matcher(d.message());
        assertTrue(m.find(), d.message());
        long from = Long.parseLong(m.group(1)), to = Long.parseLong(m.group(2));
        // the bytes named release the decompressed byte: a prefix ending there gives it, one ending before them does not
        assertTrue(inflatedFrom(gz, (int) to + 1) > at && inflatedFrom(gz, (int) from) <= at, d.message());
        assertEquals(List.of(), root.diagnostics().stream().filter(x -> x.rule().startsWith("gzip")).toList());
    }

    @Test
    void slotOfTheWrongRType() throws IOException {
        byte[] plain = gunzip(fixture("tiny_float_unpacked_row"));
        RItem.S4 clean = parsedRoot(plain);
        long at = clean.attribute("val").offset();
        long orderAt = clean.attribute("transpose").offset();
        ByteBuffer.wrap(plain).putInt((int) at, RFlags.LGLSXP);       // same width: stream still parses
        ByteBuffer.wrap(plain).putInt((int) orderAt, RFlags.INTSXP);
        Node root = open(XdrWriter.gzip(plain), "badtype.rds");
        List<Diagnostic> ds = root.child("object").diagnostics();
        List<Long> offsets = ds.stream().filter(x -> x.rule().equals("bpcells_slot_type")).map(x -> x.span().byteOffset()).toList();
        assertEquals(List.of(at, orderAt), offsets);
        assertTrue(ds.get(0).message().contains("slot val should be R integer but is logical"), ds.get(0).message());
        assertNull(root.facet(SparseMatrix.class));
        assertNotNull(root.child("idxptr"));
    }

    @Test
    void fractionalIdxptrIsReportedWithItsByte() throws IOException {
        byte[] plain = gunzip(fixture("tiny_uint_unpacked_col"));
        RItem.Vector idxptr = (RItem.Vector) parsedRoot(plain).attribute("idxptr");
        long elem = idxptr.dataOffset() + 8 * 2;
        ByteBuffer.wrap(plain).putDouble((int) elem, 2.5);
        Node root = open(XdrWriter.gzip(plain), "fraction.rds");
        Diagnostic d = find(root.child("object").diagnostics(), "bpcells_bad_integer_value");
        assertEquals(elem, d.span().byteOffset());
        assertEquals(64, d.span().bitLength());
        assertTrue(d.message().contains("idxptr[3] is 2.5"), d.message());
        assertNull(root.facet(SparseMatrix.class));
        assertTrue(root.child("idxptr").fields().stream().anyMatch(f -> f.name().equals("problem")));
    }

    @Test
    void uint32ExtremesIncludingTheNaPattern() throws IOException {
        Node root = FormatRegistry.standard().open(RdsFixturesTest.rds("edge_uint_extremes_packed_col"));
        List<Long> values = new ArrayList<>();
        root.facet(SparseMatrix.class).forEachEntry((r, c, v) -> values.add(v), Progress.NONE);
        assertTrue(values.contains(2147483648L), values.toString());
        assertTrue(values.contains(4294967295L), values.toString());
    }

    @Test
    void crcMismatchIsReportedAndTheMatrixStillDecodes() throws IOException {
        byte[] gz = fixture("tiny_uint_packed_col");
        gz[gz.length - 8] ^= 0x55;
        Node root = open(gz, "crc.rds");
        Diagnostic d = find(root.diagnostics(), "gzip_crc_mismatch");
        assertEquals(gz.length - 8, d.span().byteOffset());
        assertNotNull(root.facet(SparseMatrix.class));
        assertEquals(5, root.facet(SparseMatrix.class).nnz());
    }

    @Test
    void corruptDeflateData() throws IOException {
        byte[] gz = fixture("small_double_packed_col");
        for (int i = 40; i < 60; i++) gz[i] = (byte) 0xff;
        Node root = open(gz, "deflate.rds");
        assertTrue(root.diagnostics().stream().anyMatch(d -> d.rule().startsWith("gzip_")), root.diagnostics().toString());
        Verifier v = root.facet(Verifier.class);
        if (v != null) v.verify(d -> { }, Progress.NONE);
    }

    @Test
    void truncatedSecondGzipMemberKeepsTheFirst() throws IOException {
        byte[] gz = fixture("tiny_uint_packed_col");
        byte[] extra = {0x1f, (byte) 0x8b, 8, 8, 0, 0, 0, 0, 0, 3, 'a', 'b'};
        byte[] both = Arrays.copyOf(gz, gz.length + extra.length);
        System.arraycopy(extra, 0, both, gz.length, extra.length);
        Node root = open(both, "two-members.rds");
        Diagnostic d = find(root.diagnostics(), "gzip_truncated");
        assertEquals(both.length, d.span().byteOffset());
        assertEquals(5, root.facet(SparseMatrix.class).nnz());
    }

    @Test
    void decompressedOffsetsMapToCompressedOnes() {
        byte[] plain = new byte[3 << 20];
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < plain.length; i++) plain[i] = (byte) (r.nextInt(16) + (i >> 18));
        byte[] gz = XdrWriter.gzip(plain);
        Unwrapped u = RdsUnwrapper.unwrap(ByteSource.of(gz, "big.gz"));
        assertEquals(plain.length, u.data().size());
        long prev = -1;
        for (long off = 0; off < plain.length; off += 100_000) {
            long c = u.compressedOffsetNear(off);
            assertTrue(c >= prev && c < gz.length, off + " -> " + c);
            prev = c;
        }
        // roughly proportional: the middle of the output comes from around the middle of the input
        long mid = u.compressedOffsetNear(plain.length / 2);
        assertTrue(mid > gz.length / 4 && mid < gz.length * 3 / 4, mid + " of " + gz.length);
    }

    /**
     * Oracle: inflating ever longer prefixes of the file (an inflater of its own) finds, for
     * a decompressed byte, the compressed byte whose arrival first lets it out. The span
     * PackScope reports holds that byte, and is short (the inflater is fed 64 bytes at a time).
     */
    @Test
    void decompressedOffsetsMapToTheCompressedBytesThatReleaseThem() {
        byte[] plain = new byte[200_000];
        java.util.Random r = new java.util.Random(11);
        for (int i = 0; i < plain.length; i++) plain[i] = (byte) (r.nextInt(16) + (i >> 14));
        byte[] gz = XdrWriter.gzip(plain);
        Unwrapped u = RdsUnwrapper.unwrap(ByteSource.of(gz, "big.gz"));
        assertEquals(plain.length, u.data().size());
        for (long d : new long[] {0, 1, 3103, 50_000, 123_457, plain.length - 1}) {
            int lo = 10, hi = gz.length; // the smallest prefix that yields byte d
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (inflatedFrom(gz, mid) > d) hi = mid; else lo = mid + 1;
            }
            long releasing = lo - 1;
            Span s = u.compressedSpanOf(d);
            assertNotNull(s, "decompressed byte " + d);
            assertTrue(s.byteOffset() <= releasing && releasing < s.byteEnd(), d + ": " + releasing + " not in " + s.byteOffset() + "–" + s.byteEnd());
            assertTrue(s.byteLength() <= 64 + 8 + 1, d + ": span of " + s.byteLength() + " bytes");
        }
        assertNull(u.compressedSpanOf(plain.length), "no such decompressed byte");
    }

    /** Decompressed bytes the first {@code prefix} bytes of a gzip file (10-byte header) give. */
    private static long inflatedFrom(byte[] gz, int prefix) {
        java.util.zip.Inflater inf = new java.util.zip.Inflater(true);
        try {
            inf.setInput(gz, 10, prefix - 10);
            byte[] out = new byte[1 << 16];
            long total = 0;
            while (true) {
                int n = inf.inflate(out);
                total += n;
                if (n == 0) return total;
            }
        } catch (java.util.zip.DataFormatException e) {
            throw new AssertionError(e);
        } finally {
            inf.end();
        }
    }

    @Test
    void badGzipMethod() throws IOException {
        byte[] gz = fixture("tiny_uint_packed_col");
        gz[2] = 7;
        Unwrapped u = RdsUnwrapper.unwrap(ByteSource.of(gz, "m.rds"));
        Diagnostic d = find(u.diagnostics(), "gzip_bad_method");
        assertEquals(2, d.span().byteOffset());
        assertEquals(0, u.data().size());
        assertEquals("truncated_header", RdsParser.parse(u.data()).diagnostics().get(0).rule());
    }

    @Test
    void truncatedXz() throws IOException {
        byte[] xz = fixture("rds_xz_small_uint_packed_col");
        int cut = xz.length * 2 / 3;
        Unwrapped u = RdsUnwrapper.unwrap(ByteSource.of(Arrays.copyOf(xz, cut), "cut.rds"));
        Diagnostic d = u.diagnostics().get(0);
        assertTrue(d.rule().equals("xz_truncated") || d.rule().equals("xz_corrupt"), d.toString());
        assertTrue(d.span().byteOffset() <= cut);
        RdsStream s = RdsParser.parse(u.data());
        assertTrue(s.diagnostics().stream().anyMatch(x -> x.severity() == org.packscope.codec.inspect.Severity.ERROR));
    }

    @Test
    void decompressedSizeIsBounded() {
        byte[] gz = fixture("small_double_packed_col");
        Unwrapped u = new RdsUnwrapper(1000).open(ByteSource.of(gz, "big.rds"));
        Diagnostic d = find(u.diagnostics(), "too_large_to_hold");
        assertEquals(gz.length - 4, d.span().byteOffset());
        assertEquals(1000, u.data().size(), "the part within the budget is kept");
        assertEquals(1, u.diagnostics().size(), "said once");

        // a trailer that lies about the size is caught while inflating
        byte[] lying = gz.clone();
        ByteBuffer.wrap(lying).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(lying.length - 4, 10);
        Unwrapped v = new RdsUnwrapper(1000).open(ByteSource.of(lying, "big.rds"));
        find(v.diagnostics(), "too_large_to_hold");
        assertEquals(1000, v.data().size());

        Unwrapped x = new RdsUnwrapper(1000).open(ByteSource.of(fixture("rds_xz_small_uint_packed_col"), "x.rds"));
        find(x.diagnostics(), "too_large_to_hold");
    }

    @Test
    void unknownSerializationVersionStillShowsTheHeader() throws IOException {
        byte[] plain = fixture("rds_none_tiny_uint_packed_col");
        plain[5] = 9;
        Path p = tmp.resolve("v9.rds");
        Files.write(p, plain);
        Node root = FormatRegistry.standard().open(p);
        Node header = root.child("header");
        Diagnostic d = find(header.diagnostics(), "unsupported_serialization_version");
        assertEquals(2, d.span().byteOffset());
        assertNull(root.child("object"));
    }

    @Test
    void unknownBpcellsVersionSlotIsReported() throws IOException {
        byte[] plain = gunzip(fixture("tiny_uint_unpacked_col"));
        String text = new String(plain, java.nio.charset.StandardCharsets.ISO_8859_1);
        int at = text.indexOf("unpacked-uint-matrix-v2");
        plain[at + "unpacked-uint-matrix-v".length()] = '7';
        Node root = open(XdrWriter.gzip(plain), "v7.rds");
        assertTrue(root.diagnostics().stream().anyMatch(d -> d.severity() != org.packscope.codec.inspect.Severity.INFO),
                root.diagnostics().toString());
        assertEquals("r-s4", root.child("object").kind());
    }
}
