package org.packscope.codec.hdf5.layout;

import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.ReadProblem;

/**
 * A symbol table node ("SNOD", format specification III.C): up to 2K entries of an
 * old-style group, each a name offset into the group's local heap and the member's
 * object header address.
 */
public record SymbolNode(long address, List<Entry> entries) {

    public record Entry(long nameOffset, long header, long nameOffsetAt) { }

    public static SymbolNode read(FileContext c, long address, int leafK, Node n, String what) {
        c.requireInFile(address, 8, null, "a symbol table node of " + what);
        FieldReader r = c.reader(address, n);
        FileContext.signature(r, "SNOD", "snod.signature", "symbol table node");
        FileContext.version(r, "snod.version", "symbol table node", 1);
        r.u8("snod.reserved", "reserved", "zero");
        long countAt = r.byteOffset();
        int count = r.u16le("snod.count", "number of symbols", "entries in use (at most 2 × group leaf K)");
        int entrySize = 2 * c.offsetSize() + 24;
        if (count > 2 * Math.max(leafK, 1) || !c.inFile(address + 8, (long) count * entrySize)) {
            throw ReadProblem.at(StructureRules.BAD_COUNT, Span.bytes(countAt, 2), what + ": a symbol table node at byte " + c.abs(address)
                    + " claims " + count + " entries (at most " + 2 * leafK + ", and the file must hold them)");
        }
        List<Entry> entries = new ArrayList<>(count);
        if (!r.recording()) {
            // check's pass over 50,000 groups: the entries straight from the bytes (their room was checked above)
            var s = c.source();
            long at = r.byteOffset();
            for (int i = 0; i < count; i++, at += entrySize) {
                entries.add(new Entry(FileContext.uintAt(s, at, c.lengthSize()), c.addressAt(at + c.lengthSize()), at));
            }
            return new SymbolNode(address, entries);
        }
        for (int i = 0; i < count; i++) {
            long at = r.byteOffset();
            long name = FileContext.uint(r, c.lengthSize(), "snod.name_offset", i, "entry " + i + " name offset", "offset of the name in the group's local heap");
            long header = c.address(r, "snod.object_header", i, "entry " + i + " object header", "the member's object header");
            r.u32le("snod.cache_type", i, "entry " + i + " cache type", "0 nothing cached, 1 a group's B-tree and heap, 2 a soft link");
            r.u32le("snod.reserved", i, "entry " + i + " reserved", "zero");
            r.bytes(16, "snod.scratch", "entry " + i + " scratch pad", b -> "16 bytes", "cached addresses (type 1) or soft link offset (type 2)");
            entries.add(new Entry(name, header, at));
        }
        return new SymbolNode(address, entries);
    }
}
