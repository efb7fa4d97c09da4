package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.packscope.codec.compress.NativeCodecs;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

/**
 * The 16 MiB bench chunks that c-blosc 1.21.3 wrote, decoded and encoded again with the
 * settings their manifest gives: the sizes within 3% of c-blosc's (BloscLZ and LZ4 to the
 * byte, as the same algorithm and library), and the new chunk decodes to the same data.
 * Skipped when the shared folder is not beside the checkout.
 */
class BloscEncoderBenchTest {

    @Test
    void reencodedBenchChunksMatchCBloscSizes() throws Exception {
        Path dir = Fixtures.sharedOrSkip("bench/blosc");
        JsonNode m = new ObjectMapper().readTree(dir.resolve("MANIFEST.json").toFile());
        Codecs codecs = new Codecs();
        for (JsonNode f : m.get("chunks")) {
            String name = f.get("file").asText();
            byte[] reference = Files.readAllBytes(dir.resolve(name));
            byte[] data = BloscChunk.read(ByteSource.of(reference, name), 0, reference.length).decodeAll(codecs);
            BloscEncoder.Filter filter = f.get("shuffle").asText().equals("bit") ? BloscEncoder.Filter.BITSHUFFLE : BloscEncoder.Filter.SHUFFLE;
            BloscEncoder.Settings s = BloscEncoder.Settings.of(BloscEncoder.Codec.named(f.get("cname").asText()),
                    f.get("clevel").asInt(), filter, f.get("typesize").asInt());
            long t0 = System.nanoTime();
            byte[] mine = BloscEncoder.encode(data, s);
            long ns = System.nanoTime() - t0;
            System.out.printf(Locale.ROOT, "%s: PackScope %,d bytes, c-blosc %,d (%.4f), encoded in %.0f ms%n",
                    name, mine.length, reference.length, (double) mine.length / reference.length, ns / 1e6);
            String cname = f.get("cname").asText();
            if (BloscEncoderFixtureTest.levelsHonoured(cname)) {
                assertTrue(Math.abs(mine.length - reference.length) <= reference.length * 0.03, name + ": " + mine.length + " against " + reference.length);
            }
            if (cname.equals("blosclz") || cname.equals("lz4") && NativeCodecs.lz4()) assertArrayEquals(reference, mine, name);
            assertArrayEquals(data, BloscChunk.read(ByteSource.of(mine, name), 0, mine.length).decodeAll(codecs), name);
        }
    }
}
