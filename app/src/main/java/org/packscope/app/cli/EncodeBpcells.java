package org.packscope.app.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

import org.packscope.app.export.SafeOutput;
import org.packscope.codec.bpcells.BpcellsFolderWriter;
import org.packscope.codec.bpcells.BpcellsHdf5Writer;
import org.packscope.codec.bpcells.MatrixArrays;
import org.packscope.codec.bpcells.MatrixGather;
import org.packscope.codec.bpcells.MatrixVersion.ValueKind;
import org.packscope.codec.bpcells.StorageOrder;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.SparseMatrix;

/**
 * {@code encode MATRIX --codec bpcells --out FOLDER|FILE.h5[::GROUP]}: any sparse matrix PackScope reads (an
 * AnnData {@code X}, a 10x matrix, a BPCells matrix) written as a BPCells matrix folder, as
 * BPCells' {@code write_matrix_dir} writes it after {@code convert_matrix_type}: packed
 * (BP128-D1Z index, BP128-FOR m1 uint values) or not, in column or row order, as uint, float
 * or double. The folder is built beside the target and moved into place whole. An OUT
 * ending in {@code .h5} or {@code .hdf5} (optionally {@code ::group/path}, default
 * {@value #DEFAULT_GROUP}) gets the same arrays as a group of a new HDF5 file instead, as
 * BPCells' {@code write_matrix_hdf5} writes them.
 */
final class EncodeBpcells {
    private EncodeBpcells() { }

    /** The group a matrix goes to when OUT names an .h5 file but no group. */
    static final String DEFAULT_GROUP = "matrix";

    /** A folder ({@code group} null) or a group of a new HDF5 file. */
    record Output(Path file, String group) {
        /** OUT as given: a folder, {@code FILE.h5} (group {@value DEFAULT_GROUP}) or {@code FILE.h5::group/path}; null when malformed. */
        static Output of(Path out) {
            String spec = out.toString();
            int sep = spec.indexOf("::");
            Path file = sep < 0 ? out : Path.of(spec.substring(0, sep));
            String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
            boolean hdf5 = name.endsWith(".h5") || name.endsWith(".hdf5");
            if (!hdf5) return sep < 0 ? new Output(out, null) : null;
            String group = sep < 0 ? DEFAULT_GROUP : spec.substring(sep + 2).replaceAll("^/+|/+$", "");
            return group.isEmpty() ? null : new Output(file, group);
        }

        @Override
        public String toString() { return group == null ? file.toString() : file + "::" + group; }
    }

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
        Output where = Output.of(out);
        if (usage == null && where == null) usage = out + ": an HDF5 group is written into a new .h5 or .hdf5 file, as OUT.h5::group/path";
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
            if (where.group == null) {
                SafeOutput.writeFolder(out, SafeOutput.inputsOf(node), dir -> written[0] = BpcellsFolderWriter.write(arrays, packed, version, dir));
            } else {
                SafeOutput.writeNewFile(where.file, SafeOutput.inputsOf(node),
                        f -> written[0] = BpcellsHdf5Writer.write(arrays, packed, version, f, where.group));
            }
        } catch (SafeOutput.Refused e) {
            return c.usage(e.getMessage());
        }
        c.cli.out.printf(Locale.ROOT, "wrote %s: %s, %,d bytes (BPCells %s %s matrix, %s order, format v%d; %,d × %,d, %s)%n",
                where, PlainText.count(written[0].files().size(), where.group == null ? "file" : "dataset"), written[0].bytes(), packed ? "packed" : "unpacked",
                as.name().toLowerCase(Locale.ROOT), order == StorageOrder.COL ? "column" : "row", version, m.rows(), m.cols(),
                PlainText.count(arrays.nnz(), "stored entry", "stored entries"));
        return 0;
    }
}
