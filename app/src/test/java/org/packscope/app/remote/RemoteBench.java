package org.packscope.app.remote;

import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.packscope.app.cli.Cli;
import org.packscope.codec.remote.RemoteStats;

/**
 * Remote reading measured (a benchmark, not a test): a file served from 127.0.0.1 by
 * {@link FileHttpServer}.
 * <ol>
 * <li>the header ({@code inspect --depth 1}) with 50 ms added to every answer: requests and seconds;</li>
 * <li>a full {@code decode} against a plain sequential download of the same bytes from the same server.</li>
 * </ol>
 * {@code mvn -q -o -pl app -am test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=org.packscope.app.remote.RemoteBench -Dexec.args="FILE"}, or {@code java -cp ...}.
 */
public final class RemoteBench {
    private RemoteBench() { }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args.length > 0 ? args[0] : "../../shared/bench/pco/u32_small_20m.pco").toAbsolutePath().normalize();
        long latency = args.length > 1 ? Long.parseLong(args[1]) : 50;
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        try (FileHttpServer slow = new FileHttpServer(file.getParent())) {
            slow.latencyMillis = latency;
            String url = slow.url() + "/" + file.getFileName();
            RemoteStats.Snapshot before = RemoteStats.now();
            long t0 = System.nanoTime();
            int code = Cli.run(new String[] {"inspect", url, "--depth", "1"}, quiet, quiet);
            double s = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT, "header file=%s size=%d latency_ms=%d exit=%d %s seconds=%.3f%n",
                    file.getFileName(), Files.size(file), latency, code, RemoteStats.now().minus(before), s);
        }
        Path out = Files.createTempFile("remote-bench", ".raw");
        try (FileHttpServer fast = new FileHttpServer(file.getParent())) {
            String url = fast.url() + "/" + file.getFileName();
            HttpClient client = HttpClient.newHttpClient();
            double download = Double.MAX_VALUE;
            double decode = Double.MAX_VALUE;
            RemoteStats.Snapshot cost = null;
            for (int round = 0; round < 3; round++) {
                long t0 = System.nanoTime();
                byte[] all = client.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofByteArray()).body();
                download = Math.min(download, (System.nanoTime() - t0) / 1e9);
                if (all.length != Files.size(file)) throw new IllegalStateException("short download");
                // a fresh server port each round would be a fresh cache; the same port with a new
                // file system is not possible, so each round reads through a new server
                try (FileHttpServer round2 = new FileHttpServer(file.getParent())) {
                    String u = round2.url() + "/" + file.getFileName();
                    RemoteStats.Snapshot before = RemoteStats.now();
                    long t1 = System.nanoTime();
                    Cli.run(new String[] {"decode", u, "--format", "raw", "--out", out.toString()}, quiet, quiet);
                    double d = (System.nanoTime() - t1) / 1e9;
                    if (d < decode) {
                        decode = d;
                        cost = RemoteStats.now().minus(before);
                    }
                }
            }
            long t2 = System.nanoTime();
            Cli.run(new String[] {"decode", file.toString(), "--format", "raw", "--out", out.toString()}, quiet, quiet);
            double local = (System.nanoTime() - t2) / 1e9;
            long size = Files.size(file);
            System.out.printf(Locale.ROOT, "download bytes=%d seconds=%.3f MB_per_s=%.1f%n", size, download, size / download / 1e6);
            System.out.printf(Locale.ROOT, "remote_decode %s seconds=%.3f MB_per_s=%.1f of_download=%.2f%n",
                    cost, decode, size / decode / 1e6, download / decode);
            System.out.printf(Locale.ROOT, "local_decode seconds=%.3f%n", local);
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
