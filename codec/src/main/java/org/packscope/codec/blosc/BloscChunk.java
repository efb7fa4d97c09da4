package org.packscope.codec.blosc;

import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.compress.CodecException;
import org.packscope.codec.compress.VectorPaths;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Rule;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.io.MemoryBudget;
import org.packscope.codec.io.OutOfRangeException;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.ReadProblem;
import org.packscope.codec.read.ReadRules;
import org.packscope.codec.read.Recorder;

/**
 * One Blosc 1.x chunk in a source: its header, its bstarts and the problems found in
 * them, checked against the bytes present before anything is allocated. Immutable and
 * thread-safe; decoding takes a per-thread {@link Codecs}. All offsets (spans, bstarts
 * made absolute) are positions in {@link #source()}.
 *
 * <p>Decoding is by <em>unit</em>: a block for a compressed chunk, a fixed slice of a
 * memcpyed chunk, so that any byte range can be had by decoding only the units that hold it.
 */
public final class BloscChunk {
    /** Slice size for random access into memcpyed chunks, which have no blocks. */
    static final int MEMCPY_UNIT = 1 << 18;

    private final ByteSource source;
    private final long base;
    private final long end;
    private final ChunkHeader header;
    private final int[] bstarts;
    private final List<Diagnostic> problems;
    private final String fatal;

    private BloscChunk(ByteSource source, long base, long end, ChunkHeader header, int[] bstarts,
                       List<Diagnostic> problems, String fatal) {
        this.source = source;
        this.base = base;
        this.end = end;
        this.header = header;
        this.bstarts = bstarts;
        this.problems = List.copyOf(problems);
        this.fatal = fatal;
    }

