package org.packscope.codec.rds;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.packscope.codec.inspect.Explanation;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldDocs;
import org.packscope.codec.inspect.FieldExplainer;

/**
 * What every field PackScope shows on .rds nodes is, keyed by field key: the wrapper, the
 * stream header, the flags word and its bits, lengths, payloads, references and ALTREP.
 * Fields whose meaning depends on the item's SEXPTYPE (a length, the data, a name) have a
 * key per type ({@code chars.length}, {@code real.data}); a pairlist cell's own flags
 * ({@code cell.flags}, ...) are told from the cell's point of view.
 */
public final class RdsDocs {
    static final String SERIALIZATION = "R Internals, 1.8 Serialization Formats";
    static final String BPCELLS = "bpcells-matrix-format.txt, R object format";
    static final String SAVE_RDS = "R documentation, ?saveRDS (argument compress)";

    private RdsDocs() { }

    private static final FieldDocs.Builder B = FieldDocs.builder();
    private static final Map<String, Explanation> BY_KEY = new HashMap<>();
    /** The key of each field label of the stream's own nodes (for fields lent to the file node, see {@link #forFile}). */
    private static final Map<String, String> KEY_OF_LABEL = new HashMap<>();

    /** The flags word's fields, which a pairlist cell also has for itself. */
    static final List<String> FLAG_KEYS = List.of("flags", "type", "ref_index", "is_object", "has_attributes", "has_tag",
            "levels", "bytes_bit", "latin1_bit", "utf8_bit", "ascii_bit", "s4_bit");

    private static void doc(String key, String label, String title, String text, String formula, String section) {
        Explanation e = new Explanation(title, text, formula, section);
        BY_KEY.put(key, e);
        KEY_OF_LABEL.put(label, key);
        B.put(key, f -> e);
    }

    private static void doc(String key, Explanation e) {
        BY_KEY.put(key, e);
        B.put(key, f -> e);
    }

