package org.packscope.codec.hdf5;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.jhdf.HdfFile;
import io.jhdf.api.Attribute;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import io.jhdf.api.dataset.ChunkedDataset;
import io.jhdf.filter.PipelineFilterWithData;
import io.jhdf.links.ExternalLink;
import io.jhdf.links.SoftLink;
import io.jhdf.object.datatype.VariableLength;

import org.packscope.codec.format.Opener;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.store.ArraySlices;
import org.packscope.codec.store.CfValues;
import org.packscope.codec.store.ChunkUnits;
import org.packscope.codec.store.ColumnSlices;

/** Turns jhdf groups, datasets and attributes into inspection nodes. */
final class Hdf5Nodes {
    private static final int ATTRIBUTE_PREVIEW = 8;

    private final Path file;
    private final ByteSource source;
    private final List<Hdf5GroupOpener> openers;
    private final long base;
    private final HdfFile hdf;
    private final References references;
    private final Links links;
    private final VlenStrings strings;
    /** The file as the formats built on HDF5 see it (see {@link Hdf5Object}). */
    private final OpenedFile opened;

    Hdf5Nodes(Path file, ByteSource source, List<Hdf5GroupOpener> openers, HdfFile hdf, Opener opener) {
        this.file = file;
        this.source = source;
        this.openers = openers;
        this.base = hdf.getUserBlockSize();
        this.hdf = hdf;
        this.references = new References(hdf);
        this.links = new Links(file, opener);
        this.strings = new VlenStrings(hdf);
        this.opened = new OpenedFile(hdf, source);
    }

    /** {@code g} as the formats built on HDF5 see it. */
    Hdf5Group group(Group g) {
        return new Hdf5Group(g, opened);
    }

    /** Groups nested deeper than this are not opened (real files nest a handful of levels). */
    static final int MAX_DEPTH = 64;

    void fillGroup(Node n, Group group) {
        fillGroup(n, group, List.of(), null);
    }

    /** The root group, with {@code last} (the file's structure view) after its members. */
    void fillGroup(Node n, Group group, Node last) {
        fillGroup(n, group, List.of(), last);
    }

    /**
     * {@code ancestors} are the object header addresses of the groups above: HDF5 hard
     * links can make a group its own descendant, and such a loop is shown, not followed.
     */
    private void fillGroup(Node n, Group group, List<Long> ancestors, Node last) {
        if (!headerFits(n, group.getAddress(), () -> "group " + group.getPath())) return;
        addAttributes(n, group);
        List<GroupMembers.Member> members = members(group);
        n.summary(members.size() + (members.size() == 1 ? " member" : " members"));
        int count = members.size();
        // an empty group (50,000 of them in one file) holds no child list and no path of ancestors
        if (count == 0) {
            if (last != null) n.add(last);
            return;
        }
        List<Long> here = new ArrayList<>(ancestors);
        here.add(group.getAddress());
        n.lazyChildren(count + (last == null ? 0 : 1), i -> i == count ? last : nodeFor(members.get(i), here));
    }

    /** The members of a group, by name, each made only when asked for. */
    private List<GroupMembers.Member> members(Group group) {
        return GroupMembers.orJhdfs(group, hdf);
    }

    /** A node for one member of a group; whatever jhdf cannot read of it stays on that node. */
    private Node nodeFor(GroupMembers.Member member, List<Long> ancestors) {
        String name = member.name();
        try {
            io.jhdf.api.Node h = member.object().get();
            if (h instanceof SoftLink l) return softLink(name, l, ancestors);
            if (h instanceof ExternalLink l) return links.external(name, l);
            return object(name, h, ancestors, null);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            return Node.of(name, "hdf5-object").summary("unreadable")
                    .diagnose(Hdf5Failure.diagnostic(member.address() < 0 ? "'" + name + "'"
                            : "the object header of '" + name + "' at byte " + (base + member.address()), member.address() < 0 ? -1 : base + member.address(), e));
        }
    }

