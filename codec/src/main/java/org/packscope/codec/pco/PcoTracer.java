package org.packscope.codec.pco;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.packscope.codec.inspect.Progress;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.inspect.Trace.Step;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.read.Recorder;

/**
 * The derivation of one number of a page: its batch, then per latent variable the
 * interleaved tANS decoder and state, the bin that state stands for, the offset bits
 * and the latent, then delta decoding and the mode join. The page is decoded with the
 * ordinary decoder up to the number's batch; only the batches holding the latents
 * involved are decoded on the recording path, so what is shown is what was decoded.
 */
final class PcoTracer {
    /**
     * A page to trace in: {@code data} (with decoder padding) holds {@code limitBytes}
     * real bytes whose bit 0 is bit {@code baseBit} of {@code src}; positions below are
     * bits of {@code data}. {@code metaSpans} are the chunk metadata's fields (spans in
     * {@code src}) by {@link #fieldId}, empty when unknown.
     */
    record Page(ByteSource src, byte[] data, long limitBytes, long baseBit, ChunkDecoder cd, long pageStartBit,
                long pageEndBit, int n, Map<String, Span> metaSpans) { }

    /** How a recorded field is found again: its key, and its index when it has one ({@code primary.bin.weight#3}). */
    static String fieldId(String key, int index) {
        return index < 0 ? key : key + "#" + index;
    }

    /** The traced number (raw bits; 0 when the page fails before producing it). */
    record Result(long raw, boolean decoded) { }

    private record Sym(long bit, int bits, int state, int bin) { }

    private record Off(long bit, int bits, long offset, long latent) { }

    /** Records the symbols, offsets and delta-decoded latents of the batches it is attached to. */
    private static final class Capture implements BatchTrace {
        int batch;
        final Map<Long, Sym> syms = new HashMap<>();
        final Map<Long, Off> offs = new HashMap<>();
        final Map<Long, Long> lats = new HashMap<>();

        static long key(LatentVar.Role r, long pos) { return (long) r.ordinal() << 40 | pos; }

        @Override public void symbol(LatentVar.Role role, int i, long bit, int bits, int state, int bin) {
            syms.put(key(role, batch * 256L + i), new Sym(bit, bits, state, bin));
        }

        @Override public void offset(LatentVar.Role role, int i, long bit, int bits, long offset, long latent) {
            offs.put(key(role, batch * 256L + i), new Off(bit, bits, offset, latent));
        }

        @Override public void latents(LatentVar.Role role, long[] lat, int len) {
            for (int i = 0; i < len; i++) lats.put(key(role, batch * 256L + i), lat[i]);
        }
    }

    private final Page pg;
    private final ChunkMeta m;
    private final NumberType type;
    private final List<Step> steps;
    private final Map<String, long[]> pageFields = new HashMap<>();
    private final Capture cap = new Capture();

    private PcoTracer(Page pg, List<Step> steps) {
        this.pg = pg;
        this.m = pg.cd.meta();
        this.type = m.type();
        this.steps = steps;
    }

    /** Appends the steps deriving number {@code i} of the page to {@code steps}. */
    static Result trace(Page pg, int i, List<Step> steps, Progress progress) {
        return new PcoTracer(pg, steps).run(i, progress == null ? Progress.NONE : progress);
    }

    // ------------------------------------------------------------------ positions and decoding

    /** How many numbers precede a variable's first read latent (its page delta state). */
    private int shift(LatentVar.Role r) {
        return r == LatentVar.Role.DELTA ? m.stateN(LatentVar.Role.PRIMARY) : m.stateN(r);
    }

    private static int lookbackOrder(DeltaEncoding d) {
        if (d instanceof DeltaEncoding.Consecutive c) return c.order();
        if (d instanceof DeltaEncoding.Conv1 c) return c.order();
        return 0;
    }

