package org.packscope.app.remote;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.packscope.app.cli.Cli;
import org.packscope.codec.remote.RemoteStats;

/**
 * The header of big remote inputs (a benchmark, not a test): {@code inspect --depth 0} (or {@code -Ddepth=N}) of
 * each name under DIR, served by {@link FileHttpServer} on 127.0.0.1 with {@code latency}
 * ms added to every answer. Each name is read three times, each through a fresh server (so
 * with a cold block cache); the first read of the run also pays for loading the classes.
 * Prints requests, round trips, bytes fetched and seconds, and the first lines of the text.
 * <p>
 * Inputs: {@code bench/remote/python_side.py make-big DIR} (a 10 GB HDF5 file and a
 * 10 GB-of-values Zarr store). Run: {@code java -cp … org.packscope.app.remote.RemoteHeaderBench
 * DIR [latency-ms] NAME…}.
 */
public final class RemoteHeaderBench {
    private RemoteHeaderBench() { }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]).toAbsolutePath().normalize();
        long latency = Long.parseLong(args[1]);
        String depth = System.getProperty("depth", "0");
        for (int a = 2; a < args.length; a++) {
            String name = args[a];
            Path local = dir.resolve(name);
            long size = Files.isDirectory(local) ? folderBytes(local) : Files.size(local);
            for (int round = 0; round < 3; round++) {
                try (FileHttpServer server = new FileHttpServer(dir)) {
                    server.latencyMillis = latency;
                    ByteArrayOutputStream text = new ByteArrayOutputStream();
                    RemoteStats.Snapshot before = RemoteStats.now();
                    long t0 = System.nanoTime();
                    int code = Cli.run(new String[] {"inspect", server.url() + "/" + name, "--depth", depth},
                            new PrintStream(text, true), new PrintStream(new ByteArrayOutputStream(), true));
                    double s = (System.nanoTime() - t0) / 1e9;
                    System.out.printf(Locale.ROOT, "%s bytes=%d latency_ms=%d round=%d exit=%d %s round_trips=%d seconds=%.3f%n",
                            name, size, latency, round, code, RemoteStats.now().minus(before), server.roundTrips(), s);
                    if (round == 0) text.toString().lines().limit(4).forEach(l -> System.out.println("    " + l));
                }
            }
        }
        System.exit(0);
    }

    private static long folderBytes(Path folder) throws java.io.IOException {
        try (var walk = Files.walk(folder)) {
            return walk.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
