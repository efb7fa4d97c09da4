package org.packscope.app.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.codec.testing.PcoBits;

/**
 * Issue 28's "earlier classes, again" whose inputs are big: Pco files whose chunks claim
 * 2^24 numbers each, and one of 300,000 tiny chunks, each run through the CLI in a JVM of
 * its own with the promise's 256 MB heap. The limits are generous CPU times (the measured
 * figures are printed); what must hold exactly is the exit code and where each problem is said.
 */
class EarlierHostileSizesTest {
    /** A Java class name of a failure or the JVM's words for running out of memory. */
    private static final Pattern INTERNAL = Pattern.compile("[A-Z][A-Za-z]*(Exception|Error)\\b|Java heap space|\tat ");
    /** Far above what these inputs need now (2 s of a JVM's start-up and a linear walk), far below a hang. */
    private static final long CPU_LIMIT_MS = 30_000;

    @TempDir
    Path dir;

    /** {@code chunks} chunks of {@code n} u32 numbers each in one bin of {@code offsetBits} offset bits, with no body bits written. */
    static byte[] pcoChunks(int chunks, int n, int offsetBits) {
        PcoBits b = new PcoBits().header();
        for (int i = 0; i < chunks; i++) b.chunk(n, 0, 1, offsetBits);
        return b.end();
    }

    private MeasuredCli.Run cli(String... args) throws Exception {
        MeasuredCli.Run r = MeasuredCli.run(dir, args);
        System.out.println(String.join(" ", args) + ": " + r.figures());
        assertFalse(INTERNAL.matcher(r.text()).find(), r::toString);
        assertTrue(r.cpuMillis() >= 0 && r.cpuMillis() < CPU_LIMIT_MS, r::toString);
        return r;
    }

    @Test
    void twoThousandChunksClaimingTwoTo24NumbersEachAreHeldToTheirBytes() throws Exception {
        // each chunk claims 2^24 numbers of 8 bits (16 MB); the whole file is 26 KB
        byte[] bytes = pcoChunks(2000, 1 << 24, 8);
        Path claims = Files.write(dir.resolve("claims.pco"), bytes);
        // the first chunk's page would need 2^27 bits from where its body starts: the data ends first
        String truncated = "error at byte " + bytes.length + ": truncated: ";
        MeasuredCli.Run check = cli("check", claims.toString());
        assertEquals(1, check.code(), check::toString);
        assertTrue(check.text().contains(truncated) && check.text().contains("its 16777216 numbers take at least 134217728 bits"),
                check::toString);
        MeasuredCli.Run decode = cli("decode", claims.toString(), "--out", dir.resolve("claims.bin").toString());
        assertEquals(1, decode.code(), decode::toString);
        assertTrue(decode.err().contains(truncated), decode::toString);
        MeasuredCli.Run inspect = cli("inspect", claims.toString(), "--depth", "1");
        assertTrue(inspect.out().contains("truncated"), inspect::toString);
        cli("plot", claims.toString(), "--out", dir.resolve("claims.png").toString());
    }

    @Test
    void twoThousandConstantChunksOfTwoTo24NumbersAreWalkedInStepsOfAChunk() throws Exception {
        // one bin without offset bits: each number takes no bits, so 26 KB hold 2000 × 2^24 valid numbers
        Path constant = Files.write(dir.resolve("constant.pco"), pcoChunks(2000, 1 << 24, 0));
        MeasuredCli.Run inspect = cli("inspect", constant.toString(), "--depth", "1");
        assertEquals(0, inspect.code(), inspect::toString);
        assertTrue(inspect.out().contains("33,554,432,000 numbers · 2,000 chunks"), inspect::toString);
        MeasuredCli.Run check = cli("check", constant.toString());
        assertEquals(0, check.code(), check::toString);
        // a chunk of one bin without offset bits is one value at every row: summarised, not decoded
        MeasuredCli.Run line = cli("plot", constant.toString(), "--out", dir.resolve("line.png").toString());
        assertEquals(0, line.code(), line::toString);
        assertTrue(line.out().contains("line of 33,554,432,000 values (min 1, max 1, mean 1)"), line::toString);
        MeasuredCli.Run histogram = cli("plot", constant.toString(), "--kind", "histogram", "--out", dir.resolve("histogram.png").toString());
        assertEquals(0, histogram.code(), histogram::toString);
        assertTrue(histogram.out().contains("histogram of 33,554,432,000 values"), histogram::toString);
        // 134 GB of raw u32: refused at once where it cannot fit, nothing written
        long need = 4L * 2000 * (1 << 24);
        Assumptions.assumeTrue(Files.getFileStore(dir).getUsableSpace() < need,
                "this file system has room for 134 GB: the refusal of an output that cannot fit is not tested here");
        Path raw = dir.resolve("constant.raw");
        MeasuredCli.Run decode = cli("decode", constant.toString(), "--format", "raw", "--out", raw.toString());
        assertEquals(1, decode.code(), decode::toString);
        assertTrue(decode.err().contains("error with no byte offset: output_too_large: the output needs at least 134,217,728,000 bytes"), decode::toString);
        try (var left = Files.list(dir)) {
            assertEquals(List.of(), left.filter(p -> p.getFileName().toString().startsWith("constant.raw")).toList(), "nothing written");
        }
    }

    @Test
    void threeHundredThousandTinyChunksAreCheckedOneNodeAtATime() throws Exception {
        Path tiny = Files.write(dir.resolve("tiny.pco"), pcoChunks(300_000, 1, 0));
        MeasuredCli.Run check = cli("check", tiny.toString());
        assertEquals(0, check.code(), check::toString);
        MeasuredCli.Run inspect = cli("inspect", tiny.toString(), "--depth", "1");
        assertEquals(0, inspect.code(), inspect::toString);
        assertTrue(inspect.out().contains("300,000 numbers · 300,000 chunks"), inspect::toString);
        Path csv = dir.resolve("tiny.csv");
        MeasuredCli.Run decode = cli("decode", tiny.toString(), "--format", "csv", "--out", csv.toString());
        assertEquals(0, decode.code(), decode::toString);
        // every chunk's one number is its one bin's lower bound, 1
        try (var lines = Files.lines(csv)) {
            assertEquals(300_000, lines.filter(l -> l.equals("1")).count());
        }
        MeasuredCli.Run plot = cli("plot", tiny.toString(), "--out", dir.resolve("tiny.png").toString());
        assertEquals(0, plot.code(), plot::toString);
        assertTrue(plot.out().contains("line of 300,000 values (min 1, max 1, mean 1)"), plot::toString);
    }
}
