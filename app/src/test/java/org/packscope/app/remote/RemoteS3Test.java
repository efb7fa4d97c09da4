package org.packscope.app.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.packscope.codec.remote.LocalS3;
import org.packscope.codec.remote.RemoteSettings;

/**
 * The fixtures in a bucket of an S3-compatible server started here (s3proxy on 127.0.0.1),
 * read through the AWS SDK with credentials from the SDK's standard chain (system
 * properties): {@code check} and {@code decode} print what they print for the local copy,
 * folders (bcolz, BPCells, Zarr, plain folders) included, found by listing.
 */
class RemoteS3Test {
    private static final String BUCKET = "fixtures";
    private static LocalS3 s3;

    @BeforeAll
    static void start() throws Exception {
        s3 = new LocalS3();
        s3.upload(BUCKET, RemoteFixturesTest.FIXTURES);
        s3.signIn();
        RemoteSettings.endpoint(s3.endpoint());
    }

    @AfterAll
    static void stop() throws Exception {
        LocalS3.signOut();
        RemoteSettings.endpoint(null);
        s3.close();
    }

    /** The first entries (files and folders) of every fixture set. */
    static Stream<String> entries() throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> sets = Files.walk(RemoteFixturesTest.FIXTURES)) {
            for (Path manifest : sets.filter(p -> p.getFileName().toString().equals("MANIFEST.json")).sorted().toList()) {
                try (Stream<Path> in = Files.list(manifest.getParent())) {
                    in.filter(p -> !p.getFileName().toString().matches("MANIFEST\\.json|.*\\.(py|mjs|R|r|sh|md|txt)$"))
                            .sorted().limit(RemoteFixturesTest.PER_SET)
                            .forEach(p -> out.add(RemoteFixturesTest.FIXTURES.relativize(p).toString()));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void sameThroughS3(String entry) {
        String local = RemoteFixturesTest.FIXTURES.resolve(entry).toString();
        String remote = "s3://" + BUCKET + "/" + entry;
        RemoteFixturesTest.assertSame(local, remote, "check", local);
        RemoteFixturesTest.assertSame(local, remote, "decode", local, "--format", "csv");
    }

    @Test
    void innerPathsAndTheSecretKeyNeverShown() {
        String local = RemoteFixturesTest.FIXTURES.resolve("zarr/v2.zarr").toString();
        RemoteFixturesTest.Run a = RemoteFixturesTest.cli("inspect", local + "::compressors/blosc_blosclz_bitshuffle");
        RemoteFixturesTest.Run b = RemoteFixturesTest.cli("inspect", "s3://" + BUCKET + "/zarr/v2.zarr::compressors/blosc_blosclz_bitshuffle");
        assertEquals(a.code(), b.code(), b.err());
        assertEquals(a.out(), b.out().replace("s3://" + BUCKET + "/zarr/v2.zarr", local));
        assertFalse((b.out() + b.err()).contains(LocalS3.SECRET_KEY));
    }

    @Test
    void aMissingKeyIsNotFoundWithItsAddress() {
        RemoteFixturesTest.Run r = RemoteFixturesTest.cli("check", "s3://" + BUCKET + "/no/such.h5");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("s3://" + BUCKET + "/no/such.h5"), r.err());
    }
}