    /** A group, dataset or named datatype; {@code link} is the soft link it was reached by, or null. */
    private Node object(String name, io.jhdf.api.Node h, List<Long> ancestors, String link) {
        if (h instanceof Group g) {
            if (ancestors.contains(g.getAddress())) {
                return Node.of(name, "hdf5-link").summary("link to a group above (not followed)")
                        .diagnose(Diagnostic.warning(null, Hdf5Rules.LINK_LOOP, "'" + name + "' is the group at byte " + g.getAddress()
                                + ", which contains it; not followed"));
            }
            if (ancestors.size() >= MAX_DEPTH) {
                return Node.of(name, "hdf5-group").summary("nested too deep (not opened)")
                        .diagnose(Diagnostic.warning(null, Hdf5Rules.TOO_DEEP, "groups nest more than " + MAX_DEPTH + " levels here; deeper ones are not opened"));
            }
            Node damaged = Node.of(name, "hdf5-group");
            if (!headerFits(damaged, g.getAddress(), () -> "group " + g.getPath())) {
                return damaged.source(source).summary("unreadable object header");
            }
            if (link == null && GroupMembers.namesFit(g, hdf)) {
                for (Hdf5GroupOpener o : openers) {
                    try {
                        if (o.accepts(new Hdf5Group(g, opened))) return claimed(o, name, g, ancestors);
                    } catch (RuntimeException e) {
                        // fall back to the plain group view; the opener's problem is shown there
                        return plainGroup(name, g, ancestors, null).diagnose(Diagnostic.error(null, Hdf5Rules.GROUP_UNREADABLE,
                                "recognised as " + o.getClass().getSimpleName() + " but could not be opened: " + Hdf5Failure.words(e)));
                    }
                }
            }
            return plainGroup(name, g, ancestors, link);
        }
        if (h instanceof Dataset d) {
            if (link == null) {
                for (Hdf5GroupOpener o : openers) {
                    Node claimed = o.openDataset(new Hdf5Dataset(d, opened), file);
                    if (claimed == null) continue;
                    // the format's view on top; the values stay the dataset's cells, as any HDF5 reader reads them
                    var cells = dataset(name, d, link).values();
                    if (cells != null) claimed.facet(ValueColumn.class, cells);
                    return claimed;
                }
            }
            return dataset(name, d, link);
        }
        if (h instanceof io.jhdf.CommittedDatatype t) {
            Node n = Node.of(name, "hdf5-datatype").source(source);
            ElementCodec c = ElementCodec.of(t.getDataType(), references);
            return n.summary("named datatype").field("type", null, c != null ? c.describe() : t.getDataType().getClass().getSimpleName(),
                    "a datatype stored under a name, for datasets and attributes to share");
        }
        return Node.of(name, "hdf5-object").summary("unknown object")
                .diagnose(Diagnostic.warning(null, Hdf5Rules.UNSUPPORTED_OBJECT, "'" + name + "' is neither a group, a dataset nor a named datatype"));
    }

    /**
     * A group a format recognises (a matrix, a dataframe): the format's view, and beneath it
     * the group's members that view does not show, as HDF5 objects, so that every dataset
     * keeps its HDF5 path ({@code file.h5::/matrix/barcodes}) and its values.
     */
    private Node claimed(Hdf5GroupOpener o, String name, Group g, List<Long> ancestors) {
        String kind = o.open(new Hdf5Group(g, opened), file).kind();
        return Node.lazy(name, kind, n -> fillClaimed(n, o, g, ancestors));
    }

    /**
     * Fills {@code n} with the format's view of {@code g} and then the group's members that
     * view does not show: a group that is a matrix is still a group (the root group of a file
     * holding a BPCells matrix keeps its other groups, {@code file.h5::/extra/m}).
     */
    void fillClaimed(Node n, Hdf5GroupOpener o, Group g, List<Long> ancestors) {
        o.fill(n, new Hdf5Group(g, opened), file);
        java.util.Set<String> shown = new java.util.HashSet<>();
        for (Node c : n.children()) shown.add(c.name());
        List<Long> here = new ArrayList<>(ancestors);
        here.add(g.getAddress());
        List<GroupMembers.Member> members;
        try {
            members = members(g);
        } catch (RuntimeException e) {
            return; // the format's view has said what is damaged; the plain listing adds nothing then
        }
        for (GroupMembers.Member m : members) {
            if (!shown.contains(m.name())) n.add(nodeFor(m, here));
        }
    }

