package org.packscope.app.remote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.packscope.app.cli.Cli;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.io.ByteSource;

/**
 * What remote reading costs in round trips and requests, counted at a server that holds
 * every answer back: a header in at most three round trips, one request per block however
 * many readers want it at once, and objects read whole in one request each once their
 * neighbours were.
 */
class RemoteRoundTripsTest {
    /** Far above the client's own delays, so requests sent side by side are seen as one round. */
    private static final long LATENCY_MS = 300;
    private static final Path FIXTURES = RemoteFixturesTest.FIXTURES;

    @TempDir Path dir;

    /**
     * The header of a Zarr store (a v2 group with consolidated metadata, an array in it, a v3 array
     * without consolidated metadata) and of an HDF5 file: the address itself, then the store's metadata markers side by
     * side, then every format's probes side by side, and the same text as the local file.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"zarr/v2.zarr", "zarr/v2.zarr/compressors/blosc_blosclz_shuffle", "zarr/v3.zarr/zarrita/zstd_f4", "hdf5/multi.h5"})
    void aHeaderTakesAtMostThreeRoundTrips(String entry) throws Exception {
        Path local = FIXTURES.resolve(entry);
        try (FileHttpServer http = new FileHttpServer(FIXTURES)) {
            http.latencyMillis = LATENCY_MS;
            String remote = http.url() + "/" + entry;
            String a = inspect(local.toString());
            String b = inspect(remote);
            assertEquals(a, b.replace(remote, local.toString()), "the header reads the same remotely");
            assertTrue(http.roundTrips() <= 3, entry + ": " + http.roundTrips() + " round trips for " + http.requests.get() + " requests");
        }
    }

    /**
     * An array's chunk nodes, listed: each opens its chunk, and over HTTP they are opened a
     * block at a time side by side, so the 200 chunks shown take a handful of round trips, not
     * one each (before: 302), and the text is the local one.
     */
    @Test
    void listingAnArraysChunksTakesAFewRoundTrips() throws Exception {
        Path array = dir.resolve("rows.zarr");
        Files.createDirectories(array);
        Files.writeString(array.resolve(".zarray"), "{\"zarr_format\": 2, \"shape\": [300, 10], \"chunks\": [1, 10], \"dtype\": \"<f4\","
                + " \"compressor\": null, \"fill_value\": 0.0, \"order\": \"C\", \"filters\": null}");
        java.nio.ByteBuffer row = java.nio.ByteBuffer.allocate(40).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 300; i++) {
            row.clear();
            for (int j = 0; j < 10; j++) row.putFloat(i * 10 + j);
            if (i % 7 != 3) Files.write(array.resolve(i + ".0"), row.array()); // every seventh chunk missing
        }
        try (FileHttpServer http = new FileHttpServer(dir)) {
            http.latencyMillis = 100;
            String remote = http.url() + "/rows.zarr";
            String a = inspect(array.toString(), "1");
            String b = inspect(remote, "1");
            assertTrue(a.contains("198.0") && a.contains("100 more children"), "200 chunks are listed");
            assertEquals(a, b.replace(remote, array.toString()), "the chunks read the same remotely");
            assertTrue(http.roundTrips() <= 30, http.roundTrips() + " round trips for " + http.requests.get() + " requests");
        }
    }

    private static String inspect(String address) {
        return inspect(address, "0");
    }

    private static String inspect(String address, String depth) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Cli.run(new String[] {"inspect", address, "--depth", depth}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        return code + "\n" + out.toString(StandardCharsets.UTF_8);
    }

    /** Eight readers of one object at once: each block is asked for once, and every reader gets every byte. */
    @Test
    void readersAtOnceShareEachRequest() throws Exception {
        byte[] data = new byte[4 << 20];
        new Random(5).nextBytes(data);
        Files.write(dir.resolve("shared.bin"), data);
        ExecutorService readers = Executors.newFixedThreadPool(8);
        try (FileHttpServer http = new FileHttpServer(dir)) {
            http.latencyMillis = LATENCY_MS;
            Path remote = FormatRegistry.pathOf(http.url() + "/shared.bin");
            List<Future<byte[]>> got = new ArrayList<>();
            for (int i = 0; i < 8; i++) got.add(readers.submit(() -> Files.readAllBytes(remote)));
            for (Future<byte[]> g : got) assertArrayEquals(data, g.get());
            assertEquals(2, http.requests.get(), "one request opens the object (its first block), one brings the rest");
            assertEquals(data.length, http.bytesSent.get(), "no byte is sent twice");
        } finally {
            readers.shutdownNow();
        }
    }

    /**
     * A folder of chunk-like objects read whole, one after another: the first takes two
     * requests (its first block, then the rest); once it was read whole, each neighbour is
     * asked for in full and comes in one. Nothing beyond the objects is sent.
     */
    @Test
    void neighboursOfAnObjectReadWholeComeInOneRequestEach() throws Exception {
        Random random = new Random(9);
        List<byte[]> chunks = new ArrayList<>();
        long total = 0;
        for (int i = 0; i < 12; i++) {
            byte[] c = new byte[600_000 + random.nextInt(150_000)];
            random.nextBytes(c);
            chunks.add(c);
            total += c.length;
            Files.write(dir.resolve("c." + i), c);
        }
        try (FileHttpServer http = new FileHttpServer(dir)) {
            for (int i = 0; i < chunks.size(); i++) {
                assertArrayEquals(chunks.get(i), Files.readAllBytes(FormatRegistry.pathOf(http.url() + "/c." + i)), "chunk " + i);
            }
            assertEquals(chunks.size() + 1, http.requests.get(), "requests for " + chunks.size() + " objects");
            assertEquals(total, http.bytesSent.get(), "bytes sent");
        }
    }

    /** A header read through ByteSource: the object opens in one request, whatever its size. */
    @Test
    void aLargeObjectOpensInOneRequest() throws Exception {
        byte[] data = new byte[12 << 20];
        new Random(3).nextBytes(data);
        Files.write(dir.resolve("large.bin"), data);
        try (FileHttpServer http = new FileHttpServer(dir)) {
            http.latencyMillis = LATENCY_MS;
            ByteSource src = ByteSource.open(FormatRegistry.pathOf(http.url() + "/large.bin"));
            assertArrayEquals(java.util.Arrays.copyOf(data, 4096), src.bytes(0, 4096));
            assertEquals(1, http.requests.get());
            assertTrue(http.bytesSent.get() <= 256 << 10, "opening fetched " + http.bytesSent.get() + " bytes");
        }
    }
}
