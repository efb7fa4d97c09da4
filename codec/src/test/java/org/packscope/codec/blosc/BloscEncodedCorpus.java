package org.packscope.codec.blosc;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * The chunks PackScope's Blosc encoder is checked with against c-blosc: every codec, filter
 * and level, element sizes from 1 to 16, sizes from empty to several blocks, and data from
 * counters to noise. {@code main(DIR)} writes them with a MANIFEST.json that
 * {@code decode_with_cblosc.py} reads (the copy under test resources was made so, and the
 * script's answer kept beside it as {@code cblosc.json}).
 */
final class BloscEncodedCorpus {
    private BloscEncodedCorpus() { }

    record Case(String file, BloscEncoder.Settings settings, String pattern, int nbytes) {
        byte[] data() { return BloscEncodedCorpus.data(pattern, nbytes, settings.typesize()); }
    }

    static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        int[][] shapes = { // typesize, nbytes
            {1, 0}, {1, 17}, {2, 127}, {4, 128}, {8, 4096}, {3, 4099}, {8, 40000}, {4, 70001}, {16, 48000}, {2, 150000}, {8, 400000}};
        int small = 7; // the shapes up to 40 kB: chunks stored as they are stay small
        String[] patterns = {"seq", "smooth", "random", "text", "zeros", "sparse"};
        int k = 0;
        for (BloscEncoder.Codec codec : BloscEncoder.Codec.values()) {
            for (BloscEncoder.Filter filter : BloscEncoder.Filter.values()) {
                for (int level : new int[] {0, 1, 5, 9}) {
                    if (level == 0 && filter != BloscEncoder.Filter.SHUFFLE) continue;
                    String pattern = patterns[k % patterns.length];
                    boolean raw = level == 0 || pattern.equals("random");
                    int[] shape = shapes[raw ? k % small : k % shapes.length];
                    k++;
                    BloscEncoder.Settings s = BloscEncoder.Settings.of(codec, level, filter, shape[0]);
                    String file = String.format(Locale.ROOT, "%s_%s_c%d_ts%d_%db_%s.blosc",
                            codec.cname(), filter.name().toLowerCase(Locale.ROOT), level, shape[0], shape[1], pattern);
                    cases.add(new Case(file, s, pattern, shape[1]));
                }
            }
        }
        // a forced block size, and blocks with a leftover, for the codecs that split
        cases.add(new Case("blosclz_shuffle_c5_ts8_100000b_seq_bs16384.blosc",
                new BloscEncoder.Settings(BloscEncoder.Codec.BLOSCLZ, 5, BloscEncoder.Filter.SHUFFLE, 8, 16384), "seq", 100000));
        cases.add(new Case("lz4_bitshuffle_c5_ts4_100004b_smooth_bs4096.blosc",
                new BloscEncoder.Settings(BloscEncoder.Codec.LZ4, 5, BloscEncoder.Filter.BITSHUFFLE, 4, 4096), "smooth", 100004));
        return cases;
    }

    /** Deterministic data of {@code nbytes} bytes in elements of {@code typesize} bytes. */
    static byte[] data(String pattern, int nbytes, int typesize) {
        byte[] b = new byte[nbytes];
        ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        long state = 0x9E3779B97F4A7C15L;
        switch (pattern) {
            case "seq" -> {
                for (int i = 0; i + typesize <= nbytes; i += typesize) {
                    long v = i / typesize;
                    for (int j = 0; j < typesize; j++) b[i + j] = (byte) (j < 8 ? v >>> (8 * j) : 0);
                }
            }
            case "smooth" -> {
                for (int i = 0; i + 8 <= nbytes; i += 8) buf.putDouble(i, Math.sin(i / 800.0) * 1000 + i / 8.0);
            }
            case "random" -> {
                for (int i = 0; i < nbytes; i++) {
                    state ^= state << 13; state ^= state >>> 7; state ^= state << 17;
                    b[i] = (byte) state;
                }
            }
            case "text" -> {
                byte[] words = "the quick brown fox jumps over the lazy dog while packed bits stream by ".getBytes(StandardCharsets.US_ASCII);
                for (int i = 0; i < nbytes; i++) {
                    state ^= state << 13; state ^= state >>> 7; state ^= state << 17;
                    b[i] = (state & 15) == 0 ? (byte) ('a' + (state >>> 8 & 15)) : words[i % words.length];
                }
            }
            case "sparse" -> {
                for (int i = 0; i < nbytes; i++) {
                    state ^= state << 13; state ^= state >>> 7; state ^= state << 17;
                    if ((state & 63) == 0) b[i] = (byte) (state >>> 16);
                }
            }
            default -> { } // zeros
        }
        return b;
    }

    static String sha256(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes every case and the manifest into {@code dir}. */
    static void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Map<String, Object>> entries = new ArrayList<>();
        for (Case c : cases()) {
            byte[] data = c.data();
            Files.write(dir.resolve(c.file()), BloscEncoder.encode(data, c.settings()));
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("file", c.file());
            e.put("cname", c.settings().codec().cname());
            e.put("clevel", c.settings().level());
            e.put("filter", c.settings().filter().name().toLowerCase(Locale.ROOT));
            e.put("typesize", c.settings().typesize());
            e.put("forced_blocksize", c.settings().blocksize());
            e.put("pattern", c.pattern());
            e.put("nbytes", c.nbytes());
            e.put("data_sha256", sha256(data));
            entries.add(e);
        }
        Map<String, Object> manifest = new LinkedHashMap<>();
        manifest.put("description", "Blosc 1.x chunks written by PackScope's BloscEncoder (BloscEncodedCorpus), "
                + "decoded by c-blosc with decode_with_cblosc.py into cblosc.json");
        manifest.put("chunks", entries);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(dir.resolve("MANIFEST.json").toFile(), manifest);
    }

    public static void main(String[] args) throws IOException {
        write(Path.of(args[0]));
    }
}
