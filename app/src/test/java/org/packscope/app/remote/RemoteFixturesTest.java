package org.packscope.app.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
import org.packscope.app.cli.Cli;
import org.packscope.codec.remote.RemoteStats;

/**
 * Every fixture set (each folder of the codec's fixtures with a MANIFEST.json) read over
 * HTTP from a server started here on 127.0.0.1: {@code check} and {@code decode} print the
 * same as for the local copy, address for address. Files and Zarr stores are served; other
 * folders need a listing, which HTTP has not (the S3 test reads those).
 */
class RemoteFixturesTest {
    static final Path FIXTURES = Path.of("../codec/src/test/resources/fixtures").toAbsolutePath().normalize();
    static final int PER_SET = 4;
    private static FileHttpServer http;

    @BeforeAll
    static void start() throws IOException {
        http = new FileHttpServer(FIXTURES);
    }

    @AfterAll
    static void stop() {
        http.close();
    }

    /** Every file and Zarr store at the top of every fixture set, as its path relative to the fixtures. */
    static Stream<String> entries() throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> sets = Files.walk(FIXTURES)) {
            for (Path manifest : sets.filter(p -> p.getFileName().toString().equals("MANIFEST.json")).sorted().toList()) {
                try (Stream<Path> in = Files.list(manifest.getParent())) {
                    // a few entries of each set: the sets' own tests read them all locally
                    for (Path p : in.sorted().limit(PER_SET).toList()) {
                        String name = p.getFileName().toString();
                        if (name.equals("MANIFEST.json") || name.matches(".*\\.(py|mjs|R|r|sh|md|txt|json)$")) continue;
                        boolean zarr = Files.isDirectory(p) && (Files.exists(p.resolve(".zgroup")) || Files.exists(p.resolve("zarr.json"))
                                || Files.exists(p.resolve(".zarray")));
                        if (Files.isRegularFile(p) || zarr) out.add(FIXTURES.relativize(p).toString());
                    }
                }
            }
        }
        return out.stream();
    }

    record Run(int code, String out, String err) { }

    static Run cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Cli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void sameOverHttp(String entry) {
        String local = FIXTURES.resolve(entry).toString();
        String remote = http.url() + "/" + entry;
        assertSame(local, remote, "check", local);
        assertSame(local, remote, "decode", local, "--format", "csv");
    }

    /** Every array of the Zarr fixture stores (v2 with consolidated metadata, v3 without), as store::inner. */
    static Stream<String> zarrArrays() throws IOException {
        List<String> out = new ArrayList<>();
        for (String store : List.of("zarr/v2.zarr", "zarr/v3.zarr")) {
            Path root = FIXTURES.resolve(store);
            try (Stream<Path> s = Files.walk(root)) {
                for (Path meta : s.filter(p -> p.getFileName().toString().equals(".zarray")
                        || p.getFileName().toString().equals("zarr.json") && isArray(p)).sorted().toList()) {
                    out.add(store + "::" + root.relativize(meta.getParent()).toString().replace('\\', '/'));
                }
            }
        }
        return out.stream();
    }

    private static boolean isArray(Path zarrJson) {
        try {
            return Files.readString(zarrJson).replace(" ", "").contains("\"node_type\":\"array\"");
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Over HTTP an array's chunk keys cannot be listed: each chunk is looked up by its key.
     * Decoding every fixture array gives the values the local store gives (an array read as
     * all fill values once showed that the listing was taken for complete).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("zarrArrays")
    void everyZarrArrayDecodesOverHttpAsLocally(String address) {
        int sep = address.indexOf("::");
        String local = FIXTURES.resolve(address.substring(0, sep)) + address.substring(sep);
        String remote = http.url() + "/" + address;
        assertSame(local, remote, "decode", local, "--format", "csv");
    }

    /**
     * An array addressed as the store itself, decoded into a file: the output check that
     * guards inputs from being overwritten leaves remote inputs alone (it once listed the
     * array's folder, which HTTP cannot, and failed the command).
     */
    @Test
    void aRemoteArrayDecodesIntoALocalFile(@org.junit.jupiter.api.io.TempDir Path tmp) throws IOException {
        String entry = "zarr/v2.zarr/compressors/blosc_blosclz_shuffle";
        Path local = tmp.resolve("local.csv");
        Path remote = tmp.resolve("remote.csv");
        Run a = cli("decode", FIXTURES.resolve(entry).toString(), "--format", "csv", "--out", local.toString());
        Run b = cli("decode", http.url() + "/" + entry, "--format", "csv", "--out", remote.toString());
        assertEquals(0, a.code(), a.err());
        assertEquals(0, b.code(), b.err());
        assertEquals(Files.readString(local), Files.readString(remote));
    }

    static void assertSame(String local, String remote, String... localArgs) {
        String[] remoteArgs = localArgs.clone();
        for (int i = 0; i < remoteArgs.length; i++) if (remoteArgs[i].equals(local)) remoteArgs[i] = remote;
        Run a = cli(localArgs);
        RemoteStats.Snapshot before = RemoteStats.now();
        Run b = cli(remoteArgs);
        RemoteStats.Snapshot cost = RemoteStats.now().minus(before);
        assertTrue(cost.any(), () -> "the remote run read remotely: " + b.err() + b.out().substring(0, Math.min(300, b.out().length())));
        assertEquals(a.code(), b.code(), () -> localArgs[0] + " exit code; remote said: " + b.err());
        assertEquals(a.out(), b.out().replace(remote, local), localArgs[0] + " output");
        assertEquals(withoutRemoteLine(a.err()), withoutRemoteLine(b.err()).replace(remote, local), localArgs[0] + " errors");
    }

    private static String withoutRemoteLine(String err) {
        return err.lines().filter(l -> !l.startsWith("remote: ")).reduce("", (x, y) -> x + y + "\n");
    }
}
