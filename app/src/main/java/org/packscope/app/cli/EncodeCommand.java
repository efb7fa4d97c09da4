package org.packscope.app.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.packscope.app.export.SafeOutput;
import org.packscope.codec.bcolz.CarrayWriter;
import org.packscope.codec.binjson.BinaryJsonWriter;
import org.packscope.codec.blosc.BloscEncoder;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.numpy.Dtype;
import org.packscope.codec.pco.NumberType;
import org.packscope.codec.pco.PcoEncoder;
import org.packscope.codec.pco.PcoVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "encode", description = {
        "Writes values or a matrix in a format PackScope reads, chosen by --codec (else by OUT's name):",
        "  blosc    one Blosc 1.x chunk (OUT.blosc), as c-blosc writes it, from a NumPy .npy file, a raw or CSV",
        "           file of numbers with --dtype, or any PATH[::inner] PackScope decodes (a Zarr or HDF5 array);",
        "  bpcells  a BPCells matrix folder, as BPCells' write_matrix_dir writes it, from a sparse matrix",
        "           address (file.h5ad::/X, a 10x matrix, a BPCells matrix); for an OUT ending in .h5",
        "           (OUT.h5::group/path, default group matrix) a new HDF5 file, as write_matrix_hdf5 writes it;",
        "  bcolz    a bcolz 1.x carray folder, as bcolz writes it, from the same inputs as blosc;",
        "  pco      a standalone Pco file (OUT.pco), mode and delta chosen by size unless given, from the same inputs;",
        "  binjson  JSON as binary JSON: BJ, or seekable SJ (for an .sj output or with --seekable).",
        "The output is written beside its place and moved into place; an input is never written."})
final class EncodeCommand implements Callable<Integer> {

    /**
     * What {@code encode} writes. A new format is one constant here, its names, and one
     * case in {@link #call()} (Pco's encoder comes as {@code PCO}'s case; until then it is refused).
     */
    enum Target {
        BINJSON("binjson", ".bj", ".sj"), BLOSC("blosc", ".blosc"), BCOLZ("bcolz"), BPCELLS("bpcells"), PCO("pco", ".pco");

        final String name;
        final List<String> suffixes;

        Target(String name, String... suffixes) {
            this.name = name;
            this.suffixes = List.of(suffixes);
        }

        static Target named(String name) {
            for (Target t : values()) if (t.name.equals(name)) return t;
            return null;
        }

        /** The target an output's name implies: binary JSON when it names none (as encode always did). */
        static Target byName(String fileName) {
            for (Target t : values()) for (String s : t.suffixes) if (fileName.endsWith(s)) return t;
            return BINJSON;
        }
    }

    @ParentCommand Cli cli;

    @Parameters(index = "0", paramLabel = "IN")
    String in;

    @Parameters(index = "1", arity = "0..1", paramLabel = "OUT", description = "where to write (or --out)")
    Path outArgument;

    @Option(names = {"-o", "--out"}, paramLabel = "PATH", description = "where to write: a file, or for bpcells a new folder or a new FILE.h5[::group]")
    Path outOption;

    @Option(names = "--codec", paramLabel = "NAME",
            description = "blosc, bcolz, bpcells, pco or binjson; default: by OUT's name. A Blosc compressor name here means blosc with that --cname")
    String codec;

    @Option(names = "--cname", paramLabel = "NAME", description = "Blosc: blosclz, lz4, lz4hc, snappy, zlib or zstd; default blosclz")
    String cname;

    @Option(names = "--float-compression", paramLabel = "C", description = "binary JSON: 0 (exact f64) to 6 (most truncated); default ${DEFAULT-VALUE}")
    int floatCompression = 0;

    @Option(names = "--seekable", description = "binary JSON: write SJ (with an index for lazy reading) whatever the output's name")
    boolean seekable;

    @Option(names = "--clevel", paramLabel = "L", description = "Blosc: 0 (stored) to 9; default ${DEFAULT-VALUE}")
    int clevel = 5;

    @Option(names = "--shuffle", paramLabel = "F", description = "Blosc: none, byte or bit; default ${DEFAULT-VALUE}")
    String shuffle = "byte";

    @Option(names = "--typesize", paramLabel = "N", description = "Blosc: element size the shuffle works on; default: the values' size")
    Integer typesize;

    @Option(names = "--blocksize", paramLabel = "BYTES", description = "Blosc: block size; default: chosen as c-blosc chooses it")
    int blocksize = 0;

    @Option(names = "--chunklen", paramLabel = "ROWS", description = "bcolz: rows per chunk; default: 128 KiB of them, as bcolz takes for small data")
    Long chunklen;

