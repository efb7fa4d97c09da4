package org.packscope.codec.pco;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.packscope.codec.inspect.DataTable;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.PlainText;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.pco.PcoEncoder.DeltaChoice;
import org.packscope.codec.pco.PcoEncoder.ModeChoice;
import org.packscope.codec.pco.PcoEncoder.Options;
import org.packscope.codec.read.Recorder;

/**
 * A Pco lesson's steps, in the order the encoder takes them, for the file's first chunk:
 * numbers to latents and the mode's split, the delta residuals, the bins with what each
 * costs, the tANS table, the first batch state by state, the page's bit layout, and the
 * file's size under the other choices a person can make. Everything shown is read back
 * from the written file by PackScope's decoder (so a field's span is the bits the number
 * became), except the other choices' sizes, which are files written with those choices.
 */
final class PcoLesson {
    /** Numbers whose other-choice sizes are measured on the whole input; beyond, on this prefix. */
    static final int SIZES_SAMPLE = 1 << 16;
    /** Rows of the numbers and residual tables; batches drawn in the page layout. */
    static final int TABLE_ROWS = 4096;
    static final int LAYOUT_BATCHES = 64;

    private final NumberType type;
    private final long[] raw;
    private final Options chosen;
    private final byte[] file;
    private final ByteSource src;
    private final PcoFile.Chunk chunk;
    private final ChunkMeta meta;
    private final Map<LatentVar.Role, Read> read = new EnumMap<>(LatentVar.Role.class);
    private long firstBatchBit = -1;
    /** The batch the page decoder is reading while the chunk is read. */
    private int batch;
    private final List<long[]> batchBits = new ArrayList<>(); // per batch: start bit, end bit
    private final Map<Options, Sized> sizes = new java.util.HashMap<>();

    /** What the decoder read of one latent variable, latent by latent (body order). */
    static final class Read {
        final int n;
        final long[] bodyLatent;
        final int[] bin;
        final int[] state;
        final long[] symbolBit;
        final byte[] symbolBits;
        final long[] offsetBit;
        final byte[] offsetBits;
        final long[] decoded;

        Read(int n) {
            this.n = n;
            bodyLatent = new long[n];
            bin = new int[n];
            state = new int[n];
            symbolBit = new long[n];
            symbolBits = new byte[n];
            offsetBit = new long[n];
            offsetBits = new byte[n];
            decoded = new long[n];
        }

        int count;
    }

    PcoLesson(NumberType type, long[] raw, Options chosen, byte[] file, ByteSource src, PcoFile opened) {
        this.type = type;
        this.raw = raw;
        this.chosen = chosen;
        this.file = file;
        this.src = src;
        this.chunk = opened.chunks().isEmpty() ? null : opened.chunks().get(0);
        this.meta = chunk == null ? null : chunk.meta();
        if (meta != null) readChunk(opened);
    }

    /** Where latent {@code i} of the batch being read goes in {@code r}, or -1 past the chunk. */
    private int slot(Read r, int i) {
        int k = batch * PageDecoder.BATCH + i;
        return r == null || k >= r.n ? -1 : k;
    }

    private void readChunk(PcoFile f) {
        for (LatentVar v : meta.latentVars()) read.put(v.role(), new Read(chunk.n()));
        PageDecoder pd = f.pageDecoder(chunk, Recorder.NONE);
        long[] out = new long[PageDecoder.BATCH];
        pd.trace(new BatchTrace() {
            @Override public void symbol(LatentVar.Role role, int i, long bit, int bits, int state, int bin) {
                Read r = read.get(role);
                int k = slot(r, i);
                if (k < 0) return;
                r.symbolBit[k] = bit;
                r.symbolBits[k] = (byte) bits;
                r.state[k] = state;
                r.bin[k] = bin;
                r.count = Math.max(r.count, k + 1);
            }

            @Override public void offset(LatentVar.Role role, int i, long bit, int bits, long offset, long latent) {
                Read r = read.get(role);
                int k = slot(r, i);
                if (k < 0) return;
                r.offsetBit[k] = bit;
                r.offsetBits[k] = (byte) bits;
                r.bodyLatent[k] = latent;
            }

            @Override public void latents(LatentVar.Role role, long[] lat, int len) {
                Read r = read.get(role);
                if (r == null) return;
                int at = batch * PageDecoder.BATCH;
                System.arraycopy(lat, 0, r.decoded, at, Math.max(0, Math.min(len, r.n - at)));
            }
        });
        for (int done = 0; done < chunk.n(); batch++) {
            long start = pd.bitPosition();
            if (firstBatchBit < 0) firstBatchBit = start;
            int got = pd.decodeBatch(out, 0);
            if (got <= 0) break;
            batchBits.add(new long[] {start, pd.bitPosition()});
            done += got;
        }
    }

