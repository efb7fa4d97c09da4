package org.packscope.codec.pco;

import org.packscope.codec.inspect.Explanation;
import org.packscope.codec.inspect.FieldDocs;

/**
 * The explain pane's texts for every Pco field, keyed by {@link org.packscope.codec.inspect.Field#key()}
 * as the readers record them: {@code header.*} (standalone and wrapped header), {@code chunk.*}
 * (chunk preamble), {@code meta.*} (chunk metadata), latent variable fields ({@code bin.weight}
 * with the bin as index; {@code primary.bin.weight} where the chunk shows them), page fields
 * ({@code primary.ans_state}), batch fields ({@code primary.bin}, {@code primary.offset},
 * {@code batch.value}), the file's derived {@code file.*} and {@code terminator.byte}.
 * Hung on every Pco node as its {@link org.packscope.codec.inspect.FieldExplainer}.
 */
final class PcoDocs {
    private static final String DOC = "pcodec docs/format.md, ";
    static final String HEADER = DOC + "Wrapped Format Components › Header";
    static final String META = DOC + "Wrapped Format Components › Chunk Metadata";
    static final String PAGE = DOC + "Wrapped Format Components › Page";
    static final String STANDALONE = DOC + "Standalone Format";
    static final String LATENTS = DOC + "Processing Formulas › Bin Indices and Offsets -> Latents";
    static final String DELTAS = DOC + "Processing Formulas › Delta Encodings";
    static final String MODES = DOC + "Processing Formulas › Modes";
    static final String NEWER = " (format 4.x additions: pcodec docs/format.md of pco 0.4.6+ / 1.x)";

    /** Every Pco field's documentation. */
    static final FieldDocs DOCS = build();

    private PcoDocs() { }

