package org.packscope.codec.pco;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.packscope.codec.io.ArraySource;
import org.packscope.codec.pco.PcoEncoder.DeltaChoice;
import org.packscope.codec.pco.PcoEncoder.ModeChoice;
import org.packscope.codec.pco.PcoEncoder.Options;

/**
 * What PcoEncoder writes is read bit-exactly by the Rust pco crate (1.0.3), in the latest
 * format version and in each older one, and by PackScope's own reader.
 *
 * <p>{@code pco-conformance.tsv} records, for every case, the SHA-256 of the file PackScope
 * wrote and of the numbers the Rust reference decoded from that very file (little-endian).
 * Without the reference this test checks that the encoder still writes the files the
 * reference judged (same hash) and that the reference's numbers were the numbers given.
 * With {@code -Dpackscope.pcoHarness=PATH} (built by {@code src/test/reference/pco-harness})
 * it asks the reference again; with {@code -Dpackscope.recordPcoConformance=true} too it
 * writes the table anew, e.g. after an intended change to the encoder.
 */
class PcoReferenceConformanceTest {
    static final String TABLE = "pco-conformance.tsv";
    static final String REFERENCE = "Rust pco 1.0.3";

    record Case(String name, NumberType type, long[] raw, Options options) {
        byte[] littleEndian() {
            int w = type.bits / 8;
            byte[] out = new byte[raw.length * w];
            for (int i = 0; i < raw.length; i++) {
                for (int k = 0; k < w; k++) out[i * w + k] = (byte) (raw[i] >>> (8 * k));
            }
            return out;
        }
    }

