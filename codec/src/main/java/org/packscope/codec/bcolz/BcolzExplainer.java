package org.packscope.codec.bcolz;

import java.util.HashMap;
import java.util.Map;

import org.packscope.codec.inspect.Explanation;
import org.packscope.codec.inspect.Field;
import org.packscope.codec.inspect.FieldExplainer;

/**
 * What each field of a bcolz carray, ctable and metadata node means, why bcolz keeps it
 * and how it enters the layout. The chunk files inside use the Blosc explanations
 * ({@link org.packscope.codec.blosc.BloscExplainer}).
 */
public final class BcolzExplainer implements FieldExplainer {

    private static final String LAYOUT = "bcolz-persistence.rst, The layout";
    private static final String DATA = "bcolz-persistence.rst, The `data` layout";
    private static final String SIZES = "bcolz-persistence.rst, The `sizes` file";
    private static final String STORAGE = "bcolz-persistence.rst, The `storage` file";
    private static final String ATTRS = "bcolz-persistence.rst, The `__attrs__` file";
    private static final String CTABLE = "Blosc/bcolz bcolz/ctable.py (rootdir layout); fixtures/bcolz MANIFEST.json notes";

    private enum Kind { CARRAY, CTABLE, SIZES, STORAGE, ATTRS }

    private static final Map<String, Explanation> CARRAY_TEXTS = new HashMap<>();
    private static final Map<String, Explanation> CTABLE_TEXTS = new HashMap<>();
    private static final Map<String, Explanation> SIZES_TEXTS = new HashMap<>();
    private static final Map<String, Explanation> STORAGE_TEXTS = new HashMap<>();

    private static void put(Map<String, Explanation> m, String name, String text, String formula, String spec) {
        m.put(name, new Explanation(name, text, formula, spec));
    }

    private static final String SHAPE_TEXT = "The array's shape from meta/sizes, rows first. bcolz chunks an array "
            + "along its first dimension only: every row of shape[1:] items stays whole inside one chunk file. This, "
            + "with chunklen, alone decides which chunk files belong to the array.";
    private static final String CHUNKLEN_TEXT = "Rows per chunk file, from meta/storage. bcolz picks it from "
            + "expectedlen and the row size so a chunk is a comfortable unit of compression; every chunk file but "
            + "the last holds exactly chunklen rows.";
    private static final String DTYPE_TEXT = "numpy's name of the element type (e.g. 'float64', 'int16', '|S8', "
            + "'<U5'), from meta/storage. It gives the item size and how the decompressed little-endian bytes are "
            + "read; bcolz passes the item size to Blosc as typesize (1 for byte strings, 4 for unicode).";
    private static final String EXPECTEDLEN_TEXT = "The length the user said to expect when creating the array. "
            + "bcolz uses it only to choose chunklen; it has no effect on reading.";
    private static final String NBYTES_TEXT = "Uncompressed size of the whole array in bytes, from meta/sizes. "
            + "PackScope trusts shape × item size and warns when this disagrees.";
    private static final String CBYTES_TEXT = "Compressed size as bcolz counted it, from meta/sizes: the full chunks "
            + "on disk plus the leftover rows it held in memory at the time, so it is not the size of the files.";

