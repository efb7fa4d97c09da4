package org.packscope.codec.hdf5.layout;

import java.nio.charset.StandardCharsets;

import org.packscope.codec.hdf5.layout.ObjectHeader.Message;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.NodeRecorder;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.read.Recorder;

/**
 * Reads the object header messages (format specification, section IV.A.2) PackScope
 * decodes: what each field is, where it is, and the values the other structure readers
 * need (a dataset's layout, a group's links). A message's reader cannot read past the
 * message's own size: an overrun is reported as {@code truncated} inside that message.
 */
public final class Messages {
    public static final int NIL = 0x0;
    public static final int DATASPACE = 0x1;
    public static final int LINK_INFO = 0x2;
    public static final int DATATYPE = 0x3;
    public static final int FILL_VALUE_OLD = 0x4;
    public static final int FILL_VALUE = 0x5;
    public static final int LINK = 0x6;
    public static final int EXTERNAL_FILES = 0x7;
    public static final int LAYOUT = 0x8;
    public static final int BOGUS = 0x9;
    public static final int GROUP_INFO = 0xA;
    public static final int FILTER_PIPELINE = 0xB;
    public static final int ATTRIBUTE = 0xC;
    public static final int COMMENT = 0xD;
    public static final int MODIFICATION_TIME_OLD = 0xE;
    public static final int SHARED_MESSAGE_TABLE = 0xF;
    public static final int CONTINUATION = 0x10;
    public static final int SYMBOL_TABLE = 0x11;
    public static final int MODIFICATION_TIME = 0x12;
    public static final int BTREE_K = 0x13;
    public static final int DRIVER_INFO = 0x14;
    public static final int ATTRIBUTE_INFO = 0x15;
    public static final int REFERENCE_COUNT = 0x16;
    public static final int FILE_SPACE_INFO = 0x17;

    private static final String[] NAMES = {"NIL", "dataspace", "link info", "datatype", "fill value (old)", "fill value",
        "link", "external data files", "data layout", "bogus", "group info", "filter pipeline", "attribute", "comment",
        "modification time (old)", "shared message table", "continuation", "symbol table", "modification time",
        "B-tree 'K' values", "driver info", "attribute info", "reference count", "file space info"};

    private Messages() { }

    public static String name(int type) {
        return type >= 0 && type < NAMES.length ? NAMES[type] : "unknown (type " + type + ")";
    }

    /** A dataspace: rank, extents, maximum extents (null when not stored; -1 = unlimited); scalar when rank 0, {@code none} for null. */
    public record Dataspace(int rank, long[] dims, long[] max, boolean none) {
        public long count() {
            if (none) return 0;
            long n = 1;
            for (long d : dims) {
                // extents are unsigned 64-bit numbers: a product past Long.MAX_VALUE is not a real count
                if (d < 0 || (d != 0 && n > Long.MAX_VALUE / d)) return Long.MAX_VALUE;
                n *= d;
            }
            return n;
        }
    }

    /** A datatype's class (0 fixed-point ... 10 array), size in bytes and byte order. */
    public record Datatype(int cls, long size, boolean bigEndian) { }

    /** Layout classes. */
    public static final int COMPACT = 0;
    public static final int CONTIGUOUS = 1;
    public static final int CHUNKED = 2;
    public static final int VIRTUAL = 3;

    /** Chunk index types of layout version 4 (version 3 and older: the version 1 B-tree, here 0). */
    public static final int BTREE_V1_INDEX = 0;
    public static final int SINGLE_CHUNK = 1;
    public static final int IMPLICIT = 2;
    public static final int FIXED_ARRAY = 3;
    public static final int EXTENSIBLE_ARRAY = 4;
    public static final int BTREE_V2_INDEX = 5;

    /**
     * The data layout: class, data address (contiguous, or the chunk index / single
     * chunk), size (contiguous bytes, compact bytes), chunk extents with the element size
     * last (chunked), the chunk index type and its parameters, and where compact data is.
     */
    public record Layout(int version, int cls, long address, long size, long[] chunk, int indexType, int[] indexParams,
                         long compactAt, long filteredSize, long filterMask, boolean filteredSingle) {
        public long elementSize() { return chunk == null ? 0 : chunk[chunk.length - 1]; }

        public int rank() { return chunk == null ? 0 : chunk.length - 1; }

        public long chunkElements() {
            long n = 1;
            for (int i = 0; i < rank(); i++) n *= chunk[i];
            return n;
        }

        public String indexName() {
            return switch (indexType) {
                case BTREE_V1_INDEX -> "version 1 B-tree";
                case SINGLE_CHUNK -> "single chunk";
                case IMPLICIT -> "implicit";
                case FIXED_ARRAY -> "fixed array";
                case EXTENSIBLE_ARRAY -> "extensible array";
                case BTREE_V2_INDEX -> "version 2 B-tree";
                default -> "unknown index type " + indexType;
            };
        }
    }

