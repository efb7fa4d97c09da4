package org.packscope.codec.bpcells;

import java.util.List;

import org.packscope.codec.bpcells.bp128.Bp128Variant;
import org.packscope.codec.inspect.Explanation;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldDocs;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;

/**
 * What each field of a BPCells node means, why the format has it and the formula it
 * enters, keyed by field key and tied to the sections of bpcells-matrix-format.txt (and,
 * for what that text leaves out, to the observations in the fixtures' MANIFEST.json).
 * Keys name the node they belong to ({@code matrix.shape}, {@code array.header},
 * {@code chunk.bits}); the fields an R store records are keyed by their labels
 * ({@code R slot}, {@code conversion}).
 */
final class BpcellsDocs {

    static final String SPEC = "bpcells-matrix-format.txt, ";
    static final String LAYOUT = SPEC + "Matrix Logical Storage Layout";
    static final String PACKED = SPEC + "Matrix Logical Storage Layout (Bitpacked compressed matrices)";
    static final String VERSION = SPEC + "Matrix Logical Storage Layout (version string: [compression]-[datatype]-matrix-v2)";
    static final String BP128 = SPEC + "Bitpacking formats › BP128";
    static final String D1 = SPEC + "Bitpacking formats › BP128d1";
    static final String D1Z = SPEC + "Bitpacking formats › BP128d1z";
    static final String FOR = PACKED + "; fixtures/bpcells MANIFEST.json format_notes_observed.bp128_for";
    static final String DIR = SPEC + "Physical storage layout › Directory of files format";
    static final String HDF5 = SPEC + "Physical storage layout › Hdf5 file format";
    static final String R = SPEC + "Physical storage layout › R object format";

    /** The one field documentation of every BPCells node. */
    static final FieldDocs DOCS = build();

    private BpcellsDocs() { }

    /** Adds a keyed field to a BPCells node. */
    static void field(Node n, String key, String label, Span span, Object value, String meaning) {
        field(n, key, -1, label, span, value, meaning);
    }

    /** Adds a keyed field that is one of several of its key ({@code chunk.word} 17). */
    static void field(Node n, String key, int index, String label, Span span, Object value, String meaning) {
        n.addField(new Field(key, index, label, span, String.valueOf(value), meaning));
    }

    private static FieldDocs build() {
        FieldDocs.Builder b = FieldDocs.builder();
        fixedTexts(b);
        arrayTexts(b);
        chunkTexts(b);
        return b.build();
    }

    private static final String VERSION_TEXT = "The version marker says how to read every other array: packed or unpacked, "
            + "the value type (uint = uint32, float = float32, double = float64) and the format generation. Without it a reader "
            + "could not tell a packed uint matrix (val_data, FOR) from a packed float one (plain val). BPCells keeps it in a file "
            + "named version in a folder, in the group's version attribute in HDF5, and in a version element in R.";

