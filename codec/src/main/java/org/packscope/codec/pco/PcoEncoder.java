package org.packscope.codec.pco;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes standalone Pco files (standalone version 3, format 4.1), the inverse of
 * {@link PcoFile}: numbers map to their ordered latents, a mode may split those in two
 * (IntMult, FloatQuant), Consecutive delta encoding may difference the primary, and each
 * latent variable is binned ({@link PcoBinning}) and tANS coded ({@link PcoAnsEncoder}).
 * One page per chunk. Choices left to AUTO are made by estimating the bits of each
 * candidate on a sample of the chunk's numbers.
 */
public final class PcoEncoder {
    public static final int DEFAULT_CHUNK_SIZE = 1 << 18;
    public static final int MAX_CHUNK_SIZE = 1 << 24;
    static final int STANDALONE_VERSION = 3;
    static final FormatVersion FORMAT = new FormatVersion(4, 1);
    /** Numbers of a chunk the AUTO choices look at. */
    static final int SAMPLE = 1 << 14;

    public enum ModeChoice { AUTO, CLASSIC, INT_MULT, FLOAT_QUANT }

    /** Delta encoding: AUTO, NONE (order 0) or CONSECUTIVE of an order 1..7. */
    public record DeltaChoice(boolean auto, int order) {
        public static final DeltaChoice AUTO = new DeltaChoice(true, 0);
        public static final DeltaChoice NONE = new DeltaChoice(false, 0);

        public DeltaChoice {
            if (order < 0 || order > 7) throw new IllegalArgumentException("consecutive delta order must be 0..7, not " + order);
        }

        public static DeltaChoice consecutive(int order) { return new DeltaChoice(false, order); }
    }

    /** level 0..12: up to 2^level bins per latent variable; chunkSize 1..2^24 numbers. */
    public record Options(int level, ModeChoice mode, DeltaChoice delta, int chunkSize) {
        public static final Options DEFAULT = new Options(8, ModeChoice.AUTO, DeltaChoice.AUTO, DEFAULT_CHUNK_SIZE);

        public Options {
            if (level < 0 || level > PcoBinning.MAX_LEVEL) throw new IllegalArgumentException("level must be 0..12, not " + level);
            if (chunkSize < 1 || chunkSize > MAX_CHUNK_SIZE) throw new IllegalArgumentException("chunk size must be 1..2^24, not " + chunkSize);
            if (mode == null || delta == null) throw new IllegalArgumentException("mode and delta must be given");
        }

