package org.packscope.codec.binjson;

import org.packscope.codec.inspect.Explanation;
import org.packscope.codec.inspect.FieldDocs;

/**
 * What every field of binary JSON is, keyed by field key: the same label means different
 * things on different nodes ("count" of strings, of map entries, of array elements), so
 * each meaning has a key of its own ({@code strings.count}, {@code map.count},
 * {@code nd.count}). Indexed fields ({@code nd.dim}, {@code nd.plane}, ...) share one text.
 */
final class BinaryJsonDocs {
    private BinaryJsonDocs() { }

    static final String SPEC = "binary-json-v1.md, ";
    static final String S1 = SPEC + "1. Building blocks";
    static final String S2 = SPEC + "2. File layout";
    static final String S3 = SPEC + "3. String table";
    static final String S4 = SPEC + "4. Values";
    static final String S41 = SPEC + "4.1 Float (`0001 hhhh`)";
    static final String S42 = SPEC + "4.2 Map (`100 C pppp`)";
    static final String S43 = SPEC + "4.3 Inhomogeneous list (`101 C pppp`)";
    static final String S44 = SPEC + "4.4 Homogeneous N-D array (`11 tt dddd`)";
    static final String S5 = SPEC + "5. Seekable variant (SJ)";
    static final String S7 = SPEC + "7. Clarifications (normative)";

    private static final FieldDocs.Builder B = FieldDocs.builder();

    /** A text with its own title (the explain pane's heading), whatever the field's label. */
    private static void doc(String key, String title, String text, String formula, String section) {
        Explanation e = new Explanation(title, text, formula, section);
        B.put(key, f -> e);
    }