    /**
     * A soft link names a path, which need not exist (a dangling link is legal HDF5). It is
     * shown as a link with its target, and what it points to is opened beneath that name.
     */
    private Node softLink(String name, SoftLink l, List<Long> ancestors) {
        String target = l.getTargetPath();
        io.jhdf.api.Node t;
        try {
            t = l.getTarget();
        } catch (StackOverflowError e) {
            return Node.of(name, "hdf5-link").summary("soft link → " + target + " (a cycle)")
                    .field("soft link", null, target, "path this link points to")
                    .diagnose(Diagnostic.warning(null, Hdf5Rules.LINK_CYCLE, "soft link '" + name + "' → " + target
                            + " leads back to itself through other soft links; not followed"));
        } catch (RuntimeException e) {
            return Node.of(name, "hdf5-link").summary("soft link → " + target + " (dangling)")
                    .field("soft link", null, target, "path this link points to")
                    .diagnose(Diagnostic.warning(null, Hdf5Rules.DANGLING_LINK, "soft link '" + name + "' → " + target
                            + ": nothing is at that path (legal in HDF5; the link is kept but leads nowhere)"));
        }
        if (t instanceof SoftLink || t instanceof ExternalLink) {
            return Node.of(name, "hdf5-link").summary("soft link → " + target).field("soft link", null, target, "path this link points to");
        }
        return object(name, t, ancestors, target);
    }
    private Node plainGroup(String name, Group g, List<Long> ancestors, String link) {
        return Node.lazy(name, "hdf5-group", n -> {
            n.source(source).span(objectHeaderSpan(g.getAddress()));
            if (link != null) n.field("soft link", null, link, "this name is a soft link to that path");
            n.field("path", null, g.getPath(), "location in the file");
            objectHeader(n, g.getAddress());
            guard(n, "group " + g.getPath(), () -> fillGroup(n, g, ancestors, null));
        });
    }

    private Node dataset(String name, Dataset d, String link) {
        return Node.lazy(name, "hdf5-dataset", n -> {
            n.source(source).span(objectHeaderSpan(d.getAddress()));
            if (link != null) n.field("soft link", null, link, "this name is a soft link to that path");
            guard(n, "dataset " + d.getPath(), () -> describeDataset(n, d));
        });
    }

    /**
     * Checks the size an object header claims against the bytes present before jhdf
     * reads it: jhdf allocates and reads whatever a damaged header claims, which can
     * take seconds and hundreds of megabytes for a few bytes of damage. {@code what} is
     * made only for a report (50,000 groups that fit need no words).
     */
    boolean headerFits(Node n, long address, java.util.function.Supplier<String> what) {
        long size = source.size();
        if (address < 0 || address >= size) {
            n.diagnose(Diagnostic.errorAtByte(Math.max(0, Math.min(address, size)), Hdf5Rules.OBJECT_HEADER_BEYOND_FILE,
                    what.get() + ": its object header is said to start at byte " + address + ", past the end of the file (" + size + " bytes)"));
            return false;
        }
        long claimed;
        long sizeAt;
        if (isVersion2Header(address)) {
            // version 2: signature, version, flags, optional times and phase limits, then chunk #0's size (1, 2, 4 or 8 bytes)
            if (!source.has(address, 6)) return truncatedHeader(n, address, what);
            int flags = source.u8(address + 5);
            long at = address + 6 + ((flags & 0x20) != 0 ? 16 : 0) + ((flags & 0x10) != 0 ? 4 : 0);
            int width = 1 << (flags & 3);
            if (!source.has(at, width)) return truncatedHeader(n, address, what);
            claimed = width == 8 ? source.i64le(at) : width == 4 ? source.u32le(at) : width == 2 ? source.u16le(at) : source.u8(at);
            sizeAt = at;
            if (claimed >= 0 && claimed <= size - (at + width)) return true;
        } else {
            // version 1: version, reserved, message count (2), reference count (4), header size (4), padding (4)
            if (!source.has(address, 16)) return truncatedHeader(n, address, what);
            claimed = source.u32le(address + 8);
            sizeAt = address + 8;
            if (claimed <= size - (address + 16)) return true;
        }
        n.diagnose(Diagnostic.error(Span.bytes(sizeAt, 4), Hdf5Rules.OBJECT_HEADER_TOO_LARGE,
                what.get() + ": the object header claims " + Long.toUnsignedString(claimed) + " bytes of messages but only "
                        + Math.max(0, size - sizeAt) + " bytes follow; its messages are not read"));
        return false;
    }

