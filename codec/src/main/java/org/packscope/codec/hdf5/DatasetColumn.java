package org.packscope.codec.hdf5;

import java.nio.ByteBuffer;

import io.jhdf.AbstractNode;
import io.jhdf.ObjectHeader;
import io.jhdf.api.Dataset;
import io.jhdf.object.message.DataSpaceMessage;
import io.jhdf.object.message.FillValueMessage;
import io.jhdf.object.message.FillValueOldMessage;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ByteSource;

/**
 * Values of a fixed-size HDF5 dataset in row-major order, read from the stored bytes
 * (see {@link StoredElements}) and converted per element by its {@link ElementCodec}:
 * numbers bit-exact (float16 included), compounds packed, enums by name, opaque as hex.
 */
final class DatasetColumn implements ValueColumn {
    private final String name;
    private final StoredElements elements;
    private final ElementCodec codec;

    DatasetColumn(String name, StoredElements elements, ElementCodec codec) {
        this.name = name;
        this.elements = elements;
        this.codec = codec;
    }

    /** True when the dataset's dataspace is the null dataspace (no elements at all, not even one). */
    static boolean nullDataspace(Dataset d) {
        if (!(d instanceof AbstractNode a)) return false;
        ObjectHeader oh = a.getHeader();
        return oh.hasMessageOfType(DataSpaceMessage.class) && oh.getMessageOfType(DataSpaceMessage.class).getDataSpace().getType() == 2;
    }

    /**
     * True when the dataset's creator set a fill value (HDF5's "user defined" fill; a
     * netCDF variable in "no fill" mode has none).
     */
    static boolean fillDefined(Dataset d) {
        if (!(d instanceof AbstractNode a)) return false;
        ObjectHeader oh = a.getHeader();
        if (oh.hasMessageOfType(FillValueMessage.class)) return oh.getMessageOfType(FillValueMessage.class).isFillValueDefined();
        return oh.hasMessageOfType(FillValueOldMessage.class);
    }

    /** The dataset's fill value as stored (one element), zeros when it sets none. */
    static byte[] fillValue(Dataset d, int size) {
        byte[] fill = new byte[size];
        if (!(d instanceof AbstractNode a)) return fill;
        ObjectHeader oh = a.getHeader();
        ByteBuffer b = null;
        if (oh.hasMessageOfType(FillValueMessage.class)) {
            FillValueMessage m = oh.getMessageOfType(FillValueMessage.class);
            if (m.isFillValueDefined()) b = m.getFillValue();
        } else if (oh.hasMessageOfType(FillValueOldMessage.class)) {
            b = oh.getMessageOfType(FillValueOldMessage.class).getFillValue();
        }
        if (b != null && b.remaining() >= size) b.duplicate().get(fill);
        return fill;
    }

    /** The column for a fixed-size dataset, or null when its type is not one {@link ElementCodec} reads. */
    static DatasetColumn of(Dataset d, ElementCodec codec, long count, ByteSource file, long base) {
        long[] dims = d.isScalar() ? new long[0] : d.getDimensionsAsLong();
        byte[] fill = fillValue(d, codec.stored);
        return new DatasetColumn(d.getName(), new StoredElements(d, codec.stored, count, dims, fill, file, base), codec);
    }

    @Override public String name() { return name; }
    @Override public ValueType type() { return codec.type; }
    @Override public long count() { return elements.count(); }

    ElementCodec codec() { return codec; }

    StoredElements elements() { return elements; }

    @Override public boolean mayHaveGaps() { return elements.mayHaveGaps(); }

    @Override
    public void gaps(long start, byte[] dst, int off, int len) { elements.gaps(start, len, dst, off); }

    @Override
    public String gapReason(long index) { return elements.gapReason(index); }

    @Override
    public void readRaw(long start, int len, byte[] dst, int off) {
        if (codec.identity()) {
            elements.read(start, len, dst, off);
            return;
        }
        int s = codec.stored, w = codec.type.byteWidth();
        byte[] stored = new byte[len * s];
        elements.read(start, len, stored, 0);
        for (int i = 0; i < len; i++) codec.toLittleEndian(stored, i * s, dst, off + i * w);
    }

    @Override
    public void read(long start, long[] dst, int off, int len) {
        ValueType t = codec.type;
        if (!t.numeric()) throw new IllegalArgumentException(t.label() + " values have no numeric form");
        byte[] b = new byte[len * t.byteWidth()];
        readRaw(start, len, b, 0);
        t.readLE(b, 0, dst, off, len);
    }

    @Override
    public String text(long index) {
        byte[] b = new byte[codec.type.byteWidth()];
        readRaw(index, 1, b, 0);
        return codec.text(b, 0);
    }
}
