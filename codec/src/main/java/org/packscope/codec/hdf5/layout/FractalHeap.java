package org.packscope.codec.hdf5.layout;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import org.packscope.codec.hdf5.Hdf5Rules;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.ReadProblem;

/**
 * A fractal heap (format specification III.G): the header ("FRHP") and its doubling table
 * of direct ("FHDB") and indirect ("FHIB") blocks, where new-style groups keep their link
 * messages and objects their dense attributes. PackScope reads as much as it needs to
 * turn a heap ID into the bytes it names.
 */
public record FractalHeap(long address, int idLength, int filterLength, int flags, long maxManaged, int width,
                          long startBlock, long maxDirect, int maxHeapBits, long root, int rootRows) {

    public static FractalHeap read(FileContext c, long address, Node n, Consumer<Diagnostic> problems, String what) {
        c.requireInFile(address, 22 + 12L * c.lengthSize() + 3L * c.offsetSize(), null, "the fractal heap of " + what);
        FieldReader r = c.reader(address, n);
        FileContext.signature(r, "FRHP", "frhp.signature", "fractal heap header");
        FileContext.version(r, "frhp.version", "fractal heap header", 0);
        int idLength = r.u16le("frhp.id_length", "heap ID length", "bytes of every heap ID");
        int filterLength = r.u16le("frhp.filter_length", "I/O filters' encoded length", "bytes of the filter pipeline (0: unfiltered)");
        int flags = r.u8("frhp.flags", "flags", "bit 0: huge object IDs wrapped; bit 1: direct blocks checksummed");
        long maxManaged = r.u32le("frhp.max_managed", "maximum size of managed objects", "larger objects are stored as huge objects");
        c.length(r, "frhp.next_huge_id", "next huge object ID", "ID the next huge object gets");
        c.address(r, "frhp.huge_btree", "huge objects B-tree address", "version 2 B-tree of huge objects (undefined: none)");
        c.length(r, "frhp.free_space", "free space in managed blocks", "bytes free in the direct blocks");
        c.address(r, "frhp.free_space_manager", "free-space manager address", "manager of that free space (undefined: none)");
        c.length(r, "frhp.managed_space", "managed space", "bytes of the heap's address space in use");
        c.length(r, "frhp.allocated_space", "allocated managed space", "bytes of direct blocks allocated");
        c.length(r, "frhp.iterator_offset", "direct block allocation iterator", "heap offset where the next block goes");
        c.length(r, "frhp.managed_objects", "managed objects", "objects in the direct blocks");
        c.length(r, "frhp.huge_size", "size of huge objects", "bytes");
        c.length(r, "frhp.huge_objects", "huge objects", "count");
        c.length(r, "frhp.tiny_size", "size of tiny objects", "bytes (tiny objects live in their IDs)");
        c.length(r, "frhp.tiny_objects", "tiny objects", "count");
        long widthAt = r.byteOffset();
        int width = r.u16le("frhp.table_width", "table width", "blocks in every row of the doubling table");
        long start = c.length(r, "frhp.start_block", "starting block size", "bytes of the blocks of rows 0 and 1");
        long maxDirect = c.length(r, "frhp.max_direct", "maximum direct block size", "larger rows are indirect blocks");
        int maxHeapBits = r.u16le("frhp.max_heap_bits", "maximum heap size", "log2 of the heap's address space: the width of offsets");
        r.u16le("frhp.start_rows", "starting rows in root indirect block", "rows the root indirect block starts with");
        long root = c.address(r, "frhp.root", "root block address", "the root direct or indirect block (undefined: empty heap)");
        int rows = r.u16le("frhp.root_rows", "current rows in root indirect block", "0: the root is a direct block");
        if (filterLength > 0) {
            c.length(r, "frhp.root_filtered_size", "size of filtered root direct block", "bytes");
            r.u32le("frhp.root_filter_mask", "I/O filter mask", "bit i set: filter i skipped");
            long at = r.byteOffset();
            r.skipBytes(filterLength, "filter information");
            r.recordSpan("frhp.filter_info", -1, "I/O filter information", at, at + filterLength, filterLength + " bytes", "the heap's filter pipeline message");
        }
        FileContext.checksum(r, c.abs(address), "frhp.checksum", problems, "the fractal heap header of " + what);
        if (width < 1 || width > 65536 || Long.bitCount(width) != 1 || start < 1 || Long.bitCount(start) != 1
                || maxDirect < start || Long.bitCount(maxDirect) != 1 || maxHeapBits < 1 || maxHeapBits > 64 || rows > 64) {
            throw ReadProblem.at(StructureRules.BAD_COUNT, Span.bytes(widthAt, 0), what + ": a fractal heap of width " + width + ", blocks of "
                    + start + " to " + maxDirect + " bytes, " + maxHeapBits + "-bit offsets and " + rows + " root rows is impossible");
        }
        return new FractalHeap(address, idLength, filterLength, flags, maxManaged, width, start, maxDirect, maxHeapBits, root, rows);
    }

    int offsetBytes() { return (maxHeapBits + 7) / 8; }

    int lengthBytes() {
        int direct = (63 - Long.numberOfLeadingZeros(maxDirect) + 7) / 8;
        int managed = (63 - Long.numberOfLeadingZeros(Math.max(1, maxManaged))) / 8 + 1;
        return Math.min(direct, managed);
    }

    /** Rows of the doubling table that hold direct blocks. */
    int maxDirectRows() { return log2(maxDirect) - log2(startBlock) + 2; }

    long rowBlockSize(int row) { return row == 0 ? startBlock : startBlock << (row - 1); }

    /** Rows of an indirect block whose blocks are of {@code size} bytes in total. */
    int rowsOfIndirect(long size) { return log2(size) - log2(startBlock) - log2(width) + 1; }

    private static int log2(long v) { return 63 - Long.numberOfLeadingZeros(v); }

    /** The object a heap ID names: its absolute place and length. */
    public record Located(long at, long length) { }

    /** Finds the bytes heap ID {@code id} (at absolute {@code idAt}) names; managed and tiny objects only. */
    public Located locate(FileContext c, long idAt, String what) {
        var s = c.source();
        int first = s.u8(idAt);
        int kind = (first >>> 4) & 3;
        if (kind == 2) return new Located(idAt + 1, (first & 0xf) + 1);
        if (kind != 0) {
            throw ReadProblem.at(StructureRules.BAD_HEAP_OFFSET, Span.bytes(idAt, idLength), what + ": a huge heap object (ID at byte " + idAt
                    + "), which PackScope does not follow");
        }
        long offset = FileContext.uintAt(s, idAt + 1, offsetBytes());
        long length = FileContext.uintAt(s, idAt + 1 + offsetBytes(), lengthBytes());
        long block = FileContext.UNDEFINED;
        long blockOffset = 0;
        if (rootRows == 0) {
            block = root;
            blockOffset = 0;
            if (offset + length > startBlock) block = FileContext.UNDEFINED;
        } else {
            long iblock = root;
            int rows = rootRows;
            long base = 0;
            for (int depth = 0; depth < 64 && block == FileContext.UNDEFINED && iblock != FileContext.UNDEFINED; depth++) {
                List<Long> entries = indirectEntries(c, iblock, rows, null, d -> { }, what);
                long here = base;
                long next = FileContext.UNDEFINED;
                for (int row = 0; row < rows && next == FileContext.UNDEFINED && block == FileContext.UNDEFINED; row++) {
                    long size = rowBlockSize(row);
                    for (int col = 0; col < width; col++) {
                        if (offset >= here && offset < here + size) {
                            long e = entries.get(row * width + col);
                            if (row < maxDirectRows()) {
                                block = e;
                                blockOffset = here;
                            } else {
                                next = e;
                                base = here;
                                rows = rowsOfIndirect(size);
                            }
                            break;
                        }
                        here += size;
                    }
                }
                if (block == FileContext.UNDEFINED && next == FileContext.UNDEFINED) break;
                iblock = next;
            }
        }
        if (block == FileContext.UNDEFINED) {
            throw ReadProblem.at(StructureRules.BAD_HEAP_OFFSET, Span.bytes(idAt, idLength), what + ": heap offset " + offset + " (" + length
                    + " bytes) lies in no block of the fractal heap at byte " + c.abs(address));
        }
        long at = c.abs(block) + (offset - blockOffset);
        c.requireInFile(block + (offset - blockOffset), length, Span.bytes(idAt, idLength), what + ": heap object at offset " + offset);
        return new Located(at, length);
    }

    /** The child block addresses of the indirect block at {@code address} with {@code rows} rows (direct ones first), recording into {@code n}. */
    public List<Long> indirectEntries(FileContext c, long address, int rows, Node n, Consumer<Diagnostic> problems, String what) {
        if (rows < 1 || rows > 64) {
            throw ReadProblem.atByte(StructureRules.BAD_COUNT, c.abs(address), what + ": an indirect block of " + rows + " rows in the fractal heap at byte " + c.abs(address()));
        }
        int direct = Math.min(rows, maxDirectRows()) * width;
        int indirect = Math.max(0, rows - maxDirectRows()) * width;
        long entry = c.offsetSize() + (filterLength > 0 ? c.lengthSize() + 4L : 0);
        c.requireInFile(address, 9 + c.offsetSize() + offsetBytes() + direct * entry + indirect * (long) c.offsetSize(), null,
                "an indirect block of the fractal heap of " + what);
        FieldReader r = c.reader(address, n);
        FileContext.signature(r, "FHIB", "fhib.signature", "fractal heap indirect block");
        FileContext.version(r, "fhib.version", "fractal heap indirect block", 0);
        long headerAt = r.byteOffset();
        long header = c.address(r, "fhib.heap_header", "heap header address", "the heap this block belongs to");
        if (header != address()) {
            throw ReadProblem.at(StructureRules.BAD_BTREE, Span.bytes(headerAt, c.offsetSize()), what + ": the indirect block at byte " + c.abs(address)
                    + " belongs to the heap at " + header + ", not " + address());
        }
        FileContext.uint(r, offsetBytes(), "fhib.block_offset", -1, "block offset", "heap offset of the block's first byte");
        List<Long> out = new ArrayList<>(direct + indirect);
        for (int i = 0; i < direct; i++) {
            out.add(c.address(r, "fhib.direct", i, "direct block " + i, "a child direct block (undefined: not allocated)"));
            if (filterLength > 0) {
                c.length(r, "fhib.filtered_size", "direct block " + i + " filtered size", "bytes");
                r.u32le("fhib.filter_mask", i, "direct block " + i + " filter mask", "bit i set: filter i skipped");
            }
        }
        for (int i = 0; i < indirect; i++) out.add(c.address(r, "fhib.indirect", i, "indirect block " + i, "a child indirect block (undefined: not allocated)"));
        FileContext.checksum(r, c.abs(address), "fhib.checksum", problems, "a fractal heap indirect block of " + what);
        return out;
    }

    /** Blocks a walk reads at most: a heap of 2^64 bytes in 512-byte blocks would be more than any file holds. */
    static final int MAX_BLOCKS = 1 << 20;

    /**
     * Reads every block of the heap once, without recording: a block that cannot be read
     * loses the blocks below it, a block listed twice is reported once and not read again,
     * and past {@link #MAX_BLOCKS} the walk stops with a report.
     */
    public void walkBlocks(FileContext c, Consumer<Diagnostic> problems, String what) {
        if (root == FileContext.UNDEFINED) return;
        Set<Long> seen = new HashSet<>();
        Deque<long[]> todo = new ArrayDeque<>(); // {address, rows (-1: direct), size}
        todo.push(rootRows == 0 ? new long[] {root, -1, startBlock} : new long[] {root, rootRows, 0});
        while (!todo.isEmpty()) {
            long[] b = todo.pop();
            if (!seen.add(b[0])) {
                problems.accept(Diagnostic.errorAtByte(c.abs(b[0]), Hdf5Rules.CYCLE, what
                        + ": the heap block at byte " + c.abs(b[0]) + " is listed twice; it is not read again"));
                continue;
            }
            if (seen.size() > MAX_BLOCKS) {
                problems.accept(Diagnostic.errorAtByte(c.abs(b[0]), StructureRules.BAD_COUNT, what + ": more than " + MAX_BLOCKS
                        + " blocks in the fractal heap at byte " + c.abs(address)));
                return;
            }
            try {
                if (b[1] < 0) {
                    directBlock(c, b[0], b[2], null, what);
                    continue;
                }
                List<Long> entries = indirectEntries(c, b[0], (int) b[1], null, problems, what);
                for (int i = entries.size() - 1; i >= 0; i--) {
                    long e = entries.get(i);
                    if (e == FileContext.UNDEFINED) continue;
                    int row = i / width;
                    long size = rowBlockSize(row);
                    todo.push(row < maxDirectRows() ? new long[] {e, -1, size} : new long[] {e, rowsOfIndirect(size), 0});
                }
            } catch (ReadProblem p) {
                problems.accept(p.diagnostic());
            }
        }
    }

    /** Records a direct block's header fields on {@code n}. */
    public void directBlock(FileContext c, long address, long size, Node n, String what) {
        c.requireInFile(address, size, null, "a direct block of the fractal heap of " + what);
        FieldReader r = c.reader(address, n);
        FileContext.signature(r, "FHDB", "fhdb.signature", "fractal heap direct block");
        FileContext.version(r, "fhdb.version", "fractal heap direct block", 0);
        c.address(r, "fhdb.heap_header", "heap header address", "the heap this block belongs to");
        FileContext.uint(r, offsetBytes(), "fhdb.block_offset", -1, "block offset", "heap offset of the block's first byte");
        if ((flags & 2) != 0) r.u32le("fhdb.checksum", "checksum", "lookup3 of the block with this field zero");
        long at = r.byteOffset();
        r.recordSpan("fhdb.objects", -1, "objects", at, c.abs(address) + size, (c.abs(address) + size - at) + " bytes", "heap objects and free space");
    }
}