    /** The steps, one node each; none for an empty file. */
    List<Node> steps() {
        List<Node> steps = new ArrayList<>();
        if (meta == null) return steps;
        steps.add(latentsStep());
        steps.add(modeStep());
        steps.add(deltaStep());
        for (LatentVar v : meta.latentVars()) steps.add(binsStep(v));
        for (LatentVar v : meta.latentVars()) steps.add(ansTableStep(v));
        steps.add(transitionsStep());
        steps.add(layoutStep());
        steps.add(choicesStep());
        return steps;
    }

    private Node step(String name, String section) {
        Node s = Node.of(name, "pco-lesson-step").source(src);
        s.facet(FieldExplainer.class, PcoLessonDocs.DOCS);
        field(s, "lesson.spec", "spec", null, section, "where the format says so");
        return s;
    }

    private String number(long rawBits) { return type.valueType.format(rawBits); }

    private Read primary() { return read.get(LatentVar.Role.PRIMARY); }

    // ------------------------------------------------------------------ 1: numbers and latents

    private Node latentsStep() {
        Node s = step("1 · numbers → latents", PcoDocs.MODES);
        Read p = primary();
        Read q = read.get(LatentVar.Role.SECONDARY);
        int n = chunk.n();
        s.summary(PlainText.count(n, "number") + " of chunk 0 · mode " + meta.mode().name());
        field(s, "lesson.latent_rule", "latent", null, type.isFloat() ? "sign-flipped bits" : type.isSigned() ? "x + 2^" + (type.bits - 1) : "x",
                "numbers become unsigned latents that sort as the numbers do");
        List<List<Object>> rows = new ArrayList<>();
        int shown = Math.min(n, TABLE_ROWS);
        for (int i = 0; i < shown; i++) {
            long x = raw[i];
            long latent = type.toLatent(x);
            List<Object> row = new ArrayList<>(List.of(i, number(x), Long.toUnsignedString(latent), Long.toUnsignedString(p.decoded[i])));
            if (q != null) row.add(Long.toUnsignedString(q.decoded[i]));
            rows.add(row);
            if (i < PageDecoder.BATCH) {
                String split = q == null ? "primary " + Long.toUnsignedString(p.decoded[i])
                        : "primary " + Long.toUnsignedString(p.decoded[i]) + ", secondary " + Long.toUnsignedString(q.decoded[i]);
                field(s, "lesson.number", i, "x[" + i + "]", null, number(x), "latent " + Long.toUnsignedString(latent) + " → " + split);
            }
        }
        List<String> cols = new ArrayList<>(List.of("i", "number", "latent", "primary"));
        if (q != null) cols.add("secondary");
        s.table(new DataTable(shown < n ? "first " + shown + " numbers" : "numbers", cols, rows, "i", "primary"));
        return s;
    }

    // ------------------------------------------------------------------ 2: mode