    private boolean truncatedHeader(Node n, long address, java.util.function.Supplier<String> what) {
        n.diagnose(Diagnostic.errorAtByte(address, SharedRules.TRUNCATED, what.get() + ": the object header at byte " + address + " is cut off by the end of the file"));
        return false;
    }

    private void describeDataset(Node n, Dataset d) {
        if (!headerFits(n, d.getAddress(), () -> "dataset " + d.getPath())) return;
        boolean none = DatasetColumn.nullDataspace(d);
        long[] dims = none ? new long[0] : d.getDimensionsAsLong();
        long count = none ? 0 : d.isScalar() ? 1 : d.getSize();
        io.jhdf.object.datatype.DataType dtype = SharedType.of(d, source, base, hdf);
        ElementCodec codec = ElementCodec.of(dtype, references);
        boolean vlen = codec == null && dtype instanceof VariableLength;
        String shape = none ? "empty (null dataspace)" : d.isScalar() ? "scalar" : Arrays.toString(dims);
        n.field("path", null, d.getPath(), "location in the file");
        objectHeader(n, d.getAddress());
        n.field("shape", null, shape, "extent of each dimension");
        n.field("type", null, codec != null ? codec.describe() : describeType(dtype), "element type as stored");
        n.field("elements", null, count, "number of values");
        n.field("layout", null, d.getDataLayout(), "how the values are stored: compact, contiguous or chunked");
        // a chunked dataset's chunks come from its index, read on demand (jhdf would hold an object per chunk)
        ChunkIndex index = null;
        if (d instanceof ChunkedDataset c) {
            try {
                index = ChunkIndex.of(c, source, base);
            } catch (ReadProblem e) {
                n.diagnose(Hdf5Failure.diagnostic("dataset " + d.getPath(), e));
            }
        }
        boolean chunked = d instanceof ChunkedDataset;
        boolean unwritten = chunked ? index == null || index.count() == 0 : d.isEmpty();
        if (d instanceof io.jhdf.api.dataset.ContiguousDataset c && !d.isEmpty()
                && source.has(base + c.getDataAddress(), d.getStorageInBytes())) {
            Span data = Span.bytes(base + c.getDataAddress(), d.getStorageInBytes());
            n.span(data);
            n.field("data", data, d.getStorageInBytes() + (d.getStorageInBytes() == 1 ? " byte at " : " bytes at ") + (base + c.getDataAddress()),
                    "the values, stored contiguously in row-major order");
        }
        if (d instanceof ChunkedDataset c) {
            n.field("chunk shape", null, Arrays.toString(c.getChunkDimensions()), "extent of each stored chunk");
        }
        List<PipelineFilterWithData> filters = d.getFilters();
        if (!filters.isEmpty()) {
            List<String> names = new ArrayList<>();
            for (PipelineFilterWithData f : filters) names.add(f.getName() + " (id " + f.getId() + ")");
            n.field("filters", null, String.join(", ", names), "applied to each chunk, in order, when writing");
        }
        long logical = none ? 0 : codec != null ? count * codec.stored : d.getSizeInBytes();
        long stored = index != null ? index.storedBytes() : chunked ? 0 : d.getStorageInBytes();
        n.field("logical size", null, logical + " bytes", "size of the decoded values");
        n.field("stored size", null, stored + " bytes", "size on disk"
                + (stored > 0 && logical > 0 ? String.format(java.util.Locale.ROOT, " (ratio %.2f)", (double) logical / stored) : ""));
        if (count > 0 && unwritten && index != null) {
            n.field("written", null, "never", "no data was ever written; every value reads as the fill value, as HDF5 returns it");
        }
        addAttributes(n, d);
        Conventions.describe(n, d, this::attributeText);
        String label = codec != null ? codec.label() : vlen ? "variable-length" : "unsupported type";
        n.summary(label + " " + shape);
        Node chunks = d instanceof ChunkedDataset c && !unwritten
                ? DatasetChunks.node(c, source, base, chunkBytes(c, codec)) : null;
        if (codec != null) {
            DatasetColumn column = DatasetColumn.of(d, codec, count, source, base);
            n.facet(ValueColumn.class, column);
            if (dims.length >= 2 && column.count() == count) {
                n.facet(ArraySlices.class, new ColumnSlices(dims, column, List.of()));
            }
            // netCDF-4 / CF attributes: every view shows physical values, fills as gaps
            CfValues.attach(n, Conventions.values(d, column.type()));
            if (column.mayHaveGaps() && (!filters.isEmpty() || chunks != null && chunks.isDrillDown())) {
                // a deep check decodes every filtered chunk; each that fails is reported where it is
                String what = "dataset " + d.getPath();
                n.facet(Verifier.class, (sink, progress) -> column.elements().verify(sink, progress, what));
                // too many chunks to walk as nodes: a distributed check takes them one by one
                if (chunks != null && chunks.isDrillDown()) n.facet(ChunkUnits.class, column.elements().units(what));
            }
            if (codec instanceof ElementCodec.Compound c) {
                List<ElementCodec.Member> members = c.members;
                int extra = chunks == null ? 0 : 1;
                n.lazyChildren(members.size() + extra, i -> i < members.size() ? MemberColumn.node(column, members.get(i)) : chunks);
            } else if (chunks != null) {
                n.add(chunks);
            }
        } else if (vlen && isVlenString(dtype)) {
            n.facet(ValueColumn.class, strings.column(d, count, source, base));
        } else if (vlen) {
            if (chunks != null) n.add(chunks);
            n.facet(ValueColumn.class, new VlenColumn(d, count));
        } else {
            n.diagnose(Diagnostic.warning(null, Hdf5Rules.UNSUPPORTED_TYPE,
                    "values of type " + describeType(dtype) + " are not shown"));
        }
    }

