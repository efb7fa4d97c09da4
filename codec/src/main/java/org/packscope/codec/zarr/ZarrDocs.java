package org.packscope.codec.zarr;

import org.packscope.codec.inspect.FieldDocs;

/** What each Zarr metadata and chunk field means, keyed by field key, with the spec section that defines it. */
final class ZarrDocs {
    private ZarrDocs() { }

    private static final String V2 = "Zarr storage specification version 2, Metadata";
    private static final String V2_CHUNKS = "Zarr storage specification version 2, Chunks";
    private static final String V3 = "Zarr core specification version 3, Array metadata";
    private static final String V3_GROUP = "Zarr core specification version 3, Group metadata";
    private static final String SHARD = "Zarr v3 sharding_indexed codec, Binary shard format";
    private static final String CRC = "Zarr v3 crc32c codec";
    private static final String CF = "NetCDF Users Guide, Attribute Conventions; CF Conventions 1.11, 2.5 and 8.1";

    static final FieldDocs DOCS = FieldDocs.builder()
            .put("zarr_format", "The version of the Zarr metadata this file follows: 2 for .zarray/.zgroup files, 3 for zarr.json. "
                    + "It decides every other key's name and meaning.", "", V2 + "; " + V3)
            .put("node_type", "Zarr v3 keeps groups and arrays in the same file name, zarr.json; node_type says which one this is.", "", V3_GROUP)
            .put("shape", "The array's length along each dimension, slowest-varying first (C order). The chunk grid, the "
                    + "number of values and every chunk's edge are computed from it.", "elements = prod(shape)", V2 + "; " + V3)
            .put("chunks", "Zarr v2's chunk shape: every chunk file holds exactly this many elements per dimension, also at the "
                    + "array's edge, where the part beyond the shape is padding that readers drop.",
                    "chunks per dimension = ceil(shape / chunks)", V2)
            .put("chunk_grid", "Zarr v3's chunk grid. PackScope reads the regular grid, in which every chunk (or shard) has "
                    + "chunk_shape elements per dimension.", "chunks per dimension = ceil(shape / chunk_shape)", V3)
            .put("dtype", "The numpy type string of an element: byte order ('<' little, '>' big, '|' not applicable), kind "
                    + "(b bool, i int, u uint, f float, c complex, S fixed bytes) and size in bytes.", "item size = the number after the kind", V2)
            .put("data_type", "The element type by name (int32, float64, bool, complex128...). The byte order is not part of it: "
                    + "the bytes codec says which order the stored bytes use.", "", V3)
            .put("compressor", "The codec numcodecs applies to each chunk's bytes after the filters, by id (blosc, zstd, lz4, gzip, "
                    + "zlib, bz2, pcodec) with its settings; null stores chunks uncompressed. Decoding runs it first.", "", V2)
            .put("filters", "Codecs applied before the compressor, in order (delta, shuffle...); decoding undoes them in "
                    + "reverse after decompressing.", "", V2)
            .put("fill_value", "The value of every element of a chunk that is not stored. NaN and the infinities are written as the "
                    + "strings \"NaN\", \"Infinity\" and \"-Infinity\", v3 may give a float's bits as \"0x...\" hex, v2 fixed "
                    + "bytes as base64, complex numbers as [real, imaginary]; v2's null means none.", "", V2 + "; " + V3)
            .put("order", "Memory order of the elements inside each chunk: C (last index fastest) or F (first index fastest). "
                    + "PackScope turns F-order chunks into C order when decoding.", "", V2)
            .put("dimension_separator", "The character that joins a chunk's grid coordinates into its key: '.' gives flat files "
                    + "(\"1.2\"), '/' gives nested folders (\"1/2\"). The default is '.'.", "", V2_CHUNKS)
            .put("chunk_key_encoding", "How a chunk's grid coordinates become its key: default writes c/i/j (separator '/' "
                    + "unless configured), v2 writes i.j as Zarr v2 did.", "", V3)
            .put("codecs", "One codec of the chain, in encode order: array → array codecs (transpose), exactly one array → bytes "
                    + "codec (bytes, sharding_indexed, numcodecs.pcodec), then bytes → bytes codecs (blosc, gzip, zstd, crc32c). "
                    + "Decoding runs the chain backwards.", "", V3)
            .put("dimension_names", "Optional names of the dimensions, one per dimension (null for unnamed).", "", V3)
            .put("attributes", "User attributes stored with the array or group. Zarr itself does not interpret them, but an array's "
                    + "netCDF / CF attributes (_FillValue, missing_value, valid_range, valid_min, valid_max, scale_factor, add_offset, "
                    + "_Unsigned) say how its stored numbers become values, and PackScope applies them.", "", V3 + "; " + CF)
            .put("attribute", "A user attribute. Zarr itself does not interpret it; it is not one of the netCDF / CF attributes "
                    + "PackScope applies to an array's values.", "", V2 + "; " + V3)
            .put("scale_factor", "CF packing: the values are stored × scale_factor + add_offset, computed as f64 (xarray and netCDF4 "
                    + "do the same). Zarr itself does not interpret it; PackScope applies it in the table, plot, heat map, decode and "
                    + "export, and \"Show stored values\" gives the stored numbers.",
                    "value = stored × scale_factor + add_offset", CF)
            .put("add_offset", "CF packing: added after scale_factor, value = stored × scale_factor + add_offset (f64). Zarr itself "
                    + "does not interpret it; PackScope applies it to the array's values, and \"Show stored values\" gives the stored numbers.",
                    "value = stored × scale_factor + add_offset", CF)
            .put("_FillValue", "netCDF / CF: a stored number that means no value. Zarr itself does not interpret this attribute "
                    + "(its own fill_value is in the metadata); PackScope shows the elements equal to it as gaps.", "", CF)
            .put("missing_value", "CF: stored numbers (one or several) that mean no value; PackScope shows elements equal to them "
                    + "as gaps. Zarr itself does not interpret the attribute.", "", CF)
            .put("valid_range", "CF: the smallest and largest valid stored numbers; PackScope shows elements outside as gaps. "
                    + "Zarr itself does not interpret the attribute.", "", CF)
            .put("valid_min", "CF: the smallest valid stored number; PackScope shows elements below it as gaps. Zarr itself does "
                    + "not interpret the attribute.", "", CF)
            .put("valid_max", "CF: the largest valid stored number; PackScope shows elements above it as gaps. Zarr itself does "
                    + "not interpret the attribute.", "", CF)
            .put("_Unsigned", "netCDF: \"true\" means the integers are stored signed but meant unsigned; PackScope reads them "
                    + "unsigned before the other CF attributes. Zarr itself does not interpret it.", "", CF)
            .put("consolidated", "A copy of one metadata file of the store, gathered into .zmetadata so a reader can learn the "
                    + "whole hierarchy from one file. PackScope reads the files themselves; the copy can be stale.", "", "zarr-python consolidated metadata")
            .put("key", "Where the chunk is stored: its key (file path) relative to the array folder, from the chunk's grid "
                    + "coordinates and the key encoding; for a shard's inner chunk, its coordinates inside the shard.", "", V2_CHUNKS + "; " + V3)
            .put("crc32c", "A CRC-32C (Castagnoli) checksum of the bytes before it, stored as 4 little-endian bytes after them. "
                    + "A mismatch means those bytes changed after writing; PackScope still decodes them.", "crc32c(bytes[0, n-4)) = u32le(bytes[n-4, n))", CRC)
            .put("index", "The shard index: for each inner chunk in C order, its byte offset and size as two uint64 numbers, "
                    + "followed by the index codecs' additions (usually a crc32c).", "size = inner chunks × 16 (+ 4 with crc32c)", SHARD)
            .put("index entry", "Where one inner chunk is in the shard: offset and size in bytes. Both 2^64-1 mean the inner chunk "
                    + "is empty and reads as the fill value; an entry reaching past the shard is an error.", "", SHARD)
            .put("index_location", "Whether the shard index sits at the start or the end of the shard (end by default).", "", SHARD)
            .put("chunk grid", "Derived: how many chunks the array has along each dimension. Chunks are listed below by their grid "
                    + "coordinates; a chunk whose key has no file reads as the fill value.", "chunks along d = ceil(shape[d] / chunk shape[d])", V2_CHUNKS + "; " + V3)
            .put("codec chain", "Derived: every codec a chunk passes through when written, in order. Reading runs the chain backwards: "
                    + "bytes → bytes codecs first (checksum, decompression), then the array → bytes codec (byte order, Pco, shard "
                    + "assembly), then array → array codecs (transpose; Zarr v2's F order and delta filter are shown as such).", "", V3)
            .put("decoded chunk size", "Derived: the bytes one decoded chunk holds. Zarr stores edge chunks at full size too; the part "
                    + "beyond the array's shape is padding.", "prod(chunk shape) × item size", V2_CHUNKS)
            .put("fill element", "Derived: the metadata gives no fill value (v2 null), so PackScope reads missing chunks as zero bytes.", "", V2)
            .put("stored bytes", "The chunk's bytes as the store holds them, before any codec is undone.", "", V2_CHUNKS + "; " + V3)
            .put("decoded bytes", "Derived: the bytes this chunk decodes to: the full chunk shape times the item size.", "prod(chunk shape) × item size", V2_CHUNKS)
            .put("ratio", "Derived: how much the codecs shrank this chunk.", "decoded bytes / stored bytes", "")
            .put("members", "Derived: the arrays and groups found in this group's folder (folders that hold Zarr metadata).", "", V2 + "; " + V3_GROUP)
            .put("inner chunks", "Derived: how many inner chunks a shard holds along each dimension, and their shape from the "
                    + "sharding codec's chunk_shape. Each is encoded on its own by the inner codecs.", "inner per dimension = shard shape / chunk_shape", SHARD)
            .build();
}
