package org.packscope.codec.hdf5;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.jhdf.api.Attribute;
import io.jhdf.api.Dataset;
import io.jhdf.api.Group;
import io.jhdf.api.dataset.ChunkedDataset;
import io.jhdf.filter.PipelineFilterWithData;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ByteSource;

/** Turns jhdf groups, datasets and attributes into inspection nodes. */
final class Hdf5Nodes {
    private static final int ATTRIBUTE_PREVIEW = 8;

    private final Path file;
    private final ByteSource source;
    private final List<Hdf5GroupOpener> openers;

    Hdf5Nodes(Path file, ByteSource source, List<Hdf5GroupOpener> openers) {
        this.file = file;
        this.source = source;
        this.openers = openers;
    }

    /** Groups nested deeper than this are not opened (real files nest a handful of levels). */
    static final int MAX_DEPTH = 64;

    void fillGroup(Node n, Group group) {
        fillGroup(n, group, List.of());
    }

    /**
     * {@code ancestors} are the object header addresses of the groups above: HDF5 hard
     * links can make a group its own descendant, and such a loop is shown, not followed.
     */
    private void fillGroup(Node n, Group group, List<Long> ancestors) {
        if (!headerFits(n, group.getAddress(), "group " + group.getPath())) return;
        addAttributes(n, group);
        List<io.jhdf.api.Node> kids = new ArrayList<>(group.getChildren().values());
        n.summary(kids.size() + (kids.size() == 1 ? " member" : " members"));
        List<Long> here = new ArrayList<>(ancestors);
        here.add(group.getAddress());
        n.lazyChildren(kids.size(), i -> nodeFor(kids.get(i), here));
    }

    private Node nodeFor(io.jhdf.api.Node h, List<Long> ancestors) {
        if (h instanceof Group g) {
            if (ancestors.contains(g.getAddress())) {
                return Node.of(h.getName(), "hdf5-link").summary("link to a group above (not followed)")
                        .diagnose(Diagnostic.warning(null, "hdf5_link_loop", "'" + h.getName()
                                + "' is the group at byte " + g.getAddress() + ", which contains it; not followed"));
            }
            if (ancestors.size() >= MAX_DEPTH) {
                return Node.of(h.getName(), "hdf5-group").summary("nested too deep (not opened)")
                        .diagnose(Diagnostic.warning(null, "hdf5_too_deep", "groups nest more than " + MAX_DEPTH + " levels here; deeper ones are not opened"));
            }
            Node damaged = Node.of(g.getName(), "hdf5-group");
            if (!headerFits(damaged, g.getAddress(), "group " + g.getPath())) {
                return damaged.source(source).summary("unreadable object header");
            }
            for (Hdf5GroupOpener o : openers) {
                try {
                    if (o.accepts(g)) return o.open(g, file);
                } catch (RuntimeException e) {
                    // fall back to the plain group view; the opener's problem is shown there
                    return plainGroup(g, ancestors).diagnose(Diagnostic.error(null, "group_unreadable",
                            "recognised as " + o.getClass().getSimpleName() + " but could not be opened: " + e.getMessage()));
                }
            }
            return plainGroup(g, ancestors);
        }
        if (h instanceof Dataset d) {
            for (Hdf5GroupOpener o : openers) {
                Node claimed = o.openDataset(d, file);
                if (claimed != null) return claimed;
            }
            return dataset(d);
        }
        return Node.of(h.getName(), "hdf5-link").summary(h.getType().toString())
                .diagnose(Diagnostic.warning(null, "hdf5_unsupported_object", "object of type " + h.getType() + " is not shown"));
    }

    private Node plainGroup(Group g, List<Long> ancestors) {
        return Node.lazy(g.getName(), "hdf5-group", n -> {
            n.source(source).span(objectHeaderSpan(g.getAddress()));
            n.field("path", null, g.getPath(), "location in the file");
            objectHeader(n, g.getAddress());
            guard(n, "group " + g.getPath(), () -> fillGroup(n, g, ancestors));
        });
    }

    private Node dataset(Dataset d) {
        return Node.lazy(d.getName(), "hdf5-dataset", n -> {
            n.source(source).span(objectHeaderSpan(d.getAddress()));
            guard(n, "dataset " + d.getPath(), () -> describeDataset(n, d));
        });
    }

