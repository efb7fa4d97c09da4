package org.packscope.codec.pco;

import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.inspect.BulkDecoder;
import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.ValueColumn;
import org.packscope.codec.inspect.ValueTracer;
import org.packscope.codec.inspect.Verifier;
import org.packscope.codec.io.ByteSource;

/**
 * Builds the inspection tree of a standalone Pco file: header, chunks (metadata,
 * latent variables with their bin tables, page with its metadata) and, on demand,
 * every tANS symbol and offset of a batch. Fields come from the same parser the
 * decoders use, recorded with exact bit spans.
 */
public final class PcoNodes {
    private PcoNodes() { }

    /** Recorded field, before it is placed on a node. */
    private record Rec(String name, long bit, long bits, Object value, String meaning) {
        void to(Node n, String strip) {
            n.field(strip == null ? name : name.substring(strip.length()), Span.bits(bit, bits), value, meaning);
        }
    }

    private static final class Recorder implements FieldSink {
        final List<Rec> recs = new ArrayList<>();
        @Override public void field(String name, long bit, long bits, Object value, String meaning) {
            recs.add(new Rec(name, bit, bits, value, meaning));
        }
    }

    private static Diagnostic diag(PcoException e) { return PcoFile.diagnostic(e); }

    /** The node of a standalone file; its contents load on first look. */
    public static Node file(String name, ByteSource src) {
        return Node.lazy(name, "pco-file", n -> fill(n, src));
    }

    private static void fill(Node n, ByteSource src) {
        PcoFile f = PcoFile.open(src);
        n.source(src).span(Span.bytes(0, src.size())).facet(FieldExplainer.class, PcoExplainer.FILE);
        f.diagnostics().forEach(n::diagnose);
        NumberType t = f.numberType();
        String ver = f.version() == null ? "?" : f.version().toString();
        n.summary((t == null ? (f.chunks().isEmpty() ? "empty" : "mixed types") : t.label()) + " · "
                + String.format("%,d", f.totalN()) + " numbers · " + f.chunks().size() + " chunks · format " + ver);
        if (f.header() != null) {
            n.field("standalone version", null, f.header().version(), "standalone format version"
                    + (f.header().explicitVersion() ? "" : " (implicit)"));
            n.field("number type", null, t == null ? "-" : t.label(), "number type of the chunks");
        }
        if (f.version() != null) n.field("format version", null, ver, "wrapped format version");
        n.field("chunks", null, f.chunks().size(), "chunks found");
        n.field("numbers", null, f.totalN(), "numbers in all chunks");
        if (f.version() != null) n.table(sizeTable(f));
        PcoValues values = PcoValues.ofFile(f, name(src));
        if (values != null) n.facet(ValueColumn.class, values).facet(ValueTracer.class, values.tracer(src));
        n.facet(BulkDecoder.class, f::decodeAllDiscard);
        n.facet(Verifier.class, f::verify);

        List<Node> fixed = new ArrayList<>();
        fixed.add(headerNode(f, src));
        int chunks = f.chunks().size();
        boolean term = f.terminatorByte() >= 0;
        int total = 1 + chunks + (term ? 1 : 0);
        n.lazyChildren(total, i -> {
            if (i == 0) return fixed.get(0);
            if (i <= chunks) {
                PcoFile.Chunk c = f.chunks().get(i - 1);
                return c.meta() == null ? brokenChunkNode(f, src, c) : chunkNode(f, src, i - 1);
            }
            return Node.of("terminator", "pco-terminator").source(src).facet(FieldExplainer.class, PcoExplainer.TERMINATOR).span(Span.bytes(f.terminatorByte(), 1))
                    .summary("end of file").field("termination byte", Span.bytes(f.terminatorByte(), 1), 0,
                            "a 0 byte where the next chunk's number type would be ends the file");
        });
    }

    private static String name(ByteSource src) {
        String s = src.name();
        int slash = Math.max(s.lastIndexOf('/'), s.lastIndexOf('\\'));
        return slash >= 0 ? s.substring(slash + 1) : s;
    }