    private Result run(int i, Progress progress) {
        int b = i >>> 8;
        int j = i & 255;
        int batches = (pg.n + 255) >>> 8;
        long pageEnd = pg.pageEndBit >= 0 ? pg.pageEndBit : pg.limitBytes * 8;
        add("page position", "batch " + b + ", position " + j,
                "The page's " + pg.n + " numbers are decoded in " + batches + " batch" + (batches == 1 ? "" : "es")
                        + " of up to 256: number " + i + " = 256 × " + b + " + " + j + ".",
                at(pg.pageStartBit, pageEnd - pg.pageStartBit));

        Map<LatentVar.Role, Integer> pos = new EnumMap<>(LatentVar.Role.class);
        TreeSet<Integer> want = new TreeSet<>();
        want.add(b);
        for (LatentVar v : m.latentVars()) {
            int p = i - shift(v.role());
            pos.put(v.role(), p);
            if (p >= 0) {
                want.add(p >>> 8);
                if (p >= 4) want.add((p - 4) >>> 8);
            }
            int back = lookbackOrder(m.deltaFor(v.role()));
            if (back > 0 && v.role() != LatentVar.Role.DELTA) want.add(Math.max(0, i - back) >>> 8);
        }

        Recorder rec = (key, index, label, bit, bits, value, meaning) -> pageFields.put(fieldId(key, index), new long[] {bit, bits});
        PageDecoder pd;
        try {
            pd = PcoFile.decoder(pg.cd, pg.data, pg.limitBytes, pg.pageStartBit, pg.n, rec);
        } catch (ReadProblem e) {
            return failed(e);
        }
        long[] out = new long[PageDecoder.BATCH];
        long batchStart = -1;
        long batchEnd = -1;
        ReadProblem late = null;
        try {
            for (int bb = 0; bb <= b; bb++) {
                if ((bb & 1023) == 0) progress.checkCancelled();
                cap.batch = bb;
                pd.trace(want.contains(bb) ? cap : null);
                batchStart = pd.bitPosition();
                pd.decodeBatch(out, 0);
                batchEnd = pd.bitPosition();
            }
        } catch (ReadProblem e) {
            if (pd.produced() <= i) return failed(e);
            // the page's closing padding is checked after its last batch is out: the number stands
            late = e;
            batchEnd = pd.bitPosition();
        }
        long raw = out[j];
        add("batch " + b, "bits " + batchStart + "–" + batchEnd + " (" + (batchEnd - batchStart) + " bits)",
                "Batch " + b + " holds numbers " + (256L * b) + "–" + Math.min(pg.n - 1, 256L * b + 255) + ". In it each latent "
                        + "variable in turn (" + roles() + ") stores the tANS bits of all its latents, then their offset bits.",
                at(batchStart, batchEnd - batchStart));

        // Lookback: the number a latent adds to lies lookback positions back, possibly many batches earlier
        if (m.deltaEncoding() instanceof DeltaEncoding.Lookback && pos.get(LatentVar.Role.PRIMARY) >= 0) {
            Off lb = cap.offs.get(Capture.key(LatentVar.Role.DELTA, pos.get(LatentVar.Role.DELTA)));
            if (lb != null) {
                long q = i - lb.latent;
                if (q >= 0 && q < i && !cap.lats.containsKey(Capture.key(LatentVar.Role.PRIMARY, q))) {
                    if (!capture((int) q, progress)) return new Result(raw, true);
                }
            }
        }

        for (LatentVar v : m.latentVars()) {
            int p = pos.get(v.role());
            if (p >= 0) latentSteps(v, p);
            if (v.role() != LatentVar.Role.DELTA) deltaSteps(v, i, p);
        }
        joinSteps(i, raw);
        if (late != null) {
            add("page end", late.rule(), "The page is damaged after this number (" + late.getMessage() + "); the number "
                    + "itself decoded before the damage.", at(late.diagnostic().span().startBit(), 0));
            add("number", type.valueType.format(raw), "The decoded number, unaffected by the damage after it.", null);
        }
        return new Result(raw, true);
    }

    /** Decodes the page again up to number q's batch, recording only that batch. */
    private boolean capture(int q, Progress progress) {
        int qb = q >>> 8;
        try {
            PageDecoder pd = PcoFile.decoder(pg.cd, pg.data, pg.limitBytes, pg.pageStartBit, pg.n, Recorder.NONE);
            long[] out = new long[PageDecoder.BATCH];
            for (int bb = 0; bb <= qb; bb++) {
                if ((bb & 1023) == 0) progress.checkCancelled();
                cap.batch = bb;
                pd.trace(bb == qb ? cap : null);
                pd.decodeBatch(out, 0);
            }
            return true;
        } catch (ReadProblem e) {
            return false; // cannot happen once the later batch decoded
        }
    }

