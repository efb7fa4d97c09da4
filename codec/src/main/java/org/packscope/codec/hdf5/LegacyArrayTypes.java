package org.packscope.codec.hdf5;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;

import io.jhdf.Superblock;
import io.jhdf.storage.HdfBackingStorage;

/**
 * Array datatypes of version 1, as HDF5 1.6 wrote them for the array members of PyTables
 * tables. HDF5 lays out an array type of version 1 exactly as one of version 2 (dimension
 * count, 3 reserved bytes, the sizes, then permutation indices); jhdf 0.13 skips the
 * reserved bytes and permutations only for version 2, so it reads the rest of the type
 * (and every member after it) from the wrong bytes and fails on the whole object header.
 *
 * <p>This finds those types in a version 1 object header (its datatype message and the
 * datatypes of its attributes, across continuation blocks) and gives jhdf a view of the
 * file in which each of them says version 2; nothing else differs, so jhdf then reads the
 * type, and the object, as HDF5 does.
 */
final class LegacyArrayTypes {
    private static final int DATATYPE = 3, ATTRIBUTE = 12, CONTINUATION = 16;
    private static final int SHARED = 0x02;
    private static final int ARRAY = 10;
    /** Continuation blocks and datatype nesting beyond these are damage, not data. */
    private static final int MAX_BLOCKS = 64, MAX_DEPTH = 32;

    private LegacyArrayTypes() { }

    /**
     * A view of {@code st} in which the version 1 array datatypes of the object header at
     * {@code address} read as version 2, or null when the header has none (or is not a
     * version 1 header this can walk).
     */
    static HdfBackingStorage patched(HdfBackingStorage st, long address) {
        List<Long> found = new ArrayList<>();
        try {
            ByteBuffer prefix = order(st.readBufferFromAddress(address, 16));
            if ((prefix.get(0) & 0xff) != 1) return null;
            int messages = prefix.getShort(2) & 0xffff;
            long size = prefix.getInt(8) & 0xffffffffL;
            List<long[]> blocks = new ArrayList<>();
            blocks.add(new long[] {address + 16, size});
            int seen = 0;
            for (int i = 0; i < blocks.size() && i < MAX_BLOCKS && seen < messages; i++) {
                long at = blocks.get(i)[0], len = blocks.get(i)[1];
                // a block that claims more than the file holds is damage jhdf has already reported
                if (at < 0 || len < 0 || len > st.size() - st.getUserBlockSize() - at) return null;
                ByteBuffer b = order(st.readBufferFromAddress(at, (int) len));
                int p = 0;
                while (p + 8 <= len && seen < messages) {
                    int type = b.getShort(p) & 0xffff;
                    int mlen = b.getShort(p + 2) & 0xffff;
                    int flags = b.get(p + 4) & 0xff;
                    int data = p + 8;
                    if (data + mlen > len) break;
                    seen++;
                    if (type == CONTINUATION) {
                        blocks.add(new long[] {offset(b, data, st.getSizeOfOffsets()), offset(b, data + st.getSizeOfOffsets(), st.getSizeOfLengths())});
                    } else if (type == DATATYPE && (flags & SHARED) == 0) {
                        walk(b, data, at, found, 0);
                    } else if (type == ATTRIBUTE) {
                        attribute(b, data, at, found);
                    }
                    p = data + mlen;
                }
            }
        } catch (RuntimeException e) {
            return null; // a header this cannot walk is left to jhdf's own report
        }
        return found.isEmpty() ? null : new Patched(st, found);
    }

    /** The datatype inside an attribute message (versions 1 to 3). */
    private static void attribute(ByteBuffer b, int p, long base, List<Long> found) {
        int version = b.get(p) & 0xff;
        if ((b.get(p + 1) & 0xff & SHARED) != 0 && version > 1) return; // a shared datatype lives elsewhere
        int nameSize = b.getShort(p + 2) & 0xffff;
        int at = p + (version == 3 ? 9 : 8);
        at += version == 1 ? pad8(nameSize) : nameSize;
        walk(b, at, base, found, 0);
    }