    private Node modeStep() {
        Node s = step("2 · mode: " + meta.mode().name(), PcoDocs.MODES);
        String what = "the latents are coded as they are";
        if (meta.mode() instanceof Mode.IntMult m) {
            what = "every number is base·primary + secondary with base " + Long.toUnsignedString(m.base())
                    + ": the primary latents are about " + Long.toUnsignedString(m.base()) + " times smaller, the remainders few";
        } else if (meta.mode() instanceof Mode.FloatQuant q) {
            what = "the lowest " + q.k() + " bits of the numbers are (nearly) always zero: they are split off as the secondary latent";
        } else if (meta.mode() instanceof Mode.FloatMult) {
            what = "the numbers are near multiples of a base float: primary = the multiple, secondary = the ULPs off";
        } else if (meta.mode() instanceof Mode.Dict d) {
            what = "the numbers come from a dictionary of " + d.dict().length;
        }
        field(s, "lesson.mode", "mode", null, meta.mode().name(), what);
        field(s, "lesson.choice", "chosen", null, chosen.mode() == ModeChoice.AUTO ? "by size" : "by you",
                chosen.mode() == ModeChoice.AUTO ? "the encoder estimated the bits of every mode × delta on the first "
                        + PlainText.grouped(Math.min(chunk.n(), PcoEncoder.SAMPLE)) + " numbers and kept the smallest" : "forced in the lesson's choices");
        List<List<Object>> rows = new ArrayList<>();
        for (ModeChoice m : ModeChoice.values()) {
            boolean floatsOnly = m == ModeChoice.FLOAT_QUANT || m == ModeChoice.FLOAT_MULT;
            if (m == ModeChoice.AUTO || m == ModeChoice.INT_MULT && type.isFloat() || floatsOnly && !type.isFloat()) continue;
            PcoVersion v = chosen.version();
            if (m == ModeChoice.INT_MULT && !v.hasIntMult() || m == ModeChoice.FLOAT_QUANT && !v.hasFloatQuant()) continue; // the version lacks it
            Sized z = sized(chosen.withMode(m));
            rows.add(List.of(label(m), z.modeName, z.bytes, z.ratio()));
        }
        s.table(new DataTable("file size by mode" + sampleNote(), List.of("asked for", "mode written", "bytes", "ratio"), rows, "asked for", "bytes"));
        s.summary(what);
        return s;
    }

    private static String label(ModeChoice m) {
        return switch (m) {
            case CLASSIC -> "Classic";
            case INT_MULT -> "IntMult";
            case FLOAT_QUANT -> "FloatQuant";
            case FLOAT_MULT -> "FloatMult";
            default -> m.name();
        };
    }

    // ------------------------------------------------------------------ 3: delta

    private Node deltaStep() {
        DeltaEncoding d = meta.deltaEncoding();
        Node s = step("3 · delta: " + PcoNodes.describe(d), PcoDocs.DELTAS);
        Read p = primary();
        int order = d instanceof DeltaEncoding.Consecutive c ? c.order() : 0;
        boolean lookback = d instanceof DeltaEncoding.Lookback;
        s.summary(lookback ? "each primary latent minus the one a lookback latent points back to"
                : order == 0 ? "no delta: the primary latents are coded as they are"
                : "the primary latents' differences of order " + order + ", plus " + order + " moments in the page metadata");
        field(s, "lesson.delta", "delta", null, PcoNodes.describe(d), lookback ? "differences to earlier numbers, each chosen by a lookback"
                : order == 0 ? "none" : order + " × differencing");
        long mid = type.mid();
        List<List<Object>> rows = new ArrayList<>();
        int body = p.count;
        for (int i = 0; i < Math.min(body, TABLE_ROWS); i++) {
            long centred = p.bodyLatent[i] - mid;
            long signed = type.bits == 64 ? centred : centred << (64 - type.bits) >> (64 - type.bits);
            boolean differenced = order > 0 || lookback;
            rows.add(List.of(i, Long.toUnsignedString(p.bodyLatent[i]), differenced ? String.valueOf(signed) : ""));
            if (i < PageDecoder.BATCH) {
                field(s, "lesson.residual", i, "residual[" + i + "]", offsetSpan(p, i), Long.toUnsignedString(p.bodyLatent[i]),
                        differenced ? "difference " + signed + " (stored + 2^" + (type.bits - 1) + ")" : "the latent itself");
            }
        }
        s.table(new DataTable("latents the page codes", List.of("i", "latent", "difference"), rows, "i", "latent"));
        List<List<Object>> sizes = new ArrayList<>();
        ModeChoice m = forced(meta.mode());
        for (int k = 0; k <= (chosen.version().hasLookback() ? 8 : 7); k++) {
            DeltaChoice dc = k == 8 ? DeltaChoice.lookback() : DeltaChoice.consecutive(k);
            Sized z = sized(chosen.withMode(m).withDelta(dc));
            sizes.add(List.of(k == 0 ? "none" : k == 8 ? "lookback" : "order " + k, z.bytes, z.ratio()));
        }
        s.table(new DataTable("file size by delta (mode " + meta.mode().name() + ")" + sampleNote(), List.of("delta", "bytes", "ratio"), sizes, "delta", "bytes"));
        return s;
    }