    private static void fixedTexts(FieldDocs.Builder b) {
        // ---------------------------------------------------------------- matrix
        b.put("matrix.version_file", "The first line of the folder's version file, as found. " + VERSION_TEXT,
                "[packed|unpacked]-[uint|float|double]-matrix-v[1|2] followed by a newline", DIR);
        b.put("matrix.hdf5_group", "The HDF5 group that holds the matrix: each named array is a 1-D dataset in it and "
                + "the version string is the group's version attribute. One .h5 file may hold several matrices in different groups.",
                "", HDF5);
        b.put("matrix.store", "Where the named arrays live. BPCells defines the matrix over an abstraction of named arrays; "
                + "a folder of files, an HDF5 group and an R object are three realisations of the same layout, so PackScope reads "
                + "all three through one reader.", "", LAYOUT);
        b.put("matrix.version", VERSION_TEXT, "[packed|unpacked]-[uint|float|double]-matrix-v[1|2]", VERSION);
        b.put("matrix.format_version", "The generation of the layout. v1 and v2 differ only in width: v1 stores idxptr "
                + "as uint32 (so at most 2^32 − 1 entries) and its packed arrays have no *_idx_offsets; v2 widens idxptr to uint64 "
                + "and adds idx_offsets so chunk word offsets can pass 2^32.", "v1: idxptr uint32; v2: idxptr uint64 + *_idx_offsets", VERSION);
        b.put("matrix.packed", "Whether the arrays are bit-packed. Packed matrices replace index by the BP128-D1Z arrays "
                + "index_data, index_idx, index_idx_offsets, index_starts, and (for uint values only) val by the BP128-FOR arrays "
                + "val_data, val_idx, val_idx_offsets. Float and double values stay in a plain val array either way.", "", PACKED);
        b.put("matrix.value_type", "The type of the stored values: uint (uint32 counts), float (IEEE-754 float32) or "
                + "double (float64). It selects how val is read and whether values are bit-packed (only uint).", "", VERSION);
        b.put("matrix.shape", "Rows and columns of the logical matrix, from the two-element shape array (uint32). "
                + "For row storage order the arrays describe the transpose, but shape still gives the logical rows first.",
                "shape = [rows, cols]", LAYOUT);
        b.put("matrix.nnz", "The number of stored (non-zero) entries. It is not stored on its own: it is the last element "
                + "of idxptr, and every per-entry array (index, val, or the packed streams) must cover exactly that many.",
                "nnz = idxptr[majors]", LAYOUT);
        b.put("matrix.storage_order", "col means compressed sparse column: idxptr runs over columns and index holds row "
                + "numbers. row means compressed sparse row: the same arrays describe the transpose, so idxptr runs over rows and "
                + "index holds column numbers. From the storage_order string array.",
                "col: entries of column j = idxptr[j] .. idxptr[j+1]−1", LAYOUT);
        b.put("matrix.density", "Derived: the share of the matrix's cells that hold a stored entry. Single-cell count "
                + "matrices are typically a few percent dense, which is why a sparse layout pays.", "density = nnz / (rows × cols)", LAYOUT);
        b.put("matrix.row_names", "The optional row_names array: one string per row, or empty when the matrix has no row "
                + "names (in a folder an empty file, in HDF5 a dataset of length 0).", "length = 0 or rows", LAYOUT);
        b.put("matrix.col_names", "The optional col_names array: one string per column, or empty when the matrix has no "
                + "column names.", "length = 0 or cols", LAYOUT);
        b.put("matrix.bits_per_index", "Derived: how many bits the row (or column) numbers cost per entry. Unpacked, index "
                + "takes 32 bits per entry; BP128-D1Z stores only zigzagged differences between neighbouring indices, so sorted rows "
                + "within a column cost only a few bits. The figure in parentheses adds the idx, idx_offsets and starts bookkeeping.",
                "bits per index = 8 × bytes(index_data or index) / nnz", PACKED);
        b.put("matrix.bits_per_value", "Derived: how many bits the values cost per entry. Plain val takes 32 or 64 bits; "
                + "BP128-FOR packs uint counts (minus 1) in as few bits as the largest in each chunk needs. The figure in parentheses "
                + "adds the idx and idx_offsets bookkeeping.", "bits per value = 8 × bytes(val_data or val) / nnz", PACKED);
        b.put("matrix.stored_bytes", "Derived: the bytes all arrays take in their container, including 8-byte folder "
                + "headers and HDF5 chunk padding, but not HDF5 object headers.", "sum of the arrays' stored bytes", SPEC + "Physical storage layout");

        // ---------------------------------------------------------------- array
        b.put("array.length", "Number of elements. In a folder it is not stored: it follows from the file size after the "
                + "8-byte header. Each array's length is fixed by the layout (see the matrix's nnz, shape and chunk count).",
                "folder: length = (file size − 8) / element width", LAYOUT);
        b.put("array.stored_bytes", "Bytes the array takes in its container: the whole file in a folder (header included), "
                + "the dataset's storage (after compression) in HDF5.", "", SPEC + "Physical storage layout");
        b.put("array.element_0", "Where the first element starts, when the elements lie contiguously in one file: byte 8 of "
                + "a folder file, or the data address of a contiguous, unfiltered HDF5 dataset. Element i is then at a fixed offset.",
                "offset(i) = offset(0) + i × width", DIR);
        b.put("array.problem", "Something about the container of this array that does not fit the layout (an unknown "
                + "header, a size that is not a whole number of elements, a text file too large to read as names).", "", DIR);
        b.put("array.chunks", "The number of 128-value BP128 chunks the stream is cut into; the last one is padded by "
                + "repeating its last value, and the padding is not decoded as entries.", "chunks = ⌈nnz / 128⌉", BP128);
        b.put("array.file", "The file that holds this array: its name is the array's name inside the matrix folder.", "", DIR);
        b.put("array.line_ending", "String arrays are text, one element per line. Files written by old Windows builds end "
                + "lines with CRLF; the carriage return is not part of the string.", "", DIR);
        b.put("array.header", "Every numeric folder file starts with 8 ASCII bytes naming the element type: UINT32v1, "
                + "UINT64v1, FLOATSv1 or DOUBLEv1. There is no length field: the elements simply follow, little-endian, to the end of "
                + "the file.", "bytes 0..7 = type tag; elements from byte 8", DIR);
        b.put("array.dataset", "The HDF5 dataset holding this array: a 1-D dataset named after the array, in the matrix's group.",
                "", HDF5);
        b.put("array.layout", "How HDF5 stores the dataset: BPCells writes numeric arrays chunked (1024 elements per chunk "
                + "by default, resizable), and string arrays contiguous.", "", HDF5);
        b.put("array.chunk_shape", "Elements per HDF5 storage chunk (BPCells' chunk_size, 1024 by default). This is HDF5's "
                + "chunking, unrelated to the 128-value BP128 chunks.", "", HDF5);
        b.put("array.filters", "Filters HDF5 applied to each storage chunk. BPCells adds shuffle + deflate only when asked "
                + "for a gzip level; bit-packed arrays gain little from it.", "", HDF5);
        b.put("array.object_header", "Where the dataset's HDF5 object header (its type, shape, layout and filter messages) "
                + "starts in the file.", "", HDF5);
        b.put("R slot", "The slot (or list element) of the R object that holds this array.", "", R);
        b.put("R type", "The R vector type holding the array. R has no unsigned or 32-bit float type, so BPCells "
                + "keeps uint32 and float32 bit-cast in integer vectors and uint64 in double vectors.", "", R);
        b.put("R length", "The element count of the R vector.", "", R);
        b.put("R data", "The vector's elements in the R serialization (big-endian there).", "", R);
        b.put("conversion", "How the R vector's elements become the array BPCells means: integer bits reinterpreted "
                + "as uint32 or float32, doubles rounded to uint64 (exact below 2^53), strings as they are.", "", R);

        // ---------------------------------------------------------------- columns / rows
        b.put("majors.count", "The stored columns (rows for row storage order): what idxptr runs over. Each one is "
                + "decoded on its own when opened, reading only its chunks.", "count = idxptr length − 1", LAYOUT);
        b.put("major.name", "The column's (or row's) name from col_names (row_names for row order), when the matrix has names.",
                "name = col_names[j]", LAYOUT);
        b.put("major.entries", "The range of entries (in stored order) that belong to this column (row): idxptr gives "
                + "where each column starts, and the next column's start is where it ends. An empty column has idxptr[j] = idxptr[j+1].",
                "entries of j = idxptr[j] .. idxptr[j+1] − 1", LAYOUT);

        // ---------------------------------------------------------------- entries
        b.put("entries.order", "The (row, col, value) triplets in the order they are stored: column by column with rows "
                + "increasing for col order, row by row for row order. Entry k's index and value are element k of index and val "
                + "(or of the decoded packed streams).", "entry k → (index[k], major j with idxptr[j] ≤ k < idxptr[j+1], val[k])", LAYOUT);

        // ---------------------------------------------------------------- version file
        b.put("version_file.version", "The version string as stored in the folder's version file. " + VERSION_TEXT,
                "[packed|unpacked]-[uint|float|double]-matrix-v[1|2]", DIR);
        b.put("version_file.line_end", "What follows the version string: BPCells writes a single newline (LF); files from old "
                + "Windows builds have CRLF. Anything else is not part of the version.", "", DIR);
    }


