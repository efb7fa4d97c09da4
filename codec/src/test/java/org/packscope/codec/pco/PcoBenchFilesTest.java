package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.packscope.codec.analysis.ColumnPages;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;
import org.packscope.codec.testing.PureJavaRerun;

/** The large many-chunk bench files decode to the SHA-256 their manifest gives, in parallel too. */
@PureJavaRerun
class PcoBenchFilesTest {

    @Test
    void benchFilesDecodeToManifestDigests() throws Exception {
        Path dir = Fixtures.sharedOrSkip("bench/pco");
        JsonNode m = new ObjectMapper().readTree(dir.resolve("MANIFEST.json").toFile());
        for (JsonNode f : m.get("files")) {
            PcoFile pco = PcoFile.open(ByteSource.open(dir.resolve(f.get("file").asText())));
            assertEquals(0, pco.diagnostics().size());
            assertEquals(f.get("n").asLong(), pco.totalN());
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            int w = pco.numberType().bits / 8;
            for (PcoFile.Chunk c : pco.chunks()) {
                long[] v = new long[c.n()];
                pco.decodeChunk(c, v, 0);
                byte[] b = new byte[v.length * w];
                for (int i = 0; i < v.length; i++) pco.numberType().valueType.writeLE(v[i], b, i * w);
                sha.update(b);
            }
            assertEquals(f.get("sha256_decoded_le").asText(), HexFormat.of().formatHex(sha.digest()), f.get("file").asText());
            assertEquals(pco.totalN(), pco.decodeAllDiscard(null, 2));
            // as an export reads it: pages on two threads, chunks decoded ahead by a reader that would wait
            MessageDigest paged = MessageDigest.getInstance("SHA-256");
            PcoValues values = PcoValues.ofFile(pco, f.get("file").asText());
            ColumnPages.read(values, 0, values.count(), 1 << 16, ColumnPages.Read.RAW, 2, Progress.NONE,
                    (page, k) -> paged.update(page.raw, 0, page.length * w));
            assertEquals(f.get("sha256_decoded_le").asText(), HexFormat.of().formatHex(paged.digest()), f.get("file").asText() + ", paged");
        }
    }
}