    public record Link(String name, int linkType, long address, String target) {
        public boolean hard() { return linkType == 0; }
    }

    public record LinkInfo(long heap, long nameIndex, long orderIndex) { }

    public record SymbolTable(long btree, long heap) { }

    public record AttributeInfo(long heap, long nameIndex, long orderIndex) { }

    public record Attribute(String name, Datatype type, Dataspace space, long dataAt, long dataSize) { }

    public record Filters(int count, int[] ids) { }

    /** The file space info message: the free-space managers the file persists (undefined ones left out). */
    public record FileSpaceInfo(java.util.List<Long> managers) { }

    /** A message stored elsewhere (the "shared" flag): where. */
    public record Shared(int version, int kind, long address) { }

    /** Reads message {@code m}'s header and body, recording fields on {@code n} (may be null); the decoded value, or null. */
    public static Object read(FileContext c, Message m, boolean v2, boolean creationOrder, Node n) {
        Recorder rec = n == null ? Recorder.NONE : new NodeRecorder(n);
        FieldReader h = new FieldReader(c.source(), m.headerAt() * 8, m.bodyAt() * 8, rec);
        if (v2) {
            h.u8("msg.type", "message type", name(m.type()));
            h.u16le("msg.size", "message size", "bytes of the message body");
            h.u8("msg.flags", "message flags", flagText(m.flags()));
            if (creationOrder) h.u16le("msg.creation_order", "creation order", "order the message was created in");
        } else {
            h.u16le("msg.type", "message type", name(m.type()));
            h.u16le("msg.size", "message size", "bytes of the message body (a multiple of 8)");
            h.u8("msg.flags", "message flags", flagText(m.flags()));
            h.bytes(3, "msg.reserved", "reserved", b -> "3 bytes", "zero");
        }
        FieldReader r = new FieldReader(c.source(), m.bodyAt() * 8, (m.bodyAt() + m.size()) * 8, rec);
        if ((m.flags() & 0x02) != 0) return shared(c, r);
        return body(c, m.type(), r);
    }

    /** Decodes a message body of {@code type} at the reader's place. */
    static Object body(FileContext c, int type, FieldReader r) {
        return switch (type) {
            case DATASPACE -> dataspace(c, r);
            case DATATYPE -> datatype(r);
            case LAYOUT -> layout(c, r);
            case FILL_VALUE -> fillValue(r);
            case FILL_VALUE_OLD -> {
                long size = r.u32le("fill.size", "fill value size", "bytes of the fill value");
                yield rest(r, "fill.value", "fill value", size);
            }
            case FILTER_PIPELINE -> filters(r);
            case LINK -> link(c, r);
            case LINK_INFO -> linkInfo(c, r);
            case GROUP_INFO -> groupInfo(r);
            case SYMBOL_TABLE -> new SymbolTable(c.address(r, "stab.btree", "B-tree address", "version 1 B-tree of the group's symbol nodes"),
                    c.address(r, "stab.heap", "local heap address", "heap of the group's member names"));
            case ATTRIBUTE -> attribute(c, r);
            case ATTRIBUTE_INFO -> attributeInfo(c, r);
            case CONTINUATION -> new long[] {c.address(r, "cont.address", "continuation address", "where the next chunk of this header is"),
                c.length(r, "cont.length", "continuation length", "bytes in that chunk")};
            case MODIFICATION_TIME -> {
                FileContext.version(r, "mtime.version", "modification time message", 1);
                r.bytes(3, "mtime.reserved", "reserved", b -> "3 bytes", "zero");
                yield r.u32le("mtime.seconds", "modification time", "seconds since 1970-01-01 UTC");
            }
            case MODIFICATION_TIME_OLD -> r.bytes(Math.min(14, (int) r.bytesLeft()), "mtime_old.text", "modification time",
                    b -> new String(b, StandardCharsets.US_ASCII), "YYYYMMDDhhmmss, UTC");
            case COMMENT -> r.bytes((int) r.bytesLeft(), "comment.text", "comment", Messages::cText, "NUL-terminated ASCII text");
            case REFERENCE_COUNT -> {
                FileContext.version(r, "refcount.version", "reference count message", 0);
                yield r.u32le("refcount.count", "reference count", "hard links to this object");
            }
            case BTREE_K -> {
                FileContext.version(r, "btreek.version", "B-tree 'K' values message", 0);
                r.u16le("btreek.chunk_internal_k", "indexed storage internal node K", "chunk B-tree nodes have up to 2K children");
                r.u16le("btreek.group_internal_k", "group internal node K", "group B-tree nodes have up to 2K children");
                yield r.u16le("btreek.group_leaf_k", "group leaf node K", "symbol table nodes hold up to 2K entries");
            }
            case FILE_SPACE_INFO -> fileSpaceInfo(c, r);
            case SHARED_MESSAGE_TABLE -> {
                FileContext.version(r, "sohm.version", "shared message table message", 0);
                c.address(r, "sohm.address", "shared message table address", "the table of shared message indexes");
                yield r.u8("sohm.indexes", "number of indexes", "indexes in the table");
            }
            default -> {
                rest(r, "msg.data", "message data", r.bytesLeft());
                yield null;
            }
        };
    }