    private static ModeChoice forced(Mode m) {
        if (m instanceof Mode.IntMult) return ModeChoice.INT_MULT;
        if (m instanceof Mode.FloatQuant) return ModeChoice.FLOAT_QUANT;
        if (m instanceof Mode.FloatMult) return ModeChoice.FLOAT_MULT;
        return ModeChoice.CLASSIC;
    }

    // ------------------------------------------------------------------ 4: bins and their cost

    /** Per bin: latents in it, estimated bits (tANS + offsets) and the bits the page really spends. */
    record BinCost(int count, double estimatedBits, long ansBits, long offsetBits) { }

    BinCost[] costs(LatentVar v) {
        Read r = read.get(v.role());
        BinCost[] out = new BinCost[v.bins().size()];
        long[] count = new long[out.length], ans = new long[out.length], off = new long[out.length];
        for (int i = 0; i < r.count; i++) {
            int b = r.bin[i];
            if (b < 0 || b >= out.length) continue;
            count[b]++;
            ans[b] += r.symbolBits[i];
            off[b] += r.offsetBits[i];
        }
        for (int b = 0; b < out.length; b++) {
            Bin bin = v.bins().get(b);
            double per = v.ansSizeLog() - Math.log(bin.weight()) / Math.log(2) + bin.offsetBits();
            out[b] = new BinCost((int) count[b], per * count[b], ans[b], off[b]);
        }
        return out;
    }

    private Node binsStep(LatentVar v) {
        Node s = step("4 · " + v.role().label + " bins and their cost", PcoDocs.LATENTS);
        BinCost[] costs = costs(v);
        List<List<Object>> rows = new ArrayList<>();
        double est = 0;
        long real = 0;
        for (int b = 0; b < costs.length; b++) {
            Bin bin = v.bins().get(b);
            BinCost c = costs[b];
            est += c.estimatedBits;
            real += c.ansBits + c.offsetBits;
            rows.add(List.of(b, bin.weight(), LatentNumbers.number(meta, v, bin.lower()), bin.offsetBits(), c.count,
                    round(c.count == 0 ? 0 : c.estimatedBits / c.count), round(c.estimatedBits), c.ansBits, c.offsetBits, c.ansBits + c.offsetBits));
            field(s, "lesson.bin", b, "bin " + b, null, c.count + " latents",
                    String.format(Locale.ROOT, "weight %d/%d, %d offset bits: ≈ %.2f bits each; the page spends %d tANS + %d offset bits",
                            bin.weight(), 1 << v.ansSizeLog(), bin.offsetBits(), c.count == 0 ? 0 : c.estimatedBits / c.count, c.ansBits, c.offsetBits));
        }
        s.summary(String.format(Locale.ROOT, "%s · estimated %,.0f bits · spent %,d bits", PlainText.count(costs.length, "bin"), est, real));
        field(s, "lesson.cost", "estimate", null, String.format(Locale.ROOT, "%,.0f bits", est), "Σ count · (ans_size_log − log2 weight + offset bits)");
        field(s, "lesson.spent", "spent", null, String.format(Locale.ROOT, "%,d bits", real), "tANS bits and offset bits the page holds for this latent");
        s.table(new DataTable("bins", List.of("bin", "weight", "lower", "offset bits", "latents", "bits each (est.)", "bits (est.)",
                "tANS bits", "offset bits spent", "bits spent"), rows, "bin", "bits spent"));
        return s;
    }

    private static double round(double v) { return Math.round(v * 100) / 100.0; }

    // ------------------------------------------------------------------ 5: the tANS table