    /**
     * Reads the chunk starting at {@code base}, which may use at most {@code available}
     * bytes of the source. Never throws for bad content.
     */
    public static BloscChunk read(ByteSource source, long base, long available) {
        List<Diagnostic> problems = new ArrayList<>();
        available = Math.max(0, Math.min(available, source.size() - base));
        if (available < ChunkHeader.SIZE) {
            problems.add(Diagnostic.errorAtByte(base, BloscRules.CHUNK_TRUNCATED,
                    "a Blosc chunk needs a 16-byte header but only " + available + " bytes are present"));
            return new BloscChunk(source, base, base + available, null, null, problems, "no header");
        }
        FieldReader r = new FieldReader(source, base * 8, (base + available) * 8, Recorder.NONE);
        ChunkHeader h = ChunkHeader.read(r);
        String fatal = null;
        if (h.version() == 0 || h.version() > 2) {
            problems.add(BloscRules.UNKNOWN_VERSION.at(h.span(ChunkHeader.VERSION),
                    "Blosc format version " + h.version() + " (Blosc 1.x writes 1 or 2); decoding as 2"));
        }
        if (h.reservedBit()) {
            problems.add(BloscRules.RESERVED_FLAG_SET.at(h.span(ChunkHeader.RESERVED),
                    "flags bit 3 is reserved and should be 0"));
        }
        if (h.compformat() == null && !h.memcpyed()) {
            problems.add(BloscRules.UNKNOWN_COMPFORMAT.at(h.span(ChunkHeader.COMPFORMAT),
                    "compressor code " + h.compformatCode() + " is not one Blosc 1.x defines (0-4)"));
            fatal = "unknown compressor";
        }
        if (h.typesize() == 0) {
            problems.add(BloscRules.TYPESIZE_ZERO.at(h.span(ChunkHeader.TYPESIZE),
                    "typesize is 0; Blosc needs at least 1 (blocks are read unsplit and unshuffled)"));
        }
        long cbytes = h.cbytes();
        long chunkEnd;
        if (cbytes < ChunkHeader.SIZE) {
            problems.add(BloscRules.CBYTES_TOO_SMALL.at(h.span(ChunkHeader.CBYTES),
                    "cbytes is " + cbytes + ", less than the 16-byte header"));
            chunkEnd = base + available;
            fatal = fatal == null ? "cbytes too small" : fatal;
        } else if (cbytes > available) {
            problems.add(BloscRules.CBYTES_BEYOND_DATA.at(h.span(ChunkHeader.CBYTES),
                    "cbytes claims " + cbytes + " bytes but only " + available + " are present from offset " + base));
            chunkEnd = base + available;
        } else {
            chunkEnd = base + cbytes;
        }
        if (h.nbytes() > ChunkHeader.MAX_BUFFERSIZE) {
            problems.add(BloscRules.NBYTES_TOO_LARGE.at(h.span(ChunkHeader.NBYTES),
                    "nbytes " + h.nbytes() + " exceeds Blosc's limit of " + ChunkHeader.MAX_BUFFERSIZE + " bytes"));
            return new BloscChunk(source, base, chunkEnd, h, null, problems, "nbytes too large");
        }
        if (h.memcpyed()) {
            if (h.nbytes() + ChunkHeader.SIZE != cbytes) {
                problems.add(BloscRules.MEMCPYED_SIZE_MISMATCH.at(h.span(ChunkHeader.CBYTES),
                        "a memcpyed chunk holds nbytes + 16 = " + (h.nbytes() + 16) + " bytes but cbytes is " + cbytes));
            }
            return new BloscChunk(source, base, chunkEnd, h, null, problems, fatal);
        }
        if (h.nbytes() == 0) return new BloscChunk(source, base, chunkEnd, h, new int[0], problems, fatal);
        Compformat cf = h.compformat();
        if (cf != null && h.nbytes() > (chunkEnd - base) * maxRatio(cf) + (1 << 16)) {
            problems.add(BloscRules.NBYTES_IMPLAUSIBLE.at(h.span(ChunkHeader.NBYTES),
                    "nbytes " + h.nbytes() + " cannot come from " + (chunkEnd - base) + " bytes of " + cf.label()
                            + " data (at most about " + maxRatio(cf) + ":1); not decoded"));
            return new BloscChunk(source, base, chunkEnd, h, null, problems, "nbytes implausible");
        }
        if (h.blocksize() == 0) {
            problems.add(BloscRules.BLOCKSIZE_ZERO.at(h.span(ChunkHeader.BLOCKSIZE),
                    "blocksize is 0 for " + h.nbytes() + " bytes of data; the blocks cannot be located"));
            return new BloscChunk(source, base, chunkEnd, h, null, problems, "blocksize 0");
        }
        if (h.blocksize() > h.nbytes()) {
            problems.add(BloscRules.BLOCKSIZE_BEYOND_NBYTES.at(h.span(ChunkHeader.BLOCKSIZE),
                    "blocksize " + h.blocksize() + " is larger than nbytes " + h.nbytes()));
            return new BloscChunk(source, base, chunkEnd, h, null, problems, "blocksize beyond nbytes");
        }
        if (!MemoryBudget.fits(h.blocksize(), h.filter((int) h.blocksize()) == ChunkHeader.Filter.NONE ? 1 : 2)) {
            // a block is decoded whole (and unshuffled through a second buffer): a claim beyond the budget is refused
            problems.add(Diagnostic.error(h.span(ChunkHeader.BLOCKSIZE), MemoryBudget.RULE,
                    MemoryBudget.tooLarge("a block of " + h.blocksize() + " bytes", h.blocksize())));
            return new BloscChunk(source, base, chunkEnd, h, null, problems, TOO_LARGE);
        }
        if (cbytes >= ChunkHeader.SIZE && cbytes <= available) {
            // the root cause first: a cbytes too small would otherwise show up as a stream running past the chunk end
            long walked = streamsEnd(source, h, base + available);
            if (walked > chunkEnd) {
                problems.add(BloscRules.CBYTES_CONTRADICTS_STREAMS.at(h.span(ChunkHeader.CBYTES),
                        "cbytes says the chunk takes " + cbytes + " bytes (to byte " + chunkEnd + "), but its blocks' streams, walked by "
                                + "their bstarts and csizes, end at byte " + walked + " (" + (walked - base) + " bytes); the streams are read to their end"));
                chunkEnd = walked;
            }
        }
        long nblocks = h.nblocks();
        long room = (chunkEnd - h.end()) / 4;
        int present = (int) Math.min(nblocks, Math.max(0, room));
        if (present < nblocks) {
            problems.add(BloscRules.BSTARTS_TRUNCATED.at(Span.bytes(h.end(), chunkEnd - h.end()),
                    nblocks + " blocks need " + nblocks * 4 + " bytes of bstarts but the chunk has room for " + present));
        }
        // entries past a truncated table are not there to read: such blocks cannot be located
        int[] bstarts = new int[present];
        readBstarts(r, h, chunkEnd, bstarts, present, problems);
        dropOverlapping(source, h, chunkEnd, bstarts, problems);
        return new BloscChunk(source, base, chunkEnd, h, bstarts, problems, fatal);
    }

