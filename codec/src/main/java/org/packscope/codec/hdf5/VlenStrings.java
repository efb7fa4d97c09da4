package org.packscope.codec.hdf5;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.jhdf.GlobalHeap;
import io.jhdf.HdfFile;
import io.jhdf.api.Dataset;
import io.jhdf.storage.HdfBackingStorage;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.store.UnitCache;

/**
 * Variable-length strings from their bytes in the global heap. Each stored element is a
 * descriptor (the string's length in bytes, then the address of a global heap collection
 * and the object's index in it); the bytes are text when they are valid UTF-8 and
 * otherwise shown with each byte ≥ 0x80 as {@code \xNN}, as fixed-length strings and
 * netCDF {@code char} data are. jhdf decodes them itself and replaces such bytes by
 * U+FFFD, which loses what the file holds.
 */
final class VlenStrings {
    /** Global heap collections kept per dataset; a collection usually holds many strings. */
    private static final int HEAPS_KEPT = 64;
    /** What a collection is counted as holding: HDF5 writes them at least 4 KiB long. */
    private static final long HEAP_BYTES = 4096;

    private final HdfBackingStorage storage;
    private final int offsets;
    private final UnitCache<Long, GlobalHeap> heaps = new UnitCache<>(HEAPS_KEPT, Long.MAX_VALUE, h -> HEAP_BYTES);

    VlenStrings(HdfFile file) {
        this.storage = file.getHdfBackingStorage();
        this.offsets = storage.getSizeOfOffsets();
    }

    /** Bytes of one stored descriptor: length (4), collection address, object index (4). */
    int descriptorSize() {
        return 4 + offsets + 4;
    }

    /** The string a descriptor at {@code b[off..]} (little-endian) points to. */
    String text(byte[] b, int off) {
        ByteBuffer d = ByteBuffer.wrap(b, off, descriptorSize()).order(ByteOrder.LITTLE_ENDIAN);
        long length = d.getInt(off) & 0xffffffffL;
        long address = offsets == 8 ? d.getLong(off + 4) : offsets == 4 ? d.getInt(off + 4) & 0xffffffffL : readUnsigned(b, off + 4, offsets);
        int index = d.getInt(off + 4 + offsets);
        // never written (fill value zeros) or the empty string: HDF5 stores no heap object
        if (index == 0 || length == 0) return "";
        ByteBuffer object;
        synchronized (heaps) {
            GlobalHeap h = heaps.get(address);
            if (h == null) {
                h = new GlobalHeap(storage, address);
                heaps.put(address, h);
            }
            try {
                object = h.getObjectData(index);
            } catch (IllegalArgumentException e) {
                throw Hdf5Failure.problem("the global heap collection at byte " + address + " has no object " + Integer.toUnsignedString(index)
                        + " (a variable-length string points to it)", address);
            }
        }
        int n = (int) Math.min(length, object.remaining());
        byte[] bytes = new byte[n];
        object.get(bytes);
        return ElementCodec.decode(bytes, 0, n);
    }

    private static long readUnsigned(byte[] b, int off, int width) {
        long v = 0;
        for (int i = width - 1; i >= 0; i--) v = v << 8 | (b[off + i] & 0xff);
        return v;
    }

    /** A dataset's strings, its descriptors read as any fixed-size element (chunked, filtered, fill values). */
    ValueColumn column(Dataset d, long count, ByteSource file, long base) {
        long[] dims = d.isScalar() ? new long[0] : d.getDimensionsAsLong();
        int size = descriptorSize();
        StoredElements elements = new StoredElements(d, size, count, dims, DatasetColumn.fillValue(d, size), file, base);
        String name = d.getName();
        return new ValueColumn() {
            @Override public String name() { return name; }
            @Override public ValueType type() { return ValueType.TEXT; }
            @Override public long count() { return count; }

            @Override
            public void read(long start, long[] dst, int off, int len) {
                throw new IllegalArgumentException("variable-length strings have no numeric form");
            }

            @Override public boolean mayHaveGaps() { return elements.mayHaveGaps(); }

            @Override
            public void gaps(long start, byte[] dst, int off, int len) { elements.gaps(start, len, dst, off); }

            @Override
            public String gapReason(long index) { return elements.gapReason(index); }

            @Override
            public String text(long index) {
                if (index < 0 || index >= count) throw new IndexOutOfBoundsException(index);
                byte[] b = new byte[size];
                elements.read(index, 1, b, 0);
                return VlenStrings.this.text(b, 0);
            }
        };
    }
}
