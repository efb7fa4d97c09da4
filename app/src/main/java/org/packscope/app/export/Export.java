package org.packscope.app.export;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

import org.packscope.codec.export.MatrixMarket;
import org.packscope.codec.analysis.ColumnPages;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.analysis.ParallelTasks;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.analysis.ReadAhead;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.analysis.TextExport;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.store.ArraySlices;

/**
 * Writes what a node decodes to, in the formats the CLI's {@code decode} and the GUI's
 * export offer: raw (little-endian values of the stored type), csv, json, npy (NumPy),
 * mtx (MatrixMarket), or a format's own text export (binary JSON as JSON).
 */
public final class Export {
    static final int PAGE = 1 << 16;

    private Export() { }

    /** Thrown when the node has nothing the format can write. */
    public static final class Unsuitable extends Exception {
        public Unsuitable(String message) { super(message, null, false, false); }
    }

    /**
     * What an export wrote besides values: gaps that R calls {@code NA} and values that
     * could not be decoded. Text formats write both as an empty CSV field or JSON
     * {@code null}; binary formats write an undecodable float as NaN and keep the stored
     * bits of anything else, so {@link #undecodable} tells a caller that the output is
     * not the data.
     */
    public record Written(long missing, long undecodable, long skippedEntries) {
        static final Written NONE = new Written(0, 0, 0);

        /** A sentence for a person about undecodable values, or null when every value was written as decoded. */
        public String note() {
            if (undecodable == 0) return null;
            return String.format(Locale.ROOT, "%,d value%s could not be decoded; written as empty (csv), null (json), NaN (float raw/npy) or 0 (integer raw/npy)",
                    undecodable, undecodable == 1 ? "" : "s");
        }
    }

    /** The formats this node can be written as, the most natural first. */
    public static List<String> formatsFor(Node node) {
        List<String> out = new ArrayList<>();
        TextExport text = node.facet(TextExport.class);
        if (text != null) out.addAll(text.formats());
        if (node.facet(SparseMatrix.class) != null) {
            out.add("mtx");
            out.add("csv");
        }
        ValueColumn c = node.values();
        if (c != null) {
            boolean variableText = c.type().kind() == ValueType.Kind.TEXT;
            for (String f : variableText ? List.of("csv", "json") : List.of("csv", "raw", "json")) if (!out.contains(f)) out.add(f);
            if (npyDescr(c.type()) != null) out.add("npy");
        }
        return out;
    }

    /**
     * Writes {@code node} to {@code target} through {@link SafeOutput}: refused when the
     * target is one of {@code inputs} (or inside an input folder), complete or not at all.
     * Returns what {@link #write} returns.
     */
    public static Written writeFile(Node node, String format, Path target, Collection<Path> inputs, String origin,
                                    Progress progress) throws IOException, Unsuitable {
        return writeFile(node, format, target, inputs, origin, progress, ParallelTasks.cores());
    }

    /** {@link #writeFile(Node, String, Path, Collection, String, Progress)} on {@code threads} threads. */
    public static Written writeFile(Node node, String format, Path target, Collection<Path> inputs, String origin,
                                    Progress progress, int threads) throws IOException, Unsuitable {
        Written[] written = {Written.NONE};
        List<Path> all = new ArrayList<>(inputs);
        all.addAll(SafeOutput.inputsOf(node));
        SafeOutput.<Unsuitable>write(target, all, out -> written[0] = write(node, format, out, origin, progress, threads));
        return written[0];
    }

    /** Writes what the node decodes to on all cores, and says what it could not write as values. */
    public static Written write(Node node, String format, OutputStream out, String origin, Progress progress)
            throws IOException, Unsuitable {
        return write(node, format, out, origin, progress, ParallelTasks.cores());
    }

    /**
     * Writes what the node decodes to, and says what it could not write as values. A value
     * column is read ahead on up to {@code threads} threads, pages written in order, so the
     * output does not depend on the thread count; one thread reads page after page.
     */
    public static Written write(Node node, String format, OutputStream out, String origin, Progress progress, int threads)
            throws IOException, Unsuitable {
        return write(node, format, out, origin, progress, threads, PAGE);
    }

