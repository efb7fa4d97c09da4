package org.packscope.app.remote;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.packscope.app.cli.Cli;

/**
 * Remote reading side by side with the Python ecosystem (a benchmark, not a test): the same
 * files on the same {@link FileHttpServer} on 127.0.0.1, read in full by PackScope's
 * {@code decode} and by zarr-python over fsspec's HTTP file system (a Zarr array) or h5py
 * over an fsspec HTTP file object (an HDF5 dataset). Each side gets a fresh server (so a
 * fresh cache) per round; the server counts requests and body bytes; both sides' sums of
 * every value are printed so the reads are seen to agree.
 * <p>
 * Inputs come from the reference writers: {@code bench/remote/python_side.py make DIR}.
 * PackScope's side runs {@link #WARM_ROUNDS} rounds first that are not counted (so do the
 * downloads); then every side runs {@link #ROUNDS} times in turn, and best and median are
 * printed, with the same decode of the local file as the floor the codec sets.
 * <p>
 * Run: {@code java -cp app/target/test-classes:app/target/classes:codec/target/classes:DEPS
 * org.packscope.app.remote.RemoteVsPythonBench DIR [latency-ms [link-MB/s]]}: with a link
 * speed, every server gives all its answers together that bandwidth, as a network would (Debian's python3-zarr,
 * -h5py, -fsspec and -aiohttp under /usr/bin/python3).
 */
public final class RemoteVsPythonBench {
    private static final String PYTHON = "/usr/bin/python3";

    private RemoteVsPythonBench() { }

    /** One read: its time, what the server counted, the sum of the values, and how long a paced link stood idle. */
    record Reading(double seconds, long requests, long bytes, double sum, double linkIdle) {
        String line(String who) {
            return String.format(Locale.ROOT, "%-10s seconds=%.3f requests=%d bytes_fetched=%d sum=%.6e%s", who, seconds, requests, bytes, sum,
                    link > 0 ? String.format(Locale.ROOT, " link_idle=%.3f", linkIdle) : "");
        }
    }

    /** PackScope rounds run first and not counted: the JIT compiles the decode path, as in any long-lived use. */
    private static final int WARM_ROUNDS = 2;
    /** Measured rounds, each side in turn. */
    private static final int ROUNDS = 5;
    /** The servers' shared bandwidth in bytes a second (0: unlimited; on loopback the cores then set the pace). */
    private static long link;

