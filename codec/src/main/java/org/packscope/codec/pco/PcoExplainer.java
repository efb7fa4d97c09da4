package org.packscope.codec.pco;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.packscope.codec.inspect.Explanation;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;

/**
 * The explain pane's texts for every field of every Pco node. Field names carry
 * numbers ("bin 3 weight", "primary[17] offset") and, on some nodes, the latent
 * variable they belong to ("primary ans state[2]"): a name is looked up with its
 * numbers replaced by '#', first as it is, then without the variable's name, in the
 * node's contexts in turn.
 */
final class PcoExplainer implements FieldExplainer {
    private static final String DOC = "pcodec docs/format.md, ";
    static final String HEADER = DOC + "Wrapped Format Components › Header";
    static final String META = DOC + "Wrapped Format Components › Chunk Metadata";
    static final String PAGE = DOC + "Wrapped Format Components › Page";
    static final String STANDALONE = DOC + "Standalone Format";
    static final String LATENTS = DOC + "Processing Formulas › Bin Indices and Offsets -> Latents";
    static final String DELTAS = DOC + "Processing Formulas › Delta Encodings";
    static final String MODES = DOC + "Processing Formulas › Modes";
    static final String NEWER = " (format 4.x additions: pcodec docs/format.md of pco 0.4.6+ / 1.x)";

    private static final Map<String, Explanation> TEXTS = new HashMap<>();
    private static final Pattern DIGITS = Pattern.compile("\\d+");
    private static final Pattern ROLE = Pattern.compile("^(delta|primary|secondary)( |(?=\\[))(.*)$");

    static final PcoExplainer FILE = new PcoExplainer(List.of("file"));
    static final PcoExplainer HEADER_NODE = new PcoExplainer(List.of("header"));
    static final PcoExplainer CHUNK = new PcoExplainer(List.of("chunk", "latent", "page"));
    static final PcoExplainer LATENT = new PcoExplainer(List.of("latent"));
    static final PcoExplainer PAGE_NODE = new PcoExplainer(List.of("page"));
    static final PcoExplainer BATCH = new PcoExplainer(List.of("batch"));
    static final PcoExplainer TERMINATOR = new PcoExplainer(List.of("terminator"));

    private final List<String> contexts;

    private PcoExplainer(List<String> contexts) {
        this.contexts = contexts;
    }

    @Override
    public Explanation explain(Field field) {
        String name = DIGITS.matcher(field.name()).replaceAll("#");
        for (String c : contexts) {
            Explanation e = TEXTS.get(c + "/" + name);
            if (e != null) return e;
        }
        Matcher m = ROLE.matcher(name);
        if (m.matches()) {
            String role = m.group(1);
            String rest = m.group(3);
            for (String c : contexts) {
                Explanation e = TEXTS.get(c + "/" + rest);
                if (e != null) {
                    return new Explanation(e.title() + " (" + role + " latent)", e.text(), e.formula(), e.specSection());
                }
            }
        }
        return null;
    }

    /** Every context/field pair with a text (for tests). */
    static Map<String, Explanation> all() { return Map.copyOf(TEXTS); }

    private static void put(String contexts, String field, String title, String text, String formula, String section) {
        for (String c : contexts.split(",")) TEXTS.put(c + "/" + field, new Explanation(title, text, formula, section));
    }

