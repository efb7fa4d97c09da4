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
final class MeasuredCli {
    static final String HEAP = "-Xmx256m";
    /** Far above the promise (5 s plus the data's decoding); a hang ends here. */
    static final long KILL_AFTER_SECONDS = 120;

    record Run(int code, String out, String err, long wallMillis, long cpuMillis, long peakHeapMb) {
        String text() { return out + err; }

        String figures() { return "exit " + code + ", " + wallMillis + " ms wall, " + cpuMillis + " ms CPU (all threads), peak heap " + peakHeapMb + " MB"; }

        @Override public String toString() { return figures() + "\n" + out + err; }
    }

    private MeasuredCli() { }

    static Run run(Path workDir, String... args) throws IOException, InterruptedException {
        return start(workDir, args).finish();
    }

    /** A command started and not yet waited for (a test may change its input meanwhile). */
    static final class Started {
        private final Process process;
        private final Path stats, out, err;
        private final long t0 = System.nanoTime();

        private Started(Process process, Path stats, Path out, Path err) {
            this.process = process;
            this.stats = stats;
            this.out = out;
            this.err = err;
        }

        boolean alive() { return process.isAlive(); }

        /** Waits for the command (killing it after {@link #KILL_AFTER_SECONDS}) and tells what it did. */
        Run finish() throws IOException, InterruptedException {
            boolean ended = process.waitFor(KILL_AFTER_SECONDS, TimeUnit.SECONDS);
            if (!ended) process.destroyForcibly().waitFor();
            long wall = (System.nanoTime() - t0) / 1_000_000;
            String[] s = Files.readString(stats).trim().split(" ");
            Run r = new Run(ended ? process.exitValue() : -1, Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8), wall, s.length == 2 ? Long.parseLong(s[0]) : -1,
                    s.length == 2 ? Long.parseLong(s[1]) : -1);
            for (Path f : new Path[] {stats, out, err}) Files.deleteIfExists(f);
            return r;
        }
    }

    static Started start(Path workDir, String... args) throws IOException {
        Path stats = Files.createTempFile("forked-cli", ".stats");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), HEAP,
                "-XX:+UseSerialGC", "-Dforked.stats=" + stats, "-cp", System.getProperty("java.class.path"), MeasuredCli.class.getName()));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile("forked-cli", ".out"), err = Files.createTempFile("forked-cli", ".err");
        Process p = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        return new Started(p, stats, out, err);
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
