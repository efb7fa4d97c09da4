package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.app.Samples;

/**
 * Issue 28's "earlier classes, again" that are small enough to run in this JVM: an output
 * that is a device (a full one) or pipe, bcolz metadata with more than one JSON value, and an export of
 * a matrix whose reader found damage.
 */
class EarlierHostileClassesTest {
    @TempDir
    Path dir;

    private static final String PCO = "pco/multichunk_f32_10x1000.pco";

    @Test
    void anOutputThatIsAPipeIsWrittenThroughAndAWriteItRefusesFails() throws Exception {
        Path fifo = dir.resolve("pipe");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        Assumptions.assumeTrue(mk.waitFor(10, TimeUnit.SECONDS) && mk.exitValue() == 0, "skipped: no mkfifo here");
        // a reader that takes everything: the values arrive, and the pipe is still a pipe
        byte[][] got = new byte[1][];
        Thread reader = new Thread(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                got[0] = in.readAllBytes();
            } catch (Exception e) {
                got[0] = new byte[0];
            }
        });
        reader.start();
        CliTest.Run ok = CliTest.run("decode", Samples.get(PCO).toString(), "--format", "csv", "--out", fifo.toString());
        reader.join(30_000);
        assertEquals(0, ok.code(), ok.err());
        assertEquals(10_000, new String(got[0], StandardCharsets.UTF_8).lines().count());
        assertFalse(Files.isRegularFile(fifo), "the pipe was not replaced by a file");
        // a reader that leaves after 10 bytes: the rest cannot be written, and that is a failure (not exit 0)
        Thread leaver = new Thread(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                in.readNBytes(10);
            } catch (Exception e) {
                // the test looks at the command
            }
        });
        leaver.start();
        CliTest.Run cut = CliTest.run("decode", Samples.get(PCO).toString(), "--format", "csv", "--out", fifo.toString());
        leaver.join(30_000);
        assertEquals(1, cut.code(), cut.err());
        assertTrue(cut.err().contains(": error with no byte offset: write_failed: "), cut.err());
        assertFalse(Files.isRegularFile(fifo));
    }

    @Test
    void aDecodeToAFullDeviceFailsWithExitOne() {
        Path full = Path.of("/dev/full");
        Assumptions.assumeTrue(Files.exists(full) && !Files.isRegularFile(full), "skipped: no /dev/full here");
        CliTest.Run r = CliTest.run("decode", Samples.get(PCO).toString(), "--format", "csv", "--out", full.toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains(": error with no byte offset: write_failed: "), r.err());
        assertFalse(r.err().matches("(?s).*[A-Z][A-Za-z]*(Exception|Error)\\b.*"), r.err());
        assertFalse(Files.isRegularFile(full), "the device was not replaced by a file");
    }

    @Test
    void bcolzMetadataWithMoreThanItsJsonValueIsWarnedAboutWhereTheExtraBytesStart() throws Exception {
        Path sample = Samples.get("bcolz/carray_2d_float64_N3_lz4_c5_shuffle");
        byte[] sizes = Files.readAllBytes(sample.resolve("meta/sizes"));
        byte[] bom = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};
        String[][] cases = {{"garbage", "garbage"}, {"second value", "{\"shape\": [1]}"}, {"NUL bytes", "\u0000\u0000"}, {"a BOM", null}};
        for (String[] c : cases) {
            Path copy = dir.resolve(c[0].replace(' ', '_'));
            CliPromiseTest.copyTree(sample, copy);
            byte[] damaged = c[1] == null ? concat(bom, sizes) : concat(sizes, c[1].getBytes(StandardCharsets.UTF_8));
            Files.write(copy.resolve("meta/sizes"), damaged);
            CliTest.Run r = CliTest.run("check", copy.toString());
            assertEquals(0, r.code(), c[0] + ": warnings only\n" + r.text());
            // the extra bytes start where the written JSON line (and its newline) ends, or at 0 for the mark
            long at = c[1] == null ? 0 : sizes.length;
            assertTrue(r.text().contains("warning at byte " + at + ": meta_extra_bytes: "), c[0] + ":\n" + r.text());
        }
        CliTest.Run clean = CliTest.run("check", sample.toString());
        assertFalse(clean.text().contains("meta_extra_bytes"), clean.text());
    }

    @Test
    void exportingAMatrixWithDuplicateOrUnsortedEntriesSaysSo() throws Exception {
        Path fixtures = Samples.root().getParent().resolve("codec/src/test/resources/fixtures/singlecell/damaged");
        // duplicates are damage; indices out of order alone are valid scipy (a warning, exit 0), but the export still says so
        for (String[] c : new String[][] {{"index_duplicate.h5ad", "error", "1"}, {"index_unsorted.h5ad", "warning", "0"}}) {
            Path out = dir.resolve(c[0] + ".mtx");
            CliTest.Run r = CliTest.run("decode", fixtures.resolve(c[0]) + "::X", "--format", "mtx", "--out", out.toString());
            assertEquals(Integer.parseInt(c[2]), r.code(), c[0] + ": " + r.err());
            String rule = c[0].replace(".h5ad", "");
            assertTrue(r.err().contains(c[1] + " at byte ") && r.err().contains(": " + rule + ": ")
                    && r.err().contains("(the output holds the values as read)"), c[0] + ": " + r.err());
            assertTrue(Files.exists(out), c[0] + ": the entries as read are still written");
        }
        CliTest.Run clean = CliTest.run("decode", fixtures.getParent().resolve("pbmc_csr.h5ad") + "::X", "--format", "mtx",
                "--out", dir.resolve("clean.mtx").toString());
        assertEquals(0, clean.code(), clean.err());
        assertEquals("", clean.err());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