    /** The key of an array's "type" field: its own text for each array the layout defines. */
    static String typeKey(String arrayName) {
        return DOCS.documents(TYPE + arrayName) ? TYPE + arrayName : OTHER_TYPE;
    }

    private static final String TYPE = "array.type.";
    private static final String OTHER_TYPE = "array.type";

    /** What each array of the layout holds: the "type" field of its node. */
    private static void arrayTexts(FieldDocs.Builder b) {
        b.put(TYPE + ArrayNames.VAL, "val holds the value of every stored entry, in stored order (by column, "
                + "then row; by row for row order), as uint32, float32 or float64. Packed uint matrices replace it by val_data.",
                "value of entry k = val[k]", LAYOUT);
        b.put(TYPE + ArrayNames.INDEX, "index holds the 0-based row of every stored entry (the column for row "
                + "order), uint32, in stored order; rows increase within a column. Packed matrices replace it by index_data.",
                "row of entry k = index[k]", LAYOUT);
        b.put(TYPE + ArrayNames.IDXPTR, "idxptr marks where each column's entries start: column j's entries are "
                + "idxptr[j] .. idxptr[j+1] − 1 (rows for row order). It has one element more than there are columns; the last one "
                + "is nnz. uint64 in v2, uint32 in v1.", "entries of column j = [idxptr[j], idxptr[j+1])", LAYOUT);
        b.put(TYPE + ArrayNames.SHAPE, "shape is two uint32: the rows, then the columns of the logical matrix.",
                "shape = [rows, cols]", LAYOUT);
        b.put(TYPE + ArrayNames.ROW_NAMES, "row_names: one string per row, or none at all.", "length = 0 or rows", LAYOUT);
        b.put(TYPE + ArrayNames.COL_NAMES, "col_names: one string per column, or none at all.", "length = 0 or cols", LAYOUT);
        b.put(TYPE + ArrayNames.STORAGE_ORDER, "storage_order: one string, col (compressed sparse column) or "
                + "row (compressed sparse row, the arrays describing the transpose).", "", LAYOUT);
        b.put(TYPE + "val_data", "val_data is the BP128-FOR (m1) stream of the values: uint32 words, 4·b "
                + "per chunk of 128 values of b bits, lanes interleaved. Values are stored minus 1, since counts are rarely 0.",
                "value = packed + 1 (b < 32); verbatim when b = 32", FOR);
        for (String prefix : List.of(ArrayNames.VAL_PREFIX, ArrayNames.INDEX_PREFIX)) {
            String idx = ArrayNames.idx(prefix);
            String offsets = ArrayNames.idxOffsets(prefix);
            b.put(TYPE + idx, idx + " gives, for each chunk, the number of its first word in the "
                + "data array, modulo 2^32; one element more than chunks, starting at 0. The difference of neighbours is 4·b, so "
                + "it also gives each chunk's bit width.", "chunk k = data[idx[k] .. idx[k+1] − 1]; b = (idx[k+1] − idx[k]) / 4", BP128);
            b.put(TYPE + offsets, offsets + " (uint64, v2 only) lists the chunk numbers from "
                + "which idx has wrapped past 2^32 once more, then a sentinel (the idx length). Below 16 GiB of packed data it "
                + "is just [0, sentinel].", "idx[k] += i·2^32 for idx_offsets[i] ≤ k < idx_offsets[i+1]", BP128);
        }
        b.put(TYPE + "index_data", "index_data is the BP128-D1Z stream of the row numbers: each chunk stores "
                + "the zigzag-coded differences of consecutive rows (across column boundaries too) in b bits each, 4·b words per "
                + "chunk, lanes interleaved.", "row[i] = row[i−1] + zz⁻¹(p[i]), row[−1] = starts[k]; zz⁻¹(p) = (p >>> 1) ^ −(p & 1)", D1Z);
        b.put(TYPE + "index_starts", "index_starts holds, for each chunk, the decoded value of its first index: "
                + "the base the chunk's deltas are added to, so any chunk decodes without the ones before it.",
                "starts[k] = index of entry 128·k", D1Z);
        b.put(OTHER_TYPE, "An array the BPCells matrix layout does not define; PackScope shows it but does not use it.",
                "", LAYOUT);
    }

