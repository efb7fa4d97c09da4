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
public record Superchunk(ByteSource source, String magic, int version, int reserved, long nchunks,
                         List<BloscChunk> chunks, List<Diagnostic> problems) {

    public static final int HEADER_SIZE = 16;

    public static Superchunk read(ByteSource src) {
        List<Diagnostic> problems = new ArrayList<>();
        if (src.size() < HEADER_SIZE) {
            problems.add(Diagnostic.errorAtByte(0, "blpk_truncated",
                    "a superchunk needs a 16-byte header but the file has " + src.size() + " bytes"));
            return new Superchunk(src, "", 0, 0, 0, List.of(), problems);
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
        List<BloscChunk> chunks = new ArrayList<>();
        long pos = HEADER_SIZE;
        for (long k = 0; k < nchunks && pos < src.size(); k++) {
            BloscChunk c = BloscChunk.read(src, pos, src.size() - pos);
            chunks.add(c);
            if (c.header() == null || c.header().cbytes() < ChunkHeader.SIZE) break;
            pos = c.end();
        }
        if (chunks.size() < nchunks && nchunks >= 1) {
            problems.add(Diagnostic.errorAtByte(pos, "chunks_missing",
                    "nchunks says " + nchunks + " but the file ends after " + chunks.size()));
        }
        if (pos < src.size() && !chunks.isEmpty() && chunks.get(chunks.size() - 1).header() != null
                && chunks.get(chunks.size() - 1).header().cbytes() >= ChunkHeader.SIZE) {
            problems.add(Diagnostic.warning(Span.bytes(pos, src.size() - pos), "trailing_bytes",
                    (src.size() - pos) + " bytes follow the last chunk (cbytes does not reach the end of the file)"));
        }
        return new Superchunk(src, magic, version, reserved, nchunks, List.copyOf(chunks), List.copyOf(problems));
    }

    /** The first chunk, or null. */
    public BloscChunk chunk() { return chunks.isEmpty() ? null : chunks.get(0); }
}
