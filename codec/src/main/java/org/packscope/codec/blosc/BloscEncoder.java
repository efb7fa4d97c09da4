package org.packscope.codec.blosc;

import java.util.Locale;

import org.packscope.codec.compress.ChunkCompressors;

/**
 * Writes Blosc 1.x chunks as c-blosc 1.x writes them: the same block size for a given
 * codec, level and element size, the same split rule, the same per-stream fallback to raw
 * bytes and whole-chunk fallback to a plain copy. With BloscLZ (PackScope's own encoder)
 * and zlib the bytes are c-blosc's own; LZ4, Snappy and zstd streams are the libraries'
 * (lz4-java, aircompressor, zstd-jni), equal to c-blosc's where the library versions agree.
 */
public final class BloscEncoder {

    /** The codecs c-blosc 1.x offers by name; LZ4 HC shares LZ4's stream format. */
    public enum Codec {
        BLOSCLZ("blosclz", Compformat.BLOSCLZ, false),
        LZ4("lz4", Compformat.LZ4, false),
        LZ4HC("lz4hc", Compformat.LZ4, true),
        SNAPPY("snappy", Compformat.SNAPPY, false),
        ZLIB("zlib", Compformat.ZLIB, true),
        ZSTD("zstd", Compformat.ZSTD, true);

        private final String cname;
        private final Compformat format;
        /** Meant for high ratios: c-blosc gives these twice the block size. */
        private final boolean highRatio;

        Codec(String cname, Compformat format, boolean highRatio) {
            this.cname = cname;
            this.format = format;
            this.highRatio = highRatio;
        }

        public String cname() { return cname; }

        public Compformat format() { return format; }

        /** The codec named as c-blosc and numcodecs name it ({@code lz4hc}, {@code zstd}, ...), or null. */
        public static Codec named(String name) {
            for (Codec c : values()) if (c.cname.equals(name.toLowerCase(Locale.ROOT))) return c;
            return null;
        }
    }

    /** The filter applied to each block before it is compressed. */
    public enum Filter { NONE, SHUFFLE, BITSHUFFLE }

    /**
     * What to write: {@code level} 0 (a plain copy) to 9, {@code typesize} 1-255 (larger ones
     * are written as 1, as c-blosc does), {@code blocksize} 0 to let the encoder choose.
     */
    public record Settings(Codec codec, int level, Filter filter, int typesize, int blocksize) {
        public Settings {
            if (codec == null || filter == null) throw new IllegalArgumentException("codec and filter are required");
            if (level < 0 || level > 9) throw new IllegalArgumentException("level " + level + " is not 0-9");
            if (typesize < 1) throw new IllegalArgumentException("typesize " + typesize + " is not positive");
            if (blocksize < 0) throw new IllegalArgumentException("blocksize " + blocksize + " is negative");
            if (typesize > MAX_TYPESIZE) typesize = 1;
        }

        public static Settings of(Codec codec, int level, Filter filter, int typesize) {
            return new Settings(codec, level, filter, typesize, 0);
        }
    }

    static final int MAX_TYPESIZE = 255;
    /** c-blosc sizes blocks from a 32 KiB L1 cache. */
    private static final int L1 = 32 << 10;
    private static final int MAX_BLOCKSIZE = 1 << 30;
    /** The largest split stream c-blosc makes when it chooses the block size itself. */
    private static final int MAX_STREAM = 1 << 18;

    private BloscEncoder() { }

    /** The largest input one chunk holds. */
    public static final long MAX_INPUT = ChunkHeader.MAX_BUFFERSIZE;

    /** Encodes {@code data} as one chunk. */
    public static byte[] encode(byte[] data, Settings s) {
        return encode(data, 0, data.length, s);
    }

    /** Encodes {@code len} bytes at {@code data[off]} as one chunk. */
    public static byte[] encode(byte[] data, int off, int len, Settings s) {
        if (len > MAX_INPUT) throw new IllegalArgumentException(len + " bytes do not fit one Blosc chunk (at most " + MAX_INPUT + ")");
        int blocksize = blocksize(s, len);
        boolean split = splits(s.codec(), s.typesize(), blocksize);
        int flags = s.codec().format().code() << 5;
        if (!split) flags |= ChunkHeader.FLAG_DONT_SPLIT;
        if (s.filter() == Filter.SHUFFLE) flags |= ChunkHeader.FLAG_SHUFFLE;
        if (s.filter() == Filter.BITSHUFFLE) flags |= ChunkHeader.FLAG_BITSHUFFLE;
        // the output may take the data plus the header; beyond that the chunk is a plain copy
        int maxBytes = len + ChunkHeader.SIZE;
        byte[] out = new byte[maxBytes];
        int size = 0;
        if (s.level() > 0 && len >= ChunkHeader.MIN_BUFFERSIZE) {
            size = compressBlocks(data, off, len, s, blocksize, split, out, maxBytes);
        }
        if (size == 0) {
            flags |= ChunkHeader.FLAG_MEMCPYED;
            System.arraycopy(data, off, out, ChunkHeader.SIZE, len);
            size = ChunkHeader.SIZE + len;
        }
        writeHeader(out, s, flags, len, blocksize, size);
        return size == out.length ? out : java.util.Arrays.copyOf(out, size);
    }

    private static void writeHeader(byte[] out, Settings s, int flags, int nbytes, int blocksize, int cbytes) {
        out[0] = 2;  // Blosc 1.x format version
        out[1] = 1;  // every codec's stream format version in c-blosc 1.x
        out[2] = (byte) flags;
        out[3] = (byte) s.typesize();
        putInt(out, 4, nbytes);
        putInt(out, 8, blocksize);
        putInt(out, 12, cbytes);
    }

