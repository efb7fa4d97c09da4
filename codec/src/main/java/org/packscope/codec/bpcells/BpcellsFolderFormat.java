package org.packscope.codec.bpcells;

import java.util.List;
import java.nio.file.Files;
import java.nio.file.Path;

import org.packscope.codec.format.Format;
import org.packscope.codec.format.Opener;
import org.packscope.codec.format.Probe;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.FileNames;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.NodeRecorder;

/**
 * A BPCells matrix folder: recognised by a {@code version} file saying
 * {@code …-matrix-v1|v2} (any {@code -matrix-vN}, so unknown versions open with a
 * diagnostic), or, without one, by the idxptr and shape files of the layout.
 */
public final class BpcellsFolderFormat implements Format {

    @Override public String id() { return "bpcells"; }

    @Override public String displayName() { return "BPCells matrix (folder)"; }

    @Override public List<String> folderEntriesProbed() { return List.of(ArrayNames.VERSION, ArrayNames.IDXPTR, ArrayNames.SHAPE); }

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
    public Node open(Path path, Opener opener) {
        FolderArrayStore store = new FolderArrayStore(path);
        return Node.lazy(FileNames.of(path), "bpcells-matrix", n -> {
            String version = store.readVersion();
            BpcellsDocs.field(n, "matrix.version_file", "version file", null, version == null ? "(missing)" : version, "folder/version: the version string and a newline");
            MatrixNodeBuilder.fill(n, store, version);
            Path file = path.resolve(ArrayNames.VERSION);
            if (Files.isRegularFile(file)) n.add(versionNode(file));
        });
    }

    /** The version file itself, so its bytes (and a CRLF) can be seen. */
    private static Node versionNode(Path file) {
        return Node.lazy(ArrayNames.VERSION, "bpcells-version", v -> {
            v.facet(FieldExplainer.class, BpcellsDocs.DOCS);
            ByteSource src = ByteSource.open(file);
            v.source(src).span(Span.bytes(0, src.size()));
            String version = VersionFile.read(new FieldReader(src, 0, new NodeRecorder(v)));
            v.summary(version == null ? "unreadable" : version);
        });
    }
}
