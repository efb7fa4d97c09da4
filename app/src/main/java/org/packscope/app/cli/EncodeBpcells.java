package org.packscope.app.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

import org.packscope.app.export.SafeOutput;
import org.packscope.codec.bpcells.BpcellsFolderWriter;
import org.packscope.codec.bpcells.MatrixArrays;
import org.packscope.codec.bpcells.MatrixGather;
import org.packscope.codec.bpcells.MatrixVersion.ValueKind;
import org.packscope.codec.bpcells.StorageOrder;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;

/**
 * {@code encode MATRIX --codec bpcells --out FOLDER}: any sparse matrix PackScope reads (an
 * AnnData {@code X}, a 10x matrix, a BPCells matrix) written as a BPCells matrix folder, as
 * BPCells' {@code write_matrix_dir} writes it after {@code convert_matrix_type}: packed
 * (BP128-D1Z index, BP128-FOR m1 uint values) or not, in column or row order, as uint, float
 * or double. The folder is built beside the target and moved into place whole.
 */
final class EncodeBpcells {
    private EncodeBpcells() { }

    static int write(EncodeCommand c, Path out) throws IOException {
        Boolean packed = switch (c.variant.toLowerCase(Locale.ROOT)) {
            case "packed", "bp128" -> true;
            case "unpacked", "plain" -> false;
            default -> null;
        };
        StorageOrder order = switch (c.order.toLowerCase(Locale.ROOT)) {
            case "col", "column", "csc" -> StorageOrder.COL;
            case "row", "csr" -> StorageOrder.ROW;
            default -> null;
        };
        int version = c.formatVersion == null ? 2 : "1".equals(c.formatVersion.strip()) ? 1 : "2".equals(c.formatVersion.strip()) ? 2 : -1;
        ValueKind kind = c.type == null ? null : switch (c.type.toLowerCase(Locale.ROOT)) {
            case "uint", "uint32" -> ValueKind.UINT;
            case "float", "float32" -> ValueKind.FLOAT;
            case "double", "float64" -> ValueKind.DOUBLE;
            default -> null;
        };
        String usage = packed == null ? "--variant " + c.variant + ": not one of packed, unpacked"
                : order == null ? "--order " + c.order + ": not one of col, row"
                : c.type != null && kind == null ? "--type " + c.type + ": not one of uint, float, double"
                : version != 1 && version != 2 ? "--format-version " + c.formatVersion + ": not 1 or 2" : null;
        if (usage != null) return c.usage(usage);
        Node node = Targets.targetOrExplain(c.cli, c.in);
        if (node == null) return Cli.EXIT_USAGE;
        SparseMatrix m = node.facet(SparseMatrix.class);
        if (m == null) {
            return c.usage(c.in + " holds no sparse matrix; give a matrix address such as file.h5ad::/X, a 10x .h5 or folder, or a BPCells matrix");
        }
        ValueKind as = kind != null ? kind : MatrixGather.kindFor(m.valueType());
        MatrixArrays arrays;
        try {
            arrays = MatrixGather.gather(m, as, order, Progress.NONE);
        } catch (MatrixGather.Refused e) {
            return c.usage(c.in + ": " + e.getMessage());
        }
        BpcellsFolderWriter.Written[] written = new BpcellsFolderWriter.Written[1];
        try {
            SafeOutput.writeFolder(out, SafeOutput.inputsOf(node), dir -> written[0] = BpcellsFolderWriter.write(arrays, packed, version, dir));
        } catch (SafeOutput.Refused e) {
            return c.usage(e.getMessage());
        }
        c.cli.out.printf(Locale.ROOT, "wrote %s: %s, %,d bytes (BPCells %s %s matrix, %s order, format v%d; %,d × %,d, %s)%n",
                out, PlainText.count(written[0].files().size(), "file"), written[0].bytes(), packed ? "packed" : "unpacked",
                as.name().toLowerCase(Locale.ROOT), order == StorageOrder.COL ? "column" : "row", version, m.rows(), m.cols(),
                PlainText.count(arrays.nnz(), "stored entry", "stored entries"));
        return 0;
    }
}