    private Node ansTableStep(LatentVar v) {
        Node s = step("5 · " + v.role().label + " tANS table", PcoDocs.LATENTS);
        int size = 1 << v.ansSizeLog();
        field(s, "lesson.ans_size", "table size", null, size + " states", "2^ans_size_log; bin b owns weight(b) of them");
        if (v.bins().isEmpty()) return s.summary("no bins");
        AnsTable t = AnsTable.of(v);
        List<List<Object>> rows = new ArrayList<>();
        for (int st = 0; st < size; st++) {
            int e = t.entries[st];
            rows.add(List.of(st, t.symbols[st], AnsTable.bitsToRead(e), AnsTable.next(e), AnsTable.next(e) + (1 << AnsTable.bitsToRead(e)) - 1));
        }
        s.summary(size + " states spread over " + PlainText.count(v.bins().size(), "bin") + " at stride " + AnsTable.stride(v.ansSizeLog()));
        field(s, "lesson.spread", "stride", null, AnsTable.stride(v.ansSizeLog()), "states are dealt to the bins at this stride (mod table size), bin by bin");
        s.table(new DataTable("states", List.of("state", "bin", "bits read", "next state from", "next state to"), rows, "state", "bin"));
        return s;
    }

    // ------------------------------------------------------------------ 6: batch 0 state by state

    private Node transitionsStep() {
        Node s = step("6 · batch 0, state by state", PcoDocs.PAGE);
        int shown = 0;
        for (LatentVar v : meta.latentVars()) {
            if (v.bins().isEmpty()) continue;
            Read r = read.get(v.role());
            AnsTable t = AnsTable.of(v);
            int m = Math.min(r.count, PageDecoder.BATCH);
            for (int i = 0; i < m; i++) {
                int st = r.state[i];
                int k = r.symbolBits[i];
                long got = bitsAt(r.symbolBit[i], k);
                int next = AnsTable.next(t.entries[st]) + (int) got;
                field(s, "lesson.transition", i, v.role().label + "[" + i + "]", Span.bits(r.symbolBit[i], k), "bin " + r.bin[i],
                        String.format(Locale.ROOT, "decoder %d: state %d → bin %d; reads %d bit%s = %d → state %d", i & 3, st, r.bin[i], k,
                                k == 1 ? "" : "s", got, next));
                shown++;
            }
        }
        s.summary(PlainText.count(shown, "symbol") + ": four interleaved tANS decoders, symbol i on decoder i mod 4");
        return s;
    }

    /** The {@code n} file bits from bit {@code bit} on, low bit first (as the page stores them). */
    long bitsAt(long bit, int n) {
        long v = 0;
        for (int j = 0; j < n; j++) {
            long b = bit + j;
            v |= (long) ((file[(int) (b >>> 3)] >>> (b & 7)) & 1) << j;
        }
        return v;
    }

    private static Span offsetSpan(Read r, int i) {
        return r.offsetBits[i] == 0 ? null : Span.bits(r.offsetBit[i], r.offsetBits[i]);
    }

    // ------------------------------------------------------------------ 7: the page's bits

    private Node layoutStep() {
        Node s = step("7 · page layout", PcoDocs.PAGE);
        long pageStart = chunk.pageStartBit();
        if (firstBatchBit > pageStart) {
            field(s, "lesson.page_meta", "page metadata", Span.bits(pageStart, firstBatchBit - pageStart),
                    PlainText.count((firstBatchBit - pageStart + 7) / 8, "byte"), "delta moments and the four tANS start states of each latent, then padding to a byte");
        }
        for (int k = 0; k < Math.min(batchBits.size(), LAYOUT_BATCHES); k++) {
            long[] be = batchBits.get(k);
            for (LatentVar v : meta.latentVars()) {
                Read r = read.get(v.role());
                int lo = k * PageDecoder.BATCH, hi = Math.min(r.count, lo + PageDecoder.BATCH);
                if (lo >= hi) continue;
                long ansFrom = r.symbolBit[lo], ansTo = r.symbolBit[hi - 1] + r.symbolBits[hi - 1];
                long offFrom = r.offsetBit[lo], offTo = r.offsetBit[hi - 1] + r.offsetBits[hi - 1];
                field(s, "lesson.batch_ans", k, "batch " + k + " " + v.role().label + " tANS", ansTo > ansFrom ? Span.bits(ansFrom, ansTo - ansFrom) : null,
                        (ansTo - ansFrom) + " bits", "the bits each decoder reads after its symbol, " + (hi - lo) + " symbols");
                field(s, "lesson.batch_offsets", k, "batch " + k + " " + v.role().label + " offsets", offTo > offFrom ? Span.bits(offFrom, offTo - offFrom) : null,
                        (offTo - offFrom) + " bits", "each latent's offset within its bin, in the same order");
            }
            field(s, "lesson.batch", k, "batch " + k, Span.bits(be[0], be[1] - be[0]), (be[1] - be[0]) + " bits", "numbers " + k * 256 + "..");
        }
        long end = chunk.endBit();
        s.summary(PlainText.count(batchBits.size(), "batch", "batches") + " · page " + PlainText.grouped((end - pageStart + 7) / 8) + " bytes"
                + (batchBits.size() > LAYOUT_BATCHES ? " · first " + LAYOUT_BATCHES + " batches drawn" : ""));
        s.span(Span.bits(pageStart, end - pageStart));
        return s;
    }

