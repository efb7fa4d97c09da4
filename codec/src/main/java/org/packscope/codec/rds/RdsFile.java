package org.packscope.codec.rds;

import java.nio.file.Path;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Severity;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.FileNames;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.NodeRecorder;

/**
 * The node of an .rds file: the wrapper's fields (in the file), then the stream header
 * and the object (in the decompressed stream). A BPCells in-memory matrix object is
 * additionally offered as a matrix.
 */
public final class RdsFile {
    private RdsFile() { }

    /** Reads the file (decompressing it in memory) and parses the stream; never throws for bad content. */
    public static RdsStream read(ByteSource file) {
        ByteSource data = RdsUnwrapper.unwrap(file).data();
        return RdsParser.parse(AsciiTranscoder.isAscii(data) ? AsciiTranscoder.transcode(data).xdr() : data);
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
        AsciiTranscoder.Result ascii = AsciiTranscoder.isAscii(u.data()) ? AsciiTranscoder.transcode(u.data()) : null;
        RdsStream s = RdsParser.parse(ascii == null ? u.data() : ascii.xdr());
        if (ascii != null) RNodes.append(n, textNode(ascii, u));
        RNodes.append(n, headerNode(s, ascii != null));
        Node object = s.root() == null ? null
                : RNodes.item("object", s.root(), s.data(), !BpcellsRds.isMatrix(s.root()), Origin.of(u, ascii));
        if (object != null) RNodes.append(n, object);
        Node carrier = object != null ? object : n.child("header");
        for (Diagnostic d : s.diagnostics()) carrier.diagnose(withOrigin(d, u, ascii));
        n.summary(summary(u, s));
        if (object != null) offerObjectValues(n, object, s.root());
        FieldExplainer matrix = BpcellsRds.attach(n, s);
        n.facet(FieldExplainer.class, RdsDocs.forFile(matrix));
    }

    /**
     * A file whose object is a vector (or an ALTREP object standing for one) offers its
     * values itself, so {@code decode file.rds} needs no {@code ::object}.
     */
    private static void offerObjectValues(Node file, Node object, RItem root) {
        // only an ALTREP node is searched for its child: a list's children number in the millions
        Node holder = object.values() != null ? object : root instanceof RItem.Altrep ? object.child("expanded") : null;
        if (holder == null || holder.values() == null) return;
        file.facet(ValueColumn.class, holder.values());
        ValueTracer tracer = holder.facet(ValueTracer.class);
        if (tracer != null) file.facet(ValueTracer.class, tracer);
    }

    /**
     * The ASCII text as a node of its own: the XDR rewrite's problems (spans in the text)
     * and what the rewrite is.
     */
    private static Node textNode(AsciiTranscoder.Result ascii, Unwrapped u) {
        ByteSource t = ascii.text();
        Node n = Node.of("ascii text", "rds-ascii").source(t).span(Span.bytes(0, t.size()))
                .summary("ASCII serialization · " + t.size() + " bytes of text → " + ascii.xdr().size() + " bytes of XDR");
        long a = t.u8(0) == 'R' ? (t.u8(4) == '\r' ? 6 : 5) : 0; // behind "RDA3\n" (or "RDA3\r\n")
        // text has no byte fields to read: the letter and what became of the text are all there is
        n.addField(new Field("format", -1, "format", Span.bytes(a, 2), "A", "'A\\n': ASCII serialization, one number per line"));
        n.addField(new Field("xdr_rewrite", -1, "XDR rewrite", null, ascii.xdr().size() + " bytes", "held in memory as '"
                + ascii.xdr().name() + "'; the header and object nodes point into it"));
        n.facet(FieldExplainer.class, RdsDocs.DOCS);
        for (Diagnostic d : ascii.diagnostics()) n.diagnose(withCompressedOffset(d, u));
        return n;
    }

    /** Adds where a problem of the stream lies in the ASCII text and the compressed file. */
    static Diagnostic withOrigin(Diagnostic d, Unwrapped u, AsciiTranscoder.Result ascii) {
        if (ascii == null || d.span() == null) return withCompressedOffset(d, u);
        long t = ascii.textOffsetOf(d.span().byteOffset());
        if (t < 0) return d;
        Diagnostic withText = new Diagnostic(d.severity(), d.span(), d.rule(), d.message() + "; near byte " + t
                + " of the ASCII text");
        if (u.compression() == Compression.NONE) return withText;
        Span c = u.compressedSpanOf(t);
        return c == null ? withText : new Diagnostic(d.severity(), d.span(), d.rule(), withText.message() + ", in the "
                + u.compression().label() + " file " + Unwrapped.compressedText(c));
    }

    /** Adds where in the compressed file a problem of the decompressed stream lies. */
    static Diagnostic withCompressedOffset(Diagnostic d, Unwrapped u) {
        if (u.compression() == Compression.NONE || d.span() == null) return d;
        Span c = u.compressedSpanOf(d.span().byteOffset());
        if (c == null) return d;
        return new Diagnostic(d.severity(), d.span(), d.rule(), d.message() + "; in the "
                + u.compression().label() + " file " + Unwrapped.compressedText(c));
    }

    private static void wrapperFields(Node n, Unwrapped u) {
        Compression c = u.compression();
        if (c == Compression.NONE) {
            n.addField(new Field("compression", -1, "compression", null, "none",
                    "the file is the serialization stream itself (saveRDS(compress = FALSE))"));
            return;
        }
        n.addField(new Field("magic", -1, "magic", Span.bytes(0, c.magicLength()), c.label(), "wrapper told by its magic bytes"));
        if (u.headerLength() > 0) {
            n.addField(new Field("wrapper_header", -1, c.label() + " header", Span.bytes(0, u.headerLength()),
                    u.headerLength() + " bytes", "wrapper header"));
        }
        n.addField(new Field("compressed", -1, "compressed", Span.bytes(0, Math.min(u.compressedEnd(), u.file().size())),
                FileNames.size(u.file().size()), "the compressed stream"));
        n.addField(new Field("decompressed_size", -1, "decompressed size", null, u.data().size() + " bytes",
                "held in memory as '" + u.data().name() + "'; item offsets refer to it"));
    }

    /** The header's node: its fields are recorded by reading the header again, as the parser read it. */
    private static Node headerNode(RdsStream s, boolean ascii) {
        ByteSource d = s.data();
        Node h = Node.of("header", "rds-header").source(d);
        h.facet(FieldExplainer.class, RdsDocs.DOCS);
        RdsHeader hd = s.header();
        if (hd == null) {
            h.summary("unreadable").span(Span.bytes(0, Math.min(2, d.size())));
            return h;
        }
        h.span(Span.bytes(0, hd.end()));
        RdsHeader.read(new FieldReader(d, 0, new NodeRecorder(h)), ascii, problem -> { });
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
