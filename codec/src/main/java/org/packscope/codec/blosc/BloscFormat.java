package org.packscope.codec.blosc;

import java.nio.file.Path;

import org.packscope.codec.format.Format;
import org.packscope.codec.format.Opener;
import org.packscope.codec.format.Probe;
import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.analysis.ElementReading;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.FileNames;
import org.packscope.codec.read.NodeRecorder;

/**
 * bcolz superchunk files (magic 'blpk') and raw Blosc 1.x chunks. A raw chunk has no
 * magic, so it is recognised by structure: a plausible header whose cbytes equals the
 * file size.
 */
public final class BloscFormat implements Format {

    @Override public String id() { return "blosc"; }

    @Override public String displayName() { return "Blosc 1.x chunk / bcolz superchunk"; }

    @Override
    public int probe(Probe p) {
        if (!p.isRegularFile()) return 0;
        if (p.startsWith("blpk")) return 100;
        if (p.headLength() < ChunkHeader.SIZE) return 0;
        ChunkHeader h = ChunkHeader.read(ByteSource.of(p.head(), p.fileName()), 0);
        boolean plausible = h.version() >= 1 && h.version() <= 2 && h.versionlz() >= 1 && h.versionlz() <= 4
                && !h.reservedBit() && h.compformatCode() <= 4 && h.typesize() >= 1
                && h.cbytes() >= ChunkHeader.SIZE
                && (h.memcpyed() ? h.nbytes() + ChunkHeader.SIZE == h.cbytes()
                                 : h.nbytes() == 0 || h.blocksize() > 0 && h.blocksize() <= h.nbytes());
        if (!plausible) return 0;
        if (h.cbytes() == p.size()) return 60;
        String name = p.fileName().toLowerCase(java.util.Locale.ROOT);
        return name.endsWith(".blosc") || name.endsWith(".blp") ? 30 : 0;
    }

    @Override
    public Node open(Path path, Opener opener) {
        String name = FileNames.of(path);
        String kind = Probe.of(path).startsWith("blpk") ? "bcolz-superchunk" : "blosc-chunk";
        return Node.lazy(name, kind, n -> {
            ByteSource src = ByteSource.open(path);
            if (src.size() >= 4 && src.u8(0) == 'b' && src.u8(1) == 'l' && src.u8(2) == 'p' && src.u8(3) == 'k') {
                fillSuperchunk(n, Superchunk.read(src), name);
            } else {
                fillRawChunk(n, src, name);
            }
        });
    }

    /** A raw chunk file: the chunk's fields directly on the file node. */
    public static void fillRawChunk(Node n, ByteSource src, String name) {
        BloscChunk c = BloscChunk.read(src, 0, src.size());
        ChunkNodes.fill(n, c, name);
        n.span(Span.bytes(0, src.size()));
        if (c.header() != null && c.end() < src.size() && c.header().cbytes() >= ChunkHeader.SIZE) {
            n.diagnose(BloscRules.TRAILING_BYTES.at(Span.bytes(c.end(), src.size() - c.end()),
                    (src.size() - c.end()) + " bytes follow the chunk (cbytes " + c.header().cbytes() + " < file size " + src.size() + ")"));
        }
    }

    /** Superchunks with more chunks than this are not walked chunk by chunk by check and inspect. */
    static final int MANY_CHUNKS = 64;

    /** A superchunk file: its header on the file node, each Blosc chunk as a child. */
    public static void fillSuperchunk(Node n, Superchunk s, String name) {
        ByteSource src = s.source();
        n.source(src).span(Span.bytes(0, src.size()));
        s.problems().forEach(n::diagnose);
        s.recordHeader(new NodeRecorder(n));
        n.facet(FieldExplainer.class, BloscDocs.DOCS);
        // bcolz writes one chunk; a file of a million tiny ones gets its chunk nodes made when looked at
        int count = s.chunkCount();
        n.lazyChildren(count, k -> containerDecides(ChunkNodes.fill(Node.of("chunk " + k, "blosc-chunk"), s.chunk(k), name)));
        if (count > MANY_CHUNKS) n.drillDown(true);
        BloscChunk first = s.chunk();
        if (first != null && first.header() != null) {
            Node chunkNode = n.children().get(0);
            n.facet(ValueColumn.class, chunkNode.values());
            n.facet(Verifier.class, chunkNode.facet(Verifier.class));
            n.facet(BulkDecoder.class, chunkNode.facet(BulkDecoder.class));
            n.facet(ValueTracer.class, chunkNode.facet(ValueTracer.class));
            n.summary("bcolz superchunk · " + ChunkNodes.summary(first));
        } else {
            n.summary("bcolz superchunk · no readable chunk");
        }
    }

    /** A chunk of a superchunk: bcolz's carray, not a person, says what its elements are. */
    private static Node containerDecides(Node chunk) {
        ElementReading r = chunk.facet(ElementReading.class);
        if (r != null) chunk.facet(ElementReading.class, r.decidedByContainer());
        return chunk;
    }
}
