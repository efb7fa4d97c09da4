package org.packscope.codec.pco;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Trace;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.ValueType;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.MemoryBudget;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.NodeRecorder;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.read.Recorder;

/**
 * The wrapped Pco format for containers that store its three components (header,
 * chunk metadata, pages) wherever they like. Each call reads one component at a
 * byte offset of a source; positions in results and diagnostics are bits of that
 * source. Nothing here throws for bad data.
 */
public final class PcoWrapped {
    private PcoWrapped() { }

    /** A parsed component: its value (null when unreadable), the bit just after it, and the problem if any. */
    public record Result<T>(T value, long endBit, Diagnostic problem) {
        public boolean ok() { return problem == null; }
    }

    /**
     * The bytes of a page, copied with the decoder's padding: the decoder's positions are
     * bits of the copy, whose bit 0 is bit {@code base} of the source.
     */
    private record Window(byte[] data, long len, long base) {
        static Window of(ByteSource src, long offset, long maxLen) {
            long len = Math.max(0, Math.min(maxLen, src.size() - offset));
            if (len > PcoFile.MAX_SIZE) len = PcoFile.MAX_SIZE;
            byte[] d = new byte[(int) len + PageDecoder.PADDING];
            src.read(offset, d, 0, (int) len);
            return new Window(d, len, offset * 8);
        }

        Recorder shift(Recorder r) {
            return (key, index, label, bit, bits, value, meaning) -> r.field(key, index, label, base + bit, bits, value, meaning);
        }

        Diagnostic diag(ReadProblem e) {
            Diagnostic d = e.diagnostic();
            return new Diagnostic(d.severity(), Span.bits(base + d.span().startBit(), d.span().bitLength()), d.rule(), d.message());
        }
    }

    /** A reader of at most {@code maxLen} bytes at {@code offset} of {@code src}; its positions are the source's. */
    private static FieldReader reader(ByteSource src, long offset, long maxLen, Recorder recorder) {
        long end = offset + Math.max(0, Math.min(maxLen, src.size() - offset));
        return new FieldReader(src, offset * 8, end * 8, recorder);
    }

    public static Result<FormatVersion> header(ByteSource src, long offset, Recorder recorder) {
        FieldReader r = reader(src, offset, 2, recorder);
        try {
            FormatVersion v = MetaParser.wrappedHeader(r);
            return new Result<>(v, r.bit(), null);
        } catch (ReadProblem e) {
            return new Result<>(null, r.bit(), e.diagnostic());
        }
    }

    /** Chunk metadata of numbers of {@code type}, at most {@code maxLen} bytes long. */
    public static Result<ChunkMeta> chunkMeta(ByteSource src, long offset, long maxLen, FormatVersion version, NumberType type,
                                              Recorder recorder) {
        FieldReader r = reader(src, offset, maxLen, recorder);
        try {
            ChunkMeta m = MetaParser.chunkMeta(r, version, type);
            return new Result<>(m, r.bit(), null);
        } catch (ReadProblem e) {
            return new Result<>(null, r.bit(), e.diagnostic());
        }
    }

    /**
     * Decodes a page of {@code n} numbers (raw value bits). On corruption the value
     * holds the numbers decoded before it (zeros after) and the problem is set.
     */
    public static Result<long[]> decodePage(ChunkMeta meta, ByteSource src, long offset, long len, int n) {
        Window w = Window.of(src, offset, len);
        if (!MemoryBudget.fits(n, Long.BYTES)) {
            return new Result<>(new long[0], w.base, w.diag(PcoFile.tooLarge(0,
                    MemoryBudget.tooLarge("a page of " + n + " numbers", (long) n * Long.BYTES))));
        }
        long[] out = new long[n];
        PageDecoder pd = null;
        try {
            pd = PcoFile.decoder(ChunkDecoder.of(meta), w.data, w.len, 0, n, Recorder.NONE);
            pd.decodeAll(out, 0);
            return new Result<>(out, w.base + pd.bitPosition(), null);
        } catch (ReadProblem e) {
            return new Result<>(out, w.base + (pd == null ? 0 : pd.bitPosition()), w.diag(e));
        }
    }

