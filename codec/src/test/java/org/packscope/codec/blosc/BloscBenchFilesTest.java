package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import org.packscope.codec.compress.NativeCodecs;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;
import org.packscope.codec.testing.PureJavaRerun;

/**
 * The 16 MiB bench chunks (lz4, blosclz, zstd; byte and bit shuffle) decode to the SHA-256
 * their manifest gives, and the parallel bulk decode covers every byte. Skipped when the
 * shared folder is not beside the checkout.
 */
@PureJavaRerun
class BloscBenchFilesTest {

    @Test
    void benchChunksDecodeToManifestDigests() throws Exception {
        Path dir = Fixtures.sharedOrSkip("bench/blosc");
        JsonNode m = new ObjectMapper().readTree(dir.resolve("MANIFEST.json").toFile());
        Codecs codecs = new Codecs();
        for (JsonNode f : m.get("chunks")) {
            String name = f.get("file").asText();
            byte[] file = Files.readAllBytes(dir.resolve(name));
            BloscChunk c = BloscChunk.read(ByteSource.of(file, name), 0, file.length);
            assertEquals(0, c.problems().size(), name);
            byte[] out = c.decodeAll(codecs);
            String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(out));
            assertEquals(f.get("sha256_decompressed").asText(), sha, name + " (" + NativeCodecs.describe() + ")");
            BulkDecoder bulk = FormatRegistry.standard().resolve(dir.resolve(name).toString()).target().facet(BulkDecoder.class);
            assertEquals(f.get("nbytes").asLong() / 8, bulk.decodeAll(Progress.NONE, 2), name);
        }
    }
}
