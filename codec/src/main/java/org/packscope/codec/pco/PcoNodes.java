package org.packscope.codec.pco;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.ChildBytes;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.NodeRecorder;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.read.Recorder;
import org.packscope.codec.store.ChunkUnits;

/**
 * Builds the inspection tree of a standalone Pco file: header, chunks (metadata,
 * latent variables with their bin tables, page with its metadata) and, on demand,
 * every tANS symbol and offset of a batch. Fields come from the same parser the
 * decoders use, recorded with exact bit spans.
 */
public final class PcoNodes {
    private PcoNodes() { }

    /** The node of a standalone file; its contents load on first look. */
    public static Node file(String name, ByteSource src) {
        return Node.lazy(name, "pco-file", n -> fill(n, src));
    }

    private static void fill(Node n, ByteSource src) {
        PcoFile f = PcoFile.open(src);
        n.source(src).span(Span.bytes(0, src.size())).facet(FieldExplainer.class, PcoDocs.DOCS);
        f.diagnostics().forEach(n::diagnose);
        NumberType t = f.numberType();
        String ver = f.version() == null ? "?" : f.version().toString();
        n.summary((t == null ? (f.chunks().isEmpty() ? "empty" : "mixed types") : t.label()) + " · "
                + String.format("%,d", f.totalN()) + " numbers · " + PlainText.count(f.chunks().size(), "chunk") + " · format " + ver);
        if (f.header() != null) {
            derived(n, "file.standalone_version", "standalone version", f.header().version(), "standalone format version"
                    + (f.header().explicitVersion() ? "" : " (implicit)"));
            derived(n, "file.number_type", "number type", t == null ? "-" : t.label(), "number type of the chunks");
        }
        if (f.version() != null) derived(n, "file.format_version", "format version", ver, "wrapped format version");
        derived(n, "file.chunks", "chunks", f.chunks().size(), "chunks found");
        derived(n, "file.numbers", "numbers", f.totalN(), "numbers in all chunks");
        if (f.version() != null) n.table(sizeTable(f));
        PcoValues values = PcoValues.ofFile(f, name(src));
        if (values != null) n.facet(ValueColumn.class, values).facet(ValueTracer.class, values.tracer(src));
        n.facet(BulkDecoder.class, f::decodeAllDiscard);
        n.facet(Verifier.class, f::verify);
        // many chunks: a distributed check decodes them one by one, elsewhere
        ChunkUnits units = PcoChunkUnits.of(f);
        if (units != null) n.facet(ChunkUnits.class, units);

        List<Node> fixed = new ArrayList<>();
        fixed.add(headerNode(f, src));
        int chunks = f.chunks().size();
        boolean term = f.terminatorByte() >= 0;
        int total = 1 + chunks + (term ? 1 : 0);
        IntFunction<Node> child = i -> {
            if (i == 0) return fixed.get(0);
            if (i <= chunks) {
                PcoFile.Chunk c = f.chunks().get(i - 1);
                return c.meta() == null ? brokenChunkNode(f, src, c) : chunkNode(f, src, i - 1);
            }
            Node end = Node.of("terminator", "pco-terminator").source(src).facet(FieldExplainer.class, PcoDocs.DOCS)
                    .span(Span.bytes(f.terminatorByte(), 1)).summary("end of file");
            new FieldReader(f.bytes(), f.terminatorByte(), new NodeRecorder(end)).u8("terminator.byte", "termination byte",
                    "a 0 byte where the next chunk's number type would be ends the file");
            return end;
        };
        // a chunk node with its fields is kilobytes: 300,000 tiny chunks are made again when looked at, not kept
        if (chunks > CHUNK_NODES_KEPT) {
            n.childrenNotKept(total, child);
            // a chunk is its bytes: two files' equal chunks need no nodes to be compared
            n.facet(ChildBytes.class, i -> i >= 1 && i <= chunks
                    ? Span.bytes(f.chunks().get(i - 1).startByte(), f.chunks().get(i - 1).endByte() - f.chunks().get(i - 1).startByte()) : null);
            // a clean chunk's node finds nothing the file's index and verifier have not said: a check skips it
            n.childrenChecked(i -> i == 0 || i > chunks || f.chunks().get(i - 1).damaged());
        } else {
            n.lazyChildren(total, child);
        }
    }

    /** Chunks up to which a file's chunk nodes are kept once made. */
    static final int CHUNK_NODES_KEPT = 10_000;

    private static String name(ByteSource src) {
        String s = src.name();
        int slash = Math.max(s.lastIndexOf('/'), s.lastIndexOf('\\'));
        return slash >= 0 ? s.substring(slash + 1) : s;
    }