    /**
     * Where the chunk's streams end when walked by bstarts and csizes within {@code limit}
     * (the data present, not cbytes), or -1 when the walk leaves the data or meets a bad
     * entry (then cbytes is not the one to blame).
     */
    static long streamsEnd(ByteSource s, ChunkHeader h, long limit) {
        long base = h.offset();
        long nblocks = h.nblocks();
        long dataStart = ChunkHeader.SIZE + nblocks * 4;
        if (nblocks <= 0 || base + dataStart > limit) return -1;
        long furthest = base + dataStart;
        for (long b = 0; b < nblocks; b++) {
            long pos = base + s.i32le(base + ChunkHeader.SIZE + b * 4);
            if (pos < base + dataStart) return -1;
            for (int j = 0, n = h.nsplits(b); j < n; j++) {
                if (pos + 4 > limit) return -1;
                long csize = s.i32le(pos);
                if (csize < 0 || csize > limit - pos - 4) return -1;
                pos += 4 + csize;
            }
            furthest = Math.max(furthest, pos);
        }
        return furthest;
    }

    /**
     * Blocks whose streams start inside streams another block already claims become -1
     * (not decoded) with a diagnostic at their bstarts entry: without this, a few KB of
     * streams shared by thousands of entries would be decoded thousands of times (2 GB of
     * work from 8 MB of file). c-blosc writes blocks in any order when it compresses with
     * threads, so the entries are taken in the order of their starts, each stream's end found
     * by walking its csizes within the chunk; the cost is a sort of the entries present.
     */
    private static void dropOverlapping(ByteSource s, ChunkHeader h, long chunkEnd, int[] bstarts, List<Diagnostic> problems) {
        int n = bstarts.length;
        if (n < 2 || h.memcpyed()) return;
        long[] byStart = new long[n];
        int valid = 0;
        for (int b = 0; b < n; b++) if (bstarts[b] >= 0) byStart[valid++] = (long) bstarts[b] << 32 | b;
        java.util.Arrays.sort(byStart, 0, valid);
        long base = h.offset();
        long claimedTo = -1;
        int overlaps = 0;
        for (int k = 0; k < valid; k++) {
            int start = (int) (byStart[k] >>> 32);
            int b = (int) byStart[k];
            if (base + start < claimedTo) {
                if (++overlaps <= MAX_REPORTED) {
                    problems.add(BloscRules.BSTARTS_OVERLAP.at(Span.bytes(base + ChunkHeader.SIZE + 4L * b, 4),
                            "bstarts[" + b + "] = " + start + " lies inside the streams of an earlier block (they reach "
                                    + (claimedTo - base) + "); block " + b + " is not decoded"));
                }
                bstarts[b] = -1;
                continue;
            }
            // a csize that leaves the chunk ends the claim where it stands (that block's own damage is reported elsewhere)
            long pos = base + start;
            for (int j = 0, streams = h.nsplits(b); j < streams && pos + 4 <= chunkEnd; j++) {
                long csize = s.i32le(pos);
                if (csize < 0 || csize > chunkEnd - pos - 4) break;
                pos += 4 + csize;
            }
            claimedTo = Math.max(claimedTo, Math.max(pos, base + start + 1));
        }
        if (overlaps > MAX_REPORTED) {
            problems.add(BloscRules.BSTARTS_OVERLAP.at(Span.bytes(h.end(), 4L * n),
                    (overlaps - MAX_REPORTED) + " more blocks start inside another block's streams (" + overlaps + " of " + n
                            + " in all); they are not decoded"));
        }
    }

