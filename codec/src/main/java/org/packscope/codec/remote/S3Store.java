package org.packscope.codec.remote;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.packscope.codec.inspect.Rule;

import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.core.sync.ResponseTransformer;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CommonPrefix;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Objects of one S3 bucket through the AWS SDK's sync client over the JDK's
 * URLConnection. Credentials come from the SDK's standard chain; when it finds none the
 * bucket is read anonymously, and a notice says so. The SDK retries throttling and 5xx
 * answers itself ({@link Retries} does not wrap it).
 */
final class S3Store implements ObjectStore {
    private static final java.util.regex.Pattern CONTENT_RANGE = java.util.regex.Pattern.compile("bytes (\\d+)-(\\d+)/(\\d+)");
    private static final int PAGE = 1000;

    private final String bucket;
    private final S3Client s3;

    S3Store(String bucket) {
        this.bucket = bucket;
        var http = UrlConnectionHttpClient.builder()
                .connectionTimeout(java.time.Duration.ofSeconds(10))
                .socketTimeout(RemoteSettings.timeout());
        var b = S3Client.builder()
                .httpClientBuilder(http)
                .region(Region.of(RemoteSettings.region()))
                .credentialsProvider(credentials(bucket))
                // ranged reads carry no whole-object checksum to check; asking for one makes
                // S3-compatible servers (s3proxy, older MinIO) refuse the request with 501
                .responseChecksumValidation(software.amazon.awssdk.core.checksums.ResponseChecksumValidation.WHEN_REQUIRED)
                .requestChecksumCalculation(software.amazon.awssdk.core.checksums.RequestChecksumCalculation.WHEN_REQUIRED)
                .overrideConfiguration(c -> c.apiCallTimeout(RemoteSettings.timeout().multipliedBy(Retries.RETRIES + 1))
                        .apiCallAttemptTimeout(RemoteSettings.timeout()));
        String endpoint = RemoteSettings.endpoint();
        if (endpoint != null) b.endpointOverride(URI.create(endpoint)).forcePathStyle(true);
        this.s3 = b.build();
    }

    private static AwsCredentialsProvider credentials(String bucket) {
        if (RemoteSettings.anonymous()) return AnonymousCredentialsProvider.create();
        DefaultCredentialsProvider chain = DefaultCredentialsProvider.builder().build();
        try {
            chain.resolveCredentials();
            return chain;
        } catch (SdkException e) {
            RemoteSettings.notice("no AWS credentials found (environment, system properties, profiles, web identity, "
                    + "instance role): reading s3://" + bucket + " anonymously");
            return AnonymousCredentialsProvider.create();
        }
    }

    @Override
    public String describe(String key) {
        return "s3://" + bucket + "/" + key;
    }

    @Override
    public Fetched read(String key, long pos, int len, String version) throws IOException {
        String range = pos < 0 ? "bytes=-" + len : "bytes=" + pos + "-" + (pos + len - 1);
        GetObjectRequest.Builder req = GetObjectRequest.builder().bucket(bucket).key(key).range(range);
        if (version != null) req.ifMatch(version);
        RemoteStats.request();
        ResponseBytes<GetObjectResponse> r;
        try {
            r = s3.getObject(req.build(), ResponseTransformer.toBytes());
        } catch (SdkException e) {
            if (isUnsatisfiable(e)) return new Fetched(new byte[0], 0, 0, null);
            throw translate(e, key, version != null);
        }
        byte[] bytes = r.asByteArrayUnsafe();
        RemoteStats.bytes(bytes.length);
        GetObjectResponse h = r.response();
        String got = h.eTag();
        if (version != null && got != null && !version.equals(got)) {
            throw new RemoteProblem(RemoteRules.REMOTE_CHANGED, describe(key), 0,
                    "the object changed while it was being read (was " + version + ", now " + got + ")");
        }
        String cr = h.contentRange();
        if (cr == null) {
            // no Content-Range: the whole object came back (S3 does this for a range covering it all)
            if (h.contentLength() != null && h.contentLength() != bytes.length) {
                throw new RemoteProblem(RemoteRules.REMOTE_TRUNCATED, describe(key), 200,
                        bytes.length + " bytes arrived of the " + h.contentLength() + " announced");
            }
            return new Fetched(bytes, 0, bytes.length, got);
        }
        var m = CONTENT_RANGE.matcher(cr);
        if (!m.matches()) throw new RemoteProblem(RemoteRules.REMOTE_SERVER_ERROR, describe(key), 206, "unusable Content-Range " + cr);
        long start = Long.parseLong(m.group(1));
        long expected = Long.parseLong(m.group(2)) - start + 1;
        if (bytes.length != expected || expected > len) {
            throw new RemoteProblem(RemoteRules.REMOTE_TRUNCATED, describe(key), 206,
                    bytes.length + " bytes arrived for " + cr + ", " + len + " asked");
        }
        return new Fetched(bytes, start, Long.parseLong(m.group(3)), got);
    }

    private static boolean isUnsatisfiable(SdkException e) {
        return e instanceof SdkServiceException s && s.statusCode() == 416;
    }

    @Override
    public Page list(String prefix, String continuation) throws IOException {
        RemoteStats.request();
        ListObjectsV2Response r;
        try {
            r = s3.listObjectsV2(b -> b.bucket(bucket).prefix(prefix).delimiter("/").maxKeys(PAGE)
                    .continuationToken(continuation));
        } catch (SdkException e) {
            throw translate(e, prefix, false);
        }
        List<Entry> objects = new ArrayList<>();
        for (S3Object o : r.contents()) objects.add(new Entry(o.key(), o.size() == null ? -1 : o.size()));
        List<String> prefixes = new ArrayList<>();
        for (CommonPrefix p : r.commonPrefixes()) prefixes.add(p.prefix());
        return new Page(objects, prefixes, Boolean.TRUE.equals(r.isTruncated()) ? r.nextContinuationToken() : null);
    }

    private RemoteProblem translate(SdkException e, String key, boolean pinned) {
        if (e instanceof AbortedException || Thread.currentThread().isInterrupted()) {
            throw new java.util.concurrent.CancellationException("reading " + describe(key) + " was cancelled");
        }
        if (e instanceof SdkServiceException s) {
            int status = s.statusCode();
            Rule rule = switch (status) {
                case 401, 403 -> RemoteRules.REMOTE_FORBIDDEN;
                case 404, 410 -> pinned ? RemoteRules.REMOTE_CHANGED : RemoteRules.REMOTE_NOT_FOUND;
                case 412 -> RemoteRules.REMOTE_CHANGED;
                case 429, 503 -> RemoteRules.REMOTE_THROTTLED;
                default -> RemoteRules.REMOTE_SERVER_ERROR;
            };
            String what = status == 412 ? "the object changed while it was being read (its ETag no longer matches)"
                    : firstLine(s.getMessage());
            return new RemoteProblem(rule, describe(key), status, what);
        }
        if (e instanceof ApiCallTimeoutException) {
            return new RemoteProblem(RemoteRules.REMOTE_TIMEOUT, describe(key), 0, "no complete answer in time");
        }
        String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        if (e instanceof SdkClientException && m.contains("timed out")) {
            return new RemoteProblem(RemoteRules.REMOTE_TIMEOUT, describe(key), 0, "no answer in time");
        }
        return new RemoteProblem(RemoteRules.REMOTE_UNREACHABLE, describe(key), 0, firstLine(e.getMessage()));
    }

    private static String firstLine(String s) {
        if (s == null) return "failed";
        int nl = s.indexOf('\n');
        return Redact.text(nl < 0 ? s : s.substring(0, nl));
    }
}
