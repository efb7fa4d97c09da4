package org.packscope.codec.pco;

import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.ReadRules;

/**
 * Parses Pco headers and metadata, checking every rule the spec calls corruption.
 * Every field is read through a {@link FieldReader}, which records it (key, place,
 * value) when it has a recorder, so the inspection tree and the decoders read through
 * exactly the same code. Keys of a latent variable's fields start with its role
 * ({@code primary.bin.weight}); {@link PcoDocs} documents them all.
 */
final class MetaParser {
    static final byte[] MAGIC = {'p', 'c', 'o', '!'};
    static final int MAX_STANDALONE_VERSION = 3;
    static final int MAX_ANS_SIZE_LOG = 14;
    static final int MAX_LOOKBACK_WINDOW_N_LOG = 24;
    static final int MAX_DICT_LEN_BITS = 25;
    /** Bins of a latent variable recorded as fields of their own. */
    static final int RECORDED_BINS = 256;
    /** Dictionary entries recorded as fields of their own (the Dictionary table lists more). */
    static final int RECORDED_DICT_ENTRIES = 4096;

    private MetaParser() { }

    static StandaloneHeader standaloneHeader(FieldReader r) {
        long start = r.bit();
        r.need(32, "the magic header");
        long magic = r.bits(32, "header.magic", "magic", MetaParser::asciiOf,
                "the 4 bytes \"pco!\" that start every standalone Pco file");
        long expect = 0;
        for (int i = 3; i >= 0; i--) expect = expect << 8 | MAGIC[i];
        if (magic != expect) {
            throw PcoRules.problem(PcoRules.BAD_MAGIC, start, "the file does not start with \"pco!\" (found "
                    + asciiOf(magic) + ")");
        }
        long vBit = r.bit();
        int version = (int) r.bits(8, "standalone version");
        if (version < 2) {
            // Versions 0 and 1 had no version byte: this byte is the wrapped format version.
            r.seek(vBit);
            r.recorder().field("header.standalone_version", -1, "standalone version", vBit, 0, version,
                    "implicit: files before pco 0.1.1 have no standalone version byte; it equals the wrapped format version");
            return new StandaloneHeader(version, false, null, 0, vBit >>> 3);
        }
        r.recorder().field("header.standalone_version", -1, "standalone version", vBit, 8, version,
                "standalone format version (2: pco 0.1.1+, adds n_hint; 3: pco 0.4.5+, adds uniform type)");
        if (version > MAX_STANDALONE_VERSION) {
            throw PcoRules.problem(PcoRules.UNSUPPORTED_STANDALONE_VERSION, vBit, "standalone version " + version
                    + " is newer than the latest known (" + MAX_STANDALONE_VERSION + ")");
        }
        NumberType uniform = null;
        if (version >= 3) {
            long ub = r.bit();
            int b = (int) r.bits(8, "uniform number type");
            if (b != 0) {
                uniform = NumberType.ofId(b);
                if (uniform == null) {
                    r.recorder().field("header.uniform_type", -1, "uniform type", ub, 8, b, "unknown number type byte");
                    throw PcoRules.problem(PcoRules.UNKNOWN_NUMBER_TYPE, ub, "uniform number type byte " + b
                            + " is not a known number type");
                }
            }
            if (r.recording()) {
                r.recorder().field("header.uniform_type", -1, "uniform type", ub, 8,
                        uniform == null ? "0 (none)" : b + " (" + uniform.label() + ")",
                        "number type every chunk must share, or 0 when chunks may differ");
            }
        }
        int power = 1 + (int) r.bits(6, "header.n_hint_log2", "n_hint_log2 - 1", "one less than the bit width of n_hint");
        long nHint = r.bits(power, "header.n_hint", "n_hint", Long::toUnsignedString,
                "total count of numbers in the file, if the writer knew it; 0 otherwise");
        r.alignZeros("header.padding", "the standalone header");
        return new StandaloneHeader(version, true, uniform, nHint, r.bit() >>> 3);
    }

    static FormatVersion wrappedHeader(FieldReader r) {
        long b = r.bit();
        int major = (int) r.bits(8, "header.format_version", "format version",
                "wrapped format version (major): 0-3 one byte; from 4 a minor byte follows");
        int minor = 0;
        if (major >= 4) {
            minor = (int) r.bits(8, "header.format_minor_version", "format minor version",
                    "wrapped format minor version (4.1 adds Dict mode)");
        }
        if (major > FormatVersion.MAX_MAJOR) {
            throw PcoRules.problem(PcoRules.UNSUPPORTED_FORMAT_VERSION, b, "format version " + major
                    + " is newer than the latest known (" + FormatVersion.MAX_MAJOR + ".1)");
        }
        return new FormatVersion(major, minor);
    }

