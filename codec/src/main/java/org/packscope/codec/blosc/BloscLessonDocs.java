package org.packscope.codec.blosc;

import org.packscope.codec.inspect.FieldDocs;

/** What each field of a Blosc lesson's steps means, with its formula and the spec section it follows. */
final class BloscLessonDocs {
    private BloscLessonDocs() { }

    private static final String LZ = "c-blosc blosc/blosclz.c; lz4 doc/lz4_Block_format.md; snappy format_description.txt";

    static final FieldDocs DOCS = FieldDocs.builder()
            .put("lesson.spec", "The section of the format's description (or the codec's) this step follows.", "", BloscDocs.BLOCKS)
            .put("lesson.typesize", "The element size: the unit the filter regroups and the stream split follows. Its bits are the "
                    + "header's typesize byte (the chunk's own fields show the header bit by bit).", "elements per block n = bsize / typesize", BloscDocs.SHUFFLE)
            .put("lesson.filter", FieldDocs.withMeaning("The filter Blosc applied to every block before compressing it, and why.",
                    "shuffle: filtered[j·n + i] = x[i] byte j; bit shuffle: bit (i mod 8) of filtered[(8j + k)·n/8 + ⌊i/8⌋] = bit k of x[i] byte j", BloscDocs.SHUFFLE))
            .put("lesson.codec", "The codec every stream goes through: bits 5-7 of the flags byte.", "compformat = flags >> 5", BloscDocs.BLOCKS)
            .put("lesson.elements", "How many elements the first block holds: the grid's rows.", "n = bsize / typesize", BloscDocs.SHUFFLE)
            .put("lesson.element", FieldDocs.withMeaning("One element of the first block as typed: typesize little-endian bytes, a row of the "
                    + "grid. The filter moves each of its bytes (or bits) to its own plane.", "byte j of x[i] is typed byte i·typesize + j", BloscDocs.SHUFFLE))
            .put("lesson.plane", FieldDocs.withMeaning("One byte plane: byte j of every element of the block, one after another. Numbers that "
                    + "vary slowly share their high bytes, so their planes are runs the codec compresses well.",
                    "plane j = filtered bytes [j·n, (j+1)·n)", BloscDocs.SHUFFLE))
            .put("lesson.bitrow", FieldDocs.withMeaning("One bit-row of the bit shuffle: bit k of byte j of every element, eight elements to a "
                    + "byte. Sign bits, exponent bits and high bits of small numbers become rows of zeros or ones.",
                    "bit-row 8j + k = filtered bytes [(8j + k)·n/8, (8j + k + 1)·n/8); element i at bit i mod 8 of byte ⌊i/8⌋", BloscDocs.SHUFFLE))
            .put("lesson.bit", FieldDocs.withMeaning("One bit of one element, where the bit shuffle put it.", "bit (i mod 8) of byte ⌊i/8⌋ of bit-row 8j + k", BloscDocs.SHUFFLE))
            .put("lesson.nbytes", "The size of the typed values: the header's nbytes.", "nbytes = values × typesize", BloscDocs.BLOCKS)
            .put("lesson.blocksize", "The size of every block but the leftover one: the header's blocksize, chosen from the codec, "
                    + "level and typesize (or as asked).", "", BloscDocs.BLOCKS)
            .put("lesson.memcpyed", "The chunk is a plain copy: no block compressed smaller (or the level is 0), so the values follow "
                    + "the header unfiltered and uncompressed.", "cbytes = nbytes + 16", BloscDocs.BLOCKS)
            .put("lesson.nblocks", FieldDocs.withMeaning("How many blocks the values are cut into.", "nblocks = ⌈nbytes / blocksize⌉", BloscDocs.BLOCKS))
            .put("lesson.leftover", FieldDocs.withMeaning("The last block's size when nbytes is not a multiple of blocksize; such a block is "
                    + "never split.", "leftover = nbytes mod blocksize", BloscDocs.BLOCKS))
            .put("lesson.bstarts", FieldDocs.withMeaning("The table of block starts right after the header: what lets a reader decode any "
                    + "block without the others.", "block b's streams at chunk start + bstarts[b]", BloscDocs.BLOCKS))
            .put("lesson.split", FieldDocs.withMeaning("How many streams a full block is stored as: one per byte plane when Blosc splits, else one. "
                    + "Its span is the dont_split bit of the flags byte.",
                    "streams = typesize if typesize ≤ 16 ∧ bsize/typesize ≥ 128 ∧ not leftover ∧ ¬dont_split, else 1", BloscDocs.BLOCKS))
            .put("lesson.block", FieldDocs.withMeaning("One block: the values it holds and where its streams are stored.",
                    "block b = typed bytes [b·blocksize, min((b+1)·blocksize, nbytes))", BloscDocs.BLOCKS))
            .put("lesson.csize", FieldDocs.withMeaning("The stream's stored size, an int32 before its bytes.", "next stream at this one + 4 + csize", BloscDocs.BLOCKS))
            .put("lesson.raw", FieldDocs.withMeaning("A stream the codec could not shrink: its bytes are stored as they are.", "raw ⇔ csize = stream bytes", BloscDocs.BLOCKS))
            .put("lesson.literals", FieldDocs.withMeaning("A literal run: an instruction (BloscLZ: a control byte below 32, length − 1 in its "
                    + "low 5 bits; LZ4: a token byte, the literal count in its high nibble, more count bytes while they are 255; "
                    + "Snappy: a tag whose low 2 bits are 0), then the bytes themselves, copied to the output.",
                    "output += the run's bytes", LZ))
            .put("lesson.match", FieldDocs.withMeaning("A match: bytes copied from output already made, distance back; it may overlap what "
                    + "it makes (a run of one repeated value is a match of distance 1). BloscLZ: length (ctrl >> 5) + 2 (more "
                    + "length bytes when it is 7), distance ((ctrl & 31) << 8) + next byte + 1; LZ4: a 2-byte distance, length low "
                    + "nibble + 4; Snappy: tag low bits 1-3, distance in 1, 2 or 4 bytes.",
                    "output[p + t] = output[p − distance + t], t = 0 .. length − 1", LZ))
            .put("lesson.preamble", "Snappy's stream starts with the size it decompresses to, as a little-endian base-128 varint.",
                    "size = Σ (byte & 127) << 7k", "snappy format_description.txt")
            .put("lesson.more_tokens", "A long stream's tokens are listed up to a limit; the table and the parse cover them all.", "", LZ)
            .put("lesson.compressed", "The stream's bytes, too short for the codec's wrapper.", "", BloscDocs.BLOCKS)
            .put("lesson.zlib_header", FieldDocs.withMeaning("zlib's two header bytes: CMF (method and window size) and FLG (check bits and "
                    + "level hint).", "(CMF·256 + FLG) mod 31 = 0", "RFC 1950 (zlib), 2.2"))
            .put("lesson.deflate", "The deflate data: blocks of Huffman-coded literals and matches.", "", "RFC 1951 (deflate)")
            .put("lesson.adler32", "zlib's checksum of the bytes the stream makes.", "a = 1 + Σ bytes, b = Σ a (mod 65521); adler = b·65536 + a", "RFC 1950 (zlib), 2.2")
            .put("lesson.zstd_magic", "Every Zstandard frame starts with the magic number 0xFD2FB528, little-endian.", "", "RFC 8878, 3.1.1")
            .put("lesson.zstd_frame", "The frame header and its blocks: literals and sequences, entropy coded.", "", "RFC 8878, 3.1.1")
            .build();
}
