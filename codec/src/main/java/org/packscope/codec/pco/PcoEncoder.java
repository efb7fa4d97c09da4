package org.packscope.codec.pco;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes standalone Pco files (by default standalone version 3, format 4.1; older versions
 * on request, see {@link PcoVersion}), the inverse of
 * {@link PcoFile}: numbers map to their ordered latents, a mode may split those in two
 * (IntMult, FloatMult, FloatQuant), Consecutive or Lookback delta encoding may difference
 * the primary, and each latent variable is binned ({@link PcoBinning}) and tANS coded
 * ({@link PcoAnsEncoder}). One page per chunk. Choices left to AUTO are made by estimating
 * the bits of each candidate on a sample of the chunk's numbers.
 */
public final class PcoEncoder {
    public static final int DEFAULT_CHUNK_SIZE = 1 << 18;
    public static final int MAX_CHUNK_SIZE = 1 << 24;
    /** Numbers of a chunk the AUTO choices look at. */
    static final int SAMPLE = 1 << 14;
    /** Bits a number Lookback must save over the other delta encodings for AUTO to take it. */
    static final double LOOKBACK_PENALTY_BITS = 2;

    public enum ModeChoice { AUTO, CLASSIC, INT_MULT, FLOAT_QUANT, FLOAT_MULT }

    /**
     * Delta encoding: AUTO, NONE, CONSECUTIVE of an order 1..7, or LOOKBACK with a window
     * of 2^windowLog latents (windowLog 1..24; 0: as pco picks it for the chunk's size).
     */
    public record DeltaChoice(Kind kind, int order, int windowLog) {
        public enum Kind { AUTO, NONE, CONSECUTIVE, LOOKBACK }

        public static final DeltaChoice AUTO = new DeltaChoice(Kind.AUTO, 0, 0);
        public static final DeltaChoice NONE = new DeltaChoice(Kind.NONE, 0, 0);

        public DeltaChoice {
            if (kind == null) throw new IllegalArgumentException("the delta kind must be given");
            if (order < 0 || order > 7) throw new IllegalArgumentException("consecutive delta order must be 0..7, not " + order);
            if (windowLog < 0 || windowLog > MetaParser.MAX_LOOKBACK_WINDOW_N_LOG) {
                throw new IllegalArgumentException("lookback window log must be 1.." + MetaParser.MAX_LOOKBACK_WINDOW_N_LOG + ", not " + windowLog);
            }
        }

        /** Consecutive of an order 1..7; order 0 is NONE. */
        public static DeltaChoice consecutive(int order) { return order == 0 ? NONE : new DeltaChoice(Kind.CONSECUTIVE, order, 0); }

        /** Lookback with the window pco picks for the chunk's size (2^4 to 2^15). */
        public static DeltaChoice lookback() { return new DeltaChoice(Kind.LOOKBACK, 0, 0); }

        /** Lookback with a window of 2^windowLog latents, windowLog 1..24. */
        public static DeltaChoice lookback(int windowLog) {
            if (windowLog < 1) throw new IllegalArgumentException("lookback window log must be 1..24, not " + windowLog);
            return new DeltaChoice(Kind.LOOKBACK, 0, windowLog);
        }

        public boolean auto() { return kind == Kind.AUTO; }
    }

    /**
     * level 0..12: up to 2^level bins per latent variable; chunkSize 1..2^24 numbers;
     * floatMultBase: the base FLOAT_MULT uses (finite, nonzero), or NaN to find one; version:
     * the format and standalone versions to write (AUTO choices keep to what it has).
     */
    public record Options(int level, ModeChoice mode, DeltaChoice delta, int chunkSize, double floatMultBase, PcoVersion version) {
        public static final Options DEFAULT = new Options(8, ModeChoice.AUTO, DeltaChoice.AUTO, DEFAULT_CHUNK_SIZE);

        public Options {
            if (level < 0 || level > PcoBinning.MAX_LEVEL) throw new IllegalArgumentException("level must be 0..12, not " + level);
            if (chunkSize < 1 || chunkSize > MAX_CHUNK_SIZE) throw new IllegalArgumentException("chunk size must be 1..2^24, not " + chunkSize);
            if (mode == null || delta == null || version == null) throw new IllegalArgumentException("mode, delta and version must be given");
            if (floatMultBase == 0 || Double.isInfinite(floatMultBase)) {
                throw new IllegalArgumentException("a FloatMult base must be finite and nonzero, not " + floatMultBase);
            }
        }

