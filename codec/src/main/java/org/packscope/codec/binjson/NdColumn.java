package org.packscope.codec.binjson;

import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueType;

/**
 * The elements of an N-D array (or of one slice of it: {@code first .. first+count} in
 * row-major order) as a typed column. Ints keep their stored width, so readRaw gives
 * the stored little-endian bytes; floats come with their removed bits as zero; strings
 * are text. Stateless apart from the string-element offsets, built once on demand.
 */
final class NdColumn implements ValueColumn {
    private final String name;
    private final Document doc;
    private final Head head;
    private final long first;
    private final long count;
    private final NdStrings stringIndex;

    NdColumn(String name, Document doc, Head head, long first, long count, NdStrings stringIndex) {
        this.name = name;
        this.doc = doc;
        this.head = head;
        this.first = first;
        this.count = count;
        this.stringIndex = stringIndex;
    }

    @Override public String name() { return name; }

    @Override
    public ValueType type() {
        return switch (head.nd().elemType()) {
            case 0 -> ValueType.TEXT;
            case 1 -> ValueType.BOOL;
            case 2 -> switch (head.nd().width()) {
                case 1 -> ValueType.I8;
                case 2 -> ValueType.I16;
                case 4 -> ValueType.I32;
                default -> ValueType.I64;
            };
            default -> ValueType.F64;
        };
    }

    @Override public long count() { return count; }

    @Override
    public void read(long start, long[] dst, int off, int len) {
        if (start < 0 || len < 0 || start > count - len) throw new IndexOutOfBoundsException("rows " + start + "+" + len);
        BjReader r = BjReader.silent(doc);
        long base = first + start;
        switch (head.nd().elemType()) {
            case 1 -> {
                for (int i = 0; i < len; i++) dst[off + i] = r.ndBool(head, base + i) ? 1 : 0;
            }
            case 2 -> {
                for (int i = 0; i < len; i++) dst[off + i] = r.ndInt(head, base + i);
            }
            case 3 -> readFloats(base, dst, off, len);
            default -> throw new UnsupportedOperationException("string elements have no numeric value; use text()");
        }
    }

    /**
     * Float elements plane by plane: each plane's bytes for the rows asked are contiguous,
     * so they are fetched in one read and or'ed into place (removed bits stay zero).
     */
    private void readFloats(long first, long[] dst, int off, int len) {
        Header hd = doc.header();
        int planes = hd.planes();
        long count = head.count();
        long mask = -1L << hd.removedBits();
        java.util.Arrays.fill(dst, off, off + len, 0L);
        for (int j = 0; j < planes; j++) {
            byte[] plane = doc.source().bytes(head.bodyStart() + j * count + first, len);
            int shift = 56 - 8 * j;
            for (int i = 0; i < len; i++) dst[off + i] |= (long) (plane[i] & 0xff) << shift;
        }
        for (int i = 0; i < len; i++) dst[off + i] &= mask;
    }

    @Override
    public void readRaw(long start, int len, byte[] dst, int off) {
        if (head.nd().elemType() == 0) return; // text has no fixed-width raw form
        ValueColumn.super.readRaw(start, len, dst, off);
    }

    @Override
    public String text(long index) {
        if (head.nd().elemType() != 0) {
            long[] one = new long[1];
            read(index, one, 0, 1);
            return head.nd().elemType() == 3 ? JsonFloats.format(Double.longBitsToDouble(one[0])) : type().format(one[0]);
        }
        if (index < 0 || index >= count) throw new IndexOutOfBoundsException(index);
        String s = stringIndex.text(first + index);
        return s == null ? "" : s;
    }
}