    private Result failed(ReadProblem e) {
        add("damage", e.rule(), "Decoding stops here: " + e.getMessage() + ". The values table marks this chunk's "
                + "numbers as undecodable gaps.", at(e.diagnostic().span().startBit(), 0));
        add("number", type.valueType.format(0), "Not decodable: a gap in the value column (its bits read as 0).", null);
        return new Result(0, false);
    }

    // ------------------------------------------------------------------ one latent read from the batch

    private void latentSteps(LatentVar v, int p) {
        LatentVar.Role r = v.role();
        String name = r.label;
        AnsTable tab = pg.cd.table(r);
        Off off = cap.offs.get(Capture.key(r, p));
        if (off == null) {
            add(name + " latent", "not read", "Latent " + p + " of the " + name + " variable was not reached.", null);
            return;
        }
        int bin;
        if (v.bins().isEmpty()) {
            add(name + " latent", "no bins", "The " + name + " variable has no bins, so it has no latent here.", null);
            return;
        }
        if (tab.nBins <= 1) {
            bin = 0;
            add(name + ": bin", "bin 0 (the only one)", "The " + name + " variable has a single bin, so the page stores no "
                    + "tANS bits for it (ans_size_log = 0): every latent falls in bin 0.", binSpan(r, 0));
        } else {
            Sym s = cap.syms.get(Capture.key(r, p));
            int d = p & 3;
            String what;
            Span from;
            if (p < 4) {
                long[] f = pageFields.get(fieldId(r.key("ans_state"), d));
                from = f == null ? null : at(f[0], f[1]);
                what = "Latents are decoded by four interleaved tANS decoders, latent p by decoder p mod 4 = " + d + ". This is "
                        + "decoder " + d + "'s first latent of the page, so its state is the initial state " + s.state
                        + " stored in the page metadata (ans_size_log = " + tab.sizeLog + " bits).";
            } else {
                Sym prev = cap.syms.get(Capture.key(r, p - 4));
                int base = AnsTable.next(tab.entries[prev.state]);
                from = at(prev.bit, prev.bits);
                what = "Latents are decoded by four interleaved tANS decoders, latent p by decoder p mod 4 = " + d + ". Its "
                        + "previous latent (" + (p - 4) + ") left state " + prev.state + ", whose table entry gives next_base "
                        + base + " and " + prev.bits + " bits to read; those bits (here) hold " + (s.state - base)
                        + ", so state = " + base + " + " + (s.state - base) + " = " + s.state + ".";
            }
            add(name + ": tANS state", "decoder " + d + ", state " + s.state, what, from);
            bin = s.bin;
            Bin bn = v.bins().get(bin);
            int e = tab.entries[s.state];
            long refill = HotPathBits.peek(pg.data, s.bit, s.bits);
            add(name + ": bin (tANS symbol)", "bin " + bin,
                    "spread_state_tokens gave bin " + bin + " " + bn.weight() + " of the 2^" + tab.sizeLog + " = " + (1 << tab.sizeLog)
                            + " states (probability " + bn.weight() + "/" + (1 << tab.sizeLog) + "), state " + s.state
                            + " among them. The " + s.bits + " bits here are this latent's tANS bits: they read " + refill
                            + ", moving decoder " + d + " to state next_base + " + refill + " = " + AnsTable.next(e) + " + " + refill
                            + " = " + (AnsTable.next(e) + refill) + " for latent " + (p + 4) + ".",
                    at(s.bit, s.bits));
        }
        Bin bn = v.bins().get(bin);
        add(name + ": bin " + bin, "lower " + Long.toUnsignedString(bn.lower()) + ", " + bn.offsetBits() + " offset bits",
                "From the chunk metadata: bin " + bin + " covers latents " + Long.toUnsignedString(bn.lower()) + " to lower + 2^"
                        + bn.offsetBits() + " − 1 (lower means " + LatentNumbers.number(m, v, bn.lower()) + "); weight " + bn.weight() + ".",
                binSpan(r, bin));
        add(name + ": offset", Long.toUnsignedString(off.offset),
                off.bits == 0 ? "The bin has 0 offset bits: it holds one latent, and nothing is read."
                        : "The bin's " + off.bits + " offset bits, stored after the tANS bits of all the batch's " + name + " latents.",
                at(off.bit, off.bits));
        add(name + ": latent", Long.toUnsignedString(off.latent),
                "latent = lower + offset = " + Long.toUnsignedString(bn.lower()) + " + " + Long.toUnsignedString(off.offset) + " = "
                        + Long.toUnsignedString(off.latent) + (r == LatentVar.Role.DELTA ? " (the lookback: how many numbers back)" : "")
                        + " (mod 2^" + v.bits() + ").", null);
    }

