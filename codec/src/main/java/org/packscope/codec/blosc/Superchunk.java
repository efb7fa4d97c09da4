package org.packscope.codec.blosc;

import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;

/**
 * A bcolz superchunk file ({@code __N.blp}): 'blpk', a version byte, three reserved
 * bytes, an int64 nchunks, then that many Blosc chunks back to back (bcolz 1.x always
 * writes one).
 */
public final class Superchunk {

    public static final int HEADER_SIZE = 16;

    private final ByteSource source;
    private final String magic;
    private final int version;
    private final int reserved;
    private final long nchunks;
    /** Where each chunk found starts: a file of a million 16-byte chunks costs 8 MB here, not a million objects. */
    private final long[] starts;
    private final int found;
    private final List<Diagnostic> problems;

    private Superchunk(ByteSource source, String magic, int version, int reserved, long nchunks, long[] starts, int found,
                       List<Diagnostic> problems) {
        this.source = source;
        this.magic = magic;
        this.version = version;
        this.reserved = reserved;
        this.nchunks = nchunks;
        this.starts = starts;
        this.found = found;
        this.problems = List.copyOf(problems);
    }

    public ByteSource source() { return source; }
    public String magic() { return magic; }
    public int version() { return version; }
    public int reserved() { return reserved; }
    public long nchunks() { return nchunks; }
    public List<Diagnostic> problems() { return problems; }

    /** Chunks located in the file (at most nchunks). */
    public int chunkCount() { return found; }

    /** Chunk {@code k}, read from its header on each call (cheap: the header and its bstarts). */
    public BloscChunk chunk(int k) {
        if (k < 0 || k >= found) throw new IndexOutOfBoundsException(k);
        return BloscChunk.read(source, starts[k], source.size() - starts[k]);
    }

    public static Superchunk read(ByteSource src) {
        List<Diagnostic> problems = new ArrayList<>();
        if (src.size() < HEADER_SIZE) {
            problems.add(Diagnostic.errorAtByte(0, "blpk_truncated",
                    "a superchunk needs a 16-byte header but the file has " + src.size() + " bytes"));
            return new Superchunk(src, "", 0, 0, 0, new long[0], 0, problems);
        }
        byte[] m = src.bytes(0, 4);
        String magic = new String(m, java.nio.charset.StandardCharsets.ISO_8859_1);
        if (!magic.equals("blpk")) {
            problems.add(Diagnostic.error(Span.bytes(0, 4), "bad_magic", "expected 'blpk' at the start of a superchunk"));
        }
        int version = src.u8(4);
        if (version != 1) {
            problems.add(Diagnostic.warning(Span.bytes(4, 1), "unknown_blpk_version", "superchunk version " + version + " (bcolz 1.x writes 1)"));
        }
        int reserved = src.u8(5) | src.u8(6) << 8 | src.u8(7) << 16;
        if (reserved != 0) {
            problems.add(Diagnostic.warning(Span.bytes(5, 3), "reserved_nonzero", "reserved bytes should be 0"));
        }
        long nchunks = src.i64le(8);
        if (nchunks != 1) {
            problems.add(Diagnostic.warning(Span.bytes(8, 8), nchunks < 1 ? "nchunks_invalid" : "nchunks_not_one",
                    "nchunks is " + nchunks + "; bcolz 1.x always writes 1"));
        }
        // chunks are located by their headers' cbytes alone; each is read in full only when asked for
        long[] starts = new long[1];
        int found = 0;
        long pos = HEADER_SIZE;
        boolean lastWhole = false;
        while (found < nchunks && pos < src.size()) {
            if (found == starts.length) starts = java.util.Arrays.copyOf(starts, (int) Math.min(Integer.MAX_VALUE - 8, found * 2L));
            starts[found++] = pos;
            long left = src.size() - pos;
            long cbytes = left < ChunkHeader.SIZE ? -1 : src.u32le(pos + 12);
            lastWhole = cbytes >= ChunkHeader.SIZE;
            if (!lastWhole) break;
            pos += Math.min(cbytes, left);
            if (found == Integer.MAX_VALUE - 8) break;
        }
        if (found < nchunks && nchunks >= 1) {
            problems.add(Diagnostic.errorAtByte(pos, "chunks_missing",
                    "nchunks says " + nchunks + " but the file ends after " + found));
        }
        if (pos < src.size() && found > 0 && lastWhole) {
            problems.add(Diagnostic.warning(Span.bytes(pos, src.size() - pos), "trailing_bytes",
                    (src.size() - pos) + " bytes follow the last chunk (cbytes does not reach the end of the file)"));
        }
        return new Superchunk(src, magic, version, reserved, nchunks, starts, found, problems);
    }

    /** The first chunk, or null. */
    public BloscChunk chunk() { return found == 0 ? null : chunk(0); }
}
