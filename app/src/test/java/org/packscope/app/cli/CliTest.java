package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.app.Samples;

class CliTest {
    static final Pattern CHECK_LINE = Pattern.compile("^.+: (error|warning) (at byte \\d+(\\.\\d)?( of [^:]+)?|with no byte offset): [a-z0-9_]+: .+$");

    record Run(int code, byte[] out, String err) {
        String text() { return new String(out, StandardCharsets.UTF_8); }
    }

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.run(args, new PrintStream(out, true), new PrintStream(err, true));
        String e = err.toString(StandardCharsets.UTF_8);
        assertFalse(e.contains("\tat "), "no stack trace: " + e);
        return new Run(code, out.toByteArray(), e);
    }

    private final String h5 = Samples.get("bpcells/multi.h5").toString();

    @Test
    void inspectShowsFieldsWithOffsetsAndBitWidths() {
        Run r = run("inspect", h5);
        assertEquals(0, r.code());
        assertTrue(r.text().contains("signature @0 (64 bits, raw 89 48 44 46 0d 0a 1a 0a)"), r.text());
        assertTrue(r.text().contains("superblock version @8 (8 bits, raw 0b00000000) = 0"));
        assertTrue(r.text().contains("bpcells-matrix a — packed uint · 100 × 50 · 500 non-zeros"), r.text());
    }

    @Test
    void inspectJsonIsAParsableTree() throws Exception {
        Run r = run("inspect", h5 + "::/mats/a", "--json");
        assertEquals(0, r.code());
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertEquals("a", root.get("name").asText());
        boolean hasVersion = false;
        for (JsonNode f : root.get("fields")) {
            hasVersion |= f.get("name").asText().equals("version") && f.get("value").asText().equals("packed-uint-matrix-v2");
        }
        assertTrue(hasVersion);
        assertTrue(root.get("children").size() > 5);
    }

    @Test
    void decodeRawWritesLittleEndianValuesOfTheStoredType(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("idxptr.bin");
        Run r = run("decode", h5 + "::/mats/a/idxptr", "--format", "raw", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        byte[] bytes = Files.readAllBytes(out);
        assertEquals(51 * 8, bytes.length);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0, b.getLong(0));
        Run csv = run("decode", h5 + "::/mats/a/idxptr", "--format", "csv");
        String[] lines = csv.text().split("\n");
        assertEquals(51, lines.length);
        assertEquals(Long.toString(b.getLong(50 * 8)), lines[50]);
    }

    @Test
    void decodeNpyWritesANumpyHeaderThenTheValues() {
        Run r = run("decode", h5 + "::/mats/a/idxptr", "--format", "npy");
        assertEquals(0, r.code(), r.err());
        byte[] b = r.out();
        assertEquals((byte) 0x93, b[0]);
        assertEquals("NUMPY", new String(b, 1, 5, StandardCharsets.ISO_8859_1));
        int headerLen = (b[8] & 0xff) | (b[9] & 0xff) << 8;
        assertEquals(0, (10 + headerLen) % 64, "data starts 64-byte aligned");
        String header = new String(b, 10, headerLen, StandardCharsets.ISO_8859_1);
        assertTrue(header.startsWith("{'descr': '<u8', 'fortran_order': False, 'shape': (51,), }"), header);
        assertEquals(10 + headerLen + 51 * 8, b.length);
    }

    @Test
    void decodeMtxReproducesTheReferenceMatrix() throws Exception {
        Run r = run("decode", h5 + "::/mats/a", "--format", "mtx");
        assertEquals(0, r.code(), r.err());
        Path expected = Samples.root().getParent().resolve("codec/src/test/resources/fixtures/bpcells/multi_a.expected.mtx");
        assertEquals(entries(Files.readString(expected)), entries(r.text()));
    }

    /** The size line and entries of a MatrixMarket text, without its comments. */
    private static java.util.List<String> entries(String mtx) {
        return mtx.lines().filter(l -> !l.startsWith("%")).map(String::strip).toList();
    }

    @Test
    void encodeThenDecodeRoundTripsJson(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("in.json");
        Files.writeString(json, "{\"a\": [1, 2.5, -3], \"b\": {\"c\": null, \"d\": \"é\"}, \"e\": 1e300}");
        Path sj = dir.resolve("out.sj");
        Run enc = run("encode", json.toString(), sj.toString(), "--float-compression", "0");
        assertEquals(0, enc.code(), enc.err());
        assertTrue(enc.text().startsWith("wrote " + sj + ": "), enc.text());
        assertEquals("SJ", new String(Files.readAllBytes(sj), 0, 2, StandardCharsets.ISO_8859_1));
        Run dec = run("decode", sj.toString(), "--format", "json");
        assertEquals(0, dec.code(), dec.err());
        ObjectMapper m = new ObjectMapper();
        assertEquals(m.readTree(Files.readString(json)), m.readTree(dec.out()));
        assertEquals(2, run("encode", json.toString(), dir.resolve("x.bj").toString(), "--float-compression", "9").code());
        Files.writeString(json, "{\"a\": ");
        assertEquals(2, run("encode", json.toString(), dir.resolve("x.bj").toString()).code());
    }

    @Test
    void diffNamesEachDamagedPlaceAndExitsWithOne() {
        Run r = run("diff", Samples.get("binjson/config.sj").toString(), Samples.get("binjson/config-damaged.sj").toString());
        assertEquals(1, r.code(), r.err());
        assertEquals(java.util.List.of(
                // the damaged string itself, in the string table (a drill-down list the diff now follows)
                "(strings)/26: field utf8 (at byte 249): r1 → \uFFFD1",
                "server/port: kind (at byte 410): bj-int → bj-reserved",
                "server/tls: only on the left (at byte 414 / —): bj-map → (none)",
                "database/replicas/0/host: field value: \"r1\" → \"\uFFFD1\"",
                "4 differences"), r.text().lines().toList());
        Run same = run("diff", h5 + "::/mats/a", h5 + "::/mats/a");
        assertEquals(0, same.code());
        assertEquals("no differences", same.text().trim());
    }

    @Test
    void plotWritesAPicture(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("p.png");
        Run r = run("plot", Samples.get("pco/smooth_i64_timestamps_ms.pco").toString(), "--out", png.toString(), "--width", "400", "--height", "200");
        assertEquals(0, r.code(), r.err());
        var img = javax.imageio.ImageIO.read(png.toFile());
        assertEquals(400, img.getWidth());
        assertEquals(200, img.getHeight());
        assertTrue(r.text().startsWith("wrote " + png + ": line of 5,000 values"), r.text());
        assertEquals(2, run("plot", h5 + "::/mats/a/col_names", "--out", png.toString()).code(), "text cannot be plotted");
    }

    @Test
    void decodeJsonOfStrings() throws Exception {
        Run r = run("decode", h5 + "::/mats/a/col_names", "--format", "json");
        assertEquals(0, r.code());
        JsonNode arr = new ObjectMapper().readTree(r.out());
        assertEquals(50, arr.size());
        assertEquals("cell0001", arr.get(0).asText());
    }

    @Test
    void checkExitCodes(@TempDir Path dir) throws Exception {
        assertEquals(0, run("check", Samples.get("bpcells/multi.h5").toString()).code());
        assertEquals(1, run("check", Samples.root().toString()).code(), "the samples include damaged copies");
        assertEquals(2, run("check", dir.resolve("missing.h5").toString()).code());
        assertEquals(2, run("check").code());
        Path cut = dir.resolve("cut.h5");
        Files.write(cut, Arrays.copyOf(Files.readAllBytes(Path.of(h5)), 700));
        Run r = run("check", cut.toString());
        assertEquals(1, r.code(), r.text());
        for (String line : r.text().split("\n")) assertTrue(CHECK_LINE.matcher(line).matches(), line);
        assertTrue(r.text().startsWith(cut.toString() + ": error at byte "), r.text());
    }

    @Test
    void checkOfManyFilesReportsThemInTheOrderGiven(@TempDir Path dir) throws Exception {
        // the files are checked in parallel; what is printed is each file's report, in argument order
        byte[] whole = Files.readAllBytes(Path.of(h5));
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("check"));
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            Path p = dir.resolve("cut" + i + ".h5");
            Files.write(p, Arrays.copyOf(whole, 500 + 150 * i));
            args.add(p.toString());
            expected.append(run("check", p.toString()).text());
        }
        args.add(h5);
        Run all = run(args.toArray(new String[0]));
        assertEquals(1, all.code());
        assertTrue(expected.length() > 0);
        assertEquals(expected.toString(), all.text());
    }

    @Test
    void badUsageAndUnknownTargetsExitWithTwo() {
        assertEquals(2, run("decode", h5 + "::/no/such/thing").code());
        assertEquals(2, run("decode", h5 + "::/mats", "--format", "raw").code());
        assertEquals(2, run("inspect", "--no-such-option", h5).code());
    }

    @Test
    void benchEndsWithTheContractLine() {
        Run r = run("bench", h5 + "::/mats/a/idxptr", "--repeat", "2", "--threads", "2", "--warmup", "0.2");
        assertEquals(0, r.code());
        String[] lines = r.text().trim().split("\n");
        // the one-core figure, then the all-cores one
        assertTrue(lines[lines.length - 2].matches("values=51 threads=1 best_s=\\d+\\.\\d+ values_per_s=\\d+"), lines[lines.length - 2]);
        assertTrue(lines[lines.length - 1].matches("values=51 threads=2 best_s=\\d+\\.\\d+ values_per_s=\\d+"), lines[lines.length - 1]);
        assertTrue(r.text().matches("(?s).*\nwarm-up: \\d+ decodes in \\d+\\.\\d s\n.*"), r.text());
        assertEquals(2, run("bench", h5 + "::/mats/a/idxptr", "--threads", "0").code());
        assertEquals(2, run("bench", h5 + "::/mats/a/idxptr", "--warmup", "-1").code());
    }

    @Test
    void garbageNeverCausesAStackTrace(@TempDir Path dir) throws Exception {
        Random rnd = new Random(42);
        byte[] h5bytes = Files.readAllBytes(Path.of(h5));
        for (int i = 0; i < 20; i++) {
            byte[] b = i % 2 == 0 ? new byte[rnd.nextInt(5000)] : Arrays.copyOf(h5bytes, rnd.nextInt(h5bytes.length));
            if (i % 2 == 0) rnd.nextBytes(b);
            else for (int k = 0; k < 20 && b.length > 0; k++) b[rnd.nextInt(b.length)] ^= (byte) (1 << rnd.nextInt(8));
            Path f = dir.resolve("g" + i);
            Files.write(f, b);
            int code = run("check", f.toString()).code();
            assertTrue(code == 0 || code == 1, "exit " + code);
            run("inspect", f.toString());
        }
    }
}
