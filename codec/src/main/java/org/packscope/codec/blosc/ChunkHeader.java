package org.packscope.codec.blosc;

import org.packscope.codec.io.ByteSource;

/**
 * The 16-byte header of a Blosc 1.x chunk (README_HEADER.rst), exactly as stored.
 * Shared by the inspect path and the fast path, so both agree on the layout.
 * Values are kept raw; {@link BloscChunk} checks them against the bytes present.
 */
public record ChunkHeader(int version, int versionlz, int flags, int typesize,
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

    /** Reads the header at {@code offset}; throws OutOfRangeException when fewer than 16 bytes are present. */
    public static ChunkHeader read(ByteSource src, long offset) {
        src.check(offset, SIZE);
        return new ChunkHeader(src.u8(offset), src.u8(offset + 1), src.u8(offset + 2), src.u8(offset + 3),
                src.u32le(offset + 4), src.u32le(offset + 8), src.u32le(offset + 12));
    }

    public static ChunkHeader read(byte[] b, int off) {
        return new ChunkHeader(b[off] & 0xff, b[off + 1] & 0xff, b[off + 2] & 0xff, b[off + 3] & 0xff,
                u32(b, off + 4), u32(b, off + 8), u32(b, off + 12));
    }

    private static long u32(byte[] b, int o) {
        return (b[o] & 0xffL) | (b[o + 1] & 0xffL) << 8 | (b[o + 2] & 0xffL) << 16 | (b[o + 3] & 0xffL) << 24;
    }

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