    /** A standalone chunk's number type byte, which must name a type (and the uniform one, if the header sets it). */
    static NumberType chunkType(FieldReader r, StandaloneHeader header) {
        long b = r.bit();
        int typeByte = (int) r.bits(8, "chunk.number_type", "number type", v -> {
            NumberType t = NumberType.ofId((int) v);
            return t == null ? v + " (unknown)" : v + " (" + t.label() + ")";
        }, "the chunk's number type (0 would end the file)");
        NumberType type = NumberType.ofId(typeByte);
        if (type == null) {
            throw PcoRules.problem(PcoRules.UNKNOWN_NUMBER_TYPE, b, "number type byte " + typeByte + " is not a known type");
        }
        if (header != null && header.uniformType() != null && header.uniformType() != type) {
            throw PcoRules.problem(PcoRules.UNIFORM_TYPE_MISMATCH, b, "chunk type " + type.label()
                    + " differs from the file's uniform type " + header.uniformType().label());
        }
        return type;
    }

    /** A standalone chunk's count of numbers (1 to 2^24), stored minus 1 in 24 bits. */
    static int chunkN(FieldReader r) {
        r.need(24, "chunk n");
        return 1 + (int) r.bits(24, "chunk.n", "n - 1", v -> v + " (n = " + (v + 1) + ")",
                "one less than the count of numbers in the chunk");
    }

    static ChunkMeta chunkMeta(FieldReader r, FormatVersion version, NumberType type) {
        Mode mode = mode(r, version, type);
        long deltaBit = r.bit();
        DeltaEncoding delta = deltaEncoding(r, version, type, mode);
        ChunkMeta proto = new ChunkMeta(type, mode, delta, null, null, null);
        LatentVar deltaVar = null;
        if (delta instanceof DeltaEncoding.Lookback lb) {
            deltaVar = latentVar(r, proto, LatentVar.Role.DELTA, 32, lb.windowN());
        }
        int primaryBits = mode instanceof Mode.Dict ? 32 : type.bits;
        LatentVar primary = latentVar(r, proto, LatentVar.Role.PRIMARY, primaryBits, 0);
        LatentVar secondary = mode.latentVars() == 2 ? latentVar(r, proto, LatentVar.Role.SECONDARY, type.bits, 0) : null;
        r.alignZeros("meta.padding", "the chunk metadata");
        if (delta instanceof DeltaEncoding.Conv1 && primaryBits == 64) {
            throw PcoRules.problem(PcoRules.CONV1_64_BIT, deltaBit, "Conv1 delta encoding is not allowed on 64-bit latents");
        }
        return new ChunkMeta(type, mode, delta, deltaVar, primary, secondary);
    }