    /** Every number type, each data set of the round-trip tests, under the choices a user can make. */
    static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        Map<String, Options> choices = new LinkedHashMap<>();
        choices.put("classic-l0", Options.DEFAULT.withLevel(0).withMode(ModeChoice.CLASSIC).withDelta(DeltaChoice.NONE));
        choices.put("classic-l8", Options.DEFAULT.withMode(ModeChoice.CLASSIC).withDelta(DeltaChoice.NONE));
        choices.put("classic-l12", Options.DEFAULT.withLevel(12).withMode(ModeChoice.CLASSIC).withDelta(DeltaChoice.NONE));
        choices.put("delta1", Options.DEFAULT.withMode(ModeChoice.CLASSIC).withDelta(DeltaChoice.consecutive(1)));
        choices.put("delta3", Options.DEFAULT.withMode(ModeChoice.CLASSIC).withDelta(DeltaChoice.consecutive(3)));
        choices.put("delta7", Options.DEFAULT.withMode(ModeChoice.CLASSIC).withDelta(DeltaChoice.consecutive(7)));
        choices.put("mode", null); // IntMult or FloatQuant, with and without delta: filled per type below
        choices.put("lookback", Options.DEFAULT.withMode(ModeChoice.CLASSIC).withDelta(DeltaChoice.lookback()));
        choices.put("lookback-w1", Options.DEFAULT.withDelta(DeltaChoice.lookback(1)));
        choices.put("lookback-w4-chunks-300", Options.DEFAULT.withDelta(DeltaChoice.lookback(4)).withChunkSize(300));
        choices.put("floatmult", null); // FloatMult found or given, with and without delta: floats only, below
        choices.put("auto", Options.DEFAULT);
        choices.put("auto-chunks-500", Options.DEFAULT.withChunkSize(500));
        for (NumberType t : NumberType.values()) {
            List<long[]> sets = PcoEncoderTest.datasets(t);
            for (int d = 0; d < sets.size(); d++) {
                for (Map.Entry<String, Options> c : choices.entrySet()) {
                    String name = t.name().toLowerCase() + "-set" + d + "-" + c.getKey();
                    if (c.getValue() != null) {
                        cases.add(new Case(name, t, sets.get(d), c.getValue()));
                    } else if (c.getKey().equals("floatmult")) {
                        if (!t.isFloat()) continue;
                        Options fm = Options.DEFAULT.withMode(ModeChoice.FLOAT_MULT);
                        cases.add(new Case(name, t, sets.get(d), fm.withDelta(DeltaChoice.NONE)));
                        cases.add(new Case(name + "-delta1", t, sets.get(d), fm.withDelta(DeltaChoice.consecutive(1))));
                        cases.add(new Case(name + "-lookback", t, sets.get(d), fm.withDelta(DeltaChoice.lookback())));
                        cases.add(new Case(name + "-base0.01", t, sets.get(d), fm.withFloatMultBase(0.01).withDelta(DeltaChoice.NONE)));
                        cases.add(new Case(name + "-base-3", t, sets.get(d), fm.withFloatMultBase(-3).withDelta(DeltaChoice.consecutive(2))));
                    } else {
                        ModeChoice m = t.isFloat() ? ModeChoice.FLOAT_QUANT : ModeChoice.INT_MULT;
                        cases.add(new Case(name, t, sets.get(d), Options.DEFAULT.withMode(m).withDelta(DeltaChoice.NONE)));
                        cases.add(new Case(name + "-delta2", t, sets.get(d), Options.DEFAULT.withMode(m).withDelta(DeltaChoice.consecutive(2))));
                        cases.add(new Case(name + "-lookback", t, sets.get(d), Options.DEFAULT.withMode(m).withDelta(DeltaChoice.lookback())));
                    }
                }
            }
            // data where AUTO takes Lookback (repeats 7 and 100 back) and, for floats, FloatMult (prices in cents)
            cases.add(new Case(t.name().toLowerCase() + "-repeats-auto", t, PcoEncoderTest.repeats(t, 5000, 3), Options.DEFAULT));
            if (t.isFloat()) {
                cases.add(new Case(t.name().toLowerCase() + "-cents-auto", t, PcoEncoderTest.cents(t, 5000, 4, t == NumberType.F16 ? 8 : 14), Options.DEFAULT));
                cases.add(new Case(t.name().toLowerCase() + "-cents-auto-chunks-1000", t, PcoEncoderTest.cents(t, 5000, 4, t == NumberType.F16 ? 8 : 14),
                        Options.DEFAULT.withChunkSize(1000)));
            }
        }
        cases.addAll(olderVersionCases());
        return cases;
    }

    /**
     * Each older version (with the standalone version {@link PcoVersion#parse} pairs it
     * with) x the number types it has x two data sets (noise; timestamps or decimals) x the
     * modes and deltas it has, then the other standalone pairs releases wrote, briefly.
     */
    static List<Case> olderVersionCases() {
        List<Case> cases = new ArrayList<>();
        for (String text : List.of("0", "1", "2", "3", "4.0")) {
            PcoVersion v = PcoVersion.parse(text);
            for (NumberType t : NumberType.values()) {
                if (!v.has(t)) continue;
                List<long[]> sets = PcoEncoderTest.datasets(t);
                for (int d : new int[] {2, 5}) {
                    String name = "v" + text + "-" + t.name().toLowerCase() + "-set" + d + "-";
                    for (Map.Entry<String, Options> c : olderVersionChoices(v, t).entrySet()) {
                        cases.add(new Case(name + c.getKey(), t, sets.get(d), c.getValue()));
                    }
                }
            }
        }
        for (PcoVersion v : List.of(PcoVersion.parse("1").withStandalone(2), PcoVersion.parse("3").withStandalone(3),
                PcoVersion.parse("4.0").withStandalone(3), PcoVersion.LATEST.withStandalone(2))) {
            String name = "v" + v.format() + "s" + v.standalone() + "-";
            cases.add(new Case(name + "i64-set5-auto", NumberType.I64, PcoEncoderTest.datasets(NumberType.I64).get(5), Options.DEFAULT.withVersion(v)));
            cases.add(new Case(name + "f32-empty-auto", NumberType.F32, new long[0], Options.DEFAULT.withVersion(v)));
        }
        return cases;
    }

    private static Map<String, Options> olderVersionChoices(PcoVersion v, NumberType t) {
        Options d = Options.DEFAULT.withVersion(v);
        Map<String, Options> c = new LinkedHashMap<>();
        c.put("classic", d.withMode(ModeChoice.CLASSIC).withDelta(DeltaChoice.NONE));
        c.put("delta2", d.withMode(ModeChoice.CLASSIC).withDelta(DeltaChoice.consecutive(2)));
        boolean split = t.isFloat() ? v.hasFloatQuant() : v.hasIntMult();
        ModeChoice m = t.isFloat() ? ModeChoice.FLOAT_QUANT : ModeChoice.INT_MULT;
        if (split) c.put("mode", d.withMode(m).withDelta(DeltaChoice.NONE));
        if (split) c.put("mode-delta1", d.withMode(m).withDelta(DeltaChoice.consecutive(1)));
        if (t.isFloat()) c.put("floatmult-delta1", d.withMode(ModeChoice.FLOAT_MULT).withDelta(DeltaChoice.consecutive(1)));
        if (v.hasLookback()) c.put("lookback", d.withDelta(DeltaChoice.lookback()));
        c.put("auto", d);
        c.put("auto-chunks-500", d.withChunkSize(500));
        return c;
    }

    @Test
    void theReferenceDecodesEveryFileTheEncoderWritesToTheNumbersGiven() throws Exception {
        String harness = System.getProperty("packscope.pcoHarness");
        boolean record = Boolean.getBoolean("packscope.recordPcoConformance");
        Map<String, String[]> recorded = harness != null ? Map.of() : readTable();
        StringBuilder table = new StringBuilder("# case\ttype\tn\tsha256 of the file PackScope wrote\tsha256 of the numbers "
                + REFERENCE + " decoded from it (little-endian)\n");
        List<String> problems = new ArrayList<>();
        List<Case> cases = cases();
        for (Case c : cases) {
            byte[] file = PcoEncoder.encode(c.type(), c.raw(), c.raw().length, c.options());
            byte[] given = c.littleEndian();
            String own = decodeWithPackScope(c, file);
            if (own != null) problems.add(c.name() + ": PackScope's own reader " + own);
            String fileHash = sha256(file);
            String referenceHash;
            if (harness != null) {
                referenceHash = decodeWithReference(Path.of(harness), c, file);
            } else {
                String[] row = recorded.get(c.name());
                if (row == null) {
                    problems.add(c.name() + ": not in " + TABLE + "; record it with the reference");
                    continue;
                }
                if (!row[3].equals(fileHash)) {
                    problems.add(c.name() + ": the encoder now writes other bytes than the reference read; "
                            + "check them with the reference and record anew (see src/test/reference/pco-harness)");
                    continue;
                }
                referenceHash = row[4];
            }
            if (!referenceHash.equals(sha256(given))) {
                problems.add(c.name() + ": " + REFERENCE + " decoded " + referenceHash + " from it, not the numbers given");
            }
            table.append(c.name()).append('\t').append(c.type().name().toLowerCase()).append('\t').append(c.raw().length)
                    .append('\t').append(fileHash).append('\t').append(referenceHash).append('\n');
        }
        if (record) {
            assertTrue(harness != null, "recording needs -Dpackscope.pcoHarness");
            Files.writeString(Path.of("src/test/resources/org/packscope/codec/pco").resolve(TABLE), table.toString());
        }
        if (!problems.isEmpty()) fail(problems.size() + " of " + cases.size() + " cases:\n" + String.join("\n", problems));
        if (!record && harness == null) assertEquals(cases.size(), recorded.size(), "cases recorded but no longer made");
    }

    private static String decodeWithReference(Path harness, Case c, byte[] file) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("pco-conformance");
        try {
            Path in = dir.resolve("in.pco");
            Path out = dir.resolve("out.raw");
            Files.write(in, file);
            Process p = new ProcessBuilder(harness.toString(), "decode", c.type().name().toLowerCase(), in.toString(), out.toString())
                    .redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (p.waitFor() != 0) return "refused: " + said.replace('\t', ' ').replace('\n', ' ');
            return sha256(Files.readAllBytes(out));
        } finally {
            try (var files = Files.list(dir)) {
                for (Path f : files.toList()) Files.delete(f);
            }
            Files.delete(dir);
        }
    }

    /** What is wrong when PackScope's reader decodes {@code file}, or null when it gives the numbers of {@code c}. */
    private static String decodeWithPackScope(Case c, byte[] file) {
        PcoFile f = PcoFile.open(new ArraySource(file, 0, file.length, c.name() + ".pco"));
        if (!f.diagnostics().isEmpty()) return "found " + f.diagnostics();
        if (f.totalN() != c.raw().length) return "counted " + f.totalN() + " numbers, not " + c.raw().length;
        long[] out = new long[c.raw().length];
        for (PcoFile.Chunk ch : f.chunks()) f.decodeChunk(ch, out, (int) ch.firstRow());
        for (int i = 0; i < out.length; i++) {
            if (out[i] != PcoEncoderTest.canonical(c.type(), c.raw()[i])) return "decoded another number at " + i;
        }
        return null;
    }

    private static Map<String, String[]> readTable() throws IOException {
        Map<String, String[]> rows = new LinkedHashMap<>();
        try (InputStream in = PcoReferenceConformanceTest.class.getResourceAsStream(TABLE)) {
            assertTrue(in != null, TABLE + " is missing");
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] row = line.split("\t");
                rows.put(row[0], row);
            }
        }
        return rows;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
