package org.packscope.codec.format;

import java.util.Locale;
import java.util.Map;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Span;

/**
 * What a file's name promises. A file called {@code x.bj} that no format recognises is
 * not "some bytes": it is a damaged binary JSON file, and {@code check} must fail it
 * ({@code bad_magic} at byte 0). A file no format recognises whose name promises
 * nothing stays raw bytes, with a warning, so a CI job never passes it silently.
 */
final class NamedFormat {
    /** Extension → what the content should start with, in words. */
    private static final Map<String, String> PROMISES = Map.ofEntries(
            Map.entry("pco", "Pco (pcodec): \"pco!\""),
            Map.entry("bj", "binary JSON: \"BJ\" or \"SJ\" and a version byte"),
            Map.entry("sj", "binary JSON: \"BJ\" or \"SJ\" and a version byte"),
            Map.entry("blosc", "a Blosc chunk header (version 1 or 2) or a \"blpk\" frame"),
            Map.entry("blp", "a Blosc chunk header (version 1 or 2) or a \"blpk\" frame"),
            Map.entry("rds", "R serialization: gzip, xz or bzip2, or \"X\\n\", \"A\\n\" or \"B\\n\""),
            Map.entry("h5", "the HDF5 signature 89 48 44 46 0d 0a 1a 0a"),
            Map.entry("hdf5", "the HDF5 signature 89 48 44 46 0d 0a 1a 0a"));

    private NamedFormat() { }

    /** Names of text files that sit beside data (a README.txt, notes): no data format is expected of them. */
    private static final java.util.Set<String> TEXT = java.util.Set.of("txt", "md", "rst", "text", "log");

    /**
     * The problem with a file that only the raw-bytes fallback could open; null for a text
     * file named as one ({@code README.txt}) whose first bytes are text.
     */
    static Diagnostic unrecognised(Probe probe) {
        String name = probe.fileName();
        int dot = name.lastIndexOf('.');
        String ext = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
        if (TEXT.contains(ext) && looksLikeText(probe)) return null;
        String promise = PROMISES.get(ext);
        int shown = Math.min(8, probe.headLength());
        Span head = Span.bytes(0, shown);
        if (promise != null) {
            return Diagnostic.error(head, FormatRules.BAD_MAGIC, "the name ends in ." + ext + " but the content does not start like "
                    + promise + (shown == 0 ? " (the file is empty)" : " (it starts " + hex(probe, shown) + ")"));
        }
        return Diagnostic.warning(head, FormatRules.UNRECOGNISED_CONTENT, "no PackScope format recognises this content"
                + (shown == 0 ? " (the file is empty)" : " (it starts " + hex(probe, shown) + ")") + "; it is shown as raw bytes");
    }

    /** No NUL and no control character but tab, newline, carriage return and form feed in the first bytes. */
    private static boolean looksLikeText(Probe probe) {
        int n = probe.headLength();
        for (int i = 0; i < n; i++) {
            int b = probe.headByte(i) & 0xff;
            if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' || b == 0x7f) return false;
        }
        return true;
    }

    private static String hex(Probe probe, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) sb.append(i > 0 ? " " : "").append(String.format(Locale.ROOT, "%02x", probe.headByte(i)));
        return sb.toString();
    }
}