    // ------------------------------------------------------------------ delta decoding

    private void deltaSteps(LatentVar v, int i, int p) {
        DeltaEncoding d = m.deltaFor(v.role());
        if (d instanceof DeltaEncoding.None) return;
        LatentVar.Role r = v.role();
        String name = r.label;
        long mask = v.mask();
        long mid = 1L << (v.bits() - 1);
        Long actual = cap.lats.get(Capture.key(r, i));
        if (actual == null) return;
        long x = actual & mask;
        if (p < 0) {
            int stateN = m.stateN(r);
            if (d instanceof DeltaEncoding.Consecutive) {
                StringBuilder f = new StringBuilder();
                long sum = 0;
                for (int k = 0; k <= i; k++) {
                    long s = state(name, k);
                    long c = binomial(i, k);
                    sum += c * s;
                    if (k > 0) f.append(" + ");
                    f.append(c == 1 ? "" : c + "·").append(Long.toUnsignedString(s));
                }
                add(name + ": delta state", Long.toUnsignedString(sum & mask),
                        "Number " + i + " comes before the first delta of the page: the " + stateN + " delta moments stored in the "
                                + "page metadata give it directly, x[" + i + "] = Σ C(" + i + ", k)·moment[k] = " + f + check(sum & mask, x) + ".",
                        stateSpan(name, 0, i));
            } else {
                long s = state(name, i);
                add(name + ": delta state", Long.toUnsignedString(s),
                        "Number " + i + " is one of the " + stateN + " latents the page metadata stores before the first delta: "
                                + "x[" + i + "] = state[" + i + "]" + check(s, x) + ".", stateSpan(name, i, i));
            }
            return;
        }
        Off dl = cap.offs.get(Capture.key(r, p));
        if (dl == null) return;
        long delta = signed(dl.latent - mid, v.bits());
        if (d instanceof DeltaEncoding.Consecutive c) {
            int o = c.order();
            long sum = delta;
            StringBuilder f = new StringBuilder("(d − MID)");
            StringBuilder vals = new StringBuilder(Long.toString(delta));
            for (int k = 1; k <= o; k++) {
                long prev = lat(r, i - k) & mask;
                long coef = binomial(o, k) * (k % 2 == 1 ? 1 : -1);
                sum += coef * prev;
                String cs = (coef < 0 ? " − " : " + ") + (Math.abs(coef) == 1 ? "" : Math.abs(coef) + "·");
                f.append(cs).append("x[").append(i - k).append("]");
                vals.append(cs).append(Long.toUnsignedString(prev));
            }
            add(name + ": Consecutive delta (order " + o + ")", Long.toUnsignedString(sum & mask),
                    "The latent is the " + (o == 1 ? "" : "order-" + o + " ") + "difference ending at number " + i + ", offset by MID = 2^"
                            + (v.bits() - 1) + ": x[" + i + "] = " + f + " = " + vals + " = " + Long.toUnsignedString(sum & mask)
                            + " (mod 2^" + v.bits() + ")" + check(sum & mask, x) + ".", null);
        } else if (d instanceof DeltaEncoding.Lookback) {
            Off lbo = cap.offs.get(Capture.key(LatentVar.Role.DELTA, p));
            long lb = lbo == null ? 1 : lbo.latent;
            long q = i - lb;
            long prev = q < 0 ? 0 : lat(r, q) & mask;
            long y = (prev + delta) & mask;
            add(name + ": Lookback delta", Long.toUnsignedString(y),
                    "The delta latent " + lb + " says which earlier number this one builds on: x[" + i + "] = x[" + i + " − " + lb
                            + "] + (latent − MID) = " + (q < 0 ? "0 (before the page)" : Long.toUnsignedString(prev)) + plus(delta)
                            + " = " + Long.toUnsignedString(y) + check(y, x) + ".", null);
        } else if (d instanceof DeltaEncoding.Conv1 c) {
            int k = c.order();
            long s = c.bias();
            StringBuilder f = new StringBuilder(Long.toString(c.bias()));
            for (int w = 0; w < k; w++) {
                long h = lat(r, i - k + w) & mask;
                s += c.weights()[w] * h;
                f.append(c.weights()[w] < 0 ? " − " : " + ").append(Math.abs(c.weights()[w])).append("·").append(Long.toUnsignedString(h));
            }
            long pred = s < 0 ? 0 : s >> c.quantization();
            long y = (dl.latent + mid + pred) & mask;
            add(name + ": Conv1 prediction", Long.toString(pred),
                    "The previous " + k + " latents predict this one: max(bias + Σ weight[j]·x[" + (i - k) + " + j], 0) >> "
                            + c.quantization() + " = max(" + f + ", 0) >> " + c.quantization() + " = " + pred + ".",
                    metaRange("meta.conv1_quantization", fieldId("meta.conv1_weight", k - 1)));
            add(name + ": Conv1 delta", Long.toUnsignedString(y),
                    "x[" + i + "] = prediction + (latent − MID) = " + pred + plus(delta) + " = " + Long.toUnsignedString(y)
                            + " (mod 2^" + v.bits() + ")" + check(y, x) + ".", null);
        }
    }

