package org.packscope.app.remote;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
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

    private final HttpServer server;
    private final Path root;
    public final AtomicLong requests = new AtomicLong();
    final AtomicLong bytesSent = new AtomicLong();
    volatile boolean ranges = true;
    public volatile long latencyMillis;
    volatile Hostile hostile = (ex, p) -> false;

    public FileHttpServer(Path root) throws IOException {
        this.root = root.toAbsolutePath().normalize();
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(16));
        server.createContext("/", this::handle);
        server.start();
    }

    public String url() { return "http://127.0.0.1:" + server.getAddress().getPort(); }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            requests.incrementAndGet();
            if (latencyMillis > 0) Thread.sleep(latencyMillis);
            String path = ex.getRequestURI().getPath();
            if (hostile.answer(ex, path)) return;
            Path file = root.resolve(path.substring(1)).normalize();
            if (!file.startsWith(root) || !Files.isRegularFile(file)) {
                ex.sendResponseHeaders(404, -1);
                return;
            }
            serve(ex, Files.readAllBytes(file), "\"" + Files.size(file) + "-" + Files.getLastModifiedTime(file).toMillis() + "\"");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Answers with {@code body}, honouring a Range header when ranges are on. */
    void serve(HttpExchange ex, byte[] body, String etag) throws IOException {
        ex.getResponseHeaders().set("ETag", etag);
        ex.getResponseHeaders().set("Content-Type", "application/octet-stream");
        String range = ex.getRequestHeaders().getFirst("Range");
        Matcher m = range == null ? null : RANGE.matcher(range);
        if (!ranges || m == null || !m.matches()) {
            send(ex, 200, body, 0, body.length);
            return;
        }
        long start;
        long end;
        if (m.group(1).isEmpty()) {
            start = Math.max(0, body.length - Long.parseLong(m.group(2)));
            end = body.length - 1L;
        } else {
            start = Long.parseLong(m.group(1));
            end = m.group(2).isEmpty() ? body.length - 1L : Math.min(body.length - 1L, Long.parseLong(m.group(2)));
        }
        if (start >= body.length) {
            ex.getResponseHeaders().set("Content-Range", "bytes */" + body.length);
            ex.sendResponseHeaders(416, -1);
            return;
        }
        ex.getResponseHeaders().set("Content-Range", "bytes " + start + "-" + end + "/" + body.length);
        send(ex, 206, body, (int) start, (int) (end - start + 1));
    }

    void send(HttpExchange ex, int status, byte[] body, int off, int len) throws IOException {
        ex.sendResponseHeaders(status, len == 0 ? -1 : len);
        try (OutputStream out = ex.getResponseBody()) {
            for (int at = 0; at < len; at += 64 << 10) {
                int n = Math.min(64 << 10, len - at);
                out.write(body, off + at, n);
                bytesSent.addAndGet(n);
            }
        } catch (IOException e) {
            // the client hung up (it stops a transfer it did not want); nothing to answer
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