    /**
     * An inspection node for a page of {@code n} numbers: its delta states, tANS states
     * and padding as fields, and a ValueColumn of its numbers (decoded on first read).
     */
    public static Node pageNode(String name, ChunkMeta meta, ByteSource src, long offset, long len, int n) {
        Node node = Node.of(name, "pco-page").source(src)
                .facet(FieldExplainer.class, PcoDocs.DOCS);
        Window w = Window.of(src, offset, len);
        try {
            new PageDecoder(ChunkDecoder.of(meta), w.data, w.len, 0, n, w.shift(new NodeRecorder(node)));
            node.summary(String.format("%,d", n) + " numbers in " + ((n + PageDecoder.BATCH - 1) / PageDecoder.BATCH) + " batches");
            node.span(Span.bytes(offset, w.len));
        } catch (ReadProblem e) {
            node.diagnose(w.diag(e)).summary("unreadable page");
            return node;
        }
        node.facet(ValueColumn.class, new PageValues(name, meta, src, offset, len, n));
        node.facet(ValueTracer.class, (k, progress) -> {
            if (k < 0 || k >= n) throw new IndexOutOfBoundsException("value " + k + " of " + n);
            java.util.List<Trace.Step> steps = new java.util.ArrayList<>();
            Window tw = Window.of(src, offset, len);
            PcoTracer.Page pg = new PcoTracer.Page(src, tw.data, tw.len, tw.base, ChunkDecoder.of(meta), 0, -1, n, java.util.Map.of());
            long raw = PcoTracer.trace(pg, (int) k, steps, progress).raw();
            return new Trace(k, meta.type().valueType.format(raw), steps);
        });
        return node;
    }

    /** Values of one wrapped page, decoded once on first access. */
    private static final class PageValues implements ValueColumn {
        private final String name;
        private final ChunkMeta meta;
        private final ByteSource src;
        private final long offset;
        private final long len;
        private final int n;
        private volatile long[] values;

        PageValues(String name, ChunkMeta meta, ByteSource src, long offset, long len, int n) {
            this.name = name;
            this.meta = meta;
            this.src = src;
            this.offset = offset;
            this.len = len;
            this.n = n;
        }

        @Override public String name() { return name; }
        @Override public ValueType type() { return meta.type().valueType; }
        @Override public long count() { return n; }

        @Override
        public void read(long start, long[] dst, int off, int count) {
            long[] v = values;
            if (v == null) values = v = decodePage(meta, src, offset, len, n).value();
            // a page too large to hold decodes to nothing: its numbers read as zeros (the node says why)
            int have = (int) Math.max(0, Math.min(count, v.length - start));
            if (have > 0) System.arraycopy(v, (int) start, dst, off, have);
            java.util.Arrays.fill(dst, off + Math.max(0, have), off + count, 0L);
        }
    }

    /** An inspection node for a chunk's metadata, fields with exact bit spans in {@code src}. */
    public static Node chunkMetaNode(String name, ByteSource src, long offset, long maxLen, FormatVersion version, NumberType type) {
        Node n = Node.of(name, "pco-chunk-meta").source(src)
                .facet(FieldExplainer.class, PcoDocs.DOCS);
        Result<ChunkMeta> r = chunkMeta(src, offset, maxLen, version, type, new NodeRecorder(n));
        n.span(Span.bits(offset * 8, r.endBit() - offset * 8));
        if (r.ok()) {
            ChunkMeta m = r.value();
            n.summary(type.label() + " · " + m.mode().name() + " · " + PcoNodes.describe(m.deltaEncoding()));
            for (LatentVar v : m.latentVars()) n.table(PcoNodes.binTable(m, v));
        } else {
            n.diagnose(r.problem()).summary("unreadable chunk metadata");
        }
        return n;
    }
}
