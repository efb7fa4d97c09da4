package org.packscope.codec.pco;

import java.util.List;

import org.packscope.codec.format.FormatRules;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.RuleCatalogue;
import org.packscope.codec.inspect.SharedRules;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.read.ReadProblem;

/**
 * Every rule the Pco reader checks. Most are what the spec calls corruption; the
 * warnings mark files that still decode but are not what a real writer makes, and how
 * the reader recovered from a damaged chunk. The shared {@code truncated} and
 * {@code nonzero_padding} rules are the reader's ({@link org.packscope.codec.read.ReadRules}).
 */
public final class PcoRules implements RuleCatalogue {

    // ------------------------------------------------------------ standalone wrapper and headers
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule BAD_MAGIC = FormatRules.BAD_MAGIC;
    public static final Rule UNSUPPORTED_STANDALONE_VERSION = Rule.error("unsupported_standalone_version",
            "the standalone wrapper version is newer than any PackScope knows");
    public static final Rule UNSUPPORTED_FORMAT_VERSION = Rule.error("unsupported_format_version",
            "the wrapped format's major version is newer than any PackScope knows");
    public static final Rule NEWER_MINOR_VERSION = Rule.warning("newer_minor_version",
            "the wrapped format's minor version is newer than known, so it may use unknown additions");
    public static final Rule UNKNOWN_NUMBER_TYPE = Rule.error("unknown_number_type",
            "a number type byte (uniform or per chunk) names no known type");
    public static final Rule UNIFORM_TYPE_MISMATCH = Rule.error("uniform_type_mismatch",
            "a chunk's number type differs from the uniform type the header sets");
    public static final Rule MISSING_TERMINATOR = Rule.error("missing_terminator",
            "the file ends without the 0 byte that closes the list of chunks");
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule TRAILING_BYTES = SharedRules.TRAILING_BYTES;
    public static final Rule FILE_TOO_LARGE = Rule.error("file_too_large",
            "the file is over 2 GB, more than the Pco reader holds in memory");
    public static final Rule FEATURE_NEWER_THAN_FORMAT = Rule.warning("feature_newer_than_format",
            "a chunk uses a mode, delta encoding or number type that its declared format version predates");

    // ------------------------------------------------------------ chunk metadata: mode
    public static final Rule RESERVED_MODE = Rule.error("reserved_mode",
            "the mode value is one the spec reserves (known: 0 to 4)");
    public static final Rule INT_MULT_IN_FORMAT_0 = Rule.error("int_mult_in_format_0",
            "IntMult mode in format 0, whose IntMult encoding was withdrawn");
    public static final Rule MODE_TYPE_MISMATCH = Rule.error("mode_type_mismatch",
            "a mode for integers on floats, or a mode for floats on integers");
    public static final Rule INVALID_MULT = Rule.error("invalid_mult",
            "the IntMult or FloatMult base is zero (or, for floats, not finite)");
    public static final Rule INVALID_QUANT_K = Rule.error("invalid_quant_k",
            "FloatQuant moves no mantissa bits, or more than the type has");

    // ------------------------------------------------------------ chunk metadata: delta encoding
    public static final Rule RESERVED_DELTA_ENCODING = Rule.error("reserved_delta_encoding",
            "the delta encoding value is one the spec reserves (known: 0 to 3)");
    public static final Rule DELTA_ORDER_ZERO = Rule.error("delta_order_zero",
            "Consecutive delta encoding of order 0");
    public static final Rule LOOKBACK_WINDOW_TOO_LARGE = Rule.error("lookback_window_too_large",
            "the Lookback window is larger than 2^24 latents");
    public static final Rule LOOKBACK_STATE_EXCEEDS_WINDOW = Rule.error("lookback_state_exceeds_window",
            "the Lookback state holds more latents than the window");
    public static final Rule LOOKBACK_BIN_OUT_OF_WINDOW = Rule.error("lookback_bin_out_of_window",
            "a bin of the Lookback latent starts at a distance outside 1 to the window size");
    public static final Rule CONV1_64_BIT = Rule.error("conv1_64_bit",
            "Conv1 delta encoding on 64-bit latents, which it does not allow");
    public static final Rule CONV1_QUANTIZATION = Rule.error("conv1_quantization",
            "the Conv1 quantization shift is larger than the latent width allows");
    public static final Rule CONV1_OVERFLOW = Rule.error("conv1_overflow",
            "the Conv1 weights and bias could make a prediction overflow");

    // ------------------------------------------------------------ chunk metadata: latent variables and bins
    public static final Rule ANS_SIZE_LOG_TOO_LARGE = Rule.error("ans_size_log_too_large",
            "a tANS table larger than 2^14 states");
    public static final Rule TOO_MANY_BINS = Rule.error("too_many_bins",
            "more bins than the tANS table has states");
    public static final Rule SINGLE_BIN_ANS_SIZE = Rule.error("single_bin_ans_size",
            "a latent with one bin but a tANS table of more than one state");
    public static final Rule OFFSET_BITS_TOO_LARGE = Rule.error("offset_bits_too_large",
            "a bin's offset bits exceed the latent's width");
    public static final Rule BIN_WEIGHTS_SUM = Rule.error("bin_weights_sum",
            "the bin weights do not add up to the tANS table size");

    // ------------------------------------------------------------ pages
    public static final Rule NO_BINS = Rule.error("no_bins",
            "a latent with no bins must supply latents in a page");
    public static final Rule DICT_INDEX_OUT_OF_RANGE = Rule.error("dict_index_out_of_range",
            "a Dict mode index points past the end of the dictionary");
    public static final Rule LOOKBACK_EXCEEDS_WINDOW = Rule.error("lookback_exceeds_window",
            "a decoded lookback distance is larger than the window");
    public static final Rule CHUNK_META_UNREADABLE = Rule.error("chunk_meta_unreadable",
            "a page cannot be decoded because its chunk's metadata could not be read");

    // ------------------------------------------------------------ recovery
    public static final Rule RESYNCHRONIZED = Rule.warning("resynchronized",
            "after a damaged chunk, reading resumed at the next chunk that reads cleanly");
    public static final Rule NO_RESYNC = Rule.warning("no_resync",
            "no chunk that reads cleanly follows a damaged one, so the rest of the file is not decoded");
    /** The shared rule, named here for this package's code; listed by its own catalogue. */
    static final Rule UNREADABLE_FILE = SharedRules.UNREADABLE_FILE;

    @Override public String owner() { return "Pco"; }

    @Override public List<Rule> rules() { return RuleCatalogue.constantsOf(PcoRules.class); }

    /**
     * The problem of breaking {@code rule} at an absolute bit: Pco's diagnostics point at
     * the start of the field (or batch) that breaks it.
     */
    static ReadProblem problem(Rule rule, long bit, String message) {
        return ReadProblem.at(rule, Span.bits(Math.max(0, bit), 0), message);
    }
}
