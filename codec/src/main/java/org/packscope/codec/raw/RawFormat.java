package org.packscope.codec.raw;

import java.nio.file.Path;

import org.packscope.codec.format.Format;
import org.packscope.codec.format.Opener;
import org.packscope.codec.format.Probe;
import org.packscope.codec.format.TextFiles;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.FileNames;

/** Any regular file no other format claims: shown as bytes. */
public final class RawFormat implements Format {

    @Override public String id() { return "raw"; }

    @Override public String displayName() { return "Raw bytes"; }

    @Override
    public int probe(Probe probe) { return probe.isRegularFile() ? 1 : 0; }

    @Override
    public Node open(Path path, Opener opener) {
        return Node.lazy(FileNames.of(path), "file", n -> {
            ByteSource src = ByteSource.open(path);
            byte[] head = new byte[(int) Math.min(src.size(), 512)];
            src.read(0, head, 0, head.length);
            boolean text = TextFiles.isText(FileNames.of(path), head, head.length);
            n.source(src).span(Span.bytes(0, src.size()))
                    .summary(FileNames.size(src.size()) + (text ? " · text" : " · unrecognised content"))
                    .field("bytes", Span.bytes(0, src.size()), src.size() + " bytes",
                            "content no PackScope format recognised; shown as raw bytes");
        });
    }
}
