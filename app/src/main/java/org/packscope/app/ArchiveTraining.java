package org.packscope.app;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.packscope.app.cli.Cli;

/**
 * Run once by the build, in a JVM started with {@code -XX:ArchiveClassesAtExit=packscope.jsa}:
 * {@code check}, {@code inspect} and {@code decode} of each sample it is given, so that the
 * class-data sharing archive the JVM writes as this ends holds the classes those commands
 * load. A later JVM that maps the archive ({@code app/packscope}, a relaunched JVM) takes them
 * from it, parsed and verified, instead of from the jar. What the commands print is dropped;
 * their results do not matter here, only the code they run.
 */
public final class ArchiveTraining {
    private ArchiveTraining() { }

    public static void main(String[] samples) throws IOException {
        PrintStream dropped = new PrintStream(OutputStream.nullOutputStream());
        Path values = Files.createTempFile("packscope-training", ".values");
        try {
            for (String sample : samples) {
                Cli.run(new String[] {"check", sample}, dropped, dropped);
                Cli.run(new String[] {"inspect", sample}, dropped, dropped);
                Cli.run(new String[] {"decode", sample, "--out", values.toString()}, dropped, dropped);
            }
        } finally {
            Files.deleteIfExists(values);
        }
        System.exit(0); // decode's reader threads are not waited for
    }
}
