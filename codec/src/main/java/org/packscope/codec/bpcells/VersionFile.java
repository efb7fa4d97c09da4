package org.packscope.codec.bpcells;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.packscope.codec.io.ByteSource;
import org.packscope.codec.read.FieldReader;

/**
 * A matrix folder's {@code version} file: the version string on its first line, then a
 * line end (LF, or CRLF from old Windows builds). Read in one place, recording both parts,
 * so the string the matrix is read by and the bytes its node shows cannot disagree.
 */
final class VersionFile {
    /** A version file is one short line; anything larger is not read as one. */
    static final int MAX_BYTES = 4096;

    private VersionFile() { }

    /** The version string (its first line without CR), or null when the file is too large to be a version file. */
    static String read(FieldReader r) {
        ByteSource src = r.source();
        long size = src.size();
        String version = null;
        if (size <= MAX_BYTES) {
            List<String> lines = FolderArrayStore.splitLines(src.bytes(0, (int) size));
            version = lines.isEmpty() ? "" : lines.get(0);
        }
        String shown = version;
        int len = version == null ? 0 : version.getBytes(StandardCharsets.UTF_8).length;
        r.bytes((int) Math.min(len, size), "version_file.version", "version", b -> shown,
                "[packed|unpacked]-[uint|float|double]-matrix-v[1|2]");
        if (size > len) {
            long rest = size - len;
            r.skipBytes(rest, "what follows the version string");
            if (r.recording()) {
                r.recordSpan("version_file.line_end", -1, "line end", len, size, rest == 2 ? "CRLF" : rest == 1 ? "LF" : rest + " bytes",
                        "what follows the version string");
            }
        }
        return version;
    }
}
