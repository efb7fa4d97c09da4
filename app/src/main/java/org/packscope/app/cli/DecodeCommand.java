package org.packscope.app.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.packscope.codec.bpcells.MatrixMarket;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.TextExport;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "decode", description = {
        "Writes decoded values.",
        "raw = little-endian values of the stored type; csv = one value (or matrix entry) per line;",
        "json = a JSON array (or the document, for binary JSON); mtx = MatrixMarket (sparse matrices)."})
final class DecodeCommand implements Callable<Integer> {
    static final int PAGE = 1 << 16;

    @ParentCommand Cli cli;

    @Parameters(index = "0", paramLabel = "PATH")
    String path;

    @Option(names = "--format", description = "raw, csv, json or mtx (default: what suits the data)")
    String format;

    @Option(names = "--out", paramLabel = "FILE", description = "write here instead of standard output")
    Path outFile;

    @Override
    public Integer call() throws IOException {
        Node node;
        try {
            node = Targets.target(cli.registry, path);
        } catch (Targets.UnreadableException e) {
            System.err.println("packscope: " + e.getMessage());
            return Cli.EXIT_USAGE;
        }
        TextExport text = node.facet(TextExport.class);
        SparseMatrix matrix = node.facet(SparseMatrix.class);
        ValueColumn column = node.values();
        String fmt = format != null ? format : text != null ? text.formats().get(0) : matrix != null ? "mtx" : "csv";
        if (text == null && matrix == null && column == null) {
            String why = node.diagnostics().isEmpty() ? "" : " (" + node.diagnostics().get(0).message() + ")";
            System.err.println("packscope: " + path + " holds no decodable values" + why);
            return Cli.EXIT_USAGE;
        }
        try (OutputStream raw = outFile == null ? new NonClosing(cli.out) : Files.newOutputStream(outFile);
             OutputStream out = new BufferedOutputStream(raw, 1 << 16)) {
            if (text != null && text.formats().contains(fmt)) {
                Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
                text.export(fmt, w, Progress.NONE);
                w.write('\n');
                w.flush();
                return 0;
            }
            if (matrix != null && (fmt.equals("mtx") || fmt.equals("csv"))) {
                Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
                if (fmt.equals("mtx")) {
                    MatrixMarket.write(matrix, w, List.of("written by PackScope from " + path, MatrixMarket.ORDER_COMMENT), Progress.NONE);
                } else {
                    writeCsv(matrix, w);
                }
                w.flush();
                return 0;
            }
            if (column != null) {
                switch (fmt) {
                    case "raw" -> writeRaw(column, out);
                    case "csv" -> writeText(column, out, false);
                    case "json" -> writeText(column, out, true);
                    default -> {
                        System.err.println("packscope: format " + fmt + " does not suit " + path + " (try raw, csv or json)");
                        return Cli.EXIT_USAGE;
                    }
                }
                return 0;
            }
        }
        System.err.println("packscope: format " + fmt + " does not suit " + path);
        return Cli.EXIT_USAGE;
    }

    /** Matrix entries as {@code row,col,value} lines, 0-based, in (column, row) order. */
    private static void writeCsv(SparseMatrix m, Writer w) throws IOException {
        ValueType t = m.valueType();
        w.write("row,col,value\n");
        StringBuilder line = new StringBuilder(64);
        try {
            m.forEachEntry((row, col, value) -> {
                line.setLength(0);
                line.append(row).append(',').append(col).append(',').append(MatrixMarket.format(t, value)).append('\n');
                try {
                    w.append(line);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, Progress.NONE);
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
    }

    static void writeRaw(ValueColumn column, OutputStream out) throws IOException {
        int width = Math.max(1, column.type().byteWidth());
        byte[] buf = new byte[PAGE * width];
        for (long start = 0; start < column.count(); start += PAGE) {
            int n = (int) Math.min(PAGE, column.count() - start);
            column.readRaw(start, n, buf, 0);
            out.write(buf, 0, n * width);
        }
    }

    private static void writeText(ValueColumn column, OutputStream out, boolean json) throws IOException {
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        ValueType t = column.type();
        long[] page = new long[PAGE];
        if (json) w.write('[');
        for (long start = 0; start < column.count(); start += PAGE) {
            int n = (int) Math.min(PAGE, column.count() - start);
            if (t.numeric()) column.read(start, page, 0, n);
            for (int i = 0; i < n; i++) {
                String v = t.numeric() ? t.format(page[i]) : column.text(start + i);
                if (json) {
                    if (start + i > 0) w.write(',');
                    w.write(t.numeric() ? jsonNumber(t, v) : quote(v));
                } else {
                    w.write(t.numeric() ? v : csvField(v));
                    w.write('\n');
                }
            }
        }
        if (json) w.write("]\n");
        w.flush();
    }

    private static String jsonNumber(ValueType t, String v) {
        if (t.kind() == ValueType.Kind.BOOL) return v;
        return switch (v) {
            case "NaN" -> "NaN";
            case "Infinity" -> "Infinity";
            case "-Infinity" -> "-Infinity";
            default -> v;
        };
    }

    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        return sb.append('"').toString();
    }

    private static String csvField(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0) return s;
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    /** Keeps standard output open after the command's try-with-resources. */
    private static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream out) { super(out); }
        @Override public void write(byte[] b, int off, int len) throws IOException { out.write(b, off, len); }
        @Override public void close() throws IOException { out.flush(); }
    }
}