    /**
     * Reads bstarts entries {@code 0..count-1} at the reader's position (right after the
     * header), recording each as {@code bstarts[b]}; entries outside the block data become
     * -1 in {@code into} and, when {@code problems} is not null, are reported (the first
     * {@link #MAX_REPORTED} one by one).
     */
    private static void readBstarts(FieldReader r, ChunkHeader h, long chunkEnd, int[] into, int count,
                                    List<Diagnostic> problems) {
        long base = h.offset();
        long dataStart = ChunkHeader.SIZE + h.nblocks() * 4;
        long chunkLength = chunkEnd - base;
        int badBstarts = 0;
        boolean recording = r.recording();
        java.util.function.LongFunction<Object> show = x -> x < dataStart || x >= chunkLength ? "invalid" : x;
        for (int b = 0; b < count; b++) {
            long at = r.bit();
            long v = r.i32le(BSTARTS, b, recording ? "bstarts[" + b + "]" : BSTARTS, show,
                    recording ? "offset of block " + b + " from the chunk start" : null);
            if (v < dataStart || v >= chunkLength) {
                if (problems != null && ++badBstarts <= MAX_REPORTED) {
                    problems.add(BloscRules.BSTART_OUT_OF_RANGE.at(Span.bits(at, 32),
                            "bstarts[" + b + "] = " + v + " lies outside the block data [" + dataStart + ", "
                                    + chunkLength + ")"));
                }
                into[b] = -1;
            } else {
                into[b] = (int) v;
            }
        }
        if (problems != null && badBstarts > MAX_REPORTED) {
            problems.add(BloscRules.BSTART_OUT_OF_RANGE.at(Span.bytes(h.end(), 4L * count),
                    (badBstarts - MAX_REPORTED) + " more bstarts lie outside the block data (" + badBstarts + " of "
                            + h.nblocks() + " in all)"));
        }
    }

    /** Key of the bstarts entries (indexed by block). */
    public static final String BSTARTS = "bstarts";

    /** Records the header's fields with {@code recorder}, read again by the one header reader. Needs a header. */
    public ChunkHeader recordHeader(Recorder recorder) {
        return ChunkHeader.read(new FieldReader(source, base * 8, end * 8, recorder));
    }

    /** Records the first {@code max} bstarts entries present with {@code recorder}, read by the same code as {@link #read}. */
    public void recordBstarts(Recorder recorder, int max) {
        int count = Math.min(nblocks(), max);
        if (count <= 0) return;
        FieldReader r = new FieldReader(source, header.end() * 8, end * 8, recorder);
        readBstarts(r, header, end, new int[count], count, null);
    }

    /**
     * Largest expansion a codec can reach (run-length of 255 output bytes per input byte for
     * the LZ codecs, 32 K per byte for zstd RLE blocks), with margin. A header claiming more
     * is refused before anything is allocated.
     */
    static long maxRatio(Compformat cf) {
        return switch (cf) {
            case BLOSCLZ, LZ4 -> 300;
            case SNAPPY -> 64;
            case ZLIB -> 1100;
            case ZSTD -> 40_000;
        };
    }

    public ByteSource source() { return source; }

    /** Offset of the header in the source. */
    public long base() { return base; }

    /** End of the chunk in the source (cbytes, or less when the data is cut short). */
    public long end() { return end; }

    /** Null when fewer than 16 bytes were present. */
    public ChunkHeader header() { return header; }

    /** Structural problems found reading the header and bstarts. */
    public List<Diagnostic> problems() { return problems; }

    /** Why nothing can be decoded, or null. */
    public String fatal() { return fatal; }

    /** Why a chunk whose blocks exceed the memory budget is not decoded. */
    private static final String TOO_LARGE = "blocks too large to hold";

    /**
     * Decompressed size, 0 when the header is unreadable or claims more than can be held
     * (such a chunk has no values to page through: a claimed gigabyte of zeros is not shown).
     */
    public long nbytes() {
        return header == null || header.nbytes() > ChunkHeader.MAX_BUFFERSIZE || TOO_LARGE.equals(fatal) ? 0 : header.nbytes();
    }

