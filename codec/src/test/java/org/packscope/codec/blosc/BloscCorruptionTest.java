package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.store.StoreColumn;

/** Damaged chunks: each problem becomes a diagnostic with its rule and offset, and the rest still decodes. */
class BloscCorruptionTest {
    static final String MIXED = "lz4_shuf_ts4_160k_mixed_c1"; // 3 blocks: bstarts 28, 65580, 67255; cbytes 68611

    static byte[] file(String name) throws Exception { return Files.readAllBytes(BloscFixtureTest.DIR.resolve(name + ".blosc")); }

    static byte[] expected(String name) throws Exception { return Files.readAllBytes(BloscFixtureTest.DIR.resolve(name + ".expected.bin")); }

    static BloscChunk chunk(byte[] b) { return BloscChunk.read(ByteSource.of(b, "test"), 0, b.length); }

    static void putInt(byte[] b, int at, int v) {
        for (int i = 0; i < 4; i++) b[at + i] = (byte) (v >>> (8 * i));
    }

    static Diagnostic only(List<Diagnostic> ds, String rule) {
        List<Diagnostic> hits = ds.stream().filter(d -> d.rule().equals(rule)).toList();
        assertEquals(1, hits.size(), rule + " in " + ds);
        return hits.get(0);
    }

    static byte[] block(BloscChunk c, int b) throws ReadProblem {
        byte[] out = new byte[c.header().blockSize(b)];
        c.decodeBlock(b, out, 0, new Codecs());
        return out;
    }

    @Test
    void truncatedChunkKeepsItsFirstBlocks() throws Exception {
        byte[] b = Arrays.copyOf(file(MIXED), 67300);
        byte[] exp = expected(MIXED);
        BloscChunk c = chunk(b);
        assertEquals(Span.bytes(12, 4), only(c.problems(), "cbytes_beyond_data").span());
        assertArrayEquals(Arrays.copyOfRange(exp, 0, 65536), block(c, 0));
        assertArrayEquals(Arrays.copyOfRange(exp, 65536, 131072), block(c, 1));
        ReadProblem e = assertThrows(ReadProblem.class, () -> block(c, 2));
        assertEquals("stream_overrun", e.diagnostic().rule());
        assertEquals(67255, e.diagnostic().span().byteOffset());
        List<Diagnostic> found = new ArrayList<>();
        assertEquals(1, c.verify(found::add, new Codecs()));
        assertEquals("stream_overrun", found.get(0).rule());
    }

    /**
     * A cbytes made smaller than the chunk (the file keeps all its bytes): the header field is
     * named as the problem, at its own bytes, instead of a stream overrun in block 2 later on,
     * and every block still decodes to the reference bytes.
     */
    @Test
    void aShrunkCbytesIsNamedAsTheRootCause() throws Exception {
        for (int cut : new int[] {1, 1300, 68611 - 67300}) {
            byte[] b = file(MIXED);
            putInt(b, 12, 68611 - cut);
            BloscChunk c = chunk(b);
            Diagnostic d = only(c.problems(), "cbytes_contradicts_streams");
            assertEquals(Span.bytes(12, 4), d.span());
            assertTrue(d.message().contains("end at byte 68611"), d.message());
            assertEquals(d, c.problems().get(0), "the root cause comes first: " + c.problems());
            List<Diagnostic> found = new ArrayList<>();
            assertEquals(0, c.verify(found::add, new Codecs()), "no block is lost: " + found);
            assertTrue(found.stream().noneMatch(x -> x.rule().equals("stream_overrun")), found.toString());
            assertArrayEquals(expected(MIXED), c.decodeAll(new Codecs()));
        }
        // a file cut short keeps the rule it had: cbytes is not contradicted by streams it cannot see
        assertTrue(chunk(Arrays.copyOf(file(MIXED), 67300)).problems().stream().noneMatch(x -> x.rule().equals("cbytes_contradicts_streams")));
    }

