package org.packscope.app.hardening;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI's promise held against hostile Zarr stores built here, one generator per class
 * of issue 28, each command run as a person would in a JVM of its own with a 256 MB heap:
 * it ends (well within {@link ForkedCli#LIMIT_SECONDS}; the times are printed for the
 * report), exits 0/1 (2 for what cannot be read at all), prints diagnostics with a rule
 * and an offset and no Java class name, writes nothing but the requested output, and
 * never calls damaged input clean.
 */
class ZarrPromiseTest {
    private static final Pattern JAVA = Pattern.compile("[A-Z][A-Za-z]*(Exception|Error)\\b|Java heap space|\tat |long overflow");
    private static final Pattern CHECK_LINE = Pattern.compile("^.+: (error|warning) (at byte \\d+(\\.\\d)?( of [^:]+)?|with no byte offset): [a-z0-9_]+: .+$");

    @TempDir
    Path dir;

    private int runs;

    /** A store folder and a scratch folder beside it for the command's own output streams. */
    private ForkedCli.Run cli(String... args) throws Exception {
        ForkedCli.Run r = ForkedCli.run(dir.resolve("scratch-" + runs++), args);
        System.out.println("[zarr promise] " + String.join(" ", List.of(args)).replace(dir.toString(), "") + " → exit " + r.exit()
                + " in " + r.wallMillis() + " ms");
        assertTrue(r.exit() >= 0, "did not end within " + ForkedCli.LIMIT_SECONDS + " s: " + r);
        assertFalse(JAVA.matcher(r.all()).find(), "Java's own words in the output:\n" + r);
        return r;
    }

    private static void checkLines(ForkedCli.Run r) {
        for (String line : r.out().split("\n")) if (!line.isEmpty()) assertTrue(CHECK_LINE.matcher(line).matches(), "malformed: " + line);
    }

    static String zarray(String shape, String chunks, String dtype, String fill) {
        return "{\"zarr_format\": 2, \"shape\": " + shape + ", \"chunks\": " + chunks + ", \"dtype\": \"" + dtype
                + "\", \"compressor\": null, \"fill_value\": " + fill + ", \"order\": \"C\", \"filters\": null}";
    }

    static byte[] f64(double... v) {
        ByteBuffer b = ByteBuffer.allocate(8 * v.length).order(ByteOrder.LITTLE_ENDIAN);
        for (double d : v) b.putDouble(d);
        return b.array();
    }

    /** Every file under {@code root} with its size and modification time: what "nothing else was written" compares. */
    static Map<String, String> snapshot(Path root) {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.toList()) {
                if (p.getFileName().toString().startsWith("scratch-")) continue;
                if (root.relativize(p).toString().startsWith("scratch-")) continue;
                out.put(root.relativize(p).toString(), Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                        ? Files.size(p) + "@" + Files.getLastModifiedTime(p).toMillis() : "");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** A v2 array of {@code n} float64 elements in chunks of one, holding only {@code stored} (value = its index, {@code bump} added at {@code bumpAt}). */
    private Path grid(String name, long n, long[] stored, long bumpAt) throws IOException {
        Path a = Files.createDirectories(dir.resolve(name));
        Files.writeString(a.resolve(".zarray"), zarray("[" + n + "]", "[1]", "<f8", "0.5"));
        for (long k : stored) Files.write(a.resolve(Long.toString(k)), f64(k == bumpAt ? k + 0.25 : k));
        return a;
    }

    // ------------------------------------------------------------------ work that follows the grid

    @Test
    void aGridOfTwoToTheFortyChunksCostsWhatIsStored() throws Exception {
        long n = 1L << 40;
        long[] stored = {3, 987_654_321_098L, n - 2};
        Path a = grid("a.zarr", n, stored, -1);
        Path b = grid("b.zarr", n, stored, stored[1]);
        Map<String, String> before = snapshot(dir);
        ForkedCli.Run check = cli("check", a.toString());
        assertEquals(0, check.exit(), check.toString());
        assertEquals("", check.out());
        ForkedCli.Run same = cli("diff", a.toString(), a.toString());
        assertEquals(0, same.exit(), same.toString());
        ForkedCli.Run diff = cli("diff", a.toString(), b.toString());
        assertEquals(1, diff.exit(), diff.toString());
        assertTrue(diff.out().contains("value " + stored[1] + ": " + (double) stored[1] + " → " + (stored[1] + 0.25)), diff.out());
        // the headline counts what differs: one value, nothing in the structure
        assertTrue(diff.out().trim().endsWith("1 difference: 0 in the structure, 1 value"), diff.out());
        Path png = dir.resolve("plot.png");
        ForkedCli.Run plot = cli("plot", a.toString(), "--out", png.toString());
        assertEquals(0, plot.exit(), plot.toString());
        ForkedCli.Run inspect = cli("inspect", a.toString(), "--depth", "1");
        assertEquals(0, inspect.exit(), inspect.toString());
        assertTrue(inspect.out().contains("3 stored of " + n), inspect.out());
        Map<String, String> after = snapshot(dir);
        after.remove("plot.png");
        assertEquals(before, after, "nothing but the plot was written");
    }

    @Test
    void missingChunksDecodeAsFillInBulk() throws Exception {
        long n = 1L << 24;
        Path a = grid("a.zarr", n, new long[] {5_000_000}, -1);
        Path out = dir.resolve("a.raw");
        ForkedCli.Run r = cli("decode", a.toString(), "--format", "raw", "--out", out.toString());
        assertEquals(0, r.exit(), r.toString());
        assertEquals(n * 8, Files.size(out));
        try (RandomAccessFile f = new RandomAccessFile(out.toFile(), "r")) {
            byte[] b = new byte[16];
            f.seek(5_000_000L * 8 - 8);
            f.readFully(b);
            assertArrayEquals(f64(0.5, 5_000_000), b, "fill, then the stored chunk");
        }
        System.out.println("[zarr promise] decoded " + (n * 8 >> 20) + " MB of fill in " + r.wallMillis() + " ms");
    }

    // ------------------------------------------------------------------ leaving the store

    @Test
    void linksOutOfTheStoreAreRefusedAndNeverWrittenOver() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Path secret = outside.resolve("secret");
        Files.write(secret, f64(7777, 7777));
        Path store = Files.createDirectories(dir.resolve("store.zarr"));
        Files.writeString(store.resolve(".zgroup"), "{\"zarr_format\": 2}");
        Path arr = Files.createDirectories(store.resolve("arr"));
        Files.writeString(arr.resolve(".zarray"), zarray("[4]", "[2]", "<f8", "0"));
        Files.createSymbolicLink(arr.resolve("0"), secret);
        Files.write(arr.resolve("1"), f64(1, 2));
        Path climb = Files.createDirectories(store.resolve("climb"));
        Files.writeString(climb.resolve("zarr.json"), "{\"zarr_format\": 3, \"node_type\": \"array\", \"shape\": [2], \"data_type\": \"float64\", "
                + "\"chunk_grid\": {\"name\": \"regular\", \"configuration\": {\"chunk_shape\": [2]}}, \"chunk_key_encoding\": "
                + "{\"name\": \"v2\", \"configuration\": {\"separator\": \"/../../../outside/\"}}, \"fill_value\": 0, "
                + "\"codecs\": [{\"name\": \"bytes\", \"configuration\": {\"endian\": \"little\"}}]}");
        byte[] secretBefore = Files.readAllBytes(secret);
        Map<String, String> before = snapshot(dir);

        ForkedCli.Run check = cli("check", store.toString());
        assertEquals(1, check.exit(), check.toString());
        checkLines(check);
        assertTrue(check.out().contains(": zarr_path_outside_store: "), check.out());
        assertTrue(check.out().contains(": zarr_key_invalid: "), check.out());
        ForkedCli.Run csv = cli("decode", store + "::arr", "--format", "csv");
        assertFalse(csv.out().contains("7777"), "values from outside the store: " + csv.out());
        assertEquals(1, csv.exit(), csv.toString());
        ForkedCli.Run over = cli("decode", store + "::arr", "--format", "raw", "--out", secret.toString());
        assertEquals(2, over.exit(), over.toString());
        assertTrue(over.err().contains("never written"), over.err());
        assertArrayEquals(secretBefore, Files.readAllBytes(secret));
        assertEquals(before, snapshot(dir), "nothing was written");
    }

    // ------------------------------------------------------------------ unguarded metadata reads

    @Test
    void metadataThatBlocksOrFloodsIsRefusedByNameAndAMillionAttributesFit() throws Exception {
        Path store = Files.createDirectories(dir.resolve("store.zarr"));
        Files.writeString(store.resolve("zarr.json"), "{\"zarr_format\": 3, \"node_type\": \"group\"}");
        Path fifo = Files.createDirectories(store.resolve("fifo"));
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.resolve("zarr.json").toString()).start().waitFor());
        Path sparse = Files.createDirectories(store.resolve("sparse"));
        try (RandomAccessFile f = new RandomAccessFile(sparse.resolve("zarr.json").toFile(), "rw")) {
            f.setLength(1L << 30);
        }
        ForkedCli.Run r = cli("check", store.toString());
        assertEquals(1, r.exit(), r.toString());
        checkLines(r);
        assertTrue(r.out().contains("not_regular_file: 'fifo/zarr.json' is not a regular file"), r.out());
        assertTrue(r.out().contains("zarr_metadata_too_large: 'sparse/zarr.json' holds 1073741824 bytes, more than the "), r.out());

        Path many = Files.createDirectories(dir.resolve("many.zarr"));
        Files.writeString(many.resolve(".zarray"), zarray("[4]", "[4]", "<f8", "0"));
        try (Writer w = Files.newBufferedWriter(many.resolve(".zattrs"), StandardCharsets.UTF_8)) {
            w.write('{');
            for (int i = 0; i < 1_000_000; i++) w.write((i > 0 ? ", " : "") + "\"k" + i + "\": " + i);
            w.write('}');
        }
        ForkedCli.Run m = cli("check", many.toString());
        assertEquals(0, m.exit(), m.toString());
        ForkedCli.Run i = cli("inspect", many + "::.zattrs");
        assertEquals(0, i.exit(), i.toString());
        assertTrue(i.out().contains("1,000 of 1,000,000 shown as fields"), i.out().substring(0, Math.min(2000, i.out().length())));
        long at = 1; // a sampled field, its offset recounted from the text written above
        for (int k = 0; k < 999; k++) at += ("\"k" + k + "\": " + k).length() + 2;
        assertTrue(i.out().contains("· k999 @" + at + " ") && i.out().contains(" = 999  — user attribute"), i.out().substring(0, 2000));
    }

    // ------------------------------------------------------------------ sizes, stages, 0-d arrays

    @Test
    void sizesStagesAndZeroDimensionalArrays() throws Exception {
        Path store = Files.createDirectories(dir.resolve("store.zarr"));
        Files.writeString(store.resolve(".zgroup"), "{\"zarr_format\": 2}");
        Path wide = Files.createDirectories(store.resolve("wide"));
        Files.writeString(wide.resolve(".zarray"), zarray("[4]", "[2]", "|S2147483647", "null"));
        Path big = Files.createDirectories(store.resolve("big"));
        Files.writeString(big.resolve(".zarray"), zarray("[4]", "[4]", "<f8", "0"));
        try (RandomAccessFile f = new RandomAccessFile(big.resolve("0").toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        Path stages = Files.createDirectories(store.resolve("stages"));
        StringBuilder filters = new StringBuilder();
        for (int i = 0; i < 3000; i++) filters.append(i > 0 ? ", " : "").append("{\"id\": \"shuffle\", \"elementsize\": 8}");
        Files.writeString(stages.resolve(".zarray"), zarray("[100000]", "[100000]", "<f8", "0").replace("\"filters\": null", "\"filters\": [" + filters + "]"));
        Files.write(stages.resolve("0"), new byte[800_000]);
        ForkedCli.Run r = cli("check", store.toString());
        assertEquals(1, r.exit(), r.toString());
        checkLines(r);
        assertTrue(r.out().contains("big/0: error with no byte offset: zarr_chunk_size: 0 holds 3221225472 bytes, more than a chunk of this array can take (32 bytes at most)"), r.out());
        assertTrue(r.out().contains(": zarr_chunk_too_large: one element of \"|S2147483647\" takes 2147483647 bytes"), r.out());
        assertTrue(r.out().contains(": zarr_codec_chain_too_long: 3000 filters"), r.out());

        Path scalar = Files.createDirectories(dir.resolve("scalar.zarr"));
        Files.writeString(scalar.resolve(".zarray"), zarray("[]", "[]", "<f8", "0"));
        Files.write(scalar.resolve("0"), f64(42.5));
        ForkedCli.Run csv = cli("decode", scalar.toString(), "--format", "csv");
        assertEquals(0, csv.exit(), csv.toString());
        assertEquals("42.5", csv.out().trim());
        ForkedCli.Run plot = cli("plot", scalar.toString(), "--out", dir.resolve("scalar.png").toString());
        assertEquals(0, plot.exit(), plot.toString());
        assertEquals(0, cli("check", scalar.toString()).exit());
    }

    // ------------------------------------------------------------------ interrupted output

    @Test
    void anEndedDecodeLeavesNoPartialFileAndNoOrphan() throws Exception {
        // 2^27 elements of fill written as CSV: long enough to be ended while writing
        Path a = grid("a.zarr", 1L << 27, new long[] {1}, -1);
        Path outDir = Files.createDirectories(dir.resolve("out"));
        Path scratch = Files.createDirectories(dir.resolve("scratch-term"));
        for (boolean relaunch : new boolean[] {false, true}) {
            Process p = ForkedCli.start(scratch, relaunch, "decode", a.toString(), "--format", "csv", "--out", outDir.resolve("a.csv").toString());
            assertTrue(waitFor(() -> partFiles(outDir) > 0, 60), "a .part file appears");
            List<ProcessHandle> children = p.descendants().toList();
            p.destroy(); // SIGTERM, as kill or a service manager sends it
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            for (ProcessHandle c : children) assertTrue(waitFor(() -> !c.isAlive(), 30), "the relaunched JVM " + c.pid() + " keeps running");
            assertEquals(0, partFiles(outDir), "the partial output is removed");
            assertFalse(Files.exists(outDir.resolve("a.csv")));
            if (relaunch) assertFalse(children.isEmpty(), "the launcher started a second JVM");
        }
    }

    private static long partFiles(Path folder) {
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".part")).count();
        } catch (IOException e) {
            return 0;
        }
    }

    private static boolean waitFor(java.util.function.BooleanSupplier what, int seconds) throws InterruptedException {
        for (long end = System.nanoTime() + seconds * 1_000_000_000L; System.nanoTime() < end; Thread.sleep(20)) {
            if (what.getAsBoolean()) return true;
        }
        return what.getAsBoolean();
    }
}
