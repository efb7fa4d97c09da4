package org.packscope.codec.bcolz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.packscope.codec.blosc.BloscEncoder;
import org.packscope.codec.blosc.ChunkHeader;
import org.packscope.codec.format.CheckReport;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.numpy.Dtype;
import org.packscope.codec.testing.Fixtures;

/**
 * The carray writer against the folders real bcolz 1.2.1 wrote: each fixture's values
 * written again with its dtype, shape, chunklen and cparams give the same meta/storage
 * text, the same shape and nbytes, the same chunk files with the same Blosc typesize,
 * shuffle and sizes, a cbytes counted as bcolz counts it, and read back through
 * PackScope's own reader to the fixture's values with no problem. Where Debian's
 * python3-blosc is installed, c-blosc decodes every chunk written to the same bytes.
 */
class CarrayWriterTest {

    static Stream<String> carrays() throws IOException {
        return BcolzFixtureTest.carrays();
    }

    static CarrayWriter.Settings settingsOf(String name) throws IOException {
        Path dir = BcolzFixtureTest.DIR.resolve(name);
        JsonNode storage = BcolzFixtureTest.JSON.readTree(dir.resolve("meta/storage").toFile());
        JsonNode sizes = BcolzFixtureTest.JSON.readTree(dir.resolve("meta/sizes").toFile());
        long[] shape = new long[sizes.get("shape").size()];
        for (int i = 0; i < shape.length; i++) shape[i] = sizes.get("shape").get(i).asLong();
        JsonNode cp = storage.get("cparams");
        BloscEncoder.Filter filter = BloscEncoder.Filter.values()[cp.get("shuffle").asInt()];
        Path attrs = dir.resolve("__attrs__");
        return new CarrayWriter.Settings(storage.get("dtype").asText(), shape, storage.get("chunklen").asLong(),
                BloscEncoder.Codec.named(cp.get("cname").asText()), cp.get("clevel").asInt(), filter,
                Files.exists(attrs) ? Files.readString(attrs) : "{}");
    }

    @ParameterizedTest
    @MethodSource("carrays")
    void writesWhatBcolzWrites(String name, @TempDir Path tmp) throws Exception {
        Path theirs = BcolzFixtureTest.DIR.resolve(name);
        byte[] values = Files.readAllBytes(BcolzFixtureTest.DIR.resolve(name + ".expected.bin"));
        CarrayWriter.Settings s = settingsOf(name);
        Path mine = tmp.resolve(name);
        long cbytes = CarrayWriter.write(mine, values, s);

        assertEquals(Files.readString(theirs.resolve("meta/storage")), Files.readString(mine.resolve("meta/storage")), "meta/storage");
        JsonNode theirSizes = BcolzFixtureTest.JSON.readTree(theirs.resolve("meta/sizes").toFile());
        JsonNode mySizes = BcolzFixtureTest.JSON.readTree(mine.resolve("meta/sizes").toFile());
        assertEquals(theirSizes.get("shape"), mySizes.get("shape"));
        assertEquals(theirSizes.get("nbytes"), mySizes.get("nbytes"));
        assertEquals(cbytes, mySizes.get("cbytes").asLong());
        assertEquals(Files.readString(theirs.resolve("__attrs__")), Files.readString(mine.resolve("__attrs__")));

        List<String> files = chunkFiles(mine);
        assertEquals(chunkFiles(theirs), files, "the chunk files");
        long atom = atomBytes(s);
        long full = s.shape()[0] / s.chunklen();
        long recount = s.chunklen() * atom;
        boolean sameBytes = true;
        for (int k = 0; k < files.size(); k++) {
            byte[] a = Files.readAllBytes(theirs.resolve("data").resolve(files.get(k)));
            byte[] b = Files.readAllBytes(mine.resolve("data").resolve(files.get(k)));
            assertArrayEquals(java.util.Arrays.copyOf(a, 16), java.util.Arrays.copyOf(b, 16), "blpk header of " + files.get(k));
            ChunkHeader ha = ChunkHeader.read(ByteSource.of(a, "theirs"), 16);
            ChunkHeader hb = ChunkHeader.read(ByteSource.of(b, "mine"), 16);
            assertEquals(ha.typesize(), hb.typesize(), files.get(k));
            assertEquals(ha.nbytes(), hb.nbytes(), files.get(k));
            assertEquals(ha.flags() & 0x05, hb.flags() & 0x05, "shuffle flags of " + files.get(k));
            assertEquals(ha.compformatCode(), hb.compformatCode(), "codec of " + files.get(k));
            assertEquals(b.length - 16, hb.cbytes(), "the chunk fills its file");
            if (k < full) recount += hb.cbytes();
            sameBytes &= java.util.Arrays.equals(a, b);
        }
        assertEquals(recount, cbytes, "cbytes: full chunks' sizes plus one chunk's bytes for the leftover");
        if (sameBytes) assertEquals(theirSizes.get("cbytes").asLong(), cbytes, "the very chunks, so bcolz's own cbytes");

        Node root = BcolzFixtureTest.REGISTRY.open(mine);
        assertEquals(List.of(), root.diagnostics().stream().map(Object::toString).toList());
        ValueColumn col = root.values();
        assertArrayEquals(values, BcolzFixtureTest.readAll(col));
    }

