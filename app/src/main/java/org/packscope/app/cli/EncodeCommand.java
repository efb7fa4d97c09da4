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
import org.packscope.codec.binjson.BinaryJsonWriter;
import org.packscope.codec.blosc.BloscEncoder;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.numpy.Dtype;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "encode", description = {
        "Writes JSON as binary JSON: BJ, or seekable SJ (for an .sj output or with --seekable).",
        "Writes values as one Blosc 1.x chunk (for a .blosc output), as c-blosc writes it: from a NumPy .npy",
        "file, a raw or CSV file of numbers with --dtype, or any PATH[::inner] PackScope decodes."})
final class EncodeCommand implements Callable<Integer> {

    @ParentCommand Cli cli;

    @Parameters(index = "0", paramLabel = "IN")
    String in;

    @Parameters(index = "1", paramLabel = "OUT.bj|OUT.sj|OUT.blosc")
    Path out;

    @Option(names = "--float-compression", paramLabel = "C", description = "binary JSON: 0 (exact f64) to 6 (most truncated); default ${DEFAULT-VALUE}")
    int floatCompression = 0;

    @Option(names = "--seekable", description = "binary JSON: write SJ (with an index for lazy reading) whatever the output's name")
    boolean seekable;

    @Option(names = "--codec", paramLabel = "NAME", description = "Blosc: blosclz, lz4, lz4hc, snappy, zlib or zstd; default ${DEFAULT-VALUE}")
    String codec = "blosclz";

    @Option(names = "--clevel", paramLabel = "L", description = "Blosc: 0 (stored) to 9; default ${DEFAULT-VALUE}")
    int clevel = 5;

    @Option(names = "--shuffle", paramLabel = "F", description = "Blosc: none, byte or bit; default ${DEFAULT-VALUE}")
    String shuffle = "byte";

    @Option(names = "--typesize", paramLabel = "N", description = "Blosc: element size the shuffle works on; default: the values' size")
    Integer typesize;

    @Option(names = "--blocksize", paramLabel = "BYTES", description = "Blosc: block size; default: chosen as c-blosc chooses it")
    int blocksize = 0;

    @Option(names = "--dtype", paramLabel = "DTYPE", description = "the element type of a raw or CSV input, in NumPy's spelling (e.g. '<f8', '>i4', 'u2')")
    String dtype;

    @Override
    public Integer call() throws IOException {
        String outName = out.getFileName() == null ? "" : out.getFileName().toString().toLowerCase(Locale.ROOT);
        if (outName.endsWith(".blosc")) return blosc();
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

    private int blosc() throws IOException {
        BloscEncoder.Codec c = BloscEncoder.Codec.named(codec);
        BloscEncoder.Filter filter = switch (shuffle.toLowerCase(Locale.ROOT)) {
            case "none", "no", "0" -> BloscEncoder.Filter.NONE;
            case "byte", "shuffle", "1" -> BloscEncoder.Filter.SHUFFLE;
            case "bit", "bitshuffle", "2" -> BloscEncoder.Filter.BITSHUFFLE;
            default -> null;
        };
        Dtype type = dtype == null ? null : Dtype.parse(dtype);
        String usage = c == null ? "--codec " + codec + ": not one of blosclz, lz4, lz4hc, snappy, zlib, zstd"
                : filter == null ? "--shuffle " + shuffle + ": not one of none, byte, bit"
                : clevel < 0 || clevel > 9 ? "--clevel " + clevel + ": not 0-9"
                : blocksize < 0 ? "--blocksize " + blocksize + ": negative"
                : typesize != null && (typesize < 1 || typesize > 255) ? "--typesize " + typesize + ": not 1-255"
                : dtype != null && type == null ? "--dtype " + dtype + ": not a NumPy type PackScope reads" : null;
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
