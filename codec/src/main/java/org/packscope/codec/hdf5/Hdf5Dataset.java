package org.packscope.codec.hdf5;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.jhdf.api.Dataset;
import io.jhdf.api.dataset.ChunkedDataset;
import io.jhdf.api.dataset.ContiguousDataset;
import io.jhdf.filter.PipelineFilterWithData;
import io.jhdf.object.datatype.DataType;
import io.jhdf.object.datatype.FixedPoint;
import io.jhdf.object.datatype.FloatingPoint;
import io.jhdf.object.datatype.OrderedDataType;
import io.jhdf.object.datatype.StringData;
import io.jhdf.object.datatype.VariableLength;

import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.read.ReadProblem;

/**
 * An HDF5 dataset: its shape, element type and storage, its values (whole, flat, a slice or
 * one decoded chunk) and where each element lies in the file. Every read that fails is a
 * {@link ReadProblem} naming the part that was read.
 */
public final class Hdf5Dataset extends Hdf5Object {
    /** What an element is, as far as formats built on HDF5 care. */
    public enum Kind { INTEGER, FLOAT, TEXT, OTHER }

    private final Dataset dataset;

    Hdf5Dataset(Dataset dataset, OpenedFile file) {
        super(dataset, file);
        this.dataset = dataset;
    }

    Dataset jhdf() { return dataset; }

    /** The dimensions (none for a scalar). */
    public long[] dims() { return guard("the shape", dataset::getDimensionsAsLong); }

    /** Elements in all (1 for a scalar). */
    public long size() { return guard("the shape", dataset::getSize); }

    public boolean scalar() { return guard("the shape", dataset::isScalar); }

    /** True when no storage was ever written. */
    public boolean empty() { return guard("the storage", dataset::isEmpty); }

    /** Bytes its storage takes in the file. */
    public long storedBytes() { return guard("the storage", dataset::getStorageInBytes); }

    /** COMPACT, CONTIGUOUS or CHUNKED (as HDF5 names the layouts). */
    public String layout() { return guard("the layout", () -> String.valueOf(dataset.getDataLayout())); }

    /** The chunk shape of a chunked dataset, else null. */
    public int[] chunkDims() {
        return dataset instanceof ChunkedDataset c ? guard("the chunk shape", c::getChunkDimensions) : null;
    }

    /** The filters applied to each chunk, by name, first to last as written. */
    public List<String> filterNames() {
        return guard("the filter pipeline", () -> {
            List<String> out = new ArrayList<>();
            for (PipelineFilterWithData f : dataset.getFilters()) out.add(f.getName());
            return out;
        });
    }

    /** Where a contiguous dataset's data starts (relative), or -1 for other layouts and unwritten data. */
    public long contiguousAddress() {
        if (!(dataset instanceof ContiguousDataset c)) return -1;
        try {
            return c.getDataAddress();
        } catch (RuntimeException e) {
            return -1;
        }
    }

    private DataType type() { return guard("the datatype", dataset::getDataType); }

    public Kind kind() {
        DataType t = type();
        if (t instanceof FixedPoint) return Kind.INTEGER;
        if (t instanceof FloatingPoint) return Kind.FLOAT;
        if (t instanceof StringData || t instanceof VariableLength) return Kind.TEXT;
        return Kind.OTHER;
    }

    /** True for fixed-length strings (read a page at a time when long). */
    public boolean fixedLengthText() { return type() instanceof StringData; }

    /** Bytes per element. */
    public int elementSize() { return type().getSize(); }

    /** True for signed integers. */
    public boolean signed() { return type() instanceof FixedPoint f && f.isSigned(); }

    /** The byte order of numbers (little-endian when the type has none). */
    public ByteOrder order() {
        return type() instanceof OrderedDataType o && o.getByteOrder() != null ? o.getByteOrder() : ByteOrder.LITTLE_ENDIAN;
    }

    /** The type in words, for messages: "compound", "enum", "16-bit float". */
    public String typeWords() {
        DataType t = type();
        try {
            ElementCodec c = ElementCodec.of(t, null);
            if (c != null) return c.describe();
        } catch (RuntimeException e) {
            // said by its class below
        }
        return "class " + t.getDataClass();
    }