    /**
     * A carray of 300 chunk files (too many to walk file by file: the array's verifier reads
     * them) with one chunk whose cbytes lies and one file cut short: check names each file and
     * the byte in it, as it does for a file checked alone. The memcpyed chunk with the lying
     * cbytes decodes anyway, so before the array's verifier read chunk headers it went unsaid.
     */
    @Test
    void checkingAManyChunkFolderNamesTheChunkFileAndTheByteInIt(@TempDir Path tmp) throws Exception {
        byte[] values = new byte[3000 * 8];
        ByteBuffer.wrap(values).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().put(java.util.stream.IntStream.range(0, 3000).mapToDouble(i -> i * 0.25).toArray());
        Path root = tmp.resolve("c");
        CarrayWriter.write(root, values, new CarrayWriter.Settings("float64", new long[] {3000}, 10, BloscEncoder.Codec.BLOSCLZ, 0,
                BloscEncoder.Filter.NONE, "{}"));
        Path lying = root.resolve("data/__50.blp");
        byte[] b = Files.readAllBytes(lying);
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(16 + 12, 999_999);
        Files.write(lying, b);
        Path cut = root.resolve("data/__70.blp");
        Files.write(cut, java.util.Arrays.copyOf(Files.readAllBytes(cut), 30));

        Node n = BcolzFixtureTest.REGISTRY.open(root);
        List<String> lines = CheckReport.of(root.toString(), n).lines();
        assertEquals(List.of(
                lying + ": error at byte 28: cbytes_beyond_data: data/__50.blp: cbytes claims 999999 bytes but only 96 are present from offset 16",
                lying + ": error at byte 28: memcpyed_size_mismatch: data/__50.blp: a memcpyed chunk holds nbytes + 16 = 96 bytes but cbytes is 999999",
                cut + ": error at byte 0: chunk_unreadable: data/__70.blp holds no readable Blosc chunk"),
                lines.stream().sorted(java.util.Comparator.comparing((String l) -> l.contains("__70")).thenComparing(l -> l)).toList());
    }

    @Test
    void cBloscDecodesEveryChunkWritten(@TempDir Path tmp) throws Exception {
        Path python = Path.of("/usr/bin/python3");
        Assumptions.assumeTrue(Files.isExecutable(python) && run(python, "-c", "import blosc").exitCode() == 0,
                "python3-blosc (Debian) is not installed: the live c-blosc check of carray chunks is skipped");
        Path chunks = Files.createDirectories(tmp.resolve("chunks"));
        ObjectNode manifest = BcolzFixtureTest.JSON.createObjectNode();
        ArrayNode list = manifest.putArray("chunks");
        List<String[]> expected = new ArrayList<>();
        for (String name : carrays().toList()) {
            byte[] values = Files.readAllBytes(BcolzFixtureTest.DIR.resolve(name + ".expected.bin"));
            CarrayWriter.Settings s = settingsOf(name);
            Path folder = tmp.resolve(name);
            CarrayWriter.write(folder, values, s);
            long chunkBytes = s.chunklen() * atomBytes(s);
            List<String> files = chunkFiles(folder);
            for (int k = 0; k < files.size(); k++) {
                byte[] file = Files.readAllBytes(folder.resolve("data").resolve(files.get(k)));
                String out = name + "." + k + ".blosc";
                Files.write(chunks.resolve(out), java.util.Arrays.copyOfRange(file, 16, file.length));
                list.addObject().put("file", out);
                int from = (int) (k * chunkBytes);
                expected.add(new String[] {out, sha256(java.util.Arrays.copyOfRange(values, from, (int) Math.min(values.length, from + chunkBytes)))});
            }
        }
        Files.writeString(chunks.resolve("MANIFEST.json"), manifest.toString());
        Path script = Fixtures.resource("fixtures/blosc-encoded").resolve("decode_with_cblosc.py");
        Result r = run(python, script.toString(), chunks.toString());
        assertEquals(0, r.exitCode(), r.output());
        JsonNode answers = BcolzFixtureTest.JSON.readTree(r.output()).get("chunks");
        assertTrue(expected.size() > 50, "chunks checked: " + expected.size());
        for (String[] e : expected) {
            JsonNode a = answers.get(e[0]);
            assertFalse(a == null || a.has("error"), e[0] + ": " + a);
            assertEquals(e[1], a.get("sha256").asText(), e[0]);
        }
    }

    /** Bytes of one row: the dtype's itemsize times the later dimensions. */
    private static long atomBytes(CarrayWriter.Settings s) {
        long atom = Dtype.parse(s.dtype()).itemsize();
        for (int d = 1; d < s.shape().length; d++) atom *= s.shape()[d];
        return atom;
    }

    private static List<String> chunkFiles(Path carray) throws IOException {
        Set<String> names = new TreeSet<>((x, y) -> Long.compare(index(x), index(y)));
        Path data = carray.resolve("data");
        if (Files.isDirectory(data)) {
            try (Stream<Path> s = Files.list(data)) {
                s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".blp")).forEach(names::add);
            }
        }
        return List.copyOf(names);
    }

    private static long index(String file) {
        return Long.parseLong(file.substring(2, file.length() - 4));
    }

    private static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    private record Result(int exitCode, String output) { }

    private static Result run(Path python, String... args) throws IOException, InterruptedException {
        String[] cmd = new String[args.length + 1];
        cmd[0] = python.toString();
        System.arraycopy(args, 0, cmd, 1, args.length);
        Process p = new ProcessBuilder(cmd).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, "timed out");
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
