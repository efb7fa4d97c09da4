package org.packscope.codec.zarr;

import java.util.List;
import java.nio.file.Path;

import org.packscope.codec.format.Format;
import org.packscope.codec.format.Opener;
import org.packscope.codec.format.Probe;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.io.FileNames;

/**
 * Zarr stores on disk, v2 and v3: a folder holding {@code .zgroup}, {@code .zarray},
 * {@code .zattrs}, {@code .zmetadata} or {@code zarr.json} is a Zarr group or array (an
 * array folder opens on its own too).
 */
public final class ZarrFormat implements Format {
    private static final String[] MARKERS = {".zgroup", ".zarray", ".zattrs", ".zmetadata", "zarr.json"};

    @Override public String id() { return "zarr"; }

    @Override public List<String> folderEntriesProbed() { return List.of(MARKERS); }

    @Override public String displayName() { return "Zarr store (v2, v3)"; }

    @Override
    public int probe(Probe probe) {
        if (!probe.isDirectory()) return 0;
        for (String m : MARKERS) if (probe.hasEntry(m)) return 90;
        return 0;
    }

    @Override
    public Node open(Path path, Opener opener) { return ZarrNodes.open(path, FileNames.of(path)); }
}