    private long state(String role, int k) {
        long[] f = pageFields.get(fieldId(role + ".delta_state", k));
        return f == null ? 0 : HotPathBits.peek(pg.data, f[0], (int) f[1]);
    }

    private Span stateSpan(String role, int from, int to) {
        long[] a = pageFields.get(fieldId(role + ".delta_state", from));
        long[] b = pageFields.get(fieldId(role + ".delta_state", to));
        return a == null || b == null ? null : at(a[0], b[0] + b[1] - a[0]);
    }

    private long lat(LatentVar.Role r, long pos) {
        Long v = cap.lats.get(Capture.key(r, pos));
        return v == null ? 0 : v;
    }

    private static String plus(long v) {
        return v < 0 ? " − " + (v == Long.MIN_VALUE ? "9223372036854775808" : Long.toString(-v)) : " + " + v;
    }

    private static long binomial(int n, int k) {
        long c = 1;
        for (int t = 0; t < k; t++) c = c * (n - t) / (t + 1);
        return c;
    }

    private static long signed(long v, int bits) {
        return bits == 64 ? v : (v << (64 - bits)) >> (64 - bits);
    }

    /** A note when a formula shown disagrees with what the decoder produced (never expected). */
    private static String check(long shown, long decoded) {
        return shown == decoded ? "" : " [the decoder produced " + Long.toUnsignedString(decoded) + ": the formula disagrees]";
    }

    // ------------------------------------------------------------------ mode join

