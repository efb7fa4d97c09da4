package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.packscope.codec.testing.Fixtures;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.analysis.ElementReading;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * The codec, not the view, says whose choice a chunk's element type is: a person's for a
 * standalone Blosc chunk, the container's inside a bcolz carray or a typed Zarr array. The
 * GUI's "Read elements as" offers exactly the readings that ask a person.
 */
class ElementReadingOfferTest {
    private static final FormatRegistry REGISTRY = FormatRegistry.standard();

    @Test
    void aStandaloneChunkAsksAPersonAndReadsItsBytesAsTheChosenType() throws Exception {
        Path dir = BloscFixtureTest.DIR;
        Node n = REGISTRY.open(dir.resolve("snappy_shuf_ts8_24000b_smooth_c5.blosc"));
        ElementReading reading = n.facet(ElementReading.class);
        assertNotNull(reading);
        assertTrue(reading.asksPerson());
        assertEquals(8, reading.width());
        byte[] raw = Files.readAllBytes(dir.resolve("snappy_shuf_ts8_24000b_smooth_c5.expected.bin"));
        for (boolean big : new boolean[] {false, true}) {
            assertTrue(reading.apply(n, ValueType.F64, big));
            ValueColumn col = n.values();
            assertEquals(ValueType.F64, col.type());
            assertEquals(raw.length / 8, col.count());
            ByteBuffer want = ByteBuffer.wrap(raw).order(big ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
            long[] got = new long[(int) col.count()];
            col.read(0, got, 0, got.length);
            for (int i = 0; i < got.length; i++) {
                assertEquals(Double.doubleToRawLongBits(want.getDouble(8 * i)), got[i], "element " + i);
            }
        }
        assertFalse(reading.apply(n, ValueType.F32, false), "4-byte floats are not the chunk's 8-byte elements");
    }

    @Test
    void chunksInsideABcolzCarrayAreDecidedByTheCarray() {
        // a float64 carray types its chunk; an S8 one cannot, and still does not ask a person
        for (String carray : List.of("carray_2d_float64_N3_lz4_c5_shuffle", "carray_S8_zlib_c9_shuffle")) {
            List<Node> chunks = readers(REGISTRY.open(BloscFixtureTestSupport.bcolzFile(carray)));
            assertFalse(chunks.isEmpty(), carray);
            for (Node c : chunks) assertFalse(c.facet(ElementReading.class).asksPerson(), carray + ": " + c.name());
        }
        Node typed = readers(REGISTRY.open(BloscFixtureTestSupport.bcolzFile("carray_2d_float64_N3_lz4_c5_shuffle"))).get(0);
        assertEquals(ValueType.F64, typed.values().type());
        assertFalse(typed.facet(ElementReading.class).apply(typed, ValueType.I64, false), "a known dtype is not re-read");
        assertEquals(ValueType.F64, typed.values().type());
    }

    @Test
    void aSuperchunkFileOpenedAloneLeavesItsChunksToBcolz() {
        List<Node> chunks = readers(REGISTRY.open(BloscFixtureTestSupport.bcolzFile("carray_S8_zlib_c9_shuffle/data/__0.blp")));
        assertEquals(1, chunks.size());
        ElementReading r = chunks.get(0).facet(ElementReading.class);
        assertFalse(r.asksPerson());
        // an explicit request (the CLI's --dtype) still re-reads it
        assertTrue(r.apply(chunks.get(0), new ValueType(ValueType.Kind.INT, r.width()), false));
    }

    @Test
    void aTypedZarrArraysBloscChunksOfferNoChoice() {
        Path array = Fixtures.resource("fixtures/zarr/v2.zarr/compressors/blosc_lz4_shuffle_i4");
        List<Node> chunks = readers(REGISTRY.open(array));
        assertFalse(chunks.isEmpty());
        for (Node c : chunks) {
            assertFalse(c.facet(ElementReading.class).asksPerson(), c.name());
            assertEquals(ValueType.I32, c.values().type());
        }
    }

    /** Every node under {@code root} (a few levels, as a person would open them) with an element reading. */
    private static List<Node> readers(Node root) {
        List<Node> out = new ArrayList<>();
        collect(root, 0, out);
        return out;
    }

    private static void collect(Node n, int depth, List<Node> out) {
        if (n.facet(ElementReading.class) != null) out.add(n);
        if (depth < 4) for (Node c : n.children()) collect(c, depth + 1, out);
    }
}
