package org.packscope.app.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.packscope.app.export.Export;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "decode", description = {
        "Writes decoded values.",
        "raw = little-endian values of the stored type; csv = one value (or matrix entry) per line;",
        "json = a JSON array (or the document, for binary JSON); npy = NumPy array file;",
        "mtx = MatrixMarket (sparse matrices)."})
final class DecodeCommand implements Callable<Integer> {
    @ParentCommand Cli cli;

    @Parameters(index = "0", paramLabel = "PATH")
    String path;

    @Option(names = "--format", description = "raw, csv, json, npy or mtx (default: what suits the data)")
    String format;

    @Option(names = "--out", paramLabel = "FILE", description = "write here instead of standard output")
    Path outFile;

    @Override
    public Integer call() throws IOException {
        Node node = Targets.targetOrExplain(cli.registry, path);
        if (node == null) return Cli.EXIT_USAGE;
        List<String> offered = Export.formatsFor(node);
        if (offered.isEmpty()) {
            String why = node.diagnostics().isEmpty() ? "" : " (" + node.diagnostics().get(0).message() + ")";
            System.err.println("packscope: " + path + " holds no decodable values" + why);
            return Cli.EXIT_USAGE;
        }
        String fmt = format != null ? format : offered.get(0);
        if (!offered.contains(fmt)) {
            System.err.println("packscope: format " + fmt + " does not suit " + path + " (try " + String.join(", ", offered) + ")");
            return Cli.EXIT_USAGE;
        }
        try (OutputStream raw = outFile == null ? new NonClosing(cli.out) : Files.newOutputStream(outFile);
             OutputStream out = new BufferedOutputStream(raw, 1 << 16)) {
            Export.Written written = Export.write(node, fmt, out, path, Progress.NONE);
            String note = written.note();
            if (note != null) {
                out.flush();
                System.err.println("packscope: " + path + ": " + note);
                return 1;
            }
        } catch (Export.Unsuitable e) {
            System.err.println("packscope: " + e.getMessage());
            return Cli.EXIT_USAGE;
        }
        return 0;
    }

    /** Keeps standard output open after the command's try-with-resources. */
    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream out) { super(out); }
        @Override public void write(byte[] b, int off, int len) throws IOException { out.write(b, off, len); }
        @Override public void close() throws IOException { out.flush(); }
    }
}