    private static Node headerNode(PcoFile f, ByteSource src) {
        Node h = Node.of("header", "pco-header").source(src).facet(FieldExplainer.class, PcoDocs.DOCS);
        FieldReader r = new FieldReader(f.bytes(), 0, new NodeRecorder(h));
        try {
            MetaParser.standaloneHeader(r);
            MetaParser.wrappedHeader(r);
        } catch (ReadProblem e) {
            h.diagnose(e.diagnostic());
        }
        h.span(Span.bits(0, r.bit()));
        h.summary(f.header() == null ? "unreadable" : "standalone v" + f.header().version() + ", format " + f.version());
        return h;
    }

    static DataTable sizeTable(PcoFile f) {
        long n = Math.max(1, f.totalN());
        long stand = f.wrappedHeaderByte() * 8;
        long wrapped = f.version().headerBytes() * 8L;
        long pre = 0, meta = 0, pmeta = 0, body = 0;
        for (PcoFile.Chunk c : f.chunks()) {
            pre += c.metaStartBit() - c.startByte() * 8;
            meta += c.pageStartBit() - c.metaStartBit();
            pmeta += c.pageBodyBit() - c.pageStartBit();
            body += c.endByte() * 8 - c.pageBodyBit();
        }
        long term = f.terminatorByte() >= 0 ? 8 : 0;
        List<List<Object>> rows = new ArrayList<>();
        long fileBits = Math.max(1, f.size() * 8);
        Object[][] parts = {
            {"standalone header", stand}, {"wrapped header", wrapped}, {"chunk preambles", pre},
            {"chunk metadata", meta}, {"page metadata", pmeta}, {"pages", body}, {"terminator", term},
            {"total", f.size() * 8}};
        for (Object[] p : parts) {
            long bits = (Long) p[1];
            rows.add(List.of(p[0], bits / 8.0, round(100.0 * bits / fileBits), round((double) bits / n)));
        }
        return new DataTable("Size breakdown", List.of("part", "bytes", "% of file", "bits per number"), rows, "part", "bytes");
    }

    private static double round(double v) { return Math.round(v * 1000) / 1000.0; }

    // ------------------------------------------------------------------ chunks

    private static Node chunkNode(PcoFile f, ByteSource src, int index) {
        PcoFile.Chunk c = f.chunks().get(index);
        return Node.lazy("chunk " + index, "pco-chunk", n -> {
            n.source(src).span(Span.bits(c.startByte() * 8, c.endBit() - c.startByte() * 8))
                    .facet(FieldExplainer.class, PcoDocs.DOCS);
            if (c.damaged()) n.diagnose(c.damage());
            ChunkMeta m = c.meta();
            n.summary(c.type().label() + " · " + PlainText.grouped(c.n()) + " numbers · " + m.mode().name() + " · "
                    + describe(m.deltaEncoding()) + " · " + (c.endByte() - c.startByte()) + " bytes");
            Map<LatentVar.Role, Node> vars = new EnumMap<>(LatentVar.Role.class);
            for (LatentVar v : m.latentVars()) {
                vars.put(v.role(), Node.of(v.role().label + " latent", "pco-latent-var").source(src)
                        .facet(FieldExplainer.class, PcoDocs.DOCS));
            }
            FieldReader r = new FieldReader(f.bytes(), c.startByte(), chunkFields(n, vars));
            MetaParser.chunkType(r, f.header());
            MetaParser.chunkN(r);
            MetaParser.chunkMeta(r, f.version(), c.type());
            derived(n, "chunk.first_row", "first row", c.firstRow(), "index of the chunk's first number in the file");
            List<Node> kids = latentVarNodes(n, vars, m);
            kids.add(pageNode(f, src, c));
            n.children(kids);
            PcoValues values = PcoValues.ofChunk(f, index, "chunk " + index);
            n.facet(ValueColumn.class, values).facet(ValueTracer.class, values.tracer(src));
        });
    }

    /**
     * Records a chunk's fields on the chunk node, except each latent variable's own,
     * which go to that variable's node: there the node names the variable, so the role
     * leaves the field's key and label ({@code primary.bin.weight}, "primary bin 3 weight"
     * become {@code bin.weight}, "bin 3 weight").
     */
    private static Recorder chunkFields(Node chunk, Map<LatentVar.Role, Node> vars) {
        return (key, index, label, bit, bits, value, meaning) -> {
            for (Map.Entry<LatentVar.Role, Node> e : vars.entrySet()) {
                String role = e.getKey().label;
                if (key.startsWith(role) && key.length() > role.length() && key.charAt(role.length()) == '.') {
                    e.getValue().addField(new Field(key.substring(role.length() + 1), index, label.substring(role.length() + 1),
                            Span.bits(bit, bits), String.valueOf(value), meaning));
                    return;
                }
            }
            chunk.addField(new Field(key, index, label, Span.bits(bit, bits), String.valueOf(value), meaning));
        };
    }