    /** Bytes one chunk decodes to: its elements times the element's stored size (0 when the type is not read). */
    private static long chunkBytes(ChunkedDataset c, ElementCodec codec) {
        long e = 1;
        for (int x : c.getChunkDimensions()) e *= Math.max(0, x);
        return codec == null ? 0 : e * codec.stored;
    }

    /** Runs jhdf work; what jhdf cannot read of a damaged file becomes a diagnostic. */
    void guard(Node n, String what, Runnable work) {
        try {
            work.run();
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            n.diagnose(Hdf5Failure.diagnostic(what, e));
        }
    }

    /** A version 2 object header starts with the signature "OHDR"; version 1 has none. */
    private boolean isVersion2Header(long address) {
        return source.has(address, 4) && source.i32le(address) == 0x5244484f;
    }

    private Span objectHeaderSpan(long address) {
        return isVersion2Header(address) ? Span.bytes(address, 4) : Span.bytes(address, 1);
    }

    /** Records the first field of an object header: the "OHDR" signature (v2) or the version byte (v1). */
    private void objectHeader(Node n, long address) {
        if (isVersion2Header(address)) {
            n.field("object header", Span.bytes(address, 4), "OHDR at byte " + address,
                    "signature of a version 2 object header, which lists this object's messages");
        } else if (source.has(address, 1)) {
            n.field("object header version", Span.bytes(address, 1), source.u8(address) + " at byte " + address,
                    "version of the object header (1) that lists this object's messages");
        }
    }

    private static String describeType(io.jhdf.object.datatype.DataType t) {
        String cls = t.getClass().getSimpleName();
        if (t instanceof VariableLength v) {
            return v.isVariableLengthString() ? "variable-length string" : "variable-length sequence of " + describeType(v.getParent());
        }
        return typeClass(cls) + ", " + t.getSize() + " bytes";
    }