    static {
        // ---- the wrapper (file node)
        doc("compression", "compression", "Compression: none",
                "saveRDS(compress = FALSE) writes the serialization stream straight into the file, so every offset "
                        + "PackScope shows for an item is also its offset in the file.",
                "", SAVE_RDS);
        doc("magic", "magic", "Wrapper magic",
                "saveRDS normally pipes the serialization stream through a compressor. PackScope tells which one from "
                        + "the first bytes, never from the file name: 1f 8b is gzip (the default), fd 37 7a 58 5a 00 is xz "
                        + "(compress = \"xz\") and \"BZh\" is bzip2 (compress = \"bzip2\"). Without any of these the file is "
                        + "taken to be the plain stream.",
                "gzip: bytes[0..1] = 1f 8b · xz: bytes[0..5] = fd '7zXZ' 00 · bzip2: bytes[0..2] = 'BZh'",
                SAVE_RDS + "; RFC 1952 §2.3.1 (gzip), .xz File Format §2.1.1 (xz)");
        Explanation wrapperHeader = new Explanation("Wrapper header",
                "The compressor's own header in front of the compressed data: for gzip the 10 fixed bytes (magic, method 8 = "
                        + "deflate, flags, time, extra flags, OS) plus any optional name/comment/extra fields the flags announce; "
                        + "for xz and bzip2 the magic bytes. It says nothing about the R object, only how to undo the compression.",
                "gzip data start = 10 + |FEXTRA| + |FNAME| + |FCOMMENT| + (FHCRC ? 2 : 0)",
                "RFC 1952 §2.3 (gzip member format)");
        B.put("wrapper_header", x -> wrapperHeader);
        doc("compressed", "compressed", "Compressed stream",
                "The bytes the decompressor consumed, from the start of the file to the end of the last compressed member "
                        + "(for gzip: including the CRC-32 and size trailer). Bytes after it are reported as trailing bytes. "
                        + "R decompresses the whole stream before reading any item, and so does PackScope.",
                "", SAVE_RDS);
        doc("decompressed_size", "decompressed size", "Decompressed size",
                "How many bytes the wrapper gave back. PackScope keeps them in memory under the name shown, and every "
                        + "item node below points into that buffer, not into the file. For a damaged wrapper this is what "
                        + "could be decompressed before the damage; the items after that point are missing.",
                "gzip: size mod 2^32 is also stored in the last 4 bytes of the file (ISIZE)", "RFC 1952 §2.3.1 (ISIZE)");

        doc("xdr_rewrite", "XDR rewrite", "XDR rewrite of the ASCII text",
                "An ASCII stream (serialize(ascii = TRUE), save(ascii = TRUE)) writes every integer, double and raw "
                        + "byte as a word of text on its own line (NA, NaN, Inf and -Inf by name; doubles in decimal "
                        + "with 16 significant digits or in hex) and strings with C-style escapes (\\n, \\t, octal "
                        + "\\ooo for bytes at or below space and above '~'). PackScope rewrites it word by word as the "
                        + "equivalent XDR stream and reads that, so the same nodes serve both; traces lead back to the "
                        + "word in the text. NaN has no payload in text and comes back as R's usual NaN bits.",
                "int → 4 bytes, double → 8 bytes, raw byte → 1 byte, string of n bytes → n bytes", SERIALIZATION);

        // ---- the stream header
        doc("save_magic", "save() magic", "save() magic",
                "An .RData file written by save() starts with \"RDX2\\n\" or \"RDX3\\n\" before an ordinary serialization "
                        + "stream; the object is then a pairlist whose tags are the saved variable names. saveRDS writes no "
                        + "such line.",
                "", SERIALIZATION);
        doc("format", "format", "Serialization format",
                "Two bytes naming how every number that follows is written: \"X\\n\" is XDR (big-endian binary, what "
                        + "saveRDS uses), \"A\\n\" ASCII text and \"B\\n\" native binary (the writer's byte order). "
                        + "The letter decides how to read everything else, so it comes first.",
                "", SERIALIZATION);
        doc("version", "version", "Format version",
                "Which layout of the stream follows. Version 2 was R's default up to 3.5.0; version 3 (the default since) "
                        + "adds the native encoding name to the header and allows ALTREP items. A reader must refuse a "
                        + "version it does not know.",
                "version ∈ {2, 3}", SERIALIZATION);
        doc("writer_version", "writer R version", "Writer R version",
                "The R version that wrote the stream, packed into one int32 one byte per component. It is informative "
                        + "only: nothing in the layout depends on it.",
                "R_Version(x, y, z) = x·65536 + y·256 + z  (0x00040202 = 4.2.2)", SERIALIZATION);
        doc("min_reader_version", "minimal reader R version", "Minimal reader R version",
                "The oldest R able to read the stream: 2.3.0 for version 2, 3.5.0 for version 3. R compares it with its "
                        + "own version before reading.",
                "R_Version(x, y, z) = x·65536 + y·256 + z", SERIALIZATION);
        doc("native_encoding_length", "native encoding length", "Native encoding length",
                "Version 3 only: the number of bytes of the encoding name that follows (an int32, no terminator).",
                "name = bytes[offset + 4, offset + 4 + length)", SERIALIZATION);
        doc("native_encoding", "native encoding", "Native encoding",
                "Version 3 only: the writer's native character encoding (e.g. \"UTF-8\"). Strings whose CHARSXP carries none "
                        + "of the UTF-8, latin1, bytes or ASCII bits were in this encoding on the writing machine; a version 2 "
                        + "stream does not say, and PackScope reads such strings as UTF-8.",
                "", SERIALIZATION);

        // ---- the flags word and its bits
        doc("flags", "flags", "Flags word",
                "Every item starts with one big-endian int32 that packs what R needs before it can read the rest: the "
                        + "SEXPTYPE in the low byte, three booleans (is-object, has-attributes, has-tag) in bits 8–10 and "
                        + "the 16 \"levels\" (gp) bits in bits 12–27. For a REFSXP the bits above the type hold the reference "
                        + "index instead. Bits 11 and 28–31 are always zero in streams R writes.",
                "flags = type | is_object << 8 | has_attr << 9 | has_tag << 10 | levels << 12", SERIALIZATION);
        doc("type", "type", "SEXPTYPE",
                "The item's type: an R vector type (INTSXP 13, REALSXP 14, STRSXP 16, VECSXP 19, ...), a pairlist "
                        + "kind (LISTSXP 2, LANGSXP 6), S4SXP 25, or one of the stream-only pseudo-types from 238 up "
                        + "(NILVALUE_SXP 254 for NULL, REFSXP 255, ALTREP_SXP 238, ...). It decides what follows the flags.",
                "type = flags & 0xFF", SERIALIZATION);
        doc("ref_index", "reference index", "Reference index",
                "Symbols and environments are written once; every later occurrence is a REFSXP whose flags carry the "
                        + "1-based position of the first one in the reference table that reader and writer both build "
                        + "as they go. Index 0 means the index did not fit in 24 bits and follows as its own int32.",
                "index = flags >> 8  (0 → next int32)", SERIALIZATION);
        doc("is_object", "is-object", "is-object bit",
                "Set when the item has a class attribute (R's OBJECT bit), so dispatch on it is possible. The class "
                        + "itself is in the attributes that follow; the bit is a shortcut R restores as-is.",
                "is_object = (flags >> 8) & 1", SERIALIZATION);
        doc("has_attributes", "has-attributes", "has-attributes bit",
                "Set when an attribute pairlist is stored with the item. For vectors it follows the payload; for "
                        + "pairlist cells it comes first, before the tag. An S4 object's slots are its attributes.",
                "has_attr = (flags >> 9) & 1", SERIALIZATION);
        doc("has_tag", "has-tag", "has-tag bit",
                "Set on a pairlist cell (LISTSXP, LANGSXP, ...) that has a tag, i.e. a name: attribute names and S4 "
                        + "slot names are tags. The tag is a SYMSXP (or a REFSXP to one) written before the cell's value.",
                "has_tag = (flags >> 10) & 1", SERIALIZATION);
        doc("levels", "levels", "Levels (gp bits)",
                "R's 16 general-purpose bits of the item, carried along so the reader can restore them. Most items "
                        + "have 0. For a CHARSXP they give the string's encoding (bytes 2, latin1 4, UTF-8 8, ASCII 64); "
                        + "for other items levels & 16 (flags bit 16) marks an S4 object.",
                "levels = (flags >> 12) & 0xFFFF", SERIALIZATION);
        doc("bytes_bit", "bytes bit", "bytes encoding bit",
                "CHARSXP levels & 2 (flags bit 13): the string is raw bytes with no declared encoding "
                        + "(Encoding(x) == \"bytes\"); R will not translate it.",
                "bytes = (levels & 2) != 0", SERIALIZATION);
        doc("latin1_bit", "latin1 bit", "latin1 encoding bit",
                "CHARSXP levels & 4 (flags bit 14): the string's bytes are ISO-8859-1.",
                "latin1 = (levels & 4) != 0", SERIALIZATION);
        doc("utf8_bit", "UTF-8 bit", "UTF-8 encoding bit",
                "CHARSXP levels & 8 (flags bit 15): the string's bytes are UTF-8 regardless of the native encoding.",
                "utf8 = (levels & 8) != 0", SERIALIZATION);
        doc("ascii_bit", "ASCII bit", "ASCII bit",
                "CHARSXP levels & 64 (flags bit 18): every byte is below 0x80, so the string reads the same in any "
                        + "encoding. R sets it on almost every plain name.",
                "ascii = (levels & 64) != 0", SERIALIZATION);
        doc("s4_bit", "S4 bit", "S4 bit",
                "Levels & 16 (flags bit 16) on a non-string item: an S4 object. BPCells in-memory matrices are S4SXP "
                        + "items with this bit, is-object and has-attributes set (flags 0x00010319); their slots follow.",
                "s4 = (levels & 16) != 0", SERIALIZATION + "; " + BPCELLS);

        // ---- kind-specific fields whose text does not depend on the type
        doc("chars.bytes", "bytes", "String bytes",
                "The CHARSXP's bytes, exactly as stored (no terminator, no padding). They are decoded with the encoding "
                        + "named by the levels bits, or the header's native encoding when none is set.",
                "bytes = stream[offset + 8, offset + 8 + length)", SERIALIZATION);
        doc("chars.encoding", "encoding", "String encoding",
                "Derived, not stored on its own: the encoding the levels bits name (bytes, latin1, UTF-8, ASCII), or "
                        + "'native' when none is set, meaning the header's native encoding (UTF-8 for version 2 here).",
                "", SERIALIZATION);
        doc("symbol.reference", "reference", "Reference table slot",
                "Derived: the position this symbol took in the reference table when it was read. A later REFSXP with "
                        + "this index stands for the same symbol; nothing is written for it in the stream.",
                "slot = number of symbols/environments read before it + 1", SERIALIZATION);
        doc("ref.index", "index", "Reference index (int32)",
                "The reference index written as its own int32 because the flags word's 24 spare bits were 0.",
                "target = reference table[index − 1]", SERIALIZATION);
        doc("ref.target", "target", "Reference target",
                "Derived: the earlier symbol or environment the reference repeats. A reference past the end of the table "
                        + "is a damaged stream: R would fail to read it.",
                "target = reference table[index − 1]", SERIALIZATION);
        doc("s4.slots", "slots", "S4 slots",
                "An S4SXP has no payload of its own: its slots are the attribute pairlist that follows, one tagged cell "
                        + "per slot (tag = slot name, CAR = value), ending with the 'class' slot. BPCells stores each "
                        + "matrix array in a slot, and the matrix shape, storage order and names in R's dim, transpose and "
                        + "dimnames slots.",
                "", SERIALIZATION + "; " + BPCELLS);
        doc("pairlist.end", "end", "End of pairlist",
                "A pairlist is written cell after cell, each cell's CDR being the next cell; the chain ends with "
                        + "NILVALUE_SXP (254), the 4 bytes of R's NULL.",
                "end = flags word 0x000000FE", SERIALIZATION);
        B.put("s4.slots_end", x -> explainKey("pairlist.end"));
        doc("tag", "tag", "Cell tag",
                "The cell's name: a SYMSXP (flags 1 then a CHARSXP with the name) the first time a name appears, a "
                        + "REFSXP to it afterwards. For attributes and S4 slots it is the attribute or slot name.",
                "", SERIALIZATION);
        doc("env.locked", "locked", "Environment locked",
                "An environment starts with an int32 that is 1 when it was locked (no bindings can be added), then its "
                        + "enclosure, frame, hash table and attributes as items.",
                "", SERIALIZATION);
        doc("altrep.class", "class", "ALTREP class",
                "ALTREP_SXP (238) stands for a vector R keeps in a compact form. Its info pairlist names the class, "
                        + "its package and the base type; its state item holds what the class needs to rebuild the "
                        + "values. compact_intseq/compact_realseq store (n, start, step), deferred_string the numbers "
                        + "to format, wrap_* a list(vector, metadata). PackScope expands the classes whose state fully "
                        + "determines the values, into a small stream of its own (the 'expanded' child).",
                "compact seq: x[k] = start + k·step, k < n", SERIALIZATION);
        doc("problem", "problem", "Reading stopped",
                "Derived: the rule of the diagnostic that stopped reading at this item. The stream has no lengths that "
                        + "would allow skipping an item, so nothing after an unreadable item can be located.",
                "", SERIALIZATION);
        KEY_OF_LABEL.put("gzip header", "wrapper_header");
        KEY_OF_LABEL.put("xz header", "wrapper_header");
        KEY_OF_LABEL.put("bzip2 header", "wrapper_header");
        KEY_OF_LABEL.put("slots end", "s4.slots_end");

        // ---- fields whose text depends on the item's type
        doc("chars.length", length(RFlags.CHARSXP));
        doc("elements.length", length(RFlags.VECSXP));
        for (int t : new int[] {RFlags.LGLSXP, RFlags.INTSXP, RFlags.REALSXP, RFlags.CPLXSXP, RFlags.RAWSXP}) {
            doc(typeKey(t) + ".length", length(t));
            doc(typeKey(t) + ".data", data(t));
        }
        doc("symbol.name", new Explanation("Symbol name",
                "A SYMSXP is its name and nothing else: one CHARSXP item follows the flags. The symbol then enters "
                        + "the reference table, so a second use of the same name costs only a REFSXP.",
                "", SERIALIZATION));
        doc("primitive.name", new Explanation("Primitive name", "SPECIALSXP and BUILTINSXP items are R's built-in functions; "
                + "they are stored by name (int32 length then the bytes) and looked up again when read.",
                "", SERIALIZATION));

        // ---- a pairlist cell's own flags word
        for (String k : FLAG_KEYS) {
            Explanation e = BY_KEY.get(k);
            doc("cell." + k, new Explanation("Pairlist cell: " + e.title(), "These are the cell's own bits, not its value's: "
                    + "a pairlist cell (LISTSXP 2, or LANGSXP for calls) has its own flags word, then its attributes "
                    + "if flagged, its tag if flagged, and its CAR (the value shown below). " + e.text(),
                    e.formula(), e.specSection()));
        }
    }