    /** The latent variables' nodes, spanning their fields, with bin tables (the chunk shows them too). */
    private static List<Node> latentVarNodes(Node chunk, Map<LatentVar.Role, Node> nodes, ChunkMeta m) {
        List<Node> vars = new ArrayList<>();
        Map<LatentVar.Role, DataTable> tables = new EnumMap<>(LatentVar.Role.class);
        for (LatentVar v : m.latentVars()) {
            Node vn = nodes.get(v.role());
            List<Field> fs = vn.fields();
            if (!fs.isEmpty()) {
                long first = fs.get(0).span().startBit();
                vn.span(Span.bits(first, fs.get(fs.size() - 1).span().endBit() - first));
            }
            vn.summary("u" + v.bits() + " · " + PlainText.count(v.bins().size(), "bin") + " · ans_size_log " + v.ansSizeLog());
            DataTable bins = binTable(m, v);
            tables.put(v.role(), bins);
            vn.table(bins);
            vars.add(vn);
        }
        // the chunk shows its primary bins too ("Bins"), and the others under their role
        chunk.table(tables.get(LatentVar.Role.PRIMARY));
        for (LatentVar v : m.latentVars()) {
            if (v.role() != LatentVar.Role.PRIMARY) {
                DataTable t = tables.get(v.role());
                chunk.table(new DataTable("Bins (" + v.role().label + ")", t.columns(), t.rows(), t.chartX(), t.chartY()));
            }
        }
        if (m.mode() instanceof Mode.Dict d) chunk.table(dictTable(m.type(), d));
        return vars;
    }

    /** A field derived from what was read (it has no bits of its own). */
    private static void derived(Node n, String key, String label, Object value, String meaning) {
        n.addField(new Field(key, -1, label, null, String.valueOf(value), meaning));
    }

    static String describe(DeltaEncoding d) {
        if (d instanceof DeltaEncoding.Consecutive c) return "Consecutive(" + c.order() + ")";
        if (d instanceof DeltaEncoding.Lookback l) return "Lookback(window 2^" + l.windowNLog() + ", state 2^" + l.stateNLog() + ")";
        if (d instanceof DeltaEncoding.Conv1 c) return "Conv1(order " + c.order() + ")";
        return "no delta";
    }

