package org.packscope.codec.rds;

import java.nio.file.Path;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.raw.FileNames;

/**
 * The node of an .rds file: the wrapper's fields (in the file), then the stream header
 * and the object (in the decompressed stream). A BPCells in-memory matrix object is
 * additionally offered as a matrix.
 */
public final class RdsFile {
    private RdsFile() { }

    /** Reads the file (decompressing it in memory) and parses the stream; never throws for bad content. */
    public static RdsStream read(ByteSource file) {
        return RdsParser.parse(RdsUnwrapper.unwrap(file).data());
    }

    public static Node open(Path path) {
        return Node.lazy(FileNames.of(path), "rds", n -> fill(n, ByteSource.open(path)));
    }

    /** Fills {@code n} from the bytes of an .rds file. */
    public static void fill(Node n, ByteSource file) {
        Unwrapped u = RdsUnwrapper.unwrap(file);
        n.source(file).span(Span.bytes(0, file.size()));
        wrapperFields(n, u);
        u.diagnostics().forEach(n::diagnose);
        RdsStream s = RdsParser.parse(u.data());
        RNodes.append(n, headerNode(s));
        Node object = s.root() == null ? null
                : RNodes.item("object", s.root(), s.data(), !BpcellsRds.isMatrix(s.root()), Origin.of(u));
        if (object != null) RNodes.append(n, object);
        Node carrier = object != null ? object : n.child("header");
        for (Diagnostic d : s.diagnostics()) carrier.diagnose(withCompressedOffset(d, u));
        n.summary(summary(u, s));
        FieldExplainer matrix = BpcellsRds.attach(n, s);
        n.facet(FieldExplainer.class, RdsExplainer.forFile(matrix));
    }

    /** Adds where in the compressed file a problem of the decompressed stream lies. */
    static Diagnostic withCompressedOffset(Diagnostic d, Unwrapped u) {
        if (u.compression() == Compression.NONE || d.span() == null) return d;
        long at = u.compressedOffsetNear(d.span().byteOffset());
        if (at < 0) return d;
        return new Diagnostic(d.severity(), d.span(), d.rule(), d.message() + "; in the "
                + u.compression().label() + " file near compressed byte " + at);
    }

    private static void wrapperFields(Node n, Unwrapped u) {
        Compression c = u.compression();
        if (c == Compression.NONE) {
            n.field("compression", null, "none", "the file is the serialization stream itself (saveRDS(compress = FALSE))");
            return;
        }
        n.field("magic", Span.bytes(0, c.magicLength()), c.label(), "wrapper told by its magic bytes");
        if (u.headerLength() > 0) n.field(c.label() + " header", Span.bytes(0, u.headerLength()), u.headerLength() + " bytes", "wrapper header");
        n.field("compressed", Span.bytes(0, Math.min(u.compressedEnd(), u.file().size())), FileNames.size(u.file().size()), "the compressed stream");
        n.field("decompressed size", null, u.data().size() + " bytes",
                "held in memory as '" + u.data().name() + "'; item offsets refer to it");
    }

    private static Node headerNode(RdsStream s) {
        ByteSource d = s.data();
        Node h = Node.of("header", "rds-header").source(d);
        h.facet(FieldExplainer.class, RdsExplainer.forHeader());
        RdsHeader hd = s.header();
        if (hd == null) {
            h.summary("unreadable").span(Span.bytes(0, Math.min(2, d.size())));
            return h;
        }
        h.span(Span.bytes(0, hd.end()));
        if (hd.saveMagic() != null) {
            h.field("save() magic", Span.bytes(0, 5), hd.saveMagic(), "an .RData file of save(): the object is a pairlist of variables");
        }
        h.field("format", Span.bytes(hd.formatOffset(), 2), "X", "'X\\n': XDR, big-endian binary");
        h.field("version", Span.bytes(hd.versionOffset(), 4), hd.version(), "serialization format version (2 or 3)");
        h.field("writer R version", Span.bytes(hd.writerOffset(), 4), RdsHeader.rVersion(hd.writerVersion()),
                String.format("R that wrote it (0x%08x)", hd.writerVersion()));
        h.field("minimal reader R version", Span.bytes(hd.minReaderOffset(), 4), RdsHeader.rVersion(hd.minReaderVersion()),
                String.format("oldest R that can read it (0x%08x)", hd.minReaderVersion()));
        if (hd.nativeEncoding() != null) {
            h.field("native encoding length", Span.bytes(hd.encodingLengthOffset(), 4), hd.nativeEncoding().length(), "bytes of the name");
            h.field("native encoding", Span.bytes(hd.encodingOffset(), hd.nativeEncoding().length()), hd.nativeEncoding(),
                    "encoding of strings without an encoding bit (version 3 only)");
        }
        h.summary("XDR v" + hd.version() + " · written by R " + RdsHeader.rVersion(hd.writerVersion())
                + (hd.nativeEncoding() == null ? "" : " · " + hd.nativeEncoding()));
        return h;
    }

    private static String summary(Unwrapped u, RdsStream s) {
        StringBuilder sb = new StringBuilder(u.compression().label());
        if (s.header() != null) sb.append(" · R serialization v").append(s.header().version());
        if (s.root() != null) sb.append(" · ").append(RNodes.summary(s.root()));
        long errors = u.diagnostics().stream().filter(d -> d.severity() == Severity.ERROR).count()
                + s.diagnostics().stream().filter(d -> d.severity() == Severity.ERROR).count();
        if (errors > 0) sb.append(" · ").append(errors).append(errors == 1 ? " error" : " errors");
        return sb.toString();
    }

}
