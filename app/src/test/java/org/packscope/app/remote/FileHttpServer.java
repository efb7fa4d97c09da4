package org.packscope.app.remote;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A real HTTP server on 127.0.0.1 for the tests: serves a folder's files with single
 * {@code Range} requests (or ignoring them), an ETag per file, a latency added to every
 * answer, and counts of requests and body bytes sent. A test can replace the answer of
 * some paths ({@link #hostile}) to play a broken or malicious server.
 */
public final class FileHttpServer implements AutoCloseable {
    private static final Pattern RANGE = Pattern.compile("bytes=(\\d*)-(\\d*)");

    /** An answer a test writes itself; returns false to let the server answer normally. */
    interface Hostile {
        boolean answer(HttpExchange ex, String path) throws IOException;
    }

    private static final boolean LOG = Boolean.getBoolean("packscope.test.httpLog");
    private final HttpServer server;
    private final long started = System.nanoTime();
    private final Path root;
    public final AtomicLong requests = new AtomicLong();
    /** The highest round a request was in: a request arriving after answers of round k is in round k + 1. */
    private final java.util.concurrent.atomic.AtomicInteger lastRound = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.atomic.AtomicInteger answeredRound = new java.util.concurrent.atomic.AtomicInteger();
    final AtomicLong bytesSent = new AtomicLong();
    volatile boolean ranges = true;
    public volatile long latencyMillis;
    /**
     * The bandwidth the server gives all its answers together, in bytes a second (0: as fast
     * as it can): a link of that speed, shared by every connection, so concurrent requests get
     * no more than one sequential download does.
     */
    public volatile long bytesPerSecond;
    /** When the shared link is next free (System.nanoTime), under {@link #bytesPerSecond}; 0 before the first byte. */
    private final AtomicLong linkFreeAt = new AtomicLong();
    /** Time the shared link stood idle between the first byte sent and the last (nanoseconds): what a reader left unused. */
    public final AtomicLong linkIdleNanos = new AtomicLong();
    volatile Hostile hostile = (ex, p) -> false;

    public FileHttpServer(Path root) throws IOException {
        this.root = root.toAbsolutePath().normalize();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(16));
        server.createContext("/", this::handle);
        server.start();
    }

    public String url() { return "http://127.0.0.1:" + server.getAddress().getPort(); }

    /** Answers begun and not yet finished (their bytes all counted in {@link #bytesSent}). */
    private final java.util.concurrent.atomic.AtomicInteger answering = new java.util.concurrent.atomic.AtomicInteger();

    /**
     * Waits (up to 10 s) until every answer begun has finished: a client may have read an
     * answer's bytes before the thread that wrote them has counted them in {@link #bytesSent}.
     */
    void awaitAnswered() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (answering.get() > 0 && System.nanoTime() < deadline) Thread.sleep(1);
    }

    private void handle(HttpExchange ex) throws IOException {
        answering.incrementAndGet();
        try {
            answer(ex);
        } finally {
            answering.decrementAndGet();
        }
    }

    private void answer(HttpExchange ex) throws IOException {
        int round = answeredRound.get() + 1;
        lastRound.accumulateAndGet(round, Math::max);
        try (ex) {
            requests.incrementAndGet();
            if (LOG) System.err.println("http " + (System.nanoTime() - started) / 1_000_000 + "ms " + ex.getRequestMethod() + " " + ex.getRequestURI().getPath() + " " + ex.getRequestHeaders().getFirst("Range"));
            if (latencyMillis > 0) Thread.sleep(latencyMillis);
            // counted as answered before the answer leaves, so the client's next request cannot beat it
            answeredRound.accumulateAndGet(round, Math::max);
            String path = ex.getRequestURI().getPath();
            if (hostile.answer(ex, path)) return;
            Path file = root.resolve(path.substring(1)).normalize();
            if (!file.startsWith(root) || !Files.isRegularFile(file)) {
                ex.sendResponseHeaders(404, -1);
                return;
            }
            serveFile(ex, file);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Round trips the client waited for so far: requests sent side by side (each before
     * the other's answer) share a round, a request sent after an answer starts the next.
     * With a latency well above the client's own delays, this counts its round trips.
     */
    public int roundTrips() { return lastRound.get(); }

    /** What an answer sends: its size, and a way to copy any range of it. */
    private interface Body {
        long size();

        void copy(long from, long len, OutputStream out) throws IOException;
    }

    /**
     * Answers with a file's bytes, reading only the range asked for: a server that read the
     * whole file for each request would measure itself, not the client.
     */
    private void serveFile(HttpExchange ex, Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file)) {
            long size = ch.size();
            serve(ex, new Body() {
                @Override public long size() { return size; }

                @Override
                public void copy(long from, long len, OutputStream out) throws IOException {
                    ByteBuffer buf = ByteBuffer.allocate(256 << 10);
                    for (long at = 0; at < len; ) {
                        buf.clear().limit((int) Math.min(buf.capacity(), len - at));
                        int n = ch.read(buf, from + at);
                        if (n <= 0) return;
                        pace(n);
                        out.write(buf.array(), 0, n);
                        bytesSent.addAndGet(n);
                        at += n;
                    }
                }
            }, "\"" + size + "-" + Files.getLastModifiedTime(file).toMillis() + "\"");
        }
    }

    /** Answers with {@code body}, honouring a Range header when ranges are on. */
    void serve(HttpExchange ex, byte[] body, String etag) throws IOException {
        serve(ex, new Body() {
            @Override public long size() { return body.length; }

            @Override
            public void copy(long from, long len, OutputStream out) throws IOException {
                writeCounted(out, body, (int) from, (int) len);
            }
        }, etag);
    }

    private void serve(HttpExchange ex, Body body, String etag) throws IOException {
        ex.getResponseHeaders().set("ETag", etag);
        ex.getResponseHeaders().set("Content-Type", "application/octet-stream");
        long size = body.size();
        long[] range = ranges ? range(ex, size) : null;
        if (range != null && range.length == 0) {
            ex.getResponseHeaders().set("Content-Range", "bytes */" + size);
            ex.sendResponseHeaders(416, -1);
            return;
        }
        long from = range == null ? 0 : range[0];
        long len = range == null ? size : range[1] - range[0] + 1;
        if (range != null) ex.getResponseHeaders().set("Content-Range", "bytes " + range[0] + "-" + range[1] + "/" + size);
        ex.sendResponseHeaders(range == null ? 200 : 206, len == 0 ? -1 : len);
        try (OutputStream out = ex.getResponseBody()) {
            body.copy(from, len, out);
        } catch (IOException e) {
            // the client hung up (it stops a transfer it did not want); nothing to answer
        }
    }

    /** The asked range as {first, last}, an empty array when it starts past the end, null when there is none. */
    private static long[] range(HttpExchange ex, long size) {
        String header = ex.getRequestHeaders().getFirst("Range");
        Matcher m = header == null ? null : RANGE.matcher(header);
        if (m == null || !m.matches() || m.group(1).isEmpty() && m.group(2).isEmpty()) return null;
        long start;
        long end;
        if (m.group(1).isEmpty()) {
            start = Math.max(0, size - Long.parseLong(m.group(2)));
            end = size - 1;
        } else {
            start = Long.parseLong(m.group(1));
            end = m.group(2).isEmpty() ? size - 1 : Math.min(size - 1, Long.parseLong(m.group(2)));
        }
        return start >= size ? new long[0] : new long[] {start, end};
    }

    /** Sends a whole answer a test wrote itself. */
    void send(HttpExchange ex, int status, byte[] body, int off, int len) throws IOException {
        ex.sendResponseHeaders(status, len == 0 ? -1 : len);
        try (OutputStream out = ex.getResponseBody()) {
            writeCounted(out, body, off, len);
        } catch (IOException e) {
            // the client hung up; nothing to answer
        }
    }

    /** Waits until {@code n} more bytes fit through the shared link (see {@link #bytesPerSecond}). */
    private void pace(int n) {
        long rate = bytesPerSecond;
        if (rate <= 0) return;
        long cost = (long) (n * 1e9 / rate);
        long now = System.nanoTime();
        long[] idle = {0};
        long done = linkFreeAt.accumulateAndGet(now, (free, t) -> {
            idle[0] = free != 0 && free < t ? t - free : 0;
            return Math.max(free, t) + cost;
        });
        if (idle[0] > 0) linkIdleNanos.addAndGet(idle[0]);
        if (done - cost > now) java.util.concurrent.locks.LockSupport.parkNanos(done - cost - now);
    }

    private void writeCounted(OutputStream out, byte[] body, int off, int len) throws IOException {
        for (int at = 0; at < len; at += 64 << 10) {
            int n = Math.min(64 << 10, len - at);
            pace(n);
            out.write(body, off + at, n);
            bytesSent.addAndGet(n);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
