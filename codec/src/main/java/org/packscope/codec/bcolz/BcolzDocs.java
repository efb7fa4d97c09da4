package org.packscope.codec.bcolz;

import java.util.Set;

import org.packscope.codec.inspect.FieldDocs;

/**
 * What each field of a bcolz carray, ctable and metadata node means, why bcolz keeps it
 * and how it enters the layout, keyed by field key: {@code carray.*} on a carray node,
 * {@code ctable.*} on a table, {@code sizes.*}, {@code storage.*} and {@code attrs.*} for
 * the members of those JSON files. The chunk files inside use {@link org.packscope.codec.blosc.BloscDocs}.
 */
public final class BcolzDocs {
    private BcolzDocs() { }

    private static final String LAYOUT = "bcolz-persistence.rst, The layout";
    private static final String DATA = "bcolz-persistence.rst, The `data` layout";
    private static final String SIZES = "bcolz-persistence.rst, The `sizes` file";
    private static final String STORAGE = "bcolz-persistence.rst, The `storage` file";
    private static final String ATTRS = "bcolz-persistence.rst, The `__attrs__` file";
    private static final String CTABLE = "Blosc/bcolz bcolz/ctable.py (rootdir layout); fixtures/bcolz MANIFEST.json notes";

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

    /** The members of meta/sizes and meta/storage bcolz 1.x defines; others get the {@code .unknown} key. */
    static final Set<String> SIZES_MEMBERS = Set.of("shape", "nbytes", "cbytes");
    static final Set<String> STORAGE_MEMBERS = Set.of("dtype", "cparams", "chunklen", "expectedlen", "dflt");

    /** The one explainer of every bcolz carray, ctable and metadata node. */
    public static final FieldDocs DOCS = FieldDocs.builder()
        .put("carray.path", "Where the carray folder is: it holds meta/ (sizes, storage), data/ "
                + "(one __N.blp superchunk file per chunk) and optionally __attrs__.", "", LAYOUT)
        .put("carray.shape", SHAPE_TEXT, "rows = shape[0]; items per row = prod(shape[1:])", SIZES)
        .put("carray.dtype", DTYPE_TEXT, "value k = bytes [k·itemsize, (k+1)·itemsize) of the C-order data", STORAGE)
        .put("carray.cparams.cname", "The codec bcolz asked Blosc for (blosclz, lz4, lz4hc, snappy, zlib, "
                + "zstd). Informative only: each chunk's Blosc header records the codec actually used.", "", STORAGE)
        .put("carray.cparams.clevel", "Compression level 0-9 bcolz asked Blosc for. At 0 Blosc stores the "
                + "chunks memcpyed (uncompressed); higher levels trade speed for size and also pick larger blocks.",
                "", STORAGE)
        .put("carray.cparams.shuffle", "The filter bcolz asked Blosc for: 0 none, 1 byte shuffle, 2 bit "
                + "shuffle. The flags byte of each chunk header records what was actually applied.", "", STORAGE)
        .put("carray.chunklen", CHUNKLEN_TEXT, "chunk k holds rows [k·chunklen, min((k+1)·chunklen, shape[0]))", STORAGE)
        .put("carray.expectedlen", EXPECTEDLEN_TEXT, "", STORAGE)
        .put("carray.nbytes", NBYTES_TEXT, "nbytes = shape[0] × rowsize", SIZES)
        .put("carray.cbytes", CBYTES_TEXT, "", SIZES)
        .put("carray.rowsize", "Derived: bytes per row (bcolz's atomsize), the unit chunks are cut in.",
                "rowsize = itemsize × prod(shape[1:])", DATA)
        .put("carray.nchunks", "Derived: the chunk files the array consists of: the full ones plus one for "
                + "leftover rows. Other __N.blp files in data/ are stale leftovers bcolz ignores.",
                "nchunks = ⌊shape[0] / chunklen⌋ + (shape[0] mod chunklen > 0 ? 1 : 0)", DATA)
        .put("carray.leftover", "Derived: rows in the last chunk file when shape[0] is not a multiple of "
                + "chunklen. bcolz writes that chunk with just those rows, not padded.",
                "leftover = shape[0] mod chunklen; last chunk nbytes = leftover × rowsize", DATA)
        .put("carray.blosc_typesize", "Derived: the typesize bcolz hands Blosc for this dtype, which each "
                + "chunk header should repeat: the item size, except 1 for byte strings and 4 (one code point) "
                + "for unicode strings.", "typesize = itemsize ('S': 1, 'U': 4)", DATA)
        .put("ctable.path", "Where the ctable folder is: __rootdirs__ names the columns, and each column is "
                + "a complete carray folder of that name.", "", CTABLE)
        .put("ctable.columns", "The column names from __rootdirs__ ({\"names\": [...]}), in table order. "
                + "Each is the name of a carray subfolder; folders not listed are not columns.", "", CTABLE)
        .put("ctable.attrs", "User attributes of the table as a whole, JSON from __attrs__ at the "
                + "table's root; bcolz stores and returns them untouched.", "", ATTRS)
        .put("ctable.rows", "The table's length: shape[0] of the columns, which must all agree. Each column "
                + "keeps its own chunklen and compression, so the same row lies in different chunk numbers in "
                + "different columns.", "rows = shape[0] of each column", CTABLE)
        .put("sizes.shape", SHAPE_TEXT, "rows = shape[0]", SIZES)
        .put("sizes.nbytes", NBYTES_TEXT, "nbytes = shape[0] × rowsize", SIZES)
        .put("sizes.cbytes", CBYTES_TEXT, "", SIZES)
        .put("storage.dtype", DTYPE_TEXT, "", STORAGE)
        .put("storage.cparams", "The compression parameters bcolz asked Blosc for: cname (codec), clevel "
                + "(0-9), shuffle (0 none, 1 byte, 2 bit) and quantize (digits kept for floats, 0 = lossless). "
                + "Readers do not need them: every chunk header carries what was applied.", "", STORAGE)
        .put("storage.chunklen", CHUNKLEN_TEXT, "chunk k holds rows [k·chunklen, (k+1)·chunklen)", STORAGE)
        .put("storage.expectedlen", EXPECTEDLEN_TEXT, "", STORAGE)
        .put("storage.dflt", "The default value bcolz uses to fill new rows when the array is resized "
                + "upward; not used for reading.", "", STORAGE)
        .put("sizes.unknown", "A key of meta/sizes that bcolz 1.x does not define in its persistence layer; PackScope "
                + "shows it but does not use it.", "", SIZES)
        .put("storage.unknown", "A key of meta/storage that bcolz 1.x does not define in its persistence layer; "
                + "PackScope shows it but does not use it.", "", STORAGE)
        .put("attrs.attribute", "A user attribute: a key the program that wrote the dataset stored in __attrs__ as "
                + "JSON. bcolz keeps it for the user and gives it no meaning of its own.", "", ATTRS)
        .build();
}