    /** Every field of the R nodes, hung on them as their explainer. */
    public static final FieldDocs DOCS = B.build();

    /** The explanation of a documented key (for tests and for keys that share a text). */
    static Explanation explainKey(String key) { return BY_KEY.get(key); }

    /** lgl, int, real, cplx or raw: the key prefix of an atomic vector's length and data. */
    static String typeKey(int type) {
        return switch (type) {
            case RFlags.LGLSXP -> "lgl";
            case RFlags.INTSXP -> "int";
            case RFlags.REALSXP -> "real";
            case RFlags.CPLXSXP -> "cplx";
            default -> "raw";
        };
    }

    /**
     * The explainer of the file node: its own fields by key; then the fields a BPCells matrix
     * lends it, which carry their labels as keys: a label that names a field of the stream
     * is explained as that field (as "version" always has been), any other by the matrix's
     * explainer ({@code matrix}, may be null), and failing that as a fact of the matrix.
     */
    static FieldExplainer forFile(FieldExplainer matrix) {
        return f -> {
            Explanation e = DOCS.explain(f);
            if (e != null) return e;
            String key = KEY_OF_LABEL.get(f.name());
            if (key != null) return BY_KEY.get(key);
            Explanation m = matrix == null ? null : matrix.explain(f);
            if (m != null) return m;
            return bpcellsFact(f);
        };
    }

