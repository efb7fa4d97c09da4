package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.testing.TraceChecks;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.io.ArraySource;
import org.packscope.codec.io.ByteSource;

class BloscTraceTest {
    static final Path DIR = BloscFixtureTest.DIR;
    static final FormatRegistry REGISTRY = FormatRegistry.standard();

    static Stream<String> names() throws Exception { return BloscFixtureTest.names(); }

    static Node open(String name) {
        Path p = DIR.resolve(name + ".blosc");
        Node n = Node.of(name, "blosc-chunk");
        try {
            BloscFormat.fillRawChunk(n, ByteSource.open(p), name);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return n;
    }

    @ParameterizedTest
    @MethodSource("names")
    void everyTracedValueEqualsTheDecodedOne(String name) {
        Node n = open(name);
        ValueColumn col = n.values();
        for (long k : TraceChecks.sample(col.count(), 60)) TraceChecks.check(n, k);
    }

    @ParameterizedTest
    @MethodSource("names")
    void everyFieldIsExplained(String name) {
        Set<String> kinds = new HashSet<>();
        int fields = TraceChecks.walkExplained(open(name), kinds);
        assertTrue(fields >= 13, name + ": " + fields);
    }

    @Test
    void blockNodesAndSuperchunksAreExplainedToo() {
        Set<String> kinds = new HashSet<>();
        TraceChecks.walkExplained(open("lz4_shuf_ts4_256k_ramp_c5"), kinds);
        Node blp = REGISTRY.open(BloscFixtureTestSupport.bcolzFile("carray_int16_lz4_c1_noshuffle/data/__0.blp"));
        TraceChecks.walkExplained(blp, kinds);
        assertEquals(Set.of("blosc-chunk", "blosc-block", "bcolz-superchunk"), kinds);
    }

    @Test
    void superchunkFileTracesThroughItsChunk() {
        Node blp = REGISTRY.open(BloscFixtureTestSupport.bcolzFile("carray_float64_blosclz_c5_bitshuffle/data/__1.blp"));
        ValueColumn col = blp.values();
        for (long k : TraceChecks.sample(col.count(), 20)) TraceChecks.check(blp, k);
        for (long k : TraceChecks.sample(col.count(), 5)) TraceChecks.check(blp.child("chunk 0"), k);
    }

    /** Steps of a split, byte-shuffled int64 chunk: header, block, then one stream per byte, then the value. */
    @Test
    void shuffledSplitValueGathersOneByteFromEachStream() {
        Node n = open("bcolz114_blosclz_shuf_ts8_int64");
        BloscChunk c = BloscChunk.read(n.source(), 0, n.source().size());
        assertEquals(8, c.layout(0).nsplits());
        Trace t = TraceChecks.check(n, 5);
        List<String> titles = t.steps().stream().map(Trace.Step::title).toList();
        assertEquals("element 5", titles.get(0));
        assertTrue(titles.get(1).startsWith("Blosc header"), titles.toString());
        assertTrue(titles.get(2).startsWith("block 0"), titles.toString());
        for (int j = 0; j < 8; j++) {
            assertTrue(titles.contains("stream " + j + " of block 0: csize"), titles.toString());
            assertTrue(titles.contains("value byte " + j), titles.toString());
        }
        // byte j of element 5 sits at j·n + 5, i.e. offset 5 of stream j
        Trace.Step b3 = t.steps().get(titles.indexOf("value byte 3"));
        assertEquals(5 * 8, b3.span().startBit());
        assertTrue(b3.source() instanceof ArraySource || b3.source() == n.source());
    }

    @Test
    void bitshuffledValueIsGatheredBitByBit() {
        Node n = open("zstd_bitshuf_ts4_256k_smooth_c5");
        Trace t = TraceChecks.check(n, 1001);
        long bits = t.steps().stream().filter(s -> s.title().startsWith("bit ")).count();
        assertEquals(32, bits);
        Trace.Step s = t.steps().stream().filter(x -> x.title().equals("bit 0 of value byte 0")).findFirst().orElseThrow();
        // element 1001 of block 0: byte 0 bit 0 is bit-row 0, byte 1001/8 = 125, bit 1
        assertEquals(125 * 8 + 1, s.span().startBit() - 0);
        assertTrue(s.source().name().contains("(decompressed)"), s.source().name());
    }

    @Test
    void memcpyedValuePointsAtTheFileBytes() {
        Node n = open("blosclz_shuf_ts8_4k_seq_c0");
        Trace t = TraceChecks.check(n, 7);
        Trace.Step s = t.steps().stream().filter(x -> x.title().startsWith("memcpyed bytes")).findFirst().orElseThrow();
        assertEquals(n.source(), s.source());
        assertEquals((16 + 7 * 8) * 8L, s.span().startBit());
        assertEquals(64, s.span().bitLength());
    }

    @Test
    void damagedBlockTracesToZerosWithTheReason() throws Exception {
        byte[] file = java.nio.file.Files.readAllBytes(DIR.resolve("lz4_shuf_ts4_160k_mixed_c1.blosc"));
        BloscChunk c0 = BloscChunk.read(ByteSource.of(file, "x"), 0, file.length);
        long at = c0.layout(1).streamOffsets()[0];
        file[(int) at + 4] ^= (byte) 0xff; // the first token of block 1's first stream
        Node n = Node.of("damaged", "blosc-chunk");
        BloscFormat.fillRawChunk(n, ByteSource.of(file, "damaged"), "damaged");
        long perBlock = c0.header().blocksize() / 4;
        Trace t = TraceChecks.check(n, perBlock + 3);
        assertTrue(t.steps().stream().anyMatch(s -> s.title().equals("block 1 cannot be decoded")), t.steps().toString());
        TraceChecks.check(n, 3);
        ValueTracer tr = n.facet(ValueTracer.class);
        assertEquals("0", tr.trace(perBlock + 3, Progress.NONE).value());
    }

    /** blocksize 257 with typesize 2: two raw streams of 128 bytes cover 256; the last byte reads as 0, decoded or traced. */
    @Test
    void byteNoStreamCoversReadsAsZero() throws Exception {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(16 + 4 + 2 * (4 + 128)).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 2).put((byte) 1).put((byte) 0x01).put((byte) 2).putInt(257).putInt(257).putInt(b.capacity());
        b.putInt(20);
        for (int j = 0; j < 2; j++) {
            b.putInt(128);
            for (int i = 0; i < 128; i++) b.put((byte) (j * 128 + i + 1));
        }
        Node n = Node.of("odd", "blosc-chunk");
        BloscFormat.fillRawChunk(n, ByteSource.of(b.array(), "odd"), "odd");
        ValueColumn col = n.values();
        assertEquals(257, col.count());
        // stale bytes in the per-thread buffer must not leak into the uncovered byte
        java.util.Arrays.fill(Codecs.local().shuffled(1024), (byte) 0x7f);
        assertEquals("0", col.text(256));
        Trace t = TraceChecks.check(n, 256);
        assertTrue(t.steps().get(t.steps().size() - 2).explanation().contains("reads as 0"), t.steps().toString());
        // element 3 (bytes 6, 7): byte 0 from stream 0 offset 3, byte 1 from stream 1 offset 3
        assertEquals(Integer.toString(4), col.text(6));
        assertEquals(Integer.toString(128 + 4), col.text(7));
        TraceChecks.check(n, 7);
    }
}
