package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.app.Samples;
import org.packscope.codec.binjson.BinaryJsonWriter;

/** Every command ends with 0/1 (2 for usage), prints no Java class names, and escapes what a name could smuggle in. */
class CliPromiseTest {
    /** A Java class name of a failure, or the JVM's own words for running out of memory. */
    private static final Pattern JAVA = Pattern.compile("[A-Z][A-Za-z]*(Exception|Error)\\b|Java heap space|\tat ");

    @TempDir
    Path dir;

    private static CliTest.Run run(String... args) {
        CliTest.Run r = CliTest.run(args);
        assertFalse(JAVA.matcher(r.text() + r.err()).find(), "no Java class names:\n" + r.text() + r.err());
        return r;
    }

    @Test
    void anEmptyPathIsAUsageError() {
        for (String cmd : new String[] {"check", "inspect", "decode", "plot"}) {
            CliTest.Run r = cmd.equals("plot") ? run(cmd, "", "--out", dir.resolve("p.png").toString()) : run(cmd, "");
            assertEquals(2, r.code(), cmd + ": " + r.err());
            assertTrue(r.text().isEmpty(), cmd + " printed " + r.text());
        }
        assertEquals(2, run("diff", "", "").code());
        assertEquals(2, run("check", "::/x").code());
    }

    @Test
    void controlCharactersInNamesAreEscapedEverywhere() throws Exception {
        // a key with a NUL, an escape sequence and a newline, as binary JSON allows
        Path doc = dir.resolve("doc.bj");
        Files.write(doc, BinaryJsonWriter.encode("{\"a\\u0000b\\u001b[2Jc\\nd\": [1, 2], \"n\": 1}", false, 0));
        Path other = dir.resolve("other.bj");
        Files.write(other, BinaryJsonWriter.encode("{\"a\\u0000b\\u001b[2Jc\\nd\": [1, 3], \"n\": 1}", false, 0));
        for (CliTest.Run r : new CliTest.Run[] {run("inspect", doc.toString()), run("inspect", doc.toString(), "--json"),
                run("diff", doc.toString(), other.toString())}) {
            String all = r.text();
            assertFalse(all.contains("\u0000") || all.contains("\u001b"), "raw control characters in:\n" + all);
            assertTrue(all.contains("\\x00") || all.contains("\\u0000"), all);
        }
        Path named = dir.resolve("bad\u001b[31mname\nx.bj");
        Files.writeString(named, "XJ");
        CliTest.Run c = run("check", named.toString());
        assertEquals(1, c.code());
        assertFalse(c.text().contains("\u001b"), c.text());
        assertEquals(1, c.text().lines().count(), "one line per problem, whatever the name: " + c.text());
        assertTrue(c.text().contains("bad\\x1b[31mname\\x0ax.bj: error at byte 0: bad_magic: "), c.text());
    }

    @Test
    void aFailureNoReaderCaughtIsADiagnosticWithExitOne() {
        assertEquals("error with no byte offset: too_large_to_hold: it needs more memory than PackScope may use",
                Cli.failureLine(new OutOfMemoryError("Java heap space")));
        assertEquals("error with no byte offset: too_deep: it is nested too deeply to follow", Cli.failureLine(new StackOverflowError()));
        assertTrue(Cli.failureLine(new NullPointerException()).startsWith("error with no byte offset: internal_error: "));
    }

