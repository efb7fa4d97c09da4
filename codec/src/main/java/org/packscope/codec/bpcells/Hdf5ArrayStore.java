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

import org.packscope.codec.hdf5.Hdf5Dataset;
import org.packscope.codec.hdf5.Hdf5Group;
import org.packscope.codec.hdf5.Hdf5Object;
import org.packscope.codec.hdf5.Hdf5Failure;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.ReadProblem;

/**
 * The HDF5 realisation: each array is a 1-D dataset of the group, numeric ones chunked
 * and maybe shuffled+deflated, strings variable-length. Numeric arrays are decoded once
 * (chunk by chunk, through the HDF5 filter pipeline) into a primitive array held softly,
 * so repeated column reads do not pay for decompression again.
 */
public final class Hdf5ArrayStore implements ArrayStore {
    private final Hdf5Group group;
    private final String description;
    private final ByteSource fileSource;
    private final Map<String, Object> cache = new ConcurrentHashMap<>();

    /** {@code fileSource} is the whole .h5 file (for contiguous datasets' locations); may be null. */
    public Hdf5ArrayStore(Hdf5Group group, String description, ByteSource fileSource) {
        this.group = group;
        this.description = description;
        this.fileSource = fileSource;
    }

    /** The group's {@code version} attribute as text, or null. */
    public static String readVersion(Hdf5Group g) {
        return g.attribute(ArrayNames.VERSION);
    }

    @Override public String description() { return description; }

    private volatile Map<String, Hdf5Object> children;
    private volatile String groupProblem;

    /**
     * Why the group's members could not be listed (the group is damaged), or
     * null. jhdf may even allocate what a damaged header claims; that failure is caught
     * here, once, and the matrix is reported unreadable instead of half-read.
     */
    public String groupProblem() {
        children();
        return groupProblem;
    }

