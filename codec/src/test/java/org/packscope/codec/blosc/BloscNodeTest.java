package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.store.StoreColumn;

class BloscNodeTest {
    static final Path DIR = BloscFixtureTest.DIR;
    static final FormatRegistry REGISTRY = FormatRegistry.standard();

    static Stream<String> names() throws Exception { return BloscFixtureTest.names(); }

    @ParameterizedTest
    @MethodSource("names")
    void rawChunkIsDetectedAndReadRawGivesTheDecompressedBytes(String name) throws Exception {
        Path p = DIR.resolve(name + ".blosc");
        byte[] expected = Files.readAllBytes(DIR.resolve(name + ".expected.bin"));
        assertEquals("blosc", REGISTRY.detect(p).id());
        Node n = REGISTRY.resolve(p.toString()).target();
        assertEquals(List.of(), n.diagnostics());
        ValueColumn col = n.values();
        int w = col.type().byteWidth();
        assertEquals(expected.length, col.count() * w);
        byte[] got = new byte[expected.length];
        col.readRaw(0, (int) col.count(), got, 0);
        assertArrayEquals(expected, got);
        List<Diagnostic> found = new ArrayList<>();
        n.facet(Verifier.class).verify(found::add, Progress.NONE);
        assertEquals(List.of(), found);
        assertEquals(col.count(), n.facet(BulkDecoder.class).decodeAll(Progress.NONE));
        assertEquals(col.count(), n.facet(BulkDecoder.class).decodeAll(Progress.NONE, 3)); // blocks on several threads
    }

    @Test
    void typeFollowsTypesize() {
        assertEquals(ValueType.U64, REGISTRY.open(DIR.resolve("blosclz_shuf_ts8_256k_seq_c5.blosc")).values().type());
        assertEquals(ValueType.U32, REGISTRY.open(DIR.resolve("lz4_shuf_ts4_256k_ramp_c5.blosc")).values().type());
        assertEquals(ValueType.U16, REGISTRY.open(DIR.resolve("lz4hc_shuf_ts2_50000b_seq_c9.blosc")).values().type());
        assertEquals(ValueType.bytes(16), REGISTRY.open(DIR.resolve("zlib_shuf_ts16_64000b_ramp_c9.blosc")).values().type());
        assertEquals(ValueType.bytes(7), REGISTRY.open(DIR.resolve("zlib_bitshuf_ts7_70000b_ramp_c3.blosc")).values().type());
        // 4099 bytes are not whole 3-byte elements: shown as bytes so readRaw still covers every byte
        assertEquals(ValueType.U8, REGISTRY.open(DIR.resolve("lz4_bitshuf_ts3_4099b_seq_c5.blosc")).values().type());
    }

    @Test
    void flagsAreRecordedBitByBit() {
        Node n = REGISTRY.open(DIR.resolve("lz4_shuf_ts4_160k_mixed_c1.blosc"));
        assertEquals(Span.bits(16, 1), field(n, "flags.shuffle").span());
        assertEquals("true", field(n, "flags.shuffle").value());
        assertEquals(Span.bits(17, 1), field(n, "flags.memcpyed").span());
        assertEquals(Span.bits(18, 1), field(n, "flags.bitshuffle").span());
        assertEquals(Span.bits(20, 1), field(n, "flags.dont_split").span());
        assertEquals(Span.bits(21, 3), field(n, "flags.compformat").span());
        assertTrue(field(n, "flags.compformat").value().startsWith("1 "));
        assertEquals(Span.bytes(12, 4), field(n, "cbytes").span());
        assertEquals("68611", field(n, "cbytes").value());
        assertEquals(Span.bytes(20, 4), field(n, "bstarts[1]").span());
        assertEquals("65580", field(n, "bstarts[1]").value());
        DataTable t = n.tables().get(0);
        assertEquals("block", t.chartX());
        assertEquals("ratio", t.chartY());
        assertEquals(3, t.rows().size());
        assertEquals(4, t.rows().get(0).get(t.columnIndex("raw streams")));
        assertEquals(3, n.childCount());
        assertTrue(n.isDrillDown());
        Node b0 = n.children().get(0);
        assertEquals("16384", field(b0, "streams[3].csize").value());
        assertEquals(Span.bytes(28 + 3 * (4 + 16384), 4), field(b0, "streams[3].csize").span());
        assertEquals("raw", field(b0, "streams[0].data").value());
    }

    @Test
    void superchunkFileHasHeaderFieldsAndChunkChild() throws Exception {
        Path p = BloscFixtureTestSupport.bcolzFile("carray_int64_lz4_c1_shuffle_multiblock/data/__0.blp");
        assertEquals("blosc", REGISTRY.detect(p).id());
        Node n = REGISTRY.open(p);
        assertEquals("blpk", field(n, "magic").value());
        assertEquals(Span.bytes(8, 8), field(n, "nchunks").span());
        assertEquals("1", field(n, "nchunks").value());
        Node chunk = n.child("chunk 0");
        assertNotNull(chunk);
        assertEquals(Span.bytes(16 + 4, 4), field(chunk, "nbytes").span());
        assertEquals("160000", field(chunk, "nbytes").value());
        assertTrue(chunk.tables().get(0).rows().size() > 1);
    }

    @Test
    void oneValueDecodesOnlyItsBlock() throws Exception {
        byte[] b = Files.readAllBytes(DIR.resolve("zstd_bitshuf_ts8_1_5m_smooth_c5.blosc"));
        byte[] exp = Files.readAllBytes(DIR.resolve("zstd_bitshuf_ts8_1_5m_smooth_c5.expected.bin"));
        BloscChunk c = BloscChunk.read(org.packscope.codec.io.ByteSource.of(b, "x"), 0, b.length);
        assertTrue(c.nblocks() > 3);
        StoreColumn col = ChunkStore.column("x", c);
        long i = col.count() - 3;
        long[] v = new long[1];
        col.read(i, v, 0, 1);
        assertEquals(java.nio.ByteBuffer.wrap(exp).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong((int) i * 8), v[0]);
        assertEquals(1, ((ChunkStore) col.store()).decodedUnits());
        col.read(i - 1, v, 0, 1); // same block: served from the cache
        assertEquals(1, ((ChunkStore) col.store()).decodedUnits());
    }

    static Field field(Node n, String name) {
        return n.fields().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no field " + name + " in " + n.fields()));
    }
}
