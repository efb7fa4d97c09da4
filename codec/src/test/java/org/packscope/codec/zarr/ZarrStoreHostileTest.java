package org.packscope.codec.zarr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.analysis.TreeWalk;
import org.packscope.codec.inspect.ValueColumn;

/**
 * Stores built to leave their folder, to make work follow the grid instead of the data, to
 * overflow sizes kept in int and to multiply codec stages: each is a diagnostic with its
 * rule, found in bounded work, and nothing outside the store is read.
 */
class ZarrStoreHostileTest {
    @TempDir
    Path dir;

    static String v2(String shape, String chunks, String dtype, String extra) {
        return "{\"zarr_format\": 2, \"shape\": " + shape + ", \"chunks\": " + chunks + ", \"dtype\": \"" + dtype
                + "\", \"compressor\": null, \"fill_value\": 0, \"order\": \"C\", \"filters\": null" + extra + "}";
    }

    static String v3(String shape, String chunks, String keyEncoding, String codecs) {
        return "{\"zarr_format\": 3, \"node_type\": \"array\", \"shape\": " + shape + ", \"data_type\": \"float64\", "
                + "\"chunk_grid\": {\"name\": \"regular\", \"configuration\": {\"chunk_shape\": " + chunks + "}}, "
                + "\"chunk_key_encoding\": " + keyEncoding + ", \"fill_value\": 0, \"codecs\": " + codecs + "}";
    }

    static final String BYTES = "[{\"name\": \"bytes\", \"configuration\": {\"endian\": \"little\"}}]";

    static byte[] f64(double... v) {
        ByteBuffer b = ByteBuffer.allocate(8 * v.length).order(ByteOrder.LITTLE_ENDIAN);
        for (double d : v) b.putDouble(d);
        return b.array();
    }

    private static List<String> rules(Node root) {
        return assertTimeoutPreemptively(Duration.ofSeconds(60), () -> TreeWalk.diagnostics(root, true, 100_000, Progress.NONE))
                .stream().map(l -> l.diagnostic().rule()).toList();
    }

    private static String messages(Node root) {
        StringBuilder sb = new StringBuilder();
        for (TreeWalk.Located l : TreeWalk.diagnostics(root, true, 100_000, Progress.NONE)) sb.append(l.diagnostic().message()).append('\n');
        return sb.toString();
    }

    private static Node open(Path p) { return new ZarrFormat().open(p, x -> null); }

