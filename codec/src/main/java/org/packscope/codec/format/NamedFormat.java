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

    /**
     * The problem with a file that only the raw-bytes fallback could open; null for a text
     * file named as one ({@code README.txt}) whose first bytes are text.
     */
    static Diagnostic unrecognised(Probe probe) {
        String name = probe.fileName();
        int dot = name.lastIndexOf('.');
        String ext = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
        byte[] first = new byte[probe.headLength()];
        for (int i = 0; i < first.length; i++) first[i] = (byte) probe.headByte(i);
        if (TextFiles.isText(name, first, first.length)) return null;
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

    private static String hex(Probe probe, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) sb.append(i > 0 ? " " : "").append(String.format(Locale.ROOT, "%02x", probe.headByte(i)));
        return sb.toString();
    }
}
