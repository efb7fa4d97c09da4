package org.packscope.codec.hdf5.layout;

import java.util.function.Consumer;

import org.packscope.codec.hdf5.Hdf5Rules;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.ReadProblem;

/**
 * The array chunk indexes of layout version 4 (format specification VII): the fixed array
 * ("FAHD" header, "FADB" data block, paged above 2^pageBits entries) and the extensible
 * array ("EAHD" header, "EAIB" index block, "EASB" super blocks, "EADB" data blocks). Both
 * hold one entry per chunk, in chunk order: its address and, for filtered chunks, its
 * stored size and filter mask. An entry is handed on as (chunk number, absolute place).
 */
public final class ChunkArrays {
    private ChunkArrays() { }

    /** Receives an entry: the chunk's number in the index and where its entry is (absolute). */
    @FunctionalInterface
    public interface Entries {
        void entry(long index, long at);
    }

    /** The fixed array header's fields that place its entries. */
    public record FixedArray(long address, int client, int entrySize, int pageBits, long entries, long dataBlock) { }

    public static FixedArray fixedHeader(FileContext c, long address, Node n, Consumer<Diagnostic> problems, String what) {
        c.requireInFile(address, 12 + c.lengthSize() + c.offsetSize(), null, "the fixed array header of " + what);
        FieldReader r = c.reader(address, n);
        FileContext.signature(r, "FAHD", "fahd.signature", "fixed array header");
        FileContext.version(r, "fahd.version", "fixed array header", 0);
        int client = r.u8("fahd.client", "client ID", "0 unfiltered chunks, 1 filtered chunks");
        long sizeAt = r.byteOffset();
        int entrySize = r.u8("fahd.entry_size", "entry size", "bytes of every entry");
        int pageBits = r.u8("fahd.page_bits", "page bits", "a data block is paged when it has more than 2^bits entries");
        long entries = c.length(r, "fahd.entries", "maximum number of entries", "one per chunk");
        long block = c.address(r, "fahd.data_block", "data block address", "the entries (undefined: none written)");
        FileContext.checksum(r, c.abs(address), "fahd.checksum", problems, "the fixed array header of " + what);
        if (entrySize < c.offsetSize() || pageBits > 32 || entries < 0 || entries > (1L << 40)) {
            throw ReadProblem.at(StructureRules.BAD_COUNT, Span.bytes(sizeAt, 2), what + ": a fixed array of " + entries + " entries of "
                    + entrySize + " bytes in pages of 2^" + pageBits + " is impossible");
        }
        return new FixedArray(address, client, entrySize, pageBits, entries, block);
    }

    /** Reads the data block's prefix (recording into {@code n}), checks it, and hands on every entry. */
    public static void fixedData(FileContext c, FixedArray h, Node n, Consumer<Diagnostic> problems, Entries out, String what) {
        if (h.dataBlock == FileContext.UNDEFINED) return;
        long pageSize = 1L << h.pageBits;
        boolean paged = h.entries > pageSize;
        long pages = paged ? (h.entries + pageSize - 1) / pageSize : 0;
        long bitmap = paged ? (pages + 7) / 8 : 0;
        long prefix = 6 + c.offsetSize() + bitmap;
        long total = paged ? prefix + 4 + h.entries * h.entrySize + pages * 4 : prefix + h.entries * h.entrySize + 4;
        c.requireInFile(h.dataBlock, total, null, "the fixed array data block of " + what);
        FieldReader r = c.reader(h.dataBlock, n);
        FileContext.signature(r, "FADB", "fadb.signature", "fixed array data block");
        FileContext.version(r, "fadb.version", "fixed array data block", 0);
        r.u8("fadb.client", "client ID", "as in the header");
        long hdrAt = r.byteOffset();
        long header = c.address(r, "fadb.header", "header address", "the fixed array header this block belongs to");
        if (header != h.address) {
            throw ReadProblem.at(StructureRules.BAD_BTREE, Span.bytes(hdrAt, c.offsetSize()), what + ": the fixed array data block at byte "
                    + c.abs(h.dataBlock) + " names the header at " + header + ", not " + h.address);
        }
        if (paged) r.bytes((int) bitmap, "fadb.page_bitmap", "page init bitmap", b -> pages + " pages", "bit i set: page i was written");
        if (!paged) {
            long at = r.byteOffset();
            r.skipBytes(h.entries * h.entrySize, "entries");
            if (r.recording()) r.recordSpan("fadb.entries", -1, "entries", at, r.byteOffset(), h.entries + " × " + h.entrySize + " bytes", "one entry per chunk");
            FileContext.checksum(r, c.abs(h.dataBlock), "fadb.checksum", problems, "the fixed array data block of " + what);
            for (long i = 0; i < h.entries; i++) out.entry(i, at + i * h.entrySize);
            return;
        }
        FileContext.checksum(r, c.abs(h.dataBlock), "fadb.checksum", problems, "the fixed array data block of " + what);
        for (long p = 0; p < pages; p++) {
            long count = Math.min(pageSize, h.entries - p * pageSize);
            long at = r.byteOffset();
            r.skipBytes(count * h.entrySize, "page");
            if (r.recording()) r.recordSpan("fadb.page", (int) p, "page " + p, at, r.byteOffset(), count + " entries", "entries " + p * pageSize + " to " + (p * pageSize + count - 1));
            FileContext.checksum(r, at, "fadb.page_checksum", problems, "page " + p + " of the fixed array of " + what);
            for (long i = 0; i < count; i++) out.entry(p * pageSize + i, at + i * h.entrySize);
        }
    }

