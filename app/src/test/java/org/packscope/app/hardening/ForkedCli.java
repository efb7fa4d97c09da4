package org.packscope.app.hardening;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.packscope.app.Main;

/**
 * Runs a PackScope command as a person would, in a JVM of its own with the promise's
 * 256 MB heap: exit code, standard output and error (through files, so a large output
 * cannot block the pipe), and how long it took (wall time, for reports: the machine
 * running the suite is shared, so times are only held to a generous limit).
 */
final class ForkedCli {
    static final String HEAP = "-Xmx256m";
    /** A command that has not ended after this is killed and reported as such. */
    static final long LIMIT_SECONDS = 120;

    record Run(int exit, String out, String err, long wallMillis) {
        String all() { return out + err; }

        @Override public String toString() {
            return "exit " + exit + " in " + wallMillis + " ms wall\nout: " + cut(out) + "\nerr: " + cut(err);
        }

        private static String cut(String s) { return s.length() > 4000 ? s.substring(0, 4000) + "…" : s; }
    }

    private ForkedCli() { }

    static List<String> command(boolean relaunch, String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), HEAP,
                "-XX:+UseSerialGC", "-Djava.awt.headless=true"));
        // the launcher would start a second JVM for the Vector API: measured here is the JVM that does the work
        // (asked for even when the command is short, which would run in the first JVM)
        cmd.add(relaunch ? "-Dpackscope.relaunch=always" : "-Dpackscope.relaunched=true");
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** Starts the command with its output going to files in {@code scratch} (outside any folder a test inspects). */
    static Process start(Path scratch, boolean relaunch, String... args) throws IOException {
        return new ProcessBuilder(command(relaunch, args)).redirectOutput(scratch.resolve("stdout").toFile())
                .redirectError(scratch.resolve("stderr").toFile()).start();
    }

    static Run run(Path scratch, String... args) throws IOException, InterruptedException {
        Files.createDirectories(scratch);
        long t0 = System.nanoTime();
        Process p = start(scratch, false, args);
        boolean ended = p.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS);
        if (!ended) p.destroyForcibly().waitFor();
        long wall = (System.nanoTime() - t0) / 1_000_000;
        String out = Files.readString(scratch.resolve("stdout"), StandardCharsets.UTF_8);
        String err = Files.readString(scratch.resolve("stderr"), StandardCharsets.UTF_8);
        return new Run(ended ? p.exitValue() : -1, out, err, wall);
    }
}
