package org.packscope.spark;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.zip.CRC32C;

import org.packscope.codec.blosc.BloscEncoder;

/**
 * Zarr stores of many tiny chunks, written here, with damage put in on purpose and
 * remembered: which chunks are missing and which are damaged, and how.
 */
final class ZarrLake {
    /** One array's truth: its grid, the chunks left out, the chunks damaged (key → how). */
    static final class Truth {
        final String address, array;
        final long chunks;
        final TreeSet<String> missing = new TreeSet<>();
        final Map<String, String> damaged = new LinkedHashMap<>();

        Truth(String address, String array, long chunks) {
            this.address = address;
            this.array = array;
            this.chunks = chunks;
        }

        long stored() { return chunks - missing.size(); }
    }

    static final String TRUNCATED = "truncated", BAD_HEADER = "bad blosc header", BAD_CRC = "bad crc32c", INDEX_PAST_END = "shard index past the end";

    private ZarrLake() { }

    /** Distinct chunk numbers below {@code n}, {@code count} of them for each purpose, none used twice. */
    private static List<long[]> pick(Random r, long n, int... counts) {
        TreeSet<Long> used = new TreeSet<>();
        List<long[]> out = new ArrayList<>();
        for (int c : counts) {
            long[] ks = new long[c];
            for (int i = 0; i < c; i++) {
                long k;
                do k = (long) (r.nextDouble() * n); while (!used.add(k));
                ks[i] = k;
            }
            Arrays.sort(ks);
            out.add(ks);
        }
        return out;
    }

    /** The metadata of a Zarr v2 store with one int32 array "temperature" of {@code chunks} Blosc chunks of 16 values; the array's folder. */
    static Path v2BloscArray(Path store, int chunks) throws IOException {
        Path a = store.resolve("temperature");
        Files.createDirectories(a);
        Files.writeString(store.resolve(".zgroup"), "{\"zarr_format\": 2}");
        Files.writeString(a.resolve(".zarray"), "{\"zarr_format\": 2, \"shape\": [" + (chunks * 16L) + "], \"chunks\": [16], \"dtype\": \"<i4\", "
                + "\"compressor\": {\"id\": \"blosc\", \"cname\": \"lz4\", \"clevel\": 5, \"shuffle\": 1, \"blocksize\": 0}, "
                + "\"fill_value\": 0, \"order\": \"C\", \"filters\": null}");
        return a;
    }