    /** The key of a chunk field whose text depends on the stream (its arrays, its BP128 variant). */
    static String chunkKey(String what, PackedStream s) { return "chunk." + what + "." + s.prefix(); }

    /**
     * The fields of a BP128 chunk node. Encoding, first word and value read differently for
     * the index stream (D1Z, over index_data) and the value stream (FOR, over val_data): each
     * has its own key per stream.
     */
    private static void chunkTexts(FieldDocs.Builder b) {
        b.put("chunk.number", "The chunk number. BP128 cuts a stream into chunks of 128 values; chunk k holds "
                + "values 128·k .. 128·k + 127, which for a matrix are entries 128·k .. 128·k + 127 in stored order.",
                "chunk of entry e = ⌊e / 128⌋; value in chunk = e mod 128", BP128);
        for (PackedStream s : List.of(new PackedStream(ArrayNames.INDEX_PREFIX, Bp128Variant.D1Z, null, null),
                new PackedStream(ArrayNames.VAL_PREFIX, Bp128Variant.FOR, null, null))) {
            boolean d1z = s.variant() == Bp128Variant.D1Z;
            String spec = d1z ? D1Z : s.variant() == Bp128Variant.FOR ? FOR : BP128;
            String transform = d1z ? "Then zigzag is undone and the deltas are summed from the chunk's start."
                    : s.variant() == Bp128Variant.FOR ? "Then 1 is added (FOR m1)." : "";
            b.put(chunkKey("encoding", s), "Which member of the BP128 family the stream uses: BP128-D1Z (delta + zigzag, "
                    + "for the nearly sorted row numbers) or BP128-FOR m1 (value − 1, for counts).", "", spec);
            b.put(chunkKey("first_word", s), "Where the chunk starts in " + s.dataName() + ", in 32-bit words: " + s.idxName() + "[k], plus "
                    + "2^32 for every idx_offsets boundary passed.", "first word = idx[k] + i·2^32", BP128);
            b.put(chunkKey("value", s), f -> new Explanation(f.name(), "One value of the chunk and the bits it occupies. Value i sits in lane i mod 4 at "
                    + "slot ⌊i / 4⌋, i.e. at bit slot·b of that lane. " + transform + " Here: " + f.meaning() + ".",
                    "lane = i mod 4; slot = ⌊i / 4⌋; lane bit = slot·b; word = lane + 4·⌊lane bit / 32⌋; bit = lane bit mod 32", spec));
        }
        b.put("chunk.bits", "Bits per value in this chunk: enough for its largest packed value, chosen per "
                + "chunk so one large value costs only its own chunk. Not stored on its own: it follows from the idx difference.",
                "b = (idx[k+1] − idx[k]) / 4", BP128);
        b.put("chunk.words", "The chunk's words: 128 values of b bits make 128·b bits = 4·b words of 32 bits, "
                + "split over 4 interleaved lanes of b words each, so four values can be unpacked at once with SIMD.",
                "words = 4·b", BP128);
        b.put("chunk.start", "The chunk's entry of the starts array: the decoded value of its first element, "
                + "which the deltas build on. It makes every chunk decodable on its own.", "out[0] = starts[k] + zz⁻¹(p[0])", D1Z);
        b.put("chunk.verbatim", "A chunk that needs all 32 bits is copied as it is when writing: no delta, "
                + "zigzag or −1 was applied, so none is undone when reading (an explicit 0 count, stored as 0 − 1 = 0xFFFFFFFF, "
                + "forces such a chunk).", "out[i] = p[i] when b = 32", SPEC + "Bitpacking formats; fixtures/bpcells MANIFEST.json format_notes_observed.bp128_bits32");
        b.put("chunk.padding", "The last chunk is filled up to 128 values by repeating the last real value; "
                + "the padding is packed like the rest but is not an entry.", "real values in the last chunk = nnz − 128·(chunks − 1)",
                SPEC + "Bitpacking formats; fixtures/bpcells MANIFEST.json format_notes_observed.bp128_padding");
        b.put("chunk.word", f -> new Explanation(f.name(), "One 32-bit word of the chunk. Word w belongs to lane w mod 4 and is that lane's word "
                + "⌊w / 4⌋; a lane's slots are packed into its words LSB-first, a slot crossing into the lane's next word. Here: "
                + f.meaning() + ".", "lane = w mod 4; lane word = ⌊w / 4⌋", BP128));
        b.put("chunk.value_high", "The rest of a value whose slot crosses a word boundary: its high "
                + "bits are the lowest bits of the lane's next word (4 words on).", "packed = low | high << (32 − bit)", BP128);
    }
}