    private static Explanation length(int type) {
        if (type == RFlags.CHARSXP) {
            return new Explanation("String length",
                    "The number of bytes of the string that follow (not characters: a multi-byte UTF-8 character "
                            + "counts each byte). −1 marks NA_character_, which has no bytes.",
                    "length = −1 → NA; else bytes = stream[offset + 8, offset + 8 + length)", SERIALIZATION);
        }
        if (type == RFlags.STRSXP || type == RFlags.VECSXP || type == RFlags.EXPRSXP) {
            return new Explanation("Vector length",
                    "How many items follow: one complete item per element (a CHARSXP per string, any item per list "
                            + "element), each with its own flags. Items have no byte length, so element k can only be "
                            + "found by reading elements 0..k−1. Vectors of 2^31 or more elements write −1 then the "
                            + "length as two int32 (high, low).",
                    "length < 2^31 − 1: int32; else −1, hi, lo with length = hi·2^32 + lo", SERIALIZATION);
        }
        int size = RItem.Vector.elementSize(type);
        return new Explanation("Vector length",
                "The number of elements of the atomic vector. Its payload is exactly length × " + size
                        + " bytes, so PackScope checks that many bytes are left before reading any. Vectors of 2^31 or "
                        + "more elements write −1, then the length as two int32 (high, low).",
                "payload bytes = length × " + size + "  (long vector: length = hi·2^32 + lo)", SERIALIZATION);
    }

