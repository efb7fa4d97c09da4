package org.packscope.codec.pco;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses Pco headers and metadata, checking every rule the spec calls corruption.
 * Field positions go to the reader's {@link FieldSink}, so the inspect path and the
 * decoders read through exactly the same code.
 */
final class MetaParser {
    static final byte[] MAGIC = {'p', 'c', 'o', '!'};
    static final int MAX_STANDALONE_VERSION = 3;
    static final int MAX_ANS_SIZE_LOG = 14;
    static final int MAX_LOOKBACK_WINDOW_N_LOG = 24;
    static final int MAX_DICT_LEN_BITS = 25;
    /** Bins of a latent variable recorded as fields of their own. */
    static final int RECORDED_BINS = 256;

    private MetaParser() { }

    static StandaloneHeader standaloneHeader(MetaReader r) {
        long start = r.bit();
        r.need(32, "the magic header");
        long magic = r.raw(32, "magic");
        r.sink().field("magic", start, 32, asciiOf(magic), "the 4 bytes \"pco!\" that start every standalone Pco file");
        long expect = 0;
        for (int i = 3; i >= 0; i--) expect = expect << 8 | MAGIC[i];
        if (magic != expect) {
            throw new PcoException("bad_magic", start, "the file does not start with \"pco!\" (found "
                    + asciiOf(magic) + ")");
        }
        long vBit = r.bit();
        int version = (int) r.raw(8, "standalone version");
        if (version < 2) {
            // Versions 0 and 1 had no version byte: this byte is the wrapped format version.
            r.seek(vBit);
            r.sink().field("standalone version", vBit, 0, version,
                    "implicit: files before pco 0.1.1 have no standalone version byte; it equals the wrapped format version");
            return new StandaloneHeader(version, false, null, 0, vBit >>> 3);
        }
        r.sink().field("standalone version", vBit, 8, version,
                "standalone format version (2: pco 0.1.1+, adds n_hint; 3: pco 0.4.5+, adds uniform type)");
        if (version > MAX_STANDALONE_VERSION) {
            throw new PcoException("unsupported_standalone_version", vBit, "standalone version " + version
                    + " is newer than the latest known (" + MAX_STANDALONE_VERSION + ")");
        }
        NumberType uniform = null;
        if (version >= 3) {
            long ub = r.bit();
            int b = (int) r.raw(8, "uniform number type");
            if (b != 0) {
                uniform = NumberType.ofId(b);
                if (uniform == null) {
                    r.sink().field("uniform type", ub, 8, b, "unknown number type byte");
                    throw new PcoException("unknown_number_type", ub, "uniform number type byte " + b + " is not a known number type");
                }
            }
            r.sink().field("uniform type", ub, 8, uniform == null ? "0 (none)" : b + " (" + uniform.label() + ")",
                    "number type every chunk must share, or 0 when chunks may differ");
        }
        int power = 1 + (int) r.read(6, "n_hint_log2 - 1", "one less than the bit width of n_hint");
        long nHint = r.read(power, "n_hint", v -> Long.toUnsignedString(v),
                "total count of numbers in the file, if the writer knew it; 0 otherwise");
        r.alignZeros("the standalone header");
        return new StandaloneHeader(version, true, uniform, nHint, r.bit() >>> 3);
    }

    static FormatVersion wrappedHeader(MetaReader r) {
        long b = r.bit();
        int major = (int) r.read(8, "format version", "wrapped format version (major): 0-3 one byte; from 4 a minor byte follows");
        int minor = 0;
        if (major >= 4) minor = (int) r.read(8, "format minor version", "wrapped format minor version (4.1 adds Dict mode)");
        if (major > FormatVersion.MAX_MAJOR) {
            throw new PcoException("unsupported_format_version", b, "format version " + major
                    + " is newer than the latest known (" + FormatVersion.MAX_MAJOR + ".1)");
        }
        return new FormatVersion(major, minor);
    }