    private static FileSpaceInfo fileSpaceInfo(FileContext c, FieldReader r) {
        int version = FileContext.version(r, "fsinfo.version", "file space info message", 0, 1);
        r.u8("fsinfo.strategy", "strategy", "how space is allocated: 0 free-space managers and aggregators, 1 paged, 2 aggregators only, 3 none");
        java.util.List<Long> managers = new java.util.ArrayList<>();
        if (version == 0) {
            c.length(r, "fsinfo.threshold", "free-space section threshold", "smallest section the managers track");
            return new FileSpaceInfo(managers);
        }
        int persist = r.u8("fsinfo.persist", "persisting free-space", "1: the managers below are written to the file");
        c.length(r, "fsinfo.threshold", "free-space section threshold", "smallest section the managers track");
        c.length(r, "fsinfo.page_size", "file space page size", "bytes per page (paged strategy)");
        r.u16le("fsinfo.page_end_threshold", "page-end metadata threshold", "smallest free space at a page end that is tracked");
        c.address(r, "fsinfo.eoa", "EOA before free-space allocation", "end of allocated space before the managers were written");
        for (int i = 0; persist != 0 && i < 12 && r.bytesLeft() >= c.offsetSize(); i++) {
            long a = c.address(r, "fsinfo.manager", i, (i < 6 ? "small" : "large") + "-sized manager " + (i % 6),
                    "free-space manager header for one kind of file space (undefined: none)");
            if (a != FileContext.UNDEFINED) managers.add(a);
        }
        return new FileSpaceInfo(managers);
    }

    private static String flagText(int f) {
        if (f == 0) return "none";
        StringBuilder sb = new StringBuilder();
        String[] names = {"constant", "shared", "not shareable", "fail if unknown (write)", "mark if unknown",
            "was unknown", "shareable", "fail if unknown (always)"};
        for (int i = 0; i < 8; i++) if ((f & (1 << i)) != 0) sb.append(sb.length() > 0 ? ", " : "").append(names[i]);
        return sb.toString();
    }

    private static Object rest(FieldReader r, String key, String label, long n) {
        long left = r.bytesLeft();
        long take = Math.max(0, Math.min(n, left));
        long at = r.byteOffset();
        r.skipBytes(take, label);
        if (r.recording() && take > 0) r.recordSpan(key, -1, label, at, at + take, take + " bytes", label);
        if (n > left) throw ReadProblem.at(StructureRules.BAD_MESSAGE, Span.bytes(at, left), label + " claims " + n + " bytes but the message has " + left);
        return null;
    }

    private static Shared shared(FileContext c, FieldReader r) {
        int version = FileContext.version(r, "shared.version", "shared message reference", 1, 2, 3);
        int kind = r.u8("shared.type", "shared type", "where the message is: 0/2 another object header, 1 the shared message heap");
        if (version == 1) r.bytes(6, "shared.reserved", "reserved", b -> "6 bytes", "zero");
        long address;
        if (version == 3 && kind == 1) {
            address = r.i64le("shared.heap_id", "heap ID", "the message's ID in the shared message heap");
        } else {
            address = c.address(r, "shared.address", "object header address", "the object header that holds the message");
        }
        return new Shared(version, kind, address);
    }

