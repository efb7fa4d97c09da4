package org.packscope.codec.hdf5.layout;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Consumer;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.read.ReadProblem;

/**
 * Where a dataset's values are, from the messages of its object header: its dataspace,
 * datatype and layout, and whether a filter pipeline applies. Read alike by the
 * structure view (which makes nodes of it) and by {@code check} (which only validates).
 * {@code space} or {@code layout} is null when its message is missing or damaged.
 */
public record DatasetStorage(Messages.Dataspace space, Messages.Layout layout, Messages.Datatype type, boolean filtered) {

    /** The storage of the dataset whose header is {@code h}; damaged messages are reported to {@code problems}. */
    public static DatasetStorage of(FileContext c, ObjectHeader h, Consumer<Diagnostic> problems) {
        Messages.Dataspace space = null;
        Messages.Layout layout = null;
        Messages.Datatype type = null;
        boolean filtered = false;
        for (ObjectHeader.Message m : h.messages()) {
            try {
                switch (m.type()) {
                    case Messages.DATASPACE -> space = h.decode(c, m, null) instanceof Messages.Dataspace s ? s : null;
                    case Messages.LAYOUT -> layout = h.decode(c, m, null) instanceof Messages.Layout l ? l : null;
                    case Messages.DATATYPE -> type = h.decode(c, m, null) instanceof Messages.Datatype t ? t : null;
                    case Messages.FILTER_PIPELINE -> filtered = true;
                    default -> { }
                }
            } catch (ReadProblem p) {
                problems.accept(p.diagnostic());
            }
        }
        return new DatasetStorage(space, layout, type, filtered);
    }

    boolean readable() { return space != null && layout != null; }

    boolean contiguousData() { return layout.cls() == Messages.CONTIGUOUS && layout.address() != FileContext.UNDEFINED; }

    /** A contiguous dataset whose data lies (partly) outside the file, else null. */
    Diagnostic dataOutsideFile(FileContext c, String path) {
        if (!contiguousData() || c.inFile(layout.address(), layout.size())) return null;
        return Diagnostic.errorAtByte(c.placeInFile(layout.address()), StructureRules.ADDRESS_OUT_OF_FILE,
                path + ": its " + layout.size() + " bytes of data are said to be at byte " + c.abs(layout.address())
                        + ", outside the file (" + c.source().size() + " bytes)");
    }

    /** The global heap collections the first variable-length descriptors of a contiguous dataset name (at most 16). */
    Set<Long> vlenCollections(FileContext c) {
        Set<Long> out = new LinkedHashSet<>();
        if (type == null || type.cls() != 9 || !contiguousData()) return out;
        long size = type.size();
        if (size != 4 + c.offsetSize() + 4 || !c.inFile(layout.address(), layout.size())) return out;
        long n = Math.min(layout.size() / size, 4096);
        for (long i = 0; i < n && out.size() < 16; i++) {
            long at = c.abs(layout.address()) + i * size;
            if (c.source().u32le(at) == 0) continue;
            out.add(FileContext.uintAt(c.source(), at + 4, c.offsetSize()));
        }
        return out;
    }

    String summary() {
        String cls = switch (layout.cls()) {
            case Messages.COMPACT -> "compact";
            case Messages.CONTIGUOUS -> "contiguous";
            case Messages.CHUNKED -> "chunked, " + layout.indexName() + " index";
            default -> "virtual";
        };
        return "dataset " + Arrays.toString(space.dims()) + ", " + cls;
    }

    /** What the structure view of the dataset would report, without nodes: data outside the file, the chunk index, global heaps. */
    static void check(FileContext c, ObjectHeader h, int chunkK, Consumer<Diagnostic> problems, String path) {
        DatasetStorage d = of(c, h, problems);
        if (!d.readable()) return;
        Diagnostic outside = d.dataOutsideFile(c, path);
        if (outside != null) problems.accept(outside);
        try {
            if (d.layout.cls() == Messages.CHUNKED) ChunkIndex.walk(c, d.layout, d.space, d.filtered, chunkK, ch -> { }, problems, path);
        } catch (ReadProblem p) {
            problems.accept(p.diagnostic());
        }
        for (long collection : d.vlenCollections(c)) {
            try {
                GlobalHeap.read(c, collection, null);
            } catch (ReadProblem p) {
                problems.accept(p.diagnostic());
            }
        }
    }
}