    private static Mode mode(FieldReader r, FormatVersion version, NumberType type) {
        long b = r.bit();
        int id = (int) r.bits(4, "meta.mode", "mode", v -> v + " (" + modeName((int) v) + ")",
                "how numbers split into latents: 0 Classic, 1 IntMult, 2 FloatMult, 3 FloatQuant, 4 Dict");
        switch (id) {
            case 0:
                return new Mode.Classic();
            case 1: {
                if (version.major() == 0) {
                    throw PcoRules.problem(PcoRules.INT_MULT_IN_FORMAT_0, b,
                            "IntMult mode in format version 0 (pco 0.0.0 used a different, yanked encoding)");
                }
                if (type.isFloat()) throw PcoRules.problem(PcoRules.MODE_TYPE_MISMATCH, b, "IntMult mode cannot apply to " + type.label());
                long pb = r.bit();
                long base = r.bits(type.bits, "meta.mult", "mult", v -> Long.toUnsignedString(v & type.mask()),
                        "IntMult base: numbers are primary * mult + secondary, in latent space");
                if (base == 0) throw PcoRules.problem(PcoRules.INVALID_MULT, pb, "IntMult base must not be 0");
                return new Mode.IntMult(base);
            }
            case 2: {
                if (!type.isFloat()) throw PcoRules.problem(PcoRules.MODE_TYPE_MISMATCH, b, "FloatMult mode cannot apply to " + type.label());
                long pb = r.bit();
                long lat = r.bits(type.bits, "meta.mult", "mult",
                        v -> Floats.describe(type, type.fromLatent(v)) + " (latent " + Long.toUnsignedString(v) + ")",
                        "FloatMult base, stored as its ordered latent: numbers are int(primary) * mult, adjusted by secondary ULPs");
                double base = Floats.toDouble(type, type.fromLatent(lat));
                if (base == 0 || Double.isNaN(base) || Double.isInfinite(base)) {
                    throw PcoRules.problem(PcoRules.INVALID_MULT, pb, "FloatMult base must be finite and nonzero, but is " + base);
                }
                return new Mode.FloatMult(lat);
            }
            case 3: {
                if (!type.isFloat()) throw PcoRules.problem(PcoRules.MODE_TYPE_MISMATCH, b, "FloatQuant mode cannot apply to " + type.label());
                long kb = r.bit();
                int k = (int) r.bits(8, "meta.k", "k", "FloatQuant: number of low mantissa bits moved to the secondary latent");
                if (k == 0 || k > type.mantissaBits) {
                    throw PcoRules.problem(PcoRules.INVALID_QUANT_K, kb, "FloatQuant k must be in 1.." + type.mantissaBits
                            + " for " + type.label() + ", but is " + k);
                }
                return new Mode.FloatQuant(k);
            }
            case 4: {
                long lb = r.bit();
                int len = (int) r.bits(MAX_DICT_LEN_BITS, "meta.dict_length", "dict length", "number of dictionary entries");
                r.alignZeros("meta.padding", "the dict length");
                long bits = (long) len * type.bits;
                if (bits > r.bitsLeft()) {
                    throw PcoRules.problem(ReadRules.TRUNCATED, lb, "the dictionary claims " + len + " entries (" + (bits / 8)
                            + " bytes) but only " + (r.bitsLeft() / 8) + " bytes remain");
                }
                long[] dict = new long[len];
                for (int i = 0; i < len; i++) {
                    long eb = r.bit();
                    dict[i] = r.bits(type.bits, "dict entry");
                    if (i < RECORDED_DICT_ENTRIES && r.recording()) {
                        // the meaning names the stored latent, so the field is recorded once its value is known
                        long v = dict[i];
                        r.recorder().field("meta.dict", i, "dict[" + i + "]", eb, type.bits, type.valueType.format(type.fromLatent(v)),
                                "dictionary entry " + i + " (latent " + Long.toUnsignedString(v) + ")");
                    }
                }
                return new Mode.Dict(dict);
            }
            default:
                throw PcoRules.problem(PcoRules.RESERVED_MODE, b, "mode value " + id + " is reserved (known: 0-4)");
        }
    }

    private static String modeName(int id) {
        return switch (id) {
            case 0 -> "Classic"; case 1 -> "IntMult"; case 2 -> "FloatMult"; case 3 -> "FloatQuant"; case 4 -> "Dict";
            default -> "reserved";
        };
    }

    private static String deltaName(int id) {
        return switch (id) {
            case 0 -> "None"; case 1 -> "Consecutive"; case 2 -> "Lookback"; case 3 -> "Conv1"; default -> "reserved";
        };
    }