    private static Node headerNode(PcoFile f, ByteSource src) {
        Node h = Node.of("header", "pco-header").source(src).facet(FieldExplainer.class, PcoExplainer.HEADER_NODE);
        Recorder rec = new Recorder();
        MetaReader r = new MetaReader(f.data(), f.size(), 0, rec);
        try {
            MetaParser.standaloneHeader(r);
            MetaParser.wrappedHeader(r);
        } catch (PcoException e) {
            h.diagnose(diag(e));
        }
        rec.recs.forEach(x -> x.to(h, null));
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
                    .facet(FieldExplainer.class, PcoExplainer.CHUNK);
            if (c.damaged()) n.diagnose(c.damage());
            ChunkMeta m = c.meta();
            n.summary(c.type().label() + " · " + String.format("%,d", c.n()) + " numbers · " + m.mode().name() + " · "
                    + describe(m.deltaEncoding()) + " · " + (c.endByte() - c.startByte()) + " bytes");
            Recorder rec = new Recorder();
            MetaReader r = new MetaReader(f.data(), f.size(), c.startByte() * 8, rec);
            PcoFile.chunkType(r, f.header());
            r.read(24, "n - 1", v -> v + " (n = " + (v + 1) + ")", "one less than the count of numbers in the chunk");
            MetaParser.chunkMeta(r, f.version(), c.type());
            List<Node> kids = placeMetaFields(n, rec, m, src);
            n.field("first row", null, c.firstRow(), "index of the chunk's first number in the file");
            kids.add(pageNode(f, src, c));
            n.children(kids);
            PcoValues values = PcoValues.ofChunk(f, index, "chunk " + index);
            n.facet(ValueColumn.class, values).facet(ValueTracer.class, values.tracer(src));
        });
    }

    private static List<Node> placeMetaFields(Node chunk, Recorder rec, ChunkMeta m, ByteSource src) {
        // one pass sorts each field to its latent variable or the chunk (a variable has up to 2^14 bins)
        java.util.Map<LatentVar.Role, List<Rec>> byVar = new java.util.EnumMap<>(LatentVar.Role.class);
        for (Rec x : rec.recs) {
            LatentVar.Role owner = null;
            for (LatentVar v : m.latentVars()) {
                String p = v.role().label + " ";
                if (x.name.startsWith(p + "ans_size_log") || x.name.startsWith(p + "bin")) owner = v.role();
            }
            if (owner == null) x.to(chunk, null); else byVar.computeIfAbsent(owner, k -> new ArrayList<>()).add(x);
        }
        List<Node> vars = new ArrayList<>();
        java.util.Map<LatentVar.Role, DataTable> tables = new java.util.EnumMap<>(LatentVar.Role.class);
        for (LatentVar v : m.latentVars()) {
            String p = v.role().label + " ";
            Node vn = Node.of(v.role().label + " latent", "pco-latent-var").source(src)
                    .facet(FieldExplainer.class, PcoExplainer.LATENT);
            long first = -1, end = -1;
            for (Rec x : byVar.getOrDefault(v.role(), List.of())) {
                x.to(vn, p);
                if (first < 0) first = x.bit;
                end = x.bit + x.bits;
            }
            if (first >= 0) vn.span(Span.bits(first, end - first));
            vn.summary("u" + v.bits() + " · " + v.bins().size() + " bins · ans_size_log " + v.ansSizeLog());
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
            rows.add(List.of(b.weight(), b.weight() / size, number(m, v, b.lower()), number(m, v, upperLatent & v.mask()),
                    b.offsetBits(), round(bitsPer)));
        }
        return new DataTable("Bins", List.of("weight", "probability", "lower", "upper", "offset bits", "bits per value"),
                rows, "lower", "probability");
    }

    private static double log2(int w) { return Math.log(w) / Math.log(2); }

    /** A latent of this variable as a number a person reads. */
    static Object number(ChunkMeta m, LatentVar v, long latent) {
        NumberType t = m.type();
        long l = latent & v.mask();
        if (v.role() == LatentVar.Role.DELTA) return l;
        DeltaEncoding d = m.deltaFor(v.role());
        if (!(d instanceof DeltaEncoding.None)) {
            long mid = 1L << (v.bits() - 1);
            long c = l - mid;
            return v.bits() == 64 ? (Object) c : (Object) ((c << (64 - v.bits())) >> (64 - v.bits()));
        }
        Mode mode = m.mode();
        if (v.role() == LatentVar.Role.PRIMARY) {
            if (mode instanceof Mode.Classic) return typed(t, t.fromLatent(l));
            if (mode instanceof Mode.IntMult im) return typed(t, t.fromLatent(l * im.base()));
            if (mode instanceof Mode.FloatMult fm) {
                return Floats.toDouble(t, t.fromLatent(Floats.floatMultLatent(t, t.fromLatent(fm.baseLatent()), l, -t.mid())));
            }
            if (mode instanceof Mode.FloatQuant fq) return Floats.toDouble(t, t.fromLatent(l << fq.k()));
            if (mode instanceof Mode.Dict dm) {
                return l < dm.dict().length ? typed(t, t.fromLatent(dm.dict()[(int) l])) : (Object) l;
            }
        } else {
            if (mode instanceof Mode.FloatMult) {
                long mid = t.mid();
                return t.bits == 64 ? l - mid : ((l - mid) << (64 - t.bits)) >> (64 - t.bits);
            }
        }
        return l < 0 ? (Object) Long.toUnsignedString(l) : (Object) l;
    }

    private static Object typed(NumberType t, long raw) {
        if (t.isFloat()) return Floats.toDouble(t, raw);
        if (!t.isSigned() && raw < 0) return Long.toUnsignedString(raw);
        return raw;
    }

    private static Node brokenChunkNode(PcoFile f, ByteSource src, PcoFile.Chunk c) {
        long start = c.startByte();
        return Node.lazy("chunk " + c.index(), "pco-chunk", n -> {
            n.source(src).facet(FieldExplainer.class, PcoExplainer.CHUNK).summary("unreadable chunk" + (c.n() > 0 ? " · " + String.format("%,d", c.n()) + " numbers not decodable" : ""));
            Recorder rec = new Recorder();
            MetaReader r = new MetaReader(f.data(), f.size(), start * 8, rec);
            try {
                NumberType t = PcoFile.chunkType(r, f.header());
                r.read(24, "n - 1", v -> v + " (n = " + (v + 1) + ")", "one less than the count of numbers in the chunk");
                ChunkMeta m = MetaParser.chunkMeta(r, f.version(), t);
                int nn = 0;
                MetaReader r2 = new MetaReader(f.data(), f.size(), start * 8 + 8, FieldSink.NONE);
                nn = 1 + (int) r2.raw(24, "n");
                PageDecoder pd = new PageDecoder(ChunkDecoder.of(m), f.data(), f.size(), r.bit(), nn, rec);
                while (pd.remaining() > 0) pd.skipBatch();
            } catch (PcoException e) {
                n.diagnose(diag(e));
            }
            rec.recs.forEach(x -> x.to(n, null));
            n.span(Span.bits(start * 8, Math.max(0, r.bit() - start * 8)));
        });
    }

    // ------------------------------------------------------------------ pages and batches

    private static Node pageNode(PcoFile f, ByteSource src, PcoFile.Chunk c) {
        int batches = (c.n() + PageDecoder.BATCH - 1) / PageDecoder.BATCH;
        return Node.lazy("page", "pco-page", n -> {
            n.source(src).span(Span.bits(c.pageStartBit(), c.endBit() - c.pageStartBit()))
                    .facet(FieldExplainer.class, PcoExplainer.PAGE_NODE);
            n.summary(String.format("%,d", c.n()) + " numbers in " + batches + " batches · "
                    + (c.endByte() - (c.pageStartBit() >>> 3)) + " bytes");
            Recorder rec = new Recorder();
            try {
                f.pageDecoder(c, rec);
            } catch (PcoException e) {
                n.diagnose(diag(e));
            }
            rec.recs.forEach(x -> x.to(n, null));
            n.field("batches", null, batches, "batches of up to 256 numbers");
            n.lazyChildren(batches, k -> batchNode(f, src, c, k));
        }).drillDown(true);
    }

    private static Node batchNode(PcoFile f, ByteSource src, PcoFile.Chunk c, int k) {
        return Node.lazy("batch " + k, "pco-batch", n -> {
            n.source(src).facet(FieldExplainer.class, PcoExplainer.BATCH);
            long[] out = new long[PageDecoder.BATCH];
            List<Rec> recs = new ArrayList<>();
            try {
                PageDecoder pd = f.pageDecoder(c, FieldSink.NONE);
                for (int i = 0; i < k; i++) pd.decodeBatch(out, 0);
                long start = pd.bitPosition();
                pd.trace(new BatchTrace() {
                    @Override public void symbol(LatentVar.Role role, int i, long bit, int bits, int state, int bin) {
                        recs.add(new Rec(role.label + "[" + i + "] bin", bit, bits, bin,
                                "tANS symbol (decoder " + (i & 3) + ", state " + state + ")"));
                    }
                    @Override public void offset(LatentVar.Role role, int i, long bit, int bits, long offset, long latent) {
                        recs.add(new Rec(role.label + "[" + i + "] offset", bit, bits, offset,
                                "offset within the bin; latent = lower + offset = " + Long.toUnsignedString(latent)));
                    }
                });
                int got = pd.decodeBatch(out, 0);
                long end = pd.bitPosition();
                n.span(Span.bits(start, end - start));
                n.summary(got + " numbers, rows " + (c.firstRow() + (long) k * PageDecoder.BATCH) + "..");
                recs.forEach(x -> x.to(n, null));
                for (int i = 0; i < got; i++) {
                    n.field("value[" + i + "]", null, c.type().valueType.format(out[i]), "decoded number");
                }
            } catch (PcoException e) {
                // symbols decoded from the padding past a truncated page's end are not the file's bits: leave them out
                long end = src.size() * 8;
                recs.stream().filter(x -> x.bit + x.bits <= end).forEach(x -> x.to(n, null));
                n.diagnose(diag(e));
            }
        }).drillDown(true);
    }
}