    /** {@link #write(Node, String, OutputStream, String, Progress, int)} in pages of {@code page} values (tests use small ones). */
    static Written write(Node node, String format, OutputStream out, String origin, Progress progress, int threads, int page)
            throws IOException, Unsuitable {
        TextExport text = node.facet(TextExport.class);
        if (text != null && text.formats().contains(format)) {
            Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            text.export(format, w, progress);
            w.write('\n');
            w.flush();
            return Written.NONE;
        }
        SparseMatrix matrix = node.facet(SparseMatrix.class);
        if (matrix != null && format.equals("mtx")) {
            long skipped = MatrixMarket.write(matrix, out, List.of("written by PackScope from " + PlainText.escape(origin), MatrixMarket.ORDER_COMMENT),
                    progress, threads);
            out.flush();
            return new Written(0, 0, skipped);
        }
        if (matrix != null && format.equals("csv")) {
            long skipped = MatrixMarket.writeCsv(matrix, out, progress, threads);
            out.flush();
            return new Written(0, 0, skipped);
        }
        ValueColumn column = node.values();
        if (column == null) {
            throw new Unsuitable(node.name() + " holds no decodable values");
        }
        return switch (format) {
            case "raw" -> raw(column, out, progress, threads, page);
            case "csv" -> text(column, out, false, progress, threads, page);
            case "json" -> text(column, out, true, progress, threads, page);
            case "npy" -> npy(column, shapeOf(node, column), out, progress, threads, page);
            default -> throw new Unsuitable("format " + format + " does not suit " + PlainText.escape(node.name())
                    + " (it offers " + String.join(", ", formatsFor(node)) + ")");
        };
    }

    static Written raw(ValueColumn column, OutputStream out, Progress progress, int threads, int pageSize) throws IOException {
        ValueType t = column.type();
        int width = Math.max(1, t.byteWidth());
        if (t.kind() == ValueType.Kind.TEXT) throw new IOException("variable-length text has no raw form; use csv or json");
        long nan = switch (width) {
            case 2 -> 0x7e00L;
            case 4 -> Float.floatToRawIntBits(Float.NaN) & 0xffffffffL;
            default -> Double.doubleToRawLongBits(Double.NaN);
        };
        long count = column.count();
        long[] gaps = new long[2]; // missing, undecodable
        ColumnPages.read(column, 0, count, pageSize, ColumnPages.Read.RAW, threads, progress, (page, k) -> {
            int n = page.length;
            if (page.marks != null) {
                for (int i = 0; i < n; i++) {
                    byte m = page.marks[i];
                    if (m == ValueColumn.MISSING) gaps[0]++;
                    else if (m == ValueColumn.UNDECODABLE) {
                        gaps[1]++;
                        if (t.kind() == ValueType.Kind.FLOAT) t.writeLE(nan, page.raw, i * width);
                    }
                }
            }
            out.write(page.raw, 0, n * width);
            progress.update((double) (page.start + n) / count, null);
        });
        return new Written(gaps[0], gaps[1], 0);
    }

    /** numpy's dtype string for a stored type, or null for variable-length text. */
    public static String npyDescr(ValueType t) {
        return switch (t.kind()) {
            case BOOL -> "|b1";
            case INT -> t.byteWidth() == 1 ? "|i1" : "<i" + t.byteWidth();
            case UINT -> t.byteWidth() == 1 ? "|u1" : "<u" + t.byteWidth();
            case FLOAT -> "<f" + t.byteWidth();
            case BYTES -> "|S" + t.byteWidth();
            case UNICODE -> "<U" + t.byteWidth() / 4;
            case TEXT -> null;
        };
    }

    /**
     * The shape a node's values have: an array's own (its values come in C order), else
     * one dimension of the column's length.
     */
    static long[] shapeOf(Node node, ValueColumn column) {
        ArraySlices nd = node.facet(ArraySlices.class);
        if (nd != null && nd.shape().length > 1) {
            long elements = 1;
            for (long d : nd.shape()) elements = elements < 0 || Math.multiplyHigh(elements, d) != 0 ? -1 : elements * d;
            if (elements == column.count()) return nd.shape().clone();
        }
        return new long[] {column.count()};
    }