    @Option(names = "--level", paramLabel = "L", description = "Pco: compression level 0-12; default ${DEFAULT-VALUE}")
    int level = 8;

    @Option(names = "--mode", paramLabel = "M", description = "Pco: auto, classic, intmult, floatquant or float-mult; default ${DEFAULT-VALUE}")
    String mode = "auto";

    @Option(names = "--base", paramLabel = "B", description = "Pco float-mult: the base numbers are multiples of (e.g. 0.01); default: found in the numbers")
    Double base;

    @Option(names = "--delta", paramLabel = "D", description = "Pco: auto, none, lookback, or a consecutive order 1-7; default ${DEFAULT-VALUE}")
    String delta = "auto";

    @Option(names = "--dtype", paramLabel = "DTYPE", description = "the element type of a raw or CSV input, in NumPy's spelling (e.g. '<f8', '>i4', 'u2')")
    String dtype;

    @Option(names = "--variant", paramLabel = "V", description = "BPCells: packed (BP128-d1z index, BP128-m1 uint values) or unpacked; default ${DEFAULT-VALUE}")
    String variant = "packed";

    @Option(names = "--order", paramLabel = "O", description = "BPCells: col or row storage order; default ${DEFAULT-VALUE}")
    String order = "col";

    @Option(names = "--type", paramLabel = "T", description = "BPCells: uint, float or double; default: the matrix's (uint for integers)")
    String type;

    @Option(names = "--format-version", paramLabel = "V", description = "BPCells: 2 (uint64 idxptr, idx_offsets) or 1; default 2. "
            + "Pco: the format version to write, " + PcoVersion.KNOWN + "; default 4.1 (older ones lack modes or types: see README)")
    String formatVersion;

    @Option(names = "--standalone-version", paramLabel = "S", description = "Pco: the standalone wrapper version, 0-3; "
            + "default: the oldest that goes with --format-version (0, 1, 2, 2, 2, 3)")
    Integer standaloneVersion;

    /** Where the output goes: OUT or --out. */
    Path out;

    @Override
    public Integer call() throws IOException {
        if (outArgument != null && outOption != null && !outArgument.equals(outOption)) return usage("two outputs: " + outArgument + " and --out " + outOption);
        out = outArgument != null ? outArgument : outOption;
        if (out == null) return usage("no output: give OUT or --out PATH");
        String outName = out.getFileName() == null ? "" : out.getFileName().toString().toLowerCase(Locale.ROOT);
        Target target = codec == null ? Target.byName(outName) : Target.named(codec.toLowerCase(Locale.ROOT));
        if (target == null && BloscEncoder.Codec.named(codec) != null && cname == null) {
            // encode's first spelling: --codec named the Blosc compressor
            target = Target.BLOSC;
            cname = codec;
        }
        if (target == null) return usage("--codec " + codec + ": not one of blosc, bcolz, bpcells, pco, binjson (or a Blosc compressor: blosclz, lz4, lz4hc, snappy, zlib, zstd)");
        return switch (target) {
            case BLOSC -> blosc(false);
            case BCOLZ -> blosc(true);
            case BPCELLS -> EncodeBpcells.write(this, out);
            case PCO -> pco();
            case BINJSON -> json(outName);
        };
    }

    /** Says what is wrong with the command line; exit code 2. */
    int usage(String message) {
        cli.err.println("packscope: " + PlainText.escape(message));
        return Cli.EXIT_USAGE;
    }

    private int json(String outName) throws IOException {
        Path json = Path.of(in);
        if (!Files.isRegularFile(json)) {
            cli.err.println("packscope: " + PlainText.escape(in) + ": no such file");
            return Cli.EXIT_USAGE;
        }
        boolean sj = seekable || outName.endsWith(".sj");
        byte[] bytes;
        try {
            bytes = BinaryJsonWriter.encode(Files.readString(json, StandardCharsets.UTF_8), sj, floatCompression);
        } catch (IllegalArgumentException e) {
            cli.err.println("packscope: " + PlainText.escape(in) + ": " + e.getMessage());
            return Cli.EXIT_USAGE;
        }
        if (!write(List.of(json), bytes)) return Cli.EXIT_USAGE;
        long jsonSize = Files.size(json);
        cli.out.printf(Locale.ROOT, "wrote %s: %,d bytes (%s, float compression %d; JSON was %,d bytes, %.1f%%)%n",
                out, bytes.length, sj ? "SJ" : "BJ", floatCompression, jsonSize, jsonSize == 0 ? 0.0 : 100.0 * bytes.length / jsonSize);
        return 0;
    }

