package org.packscope.codec.bcolz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;

import org.packscope.codec.inspect.Diagnostic;
import org.packscope.codec.inspect.Span;
import org.packscope.codec.io.NotRegularFileException;
import org.packscope.codec.io.RegularFiles;
import org.packscope.codec.json.Json;

/**
 * One JSON metadata file of a bcolz dataset (meta/sizes, meta/storage, __attrs__,
 * __rootdirs__): its bytes, the parsed tree, or the problem that kept it from parsing.
 */
public record Meta(Path path, byte[] bytes, Json json, Diagnostic problem) {
    /** Metadata files are one-line JSON; anything bigger is not one. */
    static final long MAX_META_BYTES = 16L << 20;

    public static Meta read(Path path, String what) {
        if (RegularFiles.isSpecial(path)) {
            return new Meta(path, new byte[0], null, Diagnostic.error(null, NotRegularFileException.RULE,
                    what + " is not a regular file (a named pipe, device or folder); it is not opened"));
        }
        if (!Files.isRegularFile(path)) {
            return new Meta(path, new byte[0], null, Diagnostic.error(null, BcolzRules.MISSING_META, what + " is missing: " + path));
        }
        byte[] bytes;
        try {
            long size = Files.size(path);
            if (size > MAX_META_BYTES) {
                return new Meta(path, new byte[0], null, Diagnostic.error(null, BcolzRules.META_TOO_LARGE,
                        what + " is " + size + " bytes; bcolz metadata is a short JSON line"));
            }
            bytes = RegularFiles.readAll(path, MAX_META_BYTES);
        } catch (IOException | RuntimeException e) {
            return new Meta(path, new byte[0], null, Diagnostic.error(null, RegularFiles.rule(e, BcolzRules.META_UNREADABLE.id()),
                    what + " cannot be read: " + e.getMessage()));
        }
        try {
            Json node = Json.parse(bytes);
            if (node == null) {
                return new Meta(path, bytes, null, Diagnostic.errorAtByte(0, BcolzRules.MALFORMED_JSON, what + " is empty"));
            }
            return new Meta(path, bytes, node, leftovers(bytes, node, what));
        } catch (JsonProcessingException e) {
            JsonLocation loc = e.getLocation();
            long off = loc == null ? 0 : Math.max(0, Math.min(bytes.length, loc.getByteOffset() >= 0 ? loc.getByteOffset() : loc.getCharOffset()));
            return new Meta(path, bytes, null, Diagnostic.error(Span.bytes(off, 0), BcolzRules.MALFORMED_JSON,
                    what + " is not valid JSON at byte " + off + ": " + e.getOriginalMessage()));
        } catch (IOException e) {
            return new Meta(path, bytes, null, Diagnostic.error(null, BcolzRules.META_UNREADABLE, what + " cannot be read: " + e.getMessage()));
        }
    }

    /**
     * What bcolz never writes around its one JSON value: a byte order mark before it, or
     * anything but white space after it (a second value, NUL bytes, garbage). The value is
     * still read; the file is reported where the extra bytes start.
     */
    private static Diagnostic leftovers(byte[] bytes, Json node, String what) {
        if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xef && (bytes[1] & 0xff) == 0xbb && (bytes[2] & 0xff) == 0xbf) {
            return Diagnostic.warning(Span.bytes(0, 3), BcolzRules.META_EXTRA_BYTES, what + " starts with a byte order mark (bytes 0-2)");
        }
        for (long i = Math.max(0, node.end()); i < bytes.length; i++) {
            byte b = bytes[(int) i];
            if (b == ' ' || b == '\t' || b == '\n' || b == '\r') continue;
            return Diagnostic.warning(Span.bytes(i, bytes.length - i), BcolzRules.META_EXTRA_BYTES, what + " has " + (bytes.length - i)
                    + " bytes after its JSON value, from byte " + i + " (" + (b == 0 ? "NUL bytes" : "not white space") + ")");
        }
        return null;
    }

    public boolean ok() { return json != null; }

    public String text() { return new String(bytes, StandardCharsets.UTF_8); }
}
