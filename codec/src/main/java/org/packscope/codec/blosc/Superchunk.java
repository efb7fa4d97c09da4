package org.packscope.codec.blosc;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.FieldReader;
import org.packscope.codec.read.Recorder;

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

    // field keys, as documented in BloscDocs
    public static final String MAGIC = "magic";
    public static final String VERSION = "blpk.version";
    public static final String RESERVED = "reserved";
    public static final String NCHUNKS = "nchunks";

    /** Reads the file's header and locates its chunks by their headers' cbytes. */
    public static Superchunk read(ByteSource src) {
        List<Diagnostic> problems = new ArrayList<>();
        if (src.size() < HEADER_SIZE) {
            problems.add(Diagnostic.errorAtByte(0, BloscRules.BLPK_TRUNCATED,
                    "a superchunk needs a 16-byte header but the file has " + src.size() + " bytes"));
            return new Superchunk(src, "", 0, 0, 0, new long[0], 0, problems);
        }
        FieldReader r = new FieldReader(src, 0, Recorder.NONE);
        Head head = readHeader(r, problems);
        String magic = head.magic();
        int version = head.version();
        int reserved = head.reserved();
        long nchunks = head.nchunks();
        // chunks are located by their headers' cbytes alone; each is read in full only when asked for
        long[] starts = new long[1];
        int found = 0;
        long pos = r.byteOffset();
        boolean lastWhole = false;
        while (found < nchunks && pos < src.size()) {
            if (found == starts.length) starts = java.util.Arrays.copyOf(starts, (int) Math.min(Integer.MAX_VALUE - 8, found * 2L));
            starts[found++] = pos;
            long left = src.size() - pos;
            long cbytes = left < ChunkHeader.SIZE ? -1 : ChunkHeader.read(src, pos).cbytes();
            lastWhole = cbytes >= ChunkHeader.SIZE;
            if (!lastWhole) break;
            pos += Math.min(cbytes, left);
            if (found == Integer.MAX_VALUE - 8) break;
        }
        if (found < nchunks && nchunks >= 1) {
            problems.add(Diagnostic.errorAtByte(pos, BloscRules.CHUNKS_MISSING,
                    "nchunks says " + nchunks + " but the file ends after " + found));
        }
        if (pos < src.size() && found > 0 && lastWhole) {
            problems.add(BloscRules.TRAILING_BYTES.at(Span.bytes(pos, src.size() - pos),
                    (src.size() - pos) + " bytes follow the last chunk (cbytes does not reach the end of the file)"));
        }
        return new Superchunk(src, magic, version, reserved, nchunks, starts, found, problems);
    }

    /** The 16-byte header as read. */
    private record Head(String magic, int version, int reserved, long nchunks) { }

    /**
     * Reads the 16-byte header at the reader's position, recording each field; its
     * problems go to {@code problems} unless that is null (the header read again to record it).
     */
    private static Head readHeader(FieldReader r, List<Diagnostic> problems) {
        List<Diagnostic> sink = problems == null ? new ArrayList<>() : problems;
        long at = r.bit();
        byte[] m = r.bytes(4, MAGIC, "magic", b -> new String(b, StandardCharsets.ISO_8859_1), "'blpk': a bcolz superchunk");
        String magic = new String(m, StandardCharsets.ISO_8859_1);
        if (!magic.equals("blpk")) {
            sink.add(BloscRules.BAD_MAGIC.at(Span.bits(at, r.bit() - at), "expected 'blpk' at the start of a superchunk"));
        }
        at = r.bit();
        int version = r.u8(VERSION, "version", "superchunk format version (1)");
        if (version != 1) {
            sink.add(BloscRules.UNKNOWN_BLPK_VERSION.at(Span.bits(at, r.bit() - at),
                    "superchunk version " + version + " (bcolz 1.x writes 1)"));
        }
        at = r.bit();
        int reserved = (int) r.bits(24, RESERVED, "reserved", "reserved, 0");
        if (reserved != 0) {
            sink.add(BloscRules.RESERVED_NONZERO.at(Span.bits(at, r.bit() - at), "reserved bytes should be 0"));
        }
        at = r.bit();
        long nchunks = r.i64le(NCHUNKS, "nchunks", "Blosc chunks that follow (always 1 in bcolz 1.x)");
        if (nchunks != 1) {
            sink.add((nchunks < 1 ? BloscRules.NCHUNKS_INVALID : BloscRules.NCHUNKS_NOT_ONE).at(Span.bits(at, r.bit() - at),
                    "nchunks is " + nchunks + "; bcolz 1.x always writes 1"));
        }
        return new Head(magic, version, reserved, nchunks);
    }

    /** Records the header's fields with {@code recorder}, read again by the one header reader (nothing when the file is shorter). */
    public void recordHeader(Recorder recorder) {
        if (source.size() >= HEADER_SIZE) readHeader(new FieldReader(source, 0, recorder), null);
    }

    /** The first chunk, or null. */
    public BloscChunk chunk() { return found == 0 ? null : chunk(0); }
}