    static Dataspace dataspace(FileContext c, FieldReader r) {
        int version = FileContext.version(r, "dataspace.version", "dataspace message", 1, 2);
        long rankAt = r.byteOffset();
        int rank = r.u8("dataspace.rank", "dimensionality", "number of dimensions (0: scalar)");
        int flags = r.u8("dataspace.flags", "flags", "bit 0: maximum dimensions stored; bit 1: permutation stored");
        int kind = 1;
        if (version == 1) {
            r.u8("dataspace.reserved", "reserved", "zero");
            r.u32le("dataspace.reserved", "reserved", "zero");
        } else {
            kind = r.u8("dataspace.type", "dataspace type", "0 scalar, 1 simple, 2 null (no elements)");
        }
        if (rank > 32) throw ReadProblem.at(StructureRules.BAD_COUNT, Span.bytes(rankAt, 1), "a dataspace of rank " + rank + "; HDF5 allows 32");
        long[] dims = new long[rank];
        for (int i = 0; i < rank; i++) dims[i] = FileContext.uint(r, c.lengthSize(), "dataspace.dim", i, "dimension " + i, "current extent");
        long[] max = null;
        if ((flags & 1) != 0) {
            max = new long[rank];
            for (int i = 0; i < rank; i++) {
                max[i] = c.address(r, "dataspace.max", i, "maximum dimension " + i, "largest extent (undefined: unlimited)");
            }
        }
        if (version == 1 && (flags & 2) != 0) {
            for (int i = 0; i < rank; i++) FileContext.uint(r, c.lengthSize(), "dataspace.permutation", i, "permutation " + i, "unused by HDF5");
        }
        return new Dataspace(rank, dims, max, version == 2 && kind == 2);
    }

    private static final String[] CLASSES = {"fixed-point", "floating-point", "time", "string", "bit field", "opaque",
        "compound", "reference", "enumerated", "variable-length", "array"};

    static Datatype datatype(FieldReader r) {
        long at = r.byteOffset();
        int cv = r.u8("datatype.class_version", "class and version", "low 4 bits: class, high 4 bits: version");
        int cls = cv & 0xf;
        int version = cv >>> 4;
        if (r.recording()) {
            r.recordSpan("datatype.class", -1, "class", at, at + 1, cls < CLASSES.length ? CLASSES[cls] : "unknown " + cls, "the kind of value");
        }
        if (version < 1 || version > 5 || cls >= CLASSES.length) {
            throw ReadProblem.at(StructureRules.BAD_VERSION, Span.bytes(at, 1), "a datatype of class " + cls + " version " + version
                    + ", which the specification does not define");
        }
        long bitsAt = r.byteOffset();
        int b0 = r.u8("datatype.bits0", "class bit field 0", bitsMeaning(cls));
        r.u8("datatype.bits8", "class bit field 1", "class-specific flags (bits 8-15)");
        r.u8("datatype.bits16", "class bit field 2", "class-specific flags (bits 16-23)");
        boolean big = (cls == 0 || cls == 1 || cls == 4) && (b0 & 1) != 0;
        if (r.recording() && (cls == 0 || cls == 1 || cls == 4)) {
            r.recordSpan("datatype.byte_order", -1, "byte order", bitsAt, bitsAt + 1, big ? "big-endian" : "little-endian", "bit 0 of the class bits");
        }
        long size = r.u32le("datatype.size", "size", "bytes of one element");
        if (cls == 0 || cls == 4) {
            r.u16le("datatype.bit_offset", "bit offset", "first significant bit");
            r.u16le("datatype.precision", "bit precision", "significant bits");
        } else if (cls == 1) {
            r.u16le("datatype.bit_offset", "bit offset", "first significant bit");
            r.u16le("datatype.precision", "bit precision", "significant bits");
            r.u8("datatype.exponent_location", "exponent location", "bit position of the exponent");
            r.u8("datatype.exponent_size", "exponent size", "bits in the exponent");
            r.u8("datatype.mantissa_location", "mantissa location", "bit position of the mantissa");
            r.u8("datatype.mantissa_size", "mantissa size", "bits in the mantissa");
            r.u32le("datatype.exponent_bias", "exponent bias", "added to the stored exponent");
        } else if (r.bytesLeft() > 0) {
            rest(r, "datatype.properties", "properties", r.bytesLeft());
        }
        return new Datatype(cls, size, big);
    }

