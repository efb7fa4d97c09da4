package org.packscope.codec.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.packscope.codec.bpcells.ArrayInfo;
import org.packscope.codec.bpcells.ArrayStore;
import org.packscope.codec.bpcells.BpcellsFolderFormat;
import org.packscope.codec.bpcells.BpcellsHdf5Opener;
import org.packscope.codec.bpcells.BpcellsNodes;
import org.packscope.codec.bpcells.ElementType;
import org.packscope.codec.hdf5.Hdf5Format;
import org.packscope.codec.testing.Fixtures;

/**
 * BPCells matrices on damaged input: a folder with one file replaced, a whole HDF5 file,
 * and BP128 bookkeeping arrays handed to the matrix reader directly. Diagnostics,
 * never an escape; traces stay inside their sources.
 */
class BpcellsFuzzTest {

    /** Small folder fixtures of every kind: packed/unpacked, uint/float/double, col/row, v1/v2. */
    static final List<String> FOLDERS = List.of("tiny_packed_uint_col_dir_names", "tiny_packed_uint_row_dir_names",
            "tiny_unpacked_double_col_dir_names", "edge_nnz256_packed_uint_col_dir", "v1_packed_uint_col_dir",
            "edge_uint_max_packed_uint_col_dir", "small_packed_float_col_dir_names", "tiny_packed_double_row_dir_names");

    /**
     * First byte: high 4 bits pick the fixture folder, low 4 bits the file in it (sorted
     * names, version included); the rest of the input becomes that file's new content.
     */
    @FuzzTest(maxDuration = "10m")
    void folderFile(byte[] data) throws IOException {
        if (data.length == 0) return;
        int sel = data[0] & 0xff;
        Copy copy = COPIES.get().get(FOLDERS.get((sel >>> 4) % FOLDERS.size()));
        Path file = copy.files.get((sel & 15) % copy.files.size());
        byte[] original = copy.contents.get(file);
        Files.write(file, java.util.Arrays.copyOfRange(data, 1, data.length));
        try {
            BpcellsFuzzSupport.exercise(new BpcellsFolderFormat().open(copy.dir, FuzzFiles.REGISTRY));
        } finally {
            Files.write(file, original);
        }
    }

    /** A whole .h5 file whose groups the BPCells opener claims. */
    @FuzzTest(maxDuration = "10m")
    void hdf5File(byte[] data) throws IOException {
        Path f = FuzzFiles.write("fuzz-bpcells.h5", data);
        BpcellsFuzzSupport.exercise(new Hdf5Format(List.of(new BpcellsHdf5Opener())).open(f, FuzzFiles.REGISTRY));
    }

    /**
     * A packed uint matrix built in memory from the input (see {@link #packedStore}): the
     * BP128 arrays reach the reader as they are, with a consistent idxptr around them.
     */
    @FuzzTest(maxDuration = "10m")
    void bp128Arrays(byte[] data) {
        Built b = packedStore(data);
        BpcellsFuzzSupport.exercise(BpcellsNodes.matrixNode("fuzz", b.store, b.version));
    }

    // ---------------------------------------------------------------- folder copies

    private record Copy(Path dir, List<Path> files, Map<Path, byte[]> contents) { }

