package org.packscope.codec.rds;

import java.util.List;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.ByteSource;

/**
 * The serialization stream taken out of its wrapper. {@code data} is the file itself for
 * uncompressed files, else an in-memory copy named "decompressed NAME" holding every byte
 * that could be decompressed (possibly fewer than the whole stream, see diagnostics).
 * Diagnostics have spans in the file ({@code file}); their messages also give the
 * decompressed offset where that helps.
 */
public record Unwrapped(Compression compression, ByteSource file, ByteSource data, long headerLength,
                        long compressedEnd, List<Diagnostic> diagnostics, long[] marks) {

    Unwrapped(Compression compression, ByteSource file, ByteSource data, long headerLength, long compressedEnd,
              List<Diagnostic> diagnostics) {
        this(compression, file, data, headerLength, compressedEnd, diagnostics, new long[0]);
    }

    /**
     * Where in the file the decompressor was when it produced decompressed byte {@code offset}
     * (to within one step of at most 256 KiB of output), or -1 for plain files and unknown places.
     */
    public long compressedOffsetNear(long offset) {
        if (compression == Compression.NONE) return offset;
        long best = -1;
        for (int i = 0; i + 1 < marks.length; i += 2) {
            if (marks[i] > offset) break;
            best = marks[i + 1];
        }
        return best;
    }

    /** Bytes of compressed input that zlib may still hold in its bit buffer when a call starts. */
    private static final int HELD_BYTES = 8;

    /**
     * The compressed bytes decompressed byte {@code offset} came out of, as a span of the file:
     * the input read between the marks around it (gzip is fed a few dozen bytes at a time, so
     * the span is short; xz and bzip2 decode whole blocks and the span is as wide as the
     * decoder's reads), or null for plain files and places past the decompressed data.
     * Deflate refers back to earlier output, so these bytes alone do not decode it.
     */
    public Span compressedSpanOf(long offset) {
        if (compression == Compression.NONE || offset < 0 || offset >= data.size() || marks.length < 2) return null;
        long from = -1, to = -1;
        for (int i = 0; i + 1 < marks.length; i += 2) {
            if (marks[i] <= offset) {
                from = marks[i + 1];
            } else {
                to = marks[i + 1];
                break;
            }
        }
        long fileEnd = Math.min(file.size(), Math.max(compressedEnd, 0));
        if (from < 0 || from > fileEnd) return null;
        if (compression == Compression.GZIP) from = Math.max(headerLength, from - HELD_BYTES);
        if (to < 0 || to > fileEnd) to = fileEnd;
        if (to <= from) to = Math.min(fileEnd, from + 1);
        return to <= from ? null : Span.bytes(from, to - from);
    }

    /** "between compressed bytes 1,490 and 1,499" for a span of {@link #compressedSpanOf}. */
    public static String compressedText(Span s) {
        return s.byteLength() == 1 ? "at compressed byte " + s.byteOffset()
                : "between compressed bytes " + s.byteOffset() + " and " + (s.byteEnd() - 1);
    }
}