    private static String bitsMeaning(int cls) {
        return switch (cls) {
            case 0 -> "bit 0 byte order (1 big-endian), bits 1-2 padding, bit 3 signed";
            case 1 -> "bit 0 byte order, bits 1-3 padding, bits 4-5 mantissa normalization";
            case 3 -> "bits 0-3 padding (0 NUL-terminated, 1 NUL-padded, 2 space-padded), bits 4-7 character set";
            case 9 -> "bits 0-3 type (0 sequence, 1 string), bits 4-7 padding, bits 8-11 character set";
            default -> "class-specific flags (bits 0-7)";
        };
    }

    private static Object fillValue(FieldReader r) {
        int version = FileContext.version(r, "fill.version", "fill value message", 1, 2, 3);
        if (version < 3) {
            r.u8("fill.alloc_time", "space allocation time", "1 early, 2 late, 3 incremental");
            r.u8("fill.write_time", "fill value write time", "0 on allocation, 1 never, 2 if set by the user");
            int defined = r.u8("fill.defined", "fill value defined", "0 undefined, 1 default (zeros), 2 set by the user");
            if (version == 1 || defined != 0) {
                if (r.bytesLeft() >= 4) {
                    long size = r.u32le("fill.size", "fill value size", "bytes of the fill value");
                    rest(r, "fill.value", "fill value", size);
                }
            }
        } else {
            int flags = r.u8("fill.flags", "flags", "bits 0-1 allocation time, 2-3 write time, 4 undefined, 5 value stored");
            if ((flags & 0x20) != 0) {
                long size = r.u32le("fill.size", "fill value size", "bytes of the fill value");
                rest(r, "fill.value", "fill value", size);
            }
        }
        return null;
    }

