package org.packscope.codec.bpcells;

import java.util.HashMap;
import java.util.Map;

import org.packscope.codec.bpcells.bp128.Bp128Variant;
import org.packscope.codec.inspect.Explanation;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;

/**
 * What each field of a BPCells node means, why the format has it and the formula it
 * enters, tied to the sections of bpcells-matrix-format.txt (and, for what that text
 * leaves out, to the observations in the fixtures' MANIFEST.json). One instance per
 * node kind; array nodes also know which array they show.
 */
final class BpcellsExplainer implements FieldExplainer {

    static final String SPEC = "bpcells-matrix-format.txt, ";
    static final String LAYOUT = SPEC + "Matrix Logical Storage Layout";
    static final String PACKED = SPEC + "Matrix Logical Storage Layout (Bitpacked compressed matrices)";
    static final String VERSION = SPEC + "Matrix Logical Storage Layout (version string: [compression]-[datatype]-matrix-v2)";
    static final String BP128 = SPEC + "Bitpacking formats › BP128";
    static final String D1Z = SPEC + "Bitpacking formats › BP128d1z";
    static final String FOR = PACKED + "; fixtures/bpcells MANIFEST.json format_notes_observed.bp128_for";
    static final String DIR = SPEC + "Physical storage layout › Directory of files format";
    static final String HDF5 = SPEC + "Physical storage layout › Hdf5 file format";
    static final String R = SPEC + "Physical storage layout › R object format";

    private enum Kind { MATRIX, ARRAY, CHUNK, MAJORS, MAJOR, ENTRIES, VERSION_FILE }

    static final BpcellsExplainer MATRIX = new BpcellsExplainer(Kind.MATRIX, null, null);
    static final BpcellsExplainer MAJORS = new BpcellsExplainer(Kind.MAJORS, null, null);
    static final BpcellsExplainer MAJOR = new BpcellsExplainer(Kind.MAJOR, null, null);
    static final BpcellsExplainer ENTRIES = new BpcellsExplainer(Kind.ENTRIES, null, null);
    static final BpcellsExplainer VERSION_FILE = new BpcellsExplainer(Kind.VERSION_FILE, null, null);

    static BpcellsExplainer array(String name) { return new BpcellsExplainer(Kind.ARRAY, name, null); }

    static BpcellsExplainer chunk(PackedStream stream) { return new BpcellsExplainer(Kind.CHUNK, null, stream); }

    private final Kind kind;
    private final String array;
    private final PackedStream stream;

    private BpcellsExplainer(Kind kind, String array, PackedStream stream) {
        this.kind = kind;
        this.array = array;
        this.stream = stream;
    }

    @Override
    public Explanation explain(Field field) {
        String name = field.name();
        Explanation e = switch (kind) {
            case MATRIX -> MATRIX_TEXTS.get(name);
            case ARRAY -> name.equals("type") ? arrayText(array) : ARRAY_TEXTS.get(name);
            case CHUNK -> chunkText(generic(name), field);
            case MAJORS -> MAJORS_TEXTS.get(name);
            case MAJOR -> MAJOR_TEXTS.get(name);
            case ENTRIES -> ENTRIES_TEXTS.get(name);
            case VERSION_FILE -> VERSION_TEXTS.get(name);
        };
        return e == null ? null : new Explanation(name, e.text(), e.formula(), e.specSection());
    }

    /** "word 17" → "word", "value 5 (high bits)" → "value (high bits)". */
    static String generic(String name) {
        return name.replaceFirst("^(word|value) \\d+", "$1");
    }

    private static final Map<String, Explanation> MATRIX_TEXTS = new HashMap<>();
    private static final Map<String, Explanation> ARRAY_TEXTS = new HashMap<>();
    private static final Map<String, Explanation> MAJORS_TEXTS = new HashMap<>();
    private static final Map<String, Explanation> MAJOR_TEXTS = new HashMap<>();
    private static final Map<String, Explanation> ENTRIES_TEXTS = new HashMap<>();
    private static final Map<String, Explanation> VERSION_TEXTS = new HashMap<>();

    private static void put(Map<String, Explanation> m, String name, String text, String formula, String spec) {
        m.put(name, new Explanation(name, text, formula, spec));
    }

    private static final String VERSION_TEXT = "The version marker says how to read every other array: packed or unpacked, "
            + "the value type (uint = uint32, float = float32, double = float64) and the format generation. Without it a reader "
            + "could not tell a packed uint matrix (val_data, FOR) from a packed float one (plain val). BPCells keeps it in a file "
            + "named version in a folder, in the group's version attribute in HDF5, and in a version element in R.";