    /** Relative bstarts (-1 for a missing or out-of-range entry); empty for memcpyed chunks. */
    public int[] bstarts() { return bstarts == null ? new int[0] : bstarts.clone(); }

    public int nblocks() { return bstarts == null ? 0 : bstarts.length; }

    // ---------------------------------------------------------------- units

    public int unitSize() {
        if (header == null) return 1;
        // undecodable chunks still answer reads (with zeros) in bounded slices
        if (header.memcpyed() || fatal != null) return MEMCPY_UNIT;
        return (int) Math.max(1, Math.min(header.blocksize(), Integer.MAX_VALUE));
    }

    public long units() {
        long n = nbytes();
        return n == 0 ? 0 : (n + unitSize() - 1) / unitSize();
    }

    public long unitStart(long u) { return u * unitSize(); }

    public int unitLength(long u) { return (int) Math.min(unitSize(), nbytes() - unitStart(u)); }

    // ---------------------------------------------------------------- layout

    /** Locates block {@code b}'s split streams; never throws. */
    public BlockLayout layout(int b) { return layout(b, Recorder.NONE); }

    /** Key of a stream's compressed size and of its bytes (indexed by stream). */
    public static final String STREAM_CSIZE = "streams.csize";
    public static final String STREAM_DATA = "streams.data";

    /**
     * Locates block {@code b}'s split streams, recording each stream's csize and bytes
     * with {@code recorder} as they are walked; never throws.
     */
    public BlockLayout layout(int b, Recorder recorder) {
        ChunkHeader h = header;
        int bsize = h.blockSize(b);
        boolean leftoverBlock = h.isLeftoverBlock(b);
        int nsplits = h.nsplits(b);
        if (bstarts == null || b >= bstarts.length || bstarts[b] < 0) {
            long at = bstartEntry(b);
            return new BlockLayout(b, at, at, bsize, leftoverBlock, nsplits, new long[0], new int[0],
                    BloscRules.BLOCK_UNLOCATABLE.at(Span.bytes(at, 4), "block " + b + " has no valid bstart"));
        }
        FieldReader r = new FieldReader(source, (base + bstarts[b]) * 8, end * 8, recorder);
        long start = r.byteOffset();
        long[] offsets = new long[nsplits];
        int[] csizes = new int[nsplits];
        int neblock = bsize / nsplits;
        Compformat cf = h.compformat();
        boolean recording = r.recording();
        for (int j = 0; j < nsplits; j++) {
            long pos = r.byteOffset();
            if (r.bytesLeft() < 4) {
                return partial(b, start, pos, bsize, leftoverBlock, nsplits, offsets, csizes, j,
                        BloscRules.STREAM_SIZE_TRUNCATED.at(Span.bytes(pos, Math.max(0, end - pos)),
                                "block " + b + " stream " + j + ": the 4-byte csize runs past the chunk end at " + end));
            }
            // an int32; recorded once it is known to lead somewhere, like the streams found before it
            long csize = (int) r.uintLe(4, "a stream's csize");
            if (csize < 0 || csize > r.bytesLeft()) {
                return partial(b, start, pos, bsize, leftoverBlock, nsplits, offsets, csizes, j,
                        BloscRules.STREAM_OVERRUN.at(Span.bytes(pos, 4),
                                "block " + b + " stream " + j + ": csize " + csize + " at offset " + pos
                                        + " runs past the chunk end at " + end));
            }
            if (csize != neblock && cf != null && neblock > csize * maxRatio(cf) + (1 << 16)) {
                return partial(b, start, pos, bsize, leftoverBlock, nsplits, offsets, csizes, j,
                        BloscRules.STREAM_IMPLAUSIBLE.at(Span.bytes(pos, 4),
                                "block " + b + " stream " + j + ": " + csize + " bytes of " + cf.label()
                                        + " cannot hold " + neblock + " bytes; not decoded"));
            }
            long dataAt = r.byteOffset();
            r.skipBytes(csize, "stream data");
            if (recording) {
                r.recordSpan(STREAM_CSIZE, j, "streams[" + j + "].csize", pos, dataAt, csize, "compressed size of stream " + j);
                boolean raw = csize == neblock;
                r.recordSpan(STREAM_DATA, j, "streams[" + j + "].data", dataAt, r.byteOffset(),
                        raw ? "raw" : cf == null ? "unknown codec" : cf.label(),
                        raw ? "stored uncompressed (csize equals the stream's " + neblock + " bytes)"
                            : "compressed; decompresses to " + neblock + " bytes");
            }
            offsets[j] = pos;
            csizes[j] = (int) csize;
        }
        return new BlockLayout(b, start, r.byteOffset(), bsize, leftoverBlock, nsplits, offsets, csizes, null);
    }