    /** The stored type of a numeric dataset (integers of 1, 2, 4 or 8 bytes, f16/f32/f64), else null. */
    public ValueType numericType() {
        int w = elementSize();
        return switch (kind()) {
            case INTEGER -> w == 1 || w == 2 || w == 4 || w == 8 ? new ValueType(signed() ? ValueType.Kind.INT : ValueType.Kind.UINT, w) : null;
            case FLOAT -> w == 2 ? ValueType.F16 : w == 4 ? ValueType.F32 : w == 8 ? ValueType.F64 : null;
            default -> null;
        };
    }

    /** All values as jhdf gives them (an array shaped as the dataset, a scalar, or a map of a compound's fields). */
    public Object data() { return read("the values", -1, dataset::getData); }

    /** All values as a 1-D array. */
    public Object dataFlat() { return read("the values", -1, dataset::getDataFlat); }

    /** The values of one field of a compound dataset, or null when it has no such field. */
    public Object field(String name) {
        return data() instanceof Map<?, ?> m ? m.get(name) : null;
    }

    /** The values of the block starting at {@code offset} of shape {@code shape}; {@code what} names it in a failure. */
    public Object slice(long[] offset, int[] shape, String what) {
        return read(what + " of " + plainPath(), -1, () -> dataset.getData(offset, shape));
    }

    /**
     * A 1-D dataset's elements as text, or those of the {@code field} of a compound dataset;
     * empty when it holds no such array.
     */
    public List<String> texts(String field) {
        Object d = field == null ? data() : field(field);
        return d == null || !d.getClass().isArray() ? List.of() : Hdf5Object.texts(d);
    }

    /**
     * The first elements (origins) of a chunked dataset's written chunks, in origin order,
     * when every element outside them reads as zero (the fill value's bytes are all zero):
     * what a reader that follows the data rather than the grid visits. Null when the
     * dataset is not chunked, its fill value is not zero, it has more than {@code max}
     * written chunks, or its chunk index cannot be read.
     */
    public List<long[]> writtenZeroFilledChunks(int max) {
        if (!(dataset instanceof ChunkedDataset c)) return null;
        try {
            int size = type().getSize();
            for (byte b : DatasetColumn.fillValue(dataset, size)) if (b != 0) return null;
            ChunkIndex index = ChunkIndex.of(c, file.source, file.offset(0));
            if (index.count() > max) return null;
            List<long[]> out = new java.util.ArrayList<>((int) index.count());
            for (long i = 0; i < index.count(); i++) out.add(index.get(i).origin());
            return out;
        } catch (RuntimeException e) {
            return null; // an unreadable index: the grid is read as jhdf reads it, and its damage said there
        }
    }

    /** A 1-D string dataset's elements {@code [first, first+n)} as text. */
    public List<String> texts(long first, int n) {
        Object d = slice(new long[] {first}, new int[] {n}, "names " + first + "–" + (first + n - 1));
        return Hdf5Object.texts(d);
    }

    /** The decoded bytes of the chunk starting at {@code origin} (a chunked dataset). */
    public byte[] decodedChunk(int[] origin) {
        if (!(dataset instanceof ChunkedDataset c)) throw Hdf5Failure.problem(plainPath() + " is not chunked", -1);
        return read("the chunk at " + Arrays.toString(origin) + " of " + plainPath(), -1, () -> c.getDecompressedChunk(origin));
    }

    /** A contiguous dataset's stored bytes. */
    public ByteBuffer contiguousBytes() {
        if (!(dataset instanceof ContiguousDataset c)) throw Hdf5Failure.problem(plainPath() + " is not contiguous", -1);
        return read("the data of " + plainPath(), file.offset(contiguousAddress()), () -> c.getBuffer().duplicate());
    }

    /** Where element {@code index} (row-major) lies in the file, or null when PackScope cannot place it. */
    public Hdf5ElementSpans.ElementPlace place(long index) {
        Hdf5ElementSpans spans = file.spans();
        if (spans == null) return null;
        try {
            return spans.elementSpan(address(), plainPath(), index);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private <T> T guard(String what, java.util.function.Supplier<T> s) {
        return read(what + " of " + plainPath(), file.offset(address()), s);
    }

    private static <T> T read(String what, long at, java.util.function.Supplier<T> s) {
        try {
            return s.get();
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            throw Hdf5Failure.reading(what, at, e);
        }
    }
}
