package org.packscope.codec.blosc;

import java.util.Locale;

import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.Recorder;

/**
 * The 16-byte header of a Blosc 1.x chunk (README_HEADER.rst), exactly as stored, and
 * where it was read ({@code offset}, a byte of the source). Shared by the inspect path and
 * the fast path, so both agree on the layout: {@link #read(FieldReader)} is the one reader
 * of it, recording each field under its key when asked to. Values are kept raw;
 * {@link BloscChunk} checks them against the bytes present.
 */
public record ChunkHeader(long offset, int version, int versionlz, int flags, int typesize,
                          long nbytes, long blocksize, long cbytes) {

    public static final int SIZE = 16;
    /** c-blosc refuses buffers larger than this (BLOSC_MAX_BUFFERSIZE). */
    public static final long MAX_BUFFERSIZE = Integer.MAX_VALUE - SIZE;
    /** Blocks are only split into typesize streams when they hold at least this many elements. */
    public static final int MIN_BUFFERSIZE = 128;
    /** Blocks are never split for types wider than this. */
    public static final int MAX_SPLITS = 16;

    public static final int FLAG_SHUFFLE = 0x01;
    public static final int FLAG_MEMCPYED = 0x02;
    public static final int FLAG_BITSHUFFLE = 0x04;
    public static final int FLAG_RESERVED = 0x08;
    public static final int FLAG_DONT_SPLIT = 0x10;

    // field keys, as documented in BloscDocs
    public static final String VERSION = "version";
    public static final String VERSIONLZ = "versionlz";
    public static final String FLAGS = "flags";
    public static final String SHUFFLE = "flags.shuffle";
    public static final String MEMCPYED = "flags.memcpyed";
    public static final String BITSHUFFLE = "flags.bitshuffle";
    public static final String RESERVED = "flags.reserved";
    public static final String DONT_SPLIT = "flags.dont_split";
    public static final String COMPFORMAT = "flags.compformat";
    public static final String TYPESIZE = "typesize";
    public static final String NBYTES = "nbytes";
    public static final String BLOCKSIZE = "blocksize";
    public static final String CBYTES = "cbytes";

    /**
     * Reads the header at the reader's position, recording the flags byte and then each
     * of its bits; fails with {@code truncated} when fewer than 16 bytes are left.
     */
    public static ChunkHeader read(FieldReader r) {
        r.need(SIZE * 8L, "a Blosc chunk header");
        long offset = r.byteOffset();
        int version = r.u8(VERSION, "version", "Blosc format version (2 for c-blosc 1.x)");
        int versionlz = r.u8(VERSIONLZ, "versionlz", "format version of the codec's stream");
        long flagsBit = r.bit();
        int flags = (int) r.bits(8, FLAGS, "flags", v -> String.format(Locale.ROOT, "0x%02x", v),
                "bit field: filters, memcpy, split mode, codec");
        if (r.recording()) {
            // the same byte again, bit by bit (LSB first, as README_HEADER.rst numbers them)
            r.seek(flagsBit);
            r.bits(1, SHUFFLE, "flags.shuffle", ChunkHeader::bool, "bit 0: byte shuffle applied (only when typesize > 1 and not memcpyed)");
            r.bits(1, MEMCPYED, "flags.memcpyed", ChunkHeader::bool, "bit 1: data stored uncompressed right after the header, unfiltered, no bstarts");
            r.bits(1, BITSHUFFLE, "flags.bitshuffle", ChunkHeader::bool, "bit 2: bit shuffle applied (blocks of a multiple of 8 elements)");
            r.bits(1, RESERVED, "flags.reserved", ChunkHeader::bool, "bit 3: reserved, 0");
            r.bits(1, DONT_SPLIT, "flags.dont_split", ChunkHeader::bool, "bit 4: blocks are never split into typesize streams");
            r.bits(3, COMPFORMAT, "flags.compformat", v -> {
                Compformat cf = Compformat.of((int) v);
                return v + " (" + (cf == null ? "unknown" : cf == Compformat.LZ4 ? "lz4, as lz4hc also writes it" : cf.label()) + ")";
            }, "bits 5-7: codec of the streams (0 blosclz, 1 lz4/lz4hc, 2 snappy, 3 zlib, 4 zstd)");
        }
        int typesize = r.u8(TYPESIZE, "typesize", "bytes per element; the shuffle and the split work on this unit");
        long nbytes = r.u32le(NBYTES, "nbytes", "uncompressed size of the data");
        long blocksize = r.u32le(BLOCKSIZE, "blocksize", "uncompressed size of each block (the last may be shorter)");
        long cbytes = r.u32le(CBYTES, "cbytes", "compressed size of the chunk, header included");
        return new ChunkHeader(offset, version, versionlz, flags, typesize, nbytes, blocksize, cbytes);
    }

    /** Reads the header at {@code offset} without recording it; fails with {@code truncated} when fewer than 16 bytes are present. */
    public static ChunkHeader read(ByteSource src, long offset) {
        return read(new FieldReader(src, offset, Recorder.NONE));
    }

    private static Object bool(long bit) { return bit != 0; }

    /**
     * Where the field {@code key} of this header lies, for diagnostics about its value:
     * the layout of README_HEADER.rst, kept here beside the one reader of it.
     */
    public Span span(String key) {
        long at = offset * 8;
        return switch (key) {
            case VERSION -> Span.bits(at, 8);
            case VERSIONLZ -> Span.bits(at + 8, 8);
            case FLAGS -> Span.bits(at + 16, 8);
            case SHUFFLE -> Span.bits(at + 16, 1);
            case MEMCPYED -> Span.bits(at + 17, 1);
            case BITSHUFFLE -> Span.bits(at + 18, 1);
            case RESERVED -> Span.bits(at + 19, 1);
            case DONT_SPLIT -> Span.bits(at + 20, 1);
            case COMPFORMAT -> Span.bits(at + 21, 3);
            case TYPESIZE -> Span.bits(at + 24, 8);
            case NBYTES -> Span.bits(at + 32, 32);
            case BLOCKSIZE -> Span.bits(at + 64, 32);
            case CBYTES -> Span.bits(at + 96, 32);
            default -> throw new IllegalArgumentException("not a Blosc header field: " + key);
        };
    }

    /** Where the header ends and the bstarts table (or a memcpyed chunk's data) begins. */
    public long end() { return offset + SIZE; }

    public boolean shuffle() { return (flags & FLAG_SHUFFLE) != 0; }

    public boolean memcpyed() { return (flags & FLAG_MEMCPYED) != 0; }

    public boolean bitshuffle() { return (flags & FLAG_BITSHUFFLE) != 0; }

    public boolean reservedBit() { return (flags & FLAG_RESERVED) != 0; }

    public boolean dontSplit() { return (flags & FLAG_DONT_SPLIT) != 0; }

    public int compformatCode() { return (flags >>> 5) & 7; }

    /** Null when bits 5-7 hold a code Blosc 1.x does not define. */
    public Compformat compformat() { return Compformat.of(compformatCode()); }

    /** Number of blocks (0 for an empty or memcpyed chunk, which has no bstarts). */
    public long nblocks() {
        if (memcpyed() || nbytes == 0 || blocksize == 0) return 0;
        return (nbytes + blocksize - 1) / blocksize;
    }

    /** Size of the last block when it is shorter than blocksize, else 0. */
    public long leftover() { return blocksize == 0 ? 0 : nbytes % blocksize; }

    /** Uncompressed size of block {@code b}. */
    public int blockSize(long b) {
        long start = b * blocksize;
        return (int) Math.min(blocksize, nbytes - start);
    }

    public boolean isLeftoverBlock(long b) { return leftover() != 0 && b == nblocks() - 1; }

    /** How many streams block {@code b} is stored as (the rule c-blosc 1.x applies on both sides). */
    public int nsplits(long b) {
        int ts = typesize;
        int bsize = blockSize(b);
        if (!dontSplit() && ts > 0 && ts <= MAX_SPLITS && bsize / ts >= MIN_BUFFERSIZE && !isLeftoverBlock(b)) {
            return ts;
        }
        return 1;
    }

    /** Which filter undoes block {@code b} (memcpyed chunks are never filtered). */
    public Filter filter(int bsize) {
        if (memcpyed()) return Filter.NONE;
        if (shuffle() && typesize > 1) return Filter.SHUFFLE;
        if (bitshuffle() && typesize > 0 && bsize >= typesize && (bsize / typesize) % 8 == 0) return Filter.BITSHUFFLE;
        return Filter.NONE;
    }

    /** The filter actually undone after decompressing a block. */
    public enum Filter { NONE, SHUFFLE, BITSHUFFLE }
}
