package org.packscope.codec.remote;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.packscope.codec.inspect.Rule;

/**
 * Objects under one HTTP(S) origin, read with {@code Range} requests through
 * {@code java.net.http}. Redirects are followed here (so that a loop is seen and a user's
 * password is never sent to another host); a server that answers a range with the whole
 * object is accepted only while that object is small ({@link #WHOLE_LIMIT}).
 */
final class HttpStore implements ObjectStore {
    /** A server that ignores {@code Range} may send an object whole up to this size; beyond it the transfer is stopped. */
    static final long WHOLE_LIMIT = 8L << 20;
    static final int MAX_REDIRECTS = 10;
    private static final int ERROR_BODY = 64 << 10;
    private static final Pattern CONTENT_RANGE = Pattern.compile("bytes (\\d+)-(\\d+)/(\\d+|\\*)");
    private static final Pattern UNSATISFIED = Pattern.compile("bytes \\*/(\\d+)");

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    private final String scheme;
    private final String host;
    private final int port;
    private final String authorization;
    private final Map<String, String> queries = new ConcurrentHashMap<>();

    HttpStore(String scheme, String host, int port, String userInfo) {
        this.scheme = scheme;
        this.host = host;
        this.port = port;
        this.authorization = userInfo == null ? null
                : "Basic " + Base64.getEncoder().encodeToString(userInfo.getBytes(StandardCharsets.UTF_8));
    }

    /** A query string (a presigned URL's signature) that requests for this one key carry. */
    void query(String key, String rawQuery) {
        if (rawQuery != null && !rawQuery.isEmpty()) queries.put(key, rawQuery);
    }

    URI uri(String key) {
        try {
            String path = new URI(scheme, null, host, port, "/" + key, null, null).toASCIIString();
            String q = queries.get(key);
            return URI.create(q == null ? path : path + "?" + q);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a usable key: " + key, e);
        }
    }

    @Override
    public String describe(String key) {
        return Redact.url(uri(key));
    }

    @Override
    public Page list(String prefix, String continuation) {
        return null;
    }

    @Override
    public Fetched read(String key, long pos, int len, String version) throws IOException {
        return Retries.run(() -> readOnce(key, pos, len, version));
    }

    private Fetched readOnce(String key, long pos, int len, String version) throws IOException {
        URI at = uri(key);
        Set<URI> seen = new HashSet<>();
        String range = pos < 0 ? "bytes=-" + len : "bytes=" + pos + "-" + (pos + len - 1);
        for (int hop = 0; ; hop++) {
            if (!seen.add(at) || hop > MAX_REDIRECTS) {
                throw new RemoteProblem(RemoteRules.REMOTE_REDIRECT_LOOP, describe(key), 0,
                        hop > MAX_REDIRECTS ? "more than " + MAX_REDIRECTS + " redirects" : "redirected back to " + Redact.url(at));
            }
            HttpRequest.Builder b = HttpRequest.newBuilder(at).GET()
                    .header("Range", range).header("Accept-Encoding", "identity")
                    .timeout(RemoteSettings.timeout());
            if (authorization != null && host.equalsIgnoreCase(at.getHost())) b.header("Authorization", authorization);
            HttpResponse<BoundedBody.Body> r = send(b.build(), len, key);
            int status = r.statusCode();
            if (status >= 300 && status < 400 && status != 304) {
                String loc = r.headers().firstValue("Location").orElse(null);
                if (loc == null) throw problem(RemoteRules.REMOTE_SERVER_ERROR, at, status, "a redirect without a Location");
                at = at.resolve(loc);
                continue;
            }
            return answer(r, at, pos, len, version, key);
        }
    }