    static ChunkMeta chunkMeta(MetaReader r, FormatVersion version, NumberType type) {
        Mode mode = mode(r, version, type);
        long deltaBit = r.bit();
        DeltaEncoding delta = deltaEncoding(r, version, type, mode);
        ChunkMeta proto = new ChunkMeta(type, mode, delta, null, null, null);
        LatentVar deltaVar = null;
        if (delta instanceof DeltaEncoding.Lookback lb) {
            long varBit = r.bit();
            deltaVar = latentVar(r, proto, LatentVar.Role.DELTA, 32);
            long window = lb.windowN();
            int binBits = deltaVar.ansSizeLog() + 32 + LatentVar.offsetBitsWidth(32);
            for (int i = 0; i < deltaVar.bins().size(); i++) {
                Bin bin = deltaVar.bins().get(i);
                if (bin.lower() < 1 || bin.lower() > window) {
                    long lowerBit = varBit + 4 + 15 + (long) i * binBits + deltaVar.ansSizeLog();
                    throw new PcoException("lookback_bin_out_of_window", lowerBit, "lookback bin " + i + " has lower bound "
                            + bin.lower() + ", outside the window [1, " + window + "]");
                }
            }
        }
        int primaryBits = mode instanceof Mode.Dict ? 32 : type.bits;
        LatentVar primary = latentVar(r, proto, LatentVar.Role.PRIMARY, primaryBits);
        LatentVar secondary = mode.latentVars() == 2 ? latentVar(r, proto, LatentVar.Role.SECONDARY, type.bits) : null;
        r.alignZeros("the chunk metadata");
        if (delta instanceof DeltaEncoding.Conv1 c && primaryBits == 64) {
            throw new PcoException("conv1_64_bit", deltaBit, "Conv1 delta encoding is not allowed on 64-bit latents");
        }
        return new ChunkMeta(type, mode, delta, deltaVar, primary, secondary);
    }

    private static Mode mode(MetaReader r, FormatVersion version, NumberType type) {
        long b = r.bit();
        int id = (int) r.raw(4, "mode");
        String name = switch (id) {
            case 0 -> "Classic"; case 1 -> "IntMult"; case 2 -> "FloatMult"; case 3 -> "FloatQuant"; case 4 -> "Dict";
            default -> "reserved";
        };
        r.sink().field("mode", b, 4, id + " (" + name + ")", "how numbers split into latents: 0 Classic, 1 IntMult, 2 FloatMult, 3 FloatQuant, 4 Dict");
        switch (id) {
            case 0:
                return new Mode.Classic();
            case 1: {
                if (version.major() == 0) {
                    throw new PcoException("int_mult_in_format_0", b, "IntMult mode in format version 0 (pco 0.0.0 used a different, yanked encoding)");
                }
                if (type.isFloat()) throw new PcoException("mode_type_mismatch", b, "IntMult mode cannot apply to " + type.label());
                long pb = r.bit();
                long base = r.read(type.bits, "mult", v -> Long.toUnsignedString(v & type.mask()), "IntMult base: numbers are primary * mult + secondary, in latent space");
                if (base == 0) throw new PcoException("invalid_mult", pb, "IntMult base must not be 0");
                return new Mode.IntMult(base);
            }
            case 2: {
                if (!type.isFloat()) throw new PcoException("mode_type_mismatch", b, "FloatMult mode cannot apply to " + type.label());
                long pb = r.bit();
                long lat = r.read(type.bits, "mult", v -> Floats.describe(type, type.fromLatent(v)) + " (latent " + Long.toUnsignedString(v) + ")",
                        "FloatMult base, stored as its ordered latent: numbers are int(primary) * mult, adjusted by secondary ULPs");
                double base = Floats.toDouble(type, type.fromLatent(lat));
                if (base == 0 || Double.isNaN(base) || Double.isInfinite(base)) {
                    throw new PcoException("invalid_mult", pb, "FloatMult base must be finite and nonzero, but is " + base);
                }
                return new Mode.FloatMult(lat);
            }
            case 3: {
                if (!type.isFloat()) throw new PcoException("mode_type_mismatch", b, "FloatQuant mode cannot apply to " + type.label());
                long kb = r.bit();
                int k = (int) r.read(8, "k", "FloatQuant: number of low mantissa bits moved to the secondary latent");
                if (k == 0 || k > type.mantissaBits) {
                    throw new PcoException("invalid_quant_k", kb, "FloatQuant k must be in 1.." + type.mantissaBits + " for " + type.label() + ", but is " + k);
                }
                return new Mode.FloatQuant(k);
            }
            case 4: {
                long lb = r.bit();
                int len = (int) r.read(MAX_DICT_LEN_BITS, "dict length", "number of dictionary entries");
                r.alignZeros("the dict length");
                long bits = (long) len * type.bits;
                if (bits > r.bitsLeft()) {
                    throw new PcoException("truncated", lb, "the dictionary claims " + len + " entries (" + (bits / 8)
                            + " bytes) but only " + (r.bitsLeft() / 8) + " bytes remain");
                }
                long[] dict = new long[len];
                for (int i = 0; i < len; i++) {
                    long eb = r.bit();
                    dict[i] = r.raw(type.bits, "dict entry");
                    if (i < 4096 && r.recording()) {
                        long v = dict[i];
                        r.sink().field("dict[" + i + "]", eb, type.bits, type.valueType.format(type.fromLatent(v)),
                                "dictionary entry " + i + " (latent " + Long.toUnsignedString(v) + ")");
                    }
                }
                return new Mode.Dict(dict);
            }
            default:
                throw new PcoException("reserved_mode", b, "mode value " + id + " is reserved (known: 0-4)");
        }
    }

