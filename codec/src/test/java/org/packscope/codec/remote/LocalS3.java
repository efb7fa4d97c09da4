package org.packscope.codec.remote;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.BlobStoreContext;

/**
 * An S3-compatible server for the tests: s3proxy on 127.0.0.1 (a free port) over jclouds'
 * in-memory blob store, signing with AWS V2 or V4 and one access key. Shared with the app's
 * and the Spark module's tests through the codec's test jar.
 */
public final class LocalS3 implements AutoCloseable {
    public static final String ACCESS_KEY = "packscope-test-access";
    public static final String SECRET_KEY = "packscope-test-secret-never-shown";

    private final BlobStoreContext context;
    private final S3Proxy proxy;
    public final BlobStore blobs;

    public LocalS3() throws Exception {
        context = ContextBuilder.newBuilder("transient").credentials("identity", "credential").build(BlobStoreContext.class);
        blobs = context.getBlobStore();
        proxy = S3Proxy.builder().blobStore(blobs).endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY).build();
        proxy.start();
        for (int i = 0; i < 500 && !"STARTED".equals(proxy.getState()); i++) Thread.sleep(10);
    }

    public String endpoint() { return "http://127.0.0.1:" + proxy.getPort(); }

    /** Makes this server's access key the one the SDK's standard chain finds (system properties). */
    public void signIn() {
        System.setProperty("aws.accessKeyId", ACCESS_KEY);
        System.setProperty("aws.secretAccessKey", SECRET_KEY);
    }

    public static void signOut() {
        System.clearProperty("aws.accessKeyId");
        System.clearProperty("aws.secretAccessKey");
    }

    /** Uploads every file under {@code root} into {@code bucket}, keyed by its path relative to {@code root}. */
    public void upload(String bucket, Path root) throws IOException {
        blobs.createContainerInLocation(null, bucket);
        List<Path> files;
        try (Stream<Path> s = Files.walk(root)) {
            files = s.filter(Files::isRegularFile).toList();
        }
        for (Path f : files) put(bucket, root.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
    }

    public void put(String bucket, String key, byte[] bytes) {
        blobs.putBlob(bucket, blobs.blobBuilder(key).payload(bytes).contentLength(bytes.length).build());
    }

    @Override
    public void close() throws Exception {
        proxy.stop();
        context.close();
    }
}