    /**
     * A Zarr v2 store with one int32 array of {@code chunks} Blosc chunks of 16 values; some
     * missing, some cut short, some with a Blosc header whose compressed size is wrong.
     */
    static Truth v2Blosc(Path store, int chunks, int missing, int truncated, int badHeader, long seed) throws IOException {
        Path a = v2BloscArray(store, chunks);
        Truth t = new Truth(store.toString(), "temperature", chunks);
        List<long[]> p = pick(new Random(seed), chunks, missing, truncated, badHeader);
        BloscEncoder.Settings s = BloscEncoder.Settings.of(BloscEncoder.Codec.named("lz4"), 5, BloscEncoder.Filter.SHUFFLE, 4);
        ByteBuffer values = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < chunks; k++) {
            values.clear();
            for (int j = 0; j < 16; j++) values.putInt(k * 16 + j);
            Files.write(a.resolve(Integer.toString(k)), BloscEncoder.encode(values.array(), s));
        }
        for (long k : p.get(0)) {
            Files.delete(a.resolve(Long.toString(k)));
            t.missing.add(Long.toString(k));
        }
        for (long k : p.get(1)) {
            Path f = a.resolve(Long.toString(k));
            Files.write(f, Arrays.copyOf(Files.readAllBytes(f), 30));
            t.damaged.put(Long.toString(k), TRUNCATED);
        }
        for (long k : p.get(2)) {
            Path f = a.resolve(Long.toString(k));
            byte[] b = Files.readAllBytes(f);
            ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(12, b.length + 1000); // cbytes: more than there is
            Files.write(f, b);
            t.damaged.put(Long.toString(k), BAD_HEADER);
        }
        return t;
    }

    /**
     * A Zarr v3 array of int16 chunks of 8 values, each followed by its crc32c; some
     * missing, some with a flipped value byte, some cut short.
     */
    static Truth v3Crc(Path store, String name, int chunks, int missing, int flipped, int truncated, long seed) throws IOException {
        Path a = store.resolve(name);
        Files.createDirectories(a.resolve("c"));
        group(store);
        Files.writeString(a.resolve("zarr.json"), "{\"zarr_format\": 3, \"node_type\": \"array\", \"shape\": [" + (chunks * 8L) + "], "
                + "\"data_type\": \"int16\", \"chunk_grid\": {\"name\": \"regular\", \"configuration\": {\"chunk_shape\": [8]}}, "
                + "\"chunk_key_encoding\": {\"name\": \"default\"}, \"fill_value\": 0, "
                + "\"codecs\": [{\"name\": \"bytes\", \"configuration\": {\"endian\": \"little\"}}, {\"name\": \"crc32c\"}]}");
        Truth t = new Truth(store.toString(), name, chunks);
        List<long[]> p = pick(new Random(seed), chunks, missing, flipped, truncated);
        ByteBuffer b = ByteBuffer.allocate(20).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < chunks; k++) {
            b.clear();
            for (int j = 0; j < 8; j++) b.putShort((short) (k * 8 + j));
            b.putInt(16, crc(b.array(), 0, 16));
            Files.write(a.resolve("c/" + k), b.array());
        }
        for (long k : p.get(0)) {
            Files.delete(a.resolve("c/" + k));
            t.missing.add("c/" + k);
        }
        for (long k : p.get(1)) {
            Path f = a.resolve("c/" + k);
            byte[] bytes = Files.readAllBytes(f);
            bytes[5] ^= 0x40;
            Files.write(f, bytes);
            t.damaged.put("c/" + k, BAD_CRC);
        }
        for (long k : p.get(2)) {
            Path f = a.resolve("c/" + k);
            Files.write(f, Arrays.copyOf(Files.readAllBytes(f), 10));
            t.damaged.put("c/" + k, TRUNCATED);
        }
        return t;
    }

    /**
     * A sharded Zarr v3 array: shards of 4 inner chunks of 2 int32 values, index at the end
     * with its crc32c; some shards missing, some with an inner chunk's offset past the shard's end
     * (the index's crc32c made to match, so the entry is the only damage).
     */
    static Truth v3Sharded(Path store, String name, int shards, int missing, int pastEnd, long seed) throws IOException {
        Path a = store.resolve(name);
        Files.createDirectories(a.resolve("c"));
        group(store);
        Files.writeString(a.resolve("zarr.json"), "{\"zarr_format\": 3, \"node_type\": \"array\", \"shape\": [" + (shards * 8L) + "], "
                + "\"data_type\": \"int32\", \"chunk_grid\": {\"name\": \"regular\", \"configuration\": {\"chunk_shape\": [8]}}, "
                + "\"chunk_key_encoding\": {\"name\": \"default\"}, \"fill_value\": 0, \"codecs\": [{\"name\": \"sharding_indexed\", "
                + "\"configuration\": {\"chunk_shape\": [2], \"codecs\": [{\"name\": \"bytes\", \"configuration\": {\"endian\": \"little\"}}], "
                + "\"index_codecs\": [{\"name\": \"bytes\", \"configuration\": {\"endian\": \"little\"}}, {\"name\": \"crc32c\"}], "
                + "\"index_location\": \"end\"}}]}");
        Truth t = new Truth(store.toString(), name, shards);
        List<long[]> p = pick(new Random(seed), shards, missing, pastEnd);
        TreeSet<Long> bad = new TreeSet<>();
        for (long k : p.get(1)) bad.add(k);
        for (int k = 0; k < shards; k++) {
            ByteBuffer b = ByteBuffer.allocate(32 + 64 + 4).order(ByteOrder.LITTLE_ENDIAN);
            for (int j = 0; j < 8; j++) b.putInt(k * 8 + j);
            for (int j = 0; j < 4; j++) {
                b.putLong(32 + 16 * j, bad.contains((long) k) && j == 1 ? 1000 : 8L * j);
                b.putLong(32 + 16 * j + 8, 8);
            }
            b.putInt(96, crc(b.array(), 32, 64));
            Files.write(a.resolve("c/" + k), b.array());
        }
        for (long k : p.get(0)) {
            Files.delete(a.resolve("c/" + k));
            t.missing.add("c/" + k);
        }
        for (long k : bad) t.damaged.put("c/" + k, INDEX_PAST_END);
        return t;
    }

    private static void group(Path store) throws IOException {
        Path g = store.resolve("zarr.json");
        if (!Files.exists(g)) Files.writeString(g, "{\"zarr_format\": 3, \"node_type\": \"group\"}");
    }

    static int crc(byte[] b, int off, int len) {
        CRC32C c = new CRC32C();
        c.update(b, off, len);
        return (int) c.getValue();
    }
}