    private static DeltaEncoding deltaEncoding(MetaReader r, FormatVersion version, NumberType type, Mode mode) {
        if (!version.hasDeltaVariants()) {
            int order = (int) r.read(3, "delta order", "consecutive delta encoding order (0: none); formats before 3 had only this");
            return order == 0 ? new DeltaEncoding.None() : new DeltaEncoding.Consecutive(order, false);
        }
        long b = r.bit();
        int id = (int) r.raw(4, "delta encoding");
        String name = switch (id) {
            case 0 -> "None"; case 1 -> "Consecutive"; case 2 -> "Lookback"; case 3 -> "Conv1"; default -> "reserved";
        };
        r.sink().field("delta encoding", b, 4, id + " (" + name + ")", "0 None, 1 Consecutive, 2 Lookback, 3 Conv1");
        switch (id) {
            case 0:
                return new DeltaEncoding.None();
            case 1: {
                long ob = r.bit();
                int order = (int) r.read(3, "order", "consecutive delta order (1-7): how many times the latents were differenced");
                if (order == 0) throw new PcoException("delta_order_zero", ob, "Consecutive delta encoding order must not be 0");
                boolean sec = r.read(1, "secondary uses delta", v -> v != 0, "whether the secondary latent is delta-encoded too") != 0;
                return new DeltaEncoding.Consecutive(order, sec);
            }
            case 2: {
                long wb = r.bit();
                int windowLog = 1 + (int) r.read(5, "window_n_log - 1", "log2 of the lookback window, minus 1");
                long sb = r.bit();
                int stateLog = (int) r.read(4, "state_n_log", "log2 of the number of delta state latents per page");
                if (windowLog > MAX_LOOKBACK_WINDOW_N_LOG) {
                    throw new PcoException("lookback_window_too_large", wb, "lookback window log " + windowLog + " exceeds the maximum " + MAX_LOOKBACK_WINDOW_N_LOG);
                }
                if (stateLog > windowLog) {
                    throw new PcoException("lookback_state_exceeds_window", sb, "lookback state log " + stateLog + " exceeds window log " + windowLog);
                }
                boolean sec = r.read(1, "secondary uses delta", v -> v != 0, "whether the secondary latent is delta-encoded too") != 0;
                return new DeltaEncoding.Lookback(windowLog, stateLog, sec);
            }
            case 3: {
                long qb = r.bit();
                int q = (int) r.read(5, "quantization", "Conv1: predictions are shifted right by this many bits");
                long bias = r.read(64, "bias", v -> Long.toString(v ^ Long.MIN_VALUE), "Conv1 prediction bias (i64, ordered latent)") ^ Long.MIN_VALUE;
                int order = 1 + (int) r.read(5, "order - 1", "Conv1 order (number of weights) minus 1");
                long[] w = new long[order];
                for (int i = 0; i < order; i++) {
                    w[i] = (int) (r.read(32, "weight[" + i + "]", v -> Integer.toString((int) (v ^ 0x80000000L)), "Conv1 weight (i32, ordered latent)") ^ 0x80000000L);
                }
                int latentBits = mode instanceof Mode.Dict ? 32 : type.bits;
                if (latentBits <= 32) {
                    int convBits = latentBits * 2;
                    int maxQ = Math.min(31, convBits - 1);
                    if (q > maxQ) throw new PcoException("conv1_quantization", qb, "Conv1 quantization " + q + " exceeds the maximum " + maxQ);
                    double maxPred = Math.abs((double) bias);
                    double sumW = 0;
                    for (long x : w) sumW += Math.abs((double) x);
                    maxPred += Math.pow(2, latentBits) * sumW;
                    if (maxPred >= Math.pow(2, convBits - 1)) {
                        throw new PcoException("conv1_overflow", qb, "Conv1 weights and bias could overflow (prediction up to " + maxPred + ")");
                    }
                }
                return new DeltaEncoding.Conv1(q, bias, w);
            }
            default:
                throw new PcoException("reserved_delta_encoding", b, "delta encoding value " + id + " is reserved (known: 0-3)");
        }
    }