    /** An HDF5 type class in the specification's words, not jhdf's class name ({@code CompoundDataType} → "compound"). */
    static String typeClass(String jhdfClass) {
        return switch (jhdfClass) {
            case "FixedPoint" -> "integer";
            case "FloatingPoint" -> "float";
            case "StringData" -> "string";
            case "CompoundDataType" -> "compound";
            case "EnumDataType" -> "enum";
            case "BitField" -> "bitfield";
            case "ArrayDataType" -> "array";
            case "Reference" -> "reference";
            case "OpaqueDataType" -> "opaque";
            case "TimeDataType" -> "time";
            default -> jhdfClass.replace("DataType", "").toLowerCase(java.util.Locale.ROOT);
        };
    }

    private void addAttributes(Node n, io.jhdf.api.Node h) {
        Map<String, Attribute> attrs;
        try {
            attrs = h.getAttributes();
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            n.diagnose(Hdf5Failure.diagnostic("the attributes of " + h.getPath(), e));
            return;
        }
        for (Attribute a : attrs.values()) {
            String value;
            try {
                value = attributeText(a);
            } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
                value = "(unreadable)";
                n.diagnose(Diagnostic.warning(null, Hdf5Rules.ATTRIBUTE_UNREADABLE, "attribute " + a.getName() + ": " + Hdf5Failure.words(e)));
            }
            n.field("@" + a.getName(), null, value, "attribute");
        }
    }

    /**
     * An attribute's value as text: fixed-size types from their stored bytes (so float16,
     * compounds such as netCDF's REFERENCE_LIST, enums and references read as datasets do),
     * variable-length ones through jhdf; at most {@value #ATTRIBUTE_PREVIEW} elements.
     */
    String attributeText(Attribute a) {
        if (a.isEmpty()) return "(empty)";
        ElementCodec codec = ElementCodec.of(a.getDataType(), references);
        if (codec != null) {
            ByteBuffer b = a.getBuffer().duplicate();
            int n = b.remaining() / codec.stored;
            byte[] stored = new byte[codec.stored];
            byte[] le = new byte[codec.type.byteWidth()];
            StringBuilder sb = new StringBuilder();
            boolean list = !a.isScalar() || n != 1;
            if (list) sb.append('[');
            for (int i = 0; i < Math.min(n, ATTRIBUTE_PREVIEW); i++) {
                if (i > 0) sb.append(", ");
                b.position(i * codec.stored);
                b.get(stored);
                codec.toLittleEndian(stored, 0, le, 0);
                codec.text(le, 0, sb);
            }
            if (n > ATTRIBUTE_PREVIEW) sb.append(", … ").append(n - ATTRIBUTE_PREVIEW).append(" more");
            if (list) sb.append(']');
            return sb.toString();
        }
        if (a.getDataType() instanceof VariableLength v && v.getParent() instanceof io.jhdf.object.datatype.Reference) {
            return references.vlenText(a.getData());
        }
        if (isVlenString(a.getDataType()) && a.getDimensions().length <= 1) return vlenStringsText(a);
        return JavaValues.text(a.getData(), 400);
    }

    /** A variable-length string type whose stored descriptors this reader reads itself ({@link VlenStrings}). */
    private boolean isVlenString(io.jhdf.object.datatype.DataType t) {
        return t instanceof VariableLength v && v.isVariableLengthString() && v.getSize() == strings.descriptorSize();
    }

    /** A scalar or list variable-length string attribute from its heap bytes, listed as other values are. */
    private String vlenStringsText(Attribute a) {
        ByteBuffer b = a.getBuffer().duplicate();
        int size = strings.descriptorSize();
        int n = b.remaining() / size;
        byte[] d = new byte[size];
        String[] texts = new String[a.isScalar() ? Math.min(n, 1) : n];
        for (int i = 0; i < texts.length; i++) {
            b.get(d);
            texts[i] = strings.text(d, 0);
        }
        return JavaValues.text(a.isScalar() && texts.length == 1 ? texts[0] : texts, 400);
    }
}