    private static Explanation data(int type) {
        return switch (type) {
            case RFlags.LGLSXP -> new Explanation("Logical data",
                    "One big-endian int32 per element: 0 is FALSE, 1 is TRUE and 0x80000000 (the smallest int32) is NA. "
                            + "R stores logicals as full ints so that NA fits.",
                    "x[k] = int32 at data + 4k; NA ⇔ 0x80000000", SERIALIZATION);
            case RFlags.INTSXP -> new Explanation("Integer data",
                    "One big-endian two's-complement int32 per element; 0x80000000 is NA_integer_. BPCells keeps uint32 "
                            + "and float32 arrays in integer vectors bit for bit, so there the same 4 bytes mean an "
                            + "unsigned number or an IEEE float.",
                    "x[k] = int32 at data + 4k (most significant byte first)", SERIALIZATION + "; " + BPCELLS);
            case RFlags.REALSXP -> new Explanation("Double data",
                    "One big-endian IEEE 754 binary64 per element. NA_real_ is a NaN whose low 32 bits are 1954; other "
                            + "NaNs are R's NaN. BPCells stores uint64 arrays (idxptr, *_offsets) as exact doubles.",
                    "x[k] = (−1)^s · 1.m · 2^(e − 1023), the 8 bytes at data + 8k", SERIALIZATION + "; " + BPCELLS);
            case RFlags.CPLXSXP -> new Explanation("Complex data",
                    "Two big-endian IEEE 754 binary64 per element, real part first. PackScope's value column lists the "
                            + "parts one after the other, so value 2k is Re(x[k]) and value 2k+1 is Im(x[k]).",
                    "Re(x[k]) at data + 16k, Im(x[k]) at data + 16k + 8", SERIALIZATION);
            default -> new Explanation("Raw data",
                    "One byte per element, stored as is (no padding to 4 bytes in XDR streams).",
                    "x[k] = byte at data + k", SERIALIZATION);
        };
    }

    /** Fields a BPCells matrix node lends the file node, when the matrix has no explainer of its own. */
    private static Explanation bpcellsFact(Field f) {
        String meaning = f.meaning() == null || f.meaning().isEmpty() ? "" : f.meaning() + ". ";
        return new Explanation(f.name(), meaning + "This is a fact of the BPCells matrix the .rds file holds, "
                + "worked out from the S4 object's slots (dim, transpose, dimnames, version and the arrays) rather than "
                + "read from one place in the stream; the 'object' child shows the slots it comes from.",
                "", BPCELLS);
    }
}
