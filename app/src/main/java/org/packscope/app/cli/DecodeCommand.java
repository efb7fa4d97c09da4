package org.packscope.app.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.packscope.app.export.Export;
import org.packscope.app.export.SafeOutput;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.analysis.ParallelTasks;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.SharedRules;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "decode", description = {
        "Writes decoded values.",
        "netCDF / CF data is written as physical values (scaled; fill and out-of-range values as gaps)",
        "unless --stored-values is given.",
        "raw = little-endian values (of the stored type, or f64 when scaled); csv = one value (or matrix entry) per line;",
        "json = a JSON array (or the document, for binary JSON); npy = NumPy array file;",
        "mtx = MatrixMarket (sparse matrices)."})
final class DecodeCommand implements Callable<Integer> {
    @ParentCommand Cli cli;

    @picocli.CommandLine.Mixin DtypeOption dtype = new DtypeOption();

    @picocli.CommandLine.Mixin StoredValuesOption storedValues = new StoredValuesOption();

    @Parameters(index = "0", paramLabel = "PATH")
    String path;

    @Option(names = "--format", description = "raw, csv, json, npy or mtx (default: what suits the data)")
    String format;

    @Option(names = "--out", paramLabel = "FILE", description = "write here instead of standard output")
    Path outFile;

    @Option(names = "--threads", paramLabel = "N",
            description = "threads that decode pages ahead of the output (default: the machine's cores); 1 reads page after page")
    Integer threads;

    @Override
    public Integer call() throws IOException {
        Node node = Targets.targetOrExplain(cli, path);
        if (node == null) return Cli.EXIT_USAGE;
        if (!dtype.applyTo(cli, node)) return Cli.EXIT_USAGE;
        storedValues.applyTo(node);
        String shown = PlainText.escape(path);
        List<String> offered = Export.formatsFor(node);
        if (offered.isEmpty()) {
            String why = node.diagnostics().isEmpty() ? "" : " (" + PlainText.forDisplay(node.diagnostics().get(0).message()) + ")";
            cli.err.println("packscope: " + shown + " holds no decodable values" + why);
            // a readable file that is damaged is a problem found (1); 2 is for what cannot be read at all
            return hasErrors(node) ? 1 : Cli.EXIT_USAGE;
        }
        String fmt = format != null ? format : offered.get(0);
        if (!offered.contains(fmt)) {
            cli.err.println("packscope: format " + PlainText.escape(fmt) + " does not suit " + shown + " (try " + String.join(", ", offered) + ")");
            return Cli.EXIT_USAGE;
        }
        int n = threads == null ? ParallelTasks.cores() : threads;
        if (n < 1) {
            cli.err.println("packscope: --threads must be at least 1");
            return Cli.EXIT_USAGE;
        }
        String room = roomFor(node, fmt);
        if (room != null) {
            cli.err.println("packscope: " + shown + ": error with no byte offset: " + SharedRules.OUTPUT_TOO_LARGE.id() + ": " + PlainText.escape(room));
            return 1;
        }
        Export.Written written;
        try {
            if (outFile == null) {
                try (OutputStream out = new BufferedOutputStream(new NonClosing(cli.out), 1 << 16)) {
                    written = Export.write(node, fmt, out, path, Progress.NONE, n);
                }
            } else {
                written = Export.writeFile(node, fmt, outFile, List.of(inputFile()), path, Progress.NONE, n);
            }
        } catch (SafeOutput.Refused e) {
            cli.err.println("packscope: " + PlainText.escape(e.getMessage()));
            return Cli.EXIT_USAGE;
        } catch (Export.Unsuitable e) {
            cli.err.println("packscope: " + PlainText.escape(e.getMessage()));
            return Cli.EXIT_USAGE;
        }
        String note = written.note();
        if (note != null) cli.err.println("packscope: " + shown + ": " + note);
        long skipped = written.skippedEntries();
        if (skipped > 0) {
            cli.err.printf(Locale.ROOT, "packscope: %s: error with no byte offset: entries_undecodable: %,d of the matrix's entries could "
                    + "not be decoded and are not in the output (run check for where)%n", shown, skipped);
            return 1;
        }
        // what the reader found wrong while opening (duplicate or unsorted entries, an indptr that goes back):
        // the output holds the values as read, and says so
        boolean damaged = false;
        int told = 0;
        for (Diagnostic d : node.diagnostics()) {
            if (told++ == MAX_NOTES) break;
            damaged |= d.severity() == Severity.ERROR;
            cli.err.println("packscope: " + shown + ": " + (d.severity() == Severity.ERROR ? "error" : "warning") + " at byte "
                    + (d.span() == null ? "0" : d.span().offsetText()) + ": " + d.rule() + ": " + PlainText.forDisplay(d.message())
                    + " (the output holds the values as read)");
        }
        return note == null && !damaged ? 0 : 1;
    }

    /**
     * Why the output cannot fit where it is to go, or null: what the values take at least
     * (raw and npy: their width each; text: a digit and a separator each) against the space
     * left on the output's file system, so that a file claiming 33 billion numbers is refused
     * at once instead of filling the disk for minutes. A device (/dev/null) is not measured.
     */
    private String roomFor(Node node, String fmt) {
        if (outFile == null || node.values() == null || fmt.equals("mtx")) return null;
        try {
            Path target = outFile.toAbsolutePath();
            if (Files.exists(target) && !Files.isRegularFile(target)) return null;
            long count = node.values().count();
            int each = fmt.equals("raw") || fmt.equals("npy") ? Math.max(1, node.values().type().byteWidth()) : 2;
            long need = count > Long.MAX_VALUE / each ? Long.MAX_VALUE : count * each;
            long free = Files.getFileStore(target.getParent()).getUsableSpace();
            if (need <= free) return null;
            return String.format(Locale.ROOT, "the output needs at least %,d bytes (%,d values) but the file system of %s has %,d bytes free; nothing written",
                    need, count, outFile, free);
        } catch (IOException | RuntimeException e) {
            return null; // not measurable here: the write itself says what fails
        }
    }

    /** Problems of the exported node listed on standard error at most. */
    private static final int MAX_NOTES = 20;

    private static boolean hasErrors(Node node) {
        for (Diagnostic d : node.diagnostics()) if (d.severity() == Severity.ERROR) return true;
        return false;
    }

    /** The file or folder PATH reads (before any {@code ::}). */
    private Path inputFile() {
        int sep = FormatRegistry.innerSeparator(path);
        return FormatRegistry.pathOf(sep < 0 ? path : path.substring(0, sep));
    }

    /** Keeps standard output open after the command's try-with-resources. */
    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream out) { super(out); }
        @Override public void write(byte[] b, int off, int len) throws IOException { out.write(b, off, len); }
        @Override public void close() throws IOException { out.flush(); }
    }
}