    /** The extensible array header's creation parameters. */
    public record ExtensibleArray(long address, int client, int elementSize, int maxBits, int indexElements, int minElements,
                                  int minPointers, int pageBits, long indexBlock) {
        int superBlocks() { return 1 + maxBits - log2(minElements); }

        int indexSuperBlocks() { return 2 * log2(minPointers); }

        int indexDataBlocks() { return 2 * (minPointers - 1); }

        long dataBlocksIn(int sblk) { return 1L << (sblk / 2); }

        long elementsPerDataBlock(int sblk) { return (1L << ((sblk + 1) / 2)) * minElements; }

        int arrayOffsetSize() { return (maxBits + 7) / 8; }
    }

    private static int log2(long v) { return 63 - Long.numberOfLeadingZeros(Math.max(1, v)); }

    public static ExtensibleArray extensibleHeader(FileContext c, long address, Node n, Consumer<Diagnostic> problems, String what) {
        c.requireInFile(address, 16 + 6L * c.lengthSize() + c.offsetSize(), null, "the extensible array header of " + what);
        FieldReader r = c.reader(address, n);
        FileContext.signature(r, "EAHD", "eahd.signature", "extensible array header");
        FileContext.version(r, "eahd.version", "extensible array header", 0);
        int client = r.u8("eahd.client", "client ID", "0 unfiltered chunks, 1 filtered chunks");
        long paramsAt = r.byteOffset();
        int elementSize = r.u8("eahd.element_size", "element size", "bytes of every entry");
        int maxBits = r.u8("eahd.max_bits", "maximum number of elements bits", "log2 of the most entries");
        int indexElements = r.u8("eahd.index_elements", "index block elements", "entries kept in the index block itself");
        int minElements = r.u8("eahd.min_elements", "data block minimum elements", "entries in the smallest data block");
        int minPointers = r.u8("eahd.min_pointers", "secondary block minimum data block pointers", "data blocks of the smallest super block");
        int pageBits = r.u8("eahd.page_bits", "maximum data block page elements bits", "a data block is paged when it has more than 2^bits entries");
        c.length(r, "eahd.super_blocks", "number of secondary blocks", "super blocks allocated");
        c.length(r, "eahd.super_block_size", "size of secondary blocks", "bytes");
        c.length(r, "eahd.data_blocks", "number of data blocks", "data blocks allocated");
        c.length(r, "eahd.data_block_size", "size of data blocks", "bytes");
        c.length(r, "eahd.max_index", "maximum index set", "one past the highest entry written");
        c.length(r, "eahd.realized", "number of elements realized", "entries the allocated blocks hold");
        long iblock = c.address(r, "eahd.index_block", "index block address", "the index block (undefined: nothing written)");
        FileContext.checksum(r, c.abs(address), "eahd.checksum", problems, "the extensible array header of " + what);
        if (elementSize < c.offsetSize() || maxBits < 1 || maxBits > 64 || minElements < 1 || Long.bitCount(minElements) != 1
                || minPointers < 1 || Long.bitCount(minPointers) != 1 || log2(minElements) > maxBits || pageBits > 32) {
            throw ReadProblem.at(StructureRules.BAD_COUNT, Span.bytes(paramsAt, 6), what + ": impossible extensible array parameters (element size "
                    + elementSize + ", max bits " + maxBits + ", data block minimum " + minElements + ", super block minimum " + minPointers + ")");
        }
        return new ExtensibleArray(address, client, elementSize, maxBits, indexElements, minElements, minPointers, pageBits, iblock);
    }

