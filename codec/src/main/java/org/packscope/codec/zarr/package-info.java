/**
 * Zarr stores on disk, format versions 2 and 3.
 *
 * <p>A v2 store is a tree of folders: a group has {@code .zgroup} (and optionally
 * {@code .zattrs}, and {@code .zmetadata} at the root when consolidated), an array has
 * {@code .zarray}: shape, chunks, dtype, compressor, filters, fill_value, order and
 * dimension_separator. A v3 store has one {@code zarr.json} per group or array; an array's
 * lists its shape, data_type, chunk_grid, chunk_key_encoding, fill_value and a chain of
 * codecs. Each chunk of the regular grid is one file named by its key ({@code 1.2},
 * {@code 1/2}, {@code c/1/2}); a missing file is a chunk full of the fill value.
 *
 * <p>{@link org.packscope.codec.zarr.ArrayMeta} reads the metadata (every field with its
 * span in its JSON file) and translates both versions into one codec chain,
 * {@link org.packscope.codec.zarr.Pipeline}: v2's F order becomes a transpose, its filters
 * and compressor become v3-style codecs. Blosc chunks are decoded by the blosc package's
 * {@code BloscChunk}, pcodec chunks are Pco standalone files read by the pco package's
 * {@code PcoFile}, the other compressors go through {@code compress.ChunkCodecs}.
 * {@link org.packscope.codec.zarr.ZarrArray} assembles chunks into a
 * {@code store.ChunkedArray}, which gives the array node its value column (C order) and its
 * {@code store.ArraySlices} facet (2-D windows of any slice, decoding only the chunks a
 * window crosses). {@link org.packscope.codec.zarr.ZarrNodes} builds the tree: groups,
 * arrays, and each chunk as its codec's own inspection (a Blosc chunk, a Pco file, a shard
 * with its index and inner chunks, or raw bytes).
 */
package org.packscope.codec.zarr;