    private static FileHttpServer server(Path dir, long latency) throws IOException {
        FileHttpServer server = new FileHttpServer(dir);
        server.latencyMillis = latency;
        server.bytesPerSecond = link;
        return server;
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]).toAbsolutePath().normalize();
        long latency = args.length > 1 ? Long.parseLong(args[1]) : 0;
        link = args.length > 2 ? (long) (Double.parseDouble(args[2]) * 1e6) : 0;
        Path script = Path.of("bench/remote/python_side.py").toAbsolutePath();
        if (!Files.exists(script)) script = Path.of("../bench/remote/python_side.py").toAbsolutePath();
        System.out.printf(Locale.ROOT, "latency_ms=%d link=%s cores=%d warm-up rounds=%d measured rounds=%d%n", latency,
                link == 0 ? "unlimited" : link / 1e6 + " MB/s shared", Runtime.getRuntime().availableProcessors(), WARM_ROUNDS, ROUNDS);
        compare("zarr grid.zarr (4000x4000 f4, 64 Blosc-lz4 chunks)", dir, latency, "/grid.zarr", "",
                List.of(PYTHON, script.toString(), "zarr"), "", 4);
        compare("hdf5 table.h5::table (2M x 4 f8, gzip chunks)", dir, latency, "/table.h5", "::table",
                List.of(PYTHON, script.toString(), "h5"), "table", 8);
        if (Files.exists(dir.resolve("plain.h5"))) {
            compare("hdf5 plain.h5::table (the same table, chunks without a filter)", dir, latency, "/plain.h5", "::table",
                    List.of(PYTHON, script.toString(), "h5"), "table", 8);
        }
        // the servers' and clients' pools would keep the JVM waiting for their idle timeouts
        System.exit(0);
    }

    private static void compare(String title, Path dir, long latency, String key, String inner, List<String> python, String pyArg,
            int width) throws Exception {
        System.out.println(title);
        for (int round = 0; round < WARM_ROUNDS; round++) {
            System.out.printf(Locale.ROOT, "  warm-up %d: %s%n", round, packscope(dir, latency, key + inner, width).line("packscope"));
            download(dir, latency, key);
        }
        List<Reading> ps = new java.util.ArrayList<>(), py = new java.util.ArrayList<>();
        List<Double> downloads = new java.util.ArrayList<>(), locals = new java.util.ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            ps.add(packscope(dir, latency, key + inner, width));
            py.add(python(dir, latency, key, python, pyArg));
            downloads.add(download(dir, latency, key));
            locals.add(local(dir.resolve(key.substring(1)) + inner));
            System.out.printf(Locale.ROOT, "  round %d: %s | %s | download seconds=%.3f | local decode seconds=%.3f%n", round,
                    ps.get(round).line("packscope"), py.get(round).line("python"), downloads.get(round), locals.get(round));
        }
        Reading bestPs = best(ps), bestPy = best(py);
        double bestDownload = downloads.stream().min(Double::compare).orElseThrow();
        double bestLocal = locals.stream().min(Double::compare).orElseThrow();
        System.out.printf(Locale.ROOT, "  plain sequential download of every byte: best %.3f s, median %.3f s%n", bestDownload, median(downloads));
        System.out.printf(Locale.ROOT, "  packscope decode: best %.3f s (%.2f of the download's bandwidth), median %.3f s (%.2f of the median download)%n",
                bestPs.seconds, bestDownload / bestPs.seconds, median(seconds(ps)), median(downloads) / median(seconds(ps)));
        System.out.printf(Locale.ROOT, "  the same decode of the local file: best %.3f s; remote reading adds %.0f%% to the slower of download and local decode%n",
                bestLocal, 100 * (bestPs.seconds / Math.max(bestLocal, bestDownload) - 1));
        System.out.println("  best " + bestPs.line("packscope"));
        System.out.println("  best " + bestPy.line("python"));
        System.out.printf(Locale.ROOT, "  packscope/python speed: best %.2fx, median %.2fx, requests %d vs %d, bytes %d vs %d, sums %s%n",
                bestPy.seconds / bestPs.seconds, median(seconds(py)) / median(seconds(ps)), bestPs.requests, bestPy.requests,
                bestPs.bytes, bestPy.bytes, Math.abs(bestPs.sum - bestPy.sum) <= 1e-9 * Math.abs(bestPy.sum) ? "agree" : "DIFFER");
    }

    private static Reading best(List<Reading> rs) {
        return rs.stream().min(java.util.Comparator.comparingDouble(Reading::seconds)).orElseThrow();
    }

    private static List<Double> seconds(List<Reading> rs) { return rs.stream().map(Reading::seconds).toList(); }

    private static double median(List<Double> xs) {
        List<Double> s = xs.stream().sorted().toList();
        return s.size() % 2 == 1 ? s.get(s.size() / 2) : (s.get(s.size() / 2 - 1) + s.get(s.size() / 2)) / 2;
    }

    /** The same decode of the local copy, in this JVM: the pace the codec alone sets. */
    private static double local(String address) throws Exception {
        Path out = Files.createTempFile("remote-vs-python", ".raw");
        try {
            long t0 = System.nanoTime();
            int code = Cli.run(new String[] {"decode", address, "--format", "raw", "--out", out.toString()},
                    new PrintStream(OutputStream.nullOutputStream()), new PrintStream(OutputStream.nullOutputStream()));
            if (code != 0) throw new IllegalStateException("local decode exit " + code);
            return (System.nanoTime() - t0) / 1e9;
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static Reading packscope(Path dir, long latency, String address, int width) throws Exception {
        Path out = Files.createTempFile("remote-vs-python", ".raw");
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        try (FileHttpServer server = server(dir, latency)) {
            long t0 = System.nanoTime();
            int code = Cli.run(new String[] {"decode", server.url() + address, "--format", "raw", "--out", out.toString()}, quiet,
                    new PrintStream(err, true));
            double s = (System.nanoTime() - t0) / 1e9;
            if (code != 0) throw new IllegalStateException("decode exit " + code + ": " + err);
            return new Reading(s, server.requests.get(), server.bytesSent.get(), sum(out, width), server.linkIdleNanos.get() / 1e9);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /**
     * A plain sequential download of every file under {@code key} (one GET each, whole
     * bodies, one after another): the bandwidth the server gives, against which a decode is
     * measured.
     */
    private static final java.net.http.HttpClient DOWNLOADER = java.net.http.HttpClient.newHttpClient();

    private static double download(Path dir, long latency, String key) throws Exception {
        Path local = dir.resolve(key.substring(1));
        List<Path> files;
        try (var walk = Files.walk(local)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        java.net.http.HttpClient client = DOWNLOADER;
        try (FileHttpServer server = server(dir, latency)) {
            long t0 = System.nanoTime();
            for (Path f : files) {
                String rel = dir.relativize(f).toString().replace(java.io.File.separatorChar, '/');
                java.net.URI uri = java.net.URI.create(server.url() + "/" + rel);
                // the body is counted as it streams in, not held: a 400 MB object needs no 400 MB array
                long got = 0;
                byte[] buf = new byte[1 << 16];
                try (java.io.InputStream in = client.send(java.net.http.HttpRequest.newBuilder(uri).build(),
                        java.net.http.HttpResponse.BodyHandlers.ofInputStream()).body()) {
                    for (int n; (n = in.read(buf)) > 0; ) got += n;
                }
                if (got != Files.size(f)) throw new IllegalStateException("short download of " + rel);
            }
            return (System.nanoTime() - t0) / 1e9;
        }
    }

    /** The sum of every little-endian f4 or f8 in a raw file, in file order. */
    private static double sum(Path raw, int width) throws IOException {
        try (FileChannel ch = FileChannel.open(raw)) {
            ByteBuffer b = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size()).order(ByteOrder.LITTLE_ENDIAN);
            double s = 0;
            if (width == 4) while (b.remaining() >= 4) s += b.getFloat();
            else while (b.remaining() >= 8) s += b.getDouble();
            return s;
        }
    }

    private static Reading python(Path dir, long latency, String key, List<String> command, String arg) throws Exception {
        try (FileHttpServer server = server(dir, latency)) {
            List<String> cmd = new java.util.ArrayList<>(command);
            cmd.add(server.url() + key);
            if (!arg.isEmpty()) cmd.add(arg);
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (p.waitFor() != 0) throw new IllegalStateException("python: " + out);
            String last = out.lines().reduce((a, b) -> b).orElse("");
            double seconds = Double.parseDouble(last.replaceAll(".*seconds=([0-9.]+).*", "$1"));
            double sum = Double.parseDouble(last.replaceAll(".*sum=([-+0-9.eE]+).*", "$1"));
            return new Reading(seconds, server.requests.get(), server.bytesSent.get(), sum, server.linkIdleNanos.get() / 1e9);
        }
    }
}
