package org.packscope.codec.binjson;

import java.nio.file.Path;

import org.packscope.codec.format.Format;
import org.packscope.codec.format.Opener;
import org.packscope.codec.format.Probe;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.io.ByteSource;

/** Binary JSON v1: "BJ" (plain) or "SJ" (seekable). */
public final class BinaryJsonFormat implements Format {

    @Override public String id() { return "binjson"; }

    @Override public String displayName() { return "Binary JSON (BJ / SJ)"; }

    @Override
    public int probe(Probe probe) {
        if (!probe.isRegularFile() || !(probe.startsWith("BJ") || probe.startsWith("SJ"))) return 0;
        String name = probe.fileName().toLowerCase(java.util.Locale.ROOT);
        int version = probe.headByte(2);
        // Two letters are a weak magic: trust them fully with the version byte or the extension.
        if (version == 0x01 || version == 0x81 || name.endsWith(".bj") || name.endsWith(".sj")) return 100;
        return 40;
    }

    @Override
    public Node open(Path path, Opener opener) {
        String name = path.getFileName() == null ? path.toString() : path.getFileName().toString();
        return Node.lazy(name, BjNodes.FILE_KIND, n -> {
            ByteSource src;
            try {
                src = ByteSource.open(path);
            } catch (java.io.IOException | RuntimeException e) {
                n.diagnose(Diagnostic.error(null, BinaryJsonRules.UNREADABLE_FILE, "cannot open " + path + ": " + e.getMessage()));
                return;
            }
            BjNodes.loadFile(n, src);
        });
    }
}