    /**
     * Offsets are real: the damaged .rds names its problems in the decompressed stream (and
     * says so) and gives the compressed bytes as a range holding the file's end.
     */
    @Test
    void checkSaysWhichBytesAnOffsetCountsIn() {
        CliTest.Run r = run("check", Samples.get("bpcells-rds/small_uint_packed_row-damaged.rds").toString());
        assertEquals(1, r.code(), r.text());
        for (String line : r.text().split("\n")) {
            assertTrue(CliTest.CHECK_LINE.matcher(line).matches(), line);
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("error at byte 3103 of decompressed small_uint_packed_row-damaged.rds: "
                + "length_exceeds_data: .*in the gzip file between compressed bytes (\\d+) and (\\d+)").matcher(r.text());
        assertTrue(m.find(), r.text());
        // the stream stops where the file does (1,500 bytes): byte 3103 came out of its last bytes
        assertTrue(Long.parseLong(m.group(1)) > 1400 && Long.parseLong(m.group(2)) == 1499, m.group());
        assertTrue(r.text().contains("error at byte 1500: gzip_truncated: "), r.text());
    }

    @Test
    void checkOnContentNoFormatKnowsWarnsAndOnABrokenNameFails() throws Exception {
        Path blob = dir.resolve("blob.dat");
        Files.write(blob, new byte[] {1, 2, 3});
        CliTest.Run r = run("check", blob.toString());
        assertEquals(0, r.code());
        assertTrue(r.text().contains(": warning at byte 0: unrecognised_content: "), r.text());
        for (String magic : new String[] {"XJ", "bj"}) {
            Path bj = dir.resolve(magic + ".bj");
            Files.writeString(bj, magic + "\u0001\u0000\u0000");
            CliTest.Run b = run("check", bj.toString());
            assertEquals(1, b.code(), b.text());
            assertTrue(b.text().contains(": error at byte 0: bad_magic: "), b.text());
        }
    }

    @Test
    void diffNeverClaimsSamenessItDidNotCheck() throws Exception {
        // differences below nesting depth 64 and past element 4,096 of a list
        StringBuilder deepA = new StringBuilder(), deepB = new StringBuilder();
        for (int i = 0; i < 100; i++) { deepA.append('['); deepB.append('['); }
        deepA.append("1"); deepB.append("2");
        for (int i = 0; i < 100; i++) { deepA.append(']'); deepB.append(']'); }
        assertEquals(1, diffOf(deepA.toString(), deepB.toString()).code());
        StringBuilder longA = new StringBuilder("["), longB = new StringBuilder("[");
        for (int i = 0; i < 5000; i++) {
            longA.append(i > 0 ? "," : "").append("\"s").append(i).append('"');
            longB.append(i > 0 ? "," : "").append("\"s").append(i == 4999 ? "x" : i).append('"');
        }
        assertEquals(1, diffOf(longA + "]", longB + "]").code());
        CliTest.Run same = diffOf(longA + "]", longA + "]");
        assertEquals(0, same.code(), same.text());
        assertTrue(same.text().endsWith("no differences\n"), same.text());
        Path a = dir.resolve("a.bj");
        assertEquals(2, run("diff", a.toString(), a.toString(), "--max", "-1").code());
        diffOf(longA + "]", longB + "]");
        CliTest.Run none = run("diff", a.toString(), dir.resolve("b.bj").toString(), "--max", "0");
        assertEquals(1, none.code());
        assertEquals("1 difference: 0 in the structure, 1 value, 0 listed (--max 0)", none.text().trim());
    }

    private CliTest.Run diffOf(String left, String right) throws Exception {
        Path a = dir.resolve("a.bj"), b = dir.resolve("b.bj");
        Files.write(a, BinaryJsonWriter.encode(left, false, 0));
        Files.write(b, BinaryJsonWriter.encode(right, false, 0));
        return run("diff", a.toString(), b.toString());
    }

    @Test
    void nothingIsWrittenOntoAnInput() throws Exception {
        Path pco = dir.resolve("x.pco");
        Files.copy(Samples.get("pco/multichunk_f32_10x1000.pco"), pco);
        byte[] before = Files.readAllBytes(pco);
        Path link = dir.resolve("link.csv");
        Files.createSymbolicLink(link, pco);
        Path hard = dir.resolve("hard.csv");
        Files.createLink(hard, pco);
        for (Path out : new Path[] {pco, link, hard, dir.resolve(".").resolve("x.pco")}) {
            CliTest.Run d = run("decode", pco.toString(), "--format", "csv", "--out", out.toString());
            assertEquals(2, d.code(), "decode onto " + out + ": " + d.err());
            assertTrue(d.err().contains("never written"), d.err());
            CliTest.Run p = run("plot", pco.toString(), "--out", out.toString());
            assertEquals(2, p.code(), "plot onto " + out);
        }
        assertArrayEquals(before, Files.readAllBytes(pco));
        // into a folder that is the input
        Path folder = dir.resolve("carray");
        copyTree(Samples.get("bcolz/carray_2d_float64_N3_lz4_c5_shuffle"), folder);
        CliTest.Run f = run("decode", folder.toString(), "--format", "csv", "--out", folder.resolve("data/out.csv").toString());
        assertEquals(2, f.code(), f.err());
        assertFalse(Files.exists(folder.resolve("data/out.csv")));
        // an ordinary target is written whole, with nothing left beside it
        Path ok = dir.resolve("ok.csv");
        assertEquals(0, run("decode", pco.toString(), "--format", "csv", "--out", ok.toString()).code());
        assertEquals(10_000, Files.readAllLines(ok, StandardCharsets.UTF_8).size());
        try (var s = Files.list(dir)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".part")));
        }
    }

    @Test
    void encodeNeverWritesOverItsInput() throws Exception {
        Path json = dir.resolve("doc.json");
        Files.writeString(json, "{\"a\": 1}");
        CliTest.Run r = run("encode", json.toString(), json.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals("{\"a\": 1}", Files.readString(json));
    }

    @Test
    void mtxIsSortedAndSaysHowManyEntriesItCouldNotDecode() throws Exception {
        Path out = dir.resolve("m.mtx");
        CliTest.Run r = run("decode", Samples.get("bpcells/medium_packed_uint_col_dir_names-damaged").toString(),
                "--format", "mtx", "--out", out.toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains(": error with no byte offset: entries_undecodable: "), r.err());
        long prevCol = -1, prevRow = -1, n = 0;
        for (String line : Files.readAllLines(out)) {
            if (line.startsWith("%") || n++ == 0) continue;
            String[] f = line.split(" ");
            long row = Long.parseLong(f[0]), col = Long.parseLong(f[1]);
            assertTrue(col > prevCol || col == prevCol && row >= prevRow, "out of order: " + line);
            prevCol = col;
            prevRow = row;
        }
    }

    @Test
    void aPlotTooLargeToHoldIsAUsageError() throws Exception {
        Path out = dir.resolve("p.png");
        CliTest.Run r = run("plot", Samples.get("pco/multichunk_f32_10x1000.pco").toString(), "--out", out.toString(),
                "--width", "100000", "--height", "100000");
        assertEquals(2, r.code());
        assertFalse(Files.exists(out));
    }

    static void copyTree(Path from, Path to) throws Exception {
        try (var s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t);
            }
        }
    }
}