    static Layout layout(FileContext c, FieldReader r) {
        long vAt = r.byteOffset();
        int version = FileContext.version(r, "layout.version", "data layout message", 1, 2, 3, 4);
        if (version < 3) {
            int dimensionality = r.u8("layout.dimensionality", "dimensionality", "rank, plus 1 for chunked layouts (the element size)");
            int cls = r.u8("layout.class", "layout class", "0 compact, 1 contiguous, 2 chunked");
            r.bytes(5, "layout.reserved", "reserved", b -> "5 bytes", "zero");
            long address = cls == COMPACT ? FileContext.UNDEFINED : c.address(r, "layout.address", "data address", "the data (contiguous) or the chunk B-tree");
            checkRank(dimensionality, vAt);
            long[] dims = new long[dimensionality];
            for (int i = 0; i < dimensionality; i++) dims[i] = r.u32le("layout.dim", i, "dimension " + i, "extent");
            if (cls == CHUNKED) {
                long es = r.u32le("layout.element_size", "element size", "bytes of one element");
                long[] chunk = java.util.Arrays.copyOf(dims, dims.length + 1);
                chunk[dims.length] = es;
                return new Layout(version, cls, address, 0, chunk, BTREE_V1_INDEX, new int[0], -1, 0, 0, false);
            }
            if (cls == COMPACT) {
                long size = r.u32le("layout.compact_size", "compact data size", "bytes of data in this message");
                long at = r.byteOffset();
                rest(r, "layout.compact_data", "compact data", size);
                return new Layout(version, cls, address, size, null, -1, new int[0], at, 0, 0, false);
            }
            long n = 1;
            for (long d : dims) n *= d;
            return new Layout(version, cls, address, n, null, -1, new int[0], -1, 0, 0, false);
        }
        long clsAt = r.byteOffset();
        int cls = r.u8("layout.class", "layout class", "0 compact, 1 contiguous, 2 chunked, 3 virtual");
        switch (cls) {
            case COMPACT -> {
                int size = r.u16le("layout.compact_size", "compact data size", "bytes of data in this message");
                long at = r.byteOffset();
                rest(r, "layout.compact_data", "compact data", size);
                return new Layout(version, cls, FileContext.UNDEFINED, size, null, -1, new int[0], at, 0, 0, false);
            }
            case CONTIGUOUS -> {
                long address = c.address(r, "layout.address", "data address", "where the values start (undefined: never written)");
                long size = c.length(r, "layout.size", "data size", "bytes of stored data");
                return new Layout(version, cls, address, size, null, -1, new int[0], -1, 0, 0, false);
            }
            case CHUNKED -> {
                if (version == 3) {
                    int dimensionality = r.u8("layout.dimensionality", "dimensionality", "rank + 1: the last extent is the element size");
                    checkRank(dimensionality, clsAt + 1);
                    long address = c.address(r, "layout.address", "B-tree address", "the version 1 B-tree that indexes the chunks");
                    long[] chunk = new long[dimensionality];
                    for (int i = 0; i < dimensionality; i++) {
                        chunk[i] = r.u32le("layout.chunk_dim", i, i == dimensionality - 1 ? "element size" : "chunk dimension " + i,
                                i == dimensionality - 1 ? "bytes of one element" : "chunk extent");
                    }
                    return new Layout(version, cls, address, 0, chunk, BTREE_V1_INDEX, new int[0], -1, 0, 0, false);
                }
                int flags = r.u8("layout.flags", "flags", "bit 0: partial edge chunks not filtered; bit 1: single chunk is filtered");
                int dimensionality = r.u8("layout.dimensionality", "dimensionality", "rank + 1: the last extent is the element size");
                checkRank(dimensionality, clsAt + 2);
                long encAt = r.byteOffset();
                int enc = r.u8("layout.dim_size_bytes", "dimension size encoded length", "bytes in each chunk extent (1-8)");
                if (enc < 1 || enc > 8) throw ReadProblem.at(StructureRules.BAD_MESSAGE, Span.bytes(encAt, 1), "chunk extents of " + enc + " bytes; 1 to 8 are allowed");
                long[] chunk = new long[dimensionality];
                for (int i = 0; i < dimensionality; i++) {
                    chunk[i] = FileContext.uint(r, enc, "layout.chunk_dim", i, i == dimensionality - 1 ? "element size" : "chunk dimension " + i,
                            i == dimensionality - 1 ? "bytes of one element" : "chunk extent");
                }
                int type = r.u8("layout.index_type", "chunk index type", "1 single chunk, 2 implicit, 3 fixed array, 4 extensible array, 5 version 2 B-tree");
                int[] params = new int[0];
                long filteredSize = 0;
                long mask = 0;
                boolean filtered = false;
                switch (type) {
                    case SINGLE_CHUNK -> {
                        if ((flags & 2) != 0) {
                            filtered = true;
                            filteredSize = c.length(r, "layout.single.filtered_size", "size of filtered chunk", "bytes the filtered chunk takes");
                            mask = r.u32le("layout.single.filter_mask", "filter mask", "bit i set: filter i was skipped");
                        }
                    }
                    case IMPLICIT -> { }
                    case FIXED_ARRAY -> params = new int[] {r.u8("layout.fa.page_bits", "page bits", "a data block is paged when it has more than 2^bits entries")};
                    case EXTENSIBLE_ARRAY -> params = new int[] {
                        r.u8("layout.ea.max_bits", "maximum bits", "log2 of the most elements the array can hold"),
                        r.u8("layout.ea.index_elements", "index elements", "elements stored in the index block itself"),
                        r.u8("layout.ea.min_pointers", "minimum pointers", "data block pointers in the smallest super block"),
                        r.u8("layout.ea.min_elements", "minimum elements", "elements in the smallest data block"),
                        r.u8("layout.ea.page_bits", "page bits", "a data block is paged when it has more than 2^bits elements")};
                    case BTREE_V2_INDEX -> params = new int[] {
                        (int) r.u32le("layout.bt2.node_size", "node size", "bytes in each B-tree node"),
                        r.u8("layout.bt2.split", "split percent", "fullness at which a node splits"),
                        r.u8("layout.bt2.merge", "merge percent", "emptiness at which nodes merge")};
                    default -> throw ReadProblem.at(StructureRules.BAD_MESSAGE, Span.bytes(r.byteOffset() - 1, 1), "chunk index type " + type + " is not defined");
                }
                long address = c.address(r, "layout.address", type == SINGLE_CHUNK ? "chunk address" : type == IMPLICIT ? "chunks address" : "index address",
                        type == SINGLE_CHUNK ? "the dataset's one chunk" : type == IMPLICIT ? "the chunks, one after another" : "the chunk index");
                return new Layout(version, cls, address, 0, chunk, type, params, -1, filteredSize, mask, filtered);
            }
            case VIRTUAL -> {
                c.address(r, "layout.virtual_heap", "global heap address", "collection holding the virtual dataset mapping");
                r.u32le("layout.virtual_index", "global heap index", "object holding the mapping");
                return new Layout(version, cls, FileContext.UNDEFINED, 0, null, -1, new int[0], -1, 0, 0, false);
            }
            default -> throw ReadProblem.at(StructureRules.BAD_MESSAGE, Span.bytes(clsAt, 1), "layout class " + cls + " is not defined");
        }
    }