    /** The blocks after the header and bstarts, or 0 when they do not fit in {@code maxBytes}. */
    private static int compressBlocks(byte[] data, int off, int len, Settings s, int blocksize, boolean split,
                                      byte[] out, int maxBytes) {
        int nblocks = len / blocksize + (len % blocksize == 0 ? 0 : 1);
        int pos = ChunkHeader.SIZE + 4 * nblocks;
        if (pos > maxBytes) return 0;
        byte[] filtered = new byte[blocksize];
        for (int b = 0; b < nblocks; b++) {
            putInt(out, ChunkHeader.SIZE + 4 * b, pos);
            int start = b * blocksize;
            int bsize = Math.min(blocksize, len - start);
            boolean leftover = bsize < blocksize;
            byte[] src = data;
            int sOff = off + start;
            if (s.filter() == Filter.SHUFFLE && s.typesize() > 1) {
                ForwardShuffle.shuffle(s.typesize(), bsize, data, sOff, filtered, 0);
                src = filtered;
                sOff = 0;
            } else if (s.filter() == Filter.BITSHUFFLE && bsize >= s.typesize()) {
                ForwardShuffle.bitshuffle(s.typesize(), bsize, data, sOff, filtered, 0);
                src = filtered;
                sOff = 0;
            }
            int nsplits = split && !leftover ? s.typesize() : 1;
            int stream = bsize / nsplits;
            for (int j = 0; j < nsplits; j++) {
                pos += 4;
                int maxOut = s.codec() == Codec.SNAPPY ? snappyWorstCase(stream) : stream;
                if (pos + maxOut > maxBytes) {
                    maxOut = maxBytes - pos;
                    if (maxOut <= 0) return 0;
                }
                int n = compressStream(s, split, src, sOff + j * stream, stream, out, pos, maxOut);
                if (n == 0 || n == stream) {
                    // not compressible: the stream is stored as it is, its size equal to the stream's
                    if (pos + stream > maxBytes) return 0;
                    System.arraycopy(src, sOff + j * stream, out, pos, stream);
                    n = stream;
                }
                putInt(out, pos - 4, n);
                pos += n;
            }
        }
        return pos;
    }

    private static int compressStream(Settings s, boolean split, byte[] src, int off, int len, byte[] out, int pos, int maxOut) {
        ChunkCompressors c = ChunkCompressors.local();
        int level = s.level();
        return switch (s.codec()) {
            case BLOSCLZ -> BloscLzEncoder.compress(level, src, off, len, out, pos, maxOut, split);
            case LZ4 -> c.lz4(src, off, len, out, pos, maxOut, 10 - level);
            case LZ4HC -> c.lz4hc(src, off, len, out, pos, maxOut, level);
            case SNAPPY -> c.snappy(src, off, len, out, pos, maxOut);
            case ZLIB -> c.zlib(src, off, len, out, pos, maxOut, level);
            case ZSTD -> c.zstd(src, off, len, out, pos, maxOut, zstdLevel(level));
        };
    }

    /** c-blosc's levels 1-8 are zstd's odd levels 1-15; 9 is zstd's highest. */
    static int zstdLevel(int level) {
        return level < 9 ? level * 2 - 1 : ChunkCompressors.zstdMaxLevel();
    }

    /** Snappy's own bound on a stream's size, which c-blosc passes as the room for it. */
    private static int snappyWorstCase(int len) {
        return 32 + len + len / 6;
    }

    /** Whether blocks of this size are split into typesize streams (c-blosc's forward-compatible rule). */
    static boolean splits(Codec codec, int typesize, int blocksize) {
        return codec != Codec.ZSTD && typesize <= ChunkHeader.MAX_SPLITS
                && blocksize / typesize >= ChunkHeader.MIN_BUFFERSIZE;
    }

    /**
     * The block size c-blosc chooses (or the one asked for, kept within its bounds): the L1
     * cache scaled by level, doubled for high-ratio codecs, then for split codecs
     * {@code typesize} streams of up to 256 KiB, between 64 KiB and 1 MiB in all; never more
     * than the data and always whole elements.
     */
    static int blocksize(Settings s, int nbytes) {
        int typesize = s.typesize();
        if (nbytes < typesize) return 1;
        int level = s.level();
        int bs = nbytes;
        if (s.blocksize() > 0) {
            bs = Math.max(ChunkHeader.MIN_BUFFERSIZE, Math.min(MAX_BLOCKSIZE, s.blocksize()));
        } else if (nbytes >= L1) {
            bs = L1;
            if (s.codec().highRatio) bs *= 2;
            bs = switch (level) {
                case 0 -> bs / 4;
                case 1 -> bs / 2;
                case 2 -> bs;
                case 3 -> bs * 2;
                case 4, 5 -> bs * 4;
                case 6, 7, 8 -> bs * 8;
                default -> bs * 8 * (s.codec().highRatio ? 2 : 1);
            };
        }
        if (level > 0 && splits(s.codec(), typesize, bs)) {
            bs = Math.min(bs, MAX_STREAM) * typesize;
            bs = Math.max(bs, 1 << 16);
            bs = Math.min(bs, 1 << 20);
        }
        if (bs > nbytes) bs = nbytes;
        if (bs > typesize) bs = bs / typesize * typesize;
        return bs;
    }

    private static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) v;
        b[at + 1] = (byte) (v >>> 8);
        b[at + 2] = (byte) (v >>> 16);
        b[at + 3] = (byte) (v >>> 24);
    }
}