    /** One Blosc chunk ({@code carray} false), or a bcolz carray folder of Blosc chunks. */
    private int blosc(boolean carray) throws IOException {
        if (cname == null) cname = "blosclz";
        BloscEncoder.Codec c = BloscEncoder.Codec.named(cname);
        BloscEncoder.Filter filter = switch (shuffle.toLowerCase(Locale.ROOT)) {
            case "none", "no", "0" -> BloscEncoder.Filter.NONE;
            case "byte", "shuffle", "1" -> BloscEncoder.Filter.SHUFFLE;
            case "bit", "bitshuffle", "2" -> BloscEncoder.Filter.BITSHUFFLE;
            default -> null;
        };
        Dtype type = dtype == null ? null : Dtype.parse(dtype);
        String usage = c == null ? "--cname " + cname + ": not one of blosclz, lz4, lz4hc, snappy, zlib, zstd"
                : filter == null ? "--shuffle " + shuffle + ": not one of none, byte, bit"
                : clevel < 0 || clevel > 9 ? "--clevel " + clevel + ": not 0-9"
                : blocksize < 0 ? "--blocksize " + blocksize + ": negative"
                : typesize != null && (typesize < 1 || typesize > 255) ? "--typesize " + typesize + ": not 1-255"
                : dtype != null && type == null ? "--dtype " + dtype + ": not a NumPy type PackScope reads"
                : chunklen != null && chunklen < 1 ? "--chunklen " + chunklen + ": not a positive number of rows" : null;
        if (usage != null) {
            cli.err.println("packscope: " + PlainText.escape(usage));
            return Cli.EXIT_USAGE;
        }
        EncodeInput values;
        try {
            values = EncodeInput.read(cli, in, type);
        } catch (EncodeInput.Refused e) {
            if (e.getMessage() != null) cli.err.println("packscope: " + PlainText.escape(e.getMessage()));
            return Cli.EXIT_USAGE;
        }
        if (carray) return carray(values, c, filter);
        BloscEncoder.Settings s = new BloscEncoder.Settings(c, clevel, filter, typesize != null ? typesize : values.typesize(), blocksize);
        byte[] chunk = BloscEncoder.encode(values.bytes(), s);
        List<Path> inputs = new ArrayList<>();
        inputs.add(Path.of(in.contains("::") ? in.substring(0, in.indexOf("::")) : in));
        if (!write(inputs, chunk)) return Cli.EXIT_USAGE;
        int n = values.bytes().length;
        cli.out.printf(Locale.ROOT, "wrote %s: %,d bytes (Blosc %s level %d, %s, typesize %d; %s, %,d bytes, ratio %.2f)%n",
                out, chunk.length, c.cname(), clevel, filter.name().toLowerCase(Locale.ROOT), s.typesize(),
                PlainText.escape(values.description()), n, chunk.length == 0 ? 0.0 : (double) n / chunk.length);
        return 0;
    }

    private int carray(EncodeInput values, BloscEncoder.Codec c, BloscEncoder.Filter filter) throws IOException {
        int width = values.typesize();
        long rows = values.bytes().length / width;
        long perChunk = chunklen != null ? chunklen : Math.max(1, (128 << 10) / width);
        CarrayWriter.Settings s;
        try {
            s = new CarrayWriter.Settings(CarrayWriter.storageName(values.dtype()), new long[] {rows}, perChunk, c, clevel, filter, "{}");
        } catch (IllegalArgumentException e) {
            return usage(e.getMessage());
        }
        long[] cbytes = new long[1];
        try {
            SafeOutput.writeFolder(out, List.of(Path.of(in.contains("::") ? in.substring(0, in.indexOf("::")) : in)),
                    dir -> cbytes[0] = CarrayWriter.write(dir, values.bytes(), s));
        } catch (SafeOutput.Refused e) {
            return usage(e.getMessage());
        }
        cli.out.printf(Locale.ROOT, "wrote %s: a bcolz carray of %,d rows (%s) in %,d chunk files of %,d rows (Blosc %s level %d, %s; cbytes %,d; %s)%n",
                out, rows, s.dtype(), (rows + perChunk - 1) / perChunk, perChunk, c.cname(), clevel, filter.name().toLowerCase(Locale.ROOT),
                cbytes[0], PlainText.escape(values.description()));
        return 0;
    }