    private static FieldDocs build() {
        FieldDocs.Builder b = FieldDocs.builder();
        // ------------------------------------------------------------ file (derived)
        fixed(b, "file.standalone_version", "Standalone version",
                "Which version of the standalone wrapper the file uses, as read from the header. It decides whether the "
                        + "header has an explicit version byte, an n_hint and a uniform number type.",
                "0–1: implicit (no byte); 2: adds n_hint; 3: adds the uniform number type", STANDALONE);
        fixed(b, "file.number_type", "Number type",
                "The type of every number in the file: the header's uniform type when it has one, otherwise the type all "
                        + "chunks agree on. Files whose chunks differ have no single type and no file-wide value column.",
                "raw value bits → number via from_latent_ordered", STANDALONE);
        fixed(b, "file.format_version", "Wrapped format version",
                "The version of the wrapped format inside the standalone wrapper: it decides which modes, delta encodings "
                        + "and number types chunks may use.",
                "0: no IntMult; 1: no FloatQuant/16-bit; 2: no delta variants; 3; 4.x: Conv1, 8-bit types, Dict (4.1)", HEADER);
        fixed(b, "file.chunks", "Chunks",
                "How many chunks were found. Standalone chunks carry no byte length, so PackScope finds each chunk's end by "
                        + "walking its page's tANS symbols and offset widths once when the file is opened.",
                "file = header, chunk*, terminator byte 0", STANDALONE);
        fixed(b, "file.numbers", "Numbers",
                "The count of numbers over all chunks, the length of the file's value column.",
                "numbers = Σ chunk_n", STANDALONE);

        // ------------------------------------------------------------ standalone + wrapped header
        fixed(b, "header.magic", "Magic header",
                "The four ASCII bytes \"pco!\" that open every standalone Pco file. Anything else means the bytes are not a "
                        + "standalone Pco file (a wrapped Pco stream has no magic at all).",
                "bytes 70 63 6F 21", STANDALONE);
        fixed(b, "header.standalone_version", "Standalone version",
                "The version of the standalone wrapper. Files from pco before 0.1.1 have no such byte: the byte there is "
                        + "already the wrapped format version, so the standalone version is implicit and has no bits.",
                "2: pco 0.1.1+, adds n_hint; 3: pco 0.4.5+, adds the uniform number type", STANDALONE);
        fixed(b, "header.uniform_type", "Uniform number type",
                "Standalone version 3 and later: a number type byte every chunk must share, or 0 when chunks may have "
                        + "different types. A chunk with another type is corruption.",
                "0 = none; otherwise every chunk's number type byte = this byte", STANDALONE);
        fixed(b, "header.n_hint_log2", "n_hint width",
                "Six bits giving, minus one, how many bits the following n_hint takes, so a small count costs few bits.",
                "n_hint_log2 = stored + 1", STANDALONE);
        fixed(b, "header.n_hint", "n_hint",
                "The total count of numbers in the file if the writer knew it up front, 0 otherwise. A reader may use it to "
                        + "size its output; PackScope counts the chunks instead and only shows it.",
                "n_hint = Σ chunk_n, or 0", STANDALONE);
        fixed(b, "header.padding", "Header padding",
                "Zero bits up to the next byte boundary: the standalone header is bit-packed, the wrapped header after it "
                        + "starts on a byte. Nonzero padding is corruption.",
                "pad = (8 − bit mod 8) mod 8 bits, all 0", STANDALONE);
        fixed(b, "header.format_version", "Wrapped format version",
                "The wrapped header: one byte naming the format version of everything that follows. Versions up to 3 are "
                        + "this byte alone; from 4 on a minor version byte follows.",
                "0: no IntMult; 1: no FloatQuant or 16-bit types; 2: no delta variants or Lookback; 3; ≥ 4: minor byte follows",
                HEADER);
        fixed(b, "header.format_minor_version", "Format minor version",
                "From format 4: a second byte. Minor versions add features a reader of the same major version must "
                        + "recognise, e.g. Dict mode in 4.1.",
                "version = major.minor", HEADER + NEWER);

        // ------------------------------------------------------------ chunk preamble and metadata
        fixed(b, "chunk.number_type", "Chunk number type",
                "The type of this chunk's numbers (standalone chunks each carry one). It fixes dtype_size, the width of raw "
                        + "values, bin lower bounds and delta states. A 0 byte here instead ends the file.",
                "1 u32, 2 u64, 3 i32, 4 i64, 5 f32, 6 f64, 7 u16, 8 i16, 9 f16, 10 u8, 11 i8", STANDALONE);
        fixed(b, "chunk.n", "Chunk length",
                "24 bits giving one less than the number of numbers in the chunk, so a chunk holds 1 to 2^24 numbers. The "
                        + "chunk's single page holds all of them.",
                "chunk_n = stored + 1", STANDALONE);
        fixed(b, "meta.mode", "Mode",
                "How each number was split into latents (unsigned integers that are easier to compress) before entropy "
                        + "coding: Classic uses the number's own order-preserving latent; IntMult and FloatMult split it into a "
                        + "multiple of a common base plus a remainder; FloatQuant splits off low mantissa bits; Dict stores "
                        + "indices into a dictionary.",
                "Classic: from_latent_ordered(l0) · IntMult: from_latent_ordered(l0·mult + l1) · FloatMult: "
                        + "int_float(l0)·mult + (l1 + MID) ULPs · FloatQuant: (l0 << k) + low bits from l1 · Dict: dict[l0]",
                META);
        fixed(b, "meta.mult", "Mult (base)",
                "The common base of IntMult or FloatMult mode, dtype_size bits, stored as a raw value. IntMult: numbers are "
                        + "primary × mult + secondary in latent space, so data on a grid of multiples costs only the primary. "
                        + "FloatMult: the primary latent counts multiples of a float base (e.g. 0.01 for prices) and the "
                        + "secondary corrects the rounding in ULPs. It must be nonzero (and finite for floats).",
                "IntMult: latent = l0·mult + l1 (mod 2^dtype_size) · FloatMult: x = int_float(l0)·mult, then + (l1 + MID) ULPs",
                MODES);
        fixed(b, "meta.k", "FloatQuant k",
                "FloatQuant mode: how many low mantissa bits are split off into the secondary latent. Data that really has "
                        + "fewer mantissa bits (e.g. bfloat16 stored as f32) then has a constant, nearly free secondary.",
                "latent = (l0 << k) + (l0 << k ≥ MID ? l1 : 2^k − 1 − l1), 0 < k ≤ mantissa bits", MODES);
        fixed(b, "meta.dict_length", "Dictionary length",
                "Dict mode: the number of dictionary entries (25 bits), followed by zero bits to a byte boundary and then "
                        + "the entries. The primary latent of every number is an index into this dictionary.",
                "entries = dict length × dtype_size bits", META + NEWER);
        fixed(b, "meta.dict", "Dictionary entry",
                "One dictionary entry, stored as the order-preserving latent of a number. Numbers whose primary latent is "
                        + "this entry's index decode to it.",
                "number = from_latent_ordered(dict[l0])", MODES + NEWER);
        fixed(b, "meta.padding", "Metadata padding",
                "Zero bits up to the next byte boundary: after the dictionary length (Dict mode) and at the end of the "
                        + "chunk metadata, so the page starts on a byte. Nonzero padding is corruption.",
                "pad = (8 − bit mod 8) mod 8 bits, all 0", META);
        fixed(b, "meta.delta_encoding", "Delta encoding",
                "How the mode latents were made smaller before entropy coding: None; Consecutive (differences of order 1 to "
                        + "7); Lookback (each latent relative to one an encoded distance back, for periodic data); Conv1 (each "
                        + "latent relative to a linear prediction from the previous ones).",
                "0 None, 1 Consecutive, 2 Lookback (adds the delta latent variable), 3 Conv1", DELTAS);
        fixed(b, "meta.delta_order", "Delta order (formats 0–2)",
                "Before format 3 the only delta encoding was consecutive differencing, given by its order alone; 0 means no "
                        + "delta encoding.",
                "state_n = order", META);
        fixed(b, "meta.consecutive_order", "Consecutive order",
                "How many times the latents were differenced (1–7). The page stores that many delta moments, and each latent "
                        + "read from the batch is an order-th difference offset by MID.",
                "Δ^order x[i] = l[i − order] − MID; state_n = order", DELTAS);
        fixed(b, "meta.secondary_uses_delta", "Secondary uses delta",
                "Whether the mode's secondary latent is delta-encoded like the primary one (otherwise it is stored as is).",
                "1: secondary state_n = primary state_n; 0: secondary state_n = 0", META);
        fixed(b, "meta.window_n_log", "Lookback window",
                "Lookback: five bits giving, minus one, the log2 of the window. Every lookback (the delta latent) must lie in "
                        + "1..window_n; a larger one is corruption.",
                "window_n = 2^(stored + 1); x[i] = x[i − lookback] + (l − MID)", DELTAS);
        fixed(b, "meta.state_n_log", "Lookback state size",
                "Lookback: log2 of how many latents the page stores as delta state before the first encoded latent.",
                "state_n = 2^state_n_log ≤ window_n", DELTAS);
        fixed(b, "meta.conv1_quantization", "Conv1 quantization",
                "Conv1: the prediction is a fixed-point sum, shifted right by this many bits to bring it back to latent scale.",
                "pred = max(bias + Σ weight[j]·x[i − order + j], 0) >> quantization", DELTAS + NEWER);
        fixed(b, "meta.conv1_bias", "Conv1 bias",
                "Conv1: a constant added to the weighted sum before the shift (an i64 stored as its ordered latent).",
                "pred = max(bias + Σ weight[j]·x[i − order + j], 0) >> quantization", DELTAS + NEWER);
        fixed(b, "meta.conv1_order", "Conv1 order",
                "Conv1: one less than the number of weights, i.e. how many previous latents the prediction uses; the page "
                        + "stores that many latents as delta state.",
                "order = stored + 1; state_n = order", DELTAS + NEWER);
        fixed(b, "meta.conv1_weight", "Conv1 weight",
                "Conv1: one weight of the linear prediction (an i32 stored as its ordered latent); weight[order − 1] applies to "
                        + "the latest latent.",
                "x[i] = pred + (l − MID), pred = max(bias + Σ weight[j]·x[i − order + j], 0) >> quantization", DELTAS + NEWER);
        fixed(b, "chunk.first_row", "First row",
                "Where this chunk's numbers start in the file's value column: the numbers of all earlier chunks come first.",
                "first row = Σ chunk_n of earlier chunks", STANDALONE);

        // ------------------------------------------------------------ latent variables
        latent(b, "ans_size_log", "tANS size (ans_size_log)",
                "The log2 of this latent variable's tANS table size (at most 14). Bin weights share out the table's "
                        + "2^ans_size_log states; a variable with one bin has ans_size_log 0 and costs no tANS bits.",
                "table size = 2^ans_size_log; Σ weights = 2^ans_size_log", META);
        latent(b, "bin_count", "Bin count",
                "How many bins (ranges of latents) this variable has. Each latent is coded as its bin, by tANS, then its "
                        + "offset within the bin in plain bits.",
                "bins ≤ 2^ans_size_log", META);
        latent(b, "bin.weight", "Bin weight",
                "How many of the tANS table's states belong to this bin (stored minus 1, ans_size_log bits). It is the bin's "
                        + "share of the latents: frequent bins get more states and so cost fewer bits per symbol.",
                "probability = weight / 2^ans_size_log; cost ≈ ans_size_log − log2(weight) bits", META);
        latent(b, "bin.lower", "Bin lower bound",
                "The smallest latent of the bin, as a raw latent of the variable's width (in brackets: what it means as a "
                        + "number, delta or index).",
                "l = lower + offset", LATENTS);
        latent(b, "bin.offset_bits", "Bin offset bits",
                "How many plain bits follow each latent of this bin to say where in the bin it lies; the field itself is "
                        + "log2(dtype_size) + 1 bits (7 for 64-bit types). It may not exceed the latent width.",
                "bin covers [lower, lower + 2^offset_bits − 1]", META);

        // ------------------------------------------------------------ page
        perRole(b, "delta_state", "Delta state",
                "Per latent variable using a delta encoding, the latents the page needs before the first encoded delta "
                        + "(dtype_size bits each): Consecutive delta moments, or Lookback/Conv1 initial latents. The page's "
                        + "first state_n numbers come from them.",
                "Consecutive: x[i] = Σ_k C(i, k)·moment[k] for i < order · Lookback/Conv1: x[i] = state[i]", PAGE);
        perRole(b, "ans_state", "Initial tANS state",
                "The initial state of one of the four interleaved tANS decoders (ans_size_log bits). Decoder i handles "
                        + "latents i, i + 4, i + 8, ...; each step reads the state's bin and refills the state from the stream.",
                "bin = symbol(state); state' = next_base(state) + read(bits_to_read(state))", PAGE);
        fixed(b, "page.padding", "Page padding",
                "Zero bits to a byte boundary: after the page metadata (delta and tANS states), so the batches start on a "
                        + "byte, and after the last batch, so the page ends on one. Nonzero padding is corruption.",
                "pad = (8 − bit mod 8) mod 8 bits, all 0", PAGE);
        fixed(b, "page.batches", "Batches",
                "How many batches the page's numbers are decoded in: all hold 256 numbers but the last.",
                "batches = ceil(n / 256)", PAGE);

        // ------------------------------------------------------------ batch
        perRole(b, "bin", "tANS bits (bin)",
                "The bits the spec places at this latent: the bin is the symbol of decoder (i mod 4)'s current state, and "
                        + "these bits refill that decoder for its next latent (i + 4). The value shown is the bin.",
                "bin[i] = symbol(state[i mod 4]); state' = next_base + these bits", PAGE);
        perRole(b, "offset", "Offset",
                "The latent's position inside its bin, in the bin's offset bits, stored after the tANS bits of all the batch's "
                        + "latents of this variable.",
                "l[i] = bin[i].lower + offset[i]", LATENTS);
        fixed(b, "batch.value", "Decoded number",
                "The number this batch position decodes to, after delta decoding and the mode join (no bits of its own).",
                "number = mode join of the delta-decoded latents, then from_latent_ordered", MODES);

        // ------------------------------------------------------------ terminator
        fixed(b, "terminator.byte", "Termination byte",
                "A 0 byte where the next chunk's number type would be: it ends the standalone file. Bytes after it are "
                        + "reported as trailing bytes.",
                "0 = end of file", STANDALONE);
        latent(b, "bins.rest", "Further bins",
                "A variable can have up to 2^14 bins; past the first " + MetaParser.RECORDED_BINS + " they are shown as this one "
                        + "field covering all their bits (weight, lower bound and offset bits of each). The Bins table lists "
                        + "every bin.",
                "each bin: ans_size_log + dtype_size + log2(dtype_size) + 1 bits", META);
        return b.build();
    }

    /** A field with one text wherever it occurs. */
    private static void fixed(FieldDocs.Builder b, String key, String title, String text, String formula, String section) {
        Explanation e = new Explanation(title, text, formula, section);
        b.put(key, f -> e);
    }

    /**
     * A field of a latent variable, keyed {@code role.key} where the field is shown among
     * the chunk's (its title then names the latent) and plain {@code key} on the latent
     * variable's own node, where the node names it.
     */
    private static void latent(FieldDocs.Builder b, String key, String title, String text, String formula, String section) {
        fixed(b, key, title, text, formula, section);
        perRole(b, key, title, text, formula, section);
    }

    /** A field every latent variable has its own of: keyed {@code role.key}, its title naming the latent. */
    private static void perRole(FieldDocs.Builder b, String key, String title, String text, String formula, String section) {
        for (LatentVar.Role r : LatentVar.Role.values()) {
            fixed(b, r.key(key), title + " (" + r.label + " latent)", text, formula, section);
        }
    }
}