    static {
        // ------------------------------------------------------------ header
        doc("magic", "Magic",
                "The first two bytes say which of the two variants this is. \"BJ\" is plain binary JSON, as small as "
                        + "possible; \"SJ\" is the seekable variant, which adds byte lengths to containers and an index to "
                        + "the string table so a reader can jump over data it does not need. Any other pair means the "
                        + "file is not binary JSON, and nothing after it is read.",
                "magic ∈ {\"BJ\", \"SJ\"}", S2);
        doc("version", "Protocol version",
                "A uflex right after the magic. Version 1 is the only one defined; a reader refuses other versions "
                        + "rather than guessing at a layout it does not know.",
                "version = 1", S2);
        doc("floatcomp", "Float compression level c",
                "One setting for the whole file: how many low bits of every binary64 float were thrown away by the "
                        + "writer. It fixes the size of every truncated float (scalar payload bytes, N-D byte planes). "
                        + "Level 0 keeps floats exact; each level above removes 8 more bits (the first step 4), trading "
                        + "precision for size. f32 and float-as-int values are never truncated.",
                "r(0) = 0, r(c) = 4 + 8·(c − 1); K = 64 − r(c) kept bits", S1);


        // ------------------------------------------------------------ string table
        doc("strings.count", "String count",
                "How many strings the table holds (a uflex). Every map key and string value of the document is stored "
                        + "once here and referred to by its number, so repeated keys cost one small integer each. "
                        + "The count is checked against the bytes left before anything is allocated.",
                "strings are numbered 0 .. count − 1", S3);
        doc("strings.length", "Entries length (SJ)",
                "Seekable files only: the byte length of the entries section, so a reader can skip the whole table "
                        + "or check it. It covers only the entries, not the count, this length or the index.",
                "length = Σ (uflex length + UTF-8 bytes) over all entries", S7);
        doc("strings.index", "String index (SJ)",
                "Seekable files only: one little-endian i32 for every 16th string, giving where that string's entry "
                        + "starts, counted from the start of the entries. To find string k a reader jumps to entry "
                        + "k / 16 and steps over at most 15 entries.",
                "ceil(count / 16) entries; entry k = offset of string 16·k", S3);
        doc("strings.index_entry", "Index entry (SJ)",
                "One i32 of the SJ string index: the byte offset of string 16·k's length uflex from the start of the "
                        + "entries. Entry 0 is always 0. A reader compares each entry with where the string really "
                        + "starts and reports a mismatch.",
                "offset(string 16·k) − entries start", S7);
        doc("strings.entries", "Entries",
                "The strings themselves, in table order: each is a uflex byte length followed by that many bytes of "
                        + "UTF-8. Writers put the most frequent strings first so their indices fit in the fewest bits.",
                "entry i = uflex(len_i) ‖ utf8_i", S3);
        doc("entry.length", "String byte length",
                "A uflex: how many UTF-8 bytes this string has (bytes, not characters). It is compared with the bytes "
                        + "left in the file before the string is read.",
                "next entry starts at length field end + length", S3);
        doc("entry.utf8", "UTF-8 bytes",
                "The text of the string. It must be valid UTF-8; the first invalid byte is reported by its offset. "
                        + "Every key, string value or string array element with this string's index means this text.",
                "", S3);


        // ------------------------------------------------------------ any value
        doc("key", "Map key",
                "This value is an entry of a map; the key comes first, as a bare uflex string index (no type byte, "
                        + "since a key is always a string). Two keys of one map with the same text are a corruption.",
                "key text = strings[index]", S42);
        doc("type_byte", "Type byte",
                "Every value starts with one type byte. Its leading bits are a prefix code for the kind of value "
                        + "(null/false/true constants, float, int, string, f32, float-as-int, map, list, N-D array); the "
                        + "remaining bits carry a payload: the start of an integer, the top of a float, or the element "
                        + "type and dimensions of an array. Reserved patterns (0x01, 0x04..0x0F) are a corruption.",
                "tag = leading T bits; payload = low 8 − T bits", S4);


        // ------------------------------------------------------------ constants
        doc("constant.value", "Constant",
                "null, false and true are whole type bytes (0x00, 0x02, 0x03) with nothing after them: one byte each.",
                "0x00 → null, 0x02 → false, 0x03 → true", S4);


        // ------------------------------------------------------------ inline flex (int, string, float-as-int, map, list)
        doc("flex.tag", "Tag (3 bits)",
                "The top three bits of the type byte: 001 int, 010 string, 100 map, 101 list. A 3-bit tag leaves 5 "
                        + "payload bits for an inline flex integer, so small ints, string indices and counts need no "
                        + "byte beyond the type byte.",
                "P = 8 − T = 5 payload bits", S1);
        doc("fai.tag", "Tag (4 bits)",
                "0111: float-as-int, an integral float stored as an int because that is shorter than its float form. "
                        + "The 4-bit tag leaves 4 payload bits: a continuation flag and 3 value bits.",
                "P = 8 − T = 4 payload bits", S1);
        doc("flex.c", "Continuation flag C",
                "The highest payload bit of the type byte. 0: the whole value is in the low bits of the type byte. "
                        + "1: the value is too big, and a uflex holding its higher bits follows the type byte. A "
                        + "continuation of 0 is legal but non-canonical (a warning).",
                "C = bit (P − 1) of the type byte", S1);
        doc("flex.low_bits", "Low value bits",
                "The value bits kept in the type byte: the least significant P − 1 bits of the inline flex (4 bits "
                        + "for 3-bit tags, 3 for float-as-int).",
                "low = type byte & (2^(P−1) − 1)", S1);
        doc("flex.continuation", "Continuation uflex",
                "Present when C = 1: a uflex (7 bits per byte, least significant group first, high bit = more) with "
                        + "the bits of the value above the low bits. Together they give the unsigned inline flex u; a "
                        + "value above 2^64 − 1 after reassembly is reported at the type byte.",
                "u = (continuation << (P − 1)) | low", S1);
        doc("zigzag", "Zigzag value z",
                "Signed integers are zigzag-mapped before being stored so that small negative numbers are as short as "
                        + "small positive ones: 0, −1, 1, −2, 2 … become 0, 1, 2, 3, 4 …. This is the inline flex u.",
                "z = (n << 1) ^ (n >> 63)", S1);
        doc("int.value", "Int value",
                "The signed 64-bit integer, from the zigzag value z.",
                "n = (z >>> 1) ^ −(z & 1)", S1);
        doc("fai.value", "Float-as-int value",
                "The float n.0: a writer stores an integral float with |n| < 2^53 as float-as-int when that is shorter. "
                        + "The reader keeps float-ness (3 stays 3.0, not the int 3) and never truncates it.",
                "value = (double) ((z >>> 1) ^ −(z & 1))", S41);
        doc("string.index", "String index",
                "The inline flex of a string value is an index into the string table: the text is stored once there. "
                        + "An index at or beyond the table's count is a corruption, reported at the type byte.",
                "text = strings[u]", S4);
        doc("string.value", "String value",
                "The text of the string-table entry the index names.",
                "text = strings[u]", S3);
        doc("map.count", "Entry count",
                "The inline flex of a map is its number of entries; each entry is a key (uflex string index) then a "
                        + "value. The count is compared with the bytes left (each entry takes at least 2).",
                "n = u", S42);
        doc("list.count", "Element count",
                "The inline flex of an inhomogeneous list is its number of elements, each a complete value with its "
                        + "own type byte.",
                "n = u", S43);
        doc("body_length", "Body length (SJ)",
                "Seekable files only: a uflex with the byte length of everything after it up to the end of this value "
                        + "(for an int array including the width byte). A reader can skip the value without parsing "
                        + "it; it checks the length against the real end.",
                "value end = end of this field + body length", S5);


        // ------------------------------------------------------------ floats
        doc("float.tag", "Tag 0001",
                "The high nibble 0001 marks a binary64 float, truncated according to the file's float compression.",
                "", S41);
        doc("float.hhhh", "hhhh",
                "The low nibble of the type byte. With c = 0 it is unused and must be 0000. With c ≥ 1 the kept bit "
                        + "count K ends in a half byte (K mod 8 = 4), and this nibble holds the 4 most significant bits "
                        + "of the pattern — the sign and top 3 exponent bits — so no half byte is wasted.",
                "pattern bits 63..60 = hhhh (c ≥ 1)", S41);
        doc("float.payload", "Float payload",
                "The bytes after the type byte, most significant first: the whole binary64 when c = 0 (8 bytes), "
                        + "otherwise the (K − 4) / 8 bytes that follow hhhh. Float bit patterns are big-endian, unlike "
                        + "the little-endian fixed-width ints.",
                "pattern = hhhh << 60 | payload << r(c)", S41);
        doc("float.bits", "Restored bit pattern",
                "The IEEE-754 binary64 pattern with the r(c) removed low bits set to 0. Truncation rounds the "
                        + "magnitude down; it can turn a NaN whose payload was only in the removed bits into ±Infinity.",
                "bits = kept K bits ‖ r(c) zeros", S7);
        doc("float.value", "Float value",
                "The float the restored pattern means, printed as the shortest decimal that reads back to the same "
                        + "bits.",
                "value = (−1)^s · 1.f · 2^(e − 1023)", S41);
        doc("f32.tag", "Tag 0110",
                "The high nibble 0110 marks a float stored as IEEE-754 binary32: a writer uses it when the value is "
                        + "exactly a binary32 and that is shorter than the truncated f64.",
                "", S4);
        doc("f32.nibble", "Low nibble",
                "Unused; must be 0000. Anything else is a corruption.", "type byte & 0x0F = 0", S7);
        doc("f32.binary32", "binary32 bits",
                "Four bytes, most significant first: the binary32 pattern. Never truncated, at any float compression.",
                "value = (−1)^s · 1.f · 2^(e − 127)", S7);
        doc("f32.value", "Float value",
                "The binary32 value (exactly representable as binary64), printed as the shortest decimal that reads "
                        + "back as the same binary32.",
                "", S4);


        // ------------------------------------------------------------ N-D arrays
        doc("nd.tag", "Tag 11",
                "The top two bits 11 mark a homogeneous N-D array: a list (or rectangular nesting of lists) whose "
                        + "elements share one type. Dropping per-element type bytes and packing elements by type makes "
                        + "arrays far smaller than inhomogeneous lists.",
                "", S44);
        doc("nd.tt", "Element type tt",
                "Two bits: 00 strings (uflex indices), 01 booleans (bits), 10 ints (fixed width), 11 floats (byte planes).",
                "", S44);
        doc("nd.dddd", "Dimensions dddd",
                "Four bits: how many dimension sizes follow, 1 to 15. The decoded value is a nesting of JSON arrays "
                        + "that deep. 0 dimensions is a corruption.",
                "depth = dddd", S44);
        doc("nd.dim", "Dimension size",
                "A uflex: the size of one dimension, outermost first. Sizes may be 0 (nesting stops at the first 0).",
                "count = Π dim_k (≤ 2^48)", S44);
        doc("nd.count", "Element count",
                "The product of the dimension sizes: how many elements the data holds. It is checked against 2^48 "
                        + "and then the data's size against the bytes left, before anything is read.",
                "count = Π dim_k", S44);
        doc("nd.width", "Int width w",
                "For int arrays: one byte, the width of every element in bytes (1, 2, 4 or 8). The writer picks the "
                        + "smallest that holds all elements; any other value is a corruption.",
                "data bytes = count · w", S44);
        doc("nd.data", "Element data",
                "The elements in row-major order (last index fastest), stored by type: strings as uflex indices, "
                        + "booleans 8 per byte from the least significant bit, ints as w-byte little-endian two's "
                        + "complement, floats as byte planes.",
                "bytes: strings ≥ count, booleans ceil(count/8), ints count·w, floats count·B", S44);
        doc("nd.plane", "Byte plane",
                "Floats are split into B = ceil(K/8) planes: plane j holds byte j (most significant first) of every "
                        + "element. Bytes of the same significance sit together, which makes the data compress well "
                        + "(exponents repeat). When K mod 8 = 4 the last plane keeps only its high nibble; a set low "
                        + "nibble is a warning and reads as 0.",
                "byte j of element i at data start + j·count + i", S44);
        doc("slice.first_element", "First element",
                "A slice of an N-D array along its outer dimensions; its elements are contiguous in row-major order, "
                        + "starting at this flat index.",
                "first = Σ i_k · Π_{m>k} dim_m", S44);
        doc("element.string_index", "String element",
                "A uflex index into the string table. Elements have varying length, so finding element i means "
                        + "stepping over the i before it.",
                "text = strings[index]", S44);
        doc("element.bit", "Boolean bit",
                "Element i is bit i mod 8 of data byte i / 8, least significant bit first; 1 is true. Unused high "
                        + "bits of the last byte must be 0 (a warning otherwise).",
                "b_i = (data[i >> 3] >> (i & 7)) & 1", S44);
        doc("element.int", "Int element",
                "The element's w bytes, little-endian two's complement.",
                "n = Σ byte_j · 256^j, minus 2^(8w) if the top bit is set", S44);
        doc("element.plane", "Byte of one plane",
                "This element's byte in plane j: byte j of its bit pattern, most significant first.",
                "pattern |= byte_j << (56 − 8j)", S44);
        doc("element.bits", "Restored bit pattern",
                "The planes' bytes joined most significant first, with the r(c) removed bits (and any padding "
                        + "nibble) as 0.",
                "bits = (Σ byte_j << (56 − 8j)) & (−1 << r(c))", S44);
        doc("element.float", "Float element",
                "The float the restored pattern means, printed as the shortest decimal that reads back to the same bits.",
                "", S41);
    }

    /** The documentation of every binary JSON field, hung on every node as its explainer. */
    static final FieldDocs DOCS = B.build();
}