    static {
        // ------------------------------------------------------------ file (derived)
        put("file", "standalone version", "Standalone version",
                "Which version of the standalone wrapper the file uses, as read from the header. It decides whether the "
                        + "header has an explicit version byte, an n_hint and a uniform number type.",
                "0–1: implicit (no byte); 2: adds n_hint; 3: adds the uniform number type", STANDALONE);
        put("file", "number type", "Number type",
                "The type of every number in the file: the header's uniform type when it has one, otherwise the type all "
                        + "chunks agree on. Files whose chunks differ have no single type and no file-wide value column.",
                "raw value bits → number via from_latent_ordered", STANDALONE);
        put("file", "format version", "Wrapped format version",
                "The version of the wrapped format inside the standalone wrapper: it decides which modes, delta encodings "
                        + "and number types chunks may use.",
                "0: no IntMult; 1: no FloatQuant/16-bit; 2: no delta variants; 3; 4.x: Conv1, 8-bit types, Dict (4.1)", HEADER);
        put("file", "chunks", "Chunks",
                "How many chunks were found. Standalone chunks carry no byte length, so PackScope finds each chunk's end by "
                        + "walking its page's tANS symbols and offset widths once when the file is opened.",
                "file = header, chunk*, terminator byte 0", STANDALONE);
        put("file", "numbers", "Numbers",
                "The count of numbers over all chunks, the length of the file's value column.",
                "numbers = Σ chunk_n", STANDALONE);

        // ------------------------------------------------------------ standalone + wrapped header
        put("header", "magic", "Magic header",
                "The four ASCII bytes \"pco!\" that open every standalone Pco file. Anything else means the bytes are not a "
                        + "standalone Pco file (a wrapped Pco stream has no magic at all).",
                "bytes 70 63 6F 21", STANDALONE);
        put("header", "standalone version", "Standalone version",
                "The version of the standalone wrapper. Files from pco before 0.1.1 have no such byte: the byte there is "
                        + "already the wrapped format version, so the standalone version is implicit and has no bits.",
                "2: pco 0.1.1+, adds n_hint; 3: pco 0.4.5+, adds the uniform number type", STANDALONE);
        put("header", "uniform type", "Uniform number type",
                "Standalone version 3 and later: a number type byte every chunk must share, or 0 when chunks may have "
                        + "different types. A chunk with another type is corruption.",
                "0 = none; otherwise every chunk's number type byte = this byte", STANDALONE);
        put("header", "n_hint_log# - #", "n_hint width",
                "Six bits giving, minus one, how many bits the following n_hint takes, so a small count costs few bits.",
                "n_hint_log2 = stored + 1", STANDALONE);
        put("header", "n_hint", "n_hint",
                "The total count of numbers in the file if the writer knew it up front, 0 otherwise. A reader may use it to "
                        + "size its output; PackScope counts the chunks instead and only shows it.",
                "n_hint = Σ chunk_n, or 0", STANDALONE);
        put("header", "padding", "Header padding",
                "Zero bits up to the next byte boundary: the standalone header is bit-packed, the wrapped header after it "
                        + "starts on a byte. Nonzero padding is corruption.",
                "pad = (8 − bit mod 8) mod 8 bits, all 0", STANDALONE);
        put("header", "format version", "Wrapped format version",
                "The wrapped header: one byte naming the format version of everything that follows. Versions up to 3 are "
                        + "this byte alone; from 4 on a minor version byte follows.",
                "0: no IntMult; 1: no FloatQuant or 16-bit types; 2: no delta variants or Lookback; 3; ≥ 4: minor byte follows",
                HEADER);
        put("header", "format minor version", "Format minor version",
                "From format 4: a second byte. Minor versions add features a reader of the same major version must "
                        + "recognise, e.g. Dict mode in 4.1.",
                "version = major.minor", HEADER + NEWER);

        // ------------------------------------------------------------ chunk preamble and metadata
        put("chunk", "number type", "Chunk number type",
                "The type of this chunk's numbers (standalone chunks each carry one). It fixes dtype_size, the width of raw "
                        + "values, bin lower bounds and delta states. A 0 byte here instead ends the file.",
                "1 u32, 2 u64, 3 i32, 4 i64, 5 f32, 6 f64, 7 u16, 8 i16, 9 f16, 10 u8, 11 i8", STANDALONE);
        put("chunk", "n - #", "Chunk length",
                "24 bits giving one less than the number of numbers in the chunk, so a chunk holds 1 to 2^24 numbers. The "
                        + "chunk's single page holds all of them.",
                "chunk_n = stored + 1", STANDALONE);
        put("chunk", "mode", "Mode",
                "How each number was split into latents (unsigned integers that are easier to compress) before entropy "
                        + "coding: Classic uses the number's own order-preserving latent; IntMult and FloatMult split it into a "
                        + "multiple of a common base plus a remainder; FloatQuant splits off low mantissa bits; Dict stores "
                        + "indices into a dictionary.",
                "Classic: from_latent_ordered(l0) · IntMult: from_latent_ordered(l0·mult + l1) · FloatMult: "
                        + "int_float(l0)·mult + (l1 + MID) ULPs · FloatQuant: (l0 << k) + low bits from l1 · Dict: dict[l0]",
                META);
        put("chunk", "mult", "Mult (base)",
                "The common base of IntMult or FloatMult mode, dtype_size bits, stored as a raw value. IntMult: numbers are "
                        + "primary × mult + secondary in latent space, so data on a grid of multiples costs only the primary. "
                        + "FloatMult: the primary latent counts multiples of a float base (e.g. 0.01 for prices) and the "
                        + "secondary corrects the rounding in ULPs. It must be nonzero (and finite for floats).",
                "IntMult: latent = l0·mult + l1 (mod 2^dtype_size) · FloatMult: x = int_float(l0)·mult, then + (l1 + MID) ULPs",
                MODES);
        put("chunk", "k", "FloatQuant k",
                "FloatQuant mode: how many low mantissa bits are split off into the secondary latent. Data that really has "
                        + "fewer mantissa bits (e.g. bfloat16 stored as f32) then has a constant, nearly free secondary.",
                "latent = (l0 << k) + (l0 << k ≥ MID ? l1 : 2^k − 1 − l1), 0 < k ≤ mantissa bits", MODES);
        put("chunk", "dict length", "Dictionary length",
                "Dict mode: the number of dictionary entries (25 bits), followed by zero bits to a byte boundary and then "
                        + "the entries. The primary latent of every number is an index into this dictionary.",
                "entries = dict length × dtype_size bits", META + NEWER);
        put("chunk", "dict[#]", "Dictionary entry",
                "One dictionary entry, stored as the order-preserving latent of a number. Numbers whose primary latent is "
                        + "this entry's index decode to it.",
                "number = from_latent_ordered(dict[l0])", MODES + NEWER);
        put("chunk", "padding", "Metadata padding",
                "Zero bits up to the next byte boundary: after the dictionary length (Dict mode) and at the end of the "
                        + "chunk metadata, so the page starts on a byte. Nonzero padding is corruption.",
                "pad = (8 − bit mod 8) mod 8 bits, all 0", META);
        put("chunk", "delta encoding", "Delta encoding",
                "How the mode latents were made smaller before entropy coding: None; Consecutive (differences of order 1 to "
                        + "7); Lookback (each latent relative to one an encoded distance back, for periodic data); Conv1 (each "
                        + "latent relative to a linear prediction from the previous ones).",
                "0 None, 1 Consecutive, 2 Lookback (adds the delta latent variable), 3 Conv1", DELTAS);
        put("chunk", "delta order", "Delta order (formats 0–2)",
                "Before format 3 the only delta encoding was consecutive differencing, given by its order alone; 0 means no "
                        + "delta encoding.",
                "state_n = order", META);
        put("chunk", "order", "Consecutive order",
                "How many times the latents were differenced (1–7). The page stores that many delta moments, and each latent "
                        + "read from the batch is an order-th difference offset by MID.",
                "Δ^order x[i] = l[i − order] − MID; state_n = order", DELTAS);
        put("chunk", "secondary uses delta", "Secondary uses delta",
                "Whether the mode's secondary latent is delta-encoded like the primary one (otherwise it is stored as is).",
                "1: secondary state_n = primary state_n; 0: secondary state_n = 0", META);
        put("chunk", "window_n_log - #", "Lookback window",
                "Lookback: five bits giving, minus one, the log2 of the window. Every lookback (the delta latent) must lie in "
                        + "1..window_n; a larger one is corruption.",
                "window_n = 2^(stored + 1); x[i] = x[i − lookback] + (l − MID)", DELTAS);
        put("chunk", "state_n_log", "Lookback state size",
                "Lookback: log2 of how many latents the page stores as delta state before the first encoded latent.",
                "state_n = 2^state_n_log ≤ window_n", DELTAS);
        put("chunk", "quantization", "Conv1 quantization",
                "Conv1: the prediction is a fixed-point sum, shifted right by this many bits to bring it back to latent scale.",
                "pred = max(bias + Σ weight[j]·x[i − order + j], 0) >> quantization", DELTAS + NEWER);
        put("chunk", "bias", "Conv1 bias",
                "Conv1: a constant added to the weighted sum before the shift (an i64 stored as its ordered latent).",
                "pred = max(bias + Σ weight[j]·x[i − order + j], 0) >> quantization", DELTAS + NEWER);
        put("chunk", "order - #", "Conv1 order",
                "Conv1: one less than the number of weights, i.e. how many previous latents the prediction uses; the page "
                        + "stores that many latents as delta state.",
                "order = stored + 1; state_n = order", DELTAS + NEWER);
        put("chunk", "weight[#]", "Conv1 weight",
                "Conv1: one weight of the linear prediction (an i32 stored as its ordered latent); weight[order − 1] applies to "
                        + "the latest latent.",
                "x[i] = pred + (l − MID), pred = max(bias + Σ weight[j]·x[i − order + j], 0) >> quantization", DELTAS + NEWER);
        put("chunk", "first row", "First row",
                "Where this chunk's numbers start in the file's value column: the numbers of all earlier chunks come first.",
                "first row = Σ chunk_n of earlier chunks", STANDALONE);

        // ------------------------------------------------------------ latent variables
        put("latent", "ans_size_log", "tANS size (ans_size_log)",
                "The log2 of this latent variable's tANS table size (at most 14). Bin weights share out the table's "
                        + "2^ans_size_log states; a variable with one bin has ans_size_log 0 and costs no tANS bits.",
                "table size = 2^ans_size_log; Σ weights = 2^ans_size_log", META);
        put("latent", "bin count", "Bin count",
                "How many bins (ranges of latents) this variable has. Each latent is coded as its bin, by tANS, then its "
                        + "offset within the bin in plain bits.",
                "bins ≤ 2^ans_size_log", META);
        put("latent", "bin # weight", "Bin weight",
                "How many of the tANS table's states belong to this bin (stored minus 1, ans_size_log bits). It is the bin's "
                        + "share of the latents: frequent bins get more states and so cost fewer bits per symbol.",
                "probability = weight / 2^ans_size_log; cost ≈ ans_size_log − log2(weight) bits", META);
        put("latent", "bin # lower", "Bin lower bound",
                "The smallest latent of the bin, as a raw latent of the variable's width (in brackets: what it means as a "
                        + "number, delta or index).",
                "l = lower + offset", LATENTS);
        put("latent", "bin # offset bits", "Bin offset bits",
                "How many plain bits follow each latent of this bin to say where in the bin it lies; the field itself is "
                        + "log2(dtype_size) + 1 bits (7 for 64-bit types). It may not exceed the latent width.",
                "bin covers [lower, lower + 2^offset_bits − 1]", META);

        // ------------------------------------------------------------ page
        put("page", "delta state[#]", "Delta state",
                "Per latent variable using a delta encoding, the latents the page needs before the first encoded delta "
                        + "(dtype_size bits each): Consecutive delta moments, or Lookback/Conv1 initial latents. The page's "
                        + "first state_n numbers come from them.",
                "Consecutive: x[i] = Σ_k C(i, k)·moment[k] for i < order · Lookback/Conv1: x[i] = state[i]", PAGE);
        put("page", "ans state[#]", "Initial tANS state",
                "The initial state of one of the four interleaved tANS decoders (ans_size_log bits). Decoder i handles "
                        + "latents i, i + 4, i + 8, ...; each step reads the state's bin and refills the state from the stream.",
                "bin = symbol(state); state' = next_base(state) + read(bits_to_read(state))", PAGE);
        put("page", "padding", "Page padding",
                "Zero bits to a byte boundary: after the page metadata (delta and tANS states), so the batches start on a "
                        + "byte, and after the last batch, so the page ends on one. Nonzero padding is corruption.",
                "pad = (8 − bit mod 8) mod 8 bits, all 0", PAGE);
        put("page", "batches", "Batches",
                "How many batches the page's numbers are decoded in: all hold 256 numbers but the last.",
                "batches = ceil(n / 256)", PAGE);

        // ------------------------------------------------------------ batch
        put("batch", "[#] bin", "tANS bits (bin)",
                "The bits the spec places at this latent: the bin is the symbol of decoder (i mod 4)'s current state, and "
                        + "these bits refill that decoder for its next latent (i + 4). The value shown is the bin.",
                "bin[i] = symbol(state[i mod 4]); state' = next_base + these bits", PAGE);
        put("batch", "[#] offset", "Offset",
                "The latent's position inside its bin, in the bin's offset bits, stored after the tANS bits of all the batch's "
                        + "latents of this variable.",
                "l[i] = bin[i].lower + offset[i]", LATENTS);
        put("batch", "value[#]", "Decoded number",
                "The number this batch position decodes to, after delta decoding and the mode join (no bits of its own).",
                "number = mode join of the delta-decoded latents, then from_latent_ordered", MODES);

        // ------------------------------------------------------------ terminator
        put("terminator", "termination byte", "Termination byte",
                "A 0 byte where the next chunk's number type would be: it ends the standalone file. Bytes after it are "
                        + "reported as trailing bytes.",
                "0 = end of file", STANDALONE);
    }
}