    private static final ThreadLocal<Map<String, Copy>> COPIES = ThreadLocal.withInitial(() -> {
        try {
            Path root = Files.createTempDirectory("packscope-fuzz-bpcells");
            root.toFile().deleteOnExit();
            Map<String, Copy> m = new LinkedHashMap<>();
            for (String name : FOLDERS) {
                Path src = Fixtures.resource("fixtures/bpcells/" + name);
                Path dst = Files.createDirectories(root.resolve(name));
                List<Path> files = new ArrayList<>();
                Map<Path, byte[]> contents = new LinkedHashMap<>();
                try (Stream<Path> s = Files.list(src)) {
                    for (Path p : s.sorted().toList()) {
                        Path d = dst.resolve(p.getFileName().toString());
                        byte[] b = Files.readAllBytes(p);
                        Files.write(d, b);
                        d.toFile().deleteOnExit();
                        files.add(d);
                        contents.put(d, b);
                    }
                }
                dst.toFile().deleteOnExit();
                m.put(name, new Copy(dst, files, contents));
            }
            return m;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    });

    // ---------------------------------------------------------------- in-memory BP128 arrays

    record Built(ArrayStore store, String version) { }

    /**
     * Input layout, little-endian, zero once the input runs out: u8 flags (bit 0: v1,
     * bit 1: row order), u16 rows, u16 cols, u32 nnz; then index_data, index_idx,
     * index_idx_offsets (u64), index_starts, val_data, val_idx, val_idx_offsets (u64),
     * each as a u16 count followed by that many elements (v1 has no offsets arrays).
     * idxptr spreads nnz evenly over the majors so the BP128 arrays are what is tested.
     */
    static Built packedStore(byte[] data) {
        ByteBuffer in = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        int flags = u8(in);
        boolean v1 = (flags & 1) != 0;
        boolean row = (flags & 2) != 0;
        int rows = u16(in);
        int cols = u16(in);
        long nnz = u32(in);
        Mem s = new Mem();
        s.u32("shape", new int[] {rows, cols});
        s.strings("storage_order", List.of(row ? "row" : "col"));
        s.strings("row_names", List.of());
        s.strings("col_names", List.of());
        int majors = row ? rows : cols;
        long[] ptr = new long[majors + 1];
        for (int j = 0; j <= majors; j++) ptr[j] = majors == 0 ? 0 : nnz * j / majors;
        if (v1) {
            int[] p32 = new int[ptr.length];
            for (int j = 0; j < ptr.length; j++) p32[j] = (int) ptr[j];
            s.u32("idxptr", p32);
        } else {
            s.u64("idxptr", ptr);
        }
        for (String prefix : new String[] {"index", "val"}) {
            s.u32(prefix + "_data", ints(in));
            s.u32(prefix + "_idx", ints(in));
            if (!v1) s.u64(prefix + "_idx_offsets", longs(in));
            if (prefix.equals("index")) s.u32("index_starts", ints(in));
        }
        return new Built(s, "packed-uint-matrix-v" + (v1 ? 1 : 2));
    }

    private static int u8(ByteBuffer b) { return b.remaining() >= 1 ? b.get() & 0xff : 0; }
    private static int u16(ByteBuffer b) { return b.remaining() >= 2 ? b.getShort() & 0xffff : 0; }
    private static long u32(ByteBuffer b) { return b.remaining() >= 4 ? b.getInt() & 0xffffffffL : 0; }

    private static int[] ints(ByteBuffer b) {
        int n = Math.min(u16(b), b.remaining() / 4);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = b.getInt();
        return a;
    }

    private static long[] longs(ByteBuffer b) {
        int n = Math.min(u16(b), b.remaining() / 8);
        long[] a = new long[n];
        for (int i = 0; i < n; i++) a[i] = b.getLong();
        return a;
    }

    /** The inverse of {@link #packedStore} for seeds: arrays of a real packed uint folder as fuzz input. */
    static byte[] encodeSeed(boolean v1, boolean row, int rows, int cols, long nnz, List<Object> arrays) {
        ByteBuffer out = ByteBuffer.allocate(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
        out.put((byte) ((v1 ? 1 : 0) | (row ? 2 : 0))).putShort((short) rows).putShort((short) cols).putInt((int) nnz);
        for (Object a : arrays) {
            if (a instanceof int[] i) {
                out.putShort((short) i.length);
                for (int x : i) out.putInt(x);
            } else {
                long[] l = (long[]) a;
                out.putShort((short) l.length);
                for (long x : l) out.putLong(x);
            }
        }
        return java.util.Arrays.copyOf(out.array(), out.position());
    }

    /** A plain in-memory store (no addressable bytes, like an R object). */
    private static final class Mem implements ArrayStore {
        private final Map<String, Object> arrays = new LinkedHashMap<>();
        private final Map<String, ElementType> types = new LinkedHashMap<>();

        void u32(String n, int[] v) { arrays.put(n, v); types.put(n, ElementType.UINT32); }
        void u64(String n, long[] v) { arrays.put(n, v); types.put(n, ElementType.UINT64); }
        void strings(String n, List<String> v) { arrays.put(n, v); types.put(n, ElementType.STRING); }

        @Override public String description() { return "fuzz input"; }
        @Override public List<String> arrayNames() { return new ArrayList<>(arrays.keySet()); }

        @Override
        public ArrayInfo info(String name) {
            Object a = arrays.get(name);
            if (a == null) return null;
            long n = a instanceof int[] i ? i.length : a instanceof long[] l ? l.length : ((List<?>) a).size();
            return ArrayInfo.of(name, types.get(name), n, -1, null);
        }

        @Override
        public void readInts(String name, long start, int[] dst, int off, int len) {
            if (!(arrays.get(name) instanceof int[] a) || start < 0 || len < 0 || start + len > a.length) {
                throw ArrayStore.unreadable(-1, "bad read of " + name + " [" + start + "+" + len + "]");
            }
            System.arraycopy(a, (int) start, dst, off, len);
        }

        @Override
        public void readLongs(String name, long start, long[] dst, int off, int len) {
            if (!(arrays.get(name) instanceof long[] a) || start < 0 || len < 0 || start + len > a.length) {
                throw ArrayStore.unreadable(-1, "bad read of " + name + " [" + start + "+" + len + "]");
            }
            System.arraycopy(a, (int) start, dst, off, len);
        }

        @Override
        @SuppressWarnings("unchecked")
        public List<String> readStrings(String name) {
            if (!(arrays.get(name) instanceof List<?> l)) throw ArrayStore.unreadable(-1, "not strings: " + name);
            return (List<String>) l;
        }
    }
}