    /** Where block {@code b}'s entry of the bstarts table lies (it may lie past a truncated table). */
    long bstartEntry(int b) { return base + ChunkHeader.SIZE + 4L * b; }

    /**
     * Records block {@code b}'s bstarts entry as the field {@code bstart}, read where the
     * table holds it; nothing when the table stops before it.
     */
    public void recordBstart(int b, Recorder recorder) {
        if (header == null || bstarts == null || b >= bstarts.length) return;
        FieldReader r = new FieldReader(source, bstartEntry(b) * 8, end * 8, recorder);
        r.i32le(BSTART, -1, "bstart", v -> v, "offset of this block from the chunk start");
    }

    /** Key of a block node's own bstarts entry. */
    public static final String BSTART = "bstart";

    private static BlockLayout partial(int b, long start, long pos, int bsize, boolean lo, int nsplits,
                                       long[] offsets, int[] csizes, int found, Diagnostic d) {
        return new BlockLayout(b, start, pos, bsize, lo, nsplits,
                java.util.Arrays.copyOf(offsets, found), java.util.Arrays.copyOf(csizes, found), d);
    }

    // ---------------------------------------------------------------- decoding

    private static ReadProblem failure(Rule rule, Span span, String message) {
        return new ReadProblem(Diagnostic.error(span, rule, message));
    }

    /** Decodes unit {@code u} into {@code dst[dOff..dOff+unitLength(u))}. */
    public void decodeUnit(long u, byte[] dst, int dOff, Codecs ctx)  {
        if (header == null || fatal != null) {
            throw failure(BloscRules.CHUNK_UNDECODABLE, Span.bytes(base, 0), "chunk at " + base + " cannot be decoded: " + fatal);
        }
        if (header.memcpyed()) {
            // what is present is copied, what lies past the end reads as zeros (verify reports the cut once)
            long from = base + ChunkHeader.SIZE + unitStart(u);
            int len = unitLength(u);
            int n = (int) Math.max(0, Math.min(len, Math.min(end, source.size()) - from));
            if (n > 0) source.read(from, dst, dOff, n);
            if (n < len) java.util.Arrays.fill(dst, dOff + n, dOff + len, (byte) 0);
            return;
        }
        decodeBlock((int) u, dst, dOff, ctx);
    }

    /** Decodes block {@code b} (blocksize bytes, or the leftover) into {@code dst[dOff..]}. */
    public void decodeBlock(int b, byte[] dst, int dOff, Codecs ctx)  {
        decodeBlock(b, dst, dOff, ctx, true);
    }

