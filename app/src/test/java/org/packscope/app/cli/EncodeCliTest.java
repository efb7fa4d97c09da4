package org.packscope.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.packscope.app.Samples;
import org.packscope.codec.blosc.BloscChunk;
import org.packscope.codec.blosc.Codecs;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ByteSource;

/**
 * {@code encode IN --codec blosc|bpcells --out PATH}: what it writes PackScope's decoders
 * read back bit for bit; the recorded chunks (which c-blosc decoded) come out byte for byte
 * again from the values c-blosc got; where python-blosc is installed it decodes fresh
 * chunks to the input; an AnnData {@code X} or a 10x matrix becomes a BPCells folder whose
 * entries are the input's, entry by entry; outputs never land on inputs or on an existing folder.
 */
class EncodeCliTest {
    static final Path RECORDED = recorded();

    private static Path recorded() {
        try {
            return Path.of(EncodeCliTest.class.getResource("/fixtures/encode-cli/MANIFEST.json").toURI()).getParent();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] bloscValues(Path chunk) throws Exception {
        byte[] b = Files.readAllBytes(chunk);
        BloscChunk c = BloscChunk.read(ByteSource.of(b, chunk.toString()), 0, b.length);
        assertEquals(List.of(), c.problems());
        return c.decodeAll(new Codecs());
    }

    @Test
    void rawValuesWithEveryCodecAndShuffleComeBackBitExact(@TempDir Path tmp) throws Exception {
        // 20,000 int32: a slow ramp with noise and a few extremes
        Random r = new Random(32);
        ByteBuffer raw = ByteBuffer.allocate(4 * 20_000).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 20_000; i++) raw.putInt(i % 997 == 0 ? (i % 2 == 0 ? Integer.MIN_VALUE : Integer.MAX_VALUE) : i * 3 + r.nextInt(9));
        Path in = tmp.resolve("v.i32");
        Files.write(in, raw.array());
        for (String cname : List.of("blosclz", "lz4", "lz4hc", "zstd", "zlib", "snappy")) {
            for (String shuffle : List.of("none", "byte", "bit")) {
                Path out = tmp.resolve(cname + "-" + shuffle + ".blosc");
                CliTest.Run run = CliTest.run("encode", in.toString(), "--codec", "blosc", "--cname", cname, "--shuffle", shuffle,
                        "--clevel", "7", "--typesize", "4", "--blocksize", "8192", "--dtype", "<i4", "--out", out.toString());
                assertEquals(0, run.code(), run.err());
                assertArrayEquals(raw.array(), bloscValues(out), cname + " " + shuffle);
                byte[] header = Files.readAllBytes(out);
                assertEquals(4, header[3], "typesize in the header");
                // as c-blosc, a chunk split into typesize streams takes blocks of at least 64 KiB whatever is asked
                boolean split = (header[2] & 0x10) == 0;
                if (!split) assertEquals(8192, ByteBuffer.wrap(header, 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt(), "blocksize in the header");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"hdf5/blosc_filtered.h5, ::/temperature", "zarr/sample_v2.zarr/weather/temperature, ''"})
    void anArrayAddressIsEncodedAsItsStoredValues(String file, String inner, @TempDir Path tmp) throws Exception {
        String address = Samples.get(file) + inner;
        Path out = tmp.resolve("t.blosc");
        CliTest.Run run = CliTest.run("encode", address, "--codec", "blosc", "--cname", "zstd", "--out", out.toString());
        assertEquals(0, run.code(), run.err());
        ValueColumn col = FormatRegistry.standard().resolve(address).target().values();
        byte[] got = bloscValues(out);
        int w = col.type().byteWidth();
        assertEquals(col.count() * w, got.length);
        long[] v = new long[(int) col.count()];
        col.read(0, v, 0, v.length);
        for (int i = 0; i < v.length; i++) {
            long stored = 0;
            for (int b = 0; b < w; b++) stored |= (got[i * w + b] & 0xffL) << (8 * b);
            assertEquals(v[i] & mask(w), stored, "value " + i);
        }
    }

    private static long mask(int bytes) { return bytes == 8 ? -1L : (1L << (8 * bytes)) - 1; }

    /** The recorded chunks: c-blosc decoded them to the digest in the MANIFEST; encode writes them again from those values. */
    @Test
    void recordedChunksAreWrittenAgainByteForByte(@TempDir Path tmp) throws Exception {
        JsonNode manifest = new ObjectMapper().readTree(RECORDED.resolve("MANIFEST.json").toFile());
        assertEquals(2, manifest.get("chunks").size());
        for (JsonNode c : manifest.get("chunks")) {
            Path recorded = RECORDED.resolve(c.get("file").asText());
            byte[] values = bloscValues(recorded);
            assertEquals(c.get("nbytes").asInt(), values.length);
            assertEquals(c.get("cblosc_sha256").asText(), sha256(values), "PackScope decodes what c-blosc decoded");
            Path raw = tmp.resolve(c.get("file").asText() + ".raw");
            Files.write(raw, values);
            Path out = tmp.resolve(c.get("file").asText());
            List<String> args = new ArrayList<>(List.of("encode", raw.toString(), "--codec", "blosc", "--out", out.toString()));
            c.get("options").forEach(o -> args.add(o.asText()));
            CliTest.Run run = CliTest.run(args.toArray(String[]::new));
            assertEquals(0, run.code(), run.err());
            assertArrayEquals(Files.readAllBytes(recorded), Files.readAllBytes(out), c.get("file").asText());
        }
    }

    static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    /** c-blosc itself, through python-blosc, where it is installed (Debian: python3-blosc). */
    @Test
    void pythonBloscDecodesWhatEncodeWrites(@TempDir Path tmp) throws Exception {
        PYTHON = python("import blosc") == 0 ? "python3" : null;
        if (PYTHON == null && Files.isExecutable(Path.of("/usr/bin/python3"))) {
            // Debian's python3-blosc is for the system's interpreter, which another python3 on the PATH may hide
            PYTHON = "/usr/bin/python3";
            if (python("import blosc") != 0) PYTHON = null;
        }
        Assumptions.assumeTrue(PYTHON != null, "no python3 with the blosc module (Debian: python3-blosc): c-blosc's live check skipped "
                + "(the recorded chunks stand for it)");
        Random r = new Random(7);
        double[] d = new double[30_000];
        for (int i = 0; i < d.length; i++) d[i] = Math.round((20 + 5 * Math.sin(i / 300.0) + r.nextGaussian()) * 100) / 100.0;
        ByteBuffer raw = ByteBuffer.allocate(8 * d.length).order(ByteOrder.LITTLE_ENDIAN);
        for (double v : d) raw.putDouble(v);
        Path in = tmp.resolve("d.f8");
        Files.write(in, raw.array());
        boolean snappy = python("import blosc,sys; sys.exit(0 if 'snappy' in blosc.compressor_list() else 1)") == 0;
        for (String cname : List.of("blosclz", "lz4", "lz4hc", "zstd", "zlib", "snappy")) {
            if (cname.equals("snappy") && !snappy) continue; // python-blosc built without Snappy
            for (String shuffle : List.of("none", "byte", "bit")) {
                Path out = tmp.resolve(cname + shuffle + ".blosc");
                CliTest.Run run = CliTest.run("encode", in.toString(), "--codec", "blosc", "--cname", cname, "--shuffle", shuffle,
                        "--dtype", "<f8", "--out", out.toString());
                assertEquals(0, run.code(), run.err());
                Path back = tmp.resolve(cname + shuffle + ".back");
                int code = python("import blosc,sys; open(sys.argv[2],'wb').write(blosc.decompress(open(sys.argv[1],'rb').read()))",
                        out.toString(), back.toString());
                assertEquals(0, code, "python-blosc decodes " + cname + " " + shuffle);
                assertArrayEquals(raw.array(), Files.readAllBytes(back), cname + " " + shuffle);
            }
        }
    }

    /** The interpreter that has python-blosc. */
    private static String PYTHON = "python3";

    private static int python(String code, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(PYTHON, "-c", code));
        cmd.addAll(Arrays.asList(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return -1;
            }
            return p.exitValue();
        } catch (java.io.IOException e) {
            return -1; // no python3
        }
    }

    /** An entry as (row, column, value bits), sortable. */
    record Entry(long row, long col, long value) { }

    static List<Entry> entries(SparseMatrix m, boolean asDouble) {
        List<Entry> out = new ArrayList<>();
        ValueType t = m.valueType();
        m.forEachEntry((r, c, v) -> out.add(new Entry(r, c, asDouble ? Double.doubleToLongBits(t.toDouble(t.normalize(v))) : t.normalize(v))),
                Progress.NONE);
        out.sort((a, b) -> a.row != b.row ? Long.compare(a.row, b.row) : Long.compare(a.col, b.col));
        return out;
    }

    @ParameterizedTest(name = "{0} {1} {2} {3}")
    @CsvSource({
            "singlecell/pbmc.h5ad::X, packed, col, , ",
            "singlecell/pbmc.h5ad::X, unpacked, row, double, ",
            "singlecell/pbmc.h5ad::layers/counts, packed, row, , ",
            "singlecell/pbmc.h5ad::layers/counts, packed, col, uint, ",
            "singlecell/pbmc.h5ad::X, packed, col, uint, ",
            "singlecell/pbmc_10x_v3.h5::matrix, packed, col, , ",
            "singlecell/pbmc_10x_v3.h5::matrix, unpacked, row, float, ",
            "singlecell/pbmc.h5ad::layers/counts, unpacked, col, uint, 1"})
    void aMatrixBecomesABpcellsFolderWithTheSameEntries(String address, String variant, String order, String type, String formatVersion,
                                                         @TempDir Path tmp) throws Exception {
        String in = Samples.get(address.replaceAll("::.*", "")) + (address.contains("::") ? address.substring(address.indexOf("::")) : "");
        Path out = tmp.resolve("m");
        List<String> args = new ArrayList<>(List.of("encode", in, "--codec", "bpcells", "--variant", variant, "--order", order, "--out", out.toString()));
        if (type != null) args.addAll(List.of("--type", type));
        if (formatVersion != null) args.addAll(List.of("--format-version", formatVersion));
        CliTest.Run run = CliTest.run(args.toArray(String[]::new));
        assertEquals(0, run.code(), run.err());
        assertTrue(run.text().startsWith("wrote " + out + ": "), run.text());
        SparseMatrix source = FormatRegistry.standard().resolve(in).target().facet(SparseMatrix.class);
        SparseMatrix written = FormatRegistry.standard().resolve(out.toString()).target().facet(SparseMatrix.class);
        assertEquals(source.rows(), written.rows());
        assertEquals(source.cols(), written.cols());
        assertEquals(source.rowNames(), written.rowNames());
        assertEquals(source.colNames(), written.colNames());
        String version = Files.readString(out.resolve("version")).strip();
        String kind = type != null ? type : source.valueType().kind() == ValueType.Kind.FLOAT ? (source.valueType().byteWidth() == 8 ? "double" : "float") : "uint";
        assertEquals((variant.equals("packed") ? "packed-" : "unpacked-") + kind + "-matrix-v" + (formatVersion == null ? "2" : formatVersion), version);
        assertEquals(order, Files.readString(out.resolve("storage_order")).strip());
        // uint and float keep the values' bits; double widens floats exactly, so compare all as doubles
        List<Entry> a = entries(source, true);
        List<Entry> b = entries(written, true);
        assertEquals(a.size(), b.size(), "entries");
        assertTrue(a.size() > 100, "a real matrix: " + a.size() + " entries");
        for (int i = 0; i < a.size(); i++) assertEquals(a.get(i), b.get(i), "entry " + i);
        assertTrue(Files.list(tmp).noneMatch(p -> p.getFileName().toString().endsWith(".part")), "no temporary folder left");
    }

    @ParameterizedTest(name = "{0} {1} {2} {3} {4}")
    @CsvSource({
            "singlecell/pbmc.h5ad::X, packed, col, , m.h5, m.h5::matrix",
            "singlecell/pbmc_10x_v3.h5::matrix, unpacked, row, float, m.hdf5::/mats/pbmc/, m.hdf5::mats/pbmc",
            "singlecell/pbmc.h5ad::layers/counts, packed, row, uint, m.h5::counts, m.h5::counts"})
    void aMatrixBecomesABpcellsHdf5GroupThatDecodesAsItsFolder(String address, String variant, String order, String type, String outName,
                                                              String written, @TempDir Path tmp) throws Exception {
        String in = Samples.get(address.replaceAll("::.*", "")) + (address.contains("::") ? address.substring(address.indexOf("::")) : "");
        List<String> options = new ArrayList<>(List.of("--codec", "bpcells", "--variant", variant, "--order", order));
        if (type != null) options.addAll(List.of("--type", type));
        Path folder = tmp.resolve("m");
        assertEquals(0, CliTest.run(concat(List.of("encode", in, "--out", folder.toString()), options)).code());
        CliTest.Run run = CliTest.run(concat(List.of("encode", in, "--out", tmp.resolve(outName).toString()), options));
        assertEquals(0, run.code(), run.err());
        String group = tmp.resolve(written).toString();
        Path file = Path.of(group.substring(0, group.indexOf("::")));
        assertTrue(run.text().startsWith("wrote " + group + ": "), run.text());
        assertTrue(run.text().contains(" datasets, "), run.text());
        for (String checked : List.of(file.toString(), group)) {
            CliTest.Run check = CliTest.run("check", checked);
            assertEquals(0, check.code(), checked + ": " + check.text() + check.err());
        }
        SparseMatrix source = FormatRegistry.standard().resolve(in).target().facet(SparseMatrix.class);
        SparseMatrix back = FormatRegistry.standard().resolve(group).target().facet(SparseMatrix.class);
        assertEquals(source.rowNames(), back.rowNames());
        assertEquals(source.colNames(), back.colNames());
        List<Entry> a = entries(source, true);
        assertEquals(a, entries(back, true), "the HDF5 group holds the source's entries");
        assertTrue(a.size() > 100, "a real matrix: " + a.size() + " entries");
        assertEquals(decodedMtx(folder, tmp), decodedMtx(Path.of(group), tmp), "decode writes the group as it writes the folder");

        byte[] before = Files.readAllBytes(file);
        CliTest.Run again = CliTest.run(concat(List.of("encode", in, "--out", group), options));
        assertEquals(2, again.code(), "an existing file is never written over");
        assertTrue(again.err().contains("exists; a new file is written"), again.err());
        assertArrayEquals(before, Files.readAllBytes(file));
        try (var left = Files.list(tmp)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().endsWith(".part")), "no temporary file left");
        }
    }

    @Test
    void malformedHdf5OutputsAreRefused(@TempDir Path tmp) throws Exception {
        String x = Samples.get("singlecell/pbmc.h5ad") + "::X";
        for (String out : List.of("m.txt::g", "m.h5::", "m.h5::/")) {
            CliTest.Run run = CliTest.run("encode", x, "--codec", "bpcells", "--out", tmp.resolve(out).toString());
            assertEquals(2, run.code(), out);
            assertTrue(run.err().contains("an HDF5 group is written into a new .h5 or .hdf5 file"), run.err());
        }
        try (var left = Files.list(tmp)) {
            assertEquals(0, left.count(), "nothing written");
        }
    }

    private static String[] concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all.toArray(String[]::new);
    }

    /** The data lines {@code decode --format mtx} writes for {@code address} (exit 0). */
    private static List<String> decodedMtx(Path address, Path tmp) throws Exception {
        Path mtx = tmp.resolve("back.mtx");
        Files.deleteIfExists(mtx);
        CliTest.Run back = CliTest.run("decode", address.toString(), "--format", "mtx", "--out", mtx.toString());
        assertEquals(0, back.code(), back.err());
        return Files.readAllLines(mtx).stream().filter(l -> !l.startsWith("%")).toList();
    }

    @Test
    void valuesBecomeAPcoFileThatReadsBackAsThem(@TempDir Path tmp) throws Exception {
        // 50,000 int64 timestamps a second apart with millisecond jitter: IntMult and a delta pay
        ByteBuffer want = ByteBuffer.allocate(8 * 50_000).order(ByteOrder.LITTLE_ENDIAN);
        Random r = new Random(7);
        long t = 1_700_000_000_000L;
        for (int i = 0; i < 50_000; i++) want.putLong(t += 1000 + (r.nextInt(10) == 0 ? r.nextInt(7) : 0));
        Path in = tmp.resolve("t.i64");
        Files.write(in, want.array());
        Path out = tmp.resolve("t.pco");
        CliTest.Run run = CliTest.run("encode", in.toString(), "--codec", "pco", "--dtype", "<i8", "--out", out.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(Files.size(out) * 8 < want.capacity(), "timestamps a second apart take far less than their 8 bytes: " + Files.size(out));
        CliTest.Run check = CliTest.run("check", out.toString());
        assertEquals(0, check.code(), check.text() + check.err());
        assertArrayEquals(want.array(), decodedRaw(out, tmp));
        CliTest.Run classic = CliTest.run("encode", in.toString(), "--codec", "pco", "--dtype", "<i8", "--mode", "classic", "--delta", "none",
                "--out", tmp.resolve("c.pco").toString());
        assertEquals(0, classic.code(), classic.err());
        assertTrue(Files.size(tmp.resolve("c.pco")) > Files.size(out), "the chosen mode and delta beat Classic without delta");
        assertEquals(2, CliTest.run("encode", in.toString(), "--codec", "pco", "--dtype", "<i8", "--delta", "9", "--out", tmp.resolve("x.pco").toString()).code());
    }

    @Test
    void pcoWritesOlderFormatVersionsOnRequestAndRefusesWhatTheyLack(@TempDir Path tmp) throws Exception {
        // 30,000 int16 steps of a slow wave, and 30,000 int64 multiples of 1000 (IntMult pays from format 1)
        ByteBuffer wave = ByteBuffer.allocate(2 * 30_000).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer mults = ByteBuffer.allocate(8 * 30_000).order(ByteOrder.LITTLE_ENDIAN);
        Random r = new Random(9);
        for (int i = 0; i < 30_000; i++) {
            wave.putShort((short) (10_000 * Math.sin(i / 300.0)));
            mults.putLong(17 + 1000L * r.nextInt(1 << 20));
        }
        Path shorts = tmp.resolve("w.i16");
        Files.write(shorts, wave.array());
        Path longs = tmp.resolve("m.i64");
        Files.write(longs, mults.array());
        for (String[] run : new String[][] {
                {longs.toString(), "<i8", "0", "", "0", "0", "Classic"}, {longs.toString(), "<i8", "1", "", "1", "1", "IntMult"},
                {longs.toString(), "<i8", "1", "2", "1", "2", "IntMult"}, {shorts.toString(), "<i2", "2", "", "2", "2", null},
                {shorts.toString(), "<i2", "3", "3", "3", "3", null}, {shorts.toString(), "<i2", "4.0", "", "4.0", "2", null},
                {longs.toString(), "<i8", "4.1", "", "4.1", "3", "IntMult"}}) {
            Path out = tmp.resolve("v" + run[2] + "s" + run[3] + ".pco");
            List<String> args = new ArrayList<>(List.of("encode", run[0], "--codec", "pco", "--dtype", run[1], "--format-version", run[2],
                    "--out", out.toString()));
            if (!run[3].isEmpty()) args.addAll(List.of("--standalone-version", run[3]));
            CliTest.Run enc = CliTest.run(args.toArray(String[]::new));
            assertEquals(0, enc.code(), enc.err());
            org.packscope.codec.pco.PcoFile f = org.packscope.codec.pco.PcoFile.open(ByteSource.open(out));
            assertEquals(run[4], f.version().toString());
            assertEquals(Integer.parseInt(run[5]), f.header().version());
            if (run[6] != null) assertEquals(run[6], f.chunks().get(0).meta().mode().name());
            assertArrayEquals(Files.readAllBytes(Path.of(run[0])), decodedRaw(out, tmp));
            CliTest.Run check = CliTest.run("check", out.toString());
            assertEquals(0, check.code(), check.text() + check.err());
        }
        assertTrue(Files.size(tmp.resolve("v0s.pco")) > Files.size(tmp.resolve("v1s.pco")), "format 0 has no IntMult to take");
        Path x = tmp.resolve("x.pco");
        for (String[] refused : new String[][] {
                {longs.toString(), "<i8", "0", "--mode", "intmult", "Pco format 0 has no IntMult mode (it came with format 1)"},
                {shorts.toString(), "<i2", "1", "--mode", "classic", "Pco format 1 has no i16 numbers (16-bit types came with format 2)"},
                {longs.toString(), "<i8", "2", "--delta", "lookback", "Pco format 2 has no Lookback delta encoding (it came with format 3)"},
                {longs.toString(), "<i8", "2", "--standalone-version", "3", "standalone version 3 (pco 0.4.5) never wrapped format 2: use standalone 2"},
                {longs.toString(), "<i8", "5", "--level", "8", "Pco format version 5: not one of 0, 1, 2, 3, 4.0, 4.1"}}) {
            CliTest.Run enc = CliTest.run("encode", refused[0], "--codec", "pco", "--dtype", refused[1], "--format-version", refused[2],
                    refused[3], refused[4], "--out", x.toString());
            assertEquals(2, enc.code(), enc.text());
            assertTrue(enc.err().contains(refused[5]), enc.err());
            assertFalse(Files.exists(x), "nothing written on a refusal");
        }
    }

    @Test
    void pcoFloatMultAndLookbackAreChosenOnRequestAndReadBack(@TempDir Path tmp) throws Exception {
        // 20,000 prices in cents as float64, and 20,000 int64 that repeat the one 7 or 100 back
        ByteBuffer cents = ByteBuffer.allocate(8 * 20_000).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer repeats = ByteBuffer.allocate(8 * 20_000).order(ByteOrder.LITTLE_ENDIAN);
        Random r = new Random(8);
        long[] v = new long[20_000];
        for (int i = 0; i < v.length; i++) {
            cents.putDouble((1 + r.nextInt(1 << 20)) / 100.0);
            int k = r.nextInt(10);
            v[i] = k < 4 && i >= 7 ? v[i - 7] : k < 9 && i >= 100 ? v[i - 100] : r.nextLong();
            repeats.putLong(v[i]);
        }
        Path prices = tmp.resolve("p.f64");
        Files.write(prices, cents.array());
        Path series = tmp.resolve("s.i64");
        Files.write(series, repeats.array());
        for (String[] run : new String[][] {
                {prices.toString(), "<f8", "--mode", "float-mult", "--base", "0.01", "FloatMult", "None"},
                {prices.toString(), "<f8", "--mode", "float-mult", "--delta", "none", "FloatMult", "None"},
                {series.toString(), "<i8", "--delta", "lookback", "--mode", "classic", "Classic", "Lookback"}}) {
            Path out = tmp.resolve("x.pco");
            Files.deleteIfExists(out);
            CliTest.Run enc = CliTest.run("encode", run[0], "--codec", "pco", "--dtype", run[1], run[2], run[3], run[4], run[5],
                    "--out", out.toString());
            assertEquals(0, enc.code(), enc.err());
            org.packscope.codec.pco.PcoFile f = org.packscope.codec.pco.PcoFile.open(ByteSource.open(out));
            assertEquals(run[6], f.chunks().get(0).meta().mode().name());
            assertEquals(run[7], f.chunks().get(0).meta().deltaEncoding().name());
            assertArrayEquals(Files.readAllBytes(Path.of(run[0])), decodedRaw(out, tmp));
            assertTrue(Files.size(out) * 2 < Files.size(Path.of(run[0])), run[6] + "/" + run[7] + " under 4 bytes a number: " + Files.size(out));
        }
        Path x = tmp.resolve("y.pco");
        CliTest.Run classicBase = CliTest.run("encode", prices.toString(), "--codec", "pco", "--dtype", "<f8", "--base", "0.01", "--out", x.toString());
        assertEquals(2, classicBase.code());
        assertTrue(classicBase.err().contains("--base applies to --mode float-mult only"), classicBase.err());
        CliTest.Run ints = CliTest.run("encode", series.toString(), "--codec", "pco", "--dtype", "<i8", "--mode", "float-mult", "--out", x.toString());
        assertEquals(2, ints.code());
        assertTrue(ints.err().contains("float-mult applies to floats"), ints.err());
        CliTest.Run zero = CliTest.run("encode", prices.toString(), "--codec", "pco", "--dtype", "<f8", "--mode", "float-mult", "--base", "0",
                "--out", x.toString());
        assertEquals(2, zero.code());
        assertFalse(Files.exists(x), "nothing written on a refusal");
    }

    @Test
    void valuesBecomeABcolzCarrayThatReadsBackAsThem(@TempDir Path tmp) throws Exception {
        // 70,000 float64 as CSV: more than two default chunks of 16,384 rows, and a leftover
        StringBuilder csv = new StringBuilder();
        ByteBuffer want = ByteBuffer.allocate(8 * 70_000).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 70_000; i++) {
            double v = Math.round(Math.sin(i / 500.0) * 1e4) / 100.0;
            csv.append(v).append(i % 10 == 9 ? "\n" : ",");
            want.putDouble(v);
        }
        Path in = tmp.resolve("v.csv");
        Files.writeString(in, csv);
        Path out = tmp.resolve("v.bcolz");
        CliTest.Run run = CliTest.run("encode", in.toString(), "--codec", "bcolz", "--cname", "zstd", "--shuffle", "bit", "--dtype", "<f8", "--out", out.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.text().contains("a bcolz carray of 70,000 rows (float64) in 5 chunk files of 16,384 rows"), run.text());
        assertEquals("{\"dtype\": \"float64\", \"cparams\": {\"clevel\": 5, \"shuffle\": 2, \"cname\": \"zstd\", \"quantize\": 0}, "
                + "\"chunklen\": 16384, \"expectedlen\": 70000, \"dflt\": 0.0}\n", Files.readString(out.resolve("meta/storage")));
        for (int k = 0; k < 5; k++) assertTrue(Files.isRegularFile(out.resolve("data/__" + k + ".blp")), "chunk file " + k);
        CliTest.Run check = CliTest.run("check", out.toString());
        assertEquals(0, check.code(), check.text() + check.err());
        assertArrayEquals(want.array(), decodedRaw(out, tmp));
        CliTest.Run again = CliTest.run("encode", in.toString(), "--codec", "bcolz", "--dtype", "<f8", "--out", out.toString());
        assertEquals(2, again.code(), "an existing folder is never written over");
    }

    @Test
    void outputsThatWouldOverwriteAreRefusedAndTypesPcoCannotHoldToo(@TempDir Path tmp) throws Exception {
        String x = Samples.get("singlecell/pbmc.h5ad") + "::X";
        Path existing = Files.createDirectory(tmp.resolve("there"));
        CliTest.Run again = CliTest.run("encode", x, "--codec", "bpcells", "--out", existing.toString());
        assertEquals(2, again.code());
        assertTrue(again.err().contains("is a folder") || again.err().contains("exists"), again.err());
        Path v = tmp.resolve("v.u1");
        Files.write(v, new byte[] {1, 2, 3});
        CliTest.Run self = CliTest.run("encode", v.toString(), "--codec", "blosc", "--dtype", "u1", "--out", v.toString());
        assertEquals(2, self.code());
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(v), "the input is never written");
        CliTest.Run notMatrix = CliTest.run("encode", v.toString(), "--codec", "bpcells", "--out", tmp.resolve("m").toString());
        assertEquals(2, notMatrix.code());
        assertFalse(Files.exists(tmp.resolve("m")));
        CliTest.Run pco = CliTest.run("encode", v.toString(), "--codec", "pco", "--dtype", "<c16", "--out", tmp.resolve("v.pco").toString());
        assertEquals(2, pco.code());
        assertTrue(pco.err().contains("--dtype <c16: not a NumPy type PackScope reads"), pco.err());
        CliTest.Run two = CliTest.run("encode", v.toString(), tmp.resolve("a.blosc").toString(), "--out", tmp.resolve("b.blosc").toString());
        assertEquals(2, two.code());
        CliTest.Run badOrder = CliTest.run("encode", x, "--codec", "bpcells", "--order", "diagonal", "--out", tmp.resolve("m").toString());
        assertEquals(2, badOrder.code());
        assertTrue(badOrder.err().contains("--order diagonal: not one of col, row"), badOrder.err());
        CliTest.Run pcoVersion = CliTest.run("encode", x, "--codec", "bpcells", "--format-version", "4.1", "--out", tmp.resolve("m").toString());
        assertEquals(2, pcoVersion.code());
        assertTrue(pcoVersion.err().contains("--format-version 4.1: not 1 or 2"), pcoVersion.err());
        assertFalse(Files.exists(tmp.resolve("m")));
    }

    /** What {@code decode --format raw} makes of {@code file} (exit 0), through {@code tmp/back.raw}. */
    private static byte[] decodedRaw(Path file, Path tmp) throws Exception {
        Path raw = tmp.resolve("back.raw");
        Files.deleteIfExists(raw);
        CliTest.Run back = CliTest.run("decode", file.toString(), "--format", "raw", "--out", raw.toString());
        assertEquals(0, back.code(), back.err());
        return Files.readAllBytes(raw);
    }
}