    @Test
    void bstartOutsideTheChunkLosesOnlyThatBlock() throws Exception {
        byte[] b = file(MIXED);
        putInt(b, 20, 0x7fffffff);
        byte[] exp = expected(MIXED);
        BloscChunk c = chunk(b);
        assertEquals(Span.bytes(20, 4), only(c.problems(), "bstart_out_of_range").span());
        assertArrayEquals(Arrays.copyOfRange(exp, 0, 65536), block(c, 0));
        assertEquals("block_unlocatable", assertThrows(ReadProblem.class, () -> block(c, 1)).diagnostic().rule());
        assertArrayEquals(Arrays.copyOfRange(exp, 131072, exp.length), block(c, 2));
        // values of the lost block read as zeros, no exception
        ValueColumn col = ChunkStore.column("x", c);
        long[] v = new long[2];
        col.read(16383, v, 0, 2);
        assertEquals(0, v[1]);
    }

    @Test
    void streamSizeThatOverrunsIsReportedAtItsOffset() throws Exception {
        byte[] b = file(MIXED);
        putInt(b, 65580, 1_000_000);
        ReadProblem e = assertThrows(ReadProblem.class, () -> block(chunk(b), 1));
        assertEquals("stream_overrun", e.diagnostic().rule());
        assertEquals(Span.bytes(65580, 4), e.diagnostic().span());
        assertArrayEquals(Arrays.copyOfRange(expected(MIXED), 131072, 163840), block(chunk(b), 2));
    }

    @Test
    void codecErrorIsReportedAndOtherBlocksDecode() throws Exception {
        byte[] b = file(MIXED);
        // block 1, stream 0: 1098 bytes of lz4 at 65584; make every token claim a long literal run
        Arrays.fill(b, 65584, 65584 + 1098, (byte) 0xF0);
        BloscChunk c = chunk(b);
        ReadProblem e = assertThrows(ReadProblem.class, () -> block(c, 1));
        assertTrue(e.diagnostic().rule().startsWith("decompress_"), e.diagnostic().toString());
        assertTrue(e.diagnostic().span().byteOffset() >= 65584 && e.diagnostic().span().byteOffset() <= 65584 + 1098);
        assertArrayEquals(Arrays.copyOfRange(expected(MIXED), 0, 65536), block(c, 0));
    }

    @Test
    void blosclzMatchBeforeTheStartIsADecompressError() {
        // 128 bytes, typesize 1, one blosclz block: literal 'A', then a match 6 bytes back
        byte[] b = new byte[30];
        b[0] = 2; b[1] = 1; b[2] = 0; b[3] = 1;
        putInt(b, 4, 128); putInt(b, 8, 128); putInt(b, 12, 30);
        putInt(b, 16, 20);           // bstarts[0]
        putInt(b, 20, 6);            // stream csize
        b[24] = 0x00; b[25] = 'A';   // literal run of 1
        b[26] = 0x20; b[27] = 0x05;  // match: length 3, distance 6
        b[28] = 0x00; b[29] = 'B';
        BloscChunk c = chunk(b);
        assertEquals(List.of(), c.problems());
        ReadProblem e = assertThrows(ReadProblem.class, () -> block(c, 0));
        assertEquals("decompress_failed", e.diagnostic().rule());
        assertEquals(24 + 4, e.diagnostic().span().byteOffset());
    }