    static {
        // ---------------------------------------------------------------- matrix
        put(MATRIX_TEXTS, "version file", "The first line of the folder's version file, as found. " + VERSION_TEXT,
                "[packed|unpacked]-[uint|float|double]-matrix-v[1|2] followed by a newline", DIR);
        put(MATRIX_TEXTS, "hdf5 group", "The HDF5 group that holds the matrix: each named array is a 1-D dataset in it and "
                + "the version string is the group's version attribute. One .h5 file may hold several matrices in different groups.",
                "", HDF5);
        put(MATRIX_TEXTS, "store", "Where the named arrays live. BPCells defines the matrix over an abstraction of named arrays; "
                + "a folder of files, an HDF5 group and an R object are three realisations of the same layout, so PackScope reads "
                + "all three through one reader.", "", LAYOUT);
        put(MATRIX_TEXTS, "version", VERSION_TEXT, "[packed|unpacked]-[uint|float|double]-matrix-v[1|2]", VERSION);
        put(MATRIX_TEXTS, "format version", "The generation of the layout. v1 and v2 differ only in width: v1 stores idxptr "
                + "as uint32 (so at most 2^32 − 1 entries) and its packed arrays have no *_idx_offsets; v2 widens idxptr to uint64 "
                + "and adds idx_offsets so chunk word offsets can pass 2^32.", "v1: idxptr uint32; v2: idxptr uint64 + *_idx_offsets", VERSION);
        put(MATRIX_TEXTS, "packed", "Whether the arrays are bit-packed. Packed matrices replace index by the BP128-D1Z arrays "
                + "index_data, index_idx, index_idx_offsets, index_starts, and (for uint values only) val by the BP128-FOR arrays "
                + "val_data, val_idx, val_idx_offsets. Float and double values stay in a plain val array either way.", "", PACKED);
        put(MATRIX_TEXTS, "value type", "The type of the stored values: uint (uint32 counts), float (IEEE-754 float32) or "
                + "double (float64). It selects how val is read and whether values are bit-packed (only uint).", "", VERSION);
        put(MATRIX_TEXTS, "shape", "Rows and columns of the logical matrix, from the two-element shape array (uint32). "
                + "For row storage order the arrays describe the transpose, but shape still gives the logical rows first.",
                "shape = [rows, cols]", LAYOUT);
        put(MATRIX_TEXTS, "nnz", "The number of stored (non-zero) entries. It is not stored on its own: it is the last element "
                + "of idxptr, and every per-entry array (index, val, or the packed streams) must cover exactly that many.",
                "nnz = idxptr[majors]", LAYOUT);
        put(MATRIX_TEXTS, "storage order", "col means compressed sparse column: idxptr runs over columns and index holds row "
                + "numbers. row means compressed sparse row: the same arrays describe the transpose, so idxptr runs over rows and "
                + "index holds column numbers. From the storage_order string array.",
                "col: entries of column j = idxptr[j] .. idxptr[j+1]−1", LAYOUT);
        put(MATRIX_TEXTS, "density", "Derived: the share of the matrix's cells that hold a stored entry. Single-cell count "
                + "matrices are typically a few percent dense, which is why a sparse layout pays.", "density = nnz / (rows × cols)", LAYOUT);
        put(MATRIX_TEXTS, "row names", "The optional row_names array: one string per row, or empty when the matrix has no row "
                + "names (in a folder an empty file, in HDF5 a dataset of length 0).", "length = 0 or rows", LAYOUT);
        put(MATRIX_TEXTS, "col names", "The optional col_names array: one string per column, or empty when the matrix has no "
                + "column names.", "length = 0 or cols", LAYOUT);
        put(MATRIX_TEXTS, "bits per index", "Derived: how many bits the row (or column) numbers cost per entry. Unpacked, index "
                + "takes 32 bits per entry; BP128-D1Z stores only zigzagged differences between neighbouring indices, so sorted rows "
                + "within a column cost only a few bits. The figure in parentheses adds the idx, idx_offsets and starts bookkeeping.",
                "bits per index = 8 × bytes(index_data or index) / nnz", PACKED);
        put(MATRIX_TEXTS, "bits per value", "Derived: how many bits the values cost per entry. Plain val takes 32 or 64 bits; "
                + "BP128-FOR packs uint counts (minus 1) in as few bits as the largest in each chunk needs. The figure in parentheses "
                + "adds the idx and idx_offsets bookkeeping.", "bits per value = 8 × bytes(val_data or val) / nnz", PACKED);
        put(MATRIX_TEXTS, "stored bytes", "Derived: the bytes all arrays take in their container, including 8-byte folder "
                + "headers and HDF5 chunk padding, but not HDF5 object headers.", "sum of the arrays' stored bytes", SPEC + "Physical storage layout");

        // ---------------------------------------------------------------- array
        put(ARRAY_TEXTS, "length", "Number of elements. In a folder it is not stored: it follows from the file size after the "
                + "8-byte header. Each array's length is fixed by the layout (see the matrix's nnz, shape and chunk count).",
                "folder: length = (file size − 8) / element width", LAYOUT);
        put(ARRAY_TEXTS, "stored bytes", "Bytes the array takes in its container: the whole file in a folder (header included), "
                + "the dataset's storage (after compression) in HDF5.", "", SPEC + "Physical storage layout");
        put(ARRAY_TEXTS, "element 0", "Where the first element starts, when the elements lie contiguously in one file: byte 8 of "
                + "a folder file, or the data address of a contiguous, unfiltered HDF5 dataset. Element i is then at a fixed offset.",
                "offset(i) = offset(0) + i × width", DIR);
        put(ARRAY_TEXTS, "problem", "Something about the container of this array that does not fit the layout (an unknown "
                + "header, a size that is not a whole number of elements, a text file too large to read as names).", "", DIR);
        put(ARRAY_TEXTS, "chunks", "The number of 128-value BP128 chunks the stream is cut into; the last one is padded by "
                + "repeating its last value, and the padding is not decoded as entries.", "chunks = ⌈nnz / 128⌉", BP128);
        put(ARRAY_TEXTS, "file", "The file that holds this array: its name is the array's name inside the matrix folder.", "", DIR);
        put(ARRAY_TEXTS, "line ending", "String arrays are text, one element per line. Files written by old Windows builds end "
                + "lines with CRLF; the carriage return is not part of the string.", "", DIR);
        put(ARRAY_TEXTS, "header", "Every numeric folder file starts with 8 ASCII bytes naming the element type: UINT32v1, "
                + "UINT64v1, FLOATSv1 or DOUBLEv1. There is no length field: the elements simply follow, little-endian, to the end of "
                + "the file.", "bytes 0..7 = type tag; elements from byte 8", DIR);
        put(ARRAY_TEXTS, "dataset", "The HDF5 dataset holding this array: a 1-D dataset named after the array, in the matrix's group.",
                "", HDF5);
        put(ARRAY_TEXTS, "layout", "How HDF5 stores the dataset: BPCells writes numeric arrays chunked (1024 elements per chunk "
                + "by default, resizable), and string arrays contiguous.", "", HDF5);
        put(ARRAY_TEXTS, "chunk shape", "Elements per HDF5 storage chunk (BPCells' chunk_size, 1024 by default). This is HDF5's "
                + "chunking, unrelated to the 128-value BP128 chunks.", "", HDF5);
        put(ARRAY_TEXTS, "filters", "Filters HDF5 applied to each storage chunk. BPCells adds shuffle + deflate only when asked "
                + "for a gzip level; bit-packed arrays gain little from it.", "", HDF5);
        put(ARRAY_TEXTS, "object header", "Where the dataset's HDF5 object header (its type, shape, layout and filter messages) "
                + "starts in the file.", "", HDF5);
        put(ARRAY_TEXTS, "R slot", "The slot (or list element) of the R object that holds this array.", "", R);
        put(ARRAY_TEXTS, "R type", "The R vector type holding the array. R has no unsigned or 32-bit float type, so BPCells "
                + "keeps uint32 and float32 bit-cast in integer vectors and uint64 in double vectors.", "", R);
        put(ARRAY_TEXTS, "R length", "The element count of the R vector.", "", R);
        put(ARRAY_TEXTS, "R data", "The vector's elements in the R serialization (big-endian there).", "", R);
        put(ARRAY_TEXTS, "conversion", "How the R vector's elements become the array BPCells means: integer bits reinterpreted "
                + "as uint32 or float32, doubles rounded to uint64 (exact below 2^53), strings as they are.", "", R);

        // ---------------------------------------------------------------- columns / rows
        put(MAJORS_TEXTS, "count", "The stored columns (rows for row storage order): what idxptr runs over. Each one is "
                + "decoded on its own when opened, reading only its chunks.", "count = idxptr length − 1", LAYOUT);
        put(MAJOR_TEXTS, "name", "The column's (or row's) name from col_names (row_names for row order), when the matrix has names.",
                "name = col_names[j]", LAYOUT);
        put(MAJOR_TEXTS, "entries", "The range of entries (in stored order) that belong to this column (row): idxptr gives "
                + "where each column starts, and the next column's start is where it ends. An empty column has idxptr[j] = idxptr[j+1].",
                "entries of j = idxptr[j] .. idxptr[j+1] − 1", LAYOUT);

        // ---------------------------------------------------------------- entries
        put(ENTRIES_TEXTS, "order", "The (row, col, value) triplets in the order they are stored: column by column with rows "
                + "increasing for col order, row by row for row order. Entry k's index and value are element k of index and val "
                + "(or of the decoded packed streams).", "entry k → (index[k], major j with idxptr[j] ≤ k < idxptr[j+1], val[k])", LAYOUT);

        // ---------------------------------------------------------------- version file
        put(VERSION_TEXTS, "version", "The version string as stored in the folder's version file. " + VERSION_TEXT,
                "[packed|unpacked]-[uint|float|double]-matrix-v[1|2]", DIR);
        put(VERSION_TEXTS, "line end", "What follows the version string: BPCells writes a single newline (LF); files from old "
                + "Windows builds have CRLF. Anything else is not part of the version.", "", DIR);
    }