    private void joinSteps(int i, long raw) {
        long mask = type.mask();
        long x0 = lat(LatentVar.Role.PRIMARY, i);
        long x1 = m.secondary() == null ? 0 : lat(LatentVar.Role.SECONDARY, i) & mask;
        long latent;
        Mode mode = m.mode();
        if (mode instanceof Mode.Classic) {
            latent = x0 & mask;
        } else if (mode instanceof Mode.IntMult im) {
            latent = ((x0 & mask) * im.base() + x1) & mask;
            add("IntMult join", Long.toUnsignedString(latent),
                    "latent = primary × mult + secondary = " + Long.toUnsignedString(x0 & mask) + " × " + Long.toUnsignedString(im.base())
                            + " + " + Long.toUnsignedString(x1) + " = " + Long.toUnsignedString(latent) + " (mod 2^" + type.bits + ").",
                    pg.metaSpans.get("meta.mult"));
        } else if (mode instanceof Mode.FloatMult fm) {
            long baseRaw = type.fromLatent(fm.baseLatent());
            long mid = type.mid();
            long l0 = x0 & mask;
            boolean neg = Long.compareUnsigned(l0, mid) < 0;
            long absInt = neg ? mid - 1 - l0 : l0 - mid;
            long productLatent = Floats.floatMultLatent(type, baseRaw, l0, -mid) & mask;
            long product = type.fromLatent(productLatent);
            long ulps = signed(x1 + mid, type.bits);
            latent = (productLatent + ulps) & mask;
            add("FloatMult product", type.valueType.format(product),
                    "int_float_from_latent(primary) × mult: the primary latent " + Long.toUnsignedString(l0) + " is the integer "
                            + (neg ? "−" : "") + Long.toUnsignedString(absInt) + " (latent − MID), as a float times mult "
                            + type.valueType.format(baseRaw) + " = " + type.valueType.format(product) + ".",
                    pg.metaSpans.get("meta.mult"));
            add("FloatMult ULP adjustment", Long.toUnsignedString(latent),
                    "The secondary latent moves the product by (secondary + MID) = " + ulps + " units in the last place, in "
                            + "ordered-latent space: " + Long.toUnsignedString(productLatent) + " + " + ulps + " = "
                            + Long.toUnsignedString(latent) + ".", null);
        } else if (mode instanceof Mode.FloatQuant fq) {
            int k = fq.k();
            long hi = ((x0 & mask) << k) & mask;
            boolean pos = Long.compareUnsigned(hi, type.mid()) >= 0;
            long low = pos ? x1 : ((1L << k) - 1 - x1);
            latent = (hi + low) & mask;
            add("FloatQuant join", Long.toUnsignedString(latent),
                    "The primary latent holds the high bits, the secondary the low k = " + k + ": primary << k = "
                            + Long.toUnsignedString(hi) + (pos ? " ≥ MID, so + secondary " + x1 : " < MID (a negative number), so + (2^k − 1 − secondary) = " + low)
                            + ", giving " + Long.toUnsignedString(latent) + ".", pg.metaSpans.get("meta.k"));
        } else if (mode instanceof Mode.Dict dm) {
            long idx = x0 & 0xffffffffL;
            latent = idx < dm.dict().length ? dm.dict()[(int) idx] & mask : 0;
            add("dictionary entry", "dict[" + idx + "] = " + Long.toUnsignedString(latent),
                    "In Dict mode the primary latent is an index into the chunk's dictionary of " + dm.dict().length
                            + " latents: entry " + idx + " is " + Long.toUnsignedString(latent) + ".", dictSpan(idx));
        } else {
            latent = x0 & mask;
        }
        long mapped = type.fromLatent(latent);
        String how;
        if (type.isFloat()) {
            boolean top = (latent & type.mid()) != 0;
            how = "Floats: the latent's top bit is " + (top ? "set (a positive number), so it is toggled" : "clear (a negative number), so every bit is inverted")
                    + ": 0x" + hex(latent) + " → 0x" + hex(mapped & mask) + ".";
        } else if (type.isSigned()) {
            how = "Signed integers: number = latent − 2^" + (type.bits - 1) + " = " + Long.toUnsignedString(latent) + " − " + Long.toUnsignedString(type.mid())
                    + ".";
        } else {
            how = "Unsigned integers are their own latents.";
        }
        add("number (from_latent_ordered)", type.valueType.format(raw),
                how + (mapped == raw ? "" : " [the decoder produced " + type.valueType.format(raw) + ": the formula disagrees]"),
                null);
    }

    private String hex(long v) {
        String h = Long.toHexString(v & type.mask());
        int width = type.bits / 4;
        return "0".repeat(Math.max(0, width - h.length())) + h;
    }

    private Span dictSpan(long idx) {
        Span len = pg.metaSpans.get("meta.dict_length");
        if (len == null) return null;
        long start = ((len.endBit() + 7) >>> 3) * 8 + idx * type.bits;
        return clip(start, type.bits);
    }

    // ------------------------------------------------------------------ spans

    private Span binSpan(LatentVar.Role r, int bin) {
        Span a = pg.metaSpans.get(fieldId(r.key("bin.weight"), bin));
        Span b = pg.metaSpans.get(fieldId(r.key("bin.offset_bits"), bin));
        if (a == null || b == null) return null;
        return Span.bits(a.startBit(), b.endBit() - a.startBit());
    }

    private Span metaRange(String first, String last) {
        Span a = pg.metaSpans.get(first);
        Span b = pg.metaSpans.get(last);
        return a == null || b == null ? null : Span.bits(a.startBit(), b.endBit() - a.startBit());
    }

    /** A span of data bits, in the source, cut to the bytes present (null when none are). */
    private Span at(long dataBit, long bits) {
        return clip(pg.baseBit + dataBit, bits);
    }

    private Span clip(long start, long bits) {
        long end = pg.src.size() * 8;
        if (start < 0 || start > end) return null;
        return Span.bits(start, Math.max(0, Math.min(bits, end - start)));
    }

    private String roles() {
        StringBuilder sb = new StringBuilder();
        for (LatentVar v : m.latentVars()) {
            if (sb.length() > 0) sb.append(", ");
            sb.append(v.role().label);
        }
        return sb.toString();
    }

    private void add(String title, String value, String explanation, Span span) {
        steps.add(new Step(title, value, explanation, pg.src, span));
    }
}