    static {
        put(CARRAY_TEXTS, "path", "Where the carray folder is: it holds meta/ (sizes, storage), data/ "
                + "(one __N.blp superchunk file per chunk) and optionally __attrs__.", "", LAYOUT);
        put(CARRAY_TEXTS, "shape", SHAPE_TEXT, "rows = shape[0]; items per row = prod(shape[1:])", SIZES);
        put(CARRAY_TEXTS, "dtype", DTYPE_TEXT, "value k = bytes [k·itemsize, (k+1)·itemsize) of the C-order data", STORAGE);
        put(CARRAY_TEXTS, "cparams.cname", "The codec bcolz asked Blosc for (blosclz, lz4, lz4hc, snappy, zlib, "
                + "zstd). Informative only: each chunk's Blosc header records the codec actually used.", "", STORAGE);
        put(CARRAY_TEXTS, "cparams.clevel", "Compression level 0-9 bcolz asked Blosc for. At 0 Blosc stores the "
                + "chunks memcpyed (uncompressed); higher levels trade speed for size and also pick larger blocks.",
                "", STORAGE);
        put(CARRAY_TEXTS, "cparams.shuffle", "The filter bcolz asked Blosc for: 0 none, 1 byte shuffle, 2 bit "
                + "shuffle. The flags byte of each chunk header records what was actually applied.", "", STORAGE);
        put(CARRAY_TEXTS, "chunklen", CHUNKLEN_TEXT, "chunk k holds rows [k·chunklen, min((k+1)·chunklen, shape[0]))", STORAGE);
        put(CARRAY_TEXTS, "expectedlen", EXPECTEDLEN_TEXT, "", STORAGE);
        put(CARRAY_TEXTS, "nbytes", NBYTES_TEXT, "nbytes = shape[0] × rowsize", SIZES);
        put(CARRAY_TEXTS, "cbytes", CBYTES_TEXT, "", SIZES);
        put(CARRAY_TEXTS, "rowsize", "Derived: bytes per row (bcolz's atomsize), the unit chunks are cut in.",
                "rowsize = itemsize × prod(shape[1:])", DATA);
        put(CARRAY_TEXTS, "nchunks", "Derived: the chunk files the array consists of: the full ones plus one for "
                + "leftover rows. Other __N.blp files in data/ are stale leftovers bcolz ignores.",
                "nchunks = ⌊shape[0] / chunklen⌋ + (shape[0] mod chunklen > 0 ? 1 : 0)", DATA);
        put(CARRAY_TEXTS, "leftover", "Derived: rows in the last chunk file when shape[0] is not a multiple of "
                + "chunklen. bcolz writes that chunk with just those rows, not padded.",
                "leftover = shape[0] mod chunklen; last chunk nbytes = leftover × rowsize", DATA);
        put(CARRAY_TEXTS, "blosc typesize", "Derived: the typesize bcolz hands Blosc for this dtype, which each "
                + "chunk header should repeat: the item size, except 1 for byte strings and 4 (one code point) "
                + "for unicode strings.", "typesize = itemsize ('S': 1, 'U': 4)", DATA);

        put(CTABLE_TEXTS, "path", "Where the ctable folder is: __rootdirs__ names the columns, and each column is "
                + "a complete carray folder of that name.", "", CTABLE);
        put(CTABLE_TEXTS, "columns", "The column names from __rootdirs__ ({\"names\": [...]}), in table order. "
                + "Each is the name of a carray subfolder; folders not listed are not columns.", "", CTABLE);
        put(CTABLE_TEXTS, "__attrs__", "User attributes of the table as a whole, JSON from __attrs__ at the "
                + "table's root; bcolz stores and returns them untouched.", "", ATTRS);
        put(CTABLE_TEXTS, "rows", "The table's length: shape[0] of the columns, which must all agree. Each column "
                + "keeps its own chunklen and compression, so the same row lies in different chunk numbers in "
                + "different columns.", "rows = shape[0] of each column", CTABLE);

        put(SIZES_TEXTS, "shape", SHAPE_TEXT, "rows = shape[0]", SIZES);
        put(SIZES_TEXTS, "nbytes", NBYTES_TEXT, "nbytes = shape[0] × rowsize", SIZES);
        put(SIZES_TEXTS, "cbytes", CBYTES_TEXT, "", SIZES);
        put(STORAGE_TEXTS, "dtype", DTYPE_TEXT, "", STORAGE);
        put(STORAGE_TEXTS, "cparams", "The compression parameters bcolz asked Blosc for: cname (codec), clevel "
                + "(0-9), shuffle (0 none, 1 byte, 2 bit) and quantize (digits kept for floats, 0 = lossless). "
                + "Readers do not need them: every chunk header carries what was applied.", "", STORAGE);
        put(STORAGE_TEXTS, "chunklen", CHUNKLEN_TEXT, "chunk k holds rows [k·chunklen, (k+1)·chunklen)", STORAGE);
        put(STORAGE_TEXTS, "expectedlen", EXPECTEDLEN_TEXT, "", STORAGE);
        put(STORAGE_TEXTS, "dflt", "The default value bcolz uses to fill new rows when the array is resized "
                + "upward; not used for reading.", "", STORAGE);
    }

    public static final BcolzExplainer CARRAY = new BcolzExplainer(Kind.CARRAY);
    public static final BcolzExplainer CTABLE_ROOT = new BcolzExplainer(Kind.CTABLE);

    /** The explainer for a metadata node named {@code name} ("sizes", "storage", "__attrs__"). */
    static BcolzExplainer forMeta(String name) {
        return new BcolzExplainer(switch (name) {
            case "sizes" -> Kind.SIZES;
            case "storage" -> Kind.STORAGE;
            default -> Kind.ATTRS;
        });
    }

    private final Kind kind;

    private BcolzExplainer(Kind kind) { this.kind = kind; }

    @Override
    public Explanation explain(Field field) {
        return explain(field.name());
    }

    public Explanation explain(String name) {
        Map<String, Explanation> m = switch (kind) {
            case CARRAY -> CARRAY_TEXTS;
            case CTABLE -> CTABLE_TEXTS;
            case SIZES -> SIZES_TEXTS;
            case STORAGE -> STORAGE_TEXTS;
            case ATTRS -> null;
        };
        if (m == null) {
            return new Explanation(name, "A user attribute: a key the program that wrote the dataset stored in "
                    + "__attrs__ as JSON. bcolz keeps it for the user and gives it no meaning of its own.", "", ATTRS);
        }
        Explanation e = m.get(name);
        if (e != null) return e;
        String file = kind == Kind.SIZES ? "meta/sizes" : "meta/storage";
        return kind == Kind.CARRAY || kind == Kind.CTABLE ? null
                : new Explanation(name, "A key of " + file + " that bcolz 1.x does not define in its persistence "
                        + "layer; PackScope shows it but does not use it.", "", kind == Kind.SIZES ? SIZES : STORAGE);
    }
}