    private static LatentVar latentVar(MetaReader r, ChunkMeta proto, LatentVar.Role role, int bits) {
        LatentVar shape = new LatentVar(role, bits, 0, java.util.List.of());
        String p = role.label + " ";
        long ab = r.bit();
        int ansSizeLog = (int) r.read(4, p + "ans_size_log", "log2 of the " + role.label + " latent's tANS table size (at most 14)");
        long nb = r.bit();
        int nBins = (int) r.read(15, p + "bin count", "number of bins of the " + role.label + " latent");
        if (ansSizeLog > MAX_ANS_SIZE_LOG) {
            throw new PcoException("ans_size_log_too_large", ab, "ans_size_log " + ansSizeLog + " exceeds the maximum " + MAX_ANS_SIZE_LOG);
        }
        if (nBins > (1 << ansSizeLog)) {
            throw new PcoException("too_many_bins", nb, nBins + " bins do not fit a tANS table of size 2^" + ansSizeLog);
        }
        if (nBins == 1 && ansSizeLog > 0) {
            throw new PcoException("single_bin_ans_size", ab, "only 1 bin but ans_size_log is " + ansSizeLog + " (should be 0)");
        }
        int obWidth = LatentVar.offsetBitsWidth(bits);
        long binBits = (long) nBins * (ansSizeLog + bits + obWidth);
        if (binBits > r.bitsLeft()) {
            throw new PcoException("truncated", nb, nBins + " bins need " + binBits + " bits but only " + Math.max(0, r.bitsLeft()) + " remain");
        }
        List<Bin> bins = new ArrayList<>(nBins);
        long weightSum = 0;
        long unrecorded = -1;
        for (int i = 0; i < nBins; i++) {
            int weight;
            long lower;
            long ob;
            int offsetBits;
            if (r.recording() && i < RECORDED_BINS) {
                String q = p + "bin " + i + " ";
                weight = 1 + (int) r.read(ansSizeLog, q + "weight", v -> v + 1, "tANS weight (stored minus 1)");
                lower = r.read(bits, q + "lower", v -> Long.toUnsignedString(v) + " (" + PcoNodes.number(proto, shape, v) + ")",
                        "lower bound of the bin's latent range (in brackets: what the latent means)");
                ob = r.bit();
                offsetBits = (int) r.read(obWidth, q + "offset bits", "offset bits following each latent in this bin");
            } else {
                // up to 2^14 bins: only the first few become fields (the bin table lists them all), and
                // the decoding path builds no field names at all
                if (unrecorded < 0) unrecorded = r.bit();
                weight = 1 + (int) r.raw(ansSizeLog, "bin weight");
                lower = r.raw(bits, "bin lower bound");
                ob = r.bit();
                offsetBits = (int) r.raw(obWidth, "bin offset bits");
            }
            if (offsetBits > bits) {
                throw new PcoException("offset_bits_too_large", ob, "bin " + i + " of the " + role.label + " latent has "
                        + offsetBits + " offset bits, more than the " + bits + "-bit latent");
            }
            weightSum += weight;
            bins.add(new Bin(weight, lower, offsetBits));
        }
        if (unrecorded >= 0 && r.recording()) {
            r.sink().field(p + "bins " + RECORDED_BINS + "..", unrecorded, r.bit() - unrecorded, (nBins - RECORDED_BINS) + " more bins",
                    "weight, lower bound and offset bits of each further bin; the Bins table lists every bin");
        }
        if (nBins > 0 && weightSum != (1L << ansSizeLog)) {
            throw new PcoException("bin_weights_sum", ab, "the " + role.label + " bin weights sum to " + weightSum
                    + " instead of 2^" + ansSizeLog + " = " + (1 << ansSizeLog));
        }
        if (nBins == 0 && ansSizeLog != 0) {
            throw new PcoException("bin_weights_sum", ab, "no " + role.label + " bins but ans_size_log is " + ansSizeLog);
        }
        return new LatentVar(role, bits, ansSizeLog, bins);
    }

    private static String asciiOf(long v) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < 4; i++) {
            int c = (int) (v >>> (8 * i)) & 0xff;
            if (c >= 32 && c < 127) sb.append((char) c); else sb.append(String.format("\\x%02x", c));
        }
        return sb.append('"').toString();
    }
}