    private HttpResponse<BoundedBody.Body> send(HttpRequest req, int len, String key) throws IOException {
        RemoteStats.request();
        HttpResponse.BodyHandler<BoundedBody.Body> handler = info -> new BoundedBody(limit(info, len, key), info.headers().firstValueAsLong("Content-Length").orElse(-1));
        CompletableFuture<HttpResponse<BoundedBody.Body>> f = CLIENT.sendAsync(req, handler);
        try {
            HttpResponse<BoundedBody.Body> r = f.get(RemoteSettings.timeout().toMillis(), TimeUnit.MILLISECONDS);
            RemoteStats.bytes(r.body().bytes().length);
            return r;
        } catch (TimeoutException e) {
            f.cancel(true);
            throw problem(RemoteRules.REMOTE_TIMEOUT, req.uri(), 0, "no complete answer within " + RemoteSettings.timeout().toMillis() + " ms");
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            throw new CancellationException("reading " + Redact.url(req.uri()) + " was cancelled");
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof HttpTimeoutException) {
                throw problem(RemoteRules.REMOTE_TIMEOUT, req.uri(), 0, "no answer within " + RemoteSettings.timeout().toMillis() + " ms");
            }
            String m = String.valueOf(c.getMessage()).toLowerCase(java.util.Locale.ROOT);
            if (m.contains("eof") || m.contains("content-length") || m.contains("closed") || m.contains("fixed")) {
                throw problem(RemoteRules.REMOTE_TRUNCATED, req.uri(), 0, "the connection ended before the body was complete");
            }
            throw problem(RemoteRules.REMOTE_UNREACHABLE, req.uri(), 0, c.getClass().getSimpleName() + ": " + Redact.text(c.getMessage()));
        }
    }

    /** How much of a body is kept: a range answer up to its length (+1 to see a lie), a whole object only when small. */
    private static long limit(HttpResponse.ResponseInfo info, int len, String key) {
        int s = info.statusCode();
        if (s == 206) return len + 1L;
        if (s == 200) {
            long announced = info.headers().firstValueAsLong("Content-Length").orElse(-1);
            return announced > WHOLE_LIMIT ? -1 : WHOLE_LIMIT;
        }
        return ERROR_BODY;
    }

    private Fetched answer(HttpResponse<BoundedBody.Body> r, URI at, long pos, int len, String version, String key)
            throws RemoteProblem {
        int status = r.statusCode();
        String got = r.headers().firstValue("ETag").or(() -> r.headers().firstValue("Last-Modified")).orElse(null);
        switch (status) {
            case 401, 403 -> throw problem(RemoteRules.REMOTE_FORBIDDEN, at, status, "access denied");
            case 404, 410 -> throw problem(version == null ? RemoteRules.REMOTE_NOT_FOUND : RemoteRules.REMOTE_CHANGED, at, status,
                    version == null ? "no such object" : "the object vanished while it was being read");
            case 412 -> throw problem(RemoteRules.REMOTE_CHANGED, at, status, "the object changed while it was being read");
            case 429, 503 -> throw problem(RemoteRules.REMOTE_THROTTLED, at, status, "the server asks to slow down");
            default -> { }
        }
        if (status == 416) {
            Matcher m = UNSATISFIED.matcher(r.headers().firstValue("Content-Range").orElse(""));
            if (m.matches()) return pinned(new Fetched(new byte[0], 0, Long.parseLong(m.group(1)), got), version, at);
            throw problem(RemoteRules.REMOTE_SERVER_ERROR, at, status, "range not satisfiable, and no size given");
        }
        if (status != 200 && status != 206) {
            throw problem(RemoteRules.REMOTE_SERVER_ERROR, at, status, "an answer PackScope cannot use");
        }
        String type = r.headers().firstValue("Content-Type").orElse("");
        String lower = key.toLowerCase(java.util.Locale.ROOT);
        if (type.toLowerCase(java.util.Locale.ROOT).startsWith("text/html") && !lower.endsWith(".html") && !lower.endsWith(".htm")) {
            throw problem(RemoteRules.REMOTE_HTML_PAGE, at, status, "an HTML page (Content-Type " + type + ") instead of the object");
        }
        BoundedBody.Body body = r.body();
        if (status == 200) {
            long announced = r.headers().firstValueAsLong("Content-Length").orElse(-1);
            if (body.overflow()) {
                throw problem(RemoteRules.REMOTE_RANGE_IGNORED, at, status, "the whole object"
                        + (announced >= 0 ? " (" + announced + " bytes)" : "") + " came back for a request of " + len
                        + " bytes; stopped after " + body.bytes().length + " bytes");
            }
            if (announced >= 0 && announced != body.bytes().length) {
                throw problem(RemoteRules.REMOTE_TRUNCATED, at, status, body.bytes().length + " bytes arrived of the " + announced + " announced");
            }
            return pinned(new Fetched(body.bytes(), 0, body.bytes().length, got), version, at);
        }
        Matcher m = CONTENT_RANGE.matcher(r.headers().firstValue("Content-Range").orElse(""));
        if (!m.matches()) throw problem(RemoteRules.REMOTE_SERVER_ERROR, at, status, "a partial answer without a usable Content-Range");
        long start = Long.parseLong(m.group(1));
        long end = Long.parseLong(m.group(2));
        long total = "*".equals(m.group(3)) ? -1 : Long.parseLong(m.group(3));
        long expected = end - start + 1;
        if (body.overflow() || expected > len || (pos >= 0 && start != pos) || total < 0 || end >= total) {
            throw problem(RemoteRules.REMOTE_TRUNCATED, at, status, "asked for " + len + " bytes at " + (pos < 0 ? "the end" : pos)
                    + ", the answer claims " + m.group() + (body.overflow() ? " and sent more" : ""));
        }
        if (body.bytes().length != expected) {
            throw problem(RemoteRules.REMOTE_TRUNCATED, at, status, body.bytes().length + " bytes arrived of the " + expected + " announced");
        }
        return pinned(new Fetched(body.bytes(), start, total, got), version, at);
    }

    private static Fetched pinned(Fetched f, String version, URI at) throws RemoteProblem {
        if (version != null && f.version() != null && !version.equals(f.version())) {
            throw problem(RemoteRules.REMOTE_CHANGED, at, 0, "the object changed while it was being read (was " + version
                    + ", now " + f.version() + ")");
        }
        return f;
    }

    private static RemoteProblem problem(Rule rule, URI at, int status, String what) {
        return new RemoteProblem(rule, Redact.url(at), status, what);
    }
}