    private static Explanation arrayText(String name) {
        String n = name == null ? "" : name;
        return switch (n) {
            case ArrayNames.VAL -> new Explanation("type", "val holds the value of every stored entry, in stored order (by column, "
                    + "then row; by row for row order), as uint32, float32 or float64. Packed uint matrices replace it by val_data.",
                    "value of entry k = val[k]", LAYOUT);
            case ArrayNames.INDEX -> new Explanation("type", "index holds the 0-based row of every stored entry (the column for row "
                    + "order), uint32, in stored order; rows increase within a column. Packed matrices replace it by index_data.",
                    "row of entry k = index[k]", LAYOUT);
            case ArrayNames.IDXPTR -> new Explanation("type", "idxptr marks where each column's entries start: column j's entries are "
                    + "idxptr[j] .. idxptr[j+1] − 1 (rows for row order). It has one element more than there are columns; the last one "
                    + "is nnz. uint64 in v2, uint32 in v1.", "entries of column j = [idxptr[j], idxptr[j+1])", LAYOUT);
            case ArrayNames.SHAPE -> new Explanation("type", "shape is two uint32: the rows, then the columns of the logical matrix.",
                    "shape = [rows, cols]", LAYOUT);
            case ArrayNames.ROW_NAMES -> new Explanation("type", "row_names: one string per row, or none at all.", "length = 0 or rows", LAYOUT);
            case ArrayNames.COL_NAMES -> new Explanation("type", "col_names: one string per column, or none at all.", "length = 0 or cols", LAYOUT);
            case ArrayNames.STORAGE_ORDER -> new Explanation("type", "storage_order: one string, col (compressed sparse column) or "
                    + "row (compressed sparse row, the arrays describing the transpose).", "", LAYOUT);
            case "val_data" -> new Explanation("type", "val_data is the BP128-FOR (m1) stream of the values: uint32 words, 4·b "
                    + "per chunk of 128 values of b bits, lanes interleaved. Values are stored minus 1, since counts are rarely 0.",
                    "value = packed + 1 (b < 32); verbatim when b = 32", FOR);
            case "val_idx", "index_idx" -> new Explanation("type", n + " gives, for each chunk, the number of its first word in the "
                    + "data array, modulo 2^32; one element more than chunks, starting at 0. The difference of neighbours is 4·b, so "
                    + "it also gives each chunk's bit width.", "chunk k = data[idx[k] .. idx[k+1] − 1]; b = (idx[k+1] − idx[k]) / 4", BP128);
            case "val_idx_offsets", "index_idx_offsets" -> new Explanation("type", n + " (uint64, v2 only) lists the chunk numbers from "
                    + "which idx has wrapped past 2^32 once more, then a sentinel (the idx length). Below 16 GiB of packed data it "
                    + "is just [0, sentinel].", "idx[k] += i·2^32 for idx_offsets[i] ≤ k < idx_offsets[i+1]", BP128);
            case "index_data" -> new Explanation("type", "index_data is the BP128-D1Z stream of the row numbers: each chunk stores "
                    + "the zigzag-coded differences of consecutive rows (across column boundaries too) in b bits each, 4·b words per "
                    + "chunk, lanes interleaved.", "row[i] = row[i−1] + zz⁻¹(p[i]), row[−1] = starts[k]; zz⁻¹(p) = (p >>> 1) ^ −(p & 1)", D1Z);
            case "index_starts" -> new Explanation("type", "index_starts holds, for each chunk, the decoded value of its first index: "
                    + "the base the chunk's deltas are added to, so any chunk decodes without the ones before it.",
                    "starts[k] = index of entry 128·k", D1Z);
            default -> new Explanation("type", "An array the BPCells matrix layout does not define; PackScope shows it but does not use it.",
                    "", LAYOUT);
        };
    }