    /**
     * Walks one datatype at {@code b[p..]} (the block starting at file address {@code base}),
     * noting the address of each array type of version 1; returns where it ends.
     */
    private static int walk(ByteBuffer b, int p, long base, List<Long> found, int depth) {
        if (depth > MAX_DEPTH) throw new IllegalStateException("datatypes nest too deep");
        int head = b.get(p) & 0xff;
        int cls = head & 0x0f, version = head >>> 4;
        int bits = (b.get(p + 1) & 0xff) | (b.get(p + 2) & 0xff) << 8 | (b.get(p + 3) & 0xff) << 16;
        long size = b.getInt(p + 4) & 0xffffffffL;
        int q = p + 8;
        switch (cls) {
            case 0, 4 -> q += 4;                    // fixed point, bitfield: offset and precision
            case 1 -> q += 12;                      // floating point
            case 2 -> q += 2;                       // time
            case 3, 7 -> { }                        // string, reference
            case 5 -> q += bits & 0xff;             // opaque: its tag, already padded
            case 6 -> {                             // compound
                int members = bits & 0xffff;
                for (int i = 0; i < members; i++) {
                    int name = q;
                    while (b.get(q) != 0) q++;
                    q++;
                    if (version < 3) q = name + pad8(q - name);
                    q += version < 3 ? 4 : bytesFor(size);
                    if (version == 1) q += 28;      // dimensionality, reserved, permutation, four sizes
                    q = walk(b, q, base, found, depth + 1);
                }
            }
            case 8 -> {                             // enumeration: base type, names, values
                int baseType = q;
                q = walk(b, q, base, found, depth + 1);
                long width = b.getInt(baseType + 4) & 0xffffffffL;
                int members = bits & 0xffff;
                for (int i = 0; i < members; i++) {
                    int name = q;
                    while (b.get(q) != 0) q++;
                    q++;
                    if (version < 3) q = name + pad8(q - name);
                }
                q = Math.toIntExact(q + members * width);
            }
            case 9 -> q = walk(b, q, base, found, depth + 1);
            case ARRAY -> {
                if (version == 1) found.add(base + p);
                int dims = b.get(q) & 0xff;
                q += version < 3 ? 4 + 8 * dims : 1 + 4 * dims;
                q = walk(b, q, base, found, depth + 1);
            }
            default -> throw new IllegalStateException("datatype class " + cls);
        }
        return q;
    }

    private static int pad8(int n) {
        return (n + 7) & ~7;
    }

    private static int bytesFor(long size) {
        int n = 1;
        while (n < 8 && size >>> (8 * n) != 0) n++;
        return n;
    }

    private static long offset(ByteBuffer b, int p, int width) {
        long v = 0;
        for (int i = width - 1; i >= 0; i--) v = v << 8 | (b.get(p + i) & 0xff);
        return v;
    }

    private static ByteBuffer order(ByteBuffer b) {
        return b.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The file as jhdf reads it, with the noted datatype headers saying version 2 (0x2a). */
    private static final class Patched implements HdfBackingStorage {
        private final HdfBackingStorage st;
        private final long[] at;

        Patched(HdfBackingStorage st, List<Long> at) {
            this.st = st;
            this.at = at.stream().mapToLong(Long::longValue).sorted().toArray();
        }

        private ByteBuffer patch(ByteBuffer b, long from) {
            long to = from + b.remaining();
            boolean any = false;
            for (long a : at) any |= a >= from && a < to;
            if (!any) return b;
            ByteBuffer copy = ByteBuffer.allocate(b.remaining());
            copy.put(b.duplicate()).flip();
            for (long a : at) if (a >= from && a < to) copy.put((int) (a - from), (byte) ((2 << 4) | ARRAY));
            return copy.order(b.order());
        }

        @Override public ByteBuffer readBufferFromAddress(long address, int length) {
            return patch(st.readBufferFromAddress(address, length), address);
        }

        @Override public ByteBuffer map(long address, long length) { return patch(st.map(address, length), address); }

        @Override public ByteBuffer mapNoOffset(long address, long length) {
            return patch(st.mapNoOffset(address, length), address - st.getUserBlockSize());
        }

        @Override public long getUserBlockSize() { return st.getUserBlockSize(); }
        @Override public Superblock getSuperblock() { return st.getSuperblock(); }
        @Override public FileChannel getFileChannel() { return st.getFileChannel(); }
        @Override public int getSizeOfOffsets() { return st.getSizeOfOffsets(); }
        @Override public int getSizeOfLengths() { return st.getSizeOfLengths(); }
        @Override public void close() { st.close(); }
        @Override public long size() { return st.size(); }
        @Override public boolean inMemory() { return st.inMemory(); }
    }
}
