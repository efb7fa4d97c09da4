package org.packscope.codec.bpcells;

import java.lang.ref.SoftReference;
import java.lang.reflect.Array;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.jhdf.api.Attribute;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import io.jhdf.api.dataset.ChunkedDataset;
import io.jhdf.api.dataset.ContiguousDataset;
import io.jhdf.filter.PipelineFilterWithData;
import io.jhdf.object.datatype.FixedPoint;
import io.jhdf.object.datatype.FloatingPoint;
import io.jhdf.object.datatype.StringData;
import io.jhdf.object.datatype.VariableLength;
import org.packscope.codec.hdf5.Hdf5Problem;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.ReadProblem;

/**
 * The HDF5 realisation: each array is a 1-D dataset of the group, numeric ones chunked
 * and maybe shuffled+deflated, strings variable-length. Numeric arrays are decoded once
 * (chunk by chunk, through jhdf's filter pipeline) into a primitive array held softly,
 * so repeated column reads do not pay for decompression again.
 */
public final class Hdf5ArrayStore implements ArrayStore {
    private final Group group;
    private final String description;
    private final ByteSource fileSource;
    private final Map<String, Object> cache = new ConcurrentHashMap<>();

    /** {@code fileSource} is the whole .h5 file (for contiguous datasets' locations); may be null. */
    public Hdf5ArrayStore(Group group, String description, ByteSource fileSource) {
        this.group = group;
        this.description = description;
        this.fileSource = fileSource;
    }

    /** The group's {@code version} attribute as text, or null. */
    public static String readVersion(Group g) {
        try {
            Attribute a = g.getAttribute(ArrayNames.VERSION);
            if (a == null) return null;
            Object d = a.getData();
            if (d != null && d.getClass().isArray()) d = Array.getLength(d) > 0 ? Array.get(d, 0) : null;
            return d == null ? null : d.toString();
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            return null;
        }
    }

    @Override public String description() { return description; }

    private volatile Map<String, io.jhdf.api.Node> children;
    private volatile String groupProblem;

    /**
     * Why the group's members could not be listed (jhdf failed on a damaged file), or
     * null. jhdf may even allocate what a damaged header claims; that failure is caught
     * here, once, and the matrix is reported unreadable instead of half-read.
     */
    public String groupProblem() {
        children();
        return groupProblem;
    }