    /**
     * Checks the size an object header claims against the bytes present before jhdf
     * reads it: jhdf allocates and reads whatever a damaged header claims, which can
     * take seconds and hundreds of megabytes for a few bytes of damage.
     */
    boolean headerFits(Node n, long address, String what) {
        long size = source.size();
        if (address < 0 || address >= size) {
            n.diagnose(Diagnostic.errorAtByte(Math.max(0, Math.min(address, size)), "hdf5_object_header_beyond_file",
                    what + ": its object header is said to start at byte " + address + ", past the end of the file (" + size + " bytes)"));
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
        n.diagnose(Diagnostic.error(Span.bytes(sizeAt, 4), "hdf5_object_header_too_large",
                what + ": the object header claims " + Long.toUnsignedString(claimed) + " bytes of messages but only "
                        + Math.max(0, size - sizeAt) + " bytes follow; its messages are not read"));
        return false;
    }

    private boolean truncatedHeader(Node n, long address, String what) {
        n.diagnose(Diagnostic.errorAtByte(address, "truncated", what + ": the object header at byte " + address + " is cut off by the end of the file"));
        return false;
    }

    private void describeDataset(Node n, Dataset d) {
        if (!headerFits(n, d.getAddress(), "dataset " + d.getPath())) return;
        long[] dims = d.getDimensionsAsLong();
        ValueType type = DatasetColumn.valueType(d);
        n.field("path", null, d.getPath(), "location in the file");
        objectHeader(n, d.getAddress());
        n.field("shape", null, d.isScalar() ? "scalar" : Arrays.toString(dims), "extent of each dimension");
        n.field("type", null, describeType(d, type), "element type as stored");
        n.field("elements", null, d.getSize(), "number of values");
        n.field("layout", null, d.getDataLayout(), "how the values are stored: compact, contiguous or chunked");
        if (d instanceof io.jhdf.api.dataset.ContiguousDataset c && !d.isEmpty()
                && source.has(c.getDataAddress(), d.getStorageInBytes())) {
            Span data = Span.bytes(c.getDataAddress(), d.getStorageInBytes());
            n.span(data);
            n.field("data", data, d.getStorageInBytes() + " bytes at " + c.getDataAddress(),
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
        long logical = d.getSizeInBytes();
        long stored = d.getStorageInBytes();
        n.field("logical size", null, logical + " bytes", "size of the decoded values");
        n.field("stored size", null, stored + " bytes", "size on disk"
                + (stored > 0 && logical > 0 ? String.format(java.util.Locale.ROOT, " (ratio %.2f)", (double) logical / stored) : ""));
        addAttributes(n, d);
        n.summary((type == null ? "unsupported type" : type.label()) + " " + (d.isScalar() ? "scalar" : Arrays.toString(dims)));
        if (type == null) {
            n.diagnose(Diagnostic.warning(null, "hdf5_unsupported_type",
                    "values of Java type " + d.getJavaType().getSimpleName() + " are not shown"));
        } else if (!d.isEmpty()) {
            n.facet(org.packscope.codec.inspect.ValueColumn.class, new DatasetColumn(d, type));
        }
    }

    /** Runs jhdf work; what jhdf cannot read of a damaged file becomes a diagnostic. */
    void guard(Node n, String what, Runnable work) {
        try {
            work.run();
        } catch (RuntimeException e) {
            n.diagnose(unreadable(what, e));
        }
    }

    static Diagnostic unreadable(String what, RuntimeException e) {
        String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return Diagnostic.error(null, "hdf5_unreadable", "could not read " + what + ": " + msg);
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

    private static String describeType(Dataset d, ValueType type) {
        String cls = d.getDataType().getClass().getSimpleName();
        return (type == null ? "?" : type.label()) + " (" + cls + ", " + d.getDataType().getSize() + " bytes)";
    }

    private void addAttributes(Node n, io.jhdf.api.Node h) {
        Map<String, Attribute> attrs;
        try {
            attrs = h.getAttributes();
        } catch (RuntimeException e) {
            n.diagnose(Diagnostic.error(null, "hdf5_attribute_unreadable", "attributes could not be read: " + e.getMessage()));
            return;
        }
        for (Attribute a : attrs.values()) {
            String value;
            try {
                value = previewAttribute(a.getData());
            } catch (RuntimeException e) {
                value = "(unreadable: " + e.getMessage() + ")";
                n.diagnose(Diagnostic.warning(null, "hdf5_attribute_unreadable", "attribute " + a.getName() + ": " + e.getMessage()));
            }
            n.field("@" + a.getName(), null, value, "attribute");
        }
    }

    static String previewAttribute(Object data) {
        if (data == null) return "null";
        if (!data.getClass().isArray()) return data.toString();
        int len = java.lang.reflect.Array.getLength(data);
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < Math.min(len, ATTRIBUTE_PREVIEW); i++) {
            if (i > 0) sb.append(", ");
            sb.append(previewAttribute(java.lang.reflect.Array.get(data, i)));
        }
        if (len > ATTRIBUTE_PREVIEW) sb.append(", … ").append(len - ATTRIBUTE_PREVIEW).append(" more");
        return sb.append(']').toString();
    }
}
