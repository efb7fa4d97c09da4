package org.packscope.codec.rds;

import java.util.List;

import org.packscope.codec.inspect.Diagnostic;
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
}
