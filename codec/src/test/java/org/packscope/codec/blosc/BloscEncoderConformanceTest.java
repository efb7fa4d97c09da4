package org.packscope.codec.blosc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.compress.NativeCodecs;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.testing.Fixtures;

/**
 * What PackScope's encoder writes, c-blosc reads back to the same bytes. The recorded corpus
 * ({@code fixtures/blosc-encoded}: chunks, MANIFEST.json and c-blosc's answer cblosc.json)
 * needs nothing but Java: the encoder must still write those very chunks, and c-blosc's
 * digests must equal the data's. Where Debian's python3-blosc is installed, the same check
 * runs live on a freshly written corpus.
 */
class BloscEncoderConformanceTest {
    static final Path DIR = Fixtures.resource("fixtures/blosc-encoded");
    static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void encoderStillWritesTheRecordedChunksAndPackScopeReadsThem() throws IOException {
        List<BloscEncodedCorpus.Case> cases = BloscEncodedCorpus.cases();
        JsonNode manifest = JSON.readTree(DIR.resolve("MANIFEST.json").toFile());
        assertEquals(cases.size(), manifest.get("chunks").size());
        for (BloscEncodedCorpus.Case c : cases) {
            byte[] data = c.data();
            byte[] mine = BloscEncoder.encode(data, c.settings());
            byte[] recorded = Files.readAllBytes(DIR.resolve(c.file()));
            String cname = c.settings().codec().cname();
            boolean sameLibraries = switch (cname) {
                case "lz4", "lz4hc" -> NativeCodecs.lz4();
                case "zstd" -> NativeCodecs.zstd();
                default -> true;
            };
            if (sameLibraries) assertArrayEquals(recorded, mine, c.file());
            BloscChunk chunk = BloscChunk.read(ByteSource.of(mine, c.file()), 0, mine.length);
            assertEquals(List.of(), chunk.problems(), c.file());
            assertArrayEquals(data, chunk.decodeAll(new Codecs()), c.file());
        }
    }

    @Test
    void cBloscDecodedEveryRecordedChunkToItsData() throws IOException {
        JsonNode manifest = JSON.readTree(DIR.resolve("MANIFEST.json").toFile());
        JsonNode answers = JSON.readTree(DIR.resolve("cblosc.json").toFile()).get("chunks");
        for (JsonNode c : manifest.get("chunks")) {
            JsonNode a = answers.get(c.get("file").asText());
            assertFalse(a == null || a.has("error"), c.get("file").asText() + ": " + a);
            assertEquals(c.get("data_sha256").asText(), a.get("sha256").asText(), c.get("file").asText());
            assertEquals(c.get("nbytes").asLong(), a.get("nbytes").asLong(), c.get("file").asText());
        }
    }

    @Test
    void cBloscDecodesAFreshCorpus(@TempDir Path tmp) throws Exception {
        Path python = Path.of("/usr/bin/python3");
        Assumptions.assumeTrue(Files.isExecutable(python) && run(python, "-c", "import blosc").exitCode == 0,
                "python3-blosc (Debian) is not installed: the live c-blosc check is skipped; the recorded one ran");
        BloscEncodedCorpus.write(tmp);
        Result r = run(python, DIR.resolve("decode_with_cblosc.py").toString(), tmp.toString());
        assertEquals(0, r.exitCode, r.output);
        JsonNode answers = JSON.readTree(r.output).get("chunks");
        for (BloscEncodedCorpus.Case c : BloscEncodedCorpus.cases()) {
            JsonNode a = answers.get(c.file());
            assertFalse(a == null || a.has("error"), c.file() + ": " + a);
            assertEquals(BloscEncodedCorpus.sha256(c.data()), a.get("sha256").asText(), c.file());
        }
    }

    private record Result(int exitCode, String output) { }

    private static Result run(Path python, String... args) throws IOException {
        String[] cmd = new String[args.length + 1];
        cmd[0] = python.toString();
        System.arraycopy(args, 0, cmd, 1, args.length);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
        byte[] out = p.getInputStream().readAllBytes();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(-1, "timed out");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