    /** An outside file of values nobody should see: 7777.0 in every element. */
    private Path outsideFile() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Path f = outside.resolve("0");
        Files.write(f, f64(7777, 7777, 7777, 7777));
        return f;
    }

    private static double value(Node array, long i) {
        long[] one = new long[1];
        array.values().read(i, one, 0, 1);
        return Double.longBitsToDouble(one[0]);
    }

    @Test
    void separatorsThatClimbOutOfTheStoreStopTheArray() throws Exception {
        outsideFile();
        Path store = Files.createDirectories(dir.resolve("store.zarr"));
        Path v3 = Files.createDirectories(store.resolve("a3"));
        Files.writeString(v3.resolve("zarr.json"), v3("[4]", "[4]", "{\"name\": \"v2\", \"configuration\": {\"separator\": \"/../../outside/\"}}", BYTES));
        Path v2 = Files.createDirectories(store.resolve("a2"));
        Files.writeString(v2.resolve(".zarray"), v2("[4, 4]", "[4, 4]", "<f8", ", \"dimension_separator\": \"/../../outside/\""));
        Path nul = Files.createDirectories(store.resolve("a4"));
        Files.writeString(nul.resolve("zarr.json"), v3("[4]", "[4]", "{\"name\": \"default\", \"configuration\": {\"separator\": \"\\u0000\\n\\u001b\"}}", BYTES));
        Node root = open(store);
        List<String> r = rules(root);
        assertEquals(3, r.stream().filter("zarr_key_invalid"::equals).count(), r.toString());
        assertFalse(r.contains("internal_error"), r.toString());
        String m = messages(root);
        assertFalse(m.contains("\u0000") || m.contains("\u001b"), m);
        for (String a : List.of("a2", "a3", "a4")) assertEquals(null, root.child(a).values(), a + " offers values it cannot read");
    }

    @Test
    void linksThatLeaveTheStoreAreRefusedNotRead() throws Exception {
        Path outside = outsideFile();
        Path store = Files.createDirectories(dir.resolve("store.zarr"));
        Files.writeString(store.resolve(".zgroup"), "{\"zarr_format\": 2}");
        // a chunk file that is a link out of the store, beside a chunk that is stored
        Path a = Files.createDirectories(store.resolve("chunks"));
        Files.writeString(a.resolve(".zarray"), v2("[8]", "[4]", "<f8", ""));
        Files.createSymbolicLink(a.resolve("0"), outside);
        Files.write(a.resolve("1"), f64(1, 2, 3, 4));
        // an array folder that is a link out of the store
        Path other = Files.createDirectories(dir.resolve("outside/array"));
        Files.writeString(other.resolve(".zarray"), v2("[4]", "[4]", "<f8", ""));
        Files.write(other.resolve("0"), f64(7777, 7777, 7777, 7777));
        Files.createSymbolicLink(store.resolve("linked"), other);
        // a metadata file that is a link out of the store
        Path meta = Files.createDirectories(store.resolve("meta"));
        Files.writeString(dir.resolve("outside/zarray"), v2("[4]", "[4]", "<f8", ""));
        Files.createSymbolicLink(meta.resolve(".zarray"), dir.resolve("outside/zarray"));
        // a nested chunk folder (separator "/") that is a link out of the store
        Path nested = Files.createDirectories(store.resolve("nested"));
        Files.writeString(nested.resolve(".zarray"), v2("[8, 4]", "[4, 4]", "<f8", ", \"dimension_separator\": \"/\""));
        Files.createDirectories(dir.resolve("outside/row"));
        Files.write(dir.resolve("outside/row/0"), f64(new double[16]));
        Files.createSymbolicLink(nested.resolve("0"), dir.resolve("outside/row"));

        Node root = open(store);
        List<String> r = rules(root);
        assertEquals(4, r.stream().filter("zarr_path_outside_store"::equals).count(), r + "\n" + messages(root));
        assertFalse(r.contains("internal_error"), r.toString());
        Node chunks = root.child("chunks");
        for (long i = 0; i < 8; i++) assertTrue(value(chunks, i) != 7777, "value " + i + " came from outside the store");
        assertEquals(3.0, value(chunks, 6));
        byte[] gaps = new byte[8];
        chunks.values().gaps(0, gaps, 0, 8);
        assertEquals(ValueColumn.UNDECODABLE, gaps[0], "a refused chunk is a gap, not the fill value");
        assertEquals(null, root.child("linked").values());
    }

    @Test
    void metadataThatIsAPipeADeviceOrTooLargeIsRefusedByName() throws Exception {
        Path store = Files.createDirectories(dir.resolve("store.zarr"));
        Files.writeString(store.resolve("zarr.json"), "{\"zarr_format\": 3, \"node_type\": \"group\"}");
        Path fifo = Files.createDirectories(store.resolve("fifo"));
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.resolve("zarr.json").toString()).start().waitFor());
        Path zero = Files.createDirectories(store.resolve("zero"));
        Path sparse = Files.createDirectories(store.resolve("sparse"));
        try (RandomAccessFile f = new RandomAccessFile(sparse.resolve("zarr.json").toFile(), "rw")) {
            f.setLength(1L << 30);
        }
        Path devZero = Path.of("/dev/zero");
        // /dev/zero is outside the store: refused as such before its type is even asked
        Files.createSymbolicLink(zero.resolve("zarr.json"), devZero);
        Node root = open(store);
        List<String> r = rules(root);
        assertTrue(r.contains("not_regular_file") || r.contains("zarr_path_outside_store"), r.toString());
        assertTrue(r.contains("zarr_metadata_too_large"), r.toString());
        String m = messages(root);
        assertTrue(m.contains("'sparse/zarr.json' holds 1073741824 bytes, more than the " + ZarrStore.metadataLimit()), m);
        assertTrue(m.contains("'fifo/zarr.json' is not a regular file"), m);
    }

    @Test
    void aMillionAttributesArePagedAndLongStringsRead() throws Exception {
        Path a = Files.createDirectories(dir.resolve("a"));
        Files.writeString(a.resolve(".zarray"), v2("[4]", "[4]", "<f8", ""));
        StringBuilder sb = new StringBuilder("{");
        int n = 200_000;
        for (int i = 0; i < n; i++) sb.append(i > 0 ? ", " : "").append("\"key").append(i).append("\": ").append(i);
        sb.append(", \"long\": \"").append("x".repeat(25_000_000)).append("\", \"").append("n".repeat(60_000)).append("\": 1}");
        Files.writeString(a.resolve(".zattrs"), sb, StandardCharsets.UTF_8);
        Node array = open(a);
        Node attrs = array.child(".zattrs");
        assertTrue(attrs.summary().startsWith((n + 2) + " attributes"), attrs.summary());
        assertEquals(Attributes.FIELDS_SHOWN, attrs.fields().stream().filter(f -> f.key().equals("attribute")).count());
        ValueColumn all = attrs.child("attributes").values();
        assertEquals(n + 2, all.count());
        assertEquals("key123456 = 123456", all.text(123_456));
        assertTrue(all.text(n).startsWith("long = \"xxx") && all.text(n).endsWith("(25000002 bytes)"), all.text(n).substring(0, 20));
        assertTrue(all.text(n + 1).startsWith("nnnn"), "a 60 KB name is read");
        assertFalse(rules(array).contains("zarr_metadata_unreadable"));
    }

    @Test
    void zeroDimensionalArraysReadTheirOneValue() throws Exception {
        Path a2 = Files.createDirectories(dir.resolve("s2"));
        Files.writeString(a2.resolve(".zarray"), v2("[]", "[]", "<f8", ""));
        Files.write(a2.resolve("0"), f64(42.5));
        Path a3 = Files.createDirectories(dir.resolve("s3"));
        Files.writeString(a3.resolve("zarr.json"), v3("[]", "[]", "{\"name\": \"default\"}", BYTES));
        Files.write(a3.resolve("c"), f64(-3.25));
        Path empty = Files.createDirectories(dir.resolve("s4"));
        Files.writeString(empty.resolve("zarr.json"), v3("[]", "[]", "{\"name\": \"default\"}", BYTES));
        assertEquals(42.5, value(open(a2), 0));
        assertEquals(-3.25, value(open(a3), 0));
        assertEquals(0.0, value(open(empty), 0));
        for (Path p : List.of(a2, a3, empty)) assertEquals(List.of(), rules(open(p)), p.toString());
    }

    @Test
    void aGridOfTwoToTheFortyCellsCostsWhatIsStored() throws Exception {
        Path a = Files.createDirectories(dir.resolve("huge"));
        long n = 1L << 40;
        Files.writeString(a.resolve(".zarray"), v2("[" + n + "]", "[1]", "<f8", "").replace("\"fill_value\": 0", "\"fill_value\": 2.5"));
        long[] stored = {0, 123_456_789_012L, n - 1};
        for (long k : stored) Files.write(a.resolve(Long.toString(k)), f64(k));
        Files.write(a.resolve(Long.toString(n)), f64(1)); // past the grid: not a chunk of this array
        Node array = open(a);
        assertEquals(List.of(), rules(array));
        long decoded = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> array.facet(BulkDecoder.class).decodeAll(Progress.NONE));
        assertEquals(3, decoded, "only the stored chunks' elements are decoded");
        long parallel = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> array.facet(BulkDecoder.class).decodeAll(Progress.NONE, 2));
        assertEquals(3, parallel, "on two threads, too");
        ValueColumn c = array.values();
        for (long k : stored) assertEquals(k, Double.longBitsToDouble(readOne(c, k)), 0.0);
        assertEquals(2.5, Double.longBitsToDouble(readOne(c, 77)));
        assertEquals(stored[1], c.uniformEnd(1), "the fill stretch ends at the next stored chunk");
        // a page that spans millions of missing chunks is filled in bulk
        long[] page = new long[1 << 20];
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int i = 0; i < 64; i++) c.read(stored[1] - (1 << 19) + i, page, 0, page.length);
        });
        assertEquals(stored[1], Double.longBitsToDouble(page[(1 << 19) - 63]), 0.0);
        assertEquals(2.5, Double.longBitsToDouble(page[0]));
    }

    private static long readOne(ValueColumn c, long i) {
        long[] one = new long[1];
        c.read(i, one, 0, 1);
        return one[0];
    }

    @Test
    void sizesThatOverflowAnIntAreDiagnosed() throws Exception {
        Path store = Files.createDirectories(dir.resolve("store.zarr"));
        Files.writeString(store.resolve(".zgroup"), "{\"zarr_format\": 2}");
        // an element of 2 GB
        Path s = Files.createDirectories(store.resolve("wide"));
        Files.writeString(s.resolve(".zarray"), v2("[4]", "[2]", "|S2147483647", ""));
        Files.write(s.resolve("0"), new byte[16]);
        // a 3 GB sparse chunk where 32 bytes fit
        Path big = Files.createDirectories(store.resolve("big"));
        Files.writeString(big.resolve(".zarray"), v2("[4]", "[4]", "<f8", ""));
        try (RandomAccessFile f = new RandomAccessFile(big.resolve("0").toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        // a shard index of 2^28 entries (4 GB) in a shard of 64 bytes
        Path sh = Files.createDirectories(store.resolve("shard"));
        Files.writeString(sh.resolve("zarr.json"), v3("[268435456]", "[268435456]", "{\"name\": \"default\"}",
                "[{\"name\": \"sharding_indexed\", \"configuration\": {\"chunk_shape\": [1], \"codecs\": " + BYTES + "}}]"));
        Files.createDirectories(sh.resolve("c"));
        Files.write(sh.resolve("c/0"), new byte[64]);
        Node root = open(store);
        List<String> r = rules(root);
        String m = messages(root);
        assertFalse(r.contains("internal_error") || r.contains("too_large_to_hold"), r + "\n" + m);
        assertTrue(m.contains("one element of \"|S2147483647\" takes 2147483647 bytes"), m);
        assertTrue(m.contains("0 holds 3221225472 bytes, more than a chunk of this array can take (32 bytes at most)"), m);
        assertFalse(m.contains("-1073741824"), m);
        assertTrue(r.contains("zarr_shard_index") || r.contains("zarr_chunk_size"), r + "\n" + m);
    }

    @Test
    void thousandsOfStagesAreRefusedBeforeAnyRuns() throws Exception {
        Path store = Files.createDirectories(dir.resolve("store.zarr"));
        Files.writeString(store.resolve(".zgroup"), "{\"zarr_format\": 2}");
        StringBuilder filters = new StringBuilder("[");
        for (int i = 0; i < 5000; i++) filters.append(i > 0 ? ", " : "").append(i % 2 == 0 ? "{\"id\": \"shuffle\", \"elementsize\": 8}" : "{\"id\": \"delta\", \"dtype\": \"<f8\"}");
        Path f = Files.createDirectories(store.resolve("filters"));
        Files.writeString(f.resolve(".zarray"), v2("[1000000]", "[1000000]", "<f8", "").replace("\"filters\": null", "\"filters\": " + filters + "]"));
        Files.write(f.resolve("0"), new byte[8_000_000]);
        StringBuilder codecs = new StringBuilder("[");
        for (int i = 0; i < 5000; i++) codecs.append("{\"name\": \"transpose\", \"configuration\": {\"order\": [1, 0]}}, ");
        Path t = Files.createDirectories(store.resolve("transposes"));
        Files.writeString(t.resolve("zarr.json"), v3("[1000, 1000]", "[1000, 1000]", "{\"name\": \"default\"}", codecs + BYTES.substring(1)));
        Node root = open(store);
        List<String> r = rules(root);
        assertEquals(2, r.stream().filter("zarr_codec_chain_too_long"::equals).count(), r.toString());
        assertTrue(messages(root).contains("more than the " + Pipeline.MAX_CODECS), messages(root));
    }

    @Test
    void keysWithControlCharactersOrClimbsAreNotKeys() {
        for (String bad : List.of("a\u0000b", "a\nb", "\u001b[2J", "../x", "a/../../b", "/etc/passwd", "a//b", "a\\b")) {
            assertTrue(ZarrStore.keyProblem(bad) != null, bad);
            assertFalse(ZarrStore.keyProblem(bad).contains("\u0000") || ZarrStore.keyProblem(bad).contains("\n"), bad);
        }
        for (String ok : List.of("0", "c/1/2", "1.2.3", "c")) assertEquals(null, ZarrStore.keyProblem(ok), ok);
    }
}
