package org.packscope.codec.pco;

import java.util.function.Function;

import org.packscope.codec.inspect.Explanation;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldDocs;

/** What each field of a Pco lesson's steps means, with its formula and the spec section it follows. */
final class PcoLessonDocs {
    static final FieldDocs DOCS = FieldDocs.builder()
            .put("lesson.spec", "The section of Pco's format description this step follows.", "", PcoDocs.STANDALONE)
            .put("lesson.latent_rule", "Pco codes unsigned latents, not numbers: each number maps to an unsigned integer of its width "
                    + "that sorts the way the numbers do, so that near numbers have near latents.",
                    "unsigned: l = x; signed: l = x + 2^(w−1); float: l = bits ^ (sign ? all ones : top bit)", PcoDocs.MODES)
            .put("lesson.number", withNumbers("One number of the chunk and the latents the mode makes of it.",
                    "Classic: primary = l; IntMult: l = base·primary + secondary; FloatQuant: primary = l >> k", PcoDocs.MODES))
            .put("lesson.mode", withNumbers("The mode splits each latent into a primary latent and, for IntMult, FloatMult and FloatQuant, "
                    + "a secondary one, when the numbers have a structure that makes the parts cheaper than the whole.", "", PcoDocs.MODES))
            .put("lesson.choice", withNumbers("Who chose the mode and delta: the encoder, by estimating each candidate's bits on a "
                    + "sample of the chunk, or you, in the lesson's choices.", "", PcoDocs.MODES))
            .put("lesson.delta", withNumbers("Consecutive delta encoding of order k replaces the primary latents by their k-th "
                    + "differences (wrapping), keeping the first k values of each round as moments in the page metadata. Smooth "
                    + "series give small differences.", "d[i] = l[i+1] − l[i], k times; stored as d + 2^(w−1)", PcoDocs.DELTAS))
            .put("lesson.residual", withNumbers("A latent the page codes: the primary latent, or its difference after delta encoding. "
                    + "Its bits are the offset within its bin, selected in the hex view.", "latent = bin lower + offset", PcoDocs.LATENTS))
            .put("lesson.bin", withNumbers("A bin covers latents from its lower bound up 2^offset bits; tANS codes which bin a latent is "
                    + "in with about ans_size_log − log2(weight) bits, then the offset follows in offset-bits bits.",
                    "bits ≈ ans_size_log − log2 weight + offset bits", PcoDocs.LATENTS))
            .put("lesson.cost", "The bits the bins should cost, from their weights and offset widths: the estimate the encoder "
                    + "minimises when it picks bins.", "Σ count · (ans_size_log − log2 weight + offset bits)", PcoDocs.LATENTS)
            .put("lesson.spent", "The bits the page really holds for this latent: the tANS bits each decoder reads and every offset.",
                    "Σ tANS bits + Σ offset bits", PcoDocs.PAGE)
            .put("lesson.ans_size", withNumbers("The tANS table has 2^ans_size_log states; a bin of weight w owns w of them, so it is "
                    + "coded in about log2(size / w) bits.", "", PcoDocs.LATENTS))
            .put("lesson.spread", withNumbers("Pco deals the states to the bins at a fixed odd stride about 3/5 of the table, bin after "
                    + "bin, so each bin's states are spread over the table.", "state = stride · step mod size", PcoDocs.LATENTS))
            .put("lesson.transition", withNumbers("One tANS step as the decoder takes it: the state says the bin and how many bits to "
                    + "read; those bits, added to the state's base, give the decoder's next state. Four decoders take turns.",
                    "next = base(state) + bits read", PcoDocs.PAGE))
            .put("lesson.page_meta", withNumbers("The page starts with each latent's delta moments and the four tANS decoders' start states.",
                    "", PcoDocs.PAGE))
            .put("lesson.batch", withNumbers("The page is cut into batches of 256 numbers; each holds, latent by latent, the tANS bits of "
                    + "all its symbols and then all their offsets.", "", PcoDocs.PAGE))
            .put("lesson.batch_ans", withNumbers("A batch's tANS bits for one latent variable, symbol after symbol.", "", PcoDocs.PAGE))
            .put("lesson.batch_offsets", withNumbers("A batch's offset bits for one latent variable, latent after latent.", "", PcoDocs.PAGE))
            .put("lesson.level", withNumbers("The compression level bounds the bins: at most 2^level a latent variable.", "bins ≤ 2^level",
                    PcoDocs.LATENTS))
            .put("lesson.best_level", withNumbers("The level at which the file came out smallest, with the mode and delta kept.", "",
                    PcoDocs.LATENTS))
            .build();

    private PcoLessonDocs() { }

    /** A field's explanation with its own numbers after the general text (the table's meaning column cuts them). */
    private static Function<Field, Explanation> withNumbers(String text, String formula, String spec) {
        return f -> new Explanation(f.name(), text + " Here: " + f.value() + (f.meaning().isEmpty() ? "" : ", " + f.meaning()) + ".", formula, spec);
    }
}