    @Test
    void headerFieldsThatDisagree() throws Exception {
        byte[] base = file("blosclz_shuf_ts8_256k_seq_c5");
        byte[] b = base.clone();
        putInt(b, 8, 0);
        BloscChunk c = chunk(b);
        assertEquals(Span.bytes(8, 4), only(c.problems(), "blocksize_zero").span());
        assertEquals("chunk_undecodable", assertThrows(ReadProblem.class, () -> c.decodeAll(new Codecs())).diagnostic().rule());

        b = base.clone();
        putInt(b, 8, 1 << 20);
        assertEquals(Span.bytes(8, 4), only(chunk(b).problems(), "blocksize_beyond_nbytes").span());

        b = base.clone();
        b[3] = 0;
        assertEquals(Span.bytes(3, 1), only(chunk(b).problems(), "typesize_zero").span());

        b = base.clone();
        putInt(b, 4, -1);
        BloscChunk huge = chunk(b);
        assertEquals(Span.bytes(4, 4), only(huge.problems(), "nbytes_too_large").span());
        assertEquals(0, huge.nbytes());

        b = base.clone();
        putInt(b, 4, 1 << 30);       // 1 GiB from 2761 bytes of blosclz: refused before allocating
        putInt(b, 8, 1 << 30);
        BloscChunk implausible = chunk(b);
        assertEquals(Span.bytes(4, 4), only(implausible.problems(), "nbytes_implausible").span());
        assertEquals("chunk_undecodable", assertThrows(ReadProblem.class,
                () -> implausible.decodeUnit(0, new byte[1], 0, new Codecs())).diagnostic().rule());
        long[] first = new long[1];
        ChunkStore.column("x", implausible).read(0, first, 0, 1); // zeros, from a bounded slice
        assertEquals(0, first[0]);

        b = base.clone();
        b[2] = (byte) (b[2] | 0xE0);
        assertEquals(Span.bits(21, 3), only(chunk(b).problems(), "unknown_compformat").span());

        assertEquals("chunk_truncated", only(chunk(Arrays.copyOf(base, 10)).problems(), "chunk_truncated").rule());
    }

    @Test
    void memcpyedSizeMismatch() throws Exception {
        byte[] b = file("blosclz_shuf_ts8_4k_seq_c0");
        putInt(b, 4, 5000);
        BloscChunk c = chunk(b);
        assertEquals(Span.bytes(12, 4), only(c.problems(), "memcpyed_size_mismatch").span());
        List<Diagnostic> found = new ArrayList<>();
        c.verify(found::add, new Codecs());
        assertEquals("memcpyed_truncated", found.get(0).rule());
    }

    @Test
    void truncatedRawFileStillOpensWithDiagnostics(@TempDir Path tmp) throws Exception {
        Path p = tmp.resolve("cut.blosc");
        Files.write(p, Arrays.copyOf(file(MIXED), 67300));
        Node n = FormatRegistry.standard().open(p);
        assertEquals(Span.bytes(12, 4), only(n.diagnostics(), "cbytes_beyond_data").span());
        List<Diagnostic> found = new ArrayList<>();
        n.facet(Verifier.class).verify(found::add, Progress.NONE);
        assertEquals(List.of("stream_overrun"), found.stream().map(Diagnostic::rule).toList());
        byte[] first = new byte[16];
        n.values().readRaw(0, 4, first, 0);
        assertArrayEquals(Arrays.copyOf(expected(MIXED), 16), first);
    }

    @Test
    void superchunkWithBadMagicAndTrailingBytes() throws Exception {
        byte[] blp = Files.readAllBytes(BloscFixtureTestSupport.bcolzFile("carray_int8_blosclz_c5_shuffle/data/__0.blp"));
        byte[] bad = Arrays.copyOf(blp, blp.length + 5);
        bad[4] = 7;
        Superchunk s = Superchunk.read(ByteSource.of(bad, "x"));
        assertEquals(Span.bytes(4, 1), only(s.problems(), "unknown_blpk_version").span());
        assertEquals(blp.length, only(s.problems(), "trailing_bytes").span().byteOffset());
        assertNull(only(s.problems(), "trailing_bytes").span().bitInByte() == 0 ? null : "");
        byte[] cut = Arrays.copyOf(blp, 12);
        assertEquals("blpk_truncated", only(Superchunk.read(ByteSource.of(cut, "x")).problems(), "blpk_truncated").rule());
    }
}