    /**
     * Reads the index block (recording into {@code n}) and, without recording, every super
     * and data block it leads to, handing on every entry. A block that cannot be read loses
     * its entries, reported to {@code problems}.
     */
    public static void extensibleData(FileContext c, ExtensibleArray h, Node n, Consumer<Diagnostic> problems, Entries out, String what) {
        if (h.indexBlock == FileContext.UNDEFINED) return;
        int dblks = h.indexDataBlocks();
        int sblks = Math.max(0, h.superBlocks() - h.indexSuperBlocks());
        long size = 6 + c.offsetSize() + (long) h.indexElements * h.elementSize + (long) (dblks + sblks) * c.offsetSize() + 4;
        c.requireInFile(h.indexBlock, size, null, "the extensible array index block of " + what);
        FieldReader r = c.reader(h.indexBlock, n);
        FileContext.signature(r, "EAIB", "eaib.signature", "extensible array index block");
        FileContext.version(r, "eaib.version", "extensible array index block", 0);
        r.u8("eaib.client", "client ID", "as in the header");
        header(c, r, h.address, "eaib.header", "the index block", what);
        long elementsAt = r.byteOffset();
        r.skipBytes((long) h.indexElements * h.elementSize, "index block elements");
        if (r.recording() && h.indexElements > 0) r.recordSpan("eaib.elements", -1, "elements", elementsAt, r.byteOffset(), h.indexElements + " entries", "the first entries, kept in the index block");
        long[] dataBlocks = new long[dblks];
        for (int i = 0; i < dblks; i++) dataBlocks[i] = c.address(r, "eaib.data_block", i, "data block " + i, "a data block of the first super blocks (undefined: not allocated)");
        long[] superBlocks = new long[sblks];
        for (int i = 0; i < sblks; i++) superBlocks[i] = c.address(r, "eaib.super_block", i, "super block " + i, "a secondary block (undefined: not allocated)");
        FileContext.checksum(r, c.abs(h.indexBlock), "eaib.checksum", problems, "the extensible array index block of " + what);
        for (int i = 0; i < h.indexElements; i++) out.entry(i, elementsAt + (long) i * h.elementSize);
        long index = h.indexElements;
        int d = 0;
        java.util.Set<Long> seen = new java.util.HashSet<>();
        for (int u = 0; u < h.superBlocks(); u++) {
            long per = h.elementsPerDataBlock(u);
            long count = h.dataBlocksIn(u);
            long[] blocks;
            if (u < h.indexSuperBlocks()) {
                blocks = new long[(int) count];
                for (int k = 0; k < count; k++) blocks[k] = d < dblks ? dataBlocks[d++] : FileContext.UNDEFINED;
            } else {
                long sb = superBlocks[u - h.indexSuperBlocks()];
                if (sb == FileContext.UNDEFINED) break;
                try {
                    if (!seen.add(sb)) throw ReadProblem.atByte(Hdf5Rules.CYCLE, c.abs(sb), what + ": the super block at byte " + c.abs(sb) + " is listed twice");
                    blocks = superBlock(c, h, sb, u, index, null, problems, what);
                } catch (ReadProblem p) {
                    problems.accept(p.diagnostic());
                    index += per * count;
                    continue;
                }
            }
            for (long b : blocks) {
                if (b != FileContext.UNDEFINED) {
                    try {
                        if (!seen.add(b)) throw ReadProblem.atByte(Hdf5Rules.CYCLE, c.abs(b), what + ": the data block at byte " + c.abs(b) + " is listed twice");
                        dataBlock(c, h, b, per, index, null, problems, out, what);
                    } catch (ReadProblem p) {
                        problems.accept(p.diagnostic());
                    }
                }
                index += per;
            }
        }
    }