    private Explanation chunkText(String name, Field f) {
        boolean d1z = stream != null && stream.variant() == Bp128Variant.D1Z;
        String spec = d1z ? D1Z : stream != null && stream.variant() == Bp128Variant.FOR ? FOR : BP128;
        String idx = stream == null ? "idx" : stream.idxName();
        String data = stream == null ? "data" : stream.dataName();
        String transform = d1z ? "Then zigzag is undone and the deltas are summed from the chunk's start."
                : stream != null && stream.variant() == Bp128Variant.FOR ? "Then 1 is added (FOR m1)." : "";
        return switch (name) {
            case "chunk" -> new Explanation(name, "The chunk number. BP128 cuts a stream into chunks of 128 values; chunk k holds "
                    + "values 128·k .. 128·k + 127, which for a matrix are entries 128·k .. 128·k + 127 in stored order.",
                    "chunk of entry e = ⌊e / 128⌋; value in chunk = e mod 128", BP128);
            case "encoding" -> new Explanation(name, "Which member of the BP128 family the stream uses: BP128-D1Z (delta + zigzag, "
                    + "for the nearly sorted row numbers) or BP128-FOR m1 (value − 1, for counts).", "", spec);
            case "first word" -> new Explanation(name, "Where the chunk starts in " + data + ", in 32-bit words: " + idx + "[k], plus "
                    + "2^32 for every idx_offsets boundary passed.", "first word = idx[k] + i·2^32", BP128);
            case "bits" -> new Explanation(name, "Bits per value in this chunk: enough for its largest packed value, chosen per "
                    + "chunk so one large value costs only its own chunk. Not stored on its own: it follows from the idx difference.",
                    "b = (idx[k+1] − idx[k]) / 4", BP128);
            case "words" -> new Explanation(name, "The chunk's words: 128 values of b bits make 128·b bits = 4·b words of 32 bits, "
                    + "split over 4 interleaved lanes of b words each, so four values can be unpacked at once with SIMD.",
                    "words = 4·b", BP128);
            case "start" -> new Explanation(name, "The chunk's entry of the starts array: the decoded value of its first element, "
                    + "which the deltas build on. It makes every chunk decodable on its own.", "out[0] = starts[k] + zz⁻¹(p[0])", D1Z);
            case "verbatim" -> new Explanation(name, "A chunk that needs all 32 bits is copied as it is when writing: no delta, "
                    + "zigzag or −1 was applied, so none is undone when reading (an explicit 0 count, stored as 0 − 1 = 0xFFFFFFFF, "
                    + "forces such a chunk).", "out[i] = p[i] when b = 32", SPEC + "Bitpacking formats; fixtures/bpcells MANIFEST.json format_notes_observed.bp128_bits32");
            case "padding" -> new Explanation(name, "The last chunk is filled up to 128 values by repeating the last real value; "
                    + "the padding is packed like the rest but is not an entry.", "real values in the last chunk = nnz − 128·(chunks − 1)",
                    SPEC + "Bitpacking formats; fixtures/bpcells MANIFEST.json format_notes_observed.bp128_padding");
            case "word" -> new Explanation(name, "One 32-bit word of the chunk. Word w belongs to lane w mod 4 and is that lane's word "
                    + "⌊w / 4⌋; a lane's slots are packed into its words LSB-first, a slot crossing into the lane's next word. Here: "
                    + f.meaning() + ".", "lane = w mod 4; lane word = ⌊w / 4⌋", BP128);
            case "value" -> new Explanation(name, "One value of the chunk and the bits it occupies. Value i sits in lane i mod 4 at "
                    + "slot ⌊i / 4⌋, i.e. at bit slot·b of that lane. " + transform + " Here: " + f.meaning() + ".",
                    "lane = i mod 4; slot = ⌊i / 4⌋; lane bit = slot·b; word = lane + 4·⌊lane bit / 32⌋; bit = lane bit mod 32", spec);
            case "value (high bits)" -> new Explanation(name, "The rest of a value whose slot crosses a word boundary: its high "
                    + "bits are the lowest bits of the lane's next word (4 words on).", "packed = low | high << (32 − bit)", BP128);
            default -> null;
        };
    }
}