        public Options withLevel(int l) { return new Options(l, mode, delta, chunkSize); }
        public Options withMode(ModeChoice m) { return new Options(level, m, delta, chunkSize); }
        public Options withDelta(DeltaChoice d) { return new Options(level, mode, d, chunkSize); }
        public Options withChunkSize(int c) { return new Options(level, mode, delta, c); }
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
        if (options.mode == ModeChoice.INT_MULT && type.isFloat() || options.mode == ModeChoice.FLOAT_QUANT && !type.isFloat()) {
            throw new IllegalArgumentException(options.mode + " does not apply to " + type.label());
        }
        PcoBitWriter w = new PcoBitWriter();
        for (byte b : MetaParser.MAGIC) w.write(b, 8);
        w.write(STANDALONE_VERSION, 8);
        w.write(type.id, 8);
        int nHintBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(count));
        w.write(nHintBits - 1, 6);
        w.write(count, nHintBits);
        w.align();
        w.write(FORMAT.major(), 8);
        w.write(FORMAT.minor(), 8);
        for (int start = 0; start < count; start += options.chunkSize) {
            int n = Math.min(options.chunkSize, count - start);
            long[] lat = new long[n];
            for (int i = 0; i < n; i++) lat[i] = type.toLatent(rawBits[start + i]);
            writeChunk(w, type, lat, options);
        }
        w.write(0, 8);
        return w.toBytes();
    }

    /** A chunk's numbers split by a mode into one or two latent arrays. */
    record Split(Mode mode, long[] primary, long[] secondary) { }

    private static void writeChunk(PcoBitWriter w, NumberType type, long[] lat, Options o) {
        int n = lat.length;
        int sample = Math.min(n, SAMPLE);
        List<Mode> modes = new ArrayList<>();
        if (o.mode == ModeChoice.AUTO || o.mode == ModeChoice.CLASSIC) modes.add(new Mode.Classic());
        if (o.mode == ModeChoice.AUTO || o.mode == ModeChoice.INT_MULT) modes.addAll(PcoModeSplits.intMultCandidates(type, lat, sample));
        if (o.mode == ModeChoice.AUTO || o.mode == ModeChoice.FLOAT_QUANT) modes.addAll(PcoModeSplits.floatQuantCandidates(type, lat, sample));
        if (modes.isEmpty()) modes.add(new Mode.Classic()); // a forced mode the numbers give no base or width for
        int[] orders = o.delta.auto() ? new int[] {0, 1, 2, 3, 4, 5, 6, 7} : new int[] {o.delta.order()};
        Mode best = null;
        int bestOrder = 0;
        double bestBits = Double.MAX_VALUE;
        for (Mode m : modes) {
            Split s = modes.size() * orders.length == 1 ? null : PcoModeSplits.split(m, lat, sample, type);
            for (int order : orders) {
                if (order >= n && order > 0) continue;
                double bits = s == null ? 0 : estimate(type, s, order, o.level);
                if (bits < bestBits) {
                    bestBits = bits;
                    best = m;
                    bestOrder = order;
                }
            }
        }
        if (best == null) { // a forced order of at least n numbers: nothing to difference
            best = modes.get(0);
            bestOrder = 0;
        }
        writeChunk(w, type, PcoModeSplits.split(best, lat, n, type), bestOrder, o.level);
    }

    /** Estimated bits of the split numbers with delta order {@code order} (the moments, the bins, the latents). */
    private static double estimate(NumberType type, Split s, int order, int level) {
        long[] body = Deltas.encode(s.primary, order, type.mask()).body;
        double bits = order * (double) type.bits
                + PcoBinning.estimateBits(PcoBinning.bins(LatentVar.Role.PRIMARY, type.bits, body, body.length, level), body, body.length);
        if (s.secondary != null) {
            long[] q = s.secondary;
            bits += PcoBinning.estimateBits(PcoBinning.bins(LatentVar.Role.SECONDARY, type.bits, q, q.length, level), q, q.length);
        }
        return bits;
    }

    /** One latent variable ready to write: its bins, delta state, page-body latents, bins and tANS bits. */
    private record Var(LatentVar meta, long[] state, long[] body, int[] binOf, PcoAnsEncoder ans) {
        static Var of(LatentVar.Role role, int bits, long[] state, long[] body, int level) {
            LatentVar v = PcoBinning.bins(role, bits, body, body.length, level);
            long[] lowers = new long[v.bins().size()];
            for (int b = 0; b < lowers.length; b++) lowers[b] = v.bins().get(b).lower();
            int[] binOf = new int[body.length];
            for (int i = 0; i < body.length; i++) binOf[i] = PcoBinning.binOf(lowers, body[i]);
            return new Var(v, state, body, binOf, new PcoAnsEncoder(v, binOf, body.length));
        }
    }

    private static void writeChunk(PcoBitWriter w, NumberType type, Split s, int order, int level) {
        int n = s.primary.length;
        w.write(type.id, 8);
        w.write(n - 1, 24);
        Deltas d = Deltas.encode(s.primary, order, type.mask());
        List<Var> vars = new ArrayList<>(2);
        vars.add(Var.of(LatentVar.Role.PRIMARY, type.bits, d.moments, d.body, level));
        if (s.secondary != null) vars.add(Var.of(LatentVar.Role.SECONDARY, type.bits, new long[0], s.secondary, level));
        // chunk metadata
        w.write(s.mode.wireId(), 4);
        if (s.mode instanceof Mode.IntMult m) w.write(m.base(), type.bits);
        if (s.mode instanceof Mode.FloatQuant q) w.write(q.k(), 8);
        if (order == 0) {
            w.write(0, 4);
        } else {
            w.write(1, 4);
            w.write(order, 3);
            w.write(0, 1); // the secondary latent is not delta encoded
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
                for (int i = lo; i < hi; i++) w.write(v.ans.bits[i], v.ans.widths[i]);
                for (int i = lo; i < hi; i++) {
                    Bin b = v.meta.bins().get(v.binOf[i]);
                    w.write(v.body[i] - b.lower(), b.offsetBits());
                }
            }
        }
        w.align();
    }

    /** Consecutive delta encoding of order k: the k moments and the n - k k-th differences, each stored minus mid. */
    record Deltas(long[] moments, long[] body) {
        static Deltas encode(long[] lat, int order, long mask) {
            if (order == 0) return new Deltas(new long[0], lat);
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
            return new Deltas(moments, body);
        }
    }
}