    /**
     * {@link #decodeBlock(int, byte[], int, Codecs)}, with {@code fast} false keeping to the
     * stream-by-stream route where {@link #constantHigh} would skip streams (for tests).
     */
    void decodeBlock(int b, byte[] dst, int dOff, Codecs ctx, boolean fast)  {
        BlockLayout layout = layout(b);
        if (layout.problem() != null) throw new ReadProblem(layout.problem());
        int bsize = layout.bsize();
        ChunkHeader.Filter filter = header.filter(bsize);
        byte[] out = filter == ChunkHeader.Filter.NONE ? dst : ctx.shuffled(bsize);
        int outOff = filter == ChunkHeader.Filter.NONE ? dOff : 0;
        int neblock = layout.neblock();
        Compformat format = header.compformat();
        long high = filter == ChunkHeader.Filter.SHUFFLE && lowHalfFits(layout, fast) ? constantHigh(layout, ctx) : -1;
        for (int j = 0; j < layout.nsplits(); j++) {
            if (high >= 0 && j >= 4) break; // streams 4-7 were checked whole: one value each
            int csize = layout.csizes()[j];
            long at = layout.streamOffsets()[j] + 4;
            int target = outOff + j * neblock;
            try {
                if (csize == neblock) {
                    source.read(at, out, target, csize);
                    continue;
                }
                if (format == null) {
                    throw failure(BloscRules.UNKNOWN_COMPFORMAT, header.span(ChunkHeader.COMPFORMAT), "unknown compressor");
                }
                byte[] in = ctx.stream(csize);
                source.read(at, in, 0, csize);
                int got;
                try {
                    got = ctx.decompress(format, in, 0, csize, out, target, neblock);
                } catch (CodecException e) {
                    long where = e.inputOffset() < 0 ? at : at + Math.min(e.inputOffset(), csize);
                    throw failure(BloscRules.DECOMPRESS_FAILED, Span.bytes(where, 0),
                            "block " + b + " stream " + j + " (" + csize + " bytes at " + at + "): " + e.getMessage());
                }
                if (got != neblock) {
                    throw failure(BloscRules.DECOMPRESS_SIZE_MISMATCH, Span.bytes(at, csize),
                            "block " + b + " stream " + j + " decompressed to " + got + " bytes, expected " + neblock);
                }
            } catch (OutOfRangeException e) {
                throw failure(ReadRules.TRUNCATED, Span.bytes(e.offset(), 0), "block " + b + ": " + e.getMessage());
            }
        }
        int covered = layout.nsplits() * neblock;
        if (covered < bsize) {
            // a blocksize that is not a multiple of typesize leaves bytes no stream writes; never reuse stale ones
            java.util.Arrays.fill(out, outOff + covered, outOff + bsize, (byte) 0);
        }
        if (high >= 0) {
            SimdShuffle.unshuffle8Low4(out, 0, neblock, neblock, dst, dOff, high);
            return;
        }
        switch (filter) {
            case SHUFFLE -> Shuffle.unshuffle(header.typesize(), bsize, out, 0, dst, dOff);
            case BITSHUFFLE -> Shuffle.bitunshuffle(header.typesize(), bsize, out, 0, dst, dOff);
            case NONE -> { }
        }
    }

    /**
     * Whether block {@code layout} may take {@link SimdShuffle#unshuffle8Low4}: BloscLZ
     * streams split in 8 for typesize 8 (stream j is byte j of every element), whole steps
     * of 64 elements, and the 512-bit vector path.
     */
    private boolean lowHalfFits(BlockLayout layout, boolean fast) {
        return fast && header.compformat() == Compformat.BLOSCLZ && header.typesize() == 8 && layout.nsplits() == 8
                && layout.neblock() % 64 == 0 && Simd.unshuffleReady() && SimdShuffle.bits() == 512 && VectorPaths.bytePermutes();
    }

    /**
     * The upper four bytes of every element of a block (byte 4 lowest) when its streams 4-7
     * each decode to one value throughout, else -1: integers below 2^32 in 8 bytes, and the
     * like. Only highly compressed streams are looked at ({@link BloscLz#constantValue}
     * walks the instructions without writing, with the decoder's checks); any doubt, a raw
     * stream or a damaged one, leaves the streams to the decoder, which reports what it finds.
     */
    long constantHigh(BlockLayout layout, Codecs ctx) {
        int neblock = layout.neblock();
        long high = 0;
        for (int j = 4; j < 8; j++) {
            int csize = layout.csizes()[j];
            if (csize == neblock || (long) csize * 16 > neblock) return -1;
            byte[] in = ctx.stream(csize);
            try {
                source.read(layout.streamOffsets()[j] + 4, in, 0, csize);
            } catch (OutOfRangeException e) {
                return -1;
            }
            int v = BloscLz.constantValue(in, 0, csize, neblock);
            if (v < 0) return -1;
            high |= (long) v << 8 * (j - 4);
        }
        return high;
    }

