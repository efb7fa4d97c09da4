package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.packscope.app.Samples;

/**
 * Small promises of the command line: every command answers {@code --help} with its own
 * usage and exit 0, and files it writes get the person's umask, as any file they make.
 */
class CliPolishTest {
    @Test
    void everyCommandAnswersHelp() {
        for (String command : List.of("inspect", "check", "decode", "encode", "diff", "plot", "bench")) {
            CliTest.Run r = CliTest.run(command, "--help");
            assertEquals(0, r.code(), command + " --help: " + r.err());
            assertTrue(r.text().startsWith("Usage: packscope " + command), command + ": " + r.text());
        }
    }

    @Test
    void writtenFilesGetTheUmaskNotOwnerOnly(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"), "POSIX permissions only");
        Path made = Files.createFile(dir.resolve("made-by-the-person"));
        Set<PosixFilePermission> expected = Files.getPosixFilePermissions(made);
        Path out = dir.resolve("values.csv");
        CliTest.Run r = CliTest.run("decode", Samples.get("pco/conv1_i32_ar2_o2.pco").toString(), "--format", "csv", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(expected, Files.getPosixFilePermissions(out), "as a file the person makes (umask), not 0600");
        Path png = dir.resolve("plot.png");
        r = CliTest.run("plot", Samples.get("pco/conv1_i32_ar2_o2.pco").toString(), "--out", png.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(expected, Files.getPosixFilePermissions(png));
        try (var left = Files.list(dir)) {
            assertFalse(left.anyMatch(p -> p.getFileName().toString().endsWith(".part")), "no partial file left");
        }
    }
}
