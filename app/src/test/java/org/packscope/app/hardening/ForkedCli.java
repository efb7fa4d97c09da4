package org.packscope.app.hardening;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.packscope.app.cli.Cli;

/**
 * Runs one CLI command in a JVM of its own with the promise's 256 MB heap, from a given
 * working folder, and tells what it did: exit code, standard output and error, wall time,
 * and the peak heap (the sum of the heap pools' peaks, an upper bound) and CPU time the
 * child measured itself (written to a side file, so
 * its output stays exactly what the command printed).
 */
final class ForkedCli {
    static final String HEAP = "-Xmx256m";
    /** Far above the promise (5 s plus the data's decoding); a hang ends here. */
    static final long KILL_AFTER_SECONDS = 120;

    record Run(int code, String out, String err, long wallMillis, long cpuMillis, long peakHeapMb) {
        String text() { return out + err; }

        String figures() { return "exit " + code + ", " + wallMillis + " ms wall, " + cpuMillis + " ms CPU (all threads), peak heap " + peakHeapMb + " MB"; }

        @Override public String toString() { return figures() + "\n" + out + err; }
    }

    private ForkedCli() { }

    static Run run(Path workDir, String... args) throws IOException, InterruptedException {
        Path stats = Files.createTempFile("forked-cli", ".stats");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), HEAP,
                "-XX:+UseSerialGC", "-Dforked.stats=" + stats, "-cp", System.getProperty("java.class.path"), ForkedCli.class.getName()));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile("forked-cli", ".out"), err = Files.createTempFile("forked-cli", ".err");
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        boolean ended = p.waitFor(KILL_AFTER_SECONDS, TimeUnit.SECONDS);
        if (!ended) p.destroyForcibly().waitFor();
        long wall = (System.nanoTime() - t0) / 1_000_000;
        String[] s = Files.readString(stats).trim().split(" ");
        Run r = new Run(ended ? p.exitValue() : -1, Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8),
                wall, s.length == 2 ? Long.parseLong(s[0]) : -1, s.length == 2 ? Long.parseLong(s[1]) : -1);
        for (Path f : new Path[] {stats, out, err}) Files.deleteIfExists(f);
        return r;
    }

    /** The child: the CLI, then its CPU time (all threads) and the heap pools' peak use, to the side file. */
    public static void main(String[] args) throws Exception {
        Path stats = Path.of(System.getProperty("forked.stats"));
        int code = Cli.run(args, System.out, System.err);
        System.out.flush();
        long cpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1_000_000;
        long peak = 0;
        for (var pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == java.lang.management.MemoryType.HEAP) peak += pool.getPeakUsage().getUsed();
        }
        Files.writeString(stats, cpu + " " + (peak >> 20));
        System.exit(code);
    }
}