    /**
     * Decodes decompressed bytes {@code [start, start+len)} into {@code dst}, touching only
     * the units that hold them.
     */
    public void decodeRange(long start, int len, byte[] dst, int dOff, Codecs ctx)  {
        if (start < 0 || len < 0 || start + len > nbytes()) throw new IndexOutOfBoundsException(start + "+" + len);
        long pos = start;
        long stop = start + len;
        byte[] unitBuf = null;
        while (pos < stop) {
            long u = pos / unitSize();
            long us = unitStart(u);
            int ul = unitLength(u);
            int inUnit = (int) (pos - us);
            int n = (int) Math.min(ul - inUnit, stop - pos);
            if (inUnit == 0 && n == ul) {
                decodeUnit(u, dst, dOff + (int) (pos - start), ctx);
            } else {
                if (unitBuf == null || unitBuf.length < ul) unitBuf = new byte[ul];
                decodeUnit(u, unitBuf, 0, ctx);
                System.arraycopy(unitBuf, inUnit, dst, dOff + (int) (pos - start), n);
            }
            pos += n;
        }
    }

    /** Decodes the whole chunk into a new array (nbytes was validated when reading). */
    public byte[] decodeAll(Codecs ctx)  {
        byte[] out = new byte[(int) nbytes()];
        decodeRange(0, out.length, out, 0, ctx);
        return out;
    }

    /** Failures reported one by one before the rest are summed up in one diagnostic. */
    static final int MAX_REPORTED = 20;

    /**
     * Whether unit {@code u} can be located (header usable, block streams found or memcpyed
     * bytes present): checked before a buffer of the unit's size is allocated for it.
     */
    public boolean unitLocatable(long u) {
        if (header == null || fatal != null) return false;
        return header.memcpyed() || layout((int) u).problem() == null;
    }

    /** Decodes every unit, reporting failures (the first few one by one); returns the number of units that failed. */
    public int verify(java.util.function.Consumer<Diagnostic> sink, Codecs ctx) {
        int failures = 0;
        int reported = 0;
        int tail = 0;
        String lastRule = null;
        long n = units();
        if (header != null && fatal == null && header.memcpyed()) {
            long need = base + ChunkHeader.SIZE + nbytes();
            if (need <= end) return 0;
            long present = Math.max(0, end - base - ChunkHeader.SIZE);
            sink.accept(Diagnostic.error(Span.bytes(end, 0), BloscRules.MEMCPYED_TRUNCATED,
                    "memcpyed data ends at " + end + " after " + present + " of its " + nbytes() + " bytes; bytes "
                            + present + ".." + nbytes() + " read as zeros"));
            return 1;
        }
        byte[] buf = null;
        for (long u = 0; u < n; u++) {
            if (header != null && fatal == null && !header.memcpyed() && u >= bstarts.length) {
                // past a truncated bstarts table (reported when reading): all remaining blocks are lost alike
                sink.accept(Diagnostic.error(Span.bytes(Math.min(end, base + ChunkHeader.SIZE + 4L * bstarts.length), 0),
                        BloscRules.BLOCK_UNLOCATABLE, "blocks " + u + ".." + (n - 1) + " have no bstarts entry; they read as zeros"));
                tail = (int) Math.min(Integer.MAX_VALUE - failures, n - u);
                break;
            }
            try {
                if (header != null && fatal == null && !header.memcpyed()) {
                    BlockLayout l = layout((int) u);
                    if (l.problem() != null) throw new ReadProblem(l.problem());
                }
                if (buf == null) buf = ctx.unit((int) Math.min(Math.max(1, nbytes()), unitSize()));
                decodeUnit(u, buf, 0, ctx);
            } catch (ReadProblem e) {
                failures++;
                if (reported < MAX_REPORTED) {
                    sink.accept(e.diagnostic());
                    reported++;
                    lastRule = e.diagnostic().rule();
                }
                if (header == null || fatal != null) break;
            }
        }
        if (failures > reported) {
            sink.accept(Diagnostic.error(null, BloscRules.MORE_BLOCKS_FAILED, (failures - reported) + " more of the " + n
                    + " blocks cannot be decoded (the last reported: " + lastRule + "); they read as zeros"));
        }
        return failures + tail;
    }
}