    private static DeltaEncoding deltaEncoding(FieldReader r, FormatVersion version, NumberType type, Mode mode) {
        if (!version.hasDeltaVariants()) {
            int order = (int) r.bits(3, "meta.delta_order", "delta order",
                    "consecutive delta encoding order (0: none); formats before 3 had only this");
            return order == 0 ? new DeltaEncoding.None() : new DeltaEncoding.Consecutive(order, false);
        }
        long b = r.bit();
        int id = (int) r.bits(4, "meta.delta_encoding", "delta encoding", v -> v + " (" + deltaName((int) v) + ")",
                "0 None, 1 Consecutive, 2 Lookback, 3 Conv1");
        switch (id) {
            case 0:
                return new DeltaEncoding.None();
            case 1: {
                long ob = r.bit();
                int order = (int) r.bits(3, "meta.consecutive_order", "order",
                        "consecutive delta order (1-7): how many times the latents were differenced");
                if (order == 0) throw PcoRules.problem(PcoRules.DELTA_ORDER_ZERO, ob, "Consecutive delta encoding order must not be 0");
                boolean sec = secondaryUsesDelta(r);
                return new DeltaEncoding.Consecutive(order, sec);
            }
            case 2: {
                long wb = r.bit();
                int windowLog = 1 + (int) r.bits(5, "meta.window_n_log", "window_n_log - 1", "log2 of the lookback window, minus 1");
                long sb = r.bit();
                int stateLog = (int) r.bits(4, "meta.state_n_log", "state_n_log", "log2 of the number of delta state latents per page");
                if (windowLog > MAX_LOOKBACK_WINDOW_N_LOG) {
                    throw PcoRules.problem(PcoRules.LOOKBACK_WINDOW_TOO_LARGE, wb, "lookback window log " + windowLog
                            + " exceeds the maximum " + MAX_LOOKBACK_WINDOW_N_LOG);
                }
                if (stateLog > windowLog) {
                    throw PcoRules.problem(PcoRules.LOOKBACK_STATE_EXCEEDS_WINDOW, sb, "lookback state log " + stateLog
                            + " exceeds window log " + windowLog);
                }
                boolean sec = secondaryUsesDelta(r);
                return new DeltaEncoding.Lookback(windowLog, stateLog, sec);
            }
            case 3: {
                long qb = r.bit();
                int q = (int) r.bits(5, "meta.conv1_quantization", "quantization",
                        "Conv1: predictions are shifted right by this many bits");
                long bias = r.bits(64, "meta.conv1_bias", "bias", v -> Long.toString(v ^ Long.MIN_VALUE),
                        "Conv1 prediction bias (i64, ordered latent)") ^ Long.MIN_VALUE;
                int order = 1 + (int) r.bits(5, "meta.conv1_order", "order - 1", "Conv1 order (number of weights) minus 1");
                long[] w = new long[order];
                for (int i = 0; i < order; i++) {
                    w[i] = (int) (r.bits(32, "meta.conv1_weight", i, "weight[" + i + "]", x -> Integer.toString((int) (x ^ 0x80000000L)),
                            "Conv1 weight (i32, ordered latent)") ^ 0x80000000L);
                }
                int latentBits = mode instanceof Mode.Dict ? 32 : type.bits;
                if (latentBits <= 32) {
                    int convBits = latentBits * 2;
                    int maxQ = Math.min(31, convBits - 1);
                    if (q > maxQ) {
                        throw PcoRules.problem(PcoRules.CONV1_QUANTIZATION, qb, "Conv1 quantization " + q + " exceeds the maximum " + maxQ);
                    }
                    double maxPred = Math.abs((double) bias);
                    double sumW = 0;
                    for (long x : w) sumW += Math.abs((double) x);
                    maxPred += Math.pow(2, latentBits) * sumW;
                    if (maxPred >= Math.pow(2, convBits - 1)) {
                        throw PcoRules.problem(PcoRules.CONV1_OVERFLOW, qb, "Conv1 weights and bias could overflow (prediction up to "
                                + maxPred + ")");
                    }
                }
                return new DeltaEncoding.Conv1(q, bias, w);
            }
            default:
                throw PcoRules.problem(PcoRules.RESERVED_DELTA_ENCODING, b, "delta encoding value " + id + " is reserved (known: 0-3)");
        }
    }

    private static boolean secondaryUsesDelta(FieldReader r) {
        return r.bits(1, "meta.secondary_uses_delta", "secondary uses delta", v -> v != 0,
                "whether the secondary latent is delta-encoded too") != 0;
    }

