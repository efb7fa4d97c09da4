package org.packscope.codec.pco;

import java.nio.file.Path;

import org.packscope.codec.format.Format;
import org.packscope.codec.format.Opener;
import org.packscope.codec.format.Probe;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.io.ByteSource;

/** Standalone Pco files, recognised by their "pco!" magic. */
public final class PcoFormat implements Format {

    @Override public String id() { return "pco"; }

    @Override public String displayName() { return "Pco (pcodec)"; }

    @Override
    public int probe(Probe probe) {
        if (probe.isRegularFile() && probe.startsWith("pco!")) return 100;
        String name = probe.fileName().toLowerCase(java.util.Locale.ROOT);
        return probe.isRegularFile() && name.endsWith(".pco") ? 50 : 0;
    }

    @Override
    public Node open(Path path, Opener opener) {
        String name = path.getFileName() == null ? path.toString() : path.getFileName().toString();
        ByteSource src;
        try {
            src = ByteSource.open(path);
        } catch (Exception e) {
            return Node.of(name, "pco-file").diagnose(PcoRules.UNREADABLE_FILE.at(null, "cannot open: " + e.getMessage()));
        }
        return PcoNodes.file(name, src);
    }
}