    /** The values as one standalone Pco file, its mode and delta chosen by size unless given. */
    private int pco() throws IOException {
        Dtype type = dtype == null ? null : Dtype.parse(dtype);
        if (dtype != null && type == null) return usage("--dtype " + dtype + ": not a NumPy type PackScope reads");
        PcoEncoder.ModeChoice m = switch (mode.toLowerCase(Locale.ROOT)) {
            case "auto" -> PcoEncoder.ModeChoice.AUTO;
            case "classic" -> PcoEncoder.ModeChoice.CLASSIC;
            case "intmult", "int_mult" -> PcoEncoder.ModeChoice.INT_MULT;
            case "floatquant", "float_quant", "float-quant" -> PcoEncoder.ModeChoice.FLOAT_QUANT;
            case "floatmult", "float_mult", "float-mult" -> PcoEncoder.ModeChoice.FLOAT_MULT;
            default -> null;
        };
        PcoEncoder.DeltaChoice d;
        try {
            d = switch (delta.toLowerCase(Locale.ROOT)) {
                case "auto" -> PcoEncoder.DeltaChoice.AUTO;
                case "none" -> PcoEncoder.DeltaChoice.NONE;
                case "lookback" -> PcoEncoder.DeltaChoice.lookback();
                default -> PcoEncoder.DeltaChoice.consecutive(Integer.parseInt(delta));
            };
        } catch (IllegalArgumentException e) {
            d = null;
        }
        if (m == null) return usage("--mode " + mode + ": not one of auto, classic, intmult, floatquant, float-mult");
        if (d == null) return usage("--delta " + delta + ": not auto, none, lookback or an order 1-7");
        if (base != null && m != PcoEncoder.ModeChoice.FLOAT_MULT) return usage("--base applies to --mode float-mult only");
        if (base != null && (base == 0 || base.isNaN() || base.isInfinite())) return usage("--base " + base + ": not a finite, nonzero number");
        if (level < 0 || level > 12) return usage("--level " + level + ": not 0-12");
        EncodeInput values;
        try {
            values = EncodeInput.read(cli, in, type);
        } catch (EncodeInput.Refused e) {
            if (e.getMessage() != null) cli.err.println("packscope: " + PlainText.escape(e.getMessage()));
            return Cli.EXIT_USAGE;
        }
        NumberType t = null;
        for (NumberType c : NumberType.values()) if (c.valueType.equals(values.dtype().valueType())) t = c;
        if (t == null || values.dtype().bigEndian()) return usage("Pco encodes little-endian integers and floats of 1 to 8 bytes, not " + values.dtype().text());
        if (m == PcoEncoder.ModeChoice.FLOAT_MULT && !t.isFloat()) return usage("--mode float-mult applies to floats, not " + values.dtype().text());
        if (m == PcoEncoder.ModeChoice.FLOAT_QUANT && !t.isFloat()) return usage("--mode floatquant applies to floats, not " + values.dtype().text());
        if (m == PcoEncoder.ModeChoice.INT_MULT && t.isFloat()) return usage("--mode intmult applies to integers, not " + values.dtype().text());
        byte[] file;
        try {
            PcoEncoder.Options options = new PcoEncoder.Options(level, m, d, PcoEncoder.Options.DEFAULT.chunkSize(),
                    base == null ? Double.NaN : base, pcoVersion());
            file = PcoEncoder.encodeLittleEndian(t, values.bytes(), options);
        } catch (IllegalArgumentException e) { // a base the type cannot hold (1e-300 as f32), what an older version lacks
            return usage(e.getMessage());
        }
        if (!write(List.of(Path.of(in.contains("::") ? in.substring(0, in.indexOf("::")) : in)), file)) return Cli.EXIT_USAGE;
        int n = values.bytes().length;
        cli.out.printf(Locale.ROOT, "wrote %s: %,d bytes (Pco level %d; %s, %,d bytes, ratio %.2f)%n", out, file.length, level,
                PlainText.escape(values.description()), n, file.length == 0 ? 0.0 : (double) n / file.length);
        return 0;
    }

    /** The Pco version --format-version and --standalone-version ask for; an unknown one or a pair no release wrote is refused. */
    private PcoVersion pcoVersion() {
        PcoVersion v = formatVersion == null ? PcoVersion.LATEST : PcoVersion.parse(formatVersion);
        return standaloneVersion == null ? v : v.withStandalone(standaloneVersion);
    }

    private boolean write(List<Path> inputs, byte[] bytes) throws IOException {
        try {
            SafeOutput.write(out, inputs, stream -> stream.write(bytes));
            return true;
        } catch (SafeOutput.Refused e) {
            cli.err.println("packscope: " + PlainText.escape(e.getMessage()));
            return false;
        }
    }
}
