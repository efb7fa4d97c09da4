package org.packscope.app.cli;

import java.io.IOException;
import java.io.Writer;

import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;
import org.packscope.codec.inspect.ValueType;

/**
 * MatrixMarket coordinate output: 1-based, ordered by (column, row); "integer" for
 * unsigned values, "real" for floats, which print in the shortest form that reads back
 * to the same number, with NaN, Infinity and -Infinity spelled out.
 */
final class MatrixMarketWriter {
    private MatrixMarketWriter() { }

    static void write(SparseMatrix m, Writer w, String origin) throws IOException {
        ValueType t = m.valueType();
        boolean integer = t.kind() != ValueType.Kind.FLOAT;
        w.write("%%MatrixMarket matrix coordinate " + (integer ? "integer" : "real") + " general\n");
        w.write("% written by PackScope from " + origin + "\n");
        w.write(m.rows() + " " + m.cols() + " " + m.nnz() + "\n");
        IOException[] failure = new IOException[1];
        StringBuilder line = new StringBuilder(64);
        m.forEachEntry((row, col, value) -> {
            if (failure[0] != null) return;
            line.setLength(0);
            line.append(row + 1).append(' ').append(col + 1).append(' ').append(number(t, value)).append('\n');
            try {
                w.append(line);
            } catch (IOException e) {
                failure[0] = e;
            }
        }, Progress.NONE);
        if (failure[0] != null) throw failure[0];
    }

    static void writeCsv(SparseMatrix m, Writer w) throws IOException {
        ValueType t = m.valueType();
        w.write("row,col,value\n");
        IOException[] failure = new IOException[1];
        m.forEachEntry((row, col, value) -> {
            if (failure[0] != null) return;
            try {
                w.append(Long.toString(row)).append(',').append(Long.toString(col)).append(',').append(number(t, value)).append('\n');
            } catch (IOException e) {
                failure[0] = e;
            }
        }, Progress.NONE);
        if (failure[0] != null) throw failure[0];
    }

    static String number(ValueType t, long raw) {
        if (t.kind() != ValueType.Kind.FLOAT) return t.format(raw);
        double v = t.toDouble(raw);
        if (Double.isNaN(v)) return "NaN";
        if (Double.isInfinite(v)) return v > 0 ? "Infinity" : "-Infinity";
        if (v == 0) return (Double.doubleToRawLongBits(v) < 0) ? "-0" : "0";
        String s = t.format(raw);
        if (s.endsWith(".0")) s = s.substring(0, s.length() - 2);
        return s;
    }
}
