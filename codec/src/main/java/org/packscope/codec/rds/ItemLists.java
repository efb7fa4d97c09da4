package org.packscope.codec.rds;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.RandomAccess;

import org.packscope.codec.io.ByteSource;

/**
 * Compact element lists of STRSXP, VECSXP and EXPRSXP items: real files hold vectors of
 * millions of strings (cell barcodes, gene names) or NULLs, and one Java object per
 * element would not fit a small heap. A string list keeps only where each CHARSXP
 * starts in the stream and makes its {@link RItem.Chars} when asked; a generic list keeps
 * only its non-NULL items and derives each NULL (four bytes in the stream) from them.
 */
final class ItemLists {
    private ItemLists() { }

    /** Big-endian int32 at {@code p}. */
    static int int32(ByteSource src, long p) {
        return (src.get(p) & 0xff) << 24 | (src.get(p + 1) & 0xff) << 16 | (src.get(p + 2) & 0xff) << 8 | src.get(p + 3) & 0xff;
    }

    /**
     * The text of a CHARSXP's bytes: decoded in its declared encoding, or, when they are
     * raw bytes ("bytes" encoding) or not valid in the encoding they claim, written the
     * way R prints such strings: printable ASCII as itself, every other byte as {@code \xNN}.
     */
    static String decode(byte[] b, String encoding, Charset nativeCharset) {
        if (isAscii(b)) return new String(b, StandardCharsets.ISO_8859_1); // the common case, without a decoder
        if (encoding.equals("bytes")) return escaped(b);
        Charset cs = switch (encoding) {
            case "latin1" -> StandardCharsets.ISO_8859_1;
            case "UTF-8", "ASCII" -> StandardCharsets.UTF_8;
            default -> nativeCharset;
        };
        try {
            return cs.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b)).toString();
        } catch (CharacterCodingException e) {
            return escaped(b);
        }
    }

    private static boolean isAscii(byte[] b) {
        for (byte x : b) if (x < 0) return false;
        return true;
    }

    private static String escaped(byte[] b) {
        StringBuilder sb = new StringBuilder(b.length + 8);
        for (byte x : b) {
            int c = x & 0xff;
            if (c < 0x80) sb.append((char) c);
            else sb.append(String.format("\\x%02x", c));
        }
        return sb.toString();
    }

    /** A character vector's CHARSXPs, read from the stream when asked. */
    static final class Strings extends AbstractList<RItem> implements RandomAccess {
        private final ByteSource src;
        private final Charset nativeCharset;
        /** Where each CHARSXP starts. */
        private final Offsets offsets = new Offsets();
        /** Elements that are not plain CHARSXPs (attributes, or not a string at all): rare, kept as read. */
        private final Map<Integer, RItem> others = new HashMap<>();

        Strings(ByteSource src, Charset nativeCharset) {
            this.src = src;
            this.nativeCharset = nativeCharset;
        }

        /** Adds a plain CHARSXP (no attributes) whose flags word is at {@code offset}. */
        void addPlain(long offset) {
            offsets.add(offset);
        }

        void addItem(RItem item) {
            others.put(offsets.size, item);
            addPlain(item.offset());
        }

        @Override public int size() { return offsets.size; }

        /** True when element {@code i} is a CHARSXP (NA or not), read without making it. */
        boolean isString(int i) {
            RItem o = others.isEmpty() ? null : others.get(i);
            return o == null || o instanceof RItem.Chars;
        }

        /** True when element {@code i} is NA_character_. */
        boolean isNA(int i) {
            RItem o = others.get(i);
            if (o != null) return o instanceof RItem.Chars c && c.isNA();
            return int32(src, offsets.get(i) + 4) == -1;
        }

        @Override
        public RItem get(int i) {
            if (i < 0 || i >= offsets.size) throw new IndexOutOfBoundsException(i);
            RItem o = others.isEmpty() ? null : others.get(i);
            if (o != null) return o;
            long off = offsets.get(i);
            RFlags f = new RFlags(int32(src, off));
            int n = int32(src, off + 4);
            String value = n < 0 ? null : decode(src.bytes(off + 8, n), f.charEncoding(), nativeCharset);
            return new RItem.Chars(off, off + 8 + Math.max(0, n), f, n, value, f.charEncoding(), null);
        }
    }

    /** A list's items, of which only the non-NULL ones are held. */
    static final class Sparse extends AbstractList<RItem> implements RandomAccess {
        private static final RFlags NULL_FLAGS = new RFlags(RFlags.NILVALUE_SXP);
        private final long start;
        private int[] indices = new int[8];
        private RItem[] items = new RItem[8];
        private int held;
        private int size;

        /** {@code start}: where the first element's flags word is. */
        Sparse(long start) {
            this.start = start;
        }

        void addNull() {
            size++;
        }

        void addItem(RItem item) {
            if (held == items.length) {
                int n = held + (held >> 1) + 8;
                indices = Arrays.copyOf(indices, n);
                items = Arrays.copyOf(items, n);
            }
            indices[held] = size;
            items[held++] = item;
            size++;
        }

        @Override public int size() { return size; }

        @Override
        public RItem get(int i) {
            if (i < 0 || i >= size) throw new IndexOutOfBoundsException(i);
            int k = Arrays.binarySearch(indices, 0, held, i);
            if (k >= 0) return items[k];
            int before = -k - 2; // the last held item before i, or -1
            long off = before < 0 ? start + 4L * i : items[before].end() + 4L * (i - indices[before] - 1);
            return new RItem.Singleton(off, off + 4, NULL_FLAGS);
        }
    }

    /**
     * A pairlist's cells. A plain cell (no attributes, no tag, its CAR an atomic vector
     * without attributes) is kept only as where it starts and made when asked, so a
     * pairlist of millions of cells costs an int each; any other cell is kept as read.
     */
    static final class Cells extends AbstractList<RItem.Cell> implements RandomAccess {
        private final ByteSource src;
        /** Where each cell's flags word is. */
        private final Offsets offsets = new Offsets();
        /** Cells that are not plain, as read. */
        private final Map<Integer, RItem.Cell> others = new HashMap<>();

        Cells(ByteSource src) {
            this.src = src;
        }

        /**
         * The end of the plain cell whose flags word is {@code at}, or -1 when it is not plain
         * (or its vector's bytes are not all there: then it is read the ordinary way).
         */
        static long plainEnd(ByteSource src, long at, int unusedFlagBits) {
            if (!src.has(at, 12)) return -1;
            int w = int32(src, at);
            if ((w & 0xff) != RFlags.LISTSXP || (w & (unusedFlagBits | 0x600)) != 0) return -1;
            int cw = int32(src, at + 4);
            int t = cw & 0xff;
            boolean atomic = t == RFlags.LGLSXP || t == RFlags.INTSXP || t == RFlags.REALSXP || t == RFlags.CPLXSXP || t == RFlags.RAWSXP;
            if (!atomic || (cw & (unusedFlagBits | 0x200)) != 0) return -1;
            int n = int32(src, at + 8);
            if (n < 0) return -1;
            long end = at + 12 + (long) n * RItem.Vector.elementSize(t);
            return src.has(at + 12, end - at - 12) ? end : -1;
        }

        void addPlain(long offset) {
            offsets.add(offset);
        }

        void addCell(RItem.Cell cell) {
            others.put(offsets.size, cell);
            addPlain(cell.offset());
        }

        /** True when every cell is plain (none is held as read). */
        boolean allPlain() { return others.isEmpty(); }

        /** Cell {@code i}'s tag name, or null, without making a plain cell. */
        String tagName(int i) {
            RItem.Cell c = others.isEmpty() ? null : others.get(i);
            return c == null ? null : c.tagName();
        }

        @Override public int size() { return offsets.size; }

        @Override
        public RItem.Cell get(int i) {
            if (i < 0 || i >= offsets.size) throw new IndexOutOfBoundsException(i);
            RItem.Cell c = others.isEmpty() ? null : others.get(i);
            if (c != null) return c;
            long off = offsets.get(i);
            long end = plainEnd(src, off, 0);
            RFlags cf = new RFlags(int32(src, off + 4));
            RItem.Vector car = new RItem.Vector(off + 4, end, cf, off + 8, int32(src, off + 8), off + 12, src, null);
            return new RItem.Cell(off, end, new RFlags(int32(src, off)), null, null, car);
        }
    }

    /** Stream offsets, four bytes each while the stream is under 2 GB, eight beyond. */
    static final class Offsets {
        private int[] small = new int[16];
        private long[] big;
        int size;

        void add(long offset) {
            int cap = big == null ? small.length : big.length;
            if (size == cap) {
                cap = size + (size >> 1) + 16;
                if (big == null) small = Arrays.copyOf(small, cap);
                else big = Arrays.copyOf(big, cap);
            }
            if (big == null && offset > Integer.MAX_VALUE) {
                big = new long[small.length];
                for (int i = 0; i < size; i++) big[i] = small[i];
                small = null;
            }
            if (big == null) small[size++] = (int) offset;
            else big[size++] = offset;
        }

        long get(int i) { return big == null ? small[i] : big[i]; }
    }
}
