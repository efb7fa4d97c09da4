package org.packscope.codec.bpcells;

import org.packscope.codec.inspect.FieldDocs;

/** What each field of a BP128 lesson means, with its formula and the spec section it follows. */
final class Bp128LessonDocs {
    private static final String TRANSFORMS = BpcellsDocs.SPEC + "Bitpacking formats › BP128d1, BP128d1z; m1: " + BpcellsDocs.FOR;
    private static final String LAYOUT = "lane = i mod 4; slot = ⌊i / 4⌋; lane bit = slot·b; word = lane + 4·⌊lane bit / 32⌋; bit = lane bit mod 32";

    static final FieldDocs DOCS = FieldDocs.builder()
            .put("lesson.variant", "Which member of the BP128 family packs the stream: plain BP128, d1 (differences, for sorted "
                    + "lists), d1z (differences then zigzag, for nearly sorted runs such as BPCells' row indices) or m1 (value − 1, for "
                    + "counts that are never 0, BPCells' uint values).", "", BpcellsDocs.SPEC + "Bitpacking formats")
            .put("lesson.spec", "The section of the BPCells format description this step follows.", "", BpcellsDocs.SPEC + "Bitpacking formats")
            .put("lesson.values", "How many integers were typed: each one an unsigned 32-bit number.", "", BpcellsDocs.BP128)
            .put("lesson.blocks", "BP128 cuts the stream into blocks (chunks) of 128 values; BPCells pads the last one by repeating "
                    + "its last value, and the padding is never decoded as data.", "blocks = ⌈n / 128⌉", BpcellsDocs.BP128)
            .put("lesson.header", "Every numeric file of a BPCells folder starts with 8 ASCII bytes naming its type.", "", BpcellsDocs.DIR)
            .put("lesson.data", "The packed words of every block, one after the other.", "Σ 4·b(k)", BpcellsDocs.BP128)
            .put("lesson.block", "The block number: block k holds values 128·k .. 128·k + 127.", "block of value e = ⌊e / 128⌋", BpcellsDocs.BP128)
            .put("lesson.first_word", "Where the block's words start in data, as idx says.", "first word = idx[k]", BpcellsDocs.BP128)
            .put("lesson.value", FieldDocs.withMeaning("One value of the block and where its bits end up: values are dealt round-robin to 4 lanes, so "
                    + "four can be unpacked at once with SIMD.", LAYOUT, BpcellsDocs.BP128))
            .put("lesson.start", "d1 and d1z keep each block's first value in starts; the first difference is taken from it, so it is 0.",
                    "starts[k] = x[128·k]", BpcellsDocs.D1)
            .put("lesson.zigzag", "Zigzag maps differences of either sign to small unsigned numbers, so a small step back costs "
                    + "one bit more, not 32.", "zz(d) = (d << 1) ^ (d >> 31)", BpcellsDocs.D1Z)
            .put("lesson.verbatim", "A block whose transformed values need all 32 bits is copied as it is: the decoder undoes no transform for it.",
                    "b = 32 ⇒ words = the 128 values", BpcellsDocs.BP128)
            .put("lesson.transformed", FieldDocs.withMeaning("What the variant packs for the value: the value itself (BP128), the value − 1 (m1), the "
                    + "difference from the value before (d1), or that difference zigzag-coded (d1z).", "t = x | x − 1 | x[i] − x[i−1] | zz(x[i] − x[i−1])", TRANSFORMS))
            .put("lesson.largest", "The largest transformed value: the width must hold it.", "", BpcellsDocs.BP128)
            .put("lesson.or", "The OR of the transformed values has the same highest bit as the largest one; BPCells computes the width from it.",
                    "b = 32 − nlz(OR t)", BpcellsDocs.BP128)
            .put("lesson.bits", "Bits per value in this block: the bit length of its largest transformed value. It is not stored; "
                    + "the reader gets it from idx.", "b = (idx[k+1] − idx[k]) / 4", BpcellsDocs.BP128)
            .put("lesson.words", "128 values of b bits take 128·b bits, 4·b words of 32 bits: b words in each of the 4 lanes.", "words = 4·b", BpcellsDocs.BP128)
            .put("lesson.bytes", "The block's size in bytes.", "bytes = 16·b", BpcellsDocs.BP128)
            .put("lesson.word", FieldDocs.withMeaning("One packed 32-bit word (little-endian in the file). Word w belongs to lane w mod 4; its lane's "
                    + "values fill it from the lowest bit up, a value that does not fit continuing at bit 0 of the lane's next word (w + 4).",
                    LAYOUT, BpcellsDocs.BP128))
            .put("lesson.bits_of", FieldDocs.withMeaning("The bits of one value inside one word.", LAYOUT, BpcellsDocs.BP128))
            .put("lesson.idx", FieldDocs.withMeaning("Where each block starts in data, in words, plus one entry for the end; two neighbours give the width.",
                    "b(k) = (idx[k+1] − idx[k]) / 4", BpcellsDocs.BP128))
            .put("lesson.idx_offsets", "idx entries are 32-bit: for streams of 2^32 words and more, idx_offsets says from which "
                    + "entry on 2^32 more must be added. It starts with 0 and ends with the number of idx entries.",
                    "word = idx[k] + i·2^32 for idx_offsets[i] ≤ k < idx_offsets[i+1]", BpcellsDocs.BP128)
            .put("lesson.starts", "Each block's first value: d1 and d1z sum the differences from it.", "x[128·k] = starts[k]", BpcellsDocs.D1)
            .build();

    private Bp128LessonDocs() { }
}
