package org.packscope.codec.hdf5.layout;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.NodeRecorder;
import org.packscope.codec.read.ReadProblem;

/**
 * The superblock (format specification, section II.A), versions 0 to 3: where the file's
 * structures start. {@code rootHeader} is the root group's object header; versions 0 and
 * 1 also cache the root group's B-tree and local heap ({@code rootBtree}, {@code rootHeap}).
 * Addresses are relative to {@code base}, except {@code at} (absolute) and {@code eof}
 * (stored as the absolute end of the file's data).
 */
public record Superblock(long at, int version, int offsetSize, int lengthSize, long base, long eof,
                         long rootHeader, long extension, long rootBtree, long rootHeap,
                         int groupLeafK, int groupInternalK, int chunkK) {

    static final byte[] SIGNATURE = {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};

    /** The context its addresses are read in. */
    public FileContext context(ByteSource src) { return new FileContext(src, base, offsetSize, lengthSize); }

    /** Where the signature is: 0, 512, 1024, 2048, ...; -1 when it is nowhere. */
    public static long find(ByteSource src) {
        for (long at = 0; at + SIGNATURE.length <= src.size(); at = at == 0 ? 512 : at * 2) {
            boolean match = true;
            for (int i = 0; i < SIGNATURE.length && match; i++) match = src.u8(at + i) == (SIGNATURE[i] & 0xff);
            if (match) return at;
        }
        return -1;
    }

    /**
     * Reads the superblock, recording its fields on {@code n}; damage that leaves it
     * readable (a checksum, a short file) is diagnosed there, damage that does not throws.
     */
    public static Superblock read(ByteSource src, Node n) {
        long at = find(src);
        if (at < 0) {
            throw ReadProblem.at(StructureRules.BAD_SIGNATURE, Span.bytes(0, Math.min(8, src.size())),
                    "no HDF5 signature (\\x89HDF\\r\\n\\x1a\\n) at byte 0, 512, 1024 or any later power of two");
        }
        FieldReader r = new FieldReader(src, at, n == null ? null : new NodeRecorder(n));
        r.bytes(8, "superblock.signature", "signature", b -> "\\x89HDF\\r\\n\\x1a\\n", "the HDF5 format signature");
        int version = FileContext.version(r, "superblock.version", "superblock", 0, 1, 2, 3);
        Superblock s = version < 2 ? readV0(r, at, version) : readV2(r, at, version, n);
        long size = src.size();
        if (n != null) {
            n.field("file size", null, size, "bytes on disk, to compare with the end-of-file address");
            if (Long.compareUnsigned(s.eof, size) > 0) {
                n.diagnose(Diagnostic.error(eofSpan(s, at), StructureRules.TRUNCATED, "truncated file: the superblock's end-of-file address is "
                        + Long.toUnsignedString(s.eof) + " but the file has " + size + " bytes (" + (s.eof - size) + " missing)"));
            } else if (s.eof != FileContext.UNDEFINED && s.eof < size) {
                n.diagnose(Diagnostic.warning(eofSpan(s, at), StructureRules.EOF_BELOW_END, "the superblock's end-of-file address is "
                        + s.eof + " but the file has " + size + " bytes (" + (size - s.eof) + " past the end of the HDF5 data)"));
            }
        }
        return s;
    }

    /** The end-of-file address field: after the signature and fixed bytes of each version. */
    private static Span eofSpan(Superblock s, long at) {
        long off = s.version < 2 ? at + 24 + (s.version == 1 ? 4 : 0) + 2L * s.offsetSize : at + 12 + 2L * s.offsetSize;
        return Span.bytes(off, s.offsetSize);
    }

    private static Superblock readV0(FieldReader r, long at, int version) {
        r.u8("superblock.freespace_version", "free-space storage version", "version of the file free-space format (0)");
        r.u8("superblock.root_entry_version", "root symbol table entry version", "version of the root group symbol table entry (0)");
        r.u8("superblock.reserved", "reserved", "zero");
        r.u8("superblock.shared_header_version", "shared header message version", "version of the shared object header message format (0)");
        int offsets = sizes(r, "superblock.size_of_offsets", "size of offsets", "bytes in every address");
        int lengths = sizes(r, "superblock.size_of_lengths", "size of lengths", "bytes in every size and length");
        r.u8("superblock.reserved", "reserved", "zero");
        int leafK = r.u16le("superblock.group_leaf_k", "group leaf node K", "a symbol table node holds up to 2K entries");
        int internalK = r.u16le("superblock.group_internal_k", "group internal node K", "a group B-tree node has up to 2K children");
        r.u32le("superblock.consistency_flags", "file consistency flags", "0 unless a writer left the file open");
        int chunkK = 32;
        if (version == 1) {
            chunkK = r.u16le("superblock.chunk_internal_k", "indexed storage internal node K", "a chunk B-tree node has up to 2K children");
            r.u16le("superblock.reserved", "reserved", "zero");
        }
        FileContext c = new FileContext(r.source(), 0, offsets, lengths);
        long base = c.address(r, "superblock.base_address", "base address", "absolute place all other addresses count from");
        c.address(r, "superblock.freespace_address", "free-space info address", "file free-space information (undefined: none)");
        long eof = c.address(r, "superblock.eof_address", "end of file address", "first byte past the HDF5 data: a shorter file was truncated");
        c.address(r, "superblock.driver_info_address", "driver information block address", "file driver's block (undefined: none)");
        // the root group's symbol table entry
        c.length(r, "superblock.root.name_offset", "root link name offset", "offset of the root's name in a heap (unused, 0)");
        long root = c.address(r, "superblock.root.object_header", "root object header address", "the root group's object header");
        long cache = r.u32le("superblock.root.cache_type", "root cache type", "1: the scratch pad caches the root's B-tree and heap");
        r.u32le("superblock.root.reserved", "reserved", "zero");
        long btree = FileContext.UNDEFINED;
        long heap = FileContext.UNDEFINED;
        if (cache == 1) {
            btree = c.address(r, "superblock.root.btree", "root B-tree address", "the root group's B-tree (cached from its symbol table message)");
            heap = c.address(r, "superblock.root.heap", "root local heap address", "the root group's local heap of names (cached)");
        } else {
            r.bytes(16, "superblock.root.scratch", "scratch pad", b -> "16 bytes", "cache of the root entry (unused)");
        }
        return new Superblock(at, version, offsets, lengths, base == FileContext.UNDEFINED ? at : base, eof, root,
                FileContext.UNDEFINED, btree, heap, leafK, internalK, chunkK);
    }

    private static Superblock readV2(FieldReader r, long at, int version, Node n) {
        int offsets = sizes(r, "superblock.size_of_offsets", "size of offsets", "bytes in every address");
        int lengths = sizes(r, "superblock.size_of_lengths", "size of lengths", "bytes in every size and length");
        r.u8("superblock.consistency_flags", "file consistency flags", version == 3
                ? "bit 0: open for writing, bit 2: open for single-writer/multiple-reader" : "0");
        FileContext c = new FileContext(r.source(), 0, offsets, lengths);
        long base = c.address(r, "superblock.base_address", "base address", "absolute place all other addresses count from");
        long ext = c.address(r, "superblock.extension_address", "superblock extension address", "object header of further file-wide settings (undefined: none)");
        long eof = c.address(r, "superblock.eof_address", "end of file address", "first byte past the HDF5 data: a shorter file was truncated");
        long root = c.address(r, "superblock.root_object_header", "root group object header address", "the root group's object header");
        FileContext.checksum(r, at, "superblock.checksum", n == null ? d -> { } : n::diagnose, "the superblock");
        return new Superblock(at, version, offsets, lengths, base == FileContext.UNDEFINED ? at : base, eof, root, ext,
                FileContext.UNDEFINED, FileContext.UNDEFINED, 4, 16, 32);
    }

    private static int sizes(FieldReader r, String key, String label, String meaning) {
        long at = r.byteOffset();
        int v = r.u8(key, label, meaning);
        if (v != 2 && v != 4 && v != 8) {
            throw ReadProblem.at(StructureRules.BAD_VERSION, Span.bytes(at, 1), label + " is " + v + "; HDF5 allows 2, 4 or 8");
        }
        return v;
    }
}
