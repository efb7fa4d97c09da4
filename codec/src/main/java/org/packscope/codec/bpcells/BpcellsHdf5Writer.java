package org.packscope.codec.bpcells;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.hdf5.write.Hdf5FileWriter;
import org.packscope.codec.hdf5.write.NumericType;

/**
 * Writes a BPCells matrix as a group of a new HDF5 file, with the arrays BPCells'
 * {@code write_matrix_hdf5} writes: the same names, element types and values as
 * {@link BpcellsFolderWriter} (numeric ones 1-D little-endian datasets, uint32/uint64/
 * float32/float64), the names and storage order as 1-D variable-length UTF-8 string
 * datasets (absent names: shape (0,)) and the version as the group's scalar
 * variable-length string attribute {@code version}. Unlike BPCells, numeric datasets are
 * contiguous rather than chunked by 1024 with an unlimited maximum; readers see the same
 * dataset either way.
 */
public final class BpcellsHdf5Writer {
    private BpcellsHdf5Writer() { }

    /**
     * Writes {@code m} into {@code group} (slash-separated, intermediate groups made) of the
     * new file {@code file}, which must not exist; a failed write removes what it began.
     */
    public static BpcellsFolderWriter.Written write(MatrixArrays m, boolean packed, int formatVersion, Path file, String group) throws IOException {
        MatrixVersion version = BpcellsFolderWriter.version(m, packed, formatVersion);
        String prefix = group.replaceAll("^/+|/+$", "");
        if (prefix.isEmpty()) throw new IllegalArgumentException("the matrix needs a group below the root");
        Hdf5FileWriter created = Hdf5FileWriter.create(file);   // refuses an existing file before anything can remove it
        boolean done = false;
        try (Hdf5FileWriter w = created) {
            Datasets sink = new Datasets(w, prefix + "/");
            w.group(prefix);
            w.stringAttribute(prefix, ArrayNames.VERSION, version.toString());
            BpcellsFolderWriter.writeArrays(m, version, sink);
            long bytes = w.finish();
            done = true;
            return new BpcellsFolderWriter.Written(List.copyOf(sink.names), bytes);
        } finally {
            if (!done) Files.deleteIfExists(file);
        }
    }

    /** The arrays as datasets below one group. */
    private static final class Datasets implements BpcellsFolderWriter.ArraySink {
        final Hdf5FileWriter w;
        final String prefix;
        final List<String> names = new ArrayList<>();

        Datasets(Hdf5FileWriter w, String prefix) {
            this.w = w;
            this.prefix = prefix;
        }

        @Override
        public void ints(String name, ElementType t, int[] v, int n) throws IOException {
            names.add(name);
            w.ints(prefix + name, type(t), v, n);
        }

        @Override
        public void longs(String name, ElementType t, long[] v) throws IOException {
            names.add(name);
            w.longs(prefix + name, type(t), v);
        }

        @Override
        public void text(String name, List<String> lines) throws IOException {
            names.add(name);
            w.strings(prefix + name, lines);
        }

        private static NumericType type(ElementType t) {
            return switch (t) {
                case UINT32 -> NumericType.U32;
                case UINT64 -> NumericType.U64;
                case FLOAT32 -> NumericType.F32;
                case FLOAT64 -> NumericType.F64;
                case STRING -> throw new IllegalArgumentException("strings are text datasets");
            };
        }
    }
}
