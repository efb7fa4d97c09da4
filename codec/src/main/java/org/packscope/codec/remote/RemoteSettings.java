package org.packscope.codec.remote;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * How remote objects are reached, set by the command line (for its run) or the window
 * before the first remote path is opened: anonymous S3 access, an S3-compatible endpoint
 * and region (else {@code AWS_ENDPOINT_URL_S3}, {@code AWS_ENDPOINT_URL}, {@code AWS_REGION}),
 * the time limit of one request, and where notices go ("no credentials: reading anonymously").
 */
public final class RemoteSettings {
    private static volatile boolean anonymous;
    private static volatile String endpoint;
    private static volatile String region;
    private static volatile Duration timeout = Duration.ofMillis(Long.getLong("packscope.remote.timeoutMillis", 30_000));
    private static volatile Consumer<String> notices = s -> { };
    private static volatile int maxListed = 100_000;

    private RemoteSettings() { }

    /** S3 requests unsigned, for public buckets, even when credentials exist. */
    public static void anonymous(boolean on) { anonymous = on; }

    public static boolean anonymous() { return anonymous; }

    /** An S3-compatible endpoint such as {@code http://127.0.0.1:9000}; null for the environment's or AWS's own. */
    public static void endpoint(String url) { endpoint = url; }

    public static String endpoint() {
        if (endpoint != null) return endpoint;
        String s3 = System.getenv("AWS_ENDPOINT_URL_S3");
        if (s3 != null && !s3.isBlank()) return s3;
        String any = System.getenv("AWS_ENDPOINT_URL");
        return any == null || any.isBlank() ? null : any;
    }

    public static void region(String r) { region = r; }

    public static String region() {
        if (region != null) return region;
        String r = System.getenv("AWS_REGION");
        if (r == null || r.isBlank()) r = System.getenv("AWS_DEFAULT_REGION");
        return r == null || r.isBlank() ? "us-east-1" : r;
    }

    /** How long one request may take, answer and body together. */
    public static void timeout(Duration d) { timeout = d; }

    public static Duration timeout() { return timeout; }

    /** How many entries one folder listing may bring; beyond it the listing stops and a notice says so. */
    public static void maxListed(int n) { maxListed = Math.max(1, n); }

    public static int maxListed() { return maxListed; }

    /** Where one-line notices go (the command line prints them on standard error). */
    public static void notices(Consumer<String> sink) { notices = sink == null ? s -> { } : sink; }

    static void notice(String text) { notices.accept(Redact.text(text)); }

    /**
     * What a command line may set (access, endpoint, region, where notices go), as it is now;
     * closing it puts those back. A process runs one command line, but a JVM that runs several
     * (tests, a program embedding PackScope's) must not carry one run's {@code --anonymous}
     * into the next, where it would send unsigned requests to a bucket that wants them signed.
     */
    public static Saved save() { return new Saved(anonymous, endpoint, region, notices); }

    /** Settings taken by {@link #save}, restored by {@link #close}. */
    public record Saved(boolean anonymous, String endpoint, String region, Consumer<String> notices) implements AutoCloseable {
        @Override
        public void close() {
            RemoteSettings.anonymous = anonymous;
            RemoteSettings.endpoint = endpoint;
            RemoteSettings.region = region;
            RemoteSettings.notices = notices;
        }
    }
}
