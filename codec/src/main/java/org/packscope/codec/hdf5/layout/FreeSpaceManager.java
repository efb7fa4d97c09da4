package org.packscope.codec.hdf5.layout;

import java.util.function.Consumer;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.read.FieldReader;

/**
 * A free-space manager header ("FSHD", format specification III.H): how much free space
 * one manager of the file (or of a fractal heap) tracks, in how many sections, and where
 * its serialized section list is. Files that persist free space list their managers in
 * the superblock extension's file space info message.
 */
public record FreeSpaceManager(long address, int client, long tracked, long sections, long sectionList, long sectionListSize) {

    public static FreeSpaceManager read(FileContext c, long address, Node n, Consumer<Diagnostic> problems, String what) {
        c.requireInFile(address, 16 + 8L * c.lengthSize() + c.offsetSize(), null, "the free-space manager header of " + what);
        FieldReader r = c.reader(address, n);
        FileContext.signature(r, "FSHD", "fshd.signature", "free-space manager header");
        FileContext.version(r, "fshd.version", "free-space manager header", 0);
        int client = r.u8("fshd.client", "client ID", "0 a fractal heap's free space, 1 the file's");
        long tracked = c.length(r, "fshd.space", "total space tracked", "bytes of free space this manager knows of");
        long sections = c.length(r, "fshd.sections", "total number of sections", "free-space sections tracked");
        c.length(r, "fshd.serialized_sections", "number of serialized sections", "sections written to the section list");
        c.length(r, "fshd.ghost_sections", "number of ghost sections", "sections not written out");
        r.u16le("fshd.classes", "number of section classes", "kinds of sections the client defines");
        r.u16le("fshd.shrink", "shrink percent", "below this fullness the section list shrinks");
        r.u16le("fshd.expand", "expand percent", "above this fullness the section list grows");
        r.u16le("fshd.address_bits", "size of address space", "log2 of the address space the sections lie in");
        c.length(r, "fshd.max_section", "maximum section size", "largest section the manager tracks");
        long list = c.address(r, "fshd.section_list", "serialized section list address", "the 'FSSE' list of sections (undefined: none)");
        long used = c.length(r, "fshd.section_list_used", "size of serialized section list used", "bytes of the list in use");
        c.length(r, "fshd.section_list_allocated", "allocated size of serialized section list", "bytes allocated for the list");
        FileContext.checksum(r, c.abs(address), "fshd.checksum", problems, "the free-space manager header of " + what);
        if (list != FileContext.UNDEFINED && !c.inFile(list, used)) {
            problems.accept(Diagnostic.errorAtByte(c.abs(address), StructureRules.ADDRESS_OUT_OF_FILE, what + ": the section list of the free-space manager at byte "
                    + c.abs(address) + " is said to be at " + Long.toUnsignedString(c.abs(list)) + " (" + used + " bytes), outside the file"));
        }
        return new FreeSpaceManager(address, client, tracked, sections, list, used);
    }
}