    private static void checkRank(int dimensionality, long at) {
        if (dimensionality < 1 || dimensionality > 33) {
            throw ReadProblem.at(StructureRules.BAD_COUNT, Span.bytes(at, 1), "a layout dimensionality of " + dimensionality + "; 1 to 33 are allowed");
        }
    }

    private static Filters filters(FieldReader r) {
        int version = FileContext.version(r, "filters.version", "filter pipeline message", 1, 2);
        long nAt = r.byteOffset();
        int n = r.u8("filters.count", "number of filters", "filters applied to each chunk, in order");
        if (n > 32) throw ReadProblem.at(StructureRules.BAD_COUNT, Span.bytes(nAt, 1), n + " filters; HDF5 allows 32");
        if (version == 1) r.bytes(6, "filters.reserved", "reserved", b -> "6 bytes", "zero");
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
            int id = r.u16le("filters.id", "filter id", "1 deflate, 2 shuffle, 3 Fletcher-32, 4 szip, 5 n-bit, 6 scale-offset, 256+ registered");
            ids[i] = id;
            int nameLength = version == 1 || id >= 256 ? r.u16le("filters.name_length", "name length", "bytes of the name") : 0;
            r.u16le("filters.flags", "flags", "bit 0: optional (may be skipped per chunk)");
            int nvalues = r.u16le("filters.value_count", "number of client values", "parameters for the filter");
            if (nameLength > 0) {
                int take = version == 1 ? (nameLength + 7) & ~7 : nameLength;
                r.bytes(take, "filters.name", "name", Messages::cText, "the filter's name");
            }
            for (int k = 0; k < nvalues; k++) r.u32le("filters.value", k, "client value " + k, "a filter parameter");
            if (version == 1 && (nvalues & 1) != 0) r.u32le("filters.padding", "padding", "pads an odd count of values to 8 bytes");
        }
        return new Filters(n, ids);
    }

    static Link link(FileContext c, FieldReader r) {
        FileContext.version(r, "link.version", "link message", 1);
        int flags = r.u8("link.flags", "flags", "bits 0-1: width of the name length; 2: creation order; 3: link type; 4: character set");
        int type = (flags & 0x08) != 0 ? r.u8("link.type", "link type", "0 hard, 1 soft, 64 external") : 0;
        if ((flags & 0x04) != 0) r.i64le("link.creation_order", "creation order", "order the link was created in");
        if ((flags & 0x10) != 0) r.u8("link.charset", "character set", "0 ASCII, 1 UTF-8");
        long length = FileContext.uint(r, 1 << (flags & 3), "link.name_length", -1, "length of link name", "bytes of the name");
        if (length < 1 || length > r.bytesLeft()) {
            throw ReadProblem.at(StructureRules.BAD_MESSAGE, Span.bits(r.bit(), 0), "a link name of " + length + " bytes in a message with " + r.bytesLeft() + " left");
        }
        String name = new String(r.bytes((int) length, "link.name", "link name", b -> new String(b, StandardCharsets.UTF_8), "the member's name"), StandardCharsets.UTF_8);
        if (type == 0) {
            long address = c.address(r, "link.address", "object header address", "the object this name leads to");
            return new Link(name, 0, address, null);
        }
        int n = r.u16le("link.info_length", "length of link value", "bytes of the soft link path or external link data");
        byte[] v = r.bytes(n, "link.value", type == 1 ? "soft link path" : "link value", Messages::cText, type == 1 ? "path this name leads to" : "file name and path, NUL-separated");
        return new Link(name, type, FileContext.UNDEFINED, cText(v));
    }

    /** Link info and attribute info share a layout: where dense storage is (a fractal heap and name and order indexes). */
    private static long[] denseStorage(FileContext c, FieldReader r, String prefix, String what, int maxIndexBytes) {
        FileContext.version(r, prefix + ".version", what + " info message", 0);
        int flags = r.u8(prefix + ".flags", "flags", "bit 0: creation order tracked; bit 1: creation order indexed");
        if ((flags & 1) != 0) FileContext.uint(r, maxIndexBytes, prefix + ".max_creation_index", -1, "maximum creation index", "highest creation order used");
        long heap = c.address(r, prefix + ".heap", "fractal heap address", "dense " + what + " storage (undefined: " + what + "s are messages)");
        long names = c.address(r, prefix + ".name_index", "name index B-tree address", "version 2 B-tree of " + what + " name hashes");
        long order = (flags & 2) != 0 ? c.address(r, prefix + ".order_index", "creation order index address", "version 2 B-tree by creation order") : FileContext.UNDEFINED;
        return new long[] {heap, names, order};
    }

    private static LinkInfo linkInfo(FileContext c, FieldReader r) {
        long[] a = denseStorage(c, r, "linkinfo", "link", 8);
        return new LinkInfo(a[0], a[1], a[2]);
    }

    private static Object groupInfo(FieldReader r) {
        FileContext.version(r, "groupinfo.version", "group info message", 0);
        int flags = r.u8("groupinfo.flags", "flags", "bit 0: link phase change values stored; bit 1: estimates stored");
        if ((flags & 1) != 0) {
            r.u16le("groupinfo.max_compact", "maximum compact links", "more links than this move to dense storage");
            r.u16le("groupinfo.min_dense", "minimum dense links", "fewer links than this move back to messages");
        }
        if ((flags & 2) != 0) {
            r.u16le("groupinfo.est_entries", "estimated number of entries", "sizing hint");
            r.u16le("groupinfo.est_name_length", "estimated name length", "sizing hint");
        }
        return null;
    }

    private static AttributeInfo attributeInfo(FileContext c, FieldReader r) {
        long[] a = denseStorage(c, r, "attrinfo", "attribute", 2);
        return new AttributeInfo(a[0], a[1], a[2]);
    }

    static Attribute attribute(FileContext c, FieldReader r) {
        int version = FileContext.version(r, "attr.version", "attribute message", 1, 2, 3);
        int flags = r.u8("attr.flags", version == 1 ? "reserved" : "flags", "bit 0: datatype shared; bit 1: dataspace shared");
        int nameSize = r.u16le("attr.name_size", "name size", "bytes of the name, with its NUL");
        int typeSize = r.u16le("attr.datatype_size", "datatype size", "bytes of the datatype description");
        int spaceSize = r.u16le("attr.dataspace_size", "dataspace size", "bytes of the dataspace description");
        if (version == 3) r.u8("attr.charset", "name character set", "0 ASCII, 1 UTF-8");
        int pad = version == 1 ? 8 : 1;
        if (pad(nameSize, pad) + (long) pad(typeSize, pad) + pad(spaceSize, pad) > r.bytesLeft()) {
            throw ReadProblem.at(StructureRules.BAD_MESSAGE, Span.bits(r.bit(), 0), "the attribute's name, datatype and dataspace claim "
                    + (nameSize + typeSize + spaceSize) + " bytes; the message has " + r.bytesLeft());
        }
        String name = cText(r.bytes(pad(nameSize, pad), "attr.name", "name", Messages::cText, "the attribute's name"));
        long typeAt = r.byteOffset();
        Datatype type = null;
        Dataspace space = null;
        FieldReader t = new FieldReader(r.source(), typeAt * 8, (typeAt + typeSize) * 8, r.recorder());
        if ((flags & 1) != 0) shared(c, t); else type = datatype(t);
        r.seekByte(typeAt + pad(typeSize, pad));
        long spaceAt = r.byteOffset();
        FieldReader s = new FieldReader(r.source(), spaceAt * 8, (spaceAt + spaceSize) * 8, r.recorder());
        if ((flags & 2) != 0) shared(c, s); else space = dataspace(c, s);
        r.seekByte(spaceAt + pad(spaceSize, pad));
        long dataAt = r.byteOffset();
        long left = r.bytesLeft();
        if (left > 0) rest(r, "attr.data", "data", left);
        return new Attribute(name, type, space, dataAt, left);
    }

    private static int pad(int n, int to) { return (n + to - 1) / to * to; }

    static String cText(byte[] b) {
        int n = 0;
        while (n < b.length && b[n] != 0) n++;
        return new String(b, 0, n, StandardCharsets.UTF_8);
    }
}