        public Options(int level, ModeChoice mode, DeltaChoice delta, int chunkSize, double floatMultBase) {
            this(level, mode, delta, chunkSize, floatMultBase, PcoVersion.LATEST);
        }

        public Options(int level, ModeChoice mode, DeltaChoice delta, int chunkSize) {
            this(level, mode, delta, chunkSize, Double.NaN);
        }

        public Options withLevel(int l) { return new Options(l, mode, delta, chunkSize, floatMultBase, version); }
        public Options withMode(ModeChoice m) { return new Options(level, m, delta, chunkSize, floatMultBase, version); }
        public Options withDelta(DeltaChoice d) { return new Options(level, mode, d, chunkSize, floatMultBase, version); }
        public Options withChunkSize(int c) { return new Options(level, mode, delta, c, floatMultBase, version); }
        /** FLOAT_MULT with this base (NaN: find one). */
        public Options withFloatMultBase(double b) { return new Options(level, ModeChoice.FLOAT_MULT, delta, chunkSize, b, version); }
        public Options withVersion(PcoVersion v) { return new Options(level, mode, delta, chunkSize, floatMultBase, v); }
    }

    private PcoEncoder() { }

    /**
     * Encodes {@code raw}, the numbers as little-endian elements of {@code type}'s width (as
     * a file, a survey's sample or a teaching window's typed numbers hold them).
     */
    public static byte[] encodeLittleEndian(NumberType type, byte[] raw, Options options) {
        long[] bits = littleEndianBits(type, raw);
        return encode(type, bits, bits.length, options);
    }

    /** Little-endian numbers of {@code type} as the raw bits the decoder gives (signed types sign-extended). */
    static long[] littleEndianBits(NumberType type, byte[] raw) {
        int w = type.bits / 8;
        if (raw.length % w != 0) throw new IllegalArgumentException(raw.length + " bytes are not whole " + w + "-byte numbers");
        long[] bits = new long[raw.length / w];
        for (int i = 0; i < bits.length; i++) {
            long v = 0;
            for (int k = w - 1; k >= 0; k--) v = v << 8 | (raw[i * w + k] & 0xff);
            bits[i] = type.isSigned() && w < 8 ? v << (64 - 8 * w) >> (64 - 8 * w) : v;
        }
        return bits;
    }

    /** The first {@code count} numbers of {@code rawBits} (raw bit patterns, as the decoder gives them) as a Pco file. */
    public static byte[] encode(NumberType type, long[] rawBits, int count, Options options) {
        if (count < 0 || count > rawBits.length) throw new IllegalArgumentException("count " + count + " outside 0.." + rawBits.length);
        boolean floatMode = options.mode == ModeChoice.FLOAT_QUANT || options.mode == ModeChoice.FLOAT_MULT;
        if (options.mode == ModeChoice.INT_MULT && type.isFloat() || floatMode && !type.isFloat()) {
            throw new IllegalArgumentException(options.mode + " does not apply to " + type.label());
        }
        if (options.mode == ModeChoice.FLOAT_MULT && !Double.isNaN(options.floatMultBase)
                && PcoFloatMult.baseRaw(type, options.floatMultBase) == -1) {
            throw new IllegalArgumentException("FloatMult base " + options.floatMultBase + " is not finite and nonzero as " + type.label());
        }
        refuseWhatTheVersionLacks(type, options);
        PcoBitWriter w = new PcoBitWriter();
        writeHeader(w, type, count, options.version);
        for (int start = 0; start < count; start += options.chunkSize) {
            int n = Math.min(options.chunkSize, count - start);
            long[] lat = new long[n];
            for (int i = 0; i < n; i++) lat[i] = type.toLatent(rawBits[start + i]);
            writeChunk(w, type, lat, options);
        }
        w.write(0, 8);
        return w.toBytes();
    }