    private Map<String, io.jhdf.api.Node> children() {
        Map<String, io.jhdf.api.Node> c = children;
        if (c == null) {
            try {
                c = group.getChildren();
            } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
                groupProblem = "members of " + group.getPath() + " cannot be read: " + Hdf5Problem.words(e);
                c = Map.of();
            }
            children = c;
        }
        return c;
    }

    @Override
    public List<String> arrayNames() {
        List<String> out = new ArrayList<>();
        for (var e : children().entrySet()) if (e.getValue() instanceof Dataset) out.add(e.getKey());
        Collections.sort(out);
        return out;
    }

    private Dataset dataset(String name) {
        return children().get(name) instanceof Dataset d ? d : null;
    }

    @Override
    public ArrayInfo info(String name) {
        Dataset d = dataset(name);
        if (d == null) return null;
        try {
            long n = d.isScalar() ? 1 : d.getSize();
            long stored = d.getStorageInBytes();
            String problem = d.getDimensions().length > 1 ? "dataset has " + d.getDimensions().length + " dimensions; read flat" : null;
            var t = d.getDataType();
            ElementType type = null;
            if (t instanceof FixedPoint f) {
                if (!f.isSigned() && f.getSize() == 4) type = ElementType.UINT32;
                else if (!f.isSigned() && f.getSize() == 8) type = ElementType.UINT64;
                else problem = (f.isSigned() ? "signed " : "unsigned ") + f.getSize() * 8 + "-bit integers, not uint32/uint64";
            } else if (t instanceof FloatingPoint f) {
                if (f.getSize() == 4) type = ElementType.FLOAT32;
                else if (f.getSize() == 8) type = ElementType.FLOAT64;
                else problem = f.getSize() * 8 + "-bit floats, not float32/float64";
            } else if (t instanceof StringData || t instanceof VariableLength) {
                type = ElementType.STRING;
            } else {
                problem = "HDF5 type " + t.getClass().getSimpleName() + " is not a BPCells array type";
            }
            long cap = plausibleLength(d, type, stored);
            if (n > cap) {
                problem = "dataset claims " + n + " elements but stores only " + stored + " bytes; at most " + cap + " are read";
                n = cap;
            }
            ArrayLocation loc = null;
            if (type != null && type != ElementType.STRING && fileSource != null && d instanceof ContiguousDataset c
                    && d.getFilters().isEmpty() && !d.isEmpty()
                    && !(t instanceof io.jhdf.object.datatype.OrderedDataType o && o.getByteOrder() == ByteOrder.BIG_ENDIAN)) {
                long addr = c.getDataAddress();
                if (addr >= 0 && fileSource.has(addr, n * type.byteWidth())) loc = ArrayLocation.at(fileSource, addr);
            }
            return new ArrayInfo(name, type, n, stored, loc, problem);
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            return new ArrayInfo(name, null, 0, -1, null, "dataset cannot be read: " + Hdf5Problem.words(e));
        }
    }

    /** Deflate expands at most ~1032:1; anything claiming more than that is damaged. */
    private static final long MAX_EXPANSION = 1100;

    /**
     * The most elements the dataset's stored bytes can hold, so a damaged dimension
     * (claiming 2^40 elements) is never allocated for.
     */
    private static long plausibleLength(Dataset d, ElementType type, long stored) {
        if (stored < 0) return 0;
        if (type == null) return Long.MAX_VALUE;
        int width = type == ElementType.STRING ? 1 : type.byteWidth();
        long slack = 0;
        if (d instanceof ChunkedDataset c) {
            slack = 1;
            for (int x : c.getChunkDimensions()) slack *= Math.max(1, x);
        }
        long bytes = d.getFilters().isEmpty() ? stored : Math.multiplyHigh(stored, MAX_EXPANSION) != 0 ? Long.MAX_VALUE / 2 : stored * MAX_EXPANSION;
        return bytes / width + slack;
    }

    @Override
    public void readInts(String name, long start, int[] dst, int off, int len) {
        Object a = numeric(name, 4);
        int[] src = (int[]) a;
        check(name, start, len, src.length);
        System.arraycopy(src, (int) start, dst, off, len);
    }

    @Override
    public void readLongs(String name, long start, long[] dst, int off, int len) {
        Object a = numeric(name, 8);
        long[] src = (long[]) a;
        check(name, start, len, src.length);
        System.arraycopy(src, (int) start, dst, off, len);
    }

    private static void check(String name, long start, int len, int length) {
        if (start < 0 || len < 0 || start + len > length) {
            throw ArrayStore.unreadable(-1, name + " has " + length + " elements; elements " + start + ".." + (start + len) + " were asked for");
        }
    }

    @Override
    public List<String> readStrings(String name) {
        Dataset d = dataset(name);
        if (d == null) throw ArrayStore.unreadable(-1, "dataset " + name + " is missing");
        ArrayInfo info = info(name);
        if (info != null && info.problem() != null && info.problem().startsWith("dataset claims")) {
            throw ArrayStore.unreadable(-1, name + ": " + info.problem());
        }
        try {
            Object data = d.isScalar() ? d.getData() : d.getDataFlat();
            List<String> out = new ArrayList<>();
            if (data == null) return out;
            if (!data.getClass().isArray()) return List.of(data.toString());
            int n = Array.getLength(data);
            for (int i = 0; i < n; i++) out.add(String.valueOf(Array.get(data, i)));
            return Collections.unmodifiableList(out);
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            throw ArrayStore.unreadable(-1, "dataset " + name + " cannot be read: " + Hdf5Problem.words(e));
        }
    }

    @Override
    public void describe(String name, Node node) {
        Dataset d = dataset(name);
        if (d == null) return;
        try {
            BpcellsDocs.field(node, "array.dataset", "dataset", null, d.getPath(), "HDF5 dataset holding the array");
            BpcellsDocs.field(node, "array.layout", "layout", null, d.getDataLayout(), "contiguous, or chunked (then filters may apply per chunk)");
            if (d instanceof ChunkedDataset c) BpcellsDocs.field(node, "array.chunk_shape", "chunk shape", null, Arrays.toString(c.getChunkDimensions()), "elements per stored chunk");
            List<PipelineFilterWithData> filters = d.getFilters();
            if (!filters.isEmpty()) {
                List<String> names = new ArrayList<>();
                for (PipelineFilterWithData f : filters) names.add(f.getName());
                BpcellsDocs.field(node, "array.filters", "filters", null, String.join(" + ", names), "applied to each chunk when writing (gzip level BPCells was asked for)");
            }
            BpcellsDocs.field(node, "array.object_header", "object header", null, "at byte " + d.getAddress(), "where the dataset's header starts in the file");
        } catch (RuntimeException e) {
            // description is best effort; reading problems show up when the values are read
        }
    }

    /** The whole dataset as int[] (width 4) or long[] (width 8), decoded once and kept softly. */
    private Object numeric(String name, int width) {
        Object c = cache.get(name);
        if (c instanceof SoftReference<?> r) {
            Object v = r.get();
            if (v != null) return v;
        }
        Dataset d = dataset(name);
        if (d == null) throw ArrayStore.unreadable(-1, "dataset " + name + " is missing");
        ArrayInfo info = info(name);
        if (info.type() == null || info.type() == ElementType.STRING) {
            throw ArrayStore.unreadable(-1, name + ": " + (info.problem() != null ? info.problem() : "not numeric"));
        }
        if (info.type().byteWidth() != width) {
            throw ArrayStore.unreadable(-1, name + " holds " + info.type().label() + ", not " + width * 8 + "-bit elements");
        }
        if (info.problem() != null && info.problem().startsWith("dataset claims")) {
            throw ArrayStore.unreadable(-1, name + ": " + info.problem());
        }
        if (info.length() > Integer.MAX_VALUE - 8) {
            throw ArrayStore.unreadable(-1, name + " has " + info.length() + " elements, more than PackScope reads from HDF5");
        }
        Object v;
        try {
            v = decode(d, (int) info.length(), width);
        } catch (ReadProblem e) {
            throw e;
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            throw ArrayStore.unreadable(-1, "dataset " + name + " cannot be decoded: " + Hdf5Problem.words(e));
        }
        cache.put(name, new SoftReference<>(v));
        return v;
    }

    private static Object decode(Dataset d, int n, int width) {
        ByteOrder order = d.getDataType() instanceof io.jhdf.object.datatype.OrderedDataType o && o.getByteOrder() != null
                ? o.getByteOrder() : ByteOrder.LITTLE_ENDIAN;
        int[] ints = width == 4 ? new int[n] : null;
        long[] longs = width == 8 ? new long[n] : null;
        if (n == 0) return ints != null ? ints : longs;
        if (d instanceof ChunkedDataset c && c.getChunkDimensions().length == 1) {
            int chunk = c.getChunkDimensions()[0];
            for (int at = 0; at < n; at += chunk) {
                byte[] raw = c.getDecompressedChunk(new int[] {at});
                int count = Math.min(chunk, n - at);
                if (raw.length < count * width) {
                    throw ArrayStore.unreadable(-1, "chunk at element " + at + " decompresses to " + raw.length
                            + " bytes, fewer than the " + count * width + " it must hold");
                }
                ByteBuffer bb = ByteBuffer.wrap(raw).order(order);
                if (ints != null) bb.asIntBuffer().get(ints, at, count); else bb.asLongBuffer().get(longs, at, count);
            }
            return ints != null ? ints : longs;
        }
        if (d instanceof ContiguousDataset c) {
            ByteBuffer bb = c.getBuffer().duplicate().order(order);
            if (ints != null) bb.asIntBuffer().get(ints, 0, n); else bb.asLongBuffer().get(longs, 0, n);
            return ints != null ? ints : longs;
        }
        Object flat = d.getDataFlat();
        for (int i = 0; i < n; i++) {
            Object e = Array.get(flat, i);
            long bits;
            if (e instanceof Float f) bits = Float.floatToRawIntBits(f);
            else if (e instanceof Double x) bits = Double.doubleToRawLongBits(x);
            else if (e instanceof BigInteger b) bits = b.longValue();
            else bits = ((Number) e).longValue();
            if (ints != null) ints[i] = (int) bits; else longs[i] = bits;
        }
        return ints != null ? ints : longs;
    }
}