    private Map<String, Hdf5Object> children() {
        Map<String, Hdf5Object> c = children;
        if (c == null) {
            try {
                c = group.members();
            } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
                groupProblem = "members of " + group.path() + " cannot be read: " + Hdf5Failure.words(e);
                c = Map.of();
            }
            children = c;
        }
        return c;
    }

    @Override
    public List<String> arrayNames() {
        List<String> out = new ArrayList<>();
        for (var e : children().entrySet()) if (e.getValue() instanceof Hdf5Dataset) out.add(e.getKey());
        Collections.sort(out);
        return out;
    }

    private Hdf5Dataset dataset(String name) {
        return children().get(name) instanceof Hdf5Dataset d ? d : null;
    }

    @Override
    public ArrayInfo info(String name) {
        Hdf5Dataset d = dataset(name);
        if (d == null) return null;
        try {
            long n = d.scalar() ? 1 : d.size();
            long stored = d.storedBytes();
            int rank = d.dims().length;
            String problem = rank > 1 ? "dataset has " + rank + " dimensions; read flat" : null;
            ElementType type = null;
            int size = d.elementSize();
            switch (d.kind()) {
                case INTEGER -> {
                    if (!d.signed() && size == 4) type = ElementType.UINT32;
                    else if (!d.signed() && size == 8) type = ElementType.UINT64;
                    else problem = (d.signed() ? "signed " : "unsigned ") + size * 8 + "-bit integers, not uint32/uint64";
                }
                case FLOAT -> {
                    if (size == 4) type = ElementType.FLOAT32;
                    else if (size == 8) type = ElementType.FLOAT64;
                    else problem = size * 8 + "-bit floats, not float32/float64";
                }
                case TEXT -> type = ElementType.STRING;
                default -> problem = "HDF5 type " + d.typeWords() + " is not a BPCells array type";
            }
            long cap = plausibleLength(d, type, stored);
            if (n > cap) {
                problem = "dataset claims " + n + " elements but stores only " + stored + " bytes; at most " + cap + " are read";
                n = cap;
            }
            ArrayLocation loc = null;
            if (type != null && type != ElementType.STRING && fileSource != null && d.contiguousAddress() >= 0
                    && d.filterNames().isEmpty() && !d.empty() && d.order() != ByteOrder.BIG_ENDIAN) {
                long addr = d.contiguousAddress();
                if (addr >= 0 && fileSource.has(addr, n * type.byteWidth())) loc = ArrayLocation.at(fileSource, addr);
            }
            return new ArrayInfo(name, type, n, stored, loc, problem);
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            return new ArrayInfo(name, null, 0, -1, null, "dataset cannot be read: " + Hdf5Failure.words(e));
        }
    }

    /** Deflate expands at most ~1032:1; anything claiming more than that is damaged. */
    private static final long MAX_EXPANSION = 1100;

    /**
     * The most elements the dataset's stored bytes can hold, so a damaged dimension
     * (claiming 2^40 elements) is never allocated for.
     */
    private static long plausibleLength(Hdf5Dataset d, ElementType type, long stored) {
        if (stored < 0) return 0;
        if (type == null) return Long.MAX_VALUE;
        int width = type == ElementType.STRING ? 1 : type.byteWidth();
        long slack = 0;
        int[] chunk = d.chunkDims();
        if (chunk != null) {
            slack = 1;
            for (int x : chunk) slack *= Math.max(1, x);
        }
        long bytes = d.filterNames().isEmpty() ? stored : Math.multiplyHigh(stored, MAX_EXPANSION) != 0 ? Long.MAX_VALUE / 2 : stored * MAX_EXPANSION;
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
        Hdf5Dataset d = dataset(name);
        if (d == null) throw ArrayStore.unreadable(-1, "dataset " + name + " is missing");
        ArrayInfo info = info(name);
        if (info != null && info.problem() != null && info.problem().startsWith("dataset claims")) {
            throw ArrayStore.unreadable(-1, name + ": " + info.problem());
        }
        try {
            long[] dims = d.scalar() ? null : d.dims();
            if (dims != null && dims.length == 1 && dims[0] > PagedNames.PAGE && dims[0] <= Integer.MAX_VALUE && d.kind() == Hdf5Dataset.Kind.TEXT) {
                return new PagedNames(d, name, (int) dims[0]);
            }
            Object data = d.scalar() ? d.data() : d.dataFlat();
            List<String> out = new ArrayList<>();
            if (data == null) return out;
            if (!data.getClass().isArray()) return List.of(data.toString());
            int n = Array.getLength(data);
            for (int i = 0; i < n; i++) out.add(String.valueOf(Array.get(data, i)));
            return Collections.unmodifiableList(out);
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            throw ArrayStore.unreadable(-1, "dataset " + name + " cannot be read: " + Hdf5Failure.words(e));
        }
    }

    @Override
    public void describe(String name, Node node) {
        Hdf5Dataset d = dataset(name);
        if (d == null) return;
        try {
            BpcellsDocs.field(node, "array.dataset", "dataset", null, d.path(), "HDF5 dataset holding the array");
            BpcellsDocs.field(node, "array.layout", "layout", null, d.layout(), "contiguous, or chunked (then filters may apply per chunk)");
            if (d.chunkDims() != null) BpcellsDocs.field(node, "array.chunk_shape", "chunk shape", null, Arrays.toString(d.chunkDims()), "elements per stored chunk");
            List<String> names = d.filterNames();
            if (!names.isEmpty()) {
                BpcellsDocs.field(node, "array.filters", "filters", null, String.join(" + ", names), "applied to each chunk when writing (gzip level BPCells was asked for)");
            }
            BpcellsDocs.field(node, "array.object_header", "object header", null, "at byte " + d.address(), "where the dataset's header starts in the file");
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
        Hdf5Dataset d = dataset(name);
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
            throw ArrayStore.unreadable(-1, "dataset " + name + " cannot be decoded: " + Hdf5Failure.words(e));
        }
        cache.put(name, new SoftReference<>(v));
        return v;
    }

    private static Object decode(Hdf5Dataset d, int n, int width) {
        ByteOrder order = d.order();
        int[] ints = width == 4 ? new int[n] : null;
        long[] longs = width == 8 ? new long[n] : null;
        if (n == 0) return ints != null ? ints : longs;
        int[] chunkDims = d.chunkDims();
        if (chunkDims != null && chunkDims.length == 1) {
            int chunk = chunkDims[0];
            for (int at = 0; at < n; at += chunk) {
                byte[] raw = d.decodedChunk(new int[] {at});
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
        if (d.contiguousAddress() >= 0) {
            ByteBuffer bb = d.contiguousBytes().order(order);
            if (ints != null) bb.asIntBuffer().get(ints, 0, n); else bb.asLongBuffer().get(longs, 0, n);
            return ints != null ? ints : longs;
        }
        Object flat = d.dataFlat();
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