    private static void header(FileContext c, FieldReader r, long expected, String key, String block, String what) {
        long at = r.byteOffset();
        long header = c.address(r, key, "header address", "the array header this block belongs to");
        if (header != expected) {
            throw ReadProblem.at(StructureRules.BAD_BTREE, Span.bytes(at, c.offsetSize()), what + ": " + block + " at byte "
                    + (at - 6) + " names the header at " + header + ", not " + expected);
        }
    }

    /** A super block's data block addresses (recording into {@code n}). */
    public static long[] superBlock(FileContext c, ExtensibleArray h, long address, int sblk, long firstIndex, Node n,
                                    Consumer<Diagnostic> problems, String what) {
        long count = h.dataBlocksIn(sblk);
        long per = h.elementsPerDataBlock(sblk);
        long pageSize = 1L << h.pageBits;
        long bitmap = per > pageSize ? (count * (per / pageSize) + 7) / 8 : 0;
        c.requireInFile(address, 6 + c.offsetSize() + h.arrayOffsetSize() + bitmap + count * c.offsetSize() + 4, null, "an extensible array super block of " + what);
        FieldReader r = c.reader(address, n);
        FileContext.signature(r, "EASB", "easb.signature", "extensible array secondary block");
        FileContext.version(r, "easb.version", "extensible array secondary block", 0);
        r.u8("easb.client", "client ID", "as in the header");
        header(c, r, h.address, "easb.header", "a super block", what);
        FileContext.uint(r, h.arrayOffsetSize(), "easb.block_offset", -1, "block offset", "index of the first entry this block covers (" + firstIndex + ")");
        if (bitmap > 0) r.bytes((int) bitmap, "easb.page_bitmap", "page init bitmap", b -> bitmap + " bytes", "bit set: that data block page was written");
        long[] blocks = new long[(int) count];
        for (int i = 0; i < count; i++) blocks[i] = c.address(r, "easb.data_block", i, "data block " + i, "a data block (undefined: not allocated)");
        FileContext.checksum(r, c.abs(address), "easb.checksum", problems, "an extensible array super block of " + what);
        return blocks;
    }

    /** A data block of {@code per} entries starting at entry {@code firstIndex} (recording into {@code n}). */
    public static void dataBlock(FileContext c, ExtensibleArray h, long address, long per, long firstIndex, Node n,
                                 Consumer<Diagnostic> problems, Entries out, String what) {
        long pageSize = 1L << h.pageBits;
        boolean paged = per > pageSize;
        long prefix = 6 + c.offsetSize() + h.arrayOffsetSize();
        long total = prefix + 4 + per * h.elementSize + (paged ? (per / pageSize) * 4 : 0);
        c.requireInFile(address, total, null, "an extensible array data block of " + what);
        FieldReader r = c.reader(address, n);
        FileContext.signature(r, "EADB", "eadb.signature", "extensible array data block");
        FileContext.version(r, "eadb.version", "extensible array data block", 0);
        r.u8("eadb.client", "client ID", "as in the header");
        header(c, r, h.address, "eadb.header", "a data block", what);
        FileContext.uint(r, h.arrayOffsetSize(), "eadb.block_offset", -1, "block offset", "index of the first entry this block covers (" + firstIndex + ")");
        if (!paged) {
            long at = r.byteOffset();
            r.skipBytes(per * h.elementSize, "entries");
            if (r.recording()) r.recordSpan("eadb.entries", -1, "entries", at, r.byteOffset(), per + " × " + h.elementSize + " bytes", "entries " + firstIndex + " to " + (firstIndex + per - 1));
            FileContext.checksum(r, c.abs(address), "eadb.checksum", problems, "an extensible array data block of " + what);
            for (long i = 0; i < per; i++) out.entry(firstIndex + i, at + i * h.elementSize);
            return;
        }
        FileContext.checksum(r, c.abs(address), "eadb.checksum", problems, "an extensible array data block of " + what);
        for (long p = 0; p < per / pageSize; p++) {
            long at = r.byteOffset();
            r.skipBytes(pageSize * h.elementSize, "page");
            FileContext.checksum(r, at, "eadb.page_checksum", problems, "a data block page of " + what);
            for (long i = 0; i < pageSize; i++) out.entry(firstIndex + p * pageSize + i, at + i * h.elementSize);
        }
    }
}
