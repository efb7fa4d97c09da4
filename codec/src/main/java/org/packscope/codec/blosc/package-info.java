/**
 * Blosc 1.x chunks and bcolz superchunk files.
 *
 * <p>A Blosc 1.x chunk starts with a 16-byte header ({@link org.packscope.codec.blosc.ChunkHeader}):
 * format version, codec stream version, a flags byte (bit 0 byte shuffle, bit 1 memcpyed, bit 2
 * bit shuffle, bit 4 dont_split, bits 5-7 the codec), typesize, then nbytes, blocksize and
 * cbytes as little-endian uint32. Blosc has no magic number.
 *
 * <p>A memcpyed chunk holds the nbytes raw bytes right after the header, never filtered.
 * Otherwise the data is cut into blocks of blocksize bytes (the last one shorter); an int32
 * table, {@code bstarts}, gives each block's offset from the chunk start, in any order. A
 * block is stored as one stream, or as typesize streams when it holds at least 128 elements
 * of at most 16 bytes, is not the leftover block and dont_split is clear. Each stream is an
 * int32 compressed size followed by that many bytes; a size equal to the stream's
 * uncompressed size means the bytes are stored raw. After decompressing, the block's filter
 * is undone ({@link org.packscope.codec.blosc.Shuffle}).
 *
 * <p>The header, the bstarts table, each block's stream sizes and the superchunk header are
 * read by the shared {@link org.packscope.codec.read.FieldReader}: the decoder reads them
 * without recording, a node records them under the keys {@link org.packscope.codec.blosc.BloscDocs}
 * documents. What cannot be decoded is a {@link org.packscope.codec.read.ReadProblem} naming a rule
 * of {@link org.packscope.codec.blosc.BloscRules}.
 *
 * <p>Entry points: {@link org.packscope.codec.blosc.BloscChunk#read} for the structure,
 * {@code decodeUnit}/{@code decodeRange} with a per-thread {@link org.packscope.codec.blosc.Codecs}
 * for data, {@link org.packscope.codec.blosc.ChunkNodes} for the inspection tree and
 * {@link org.packscope.codec.blosc.BloscFormat} for files.
 */
package org.packscope.codec.blosc;
