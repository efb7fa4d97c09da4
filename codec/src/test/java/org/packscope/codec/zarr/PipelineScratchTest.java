package org.packscope.codec.zarr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.json.Json;
import org.packscope.codec.store.ChunkScratch;
import org.packscope.codec.store.ChunkedArray;
import org.packscope.codec.testing.DamagedBlosc;

/**
 * A check's decode in the thread's own buffers gives what a decode into new arrays gives,
 * chunk by chunk: the same bytes, the same lost elements, the same problems; and the
 * decoded chunks of an array share one buffer.
 */
class PipelineScratchTest {

    private static Pipeline pipeline(Path array) throws Exception {
        ArrayMeta meta = ArrayMeta.v2(Json.parse(Files.readAllBytes(array.resolve(".zarray"))), Node.of("a", "test"));
        assertNotNull(meta.pipeline, array.toString());
        return meta.pipeline;
    }

    private static List<Path> chunkFiles(Path array) throws Exception {
        try (Stream<Path> s = Files.list(array)) {
            return s.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
        }
    }

    /** Decodes every chunk file of {@code array} both ways and compares them. */
    private static void sameBothWays(Path array) throws Exception {
        Pipeline p = pipeline(array);
        ChunkScratch scratch = ChunkScratch.local();
        byte[] shared = null;
        for (Path f : chunkFiles(array)) {
            List<Diagnostic> fresh = new ArrayList<>(), reused = new ArrayList<>();
            byte[] stored = Files.readAllBytes(f);
            ChunkedArray.Decoded want = p.decodePartly(stored, 0, fresh::add);
            int length = scratch.readFile(f, Long.MAX_VALUE);
            ChunkedArray.Decoded got = p.decodePartly(scratch.stored(), length, 0, reused::add, scratch);
            assertArrayEquals(want.bytes(), got.bytes(), f.toString());
            assertEquals(want.lost(), got.lost(), f.toString());
            assertEquals(want.why(), got.why(), f.toString());
            assertEquals(fresh, reused, f.toString());
            if (shared == null) shared = got.bytes();
            else assertSame(shared, got.bytes(), "chunk " + f.getFileName() + " decoded into the buffer of the one before");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"blosc_lz4_shuffle_i4", "blosc_zlib_shuffle", "blosc_blosclz_bitshuffle", "blosc_zstd_noshuffle",
            "blosc_clevel0", "blosc_lz4hc_bitshuffle", "blosc_lz4_smallblocks"})
    void bloscChunksDecodeTheSameIntoTheThreadsBuffer(String name) throws Exception {
        sameBothWays(ZarrFixturesTest.ROOT.resolve("v2.zarr/compressors/" + name));
    }

    @Test
    void aDamagedBlockIsLostTheSameWay(@TempDir Path tmp) throws Exception {
        Path copy = tmp.resolve("a");
        DamagedBlosc.copyFolder(ZarrFixturesTest.ROOT.resolve("v2.zarr/compressors/blosc_lz4_smallblocks"), copy);
        Files.write(copy.resolve("0.1"), DamagedBlosc.withBrokenBlock(Files.readAllBytes(copy.resolve("0.1")), 0, 1));
        sameBothWays(copy);
        Pipeline p = pipeline(copy);
        ChunkScratch s = ChunkScratch.local();
        ChunkedArray.Decoded d = p.decodePartly(s.stored(), s.readFile(copy.resolve("0.1"), Long.MAX_VALUE), 0, x -> { }, s);
        assertEquals(64, d.lost().cardinality(), "block 1's 64 elements");
        // the stale bytes of the chunk decoded before do not show through the lost block
        byte[] zeros = new byte[256];
        assertArrayEquals(zeros, Arrays.copyOfRange(d.bytes(), 256, 512));
    }
}
