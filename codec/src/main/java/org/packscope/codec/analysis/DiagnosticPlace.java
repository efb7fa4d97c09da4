package org.packscope.codec.analysis;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

import org.packscope.codec.io.ByteSource;
import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Node;
import org.packscope.codec.inspect.Span;

/**
 * Where a diagnostic points, and in which bytes its offset counts: the file's own bytes,
 * a stream PackScope made in memory (a decompressed .rds, a rewritten ASCII text), or
 * nowhere (a problem of the whole, such as a missing array). Readers of the CLI and of the
 * window's Offset column are told which, so no offset in a decompressed stream passes for
 * a file offset and no missing place passes for byte 0.
 */
public record DiagnosticPlace(Span span, Kind kind, String stream) {

    public enum Kind { FILE, STREAM, NONE }

    /** The place of {@code d}, held by {@code node}: its own span (in its own source, if it names one), else the node's. */
    public static DiagnosticPlace of(Node node, Diagnostic d) {
        // a diagnostic about other bytes than its node's (a folder's check, one of its files) counts in those
        Span s = d.span() != null || d.source() != null ? d.span() : node.span();
        ByteSource src = d.source() != null ? d.source() : node.source();
        if (s == null || src == null) return new DiagnosticPlace(null, Kind.NONE, null);
        return isFile(src) ? new DiagnosticPlace(s, Kind.FILE, null) : new DiagnosticPlace(s, Kind.STREAM, src.name());
    }

    private static final java.util.regex.Pattern REMOTE = java.util.regex.Pattern.compile("(?i)(s3|https?)://");

    public static DiagnosticPlace of(TreeWalk.Located l) { return of(l.node(), l.diagnostic()); }

    private static boolean isFile(ByteSource src) {
        // a remote object's bytes, named by its (redacted) URL, are the file's own bytes too
        if (REMOTE.matcher(src.name()).lookingAt()) return true;
        try {
            return Files.isRegularFile(Path.of(src.name()));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /** For a check line: "at byte 12.3", "at byte 3103 of decompressed x.rds", "with no byte offset". */
    public String sentence() {
        return switch (kind) {
            case FILE -> "at byte " + span.offsetText();
            case STREAM -> "at byte " + span.offsetText() + " of " + stream;
            case NONE -> "with no byte offset";
        };
    }

    /** For an Offset column: "12.3 in file", "3103 in decompressed x.rds", "none". */
    public String cell() {
        return switch (kind) {
            case FILE -> span.offsetText() + " in file";
            case STREAM -> span.offsetText() + " in " + stream;
            case NONE -> "none";
        };
    }
}
