package org.packscope.codec.rds;

import java.util.List;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.io.ByteSource;

/**
 * A parsed serialization stream: the bytes it was read from (decompressed), its header
 * (null when unreadable), the top-level object (null when there is none) and every
 * problem met, with spans in {@code data}; {@code end} is where reading stopped.
 */
public record RdsStream(ByteSource data, RdsHeader header, RItem root, List<Diagnostic> diagnostics, long end) {
}
