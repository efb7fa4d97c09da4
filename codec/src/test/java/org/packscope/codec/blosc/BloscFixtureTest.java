package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;
import org.packscope.codec.testing.PureJavaRerun;

@PureJavaRerun
class BloscFixtureTest {
    static final Path DIR = Fixtures.resource("fixtures/blosc");
    static final ObjectMapper JSON = new ObjectMapper();

    static Stream<String> names() throws IOException {
        JsonNode m = JSON.readTree(DIR.resolve("MANIFEST.json").toFile());
        List<String> names = new ArrayList<>();
        m.get("fixtures").forEach(f -> names.add(f.get("name").asText()));
        assertEquals(50, names.size());
        return names.stream();
    }

    @ParameterizedTest
    @MethodSource("names")
    void decodesToExpected(String name) throws Exception {
        byte[] file = Files.readAllBytes(DIR.resolve(name + ".blosc"));
        byte[] expected = Files.readAllBytes(DIR.resolve(name + ".expected.bin"));
        BloscChunk c = BloscChunk.read(ByteSource.of(file, name), 0, file.length);
        assertEquals(List.of(), c.problems());
        assertArrayEquals(expected, c.decodeAll(new Codecs()));
    }

    @ParameterizedTest
    @MethodSource("names")
    void headerAndLayoutMatchSidecar(String name) throws Exception {
        byte[] file = Files.readAllBytes(DIR.resolve(name + ".blosc"));
        JsonNode j = JSON.readTree(DIR.resolve(name + ".json").toFile());
        JsonNode h = j.get("header");
        BloscChunk c = BloscChunk.read(ByteSource.of(file, name), 0, file.length);
        ChunkHeader ch = c.header();
        assertEquals(h.get("version").asInt(), ch.version());
        assertEquals(h.get("versionlz").asInt(), ch.versionlz());
        assertEquals(h.get("flags").asInt(), ch.flags());
        JsonNode fb = h.get("flag_bits");
        assertEquals(fb.get("byte_shuffle").asBoolean(), ch.shuffle());
        assertEquals(fb.get("memcpyed").asBoolean(), ch.memcpyed());
        assertEquals(fb.get("bit_shuffle").asBoolean(), ch.bitshuffle());
        assertEquals(fb.get("dont_split").asBoolean(), ch.dontSplit());
        assertEquals(fb.get("compformat").asInt(), ch.compformatCode());
        assertEquals(h.get("typesize").asInt(), ch.typesize());
        assertEquals(h.get("nbytes").asLong(), ch.nbytes());
        assertEquals(h.get("blocksize").asLong(), ch.blocksize());
        assertEquals(h.get("cbytes").asLong(), ch.cbytes());
        int[] bstarts = c.bstarts();
        JsonNode jb = j.get("bstarts");
        int n = jb == null || jb.isNull() ? 0 : jb.size();
        assertEquals(n, bstarts.length);
        for (int i = 0; i < n; i++) assertEquals(jb.get(i).asInt(), bstarts[i], "bstarts[" + i + "]");
        JsonNode blocks = j.get("blocks");
        if (blocks != null && !ch.memcpyed()) {
            assertEquals(blocks.size(), c.nblocks());
            for (JsonNode b : blocks) {
                BlockLayout l = c.layout(b.get("index").asInt());
                assertEquals(null, l.problem());
                assertEquals(b.get("start").asLong(), l.start());
                assertEquals(b.get("end").asLong(), l.end());
                assertEquals(b.get("uncompressed_size").asInt(), l.bsize());
                assertEquals(b.get("leftover_block").asBoolean(), l.leftoverBlock());
                assertEquals(b.get("nsplits").asInt(), l.nsplits());
                JsonNode cs = b.get("split_csizes");
                for (int s = 0; s < cs.size(); s++) assertEquals(cs.get(s).asInt(), l.csizes()[s]);
                assertEquals(b.get("raw_splits").asInt(), l.rawStreams());
                ChunkHeader.Filter f = ch.filter(l.bsize());
                assertEquals(b.get("byte_shuffle_applied").asBoolean(), f == ChunkHeader.Filter.SHUFFLE);
                assertEquals(b.get("bit_shuffle_applied").asBoolean(), f == ChunkHeader.Filter.BITSHUFFLE);
            }
        }
        assertTrue(c.problems().isEmpty());
    }
}