    /** An explicit choice (or a number type) the target version does not have is refused, naming the version that brought it. */
    private static void refuseWhatTheVersionLacks(NumberType type, Options o) {
        PcoVersion v = o.version;
        String lacks = !v.has(type) ? type.label() + " numbers (" + type.bits + "-bit types came with format " + (type.bits == 8 ? "4.1" : "2") + ")"
                : o.mode == ModeChoice.INT_MULT && !v.hasIntMult() ? "IntMult mode (it came with format 1)"
                : o.mode == ModeChoice.FLOAT_QUANT && !v.hasFloatQuant() ? "FloatQuant mode (it came with format 2)"
                : o.delta.kind() == DeltaChoice.Kind.LOOKBACK && !v.hasLookback() ? "Lookback delta encoding (it came with format 3)"
                : null;
        if (lacks != null) throw new IllegalArgumentException("Pco format " + v.format() + " has no " + lacks);
    }

    /**
     * The standalone header and the wrapped one. Standalone 0 and 1 are the magic alone (the
     * wrapped format byte doubles as their version); 2 adds its version byte and n_hint, 3
     * the uniform number type. Formats before 4 are one byte, no minor version.
     */
    private static void writeHeader(PcoBitWriter w, NumberType type, int count, PcoVersion v) {
        for (byte b : MetaParser.MAGIC) w.write(b, 8);
        if (v.hasNHint()) {
            w.write(v.standalone(), 8);
            if (v.hasUniformType()) w.write(type.id, 8);
            int nHintBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(count));
            w.write(nHintBits - 1, 6);
            w.write(count, nHintBits);
            w.align();
        }
        w.write(v.format().major(), 8);
        if (v.format().hasMinor()) w.write(v.format().minor(), 8);
    }

    /** A chunk's numbers split by a mode into one or two latent arrays. */
    record Split(Mode mode, long[] primary, long[] secondary) { }

    private static void writeChunk(PcoBitWriter w, NumberType type, long[] lat, Options o) {
        int n = lat.length;
        int sample = Math.min(n, SAMPLE);
        List<Mode> modes = modes(type, lat, sample, o);
        List<DeltaEncoding> deltas = deltas(o.delta, n, o.version);
        Mode best = null;
        DeltaEncoding bestDelta = null;
        double bestBits = Double.MAX_VALUE;
        for (Mode m : modes) {
            Split s = modes.size() * deltas.size() == 1 ? null : PcoModeSplits.split(m, lat, sample, type);
            double lastOrderBits = Double.MAX_VALUE;
            int rises = 0;
            for (DeltaEncoding d : deltas) {
                if (d.stateN() >= n && !(d instanceof DeltaEncoding.None)) continue;
                boolean ordered = !(d instanceof DeltaEncoding.Lookback);
                // the estimate falls with the order while differencing removes a trend, then
                // rises with the noise each difference doubles: three rises in a row end the search (two
                // end it early on small noisy samples, where the estimate wobbles)
                if (ordered && rises >= 3) continue;
                double bits = s == null ? 0 : estimate(type, s, d, o.level, o.delta.auto());
                if (ordered) {
                    rises = bits > lastOrderBits ? rises + 1 : 0;
                    lastOrderBits = bits;
                }
                if (bits < bestBits) {
                    bestBits = bits;
                    best = m;
                    bestDelta = d;
                }
            }
        }
        if (best == null) { // a forced delta whose state holds all n numbers: nothing to difference
            best = modes.get(0);
            bestDelta = new DeltaEncoding.None();
        }
        writeChunk(w, type, PcoModeSplits.split(best, lat, n, type), bestDelta, o.level, o.version.format());
    }

    /**
     * The modes to weigh for a chunk: every candidate the version has under AUTO, else the
     * forced one's (Classic if the numbers give none).
     */
    private static List<Mode> modes(NumberType type, long[] lat, int sample, Options o) {
        List<Mode> modes = new ArrayList<>();
        boolean auto = o.mode == ModeChoice.AUTO;
        if (auto || o.mode == ModeChoice.CLASSIC) modes.add(new Mode.Classic());
        if (auto && o.version.hasIntMult() || o.mode == ModeChoice.INT_MULT) modes.addAll(PcoModeSplits.intMultCandidates(type, lat, sample));
        if (o.mode == ModeChoice.FLOAT_MULT && !Double.isNaN(o.floatMultBase)) {
            modes.add(PcoFloatMult.mode(type, PcoFloatMult.baseRaw(type, o.floatMultBase)));
        } else if (auto || o.mode == ModeChoice.FLOAT_MULT) {
            modes.addAll(PcoFloatMult.candidates(type, lat, sample));
        }
        if (auto && o.version.hasFloatQuant() || o.mode == ModeChoice.FLOAT_QUANT) modes.addAll(PcoModeSplits.floatQuantCandidates(type, lat, sample));
        if (modes.isEmpty()) modes.add(new Mode.Classic()); // a forced mode the numbers give no base or width for
        return modes;
    }

    /** The delta encodings to weigh: under AUTO none, consecutive 1..7 and lookback (if the version has it). */
    private static List<DeltaEncoding> deltas(DeltaChoice c, int n, PcoVersion v) {
        int windowLog = c.windowLog() > 0 ? c.windowLog() : PcoLookback.windowLogFor(n);
        return switch (c.kind()) {
            case NONE -> List.of(new DeltaEncoding.None());
            case CONSECUTIVE -> List.of(new DeltaEncoding.Consecutive(c.order(), false));
            case LOOKBACK -> List.of(PcoLookback.encoding(windowLog));
            case AUTO -> {
                List<DeltaEncoding> all = new ArrayList<>();
                all.add(new DeltaEncoding.None());
                for (int k = 1; k <= 7; k++) all.add(new DeltaEncoding.Consecutive(k, false));
                if (v.hasLookback()) all.add(PcoLookback.encoding(windowLog));
                yield all;
            }
        };
    }

    /**
     * Estimated bits of the split numbers under delta encoding {@code d} (the state, the
     * bins, the latents). Under AUTO a lookback must save 2 bits a number over the rest,
     * as pco asks, for it costs more to decode.
     */
    private static double estimate(NumberType type, Split s, DeltaEncoding d, int level, boolean auto) {
        Deltas deltas = Deltas.of(d, s.primary, type);
        long[] body = deltas.body;
        double bits = d.stateN() * (double) type.bits
                + PcoBinning.estimateBits(LatentVar.Role.PRIMARY, type.bits, body, body.length, level);
        if (deltas.lookbacks != null) {
            long[] lb = deltas.lookbacks;
            bits += PcoBinning.estimateBits(LatentVar.Role.DELTA, 32, lb, lb.length, level);
            if (auto) bits += LOOKBACK_PENALTY_BITS * s.primary.length;
        }
        if (s.secondary != null) {
            long[] q = s.secondary;
            bits += PcoBinning.estimateBits(LatentVar.Role.SECONDARY, type.bits, q, q.length, level);
        }
        return bits;
    }

    /**
     * One latent variable ready to write: its bins (and their lower bounds and offset
     * widths as arrays, for the page body's loop), delta state, page-body latents, bins and
     * tANS bits.
     */
    private record Var(LatentVar meta, long[] lowers, int[] offsetBits, long[] state, long[] body, int[] binOf, PcoAnsEncoder ans) {
        static Var of(LatentVar.Role role, int bits, long[] state, long[] body, int level) {
            LatentVar v = PcoBinning.bins(role, bits, body, body.length, level);
            List<Bin> bins = v.bins();
            long[] lowers = new long[bins.size()];
            int[] offsetBits = new int[bins.size()];
            for (int b = 0; b < lowers.length; b++) {
                lowers[b] = bins.get(b).lower();
                offsetBits[b] = bins.get(b).offsetBits();
            }
            int[] binOf = PcoBinLookup.binsOf(bins, body, body.length);
            return new Var(v, lowers, offsetBits, state, body, binOf, new PcoAnsEncoder(v, binOf, body.length));
        }
    }

    private static void writeChunk(PcoBitWriter w, NumberType type, Split s, DeltaEncoding delta, int level, FormatVersion format) {
        int n = s.primary.length;
        w.write(type.id, 8);
        w.write(n - 1, 24);
        Deltas d = Deltas.of(delta, s.primary, type);
        List<Var> vars = new ArrayList<>(3);
        if (d.lookbacks != null) vars.add(Var.of(LatentVar.Role.DELTA, 32, new long[0], d.lookbacks, level));
        vars.add(Var.of(LatentVar.Role.PRIMARY, type.bits, d.moments, d.body, level));
        if (s.secondary != null) vars.add(Var.of(LatentVar.Role.SECONDARY, type.bits, new long[0], s.secondary, level));
        // chunk metadata
        w.write(s.mode.wireId(), 4);
        if (s.mode instanceof Mode.IntMult m) w.write(m.base(), type.bits);
        if (s.mode instanceof Mode.FloatMult fm) w.write(fm.baseLatent(), type.bits);
        if (s.mode instanceof Mode.FloatQuant q) w.write(q.k(), 8);
        if (!format.hasDeltaVariants()) {
            // before format 3 the delta field is the consecutive order alone (0: none)
            w.write(delta instanceof DeltaEncoding.Consecutive c ? c.order() : 0, 3);
        } else {
            writeDeltaVariant(w, delta);
        }
        for (Var v : vars) {
            w.write(v.meta.ansSizeLog(), 4);
            w.write(v.meta.bins().size(), 15);
            int obWidth = LatentVar.offsetBitsWidth(v.meta.bits());
            for (Bin b : v.meta.bins()) {
                w.write(b.weight() - 1, v.meta.ansSizeLog());
                w.write(b.lower(), v.meta.bits());
                w.write(b.offsetBits(), obWidth);
            }
        }
        w.align();
        // page metadata
        for (Var v : vars) {
            for (long m : v.state) w.write(m, v.meta.bits());
            for (int st : v.ans.initialStates) w.write(st, v.meta.ansSizeLog());
        }
        w.align();
        // page body, batch by batch; the primary's last batches are shorter by the delta state
        for (int lo = 0; lo < n; lo += PageDecoder.BATCH) {
            for (Var v : vars) {
                int hi = Math.min(v.body.length, lo + PageDecoder.BATCH);
                int[] ansBits = v.ans.bits;
                byte[] ansWidths = v.ans.widths;
                for (int i = lo; i < hi; i++) w.writeClean(ansBits[i], ansWidths[i]);
                long[] body = v.body, lowers = v.lowers;
                int[] binOf = v.binOf, offsetBits = v.offsetBits;
                for (int i = lo; i < hi; i++) {
                    int b = binOf[i];
                    w.writeClean(body[i] - lowers[b], offsetBits[b]);
                }
            }
        }
        w.align();
    }

    /** Format 3 on: the delta variant and its fields. */
    private static void writeDeltaVariant(PcoBitWriter w, DeltaEncoding delta) {
        w.write(delta.wireId(), 4);
        if (delta instanceof DeltaEncoding.Consecutive c) {
            w.write(c.order(), 3);
            w.write(0, 1); // the secondary latent is not delta encoded
        } else if (delta instanceof DeltaEncoding.Lookback lb) {
            w.write(lb.windowNLog() - 1, 5);
            w.write(lb.stateNLog(), 4);
            w.write(0, 1);
        }
    }

    /**
     * A primary latent's delta encoding: the page's delta state ({@code moments}), the
     * latents the page body stores, and for Lookback the distances (null otherwise).
     */
    record Deltas(long[] moments, long[] body, long[] lookbacks) {
        static Deltas of(DeltaEncoding d, long[] lat, NumberType type) {
            if (d instanceof DeltaEncoding.Lookback lb) {
                return PcoLookback.encode(lat, PcoLookback.lookbacks(lat, type.bits, lb.windowNLog()), type.bits);
            }
            return encode(lat, d instanceof DeltaEncoding.Consecutive c ? c.order() : 0, type.mask());
        }

        /** Consecutive delta encoding of order k: the k moments and the n - k k-th differences, each stored minus mid. */
        static Deltas encode(long[] lat, int order, long mask) {
            if (order == 0) return new Deltas(new long[0], lat, null);
            long mid = (mask >>> 1) + 1;
            long[] cur = lat.clone();
            long[] moments = new long[order];
            int len = cur.length;
            for (int k = 0; k < order; k++) {
                moments[k] = cur[0] & mask;
                for (int i = 0; i + 1 < len; i++) cur[i] = cur[i + 1] - cur[i];
                len--;
            }
            long[] body = new long[len];
            for (int i = 0; i < len; i++) body[i] = (cur[i] - mid) & mask;
            return new Deltas(moments, body, null);
        }
    }
}
