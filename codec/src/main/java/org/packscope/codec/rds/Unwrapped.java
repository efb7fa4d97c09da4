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
                        long compressedEnd, List<Diagnostic> diagnostics) {
}
