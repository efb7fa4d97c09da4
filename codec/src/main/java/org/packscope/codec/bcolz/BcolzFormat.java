package org.packscope.codec.bcolz;

import java.util.List;
import java.nio.file.Path;

import org.packscope.codec.format.Format;
import org.packscope.codec.format.Opener;
import org.packscope.codec.format.Probe;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.io.FileNames;

/** bcolz 1.x datasets: carray folders (meta/sizes + meta/storage) and ctable folders (__rootdirs__). */
public final class BcolzFormat implements Format {

    @Override public String id() { return "bcolz"; }

    @Override public String displayName() { return "bcolz 1.x carray / ctable"; }

    @Override public List<String> folderEntriesProbed() { return List.of("__rootdirs__", "meta/sizes", "meta/storage"); }

    @Override
    public int probe(Probe p) {
        if (!p.isDirectory()) return 0;
        if (p.hasEntry("__rootdirs__")) return 100;
        if (p.hasEntry("meta/sizes") && p.hasEntry("meta/storage")) return 100;
        if (p.hasEntry("meta/storage") || p.hasEntry("meta/sizes")) return 50;
        return 0;
    }

    @Override
    public Node open(Path path, Opener opener) {
        String name = FileNames.of(path);
        if (java.nio.file.Files.exists(path.resolve("__rootdirs__"))) return CtableNodes.node(name, path);
        return CarrayNodes.node(name, path);
    }
}