    private static DataTable dictTable(NumberType t, Mode.Dict d) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < Math.min(d.dict().length, 65536); i++) {
            long raw = t.fromLatent(d.dict()[i]);
            rows.add(List.of(i, t.valueType.format(raw), Long.toUnsignedString(d.dict()[i])));
        }
        return DataTable.of("Dictionary", List.of("index", "value", "latent"), rows);
    }

    /**
     * Bin table: bounds shown as numbers of the file's type where the latent is one
     * (Classic, no delta), as signed deltas for delta-encoded latents, and as what the
     * latent means otherwise (multiplier, ULP adjustment, dictionary index, lookback).
     */
    static DataTable binTable(ChunkMeta m, LatentVar v) {
        List<List<Object>> rows = new ArrayList<>();
        double size = 1 << v.ansSizeLog();
        for (Bin b : v.bins()) {
            long upperLatent = b.lower() + (b.offsetBits() >= 64 ? -1L : (1L << b.offsetBits()) - 1);
            double bitsPer = v.ansSizeLog() - log2(b.weight()) + b.offsetBits();
            rows.add(List.of(b.weight(), b.weight() / size, LatentNumbers.number(m, v, b.lower()), LatentNumbers.number(m, v, upperLatent & v.mask()),
                    b.offsetBits(), round(bitsPer)));
        }
        return new DataTable("Bins", List.of("weight", "probability", "lower", "upper", "offset bits", "bits per value"),
                rows, "lower", "probability");
    }

    private static double log2(int w) { return Math.log(w) / Math.log(2); }

    private static Node brokenChunkNode(PcoFile f, ByteSource src, PcoFile.Chunk c) {
        long start = c.startByte();
        return Node.lazy("chunk " + c.index(), "pco-chunk", n -> {
            n.source(src).facet(FieldExplainer.class, PcoDocs.DOCS).summary("unreadable chunk"
                    + (c.n() > 0 ? " · " + PlainText.grouped(c.n()) + " numbers not decodable" : ""));
            FieldReader r = new FieldReader(f.bytes(), start, new NodeRecorder(n));
            ReadProblem e = walkBroken(f, r);
            if (e != null) n.diagnose(e.diagnostic());
            n.span(Span.bits(start * 8, Math.max(0, r.bit() - start * 8)));
        });
    }

    /** The problem of a chunk whose metadata did not parse, as its node says it: walked again from its start. */
    static Diagnostic brokenChunkProblem(PcoFile f, PcoFile.Chunk c) {
        ReadProblem e = walkBroken(f, new FieldReader(f.bytes(), c.startByte(), Recorder.NONE));
        return e == null ? c.damage() : e.diagnostic();
    }

    /** Walks a chunk's preamble, metadata and page with {@code r}; what stopped it, or null. */
    private static ReadProblem walkBroken(PcoFile f, FieldReader r) {
        try {
            NumberType t = MetaParser.chunkType(r, f.header());
            int nn = MetaParser.chunkN(r);
            ChunkMeta m = MetaParser.chunkMeta(r, f.version(), t);
            PageDecoder pd = new PageDecoder(ChunkDecoder.of(m), f.data(), f.size(), r.bit(), nn, r.recorder());
            pd.skipAll();
            return null;
        } catch (ReadProblem e) {
            return e;
        }
    }

    // ------------------------------------------------------------------ pages and batches

    private static Node pageNode(PcoFile f, ByteSource src, PcoFile.Chunk c) {
        int batches = (c.n() + PageDecoder.BATCH - 1) / PageDecoder.BATCH;
        return Node.lazy("page", "pco-page", n -> {
            n.source(src).span(Span.bits(c.pageStartBit(), c.endBit() - c.pageStartBit()))
                    .facet(FieldExplainer.class, PcoDocs.DOCS);
            n.summary(PlainText.grouped(c.n()) + " numbers in " + batches + " batches · "
                    + (c.endByte() - (c.pageStartBit() >>> 3)) + " bytes");
            try {
                f.pageDecoder(c, new NodeRecorder(n));
            } catch (ReadProblem e) {
                n.diagnose(e.diagnostic());
            }
            derived(n, "page.batches", "batches", batches, "batches of up to 256 numbers");
            n.lazyChildren(batches, k -> batchNode(f, src, c, k));
        }).drillDown(true);
    }

    private static Node batchNode(PcoFile f, ByteSource src, PcoFile.Chunk c, int k) {
        return Node.lazy("batch " + k, "pco-batch", n -> {
            n.source(src).facet(FieldExplainer.class, PcoDocs.DOCS);
            long[] out = new long[PageDecoder.BATCH];
            List<Field> fields = new ArrayList<>();
            try {
                PageDecoder pd = f.pageDecoder(c, Recorder.NONE);
                for (int i = 0; i < k; i++) pd.decodeBatch(out, 0);
                long start = pd.bitPosition();
                pd.trace(new BatchTrace() {
                    @Override public void symbol(LatentVar.Role role, int i, long bit, int bits, int state, int bin) {
                        fields.add(new Field(role.key("bin"), i, role.label + "[" + i + "] bin", Span.bits(bit, bits),
                                String.valueOf(bin), "tANS symbol (decoder " + (i & 3) + ", state " + state + ")"));
                    }
                    @Override public void offset(LatentVar.Role role, int i, long bit, int bits, long offset, long latent) {
                        fields.add(new Field(role.key("offset"), i, role.label + "[" + i + "] offset", Span.bits(bit, bits),
                                String.valueOf(offset), "offset within the bin; latent = lower + offset = " + Long.toUnsignedString(latent)));
                    }
                });
                int got = pd.decodeBatch(out, 0);
                long end = pd.bitPosition();
                n.span(Span.bits(start, end - start));
                n.summary(got + " numbers, rows " + (c.firstRow() + (long) k * PageDecoder.BATCH) + "..");
                fields.forEach(n::addField);
                for (int i = 0; i < got; i++) {
                    n.addField(new Field("batch.value", i, "value[" + i + "]", null, c.type().valueType.format(out[i]), "decoded number"));
                }
            } catch (ReadProblem e) {
                // symbols decoded from the padding past a truncated page's end are not the file's bits: leave them out
                long end = src.size() * 8;
                fields.stream().filter(x -> x.span().endBit() <= end).forEach(n::addField);
                n.diagnose(e.diagnostic());
            }
        }).drillDown(true);
    }
}
