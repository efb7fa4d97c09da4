package org.packscope.codec.bpcells;

import java.nio.file.Path;

import org.packscope.codec.format.Format;
import org.packscope.codec.format.FormatRegistry;
import org.packscope.codec.format.Probe;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.raw.FileNames;

/**
 * A BPCells matrix folder: recognised by a {@code version} file saying
 * {@code …-matrix-v1|v2} (any {@code -matrix-vN}, so unknown versions open with a
 * diagnostic), or, without one, by the idxptr and shape files of the layout.
 */
public final class BpcellsFolderFormat implements Format {

    @Override public String id() { return "bpcells"; }

    @Override public String displayName() { return "BPCells matrix (folder)"; }

    @Override
    public int probe(Probe probe) {
        if (!probe.isDirectory()) return 0;
        String v = probe.readSmallText(ArrayNames.VERSION, 4096);
        if (v != null) {
            String first = v.lines().findFirst().orElse("");
            if (MatrixVersion.looksLikeMatrixVersion(first)) return 100;
        }
        if (probe.hasEntry(ArrayNames.IDXPTR) && probe.hasEntry(ArrayNames.SHAPE)) return 50;
        return 0;
    }

    @Override
    public Node open(Path path, FormatRegistry registry) {
        FolderArrayStore store = new FolderArrayStore(path);
        return Node.lazy(FileNames.of(path), "bpcells-matrix", n -> {
            String version = store.readVersion();
            n.field("version file", null, version == null ? "(missing)" : version, "folder/version: the version string and a newline");
            MatrixNodeBuilder.fill(n, store, version);
        });
    }
}