    // ------------------------------------------------------------------ 8: the other choices

    private record Sized(int bytes, int rawBytes, String modeName) {
        double ratio() { return Math.round(100.0 * rawBytes / Math.max(1, bytes)) / 100.0; }
    }

    /** The file's size under other choices, each written once: the mode, delta and level tables share their chosen rows. */
    private Sized sized(Options o) {
        return sizes.computeIfAbsent(o, this::encodeSample);
    }

    private Sized encodeSample(Options o) {
        int n = Math.min(raw.length, SIZES_SAMPLE);
        byte[] f = PcoEncoder.encode(type, raw, n, o);
        String mode = "";
        PcoFile opened = PcoFile.open(ByteSource.of(f, "choice.pco"));
        if (!opened.chunks().isEmpty() && opened.chunks().get(0).meta() != null) mode = opened.chunks().get(0).meta().mode().name();
        return new Sized(f.length, n * (type.bits / 8), mode);
    }

    private String sampleNote() {
        return raw.length > SIZES_SAMPLE ? " (first " + PlainText.grouped(SIZES_SAMPLE) + " numbers)" : "";
    }

    private Node choicesStep() {
        Node s = step("8 · size under other levels", PcoDocs.LATENTS);
        List<List<Object>> rows = new ArrayList<>();
        ModeChoice m = forced(meta.mode());
        int order = meta.deltaEncoding() instanceof DeltaEncoding.Consecutive c ? c.order() : 0;
        DeltaChoice d = meta.deltaEncoding() instanceof DeltaEncoding.Lookback ? DeltaChoice.lookback() : DeltaChoice.consecutive(order);
        int best = -1, bestBytes = Integer.MAX_VALUE;
        for (int level = 0; level <= PcoBinning.MAX_LEVEL; level++) {
            Sized z = sized(chosen.withMode(m).withDelta(d).withLevel(level));
            rows.add(List.of(level, z.bytes, z.ratio()));
            if (z.bytes < bestBytes) {
                bestBytes = z.bytes;
                best = level;
            }
        }
        field(s, "lesson.level", "level", null, chosen.level(), "up to 2^level bins a latent; more bins fit the histogram closer but cost metadata");
        field(s, "lesson.best_level", "smallest at", null, "level " + best, PlainText.count(bestBytes, "byte") + sampleNote());
        s.summary("level " + chosen.level() + " chosen; the smallest file at level " + best);
        s.table(new DataTable("file size by level (mode " + meta.mode().name() + ", " + PcoNodes.describe(meta.deltaEncoding()) + ")" + sampleNote(),
                List.of("level", "bytes", "ratio"), rows, "level", "bytes"));
        return s;
    }

    private static void field(Node s, String key, String name, Span span, Object value, String meaning) {
        s.addField(new Field(key, -1, name, span, String.valueOf(value), meaning));
    }

    private static void field(Node s, String key, int index, String name, Span span, Object value, String meaning) {
        s.addField(new Field(key, index, name, span, String.valueOf(value), meaning));
    }
}