    /**
     * One latent variable's tANS size and bins. {@code window} &gt; 0 (the Lookback
     * latent) requires every bin's lower bound to be a distance in 1..window; the first
     * bin that is not is reported at the bit its lower bound was read from, once the
     * variable's own rules have been checked.
     */
    private static LatentVar latentVar(FieldReader r, ChunkMeta proto, LatentVar.Role role, int bits, long window) {
        LatentVar shape = new LatentVar(role, bits, 0, java.util.List.of());
        String p = role.label + " ";
        long ab = r.bit();
        int ansSizeLog = (int) r.bits(4, role.key("ans_size_log"), p + "ans_size_log",
                "log2 of the " + role.label + " latent's tANS table size (at most 14)");
        long nb = r.bit();
        int nBins = (int) r.bits(15, role.key("bin_count"), p + "bin count", "number of bins of the " + role.label + " latent");
        if (ansSizeLog > MAX_ANS_SIZE_LOG) {
            throw PcoRules.problem(PcoRules.ANS_SIZE_LOG_TOO_LARGE, ab, "ans_size_log " + ansSizeLog + " exceeds the maximum " + MAX_ANS_SIZE_LOG);
        }
        if (nBins > (1 << ansSizeLog)) {
            throw PcoRules.problem(PcoRules.TOO_MANY_BINS, nb, nBins + " bins do not fit a tANS table of size 2^" + ansSizeLog);
        }
        if (nBins == 1 && ansSizeLog > 0) {
            throw PcoRules.problem(PcoRules.SINGLE_BIN_ANS_SIZE, ab, "only 1 bin but ans_size_log is " + ansSizeLog + " (should be 0)");
        }
        int obWidth = LatentVar.offsetBitsWidth(bits);
        long binBits = (long) nBins * (ansSizeLog + bits + obWidth);
        if (binBits > r.bitsLeft()) {
            throw PcoRules.problem(ReadRules.TRUNCATED, nb, nBins + " bins need " + binBits + " bits but only "
                    + Math.max(0, r.bitsLeft()) + " remain");
        }
        List<Bin> bins = new ArrayList<>(nBins);
        long weightSum = 0;
        long unrecorded = -1;
        int outOfWindow = -1;
        long outOfWindowBit = -1;
        for (int i = 0; i < nBins; i++) {
            int weight;
            long lower;
            long lowerBit;
            long ob;
            int offsetBits;
            if (r.recording() && i < RECORDED_BINS) {
                String q = p + "bin " + i + " ";
                weight = 1 + (int) r.bits(ansSizeLog, role.key("bin.weight"), i, q + "weight", v -> v + 1, "tANS weight (stored minus 1)");
                lowerBit = r.bit();
                lower = r.bits(bits, role.key("bin.lower"), i, q + "lower",
                        v -> Long.toUnsignedString(v) + " (" + LatentNumbers.number(proto, shape, v) + ")",
                        "lower bound of the bin's latent range (in brackets: what the latent means)");
                ob = r.bit();
                offsetBits = (int) r.bits(obWidth, role.key("bin.offset_bits"), i, q + "offset bits",
                        "offset bits following each latent in this bin");
            } else {
                // up to 2^14 bins: only the first few become fields (the bin table lists them all), and
                // the decoding path builds no field names at all
                if (unrecorded < 0) unrecorded = r.bit();
                weight = 1 + (int) r.bits(ansSizeLog, "bin weight");
                lowerBit = r.bit();
                lower = r.bits(bits, "bin lower bound");
                ob = r.bit();
                offsetBits = (int) r.bits(obWidth, "bin offset bits");
            }
            if (offsetBits > bits) {
                throw PcoRules.problem(PcoRules.OFFSET_BITS_TOO_LARGE, ob, "bin " + i + " of the " + role.label + " latent has "
                        + offsetBits + " offset bits, more than the " + bits + "-bit latent");
            }
            if (window > 0 && outOfWindow < 0 && (lower < 1 || lower > window)) {
                outOfWindow = i;
                outOfWindowBit = lowerBit;
            }
            weightSum += weight;
            bins.add(new Bin(weight, lower, offsetBits));
        }
        if (unrecorded >= 0 && r.recording()) {
            r.recorder().field(role.key("bins.rest"), -1, p + "bins " + RECORDED_BINS + "..", unrecorded, r.bit() - unrecorded,
                    (nBins - RECORDED_BINS) + " more bins",
                    "weight, lower bound and offset bits of each further bin; the Bins table lists every bin");
        }
        if (nBins > 0 && weightSum != (1L << ansSizeLog)) {
            throw PcoRules.problem(PcoRules.BIN_WEIGHTS_SUM, ab, "the " + role.label + " bin weights sum to " + weightSum
                    + " instead of 2^" + ansSizeLog + " = " + (1 << ansSizeLog));
        }
        if (nBins == 0 && ansSizeLog != 0) {
            throw PcoRules.problem(PcoRules.BIN_WEIGHTS_SUM, ab, "no " + role.label + " bins but ans_size_log is " + ansSizeLog);
        }
        if (outOfWindow >= 0) {
            throw PcoRules.problem(PcoRules.LOOKBACK_BIN_OUT_OF_WINDOW, outOfWindowBit, "lookback bin " + outOfWindow
                    + " has lower bound " + bins.get(outOfWindow).lower() + ", outside the window [1, " + window + "]");
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