    /** NumPy .npy version 1.0: magic, a padded header dict, then the raw values, C order. */
    static Written npy(ValueColumn column, long[] shape, OutputStream out, Progress progress, int threads, int pageSize) throws IOException {
        String descr = npyDescr(column.type());
        if (descr == null) throw new IOException("variable-length text cannot be stored in .npy; use csv or json");
        String tuple = shape.length == 1 ? shape[0] + "," : java.util.Arrays.stream(shape).mapToObj(Long::toString)
                .collect(java.util.stream.Collectors.joining(", "));
        String dict = String.format(Locale.ROOT, "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", descr, tuple);
        int unpadded = 10 + dict.length() + 1;
        int padding = (64 - unpadded % 64) % 64;
        String header = dict + " ".repeat(padding) + "\n";
        out.write(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0});
        out.write(header.length() & 0xff);
        out.write(header.length() >>> 8);
        out.write(header.getBytes(StandardCharsets.ISO_8859_1));
        return raw(column, out, progress, threads, pageSize);
    }

    /**
     * A page of csv or json text, rendered on a worker: the values, then the text they make
     * (json puts a comma before every value but the column's first), then its UTF-8 bytes.
     */
    private static final class TextPage {
        final long[] values;
        final byte[] marks;
        final StringBuilder text = new StringBuilder();
        byte[] bytes;
        long start, missing, undecodable;
        int length;

        TextPage(int size, boolean gaps) {
            this.values = new long[size];
            this.marks = gaps ? new byte[size] : null;
        }
    }

    /** One value per line (csv) or a JSON array; a gap is an empty line or {@code null}. */
    private static Written text(ValueColumn column, OutputStream out, boolean json, Progress progress, int threads, int pageSize) throws IOException {
        ValueType t = column.type();
        long count = column.count();
        boolean mayHaveGaps = column.mayHaveGaps();
        long[] gaps = new long[2]; // missing, undecodable
        ReadAhead<TextPage> reader = ReadAhead.of(threads, () -> new TextPage(pageSize, mayHaveGaps), (page, k) -> {
            long start = k * pageSize;
            int n = (int) Math.min(pageSize, count - start);
            page.start = start;
            page.length = n;
            page.missing = 0;
            page.undecodable = 0;
            if (t.numeric()) column.read(start, page.values, 0, n);
            if (mayHaveGaps) column.gaps(start, page.marks, 0, n);
            StringBuilder sb = page.text;
            sb.setLength(0);
            for (int i = 0; i < n; i++) {
                if (json && start + i > 0) sb.append(',');
                byte m = mayHaveGaps ? page.marks[i] : ValueColumn.PRESENT;
                if (m != ValueColumn.PRESENT) {
                    if (m == ValueColumn.MISSING) page.missing++;
                    else page.undecodable++;
                    if (json) sb.append("null"); else sb.append('\n');
                    continue;
                }
                String v = t.numeric() ? t.format(page.values[i]) : column.text(start + i);
                if (json) {
                    sb.append(t.numeric() ? v : quote(v));
                } else {
                    sb.append(t.numeric() ? v : csvField(v));
                    sb.append('\n');
                }
            }
            page.bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
        });
        if (json) out.write('[');
        reader.run((count + pageSize - 1) / pageSize, progress, (page, k) -> {
            out.write(page.bytes);
            page.bytes = null;
            gaps[0] += page.missing;
            gaps[1] += page.undecodable;
            progress.update((double) (page.start + page.length) / count, null);
        });
        if (json) out.write("]\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
        return new Written(gaps[0], gaps[1], 0);
    }

    static String quote(String s) {
        return PlainText.jsonString(s);
    }

    /** A text value as one CSV field: control characters escaped (a NUL or CR never reaches the file), quoted when needed. */
    private static String csvField(String raw) {
        String s = PlainText.escape(raw);
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0) return s;
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
