package org.packscope.app.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.packscope.app.export.SafeOutput;
import org.packscope.codec.binjson.BinaryJsonWriter;
import org.packscope.codec.inspect.PlainText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "encode", description = {
        "Writes JSON as binary JSON: BJ, or seekable SJ (for an .sj output or with --seekable)."})
final class EncodeCommand implements Callable<Integer> {

    @ParentCommand Cli cli;

    @Parameters(index = "0", paramLabel = "IN.json")
    Path in;

    @Parameters(index = "1", paramLabel = "OUT.bj|OUT.sj")
    Path out;

    @Option(names = "--float-compression", paramLabel = "C", description = "0 (exact f64) to 6 (most truncated); default ${DEFAULT-VALUE}")
    int floatCompression = 0;

    @Option(names = "--seekable", description = "write SJ (with an index for lazy reading) whatever the output's name")
    boolean seekable;

    @Override
    public Integer call() throws IOException {
        if (!Files.isRegularFile(in)) {
            cli.err.println("packscope: " + in + ": no such file");
            return Cli.EXIT_USAGE;
        }
        boolean sj = seekable || out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".sj");
        byte[] bytes;
        try {
            bytes = BinaryJsonWriter.encode(Files.readString(in, StandardCharsets.UTF_8), sj, floatCompression);
        } catch (IllegalArgumentException e) {
            cli.err.println("packscope: " + in + ": " + e.getMessage());
            return Cli.EXIT_USAGE;
        }
        try {
            SafeOutput.write(out, List.of(in), stream -> stream.write(bytes));
        } catch (SafeOutput.Refused e) {
            cli.err.println("packscope: " + PlainText.escape(e.getMessage()));
            return Cli.EXIT_USAGE;
        }
        long jsonSize = Files.size(in);
        cli.out.printf(Locale.ROOT, "wrote %s: %,d bytes (%s, float compression %d; JSON was %,d bytes, %.1f%%)%n",
                out, bytes.length, sj ? "SJ" : "BJ", floatCompression, jsonSize, jsonSize == 0 ? 0.0 : 100.0 * bytes.length / jsonSize);
        return 0;
    }
}
