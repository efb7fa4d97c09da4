package org.packscope.codec.bpcells;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import org.packscope.codec.bpcells.MatrixVersion.ValueKind;
import org.packscope.codec.bpcells.bp128.Bp128Stream;
import org.packscope.codec.bpcells.bp128.Bp128Variant;
import org.packscope.codec.io.LittleEndianOutput;

/**
 * Writes a BPCells matrix folder as BPCells' {@code StoredMatrixWriter} with a
 * {@code FileWriterBuilder} writes it, file for file and byte for byte: numeric arrays as
 * an 8-byte ASCII header ({@code UINT32v1}, {@code UINT64v1}, {@code FLOATSv1},
 * {@code DOUBLEv1}) then little-endian values; {@code version}, {@code storage_order} and the
 * names as lines ending in {@code \n} (absent names: an empty file). Packed matrices keep
 * the index as BP128-D1Z ({@code index_data}, {@code index_idx}, {@code index_idx_offsets},
 * {@code index_starts}) and uint values as BP128-FOR m1 ({@code val_data}, {@code val_idx},
 * {@code val_idx_offsets}); float and double values stay a plain {@code val}. Format
 * version 1 has a uint32 idxptr and no {@code *_idx_offsets}.
 */
public final class BpcellsFolderWriter {
    private BpcellsFolderWriter() { }

    /** What was written: the file names and their total size. */
    public record Written(List<String> files, long bytes) { }

    /**
     * Writes {@code m} into the folder {@code dir}, which must not exist yet (BPCells
     * refuses an existing path too) and whose parent must.
     */
    public static Written write(MatrixArrays m, boolean packed, int formatVersion, Path dir) throws IOException {
        MatrixVersion version = version(m, packed, formatVersion);
        Files.createDirectory(dir);
        Out out = new Out(dir);
        out.text("version", List.of(version.toString()));
        writeArrays(m, version, out);
        return new Written(List.copyOf(out.names), out.bytes);
    }

    /** The version string a matrix of {@code m}'s kind is written under; refuses unknown format versions. */
    static MatrixVersion version(MatrixArrays m, boolean packed, int formatVersion) {
        if (formatVersion != 1 && formatVersion != 2) throw new IllegalArgumentException("format version " + formatVersion);
        return new MatrixVersion(packed, m.kind(), formatVersion);
    }

    /**
     * Where a writer puts BPCells' named arrays: files of a folder or datasets of an HDF5
     * group. Numeric arrays carry their element type; text arrays are lists of strings.
     */
    interface ArraySink {
        void ints(String name, ElementType t, int[] v, int n) throws IOException;

        void longs(String name, ElementType t, long[] v) throws IOException;

        void text(String name, List<String> lines) throws IOException;
    }

    /** Every array but {@code version}, in the order BPCells' StoredMatrixWriter writes them. */
    static void writeArrays(MatrixArrays m, MatrixVersion version, ArraySink out) throws IOException {
        if (version.packed()) {
            stream(out, "index", Bp128Stream.encode(Bp128Variant.D1Z, m.index(), m.nnz()), version);
            if (m.kind() == ValueKind.UINT) stream(out, "val", Bp128Stream.encode(Bp128Variant.FOR, m.values32(), m.nnz()), version);
        } else {
            out.ints("index", ElementType.UINT32, m.index(), m.nnz());
        }
        if (!version.packedValues()) {
            if (m.kind() == ValueKind.DOUBLE) out.longs("val", ElementType.FLOAT64, m.values64());
            else out.ints("val", m.kind().elementType(), m.values32(), m.nnz());
        }
        if (version.formatVersion() == 1) {
            int[] ptr = new int[m.idxptr().length];
            for (int i = 0; i < ptr.length; i++) {
                if (m.idxptr()[i] > 0xffffffffL) throw new IllegalArgumentException("idxptr beyond uint32: write format version 2");
                ptr[i] = (int) m.idxptr()[i];
            }
            out.ints("idxptr", ElementType.UINT32, ptr, ptr.length);
        } else {
            out.longs("idxptr", ElementType.UINT64, m.idxptr());
        }
        out.ints("shape", ElementType.UINT32, new int[] {(int) m.rows(), (int) m.cols()}, 2);
        // the logical matrix's names whatever the order (BPCells swaps back what it transposed), columns first
        out.text("col_names", m.colNames());
        out.text("row_names", m.rowNames());
        out.text("storage_order", List.of(m.order().label()));
    }

    private static void stream(ArraySink out, String name, Bp128Stream s, MatrixVersion version) throws IOException {
        out.ints(name + "_data", ElementType.UINT32, s.data(), s.data().length);
        out.ints(name + "_idx", ElementType.UINT32, s.idx(), s.idx().length);
        if (version.hasIdxOffsets()) out.longs(name + "_idx_offsets", ElementType.UINT64, s.idxOffsets());
        if (s.starts() != null) out.ints(name + "_starts", ElementType.UINT32, s.starts(), s.starts().length);
    }

    /** The header BPCells' FileNumWriter puts before the values of a type. */
    static byte[] header(ElementType t) {
        String h = switch (t) {
            case UINT32 -> "UINT32v1";
            case UINT64 -> "UINT64v1";
            case FLOAT32 -> "FLOATSv1";
            case FLOAT64 -> "DOUBLEv1";
            case STRING -> throw new IllegalArgumentException("strings have no header");
        };
        return h.getBytes(StandardCharsets.US_ASCII);
    }

    /** Files of one folder, each written through a little-endian output. */
    private static final class Out implements ArraySink {
        final Path dir;
        final java.util.ArrayList<String> names = new java.util.ArrayList<>();
        long bytes;

        Out(Path dir) { this.dir = dir; }

        /** What goes after a numeric file's header. */
        private interface Values {
            void write(LittleEndianOutput o) throws IOException;
        }

        private void numeric(String name, ElementType t, Values values) throws IOException {
            names.add(name);
            try (FileChannel ch = FileChannel.open(dir.resolve(name), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                LittleEndianOutput o = new LittleEndianOutput(ch);
                o.bytes(header(t));
                values.write(o);
                o.flush();
                bytes += o.position();
            }
        }

        @Override
        public void ints(String name, ElementType t, int[] v, int n) throws IOException {
            numeric(name, t, o -> o.ints(v, n));
        }

        @Override
        public void longs(String name, ElementType t, long[] v) throws IOException {
            numeric(name, t, o -> o.longs(v));
        }

        /** Lines, each ended by {@code \n}, as FileStringWriter and writeVersion write them. */
        @Override
        public void text(String name, List<String> lines) throws IOException {
            names.add(name);
            try (OutputStream o = Files.newOutputStream(dir.resolve(name), StandardOpenOption.CREATE_NEW)) {
                byte[] nl = {'\n'};
                for (String s : lines) {
                    byte[] b = s.getBytes(StandardCharsets.UTF_8);
                    o.write(b);
                    o.write(nl);
                    bytes += b.length + 1L;
                }
            }
        }
    }
}
